// A hand-written impl cannot write no value: only a `ValueWriter` method
// that writes one makes the `Written` it must return.
use json_runtime::{Format, ToJson, ValueWriter, Written};

struct Nothing;

impl ToJson for Nothing {
    fn write_json<F: Format>(&self, _: ValueWriter<'_, '_, F>) -> Written {}
}

fn main() {}
