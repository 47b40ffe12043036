use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(rename)]
    a: i32,
}

fn main() {}
