use json_runtime::ToJson;

#[derive(ToJson)]
#[json(untagged)]
struct S {
    a: i32,
}

fn main() {}
