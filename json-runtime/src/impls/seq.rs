//! Sequences and sets are JSON arrays, in iteration order.

use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};

use crate::{Format, JsonWriter, ToJson};

/// Writes every item as one JSON array. The writer may drain to its
/// `io::Write` between items, so long sequences stream in bounded memory.
///
/// Only the test for an empty sequence is always inlined: `[]` is then a
/// two-byte store at the call site, with no call. citm_catalog has 8 695
/// empty arrays among 10 451, and the outlined call with its register saves
/// cost them 35 instructions each, 13% of that document's encoding.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn write_seq<F, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    match items.next() {
        // The same bytes in pretty layout: an empty array has no line break.
        None => w.write_raw("[]"),
        Some(first) => write_non_empty_seq(w, first, items),
    }
}

#[inline]
fn write_non_empty_seq<F, I>(w: &mut JsonWriter<'_, F>, first: I::Item, items: I)
where
    F: Format,
    I: Iterator,
    I::Item: ToJson,
{
    w.begin_array();
    // The first item is peeled off so the loop writes its `,` unconditionally.
    w.array_value(true);
    first.write_json(w);
    w.flush_point();
    for item in items {
        w.array_value(false);
        item.write_json(w);
        w.flush_point();
    }
    w.end_array(false);
}

impl<T: ToJson> ToJson for [T] {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

macro_rules! iterable {
    ($($ty:ident<T $(, $extra:ident)*>),*) => {$(
        impl<T: ToJson $(, $extra)*> ToJson for $ty<T $(, $extra)*> {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                write_seq(w, self);
            }
        }
    )*};
}
iterable!(VecDeque<T>, LinkedList<T>, BTreeSet<T>, HashSet<T, S>, BinaryHeap<T>);
