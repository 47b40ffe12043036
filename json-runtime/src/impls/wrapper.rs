//! Number wrappers that serde writes as the number they wrap: the
//! `NonZero*` integers, `Wrapping`, `Saturating` and `cmp::Reverse`.
//!
//! Each is a [`ToJsonKey`] whenever what it wraps is one, as serde_json's
//! map key serializer sees straight through them.

use crate::writer::{ValueWriter, Written};
use std::cmp::Reverse;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

// One impl per alias rather than one for `NonZero<T>`: the generic type is
// only nameable from Rust 1.79, above this crate's rust-version. From 1.79
// on the aliases are `NonZero<u8>`, … so these impls cover every
// `NonZero<T>` there is.
macro_rules! nonzero {
    ($($t:ty)*) => {$(
        impl ToJson for $t {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                self.get().write_json(w)
            }
        }

        impl ToJsonKey for $t {
            const SORTS_AS_INTEGER: bool = true;

            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.get().write_json_key(w);
            }
        }
    )*};
}
nonzero!(
    NonZeroI8 NonZeroI16 NonZeroI32 NonZeroI64 NonZeroI128 NonZeroIsize
    NonZeroU8 NonZeroU16 NonZeroU32 NonZeroU64 NonZeroU128 NonZeroUsize
);

macro_rules! newtype {
    ($($ty:ident)*) => {$(
        impl<T: ToJson> ToJson for $ty<T> {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                self.0.write_json(w)
            }
        }

        impl<T: ToJsonKey> ToJsonKey for $ty<T> {
            const SORTS_AS_INTEGER: bool = T::SORTS_AS_INTEGER;

            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.0.write_json_key(w);
            }
        }
    )*};
}
newtype!(Wrapping Saturating Reverse);
