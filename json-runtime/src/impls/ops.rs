//! Ranges, `Bound` and `Result`, written as serde writes them: ranges as
//! structs, `Bound` and `Result` as externally tagged enums.
//!
//! None of them is a [`ToJsonKey`](crate::ToJsonKey): serde_json rejects
//! structs and newtype variants as map keys.

use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};

use crate::{Format, JsonWriter, ToJson};

/// `{"start":..,"end":..}`.
impl<Idx: ToJson> ToJson for Range<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"start\":");
        self.start.write_json(w);
        w.key(",\"end\":");
        self.end.write_json(w);
        w.end_object();
    }
}

/// `{"start":..,"end":..}` from `start()` and `end()`, as serde writes
/// them. Iterating the range moves `start()`, and an exhausted range
/// (`is_empty()`) is written with its last bounds, with nothing to show it
/// is exhausted.
impl<Idx: ToJson> ToJson for RangeInclusive<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"start\":");
        self.start().write_json(w);
        w.key(",\"end\":");
        self.end().write_json(w);
        w.end_object();
    }
}

/// `{"start":..}`.
impl<Idx: ToJson> ToJson for RangeFrom<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"start\":");
        self.start.write_json(w);
        w.end_object();
    }
}

/// `{"end":..}`.
impl<Idx: ToJson> ToJson for RangeTo<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"end\":");
        self.end.write_json(w);
        w.end_object();
    }
}

/// `"Unbounded"`, `{"Included":..}` or `{"Excluded":..}`.
impl<T: ToJson> ToJson for Bound<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let value = match self {
            Bound::Unbounded => return w.write_raw("\"Unbounded\""),
            Bound::Included(value) => {
                w.key("{\"Included\":");
                value
            }
            Bound::Excluded(value) => {
                w.key("{\"Excluded\":");
                value
            }
        };
        value.write_json(w);
        w.end_object();
    }
}

/// `{"Ok":..}` or `{"Err":..}`.
impl<T: ToJson, E: ToJson> ToJson for Result<T, E> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self {
            Ok(value) => {
                w.key("{\"Ok\":");
                value.write_json(w);
            }
            Err(error) => {
                w.key("{\"Err\":");
                error.write_json(w);
            }
        }
        w.end_object();
    }
}
