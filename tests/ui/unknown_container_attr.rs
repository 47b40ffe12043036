use json_runtime::ToJson;

#[derive(ToJson)]
#[json(rename_al = "camelCase")]
struct S {
    a: i32,
}

fn main() {}
