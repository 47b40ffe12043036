//! Sequences of any length, encoded from an iterator straight into an
//! `io::Write`: one JSON array, or JSON Lines.
//!
//! Only the 64 KiB output buffer and the element being encoded are held in
//! memory, so a lazily generated iterator of millions of records streams
//! to a file in flat memory.

use std::io;

use crate::writer::{Compact, Format, JsonWriter, Pretty};
use crate::{PrettyFormatter, ToJson, DEFAULT_INDENT};

/// Writes every item as one element of a JSON array, draining to the sink
/// between elements. The same bytes as [`ToJson`] for a slice.
pub(crate) fn write_array<F, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    w.begin_array();
    let Some(first) = items.next() else {
        w.end_array(true);
        return;
    };
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

/// Writes every item as one compact JSON value followed by `\n`.
pub(crate) fn write_lines<I>(w: &mut JsonWriter<'_, Compact>, items: I)
where
    I: IntoIterator,
    I::Item: ToJson,
{
    for item in items {
        item.write_json(w);
        w.write_raw(b"\n");
        w.flush_point();
    }
}

fn array_to_writer<F: Format, W: io::Write, I>(
    mut out: W,
    items: I,
    indent: &[u8],
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut w = JsonWriter::<F>::to_io(&mut out, indent);
    write_array(&mut w, items);
    w.finish_io()
}

/// Streams the items of any iterator as one compact JSON array into
/// `writer`.
///
/// The bytes equal `serde_json::to_vec` of the items collected into a
/// `Vec`, but nothing is collected: memory holds the 64 KiB output buffer
/// and the element being encoded, whatever the length. Items may be values
/// or references, and the iterator may be lazy. I/O errors behave as in
/// [`to_writer`](crate::to_writer): the first one is returned, and nothing
/// is written after it (the iterator is still run to its end, with output
/// discarded).
///
/// ```
/// #[derive(json_runtime::ToJson)]
/// struct Reading {
///     sensor: u32,
///     celsius: f64,
/// }
///
/// // A lazily generated sequence: no Vec of readings exists.
/// let readings = (0..3).map(|i| Reading { sensor: i, celsius: 20.0 + f64::from(i) / 2.0 });
///
/// let mut out = Vec::new();
/// json_runtime::to_writer_array(&mut out, readings)?;
/// assert_eq!(
///     out,
///     br#"[{"sensor":0,"celsius":20.0},{"sensor":1,"celsius":20.5},{"sensor":2,"celsius":21.0}]"#,
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// To a file, it needs no `BufWriter`:
///
/// ```no_run
/// let file = std::fs::File::create("numbers.json")?;
/// json_runtime::to_writer_array(file, (0..10_000_000u64).map(|i| i * i))?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer_array<W, I>(writer: W, items: I) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_writer::<Compact, W, I>(writer, items, DEFAULT_INDENT)
}

/// Streams the items of any iterator as one pretty JSON array, indented by
/// two spaces, into `writer`: the bytes of `serde_json::to_vec_pretty` of
/// the collected items. Memory and errors behave as in [`to_writer_array`].
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer_array_pretty(&mut out, ["a", "b"].iter())?;
/// assert_eq!(out, b"[\n  \"a\",\n  \"b\"\n]");
///
/// out.clear();
/// json_runtime::to_writer_array_pretty(&mut out, std::iter::empty::<u8>())?;
/// assert_eq!(out, b"[]");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer_array_pretty<W, I>(writer: W, items: I) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_writer::<Pretty, W, I>(writer, items, DEFAULT_INDENT)
}

/// Streams the items of any iterator as [JSON Lines](https://jsonlines.org):
/// each item as one compact JSON value followed by `\n`, the bytes of
/// `serde_json::to_vec` of each item plus a newline. An empty iterator
/// writes nothing.
///
/// Memory and errors behave as in [`to_writer_array`]. For the lines in
/// memory, pass a `&mut Vec<u8>` as the writer.
///
/// ```
/// use std::collections::BTreeMap;
///
/// let events = vec![
///     BTreeMap::from([("id", 1)]),
///     BTreeMap::from([("id", 2)]),
/// ];
/// let mut out = Vec::new();
/// json_runtime::to_writer_lines(&mut out, &events)?;
/// assert_eq!(out, b"{\"id\":1}\n{\"id\":2}\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer_lines<W, I>(mut writer: W, items: I) -> io::Result<()>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut w = JsonWriter::<Compact>::to_io(&mut writer, DEFAULT_INDENT);
    write_lines(&mut w, items);
    w.finish_io()
}

impl PrettyFormatter<'_> {
    /// Streams the items of any iterator as one pretty JSON array with this
    /// indent, as [`to_writer_array_pretty`] does with two spaces.
    ///
    /// ```
    /// use json_runtime::PrettyFormatter;
    ///
    /// let mut out = Vec::new();
    /// PrettyFormatter::with_indent(b"\t").to_writer_array(&mut out, 1..=2)?;
    /// assert_eq!(out, b"[\n\t1,\n\t2\n]");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn to_writer_array<W, I>(&self, writer: W, items: I) -> io::Result<()>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        array_to_writer::<Pretty, W, I>(writer, items, self.indent)
    }
}
