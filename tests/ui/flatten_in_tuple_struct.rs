use json_runtime::ToJson;
use std::collections::BTreeMap;

#[derive(ToJson)]
struct S(u8, #[json(flatten)] BTreeMap<String, u8>);

fn main() {}
