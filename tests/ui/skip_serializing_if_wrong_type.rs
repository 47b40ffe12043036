use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(skip_serializing_if = "Option::is_none")]
    a: i32,
}

fn main() {}
