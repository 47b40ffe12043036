//! `smallvec::SmallVec` (the 1.x line), written as its `Serialize` impl
//! (the `serde` feature) makes serde_json write it: an array, like a
//! `Vec`, whether its items are inline or on the heap.

use ::smallvec::{Array, SmallVec};

use super::seq::write_seq;
use crate::{Format, JsonWriter, ToJson};

impl<A: Array> ToJson for SmallVec<A>
where
    A::Item: ToJson,
{
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self.as_slice());
    }
}
