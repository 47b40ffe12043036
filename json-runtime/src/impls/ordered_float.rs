//! ordered-float's wrappers, written as ordered-float's `Serialize` impls
//! (its `serde` feature) make serde_json write them: as the float they
//! wrap. `OrderedFloat(1.5)` is `1.5`; NaN and the infinities are `null`,
//! as serde_json writes any non-finite float.
//!
//! Both are [`ToJsonKey`]s, as the floats they wrap are: finite keys are
//! written as serde_json writes them (`"1.5"`); NaN and the infinities are
//! serde_json's error, as for `ToJsonKey for f64`.

use crate::writer::{ValueWriter, Written};
use ::ordered_float::{FloatCore, NotNan, OrderedFloat};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

impl<T: ToJson> ToJson for OrderedFloat<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.0.write_json(w)
    }
}

impl<T: FloatCore + ToJson> ToJson for NotNan<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.as_ref().write_json(w)
    }
}

impl<T: ToJsonKey> ToJsonKey for OrderedFloat<T> {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.0.write_json_key(w);
    }
}

impl<T: FloatCore + ToJsonKey> ToJsonKey for NotNan<T> {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.as_ref().write_json_key(w);
    }
}
