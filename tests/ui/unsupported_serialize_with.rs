use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[serde(serialize_with = "f")]
    a: i32,
}

fn main() {}
