use json_runtime::ToJson;

#[derive(ToJson)]
#[json(no_serde_fallback = true)]
struct S {
    a: u8,
}

fn main() {}
