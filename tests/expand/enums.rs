//! An enum with every variant shape, in serde's externally tagged form.

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    Empty,
    Circle(f64),
    Line(i32, i32),
    #[serde(rename = "rect")]
    Rectangle {
        width: u32,
        height: u32,
    },
    #[serde(skip)]
    Hidden,
}

pub fn samples() -> Vec<Shape> {
    vec![
        Shape::Empty,
        Shape::Circle(0.5),
        Shape::Line(-1, 1),
        Shape::Rectangle {
            width: 3,
            height: 4,
        },
    ]
}
