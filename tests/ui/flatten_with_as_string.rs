use json_runtime::ToJson;
use std::collections::BTreeMap;

#[derive(ToJson)]
struct S {
    #[json(flatten, as_string)]
    extra: BTreeMap<String, u64>,
}

fn main() {}
