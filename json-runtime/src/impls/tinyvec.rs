//! tinyvec's vectors, written as tinyvec's `Serialize` impls (its `serde`
//! feature) make serde_json write them: `ArrayVec<A>` and `TinyVec<A>` as
//! arrays of their items, like a `Vec`, whether a `TinyVec` is inline or
//! on the heap. tinyvec has no `Serialize` for `SliceVec`, so neither does
//! json-runtime; write `slice_vec.as_slice()` instead, as an array.
//!
//! The items go through their slice's writer, as a `Vec`'s do: a run of
//! integers, `bool`s or bytes in one loop, not one call per item.

use crate::writer::{ValueWriter, Written};
use ::tinyvec::{Array, ArrayVec, TinyVec};

use crate::{Format, ToJson};

impl<A: Array> ToJson for ArrayVec<A>
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

impl<A: Array> ToJson for TinyVec<A>
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
