//! The output buffer that every encoder writes into.
//!
//! Encoders never see a `Result`. In-memory output cannot fail. For
//! `to_writer` the buffer ([`Buf`]) drains into the `io::Write` whenever a
//! write would take it past [`WRITER_CAP`], wherever in the value that
//! happens (inside a long string, between two fields), and also at the
//! [`JsonWriter::flush_point`]s that the sequence and map impls call
//! between elements. So its size is bounded whatever the value. The first
//! I/O error is kept, the sink is never touched again, and the entry point
//! returns that error once encoding unwinds.
//!
//! The structural methods are `inline(always)` in optimized builds, so that
//! a derived encoder is straight-line code around constant literals. Builds
//! with debug assertions get plain `#[inline]` instead: unoptimized code
//! that inlines everything gives each encoder's frame room for every
//! inlined temporary, and a recursive type pays that at every level of
//! nesting (pretty `serde_json::Value` arrays took 1.8 KB of stack per
//! level that way, 128 B out of line).

use std::io;
use std::ops::{Deref, DerefMut};

use crate::escape;
use crate::options::Escape;
use crate::Error;

// The opt-in outputs (canonical JSON, sorted keys, inline arrays) keep
// their state in `extras`, which the default outputs leave `None`.
mod extras;
mod inline;
mod sort;

pub(crate) use extras::Setup;
pub(crate) use sort::{write_map_entries_sorted, write_map_sorted, write_seq_sorted};

/// Chooses compact or pretty output at compile time, so the compact path
/// carries no layout branches at all.
///
/// This trait is sealed: the two layouts are [`Compact`] and [`Pretty`].
pub trait Format: private::Sealed {
    #[doc(hidden)]
    const PRETTY: bool;
    /// RFC 8785 output: every object's entries sorted, numbers as
    /// ECMAScript writes them. Only [`Canonical`] sets it.
    #[doc(hidden)]
    const CANONICAL: bool = false;
}

/// No whitespace at all, as `serde_json::to_vec`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Compact;

/// Newlines and indentation, as `serde_json::to_vec_pretty`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pretty;

impl Format for Compact {
    const PRETTY: bool = false;
}

impl Format for Pretty {
    const PRETTY: bool = true;
}

/// RFC 8785 canonical JSON (JCS), as written by
/// [`to_vec_canonical`](crate::to_vec_canonical): no whitespace, the
/// entries of every object sorted, numbers as ECMAScript writes them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Canonical;

impl Format for Canonical {
    const PRETTY: bool = false;
    const CANONICAL: bool = true;
}

mod private {
    pub trait Sealed {}
    impl Sealed for super::Compact {}
    impl Sealed for super::Pretty {}
    impl Sealed for super::Canonical {}
}

/// Bytes `to_writer` buffers before handing them to the `io::Write` at a
/// [`flush_point`](JsonWriter::flush_point). Each hand-over is a system
/// call for a file or socket; at 64 KiB their cost made streaming a
/// document to a file 10-17% slower than encoding it whole and writing it
/// once, and at 256 KiB still up to 10% on colleges. At 448 KiB the two are
/// level (0.95-1.03x).
pub(crate) const WRITER_CHUNK: usize = 448 * 1024;

/// The most output `to_writer`'s buffer ever holds. It doubles from
/// `WRITER_START` up to this; a write that would need more drains it
/// first. Between `WRITER_CHUNK` and this, an element that ends near a
/// flush point goes out whole with its neighbours.
pub(crate) const WRITER_CAP: usize = 512 * 1024;

/// The longest run of bytes that goes into `to_writer`'s buffer at once.
/// Longer strings are escaped, and longer raw text and indents copied, in
/// pieces of this size, so that none of them needs a larger buffer.
/// Escaping can grow a piece up to six times; that output is reserved in
/// rounds of at most a piece, so it too drains as it goes.
pub(crate) const PIECE: usize = 64 * 1024;

/// `to_writer`'s buffer starts as small as `to_vec`'s and grows towards the
/// chunk size only for documents that need it, so writing a small value
/// allocates little (at 8 KiB, products/10 streamed 1.09x slower than
/// `to_vec` plus `write_all`; at 1 KiB 1.04x).
const WRITER_START: usize = 1024;

/// Where buffered bytes go once they pass the flush threshold.
struct Sink<'a> {
    out: &'a mut dyn io::Write,
    error: Option<io::Error>,
}

/// The output bytes, and for `to_writer` the `io::Write` they drain into.
///
/// In memory it is a `Vec` that grows as needed. Streaming, making room
/// never grows it past [`WRITER_CAP`]: it drains the bytes held so far
/// instead. Every write goes through [`reserve`](Self::reserve) (or
/// methods that call it), whose fast path is the same capacity check that
/// `Vec`'s own methods make, so bounding the memory costs the common path
/// nothing; only what happens when the room runs out differs.
pub(crate) struct Buf<'a> {
    bytes: Vec<u8>,
    sink: Option<Sink<'a>>,
    /// Set while a container whose entries will be reordered is open
    /// (`Options::sort_keys`): its bytes must stay in the buffer until it
    /// closes, so the buffer grows instead of draining.
    hold: bool,
    /// How many times the buffer was drained, so that the inline-array
    /// layout can tell whether an offset it noted still points at the same
    /// bytes.
    drains: usize,
}

#[cfg(test)]
impl Buf<'static> {
    pub(crate) fn in_memory(bytes: Vec<u8>) -> Self {
        Buf::new(bytes, None)
    }

    pub(crate) fn into_vec(self) -> Vec<u8> {
        self.bytes
    }
}

impl<'a> Buf<'a> {
    fn new(bytes: Vec<u8>, sink: Option<Sink<'a>>) -> Self {
        Buf {
            bytes,
            sink,
            hold: false,
            drains: 0,
        }
    }
}

impl Deref for Buf<'_> {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

impl DerefMut for Buf<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.bytes
    }
}

impl Buf<'_> {
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    #[inline(always)]
    pub(crate) fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    #[inline(always)]
    pub(crate) fn as_mut_ptr(&mut self) -> *mut u8 {
        self.bytes.as_mut_ptr()
    }

    /// Sets the length of the output, as [`Vec::set_len`].
    ///
    /// # Safety
    ///
    /// As for [`Vec::set_len`]: `len <= capacity()`, and the bytes up to
    /// `len` are initialized.
    #[inline(always)]
    pub(crate) unsafe fn set_len(&mut self, len: usize) {
        // SAFETY: the caller upholds `Vec::set_len`'s contract.
        unsafe { self.bytes.set_len(len) }
    }

    /// Makes room for `additional` more bytes: afterwards
    /// `capacity() - len() >= additional`, as after [`Vec::reserve`]. When
    /// streaming, the bytes already held may have been drained to the
    /// sink to make that room, so `len()` may be smaller than before.
    #[inline(always)]
    pub(crate) fn reserve(&mut self, additional: usize) {
        if self.bytes.capacity() - self.bytes.len() < additional {
            self.make_room(additional);
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, byte: u8) {
        // Through `extend_from_slice`, whose capacity check is the one
        // made here, so the optimizer folds the two into one.
        self.extend_from_slice(&[byte]);
    }

    #[inline(always)]
    pub(crate) fn extend_from_slice(&mut self, bytes: &[u8]) {
        if self.bytes.capacity() - self.bytes.len() < bytes.len() {
            self.extend_slow(bytes);
        } else {
            self.bytes.extend_from_slice(bytes);
        }
    }

    /// Appends `n` copies of `byte`.
    pub(crate) fn extend_with(&mut self, n: usize, byte: u8) {
        self.reserve(n);
        let len = self.bytes.len();
        self.bytes.resize(len + n, byte);
    }

    /// Shortens the output, as [`Vec::truncate`].
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
    }

    /// Keeps everything in the buffer (`true`) until released (`false`).
    pub(crate) fn set_hold(&mut self, hold: bool) {
        self.hold = hold;
    }

    /// How many times the buffer was drained so far.
    pub(crate) fn drains(&self) -> usize {
        self.drains
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        if self.sink.is_none() || self.hold {
            return self.bytes.reserve(additional);
        }
        if self.bytes.len() + additional > WRITER_CAP {
            self.drain();
        }
        let len = self.bytes.len();
        let needed = len.checked_add(additional).expect("capacity overflow");
        // Doubling, as `Vec` grows, but never past the cap unless one
        // write needs more on its own (only callers that write unbounded
        // text in pieces of at most `PIECE` ask for much).
        let target = (self.bytes.capacity() * 2).min(WRITER_CAP).max(needed);
        self.bytes.reserve_exact(target - len);
    }

    #[cold]
    #[inline(never)]
    fn extend_slow(&mut self, mut bytes: &[u8]) {
        if self.sink.is_some() {
            // Streamed output is never read back as text, so the pieces
            // may split a character.
            while bytes.len() > PIECE {
                let (piece, rest) = bytes.split_at(PIECE);
                self.reserve(PIECE);
                self.bytes.extend_from_slice(piece);
                bytes = rest;
            }
        }
        self.reserve(bytes.len());
        self.bytes.extend_from_slice(bytes);
    }

    /// Hands everything held to the sink, or drops it after an error, so
    /// memory stays bounded while the encoder runs to its end. Does nothing
    /// in memory.
    #[cold]
    #[inline(never)]
    fn drain(&mut self) {
        if self.hold {
            return;
        }
        if let Some(sink) = &mut self.sink {
            if sink.error.is_none() {
                if let Err(e) = sink.out.write_all(&self.bytes) {
                    sink.error = Some(e);
                }
            }
            self.bytes.clear();
            self.drains += 1;
        }
    }

    /// Keeps `error` as the sink's error, unless it has one already, so
    /// that nothing more is written to it.
    fn fail_sink(&mut self, error: impl FnOnce() -> io::Error) -> bool {
        match &mut self.sink {
            Some(sink) => {
                if sink.error.is_none() {
                    sink.error = Some(error());
                }
                true
            }
            None => false,
        }
    }
}

/// The JSON output buffer handed to [`ToJson::write_json`](crate::ToJson::write_json).
///
/// Derived code calls the structural methods ([`key`](Self::key),
/// [`end_object`](Self::end_object), …) with byte literals prepared at
/// compile time. Hand-written impls may call them too; each method documents
/// the bytes it writes in compact and in pretty layout. In canonical output
/// ([`Canonical`]) they write what compact layout writes, and the writer
/// moves each object's entries into sorted order as the object closes.
pub struct JsonWriter<'a, F: Format = Compact> {
    buf: Buf<'a>,
    /// `buf.len()` at which `flush_point` drains the buffer, or, writing
    /// to memory, grows it ahead of need once it is large.
    flush_at: usize,
    indent: &'a [u8],
    depth: usize,
    /// Pretty layout only: `\n` followed by the indent repeated for the
    /// deepest level seen so far, then [`NEWLINE_PAD`] bytes of padding, so
    /// a line break at any depth is one copy of a prefix of it, and a short
    /// one a copy of a fixed [`NEWLINE_PAD`] bytes.
    newline: Vec<u8>,
    /// How [`write_str`](Self::write_str) escapes; [`Escape::Default`]
    /// unless chosen through [`Options`](crate::Options).
    escape: Escape,
    /// JSON Lines: [`write_raw`](Self::write_raw) drops the whitespace
    /// between tokens, so that no raw value breaks its line.
    compact_raw: bool,
    /// In memory, the first error a value reported (only values written
    /// through serde can); streaming, it becomes the sink's error instead,
    /// so that nothing more reaches the sink.
    failure: Option<Error>,
    /// State of the opt-in outputs; `None` for the default ones, whose
    /// paths test it only where pretty layout opens or closes an array.
    extras: Option<Box<extras::Extras>>,
    format: std::marker::PhantomData<F>,
}

impl<'a, F: Format> JsonWriter<'a, F> {
    pub(crate) fn to_memory(buf: Vec<u8>, indent: &'a [u8]) -> Self {
        // Past `LARGE_OUTPUT`, `flush_point` grows the buffer itself, in
        // large steps with huge-page advice (see `huge.rs`).
        let grow_at = buf.capacity().max(crate::huge::LARGE_OUTPUT);
        Self::new(buf, grow_at, None, indent)
    }

    pub(crate) fn to_io(out: &'a mut dyn io::Write, indent: &'a [u8]) -> Self {
        let sink = Sink { out, error: None };
        Self::new(
            Vec::with_capacity(WRITER_START),
            WRITER_CHUNK,
            Some(sink),
            indent,
        )
    }

    fn new(bytes: Vec<u8>, flush_at: usize, sink: Option<Sink<'a>>, indent: &'a [u8]) -> Self {
        let newline = if F::PRETTY {
            let mut newline = Vec::with_capacity(1 + 8 * indent.len() + NEWLINE_PAD);
            newline.push(b'\n');
            newline.resize(1 + NEWLINE_PAD, b' ');
            newline
        } else {
            Vec::new()
        };
        JsonWriter {
            buf: Buf::new(bytes, sink),
            flush_at,
            indent,
            depth: 0,
            newline,
            escape: Escape::Default,
            compact_raw: false,
            failure: None,
            extras: None,
            format: std::marker::PhantomData,
        }
    }

    pub(crate) fn set_escape(&mut self, escape: Escape) {
        self.escape = escape;
    }

    /// For JSON Lines: raw values lose their whitespace (see
    /// [`write_raw`](Self::write_raw)).
    pub(crate) fn set_compact_raw(&mut self) {
        self.compact_raw = true;
    }

    /// The [`Escape`] mode [`write_str`](Self::write_str) uses, for
    /// hand-written impls that write strings by other means.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn escape_mode(&self) -> Escape {
        self.escape
    }

    /// The output, for unit tests that know nothing failed.
    #[cfg(all(test, any(feature = "time", feature = "rust_decimal")))]
    pub(crate) fn into_buf(self) -> Vec<u8> {
        self.buf.bytes
    }

    /// Bytes held and not yet drained.
    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    /// The output, or the error a value reported while it was written.
    /// Out of line, as the writer's set-up in `lib.rs`: every entry point
    /// instantiated for a value type calls it.
    #[inline(never)]
    pub(crate) fn into_result(self) -> Result<Vec<u8>, Error> {
        match self.failure {
            None => Ok(self.buf.bytes),
            Some(error) => Err(error),
        }
    }

    /// Keeps the first error a value reports. Encoding runs on to its end,
    /// since encoders have no `Result` to return, but from here on nothing
    /// reaches the sink and the entry point returns the error (an I/O error
    /// that came first wins).
    #[cold]
    pub(crate) fn fail(&mut self, error: Error) {
        let mut error = Some(error);
        let streaming = self
            .buf
            .fail_sink(|| io::Error::from(error.take().expect("the error is taken once")));
        if !streaming && self.failure.is_none() {
            self.failure = error;
        }
    }

    /// Whether writing to the sink failed, or a value reported an error;
    /// the error is kept for [`finish_io`](Self::finish_io) or
    /// [`into_result`](Self::into_result).
    #[inline]
    pub(crate) fn failed(&self) -> bool {
        self.failure.is_some() || matches!(self.buf.sink, Some(Sink { error: Some(_), .. }))
    }

    /// Writes what is left and reports the first error: an I/O error, or
    /// one a value reported (whichever came first, since nothing is written
    /// after either). Out of line, as [`into_result`](Self::into_result).
    #[inline(never)]
    pub(crate) fn finish_io(mut self) -> io::Result<()> {
        self.buf.hold = false;
        self.buf.drain();
        match self.buf.sink {
            Some(Sink { error: Some(e), .. }) => Err(e),
            Some(Sink { out, error: None }) => out.flush(),
            None => match self.failure {
                Some(failure) => Err(failure.into()),
                None => Ok(()),
            },
        }
    }

    /// Lets `to_writer` drain the buffer. Sequence and map impls call this
    /// between elements; it is one compare when nothing is due.
    ///
    /// Calling it is never needed to bound memory (the buffer drains by
    /// itself before it would outgrow 512 KiB); it hands the output over
    /// in larger pieces, at element boundaries.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn flush_point(&mut self) {
        if self.buf.len() >= self.flush_at {
            self.flush_threshold_reached();
        }
    }

    #[cold]
    #[inline(never)]
    fn flush_threshold_reached(&mut self) {
        if self.buf.sink.is_some() {
            self.buf.drain();
        } else {
            self.flush_at = crate::huge::grow(&mut self.buf.bytes);
        }
    }

    /// Appends `json` as it is, like serde_json's
    /// `Formatter::write_raw_fragment`.
    ///
    /// The text is not checked: the caller is responsible for it being valid
    /// JSON in its place (a whole value, or the separators between values
    /// that the other methods would write). Taking `&str` keeps the output
    /// valid UTF-8, which [`to_string`](crate::to_string) relies on, whatever
    /// the caller passes. To embed JSON text from elsewhere, check it once
    /// with [`RawJson::new`](crate::RawJson::new) and write the `RawJson`.
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// /// Always the same small document, known when the program is written.
    /// struct Origin;
    ///
    /// impl ToJson for Origin {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.write_raw("[0,0]");
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&[Origin]), "[[0,0]]");
    /// ```
    ///
    /// In [JSON Lines](crate::to_writer_lines) output, where a line break
    /// would end the item, the whitespace between tokens is dropped (a
    /// valid JSON text has line breaks only there), so `"[1,\n 2]"` is
    /// written as `[1,2]`; elsewhere the text is copied as it is.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_raw(&mut self, json: &str) {
        if self.compact_raw {
            self.write_raw_compact(json);
        } else {
            self.buf.extend_from_slice(json.as_bytes());
        }
    }

    /// Copies `json` without the whitespace outside its strings. Line
    /// breaks are dropped even inside what looks like a string: valid JSON
    /// has none there, and a line of JSON Lines must not be broken
    /// whatever a hand-written impl passes.
    #[cold]
    #[inline(never)]
    fn write_raw_compact(&mut self, json: &str) {
        let bytes = json.as_bytes();
        let mut in_string = false;
        let mut escaped = false;
        // Start of the bytes not yet copied.
        let mut run = 0;
        for (i, &byte) in bytes.iter().enumerate() {
            let line_break = matches!(byte, b'\n' | b'\r');
            if in_string {
                if escaped {
                    escaped = false;
                } else if byte == b'\\' {
                    escaped = true;
                } else if byte == b'"' {
                    in_string = false;
                }
                if !line_break {
                    continue;
                }
            } else if byte == b'"' {
                in_string = true;
                continue;
            } else if !(line_break || byte == b' ' || byte == b'\t') {
                continue;
            }
            self.buf.extend_from_slice(&bytes[run..i]);
            run = i + 1;
        }
        self.buf.extend_from_slice(&bytes[run..]);
    }

    /// Writes `null`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_null(&mut self) {
        self.buf.extend_from_slice(b"null");
    }

    /// Appends ASCII bytes the crate built itself (digits, date and address
    /// text). Only ASCII may go through here: [`to_string`](crate::to_string)
    /// relies on the buffer staying valid UTF-8.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_ascii(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.is_ascii());
        self.buf.extend_from_slice(bytes);
    }

    /// Writes `s` as a JSON string, quoted and escaped exactly as serde_json
    /// does, or as the writer's [`Escape`] mode says when another was chosen.
    ///
    /// When streaming, a string longer than 64 KiB is escaped in pieces,
    /// each handed to the writer as the buffer fills, so it never needs a
    /// buffer of its own size.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_str(&mut self, s: &str) {
        write_str_to(&mut self.buf, self.escape, s);
    }

    /// Gives the escape and number modules the buffer itself, so they can
    /// reserve once and write without further checks.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn buf_mut(&mut self) -> &mut Buf<'a> {
        &mut self.buf
    }

    /// Appends `before` (if any), a newline with the indent for the current
    /// depth, `after` and `tail`. Derived code passes constants for all
    /// three, so once inlined this is one capacity check and a few
    /// fixed-size copies: the line break is copied as [`NEWLINE_PAD`] bytes
    /// whatever its length (up to that), and `after` overwrites the excess.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn line_break(&mut self, before: Option<u8>, after: &[u8], tail: &[u8]) {
        let n = 1 + self.depth * self.indent.len();
        if n + NEWLINE_PAD > self.newline.len() {
            self.deepen_newline(n);
        }
        if n > NEWLINE_PAD {
            if let Some(byte) = before {
                self.buf.push(byte);
            }
            self.buf.extend_from_slice(&self.newline[..n]);
            self.buf.extend_from_slice(after);
            self.buf.extend_from_slice(tail);
            return;
        }
        let head = usize::from(before.is_some());
        self.buf
            .reserve(head + NEWLINE_PAD + after.len() + tail.len());
        let len = self.buf.len();
        // SAFETY: `reserve` leaves room for `head + NEWLINE_PAD +
        // after.len() + tail.len()` bytes at `len`, and every write below
        // ends within that: `before` at `[0, head)`, the padded line break
        // at `[head, head + NEWLINE_PAD)`, then `after` and `tail` from
        // `head + n`, with `n <= NEWLINE_PAD`. `newline` holds at least
        // `n + NEWLINE_PAD` initialized bytes (checked above), so reading
        // `NEWLINE_PAD` from its start is in bounds. No source can overlap
        // `buf`'s spare capacity, which `buf` owns. The length grows over
        // `[0, head + n + after.len() + tail.len())`, all written: `after`
        // and `tail` come last and replace the padding past the line break.
        unsafe {
            let dst = self.buf.as_mut_ptr().add(len);
            if let Some(byte) = before {
                *dst = byte;
            }
            std::ptr::copy_nonoverlapping(self.newline.as_ptr(), dst.add(head), NEWLINE_PAD);
            let at = dst.add(head + n);
            std::ptr::copy_nonoverlapping(after.as_ptr(), at, after.len());
            std::ptr::copy_nonoverlapping(tail.as_ptr(), at.add(after.len()), tail.len());
            self.buf.set_len(len + head + n + after.len() + tail.len());
        }
    }

    #[cold]
    #[inline(never)]
    fn deepen_newline(&mut self, len: usize) {
        self.newline.truncate(self.newline.len() - NEWLINE_PAD);
        while self.newline.len() < len {
            self.newline.extend_from_slice(self.indent);
        }
        self.newline.resize(self.newline.len() + NEWLINE_PAD, b' ');
    }

    /// Writes an object key with what precedes it, from one literal of the
    /// form `{"key":` (the first key) or `,"key":` (any later key), with the
    /// key already escaped.
    ///
    /// Compact layout writes the literal as it is. Pretty layout writes
    /// `{` or `,`, a newline, the indent, the quoted key and `": "`.
    ///
    /// # Panics
    ///
    /// In pretty layout, if `literal` does not start and end with an ASCII
    /// character, as every literal of the form above does. Derived code
    /// passes constants, for which the check is folded away.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key(&mut self, literal: &str) {
        if F::CANONICAL {
            self.canonical_key(literal);
        } else if F::PRETTY {
            self.pretty_key(literal);
        } else {
            self.buf.extend_from_slice(literal.as_bytes());
        }
    }

    // Inlined so the literal's length is a constant and its slices copy as
    // plain moves.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pretty_key(&mut self, literal: &str) {
        let (open, quoted_key) = split_key(literal);
        if open == b'{' {
            self.depth += 1;
        }
        self.line_break(Some(open), quoted_key, b": ");
    }

    /// Closes an object opened by [`key`](Self::key): `}`, or in pretty
    /// layout a newline, the indent and `}`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_object(&mut self) {
        if F::CANONICAL {
            self.canonical_end_object();
        }
        if F::PRETTY {
            self.depth -= 1;
            self.line_break(None, b"}", b"");
        } else {
            self.buf.push(b'}');
        }
    }

    /// Opens an object whose entries are not known at compile time: `{`.
    /// Entries follow with [`object_entry`](Self::object_entry) and it closes
    /// with [`end_object_dyn`](Self::end_object_dyn).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin_object(&mut self) {
        if F::CANONICAL {
            self.canonical_begin_object();
        }
        if F::PRETTY {
            self.depth += 1;
        }
        self.buf.push(b'{');
    }

    /// Writes what comes before an entry's key: `,` unless it is the first;
    /// in pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn object_entry(&mut self, first: bool) {
        if F::CANONICAL {
            self.canonical_entry();
        } else {
            self.separator(first);
        }
    }

    /// `,` unless `first`; in pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn separator(&mut self, first: bool) {
        if F::PRETTY {
            self.line_break((!first).then_some(b','), b"", b"");
        } else if !first {
            self.buf.push(b',');
        }
    }

    /// Writes an already escaped, quoted key literal (`"key"`) as the next
    /// entry of an object opened with [`begin_object`](Self::begin_object),
    /// with its separator and colon. Clears `first`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key_dyn(&mut self, first: &mut bool, quoted_key: &str) {
        self.object_entry(*first);
        *first = false;
        self.buf.extend_from_slice(quoted_key.as_bytes());
        self.colon();
    }

    /// Separates a key from its value: `:`, or `": "` in pretty layout.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn colon(&mut self) {
        if F::PRETTY {
            self.buf.extend_from_slice(b": ");
        } else {
            self.buf.push(b':');
        }
    }

    /// Closes an object opened by [`begin_object`](Self::begin_object).
    /// `empty` says whether no entry was written, which pretty layout needs
    /// to print `{}`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_object_dyn(&mut self, empty: bool) {
        if F::CANONICAL {
            self.canonical_end_object();
        }
        if F::PRETTY {
            self.depth -= 1;
            if !empty {
                self.line_break(None, b"}", b"");
                return;
            }
        }
        self.buf.push(b'}');
    }

    /// Opens an array: `[`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin_array(&mut self) {
        if F::CANONICAL {
            self.canonical_begin_array();
        }
        if F::PRETTY {
            self.depth += 1;
            if self.extras.is_some() {
                self.inline_begin_array();
            }
        }
        self.buf.push(b'[');
    }

    /// Continues inside an array whose `[` was written by another writer
    /// (an earlier piece of the same output): the nesting depth that
    /// [`begin_array`](Self::begin_array) sets, without the `[`.
    pub(crate) fn resume_array(&mut self) {
        if F::PRETTY {
            self.depth += 1;
        }
    }

    /// Writes what comes before an element: `,` unless it is the first; in
    /// pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array_value(&mut self, first: bool) {
        if F::CANONICAL {
            self.canonical_array_value();
        }
        self.separator(first);
    }

    /// Like [`array_value`](Self::array_value) when whether an element was
    /// written before is only known at run time. Clears `first`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array_value_dyn(&mut self, first: &mut bool) {
        self.array_value(*first);
        *first = false;
    }

    /// Closes an array. `empty` says whether no element was written.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_array(&mut self, empty: bool) {
        if F::CANONICAL {
            self.canonical_end_array();
        }
        if F::PRETTY {
            if self.extras.is_some() && self.inline_end_array(empty) {
                return;
            }
            self.depth -= 1;
            if !empty {
                self.line_break(None, b"]", b"");
                return;
            }
        }
        self.buf.push(b']');
    }
}

/// Padding kept after the cached line break, so that a line break of up to
/// this many bytes (depth 15 with a two-space indent) is copied as a fixed
/// 32 bytes, two vector moves, instead of through a chain of length tests.
const NEWLINE_PAD: usize = 32;

/// [`JsonWriter::write_str`], out of line and generic over nothing: one
/// copy serves every string of every type in a program, where inlining it
/// gave each string field of each derived encoder its own copy of the
/// escaper's checks and calls. Measured on 200 generated types
/// (`benches/compile-time`), release rebuilds were shorter with it out of
/// line; the call costs a few instructions per string.
#[inline(never)]
fn write_str_to(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if s.len() > PIECE {
        return write_long_str(buf, escape, s);
    }
    write_quoted(buf, escape, s);
}

#[inline(always)]
fn write_quoted(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    // One predictable branch per string; the other modes' escaper is
    // out of line, so the default path stays as it was.
    if escape == Escape::Default {
        escape::write_quoted(buf, s);
    } else {
        crate::escape_ext::write_quoted_ext(buf, s, escape);
    }
}

#[cold]
#[inline(never)]
fn write_long_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if buf.sink.is_none() {
        // In memory the whole string is needed anyway.
        return write_quoted(buf, escape, s);
    }
    buf.push(b'"');
    let mut rest = s;
    while !rest.is_empty() {
        let mut cut = rest.len().min(PIECE);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, tail) = rest.split_at(cut);
        if escape == Escape::Default {
            escape::write_unquoted(buf, piece);
        } else {
            crate::escape_ext::write_unquoted_ext(buf, piece, escape);
        }
        rest = tail;
    }
    buf.push(b'"');
}

/// Splits a key literal, `{"key":` or `,"key":`, into its first byte and
/// the quoted key between that and the colon.
///
/// Cutting after an ASCII first byte and before an ASCII last byte cuts
/// between characters, so the key stays valid UTF-8 whatever a hand-written
/// impl passes. Not `inline(always)`: unoptimized builds would otherwise give
/// every caller's frame room for the panic message; optimized builds inline
/// it anyway and fold the checks for constant literals.
#[inline]
fn split_key(literal: &str) -> (u8, &[u8]) {
    let bytes = literal.as_bytes();
    let n = bytes.len();
    debug_assert!(n >= 4 && matches!(bytes[0], b'{' | b','));
    assert!(
        n >= 2 && bytes[0].is_ascii() && bytes[n - 1].is_ascii(),
        "a key literal starts with `{{` or `,` and ends with `:`"
    );
    (bytes[0], &bytes[1..n - 1])
}

/// Appends a short slice of unknown length without calling `memcpy`: up to
/// 32 bytes are copied with two overlapping loads and stores of the widest
/// size that fits, the same trick `memcpy` itself uses for short inputs,
/// but inlined. Numbers, indents and most keys and strings are this short.
#[inline(always)]
pub(crate) fn extend_short(buf: &mut Buf<'_>, bytes: &[u8]) {
    let n = bytes.len();
    if n > 32 {
        buf.extend_from_slice(bytes);
        return;
    }
    buf.reserve(n);
    let len = buf.len();
    let src = bytes.as_ptr();
    // SAFETY: `reserve(n)` leaves room for `n` bytes at `len`, which is
    // read after it (making room may have drained the buffer). Every read
    // is inside `bytes` and every write inside `dst[..n]`: each pair of
    // copies of width `k` covers `[0, k)` and `[n - k, n)` with `k <= n`,
    // which together cover `[0, n)`. The regions do not overlap because
    // `bytes` cannot borrow `buf`'s spare capacity while `buf` is borrowed
    // mutably. All `n` bytes are written before the length grows.
    unsafe {
        let dst = buf.as_mut_ptr().add(len);
        if n >= 16 {
            let head = src.cast::<[u8; 16]>().read_unaligned();
            let tail = src.add(n - 16).cast::<[u8; 16]>().read_unaligned();
            dst.cast::<[u8; 16]>().write_unaligned(head);
            dst.add(n - 16).cast::<[u8; 16]>().write_unaligned(tail);
        } else if n >= 8 {
            let head = src.cast::<[u8; 8]>().read_unaligned();
            let tail = src.add(n - 8).cast::<[u8; 8]>().read_unaligned();
            dst.cast::<[u8; 8]>().write_unaligned(head);
            dst.add(n - 8).cast::<[u8; 8]>().write_unaligned(tail);
        } else if n >= 4 {
            let head = src.cast::<[u8; 4]>().read_unaligned();
            let tail = src.add(n - 4).cast::<[u8; 4]>().read_unaligned();
            dst.cast::<[u8; 4]>().write_unaligned(head);
            dst.add(n - 4).cast::<[u8; 4]>().write_unaligned(tail);
        } else if n > 0 {
            *dst = *src;
            *dst.add(n / 2) = *src.add(n / 2);
            *dst.add(n - 1) = *src.add(n - 1);
        }
        buf.set_len(len + n);
    }
}

#[cfg(test)]
mod tests {
    use super::{extend_short, Buf};

    #[test]
    fn extend_short_copies_every_length() {
        let source: Vec<u8> = (0..=64u8).collect();
        for n in 0..=64 {
            for start in [0, 1, 7, 31] {
                let mut bytes = vec![0xAA; start];
                bytes.shrink_to_fit();
                let mut buf = Buf::in_memory(bytes);
                extend_short(&mut buf, &source[..n]);
                let buf = buf.into_vec();
                assert_eq!(&buf[..start], &vec![0xAA; start][..]);
                assert_eq!(&buf[start..], &source[..n], "n = {n}, start = {start}");
            }
        }
    }
}
