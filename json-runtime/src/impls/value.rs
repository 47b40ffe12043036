//! `serde_json`'s dynamic values, written as serde_json writes them
//! (feature `serde_json`).
//!
//! Only serde_json's default number representation is supported: with its
//! `arbitrary_precision` feature enabled, a [`Number`] is written through
//! `u64`, `i64` or `f64` and may differ from the text serde_json keeps.

use serde_json::{Map, Number, Value};

use crate::number::{write_f64, write_int};
use crate::{Format, JsonWriter, ToJson};

/// `null`, `true`, numbers, strings, arrays and objects, with object
/// entries in the map's own iteration order (sorted by key, or insertion
/// order with serde_json's `preserve_order` feature), as serde_json does.
///
/// ```
/// let value = serde_json::json!({"b": [1, -2, 3.5, null], "a": {"ok": true}});
/// assert_eq!(
///     json_runtime::to_string(&value),
///     serde_json::to_string(&value).unwrap(),
/// );
/// ```
impl ToJson for Value {
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self {
            Value::Array(items) => write_array(w, items),
            Value::Object(map) => write_object(w, map),
            scalar => write_scalar(w, scalar),
        }
    }
}

// Arrays and objects are written by hand rather than through `write_seq`
// and `write_map`, and scalars out of line, so that the frames on the
// recursion path stay small: their size is what bounds how deep a `Value`
// can be (see "Nesting depth" in the crate docs). The bytes are the same.

fn write_scalar<F: Format>(w: &mut JsonWriter<'_, F>, value: &Value) {
    match value {
        Value::Null => w.write_null(),
        Value::Bool(b) => b.write_json(w),
        Value::Number(n) => n.write_json(w),
        Value::String(s) => w.write_str(s),
        Value::Array(items) => write_array(w, items),
        Value::Object(map) => write_object(w, map),
    }
}

#[inline(always)]
fn write_array<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Value]) {
    w.begin_array();
    let mut i = 0;
    while i < items.len() {
        w.array_value(i == 0);
        items[i].write_json(w);
        w.flush_point();
        i += 1;
    }
    w.end_array(items.is_empty());
}

fn write_object<F: Format>(w: &mut JsonWriter<'_, F>, map: &Map<String, Value>) {
    if w.sorts_maps() {
        return write_object_sorted(w, map);
    }
    w.begin_object();
    let mut first = true;
    for (key, value) in map {
        w.object_entry(first);
        first = false;
        w.write_str(key);
        w.colon();
        value.write_json(w);
        w.flush_point();
    }
    w.end_object_dyn(first);
}

/// Under `Options::sort_keys`: a `Map` is a `BTreeMap`, already in order,
/// unless serde_json's `preserve_order` makes it an `IndexMap`.
#[inline(never)]
fn write_object_sorted<F: Format>(w: &mut JsonWriter<'_, F>, map: &Map<String, Value>) {
    crate::writer::write_map_sorted(w, map);
}

impl ToJson for Map<String, Value> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_object(w, self);
    }
}

/// As serde_json's `Serialize` for `Number`: a non-negative integer as
/// `u64`, a negative one as `i64`, anything else as a (finite) `f64`.
impl ToJson for Number {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        if let Some(u) = self.as_u64() {
            write_int(w, u);
        } else if let Some(i) = self.as_i64() {
            write_int(w, i);
        } else if let Some(f) = self.as_f64() {
            write_f64(w, f);
        } else {
            // Only reachable with serde_json's arbitrary_precision, for a
            // number that fits none of the above; serde_json writes the
            // number's text as it is.
            if F::CANONICAL {
                crate::canonical::write_number_text(w, &self.to_string());
            } else {
                w.write_raw(&self.to_string());
            }
        }
    }
}
