use json_runtime::ToJson;

#[derive(ToJson)]
#[json(rename_all = "camelcase")]
struct S {
    a_b: i32,
}

fn main() {}
