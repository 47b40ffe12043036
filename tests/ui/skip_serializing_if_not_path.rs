use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(skip_serializing_if = "1 + 2")]
    a: i32,
    #[serde(skip_serializing_if = "is none")]
    b: Option<i32>,
}

fn main() {}
