//! The output buffer that every encoder writes into.
//!
//! Encoders never see a `Result`. In-memory output cannot fail, and for
//! `to_writer` the buffer is drained into the `io::Write` only at
//! [`JsonWriter::flush_point`]s, which the sequence and map impls call
//! between elements. The first I/O error is kept, the sink is never touched
//! again, and the entry point returns that error once encoding unwinds.
//!
//! The structural methods are `inline(always)` in optimized builds, so that
//! a derived encoder is straight-line code around constant literals. Builds
//! with debug assertions get plain `#[inline]` instead: unoptimized code
//! that inlines everything gives each encoder's frame room for every
//! inlined temporary, and a recursive type pays that at every level of
//! nesting (pretty `serde_json::Value` arrays took 1.8 KB of stack per
//! level that way, 128 B out of line).

use std::io;

use crate::escape;
use crate::options::Escape;

/// Chooses compact or pretty output at compile time, so the compact path
/// carries no layout branches at all.
///
/// This trait is sealed: the two layouts are [`Compact`] and [`Pretty`].
pub trait Format: private::Sealed {
    #[doc(hidden)]
    const PRETTY: bool;
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

mod private {
    pub trait Sealed {}
    impl Sealed for super::Compact {}
    impl Sealed for super::Pretty {}
}

/// Bytes `to_writer` buffers before handing them to the `io::Write`. Each
/// hand-over is a system call for a file or socket; at 64 KiB their cost
/// made streaming a document to a file 10-17% slower than encoding it whole
/// and writing it once, and at 256 KiB still up to 10% on colleges. At
/// 448 KiB the two are level (0.95-1.03x). The buffer doubles from
/// `WRITER_START` to 512 KiB and drains past 448 KiB, so an element of up
/// to 64 KiB never makes it grow further: memory stays under 512 KiB.
pub(crate) const WRITER_CHUNK: usize = 448 * 1024;

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

/// The JSON output buffer handed to [`ToJson::write_json`](crate::ToJson::write_json).
///
/// Derived code calls the structural methods ([`key`](Self::key),
/// [`end_object`](Self::end_object), …) with byte literals prepared at
/// compile time. Hand-written impls may call them too; each method documents
/// the bytes it writes in compact and in pretty layout.
pub struct JsonWriter<'a, F: Format = Compact> {
    buf: Vec<u8>,
    /// `buf.len()` at which `flush_point` drains the buffer, or, writing
    /// to memory, grows it ahead of need once it is large.
    flush_at: usize,
    sink: Option<Sink<'a>>,
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

    fn new(buf: Vec<u8>, flush_at: usize, sink: Option<Sink<'a>>, indent: &'a [u8]) -> Self {
        let newline = if F::PRETTY {
            let mut newline = Vec::with_capacity(1 + 8 * indent.len() + NEWLINE_PAD);
            newline.push(b'\n');
            newline.resize(1 + NEWLINE_PAD, b' ');
            newline
        } else {
            Vec::new()
        };
        JsonWriter {
            buf,
            flush_at,
            sink,
            indent,
            depth: 0,
            newline,
            escape: Escape::Default,
            format: std::marker::PhantomData,
        }
    }

    pub(crate) fn set_escape(&mut self, escape: Escape) {
        self.escape = escape;
    }

    /// The [`Escape`] mode [`write_str`](Self::write_str) uses, for
    /// hand-written impls that write strings by other means.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn escape_mode(&self) -> Escape {
        self.escape
    }

    pub(crate) fn into_buf(self) -> Vec<u8> {
        self.buf
    }

    /// Writes what is left and reports the first I/O error, if any.
    pub(crate) fn finish_io(mut self) -> io::Result<()> {
        self.drain();
        match self.sink {
            Some(Sink { error: Some(e), .. }) => Err(e),
            Some(Sink { out, error: None }) => out.flush(),
            None => Ok(()),
        }
    }

    /// Lets `to_writer` drain the buffer. Sequence and map impls call this
    /// between elements; it is one compare when nothing is due.
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
        if self.sink.is_some() {
            self.drain();
        } else {
            self.flush_at = crate::huge::grow(&mut self.buf);
        }
    }

    #[cold]
    #[inline(never)]
    fn drain(&mut self) {
        if let Some(sink) = &mut self.sink {
            if sink.error.is_none() {
                if let Err(e) = sink.out.write_all(&self.buf) {
                    sink.error = Some(e);
                }
            }
            // After an error the bytes are dropped, so memory stays bounded
            // while the encoder runs to its end.
            self.buf.clear();
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn write_raw(&mut self, json: &str) {
        self.buf.extend_from_slice(json.as_bytes());
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
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        // One predictable branch per string; the other modes' escaper is
        // out of line, so the default path stays as it was.
        if self.escape == Escape::Default {
            escape::write_quoted(&mut self.buf, s);
        } else {
            crate::escape_ext::write_quoted_ext(&mut self.buf, s, self.escape);
        }
    }

    /// Gives the escape and number modules the buffer itself, so they can
    /// reserve once and write without further checks.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn buf_mut(&mut self) -> &mut Vec<u8> {
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
            self.buf.extend(before);
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
        if F::PRETTY {
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
        if F::PRETTY {
            self.depth += 1;
        }
        self.buf.push(b'[');
    }

    /// Writes what comes before an element: `,` unless it is the first; in
    /// pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array_value(&mut self, first: bool) {
        self.object_entry(first);
    }

    /// Like [`array_value`](Self::array_value) when whether an element was
    /// written before is only known at run time. Clears `first`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array_value_dyn(&mut self, first: &mut bool) {
        self.object_entry(*first);
        *first = false;
    }

    /// Closes an array. `empty` says whether no element was written.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_array(&mut self, empty: bool) {
        if F::PRETTY {
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
pub(crate) fn extend_short(buf: &mut Vec<u8>, bytes: &[u8]) {
    let n = bytes.len();
    if n > 32 {
        buf.extend_from_slice(bytes);
        return;
    }
    buf.reserve(n);
    let len = buf.len();
    let src = bytes.as_ptr();
    // SAFETY: `reserve(n)` leaves room for `n` bytes at `len`. Every read
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
    use super::extend_short;

    #[test]
    fn extend_short_copies_every_length() {
        let source: Vec<u8> = (0..=64u8).collect();
        for n in 0..=64 {
            for start in [0, 1, 7, 31] {
                let mut buf = vec![0xAA; start];
                buf.reserve_exact(0);
                extend_short(&mut buf, &source[..n]);
                assert_eq!(&buf[..start], &vec![0xAA; start][..]);
                assert_eq!(&buf[start..], &source[..n], "n = {n}, start = {start}");
            }
        }
    }
}
