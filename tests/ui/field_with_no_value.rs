// A `field_with` closure returns the `Written` of the one value it wrote.
use json_runtime::{Format, ToJson, ValueWriter, Written};

struct Empty;

impl ToJson for Empty {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.object(|o| {
            o.field_with("x", |_| {});
        })
    }
}

fn main() {}
