//! References and smart pointers are written as what they point to.

use crate::writer::{ValueWriter, Written};
use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::writer::Pieces;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// `ToJson` and `ToJsonKey` for each pointer type, forwarding to the
/// value it points to; `, T: Bound` adds a bound on `T` (`Cow` needs
/// `ToOwned`).
macro_rules! deref_impls {
    ($(<$($lt:lifetime),*> $ptr:ty $(, T: $extra:path)?;)*) => {$(
        impl<$($lt,)* T: ToJson $(+ $extra)? + ?Sized> ToJson for $ptr {
            // Forwarding only: inlined even in debug builds, where a frame
            // of its own per level would cost stack in recursive types.
            #[cfg_attr(debug_assertions, inline(always))]
            #[cfg_attr(not(debug_assertions), inline)]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                (**self).write_json(w)
            }

            #[inline]
            fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
                (**self).write_json_piece(w, pieces)
            }

            #[cfg_attr(debug_assertions, inline(always))]
            #[cfg_attr(not(debug_assertions), inline)]
            fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
                (**self).write_json_keyed(w, key);
            }
        }

        impl<$($lt,)* T: ToJsonKey $(+ $extra)? + ?Sized> ToJsonKey for $ptr {
            const SORTS_AS_INTEGER: bool = T::SORTS_AS_INTEGER;
            const HINTS_NEXT: bool = T::HINTS_NEXT;

            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                (**self).write_json_key(w);
            }

            #[inline]
            fn write_json_entry_key<F: Format>(
                &self,
                w: &mut JsonWriter<'_, F>,
                first: bool,
                next: Option<&Self>,
            ) {
                (**self).write_json_entry_key(w, first, next.map(|next| &**next));
            }
        }
    )*};
}

deref_impls! {
    <'a> &'a T;
    <'a> &'a mut T;
    <> Box<T>;
    <> Rc<T>;
    <> Arc<T>;
    <> Cow<'_, T>, T: ToOwned;
}
