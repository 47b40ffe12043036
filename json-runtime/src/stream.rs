//! Sequences of any length, encoded from an iterator straight into an
//! `io::Write`: one JSON array, or JSON Lines.
//!
//! The first [`FIRST_WRITE`] bytes are encoded in memory and handed over in
//! one `write_all`, so a small sequence costs one write call, as
//! `to_vec` + `write_all` would. Past that, the rest streams through the
//! 448 KiB chunks of `to_writer`. Memory stays bounded by about 1 MiB plus
//! the element being encoded, so a lazily generated iterator of millions of
//! records streams to a file in flat memory.

use std::io;

use crate::writer::{Compact, Format, JsonWriter, Pretty};
use crate::{PrettyFormatter, ToJson, DEFAULT_INDENT};

/// Output below this size goes out in a single write. 64 KiB below 1 MiB,
/// so that elements smaller than 64 KiB never make the buffer (which grows
/// by doubling) outgrow 1 MiB.
const FIRST_WRITE: usize = 1024 * 1024 - 64 * 1024;

/// Where an array being encoded in pieces stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArrayState {
    /// `[` is not written yet.
    Start,
    /// `[` is written; `any` once an element was.
    Open { any: bool },
}

/// Opens a writer positioned inside an array whose `[` already went out in
/// an earlier piece: opening the array sets the nesting depth for pretty
/// layout, and the `[` it wrote is dropped again.
pub(crate) fn resume_array<F: Format>(w: &mut JsonWriter<'_, F>) {
    let len = w.buf_mut().len();
    w.begin_array();
    debug_assert_eq!(&w.buf_mut()[len..], b"[");
    w.buf_mut().truncate(len);
}

/// Encodes array elements into `buf` (empty on entry) until it holds at
/// least `threshold` bytes or the items run out, and says whether they ran
/// out (then the closing `]` is in `buf` too).
pub(crate) fn fill_array<F: Format, I>(
    buf: &mut Vec<u8>,
    indent: &[u8],
    items: &mut I,
    state: &mut ArrayState,
    threshold: usize,
) -> bool
where
    I: Iterator,
    I::Item: ToJson,
{
    debug_assert!(buf.is_empty());
    let mut w = JsonWriter::<F>::to_memory(std::mem::take(buf), indent);
    let mut any = match *state {
        ArrayState::Start => {
            w.begin_array();
            false
        }
        ArrayState::Open { any } => {
            resume_array(&mut w);
            any
        }
    };
    let done = loop {
        let Some(item) = items.next() else {
            w.end_array(!any);
            break true;
        };
        w.array_value(!any);
        any = true;
        item.write_json(&mut w);
        if w.buf_mut().len() >= threshold {
            break false;
        }
    };
    *state = ArrayState::Open { any };
    *buf = w.into_buf();
    done
}

/// Encodes JSON Lines into `buf` (empty on entry) until it holds at least
/// `threshold` bytes or the items run out, and says whether they ran out.
pub(crate) fn fill_lines<I>(buf: &mut Vec<u8>, items: &mut I, threshold: usize) -> bool
where
    I: Iterator,
    I::Item: ToJson,
{
    debug_assert!(buf.is_empty());
    let mut w = JsonWriter::<Compact>::to_memory(std::mem::take(buf), DEFAULT_INDENT);
    let done = loop {
        let Some(item) = items.next() else {
            break true;
        };
        item.write_json(&mut w);
        w.write_raw("\n");
        if w.buf_mut().len() >= threshold {
            break false;
        }
    };
    *buf = w.into_buf();
    done
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
    let mut items = items.into_iter();
    let mut state = ArrayState::Start;
    let mut first = Vec::new();
    let done = fill_array::<F, _>(&mut first, indent, &mut items, &mut state, FIRST_WRITE);
    out.write_all(&first)?;
    if done {
        return out.flush();
    }
    drop(first);
    // At least one element was written, or the array would be done.
    let mut w = JsonWriter::<F>::to_io(&mut out, indent);
    resume_array(&mut w);
    for item in items {
        w.array_value(false);
        item.write_json(&mut w);
        w.flush_point();
    }
    w.end_array(false);
    w.finish_io()
}

/// Streams the items of any iterator as one compact JSON array into
/// `writer`.
///
/// The bytes equal `serde_json::to_vec` of the items collected into a
/// `Vec`, but nothing is collected: memory holds at most about 1 MiB of
/// output plus the element being encoded, whatever the length. Output up
/// to that size goes to `writer` in one `write_all`, as `to_vec` and
/// `write_all` would; the rest streams through the 448 KiB chunks of
/// [`to_writer`](crate::to_writer). Items may be values or references,
/// and the iterator may be lazy.
///
/// I/O errors behave as in [`to_writer`](crate::to_writer): the first one
/// is returned, and nothing is written after it. The iterator may still be
/// run to its end after an error, with the output discarded.
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
    let mut items = items.into_iter();
    let mut first = Vec::new();
    let done = fill_lines(&mut first, &mut items, FIRST_WRITE);
    if !first.is_empty() {
        writer.write_all(&first)?;
    }
    if done {
        return writer.flush();
    }
    drop(first);
    let mut w = JsonWriter::<Compact>::to_io(&mut writer, DEFAULT_INDENT);
    for item in items {
        item.write_json(&mut w);
        w.write_raw("\n");
        w.flush_point();
    }
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
