use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(skip = true)]
    a: i32,
    b: i32,
}

fn main() {}
