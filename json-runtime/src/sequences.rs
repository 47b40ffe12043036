//! Sequences of any length, encoded from an iterator straight into an
//! `io::Write`: one JSON array, or JSON Lines.
//!
//! Elements stream through `to_writer`'s buffer, which never holds more
//! than 512 KiB, so a lazily generated iterator of millions of records
//! streams to a file in flat memory, and a small sequence costs one write
//! call, as `to_vec` + `write_all` would. No item is taken from the
//! iterator after the first I/O error.
//!
//! [`fill`] encodes in memory, a chunk at a time, for writers that are
//! not an `io::Write` (Tokio's `AsyncWrite`, a response body, `par`'s
//! chunks) and for canonical output, whose errors must come before its
//! bytes. The framing itself is [`crate::framing`]'s.
//!
//! The entry points are `Options`' methods.

use std::io;

use crate::buf::sizes::{STREAM_CHUNK, STREAM_CHUNK_CAPACITY};
use crate::framing::Framer;
use crate::to_json::ToJson;
use crate::writer::{Config, Format, JsonWriter};

/// What the items of a sequence make: one JSON array, or JSON Lines (at
/// run time; [`ArrayFramer`](crate::framing::ArrayFramer) and
/// [`LinesFramer`](crate::framing::LinesFramer) write them). With
/// an `Options` (compact or pretty, escaping, sorted keys, inline arrays)
/// it is the whole description of a sequence's output, for the entry
/// points that encode one in pieces (`par`, the web bodies).
// Used by the entry points that encode a sequence in pieces, behind their
// features.
#[cfg_attr(
    not(any(feature = "rayon", feature = "axum", feature = "actix-web")),
    allow(dead_code)
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Framing {
    /// One JSON array, compact or pretty as the options say.
    Array,
    /// JSON Lines: each item compact (or canonical), followed by `\n`,
    /// whatever the layout the options choose.
    Lines,
}

/// Where a sequence being encoded in pieces ([`fill`]) stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArrayState {
    /// Nothing is written yet, not even `[`.
    Start,
    /// The sequence is begun; `any` once an item was written.
    Open { any: bool },
}

/// Encodes the items of a sequence framed as `Fr`, appending to `buf`,
/// until it holds at least `threshold` bytes or the items run out, and
/// says whether they ran out, or returns the error an item written through
/// serde reported. `state` says where the sequence stands, and is updated.
///
/// When the items run out and `close` is set, the sequence's end (the
/// closing `]` of an array) is in `buf` too, written by the same writer as
/// the items, so that an array that fits can go on one line. A caller
/// that encodes the sequence in parts (`par`'s chunks) clears `close`.
///
/// Each item is encoded whole, so `buf` ends up holding up to `threshold`
/// bytes plus the last item. In canonical output, an item canonical output
/// refuses is reported here, before any byte of `buf` is written out.
pub(crate) fn fill<Fr: Framer, I>(
    buf: &mut Vec<u8>,
    config: &Config<'_>,
    items: &mut I,
    state: &mut ArrayState,
    threshold: usize,
    close: bool,
) -> io::Result<bool>
where
    I: Iterator,
    I::Item: ToJson,
{
    let config = Fr::config(config);
    let mut w = JsonWriter::<Fr::Format>::in_memory(&config, std::mem::take(buf));
    let mut any = match *state {
        ArrayState::Start => {
            Fr::begin(&mut w);
            false
        }
        ArrayState::Open { any } => {
            Fr::resume(&mut w);
            any
        }
    };
    let done = loop {
        let Some(item) = items.next() else {
            if close {
                Fr::end(&mut w, !any);
            }
            break true;
        };
        Fr::item(&mut w, !any, item);
        any = true;
        if w.len() >= threshold {
            break false;
        }
    };
    *state = ArrayState::Open { any };
    *buf = w.into_result()?;
    Ok(done)
}

/// Streams the items of a sequence framed as `Fr` into `out`: the one
/// loop of every `io::Write` sink of a sequence (`Options::to_writer_array`,
/// `to_writer_lines`, and the files).
///
/// Canonical output is encoded in memory a chunk of about 64 KiB at a time
/// ([`fill`]) and each chunk written whole, so that nothing of an item
/// canonical output refuses is written.
pub(crate) fn framed_to_writer<Fr: Framer, W: io::Write, I>(
    mut out: W,
    items: I,
    config: &Config<'_>,
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    if is_canonical::<Fr::Format>() {
        return framed_to_writer_in_chunks::<Fr, W, I>(out, items, config);
    }
    let config = Fr::config(config);
    let mut w = JsonWriter::<Fr::Format>::streaming(&config, &mut out);
    Fr::begin(&mut w);
    let mut any = false;
    for item in items {
        Fr::item(&mut w, !any, item);
        any = true;
        if w.failed() {
            // The document is lost; the rest of the iterator (which may
            // never end) is left alone.
            return w.finish_io();
        }
    }
    Fr::end(&mut w, !any);
    w.finish_io()
}

/// [`framed_to_writer`] of canonical output, a chunk at a time.
fn framed_to_writer_in_chunks<Fr: Framer, W: io::Write, I>(
    mut out: W,
    items: I,
    config: &Config<'_>,
) -> io::Result<()>
where
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    let mut buf = Vec::with_capacity(STREAM_CHUNK_CAPACITY);
    let mut state = ArrayState::Start;
    loop {
        let done = fill::<Fr, _>(&mut buf, config, &mut items, &mut state, STREAM_CHUNK, true)?;
        out.write_all(&buf)?;
        buf.clear();
        if done {
            return out.flush();
        }
    }
}

/// Whether `F` is canonical output.
fn is_canonical<F: Format>() -> bool {
    F::CANONICAL
}
