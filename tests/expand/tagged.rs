//! Internally and adjacently tagged enums: the tag and the first key are
//! one literal, `{"type":"circle","radius":`, in compact output.

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
pub struct Style {
    pub color: String,
}

#[derive(ToJson, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Shape {
    Dot,
    Circle {
        radius: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    },
    Styled(Style),
}

#[derive(ToJson, Serialize)]
#[serde(tag = "t", content = "c")]
pub enum Event {
    Ping,
    Move(i32, i32),
    #[serde(untagged)]
    Other(String),
}

pub fn shapes() -> Vec<Shape> {
    vec![
        Shape::Dot,
        Shape::Circle {
            radius: 1.5,
            label: None,
        },
        Shape::Circle {
            radius: 2.0,
            label: Some("big".into()),
        },
        Shape::Styled(Style {
            color: "red".into(),
        }),
    ]
}

pub fn events() -> Vec<Event> {
    vec![Event::Ping, Event::Move(1, -1), Event::Other("x".into())]
}
