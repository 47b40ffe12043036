use json_runtime::ToJson;

#[derive(ToJson)]
enum E {
    #[json(skip_serializing_if = "is_empty")]
    A,
}

fn main() {}
