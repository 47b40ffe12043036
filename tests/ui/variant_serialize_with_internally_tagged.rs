use json_runtime::{Format, ToJson, ValueWriter, Written};

fn write_x<F: Format>(x: &u8, w: ValueWriter<'_, '_, F>) -> Written {
    x.write_json(w)
}

#[derive(ToJson)]
#[json(tag = "type")]
enum E {
    #[json(serialize_with = "write_x")]
    A { x: u8 },
}

fn main() {}
