// The methods generated code calls (key literals, structure) are not
// `JsonWriter`'s: a hand-written impl writes through the checked API
// (`object`, `array`, `value`), which cannot put a key outside an object.
use json_runtime::{Format, JsonWriter, ToJson};

struct Point {
    x: i32,
}

impl ToJson for Point {
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"x\":");
        w.value(&self.x);
        w.end_object();
    }
}

fn main() {
    let _ = json_runtime::to_string(&Point { x: 1 });
}
