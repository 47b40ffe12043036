//! `smallvec::SmallVec` (the 1.x line), written as its `Serialize` impl
//! (the `serde` feature) makes serde_json write it: an array, like a
//! `Vec`, whether its items are inline or on the heap.
//!
//! The items go through their slice's writer, as a `Vec`'s do: a run of
//! integers, `bool`s or bytes in one loop, not one call per item.

use crate::writer::{ValueWriter, Written};
use ::smallvec::{Array, SmallVec};

use crate::{Format, ToJson};

impl<A: Array> ToJson for SmallVec<A>
where
    A::Item: ToJson,
{
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        <A::Item as ToJson>::write_json_slice(w, self.as_slice());
        Written(())
    }
}
