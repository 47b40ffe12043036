use json_runtime::ToJson;

struct NotJson;

#[derive(ToJson)]
struct S {
    a: i32,
    inner: NotJson,
}

fn main() {}
