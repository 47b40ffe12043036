use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(rename = "x", rename = "y")]
    a: i32,
}

fn main() {}
