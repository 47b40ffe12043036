// A hand-written impl cannot write two values: the first call consumes
// the writer.
use json_runtime::{Format, ToJson, ValueWriter, Written};

struct Pair(u8, u8);

impl ToJson for Pair {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.value(&self.0);
        w.value(&self.1)
    }
}

fn main() {}
