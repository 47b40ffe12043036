use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    a: u8,
    #[json(flatten)]
    rest: Vec<u8>,
}

fn main() {}
