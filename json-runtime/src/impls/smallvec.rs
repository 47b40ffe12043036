//! `smallvec::SmallVec` (the 1.x line), written as its `Serialize` impl
//! (the `serde` feature) makes serde_json write it: an array, like a
//! `Vec`, whether its items are inline or on the heap.

use crate::writer::{ValueWriter, Written};
use ::smallvec::{Array, SmallVec};

use super::seq::write_seq;
use crate::{Format, ToJson};

impl<A: Array> ToJson for SmallVec<A>
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
