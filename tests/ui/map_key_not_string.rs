use std::collections::{BTreeMap, HashMap};

use json_runtime::ToJson;

// Without `no_serde_fallback` these fields would be written through serde,
// which rejects the keys at run time as serde_json does.
#[derive(ToJson)]
#[json(no_serde_fallback)]
struct S {
    bytes: HashMap<Vec<u8>, i32>,
    pairs: BTreeMap<(i32, i32), i32>,
}

fn main() {}
