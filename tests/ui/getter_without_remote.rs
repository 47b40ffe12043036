use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    #[serde(getter = "S::secs")]
    secs: u64,
}

fn main() {}
