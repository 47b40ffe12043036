//! 500 colleges × 25 teachers × 3 courses, with PascalCase keys.
//!
//! simd-json-derive's `rename_all` knows only camelCase and lowercase, so
//! for it each field is renamed one by one (`#[simd_json(rename)]`), and the
//! empty `#[simd_json()]` keeps it from reading the serde `rename_all` it
//! would reject. serde and `ToJson` read only `#[serde(rename_all)]`.

use json_runtime::ToJson;
use serde::Serialize;

/// A college.
#[derive(Debug, Clone, Serialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "PascalCase")]
#[simd_json()]
pub struct College {
    /// `"College{i}"`.
    #[simd_json(rename = "Name")]
    pub name: String,
    /// Always 100.
    #[simd_json(rename = "NoOfStudents")]
    pub no_of_students: i32,
    /// Always true.
    #[simd_json(rename = "IsPublic")]
    pub is_public: bool,
    /// 25 teachers.
    #[simd_json(rename = "Teachers")]
    pub teachers: Option<Vec<Teacher>>,
}

/// A teacher.
#[derive(Debug, Clone, Serialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "PascalCase")]
#[simd_json()]
pub struct Teacher {
    /// `"John"`.
    #[simd_json(rename = "Name")]
    pub name: String,
    /// Always 8.
    #[simd_json(rename = "WorkHours")]
    pub work_hours: i32,
    /// Always false.
    #[simd_json(rename = "InProbation")]
    pub in_probation: bool,
    /// 3 courses.
    #[simd_json(rename = "Courses")]
    pub courses: Option<Vec<Course>>,
}

/// A course.
#[derive(Debug, Clone, Serialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "PascalCase")]
#[simd_json()]
pub struct Course {
    /// `"Course"`.
    #[simd_json(rename = "Name")]
    pub name: String,
    /// Always 4.
    #[simd_json(rename = "CreditHours")]
    pub credit_hours: i32,
    /// Always false.
    #[simd_json(rename = "IsOptional")]
    pub is_optional: bool,
}

/// Number of colleges in the full workload.
pub const COLLEGES: usize = 500;
/// Teachers per college.
pub const TEACHERS: usize = 25;
/// Courses per teacher.
pub const COURSES: usize = 3;

/// `colleges` colleges of [`TEACHERS`] teachers of [`COURSES`] courses.
pub fn build(colleges: usize) -> Vec<College> {
    (0..colleges)
        .map(|i| College {
            name: format!("College{i}"),
            no_of_students: 100,
            is_public: true,
            teachers: Some(
                (0..TEACHERS)
                    .map(|_| Teacher {
                        name: "John".to_owned(),
                        work_hours: 8,
                        in_probation: false,
                        courses: Some(
                            (0..COURSES)
                                .map(|_| Course {
                                    name: "Course".to_owned(),
                                    credit_hours: 4,
                                    is_optional: false,
                                })
                                .collect(),
                        ),
                    })
                    .collect(),
            ),
        })
        .collect()
}
