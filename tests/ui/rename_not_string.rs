use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(rename = 5)]
    a: i32,
}

fn main() {}
