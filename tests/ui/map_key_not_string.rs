use std::collections::{BTreeMap, HashMap};

use json_runtime::ToJson;

#[derive(ToJson)]
struct S {
    bytes: HashMap<Vec<u8>, i32>,
    pairs: BTreeMap<(i32, i32), i32>,
}

fn main() {}
