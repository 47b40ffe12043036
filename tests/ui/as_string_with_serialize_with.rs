use json_runtime::{Format, ToJson, ValueWriter, Written};

fn write_id<F: Format>(id: &u64, w: ValueWriter<'_, '_, F>) -> Written {
    id.write_json(w)
}

#[derive(ToJson)]
struct S {
    #[json(as_string, serialize_with = "write_id")]
    id: u64,
}

fn main() {}
