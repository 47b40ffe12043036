use json_runtime::ToJson;

#[derive(ToJson)]
struct Inner {
    b: i32,
}

#[derive(ToJson)]
struct S {
    a: i32,
    #[serde(flatten)]
    inner: Inner,
}

fn main() {}
