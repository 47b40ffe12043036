//! Ranges, `Bound` and `Result`, written as serde writes them: ranges as
//! structs, `Bound` and `Result` as externally tagged enums.
//!
//! None of them is a [`ToJsonKey`](crate::ToJsonKey): serde_json rejects
//! structs and newtype variants as map keys.

use crate::writer::{ValueWriter, Written};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};

use crate::{Format, ToJson};

/// `{"start":..,"end":..}`.
impl<Idx: ToJson> ToJson for Range<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.key("{\"start\":");
        self.start.write_json(ValueWriter { w: &mut *w });
        w.key(",\"end\":");
        self.end.write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `{"start":..,"end":..}` from `start()` and `end()`, as serde writes
/// them. Iterating the range moves `start()`, and an exhausted range
/// (`is_empty()`) is written with its last bounds, with nothing to show it
/// is exhausted.
impl<Idx: ToJson> ToJson for RangeInclusive<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.key("{\"start\":");
        self.start().write_json(ValueWriter { w: &mut *w });
        w.key(",\"end\":");
        self.end().write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `{"start":..}`.
impl<Idx: ToJson> ToJson for RangeFrom<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.key("{\"start\":");
        self.start.write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `{"end":..}`.
impl<Idx: ToJson> ToJson for RangeTo<Idx> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.key("{\"end\":");
        self.end.write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `"Unbounded"`, `{"Included":..}` or `{"Excluded":..}`.
impl<T: ToJson> ToJson for Bound<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let value = match self {
            Bound::Unbounded => {
                w.write_raw("\"Unbounded\"");
                return Written(());
            }
            Bound::Included(value) => {
                w.key("{\"Included\":");
                value
            }
            Bound::Excluded(value) => {
                w.key("{\"Excluded\":");
                value
            }
        };
        value.write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `{"Ok":..}` or `{"Err":..}`.
impl<T: ToJson, E: ToJson> ToJson for Result<T, E> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            Ok(value) => {
                w.key("{\"Ok\":");
                value.write_json(ValueWriter { w: &mut *w });
            }
            Err(error) => {
                w.key("{\"Err\":");
                error.write_json(ValueWriter { w: &mut *w });
            }
        }
        w.end_object();
        Written(())
    }
}
