use std::collections::BTreeMap;

use json_runtime::ToJson;

// serde_json rejects the data variant at run time ("key must be a
// string"), so the enum is not a key at all.
#[derive(ToJson, PartialEq, Eq, PartialOrd, Ord)]
enum WithData {
    Unit,
    Data(u8),
}

// An internally tagged unit variant is written as an object.
#[derive(ToJson, PartialEq, Eq, PartialOrd, Ord)]
#[json(tag = "type")]
enum Tagged {
    Unit,
}

// A newtype is a key only when its field is.
#[derive(ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Bytes(Vec<u8>);

// Without `no_serde_fallback` these fields would go to serde, whose error
// is then about `Serialize` (see `map_key_not_string.rs`).
#[derive(ToJson)]
#[json(no_serde_fallback)]
struct S {
    with_data: BTreeMap<WithData, u8>,
    tagged: BTreeMap<Tagged, u8>,
    bytes: BTreeMap<Bytes, u8>,
}

fn main() {}
