//! tinyvec's vectors, written as tinyvec's `Serialize` impls (its `serde`
//! feature) make serde_json write them: `ArrayVec<A>` and `TinyVec<A>` as
//! arrays of their items, like a `Vec`, whether a `TinyVec` is inline or
//! on the heap. tinyvec has no `Serialize` for `SliceVec`, so neither does
//! json-runtime; write `slice_vec.as_slice()` instead, as an array.

use crate::writer::{ValueWriter, Written};
use ::tinyvec::{Array, ArrayVec, TinyVec};

use super::seq::write_seq;
use crate::{Format, ToJson};

impl<A: Array> ToJson for ArrayVec<A>
where
    A::Item: ToJson,
{
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_seq(w, self.as_slice());
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
        write_seq(w, self.as_slice());
        Written(())
    }
}
