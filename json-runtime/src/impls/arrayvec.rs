//! arrayvec's fixed-capacity collections, written as arrayvec's
//! `Serialize` impls (its `serde` feature) make serde_json write them:
//! `ArrayVec<T, CAP>` as an array, `ArrayString<CAP>` as a string. An
//! `ArrayString` is also a [`ToJsonKey`].
//!
//! The items go through their slice's writer, as a `Vec`'s do: a run of
//! integers, `bool`s or bytes in one loop, not one call per item.

use crate::writer::{ValueWriter, Written};
use ::arrayvec::{ArrayString, ArrayVec};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

impl<T: ToJson, const CAP: usize> ToJson for ArrayVec<T, CAP> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        T::write_json_slice(w, self.as_slice());
        Written(())
    }
}

impl<const CAP: usize> ToJson for ArrayString<CAP> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self.as_str());
        Written(())
    }
}

impl<const CAP: usize> ToJsonKey for ArrayString<CAP> {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.as_str());
    }
}
