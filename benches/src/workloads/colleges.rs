//! 500 colleges × 25 teachers × 3 courses, with PascalCase keys.

use json_runtime::ToJson;
use serde::Serialize;

/// A college.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "PascalCase")]
pub struct College {
    /// `"College{i}"`.
    pub name: String,
    /// Always 100.
    pub no_of_students: i32,
    /// Always true.
    pub is_public: bool,
    /// 25 teachers.
    pub teachers: Option<Vec<Teacher>>,
}

/// A teacher.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "PascalCase")]
pub struct Teacher {
    /// `"John"`.
    pub name: String,
    /// Always 8.
    pub work_hours: i32,
    /// Always false.
    pub in_probation: bool,
    /// 3 courses.
    pub courses: Option<Vec<Course>>,
}

/// A course.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "PascalCase")]
pub struct Course {
    /// `"Course"`.
    pub name: String,
    /// Always 4.
    pub credit_hours: i32,
    /// Always false.
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
