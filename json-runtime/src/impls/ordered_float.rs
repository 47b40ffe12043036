//! ordered-float's wrappers, written as ordered-float's `Serialize` impls
//! (its `serde` feature) make serde_json write them: as the float they
//! wrap. `OrderedFloat(1.5)` is `1.5`; NaN and the infinities are `null`,
//! as serde_json writes any non-finite float.
//!
//! Neither is a [`ToJsonKey`], like `f32` and `f64`: serde_json rejects a
//! NaN or infinite key at run time, and `NotNan` can still be infinite.

use ::ordered_float::{FloatCore, NotNan, OrderedFloat};

use crate::{Format, JsonWriter, ToJson};

impl<T: ToJson> ToJson for OrderedFloat<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.0.write_json(w);
    }
}

impl<T: FloatCore + ToJson> ToJson for NotNan<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.as_ref().write_json(w);
    }
}
