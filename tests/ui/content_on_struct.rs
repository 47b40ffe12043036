use json_runtime::ToJson;

#[derive(ToJson)]
#[json(tag = "t", content = "c")]
struct S {
    a: i32,
}

fn main() {}
