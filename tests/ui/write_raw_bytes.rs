// `write_raw` once took `&[u8]`, so a hand-written impl could put bytes
// that are not UTF-8 into the output of `to_string`. It takes `&str` now.
use json_runtime::{Format, ToJson, ValueWriter, Written};

struct Broken;

impl ToJson for Broken {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.write_raw(b"\"\xff\"")
    }
}

fn main() {
    let _ = json_runtime::to_string(&Broken);
}
