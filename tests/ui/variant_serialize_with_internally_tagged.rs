use json_runtime::{Format, JsonWriter, ToJson};

fn write_x<F: Format>(x: &u8, w: &mut JsonWriter<'_, F>) {
    x.write_json(w);
}

#[derive(ToJson)]
#[json(tag = "type")]
enum E {
    #[json(serialize_with = "write_x")]
    A { x: u8 },
}

fn main() {}
