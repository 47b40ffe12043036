use json_runtime::{Format, JsonWriter, ToJson};

fn write_id<F: Format>(id: &u64, w: &mut JsonWriter<'_, F>) {
    id.write_json(w);
}

#[derive(ToJson)]
struct S {
    #[json(as_string, serialize_with = "write_id")]
    id: u64,
}

fn main() {}
