//! What goes around and between the items of a sequence, written once for
//! every place that writes one: the impls of sequences and sets, the
//! entry points that take an iterator (into an `io::Write`, or a chunk at
//! a time for the Tokio writers and web bodies), and `par`'s chunks; and
//! the loop over a map's entries.

use std::marker::PhantomData;

use crate::to_json::{ToJson, ToJsonKey};
use crate::writer::{Config, Format, JsonWriter, ValueWriter};

/// One layout of a sequence: one JSON array ([`ArrayFramer`]), or JSON
/// Lines ([`LinesFramer`]).
///
/// A sequence may be written across several writers (a chunk each), so
/// besides [`begin`](Self::begin) there is [`resume`](Self::resume), which
/// goes on with a sequence that an earlier writer began.
pub(crate) trait Framer {
    /// The layout the items are written in.
    type Format: Format;

    /// The configuration the items are written with, from the one the
    /// caller chose.
    fn config<'c>(config: &Config<'c>) -> Config<'c> {
        *config
    }

    /// Writes what comes before the first item.
    fn begin(w: &mut JsonWriter<'_, Self::Format>);

    /// Goes on with a sequence an earlier writer began: writes nothing,
    /// but sets `w` up as [`begin`](Self::begin) would have.
    fn resume(w: &mut JsonWriter<'_, Self::Format>);

    /// Writes `item`, `first` saying whether it is the sequence's first,
    /// and lets the writer drain after it. Inlined, in debug builds too, so
    /// that a loop that peels off its first item writes no test for the
    /// separator, and a recursive type has no frame more per level.
    fn item<T: ToJson>(w: &mut JsonWriter<'_, Self::Format>, first: bool, item: T);

    /// Writes what comes after the last item; `empty` when there was none.
    fn end(w: &mut JsonWriter<'_, Self::Format>, empty: bool);
}

/// One JSON array, in the layout `F`.
pub(crate) struct ArrayFramer<F>(PhantomData<F>);

impl<F: Format> Framer for ArrayFramer<F> {
    type Format = F;

    #[inline]
    fn begin(w: &mut JsonWriter<'_, F>) {
        w.begin_array();
    }

    #[inline]
    fn resume(w: &mut JsonWriter<'_, F>) {
        // Every element is at depth 1, whichever writer writes it.
        w.resume_array();
    }

    #[inline(always)]
    fn item<T: ToJson>(w: &mut JsonWriter<'_, F>, first: bool, item: T) {
        w.array_value(first);
        write_element(w, &item);
        w.flush_point();
    }

    #[inline]
    fn end(w: &mut JsonWriter<'_, F>, empty: bool) {
        w.end_array(empty);
    }
}

/// [JSON Lines](https://jsonlines.org): each item in the layout `F`,
/// followed by `\n`; nothing before the first item or after the last.
/// `F` is [`Compact`](crate::writer::Compact) whatever layout the caller
/// chose, or [`Canonical`](crate::writer::Canonical)
/// for canonical output: never [`Pretty`](crate::writer::Pretty), whose
/// line breaks would end a line inside an item.
pub(crate) struct LinesFramer<F>(PhantomData<F>);

impl<F: Format> Framer for LinesFramer<F> {
    type Format = F;

    /// A raw value must not break its line.
    fn config<'c>(config: &Config<'c>) -> Config<'c> {
        debug_assert!(!F::PRETTY, "JSON Lines are compact or canonical");
        config.lines()
    }

    #[inline]
    fn begin(_: &mut JsonWriter<'_, F>) {}

    #[inline]
    fn resume(_: &mut JsonWriter<'_, F>) {}

    #[inline(always)]
    fn item<T: ToJson>(w: &mut JsonWriter<'_, F>, _first: bool, item: T) {
        write_element(w, &item);
        w.write_ascii(b"\n");
        // After the newline, so that what drains is whole lines.
        w.flush_point();
    }

    #[inline]
    fn end(_: &mut JsonWriter<'_, F>, _empty: bool) {}
}

/// Writes one value of a sequence or map after its separator (or key);
/// debug builds check that it wrote one value. The caller then lets the
/// writer drain ([`JsonWriter::flush_point`]), so that long sequences
/// stream in bounded memory.
///
/// Inlined in debug builds too, as [`Framer::item`] is: a frame of its own
/// at each element would cost stack at every level of a recursive type.
#[inline(always)]
pub(crate) fn write_element<F: Format, T: ToJson + ?Sized>(w: &mut JsonWriter<'_, F>, item: &T) {
    w.check_begin::<T>();
    item.write_json(ValueWriter { w: &mut *w });
    w.check_end();
}

/// The entry loop of the maps, sorted or not, flattened or whole: each
/// `(key, value)` pair as an entry of an object the caller opened,
/// `entry_key` writing what comes before the value (the separator unless
/// `first`, the key, the colon), then the value and a point where the
/// writer may drain. (`impls::map::write_map`, the hottest, keeps a copy
/// of the loop by hand: it measured slower through this.)
///
/// Inlined into each caller, so that each loop compiles as if written
/// there.
#[inline(always)]
pub(crate) fn write_entries<'a, 'w, F, K, V, I>(
    w: &mut JsonWriter<'w, F>,
    first: &mut bool,
    entries: I,
    entry_key: impl Fn(&K, &mut JsonWriter<'w, F>, bool),
) where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    for (key, value) in entries {
        entry_key(key, w, *first);
        *first = false;
        write_element(w, value);
        w.flush_point();
    }
}

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
    ArrayFramer::<F>::begin(w);
    // The first item is peeled off so the loop writes its `,` unconditionally.
    ArrayFramer::<F>::item(w, true, first);
    for item in items {
        ArrayFramer::<F>::item(w, false, item);
    }
    ArrayFramer::<F>::end(w, false);
}
