//! `#[json(skip_serializing_none)]` leaves out every `Option` field that
//! is `None`, like System.Text.Json's `WhenWritingNull`. The serde twin
//! gets the same output from `skip_serializing_if` on each field.

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson)]
#[json(skip_serializing_none)]
pub struct Teacher {
    pub nickname: Option<String>,
    pub name: String,
    pub courses: Option<Vec<String>>,
}

#[derive(Serialize)]
pub struct TeacherTwin {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nickname: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub courses: Option<Vec<String>>,
}

pub fn samples() -> Vec<(Teacher, TeacherTwin)> {
    let make = |nickname: Option<&str>, courses: Option<Vec<String>>| {
        let nickname = nickname.map(String::from);
        (
            Teacher {
                nickname: nickname.clone(),
                name: "John".into(),
                courses: courses.clone(),
            },
            TeacherTwin {
                nickname,
                name: "John".into(),
                courses,
            },
        )
    };
    vec![
        make(None, None),
        make(Some("JJ"), None),
        make(None, Some(vec!["Math".into()])),
        make(Some("JJ"), Some(vec![])),
    ]
}
