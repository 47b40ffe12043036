use json_runtime::{Format, JsonWriter, ToJson};
use std::collections::BTreeMap;

fn write_map<F: Format>(map: &BTreeMap<String, u8>, w: &mut JsonWriter<'_, F>) {
    map.write_json(w);
}

#[derive(ToJson)]
struct S {
    #[json(flatten, serialize_with = "write_map")]
    extra: BTreeMap<String, u8>,
}

fn main() {}
