//! Sequences of any length, encoded from an iterator straight into an
//! `io::Write`: one JSON array, or JSON Lines.
//!
//! Elements stream through `to_writer`'s buffer, which never holds more
//! than 512 KiB, so a lazily generated iterator of millions of records
//! streams to a file in flat memory, and a small sequence costs one write
//! call, as `to_vec` + `write_all` would. No item is taken from the
//! iterator after the first I/O error.
//!
//! [`fill_array`] and [`fill_lines`] encode in memory, a chunk at a time,
//! for writers that are not an `io::Write` (Tokio's `AsyncWrite`, a
//! response body).

use std::io;

use crate::error::Error;
use crate::to_json::ToJson;
use crate::writer::{Compact, Config, Format, JsonWriter, Pretty};

/// What the items of a sequence make: one JSON array, or JSON Lines. With
/// an `Options` (compact or pretty, escaping, sorted keys, inline arrays)
/// it is the whole description of a sequence's output, for the entry
/// points that encode one in pieces (`par`, the web bodies).
#[cfg_attr(
    not(any(feature = "rayon", feature = "axum", feature = "actix-web")),
    allow(dead_code)
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Framing {
    /// One JSON array, compact or pretty as the options say.
    Array,
    /// JSON Lines: each item compact, followed by `\n`, whatever the
    /// layout the options choose.
    Lines,
}

/// Where an array being encoded in pieces stands.
// Used by the writers that are not an `io::Write`, behind their features.
#[cfg_attr(not(feature = "tokio"), allow(dead_code))]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArrayState {
    /// `[` is not written yet.
    Start,
    /// `[` is written; `any` once an element was.
    Open { any: bool },
}

/// Encodes array elements into `buf` (empty on entry) until it holds at
/// least `threshold` bytes or the items run out, and says whether they ran
/// out (then the closing `]` is in `buf` too), or returns the error an
/// element written through serde reported.
///
/// Each element is encoded whole, so `buf` ends up holding up to
/// `threshold` bytes plus the last element.
// Used by the writers that are not an `io::Write`, behind their features.
#[cfg_attr(not(feature = "tokio"), allow(dead_code))]
pub(crate) fn fill_array<F: Format, I>(
    buf: &mut Vec<u8>,
    config: &Config<'_>,
    items: &mut I,
    state: &mut ArrayState,
    threshold: usize,
) -> io::Result<bool>
where
    I: Iterator,
    I::Item: ToJson,
{
    debug_assert!(buf.is_empty());
    let mut w = JsonWriter::<F>::in_memory(config, std::mem::take(buf));
    let mut any = match *state {
        ArrayState::Start => {
            w.begin_array();
            false
        }
        ArrayState::Open { any } => {
            w.resume_array();
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
        if w.len() >= threshold {
            break false;
        }
    };
    *state = ArrayState::Open { any };
    *buf = w.into_result()?;
    Ok(done)
}

/// Encodes JSON Lines into `buf` (empty on entry) until it holds at least
/// `threshold` bytes or the items run out, and says whether they ran out,
/// or returns the error an item written through serde reported. The
/// layout of `config` is not used: each line is compact.
// Used by the writers that are not an `io::Write`, behind their features.
#[cfg_attr(not(feature = "tokio"), allow(dead_code))]
pub(crate) fn fill_lines<I>(
    buf: &mut Vec<u8>,
    config: &Config<'_>,
    items: &mut I,
    threshold: usize,
) -> io::Result<bool>
where
    I: Iterator,
    I::Item: ToJson,
{
    debug_assert!(buf.is_empty());
    let config = config.lines();
    let mut w = JsonWriter::<Compact>::in_memory(&config, std::mem::take(buf));
    let done = loop {
        let Some(item) = items.next() else {
            break true;
        };
        item.write_json(&mut w);
        w.write_ascii(b"\n");
        if w.len() >= threshold {
            break false;
        }
    };
    *buf = w.into_result()?;
    Ok(done)
}

pub(crate) fn array_to_writer<F: Format, W: io::Write, I>(
    mut out: W,
    items: I,
    config: &Config<'_>,
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut w = JsonWriter::<F>::streaming(config, &mut out);
    w.begin_array();
    let mut any = false;
    for item in items {
        w.array_value(!any);
        any = true;
        item.write_json(&mut w);
        w.flush_point();
        if w.failed() {
            // The document is lost; the rest of the iterator (which may
            // never end) is left alone.
            return w.finish_io();
        }
    }
    w.end_array(!any);
    w.finish_io()
}

pub(crate) fn lines_to_writer<W: io::Write, I>(
    mut out: W,
    items: I,
    config: &Config<'_>,
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    let config = config.lines();
    let mut w = JsonWriter::<Compact>::streaming(&config, &mut out);
    for item in items {
        item.write_json(&mut w);
        w.write_ascii(b"\n");
        w.flush_point();
        if w.failed() {
            return w.finish_io();
        }
    }
    w.finish_io()
}

/// Streams the items of any iterator as one compact JSON array into
/// `writer`.
///
/// The bytes equal `serde_json::to_vec` of the items collected into a
/// `Vec`, but nothing is collected: the output streams through
/// [`to_writer`](crate::to_writer)'s buffer, which never holds more than
/// 512 KiB whatever the items (see [Memory](crate#memory)). Output up to
/// about that size goes to `writer` in one `write_all`, as `to_vec` and
/// `write_all` would. Items may be values or references, and the iterator
/// may be lazy.
///
/// Errors behave as in [`to_writer`](crate::to_writer): the first one (an
/// I/O error, or an item refused as [`to_vec`](crate::to_vec) refuses it)
/// is returned, and nothing is written after it. No item is taken from the
/// iterator after the one during which the error happened, so an endless
/// iterator ends there too.
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
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// To a file, it needs no `BufWriter`:
///
/// ```no_run
/// let file = std::fs::File::create("numbers.json")?;
/// json_runtime::to_writer_array(file, (0..10_000_000u64).map(|i| i * i))?;
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer_array<W, I>(writer: W, items: I) -> Result<(), Error>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_writer::<Compact, W, I>(writer, items, &Config::DEFAULT).map_err(Error::from)
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
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer_array_pretty<W, I>(writer: W, items: I) -> Result<(), Error>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_writer::<Pretty, W, I>(writer, items, &Config::DEFAULT).map_err(Error::from)
}

/// Streams the items of any iterator as [JSON Lines](https://jsonlines.org):
/// each item as one compact JSON value followed by `\n`, the bytes of
/// `serde_json::to_vec` of each item plus a newline. An empty iterator
/// writes nothing.
///
/// Memory and errors behave as in [`to_writer_array`]. For the lines in
/// memory, pass a `&mut Vec<u8>` as the writer.
///
/// A line break inside an item would end its line, so [`RawJson`](crate::RawJson)
/// values and other raw text ([`JsonWriter::write_raw`](crate::JsonWriter::write_raw))
/// are written without the whitespace between their tokens: `[1,\n 2]`
/// becomes `[1,2]`. Strings are escaped as always, so a newline in a string
/// is `\n`. Everything else is `serde_json::to_vec`'s bytes.
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
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer_lines<W, I>(writer: W, items: I) -> Result<(), Error>
where
    W: io::Write,
    I: IntoIterator,
    I::Item: ToJson,
{
    lines_to_writer(writer, items, &Config::DEFAULT).map_err(Error::from)
}
