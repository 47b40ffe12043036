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

#[derive(ToJson)]
struct S {
    with_data: BTreeMap<WithData, u8>,
    tagged: BTreeMap<Tagged, u8>,
    bytes: BTreeMap<Bytes, u8>,
}

fn main() {}
