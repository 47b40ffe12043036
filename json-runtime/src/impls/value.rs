//! `serde_json`'s dynamic values, written as serde_json writes them
//! (feature `serde_json`).
//!
//! Only serde_json's default number representation is supported: with its
//! `arbitrary_precision` feature enabled, a [`Number`] is written through
//! `u64`, `i64` or `f64` and may differ from the text serde_json keeps.

use serde_json::{Map, Number, Value};

use super::map::write_map;
use super::seq::write_seq;
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
            Value::Null => w.write_raw(b"null"),
            Value::Bool(b) => b.write_json(w),
            Value::Number(n) => n.write_json(w),
            Value::String(s) => w.write_str(s),
            Value::Array(items) => write_seq(w, items),
            Value::Object(map) => write_map(w, map),
        }
    }
}

impl ToJson for Map<String, Value> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_map(w, self);
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
            w.write_raw(self.to_string().as_bytes());
        }
    }
}
