use json_runtime::{Format, ToJson, ValueWriter, Written};
use std::collections::BTreeMap;

fn write_map<F: Format>(map: &BTreeMap<String, u8>, w: ValueWriter<'_, '_, F>) -> Written {
    map.write_json(w)
}

#[derive(ToJson)]
struct S {
    #[json(flatten, serialize_with = "write_map")]
    extra: BTreeMap<String, u8>,
}

fn main() {}
