use json_runtime::{Format, ToJson, ValueWriter, Written};

fn write_unit<F: Format>(w: ValueWriter<'_, '_, F>) -> Written {
    w.write_raw("0")
}

#[derive(ToJson)]
enum E {
    #[json(serialize_with = "write_unit", skip)]
    A,
}

fn main() {}
