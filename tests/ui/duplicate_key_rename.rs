use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(rename = "b")]
    a: i32,
    b: i32,
}

fn main() {}
