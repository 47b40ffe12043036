use json_runtime::ToJson;

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct S {
    user_id: i32,
    #[allow(non_snake_case)]
    userId: i32,
}

fn main() {}
