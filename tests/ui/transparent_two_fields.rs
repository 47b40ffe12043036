use json_runtime::ToJson;

#[derive(ToJson)]
#[json(transparent)]
struct S {
    a: i32,
    b: i32,
}

fn main() {}
