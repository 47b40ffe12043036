use json_runtime::{Format, ToJson, ValueWriter, Written};

fn write_pair<F: Format>(a: &u8, b: &u8, w: ValueWriter<'_, '_, F>) -> Written {
    (a, b).write_json(w)
}

#[derive(ToJson)]
enum E {
    #[json(serialize_with = "write_pair")]
    Pair(u8, #[json(skip)] u8),
}

fn main() {}
