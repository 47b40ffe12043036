use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[json(serialize_with = "write id")]
    id: u64,
}

fn main() {}
