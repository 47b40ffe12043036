// The methods generated code calls (key literals, structure) are not
// `JsonWriter`'s: a hand-written `ToJsonFields` writes its entries through
// `entries` (and a `ToJson` through its `ValueWriter`), which cannot put a
// key outside an object.
use json_runtime::{Format, JsonWriter, ToJsonFields};

struct Point {
    x: i32,
}

impl ToJsonFields for Point {
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        w.key_dyn(first, "\"x\"");
        w.write_raw("1");
    }
}

fn main() {}
