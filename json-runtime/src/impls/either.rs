//! `either::Either`, written as its derived `Serialize` impl (either's
//! `serde` feature) makes serde_json write it: externally tagged,
//! `{"Left":1}` or `{"Right":"text"}`.
//!
//! It is not a [`ToJsonKey`](crate::ToJsonKey): serde_json rejects an
//! object as a key. Flattened into an enclosing object
//! (`#[json(flatten)]`), it is one entry, `"Left":1`, as serde flattens an
//! externally tagged enum.

use crate::writer::{ValueWriter, Written};
use ::either::Either;

use crate::{Format, JsonWriter, ToJson, ToJsonFields};

impl<L: ToJson, R: ToJson> ToJson for Either<L, R> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            Either::Left(value) => {
                w.key("{\"Left\":");
                value.write_json(ValueWriter { w: &mut *w });
            }
            Either::Right(value) => {
                w.key("{\"Right\":");
                value.write_json(ValueWriter { w: &mut *w });
            }
        }
        w.end_object();
        Written(())
    }
}

impl<L: ToJson, R: ToJson> ToJsonFields for Either<L, R> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        match self {
            Either::Left(value) => {
                w.key_dyn(first, "\"Left\"");
                value.write_json(ValueWriter { w: &mut *w });
            }
            Either::Right(value) => {
                w.key_dyn(first, "\"Right\"");
                value.write_json(ValueWriter { w: &mut *w });
            }
        }
    }
}
