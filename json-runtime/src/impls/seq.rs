//! Sequences and sets are JSON arrays, in iteration order.

use crate::writer::{ValueWriter, Written};
use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};

use crate::framing::write_element;
pub(crate) use crate::framing::write_seq;
use crate::writer::{write_indexed_piece, Pieces};
use crate::{Format, JsonWriter, ToJson};

// Sequences reached by index also stream element by element through the
// async writers (`write_json_piece`). Their `write_json` only forwards, so
// it is inlined even in debug builds, where a frame of its own per level
// would cost stack in recursive types.

/// A field's key literal, then `items` as a JSON array, in one call per
/// field: inlined at every field, the key's stores and capacity check and
/// the call to the slice's loop made a `Vec` field's code 2.2 times
/// serde's. Only this dispatch has a copy per element type; it has no
/// frame and jumps on to the shared empty-array writer or to the loop.
/// Empty arrays are worth the split: citm_catalog has 8,695 of them, and
/// with its register saves, the loop's call made that document 8% slower.
#[inline(never)]
fn write_keyed_slice<F: Format, T: ToJson>(w: &mut JsonWriter<'_, F>, key: &str, items: &[T]) {
    if items.is_empty() {
        // The runtime's own `[]`, with the key's checks as `key` has them.
        w.keyed_empty_array(key);
    } else {
        write_keyed_items(w, key, items);
    }
}

#[inline(never)]
fn write_keyed_items<F: Format, T: ToJson>(w: &mut JsonWriter<'_, F>, key: &str, items: &[T]) {
    w.key_copied_out_of_line(key);
    w.check_begin::<[T]>();
    T::write_json_slice(w, items);
    w.check_end();
}

impl<T: ToJson> ToJson for [T] {
    #[cfg_attr(debug_assertions, inline(always))]
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        T::write_json_slice(w, self);
        Written(())
    }

    fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
        write_indexed_piece(w, pieces, self.len(), |i, w| write_element(w, &self[i]))
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    #[cfg_attr(debug_assertions, inline(always))]
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        T::write_json_slice(w, self);
        Written(())
    }

    fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
        self[..].write_json_piece(w, pieces)
    }

    /// Arrays of scalars (`Vec<[i32; 3]>`) as rows in one loop, as
    /// `Vec<Vec<T>>`: each row through its own call took 0.51 of
    /// serde_json's time.
    #[inline]
    fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
        if !T::write_json_rows(w, items) {
            write_seq(w, items);
        }
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    #[cfg_attr(debug_assertions, inline(always))]
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        T::write_json_slice(w, self);
        Written(())
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        write_keyed_slice(w, key, self);
    }

    fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
        self[..].write_json_piece(w, pieces)
    }

    #[inline]
    fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
        if !T::write_json_rows(w, items) {
            write_seq(w, items);
        }
    }
}

impl<T: ToJson> ToJson for VecDeque<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_collection(w, self.iter());
        Written(())
    }

    fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
        write_indexed_piece(w, pieces, self.len(), |i, w| write_element(w, &self[i]))
    }
}

macro_rules! iterable {
    ($($ty:ident<T $(, $extra:ident)*>),*) => {$(
        impl<T: ToJson $(, $extra)*> ToJson for $ty<T $(, $extra)*> {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                write_collection(w, self.iter());
                Written(())
            }
        }
    )*};
}
iterable!(LinkedList<T>, BTreeSet<T>, BinaryHeap<T>);

/// The elements of a collection other than a slice, in their type's own
/// loop where it has one (integers and `bool`:
/// `ToJson::write_json_iter`), else element by element.
#[inline(always)]
fn write_collection<'a, F, T, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    T: ToJson + 'a,
    I: ExactSizeIterator<Item = &'a T>,
{
    if let Err(items) = T::write_json_iter(w, items) {
        write_seq(w, items);
    }
}

/// In iteration order, as serde_json writes it; sorted under
/// [`Options::sort_keys`](crate::Options::sort_keys) and in canonical
/// output, where the hash seed must not change the bytes.
impl<T: ToJson, S> ToJson for HashSet<T, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        if w.sorts_unordered() {
            crate::impls::write_seq_sorted(w, self);
        } else {
            write_collection(w, self.iter());
        }
        Written(())
    }
}
