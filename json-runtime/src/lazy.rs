//! [`Seq`] and [`SeqMap`]: an iterator as a value, so that a sequence
//! produced while the document is written can sit anywhere in it, as a
//! field of a derived struct included.

use crate::writer::{ValueWriter, Written};
use std::fmt;
use std::sync::{Mutex, PoisonError};

use crate::error::Error;
use crate::fields::ToJsonFields;
use crate::impls::write_seq;
use crate::to_json::{ToJson, ToJsonKey};
use crate::writer::{Format, JsonWriter};

/// An iterator written as a JSON array, its items produced while the
/// output is written: a lazily generated sequence inside a value.
///
/// [`Options::to_writer_array`](crate::Options::to_writer_array) streams an iterator that is
/// the whole document; `Seq` puts one anywhere inside a document, as a
/// field of a derived struct, an element of a tuple or a map value. The
/// bytes are those of the collected `Vec` (serde_json's), compact, pretty
/// and with every [`Options`](crate::Options), and streaming entry points
/// ([`to_writer`](crate::to_writer), [`write_file`](crate::write_file), …)
/// hold no more than their 512 KiB buffer and the item being written, so a
/// million rows need no `Vec` of rows.
///
/// ```
/// use json_runtime::{Seq, ToJson};
///
/// #[derive(ToJson)]
/// #[json(rename_all = "camelCase")]
/// struct Report<I> {
///     generated_at: &'static str,
///     rows: Seq<I>,
/// }
///
/// let report = Report {
///     generated_at: "2026-12-01T23:00:00Z",
///     rows: Seq::new((1..=3).map(|id| [id, id * id])),
/// };
/// let mut out = Vec::new();
/// json_runtime::to_writer(&mut out, &report)?;
/// assert_eq!(out, br#"{"generatedAt":"2026-12-01T23:00:00Z","rows":[[1,1],[2,4],[3,9]]}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// A generic field `Seq<I>` needs no `#[json(bound)]`: the derive bounds
/// the field's type, `Seq<I>: ToJson`, which holds when `I` is an iterator
/// of `ToJson` items. A concrete type works as well, a boxed iterator
/// (`Seq<Box<dyn Iterator<Item = Row> + Send>>`) for a struct that is not
/// generic.
///
/// # Written once
///
/// [`ToJson::write_json`] takes `&self`, and an iterator runs once, so a
/// `Seq` holds its iterator in a `Mutex` and takes it out when it is
/// written. Writing the same `Seq` again is an error, never a panic, nor a
/// silent `[]`: the entry point returns an [`Error`](crate::Error) saying
/// so, of [`Category::Data`](crate::Category::Data), and writes nothing
/// after it.
///
/// ```
/// use json_runtime::{Category, Seq};
///
/// let numbers = Seq::new(1..=3);
/// assert_eq!(json_runtime::to_string(&numbers)?, "[1,2,3]");
///
/// let again = json_runtime::to_string(&numbers).unwrap_err();
/// assert_eq!(again.classify(), Category::Data);
/// assert!(again.to_string().contains("already written"), "{again}");
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// Anything that writes a value twice (pretty after compact, a retry) needs
/// a new `Seq`, or a collection. A `Seq` is [`Sync`] when its iterator is
/// [`Send`], so it can be in the elements of the slices that
/// `json_runtime::par` (feature `rayon`) encodes on several threads; each
/// element is written once there too.
///
/// The Tokio writers encode any value that is not a top-level sequence
/// whole into memory before writing it (see `to_async_writer`), so a
/// `Seq` inside a value is collected there as bytes; `to_async_writer_array`
/// streams an iterator that is the whole document.
pub struct Seq<I> {
    items: Mutex<Option<I>>,
}

impl<I: Iterator> Seq<I> {
    /// The items of `items`, to be written as a JSON array when the `Seq`
    /// is. Nothing is taken from the iterator before that.
    pub fn new<T: IntoIterator<IntoIter = I>>(items: T) -> Self {
        Seq {
            items: Mutex::new(Some(items.into_iter())),
        }
    }
}

impl<I> Seq<I> {
    /// Whether the `Seq` was written (or began to be), so that writing it
    /// again would fail.
    ///
    /// ```
    /// let seq = json_runtime::Seq::new(["a"]);
    /// assert!(!seq.is_written());
    /// json_runtime::to_writer(std::io::sink(), &seq)?;
    /// assert!(seq.is_written());
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn is_written(&self) -> bool {
        lock(&self.items).is_none()
    }

    /// The iterator, if the `Seq` was not written yet.
    ///
    /// ```
    /// let seq = json_runtime::Seq::new(vec![1, 2]);
    /// assert_eq!(seq.into_inner().map(Iterator::sum), Some(3));
    /// ```
    pub fn into_inner(self) -> Option<I> {
        self.items
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn take(&self) -> Option<I> {
        lock(&self.items).take()
    }
}

/// The lock is only ever held to take the iterator out, never while it
/// runs (a panicking iterator cannot poison it); a poisoned lock is read
/// all the same.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<I> fmt::Debug for Seq<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Seq")
            .field("written", &self.is_written())
            .finish_non_exhaustive()
    }
}

impl<I> From<I> for Seq<I>
where
    I: Iterator,
{
    fn from(items: I) -> Self {
        Seq::new(items)
    }
}

/// Reports a second write. The encoder runs on to its end, but nothing
/// after the error is output.
#[cold]
fn written_twice<F: Format>(w: &mut JsonWriter<'_, F>, what: &str) {
    w.fail(Error::new(format_args!(
        "json_runtime::{what} was already written: its iterator runs once \
         (make a new {what}, or collect the items, to write them again)"
    )));
}

impl<I> ToJson for Seq<I>
where
    I: Iterator,
    I::Item: ToJson,
{
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        // Taken out, so the lock is not held while the items run: an item
        // may write another `Seq`, or panic.
        match self.take() {
            Some(items) => write_seq(w, items),
            None => {
                written_twice(w, "Seq");
                // Keeps the document well formed for the rest of the encoder.
                w.write_null();
            }
        }
        Written(())
    }
}

/// An iterator of `(key, value)` pairs written as a JSON object, its
/// entries produced while the output is written: [`Seq`] for maps.
///
/// The entries are written in the iterator's order, as a `BTreeMap` or an
/// `IndexMap` of them would be; keys are written by [`ToJsonKey`], as a
/// map's are. [`Options::sort_keys`](crate::Options::sort_keys), which
/// orders `HashMap`s, leaves that order alone; canonical output
/// ([`Options::canonical`](crate::Options::canonical)) sorts it, as it sorts
/// every object. Duplicate keys are written as they come. Written once,
/// as a `Seq` is. As a field with `#[json(flatten)]`, its entries go into
/// the enclosing object.
///
/// ```
/// use json_runtime::{SeqMap, ToJson};
///
/// #[derive(ToJson)]
/// struct Totals<I> {
///     currency: &'static str,
///     by_day: SeqMap<I>,
/// }
///
/// let days = ["mon", "tue"].into_iter().zip([12.5, 7.0]);
/// let totals = Totals { currency: "EUR", by_day: SeqMap::new(days) };
/// assert_eq!(
///     json_runtime::to_string(&totals)?,
///     r#"{"currency":"EUR","by_day":{"mon":12.5,"tue":7.0}}"#,
/// );
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub struct SeqMap<I> {
    entries: Seq<I>,
}

impl<I: Iterator> SeqMap<I> {
    /// The entries of `entries`, to be written as a JSON object when the
    /// `SeqMap` is. Nothing is taken from the iterator before that.
    pub fn new<T: IntoIterator<IntoIter = I>>(entries: T) -> Self {
        SeqMap {
            entries: Seq::new(entries),
        }
    }
}

impl<I> SeqMap<I> {
    /// Whether the `SeqMap` was written (or began to be), so that writing
    /// it again would fail.
    ///
    /// ```
    /// let map = json_runtime::SeqMap::new([("k", 1)]);
    /// json_runtime::to_writer(std::io::sink(), &map)?;
    /// assert!(map.is_written());
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn is_written(&self) -> bool {
        self.entries.is_written()
    }

    /// The iterator, if the `SeqMap` was not written yet.
    ///
    /// ```
    /// let map = json_runtime::SeqMap::new([("k", 1)]);
    /// assert_eq!(map.into_inner().unwrap().count(), 1);
    /// ```
    pub fn into_inner(self) -> Option<I> {
        self.entries.into_inner()
    }
}

impl<I> fmt::Debug for SeqMap<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeqMap")
            .field("written", &self.is_written())
            .finish_non_exhaustive()
    }
}

impl<I> From<I> for SeqMap<I>
where
    I: Iterator,
{
    fn from(entries: I) -> Self {
        SeqMap::new(entries)
    }
}

impl<I, K, V> ToJson for SeqMap<I>
where
    I: Iterator<Item = (K, V)>,
    K: ToJsonKey,
    V: ToJson,
{
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.begin_object();
        let mut first = true;
        self.write_json_fields(w, &mut first);
        w.end_object_dyn(first);
        Written(())
    }
}

/// The entries go into the enclosing object, for `#[json(flatten)]`, as a
/// flattened map's do; a second write writes none and is the error.
impl<I, K, V> ToJsonFields for SeqMap<I>
where
    I: Iterator<Item = (K, V)>,
    K: ToJsonKey,
    V: ToJson,
{
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        let Some(entries) = self.entries.take() else {
            return written_twice(w, "SeqMap");
        };
        for (key, value) in entries {
            w.object_entry(*first);
            *first = false;
            key.write_json_key(w);
            w.colon();
            value.write_json(ValueWriter { w: &mut *w });
            w.flush_point();
        }
    }
}
