use json_runtime::{Format, JsonWriter, ToJson};

fn write_unit<F: Format>(w: &mut JsonWriter<'_, F>) {
    w.write_raw("0");
}

#[derive(ToJson)]
enum E {
    #[json(serialize_with = "write_unit", skip)]
    A,
}

fn main() {}
