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
//! response body) and for canonical output, whose errors must come
//! before its bytes.
//!
//! The entry points are `Options`' methods.

use std::io;

use crate::buf::sizes::{STREAM_CHUNK, STREAM_CHUNK_CAPACITY};
use crate::to_json::ToJson;
use crate::writer::{Canonical, Compact, Config, Format, JsonWriter};

/// What the items of a sequence make: one JSON array, or JSON Lines. With
/// an `Options` (compact or pretty, escaping, sorted keys, inline arrays)
/// it is the whole description of a sequence's output, for the entry
/// points that encode one in pieces (`par`, the web bodies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Framing {
    /// One JSON array, compact or pretty as the options say.
    Array,
    /// JSON Lines: each item compact (or canonical), followed by `\n`,
    /// whatever the layout the options choose.
    Lines,
}

/// Where an array being encoded in pieces stands.
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
/// indent of `config` is not used: each line is `F`, compact or canonical.
pub(crate) fn fill_lines<F: Format, I>(
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
    debug_assert!(!F::PRETTY);
    let mut w = JsonWriter::<F>::in_memory(&config, std::mem::take(buf));
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

/// Canonical output of a sequence into `out`, encoded in memory a chunk
/// of about 64 KiB at a time ([`fill_array`], [`fill_lines`]) and each
/// chunk written whole, so that nothing of an item canonical output
/// refuses is written.
pub(crate) fn canonical_to_writer<W: io::Write, I>(
    mut out: W,
    items: I,
    framing: Framing,
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    let mut buf = Vec::with_capacity(STREAM_CHUNK_CAPACITY);
    let mut state = ArrayState::Start;
    let config = Config::DEFAULT;
    loop {
        let done = match framing {
            Framing::Array => {
                fill_array::<Canonical, _>(&mut buf, &config, &mut items, &mut state, STREAM_CHUNK)?
            }
            Framing::Lines => {
                fill_lines::<Canonical, _>(&mut buf, &config, &mut items, STREAM_CHUNK)?
            }
        };
        out.write_all(&buf)?;
        buf.clear();
        if done {
            return out.flush();
        }
    }
}
