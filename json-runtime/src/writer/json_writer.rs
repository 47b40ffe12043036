//! The output buffer that every encoder writes into.
//!
//! Encoders never see a `Result`: a value that cannot be written reports
//! its error to the writer, which keeps the first one and drops all output
//! after it. In-memory output has no other way to fail. For
//! `to_writer` the buffer (`Buf`) drains into the `io::Write` whenever a
//! write would take it past `WRITER_CAP`, wherever in the value that
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

#[cfg(debug_assertions)]
use super::check_state::Check;
use super::config::Config;
use super::extras::Extras;
use super::format::{Compact, Format};
use super::inline_state::InlineState;
use crate::buf::{copy_at, extend_short, Buf};
use crate::error::Error;
use crate::escape::{self, Escape};

/// The JSON output buffer, under the [`ValueWriter`](super::ValueWriter)
/// that [`ToJson::write_json`](crate::ToJson::write_json) is given.
///
/// Hand-written impls meet it directly in two places: a
/// [`ToJsonKey`](crate::ToJsonKey) writes its key as one string with
/// [`write_str`](Self::write_str), and a
/// [`ToJsonFields`](crate::ToJsonFields) writes object entries with
/// [`entries`](Self::entries). Both write in the writer's layout (compact,
/// pretty, canonical) and escape mode; debug builds panic, naming the
/// type, if a key is not one string.
///
/// ```
/// use json_runtime::{Format, JsonWriter, ToJson, ToJsonKey};
/// use std::collections::BTreeMap;
///
/// #[derive(PartialEq, Eq, PartialOrd, Ord)]
/// struct Sku(u32);
///
/// impl ToJsonKey for Sku {
///     fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
///         w.write_str(&format!("SKU-{}", self.0));
///     }
/// }
///
/// let stock = BTreeMap::from([(Sku(7), 3)]);
/// assert_eq!(json_runtime::to_string(&stock)?, r#"{"SKU-7":3}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// Derived code writes through other methods, with key literals prepared
/// at compile time (`w.key("{\"name\":")`); they belong to a trait of the
/// crate's private module that generated code imports, not to this type.
pub struct JsonWriter<'a, F: Format = Compact> {
    pub(super) buf: Buf<'a>,
    /// `buf.len()` at which `flush_point` drains the buffer, or, writing
    /// to memory, grows it ahead of need once it is large.
    flush_at: usize,
    pub(super) indent: &'a [u8],
    pub(super) depth: usize,
    /// Pretty layout only: `\n` followed by the indent repeated for the
    /// deepest level seen so far, then [`NEWLINE_PAD`] bytes of padding, so
    /// a line break at any depth is one copy of a prefix of it, and a short
    /// one a copy of a fixed [`NEWLINE_PAD`] bytes.
    pub(super) newline: Vec<u8>,
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
    pub(super) extras: Option<Box<Extras>>,
    /// Debug builds only: the structure checks (see `check.rs`).
    #[cfg(debug_assertions)]
    pub(super) check: Check,
    format: std::marker::PhantomData<F>,
}

impl<'a, F: Format> JsonWriter<'a, F> {
    /// A writer into memory, appending to `bytes`, set up as `config` says.
    ///
    /// This and [`streaming`](Self::streaming) are the only set-up of a
    /// writer: every entry point goes through one of them. Both are out of
    /// line and generic over the layout only, so that an entry point
    /// instantiated for a value type is little more than the call to the
    /// value's encoder (a release build of 250 types wrote 190 lines of
    /// LLVM IR per `to_vec` call site when the set-up was inlined).
    #[inline(never)]
    pub(crate) fn in_memory(config: &Config<'a>, bytes: Vec<u8>) -> Self {
        Self::new(config, Buf::in_memory(bytes))
    }

    /// A writer that streams into `out` through a buffer of at most
    /// `WRITER_CAP` bytes, set up as `config` says.
    #[inline(never)]
    pub(crate) fn streaming(config: &Config<'a>, out: &'a mut dyn io::Write) -> Self {
        Self::new(config, Buf::streaming(out))
    }

    fn new(config: &Config<'a>, buf: Buf<'a>) -> Self {
        let indent = config.indent;
        let newline = if F::PRETTY {
            let mut newline = Vec::with_capacity(1 + 8 * indent.len() + NEWLINE_PAD);
            newline.push(b'\n');
            newline.resize(1 + NEWLINE_PAD, b' ');
            newline
        } else {
            Vec::new()
        };
        let mut w = JsonWriter {
            flush_at: buf.first_flush_at(),
            buf,
            indent,
            depth: 0,
            newline,
            escape: config.escape,
            compact_raw: config.compact_raw,
            failure: None,
            extras: None,
            #[cfg(debug_assertions)]
            check: Check::default(),
            format: std::marker::PhantomData,
        };
        if config.sort_keys || (F::PRETTY && config.inline_arrays.is_some()) {
            let extras = w.extras_mut();
            extras.sort_keys = config.sort_keys;
            if F::PRETTY {
                extras.inline = config.inline_arrays.map(InlineState::new);
            }
        }
        w
    }

    pub(super) fn extras_mut(&mut self) -> &mut Extras {
        self.extras.get_or_insert_with(Box::default)
    }

    /// Whether `HashMap` entries and `HashSet` elements are written in
    /// sorted order: with `Options::sort_keys`, and always in canonical
    /// output, whose bytes must not depend on a hash seed.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn sorts_unordered(&self) -> bool {
        F::CANONICAL || self.extras.as_ref().is_some_and(|e| e.sort_keys)
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
        self.buf.into_bytes()
    }

    /// Bytes held and not yet drained.
    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    /// The output, or the error a value reported while it was written.
    /// Out of line, as the writer's set-up (`in_memory`): every entry point
    /// instantiated for a value type calls it.
    /// Canonical output reports its own failure first, as
    /// [`into_canonical_result`](Self::into_canonical_result) says.
    #[inline(never)]
    pub(crate) fn into_result(self) -> Result<Vec<u8>, Error> {
        if F::CANONICAL {
            return self.into_canonical_result();
        }
        self.into_plain_result()
    }

    /// [`into_result`](Self::into_result) without canonical output's
    /// errors.
    pub(super) fn into_plain_result(self) -> Result<Vec<u8>, Error> {
        match self.failure {
            None => Ok(self.buf.into_bytes()),
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
        self.failure.is_some() || self.buf.sink_failed()
    }

    /// Writes what is left and reports the first error: an I/O error, or
    /// one a value reported (whichever came first, since nothing is written
    /// after either). Out of line, as [`into_result`](Self::into_result).
    #[inline(never)]
    pub(crate) fn finish_io(self) -> io::Result<()> {
        match self.buf.finish() {
            Some(result) => result,
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
        self.flush_at = self.buf.flush_due();
    }

    /// [`ValueWriter::write_raw`](super::ValueWriter::write_raw) for the crate's own code.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_raw(&mut self, json: &str) {
        self.check_scalar();
        self.write_raw_text(json);
    }

    /// [`write_raw`](Self::write_raw) without its structure check, for
    /// text that is not one whole value.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn write_raw_text(&mut self, json: &str) {
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
    pub(crate) fn write_null(&mut self) {
        self.check_scalar();
        self.buf.extend_from_slice(b"null");
    }

    /// `true` or `false`, chosen without a branch: one 8-byte store of
    /// either word ([`bool_word`]), whose length is 4 or 5. Inlined at every
    /// `bool` field, this is one capacity check and one store, where a copy
    /// of each constant was a branch and two of each.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_bool(&mut self, value: bool) {
        self.check_scalar();
        let (word, len) = bool_word(value);
        self.buf.extend_from_word(word, len);
    }

    /// Appends ASCII bytes the crate built itself (digits, date and address
    /// text). Only ASCII may go through here: [`to_string`](crate::to_string)
    /// relies on the buffer staying valid UTF-8.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn write_ascii(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.is_ascii());
        self.check_scalar();
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
        self.check_scalar();
        escape::write_str(&mut self.buf, self.escape, s);
    }

    /// Writes `c` as a one-character JSON string, as [`write_str`] writes
    /// it: with one store where nothing in it is to be escaped.
    ///
    /// Out of line, one copy per layout: inlined, the UTF-8 arithmetic and
    /// the fallback added 300-800 bytes to each encoder with a `char`
    /// field (the compile-time benchmark's 100 types: stripped binary
    /// 1,271 -> 1,287 KiB).
    ///
    /// [`write_str`]: Self::write_str
    #[inline(never)]
    pub(crate) fn write_char(&mut self, c: char) {
        match escape::quoted_char_word(c, self.escape) {
            Some((word, len)) => {
                self.check_scalar();
                self.buf.extend_from_word(word, len);
            }
            None => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }

    /// A key literal of a field written with its key in one call
    /// (`ToJson::write_json_keyed`), inside that call: in compact output
    /// copied by length, not stored as constants as [`key`](Self::key)
    /// does at a field.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn key_copied(&mut self, key: &str) {
        if F::PRETTY || F::CANONICAL {
            return self.key(key);
        }
        self.check_key_literal(key);
        extend_short(&mut self.buf, key.as_bytes());
    }

    /// [`key_copied`](Self::key_copied) out of line: one copy per layout
    /// for the key of every non-empty sequence field, where inlined into
    /// the loop of each element type it added 300 bytes to each.
    #[inline(never)]
    pub(crate) fn key_copied_out_of_line(&mut self, key: &str) {
        self.key_copied(key);
    }

    /// A key literal, as [`key`](Self::key) takes it, then an empty array's
    /// `[]`: one call for every empty sequence field of every type, the key
    /// copied by length under one capacity check.
    #[inline(never)]
    pub(crate) fn keyed_empty_array(&mut self, key: &str) {
        if F::PRETTY || F::CANONICAL {
            self.key(key);
            self.write_raw("[]");
            return;
        }
        self.check_key_literal(key);
        self.check_scalar();
        let n = key.len() + 2;
        let dst = self.buf.spare(n);
        // SAFETY: `spare` left room for the key's `key.len()` bytes and the
        // two of `[]` at `dst`, in spare capacity that `key`, borrowed
        // apart from `self`, cannot overlap; all `n` are written before
        // the length grows.
        unsafe {
            let at = dst.add(copy_at(key.as_bytes(), dst));
            at.cast::<[u8; 2]>().write_unaligned(*b"[]");
            self.buf.advance(n);
        }
    }

    /// A key literal, as [`key`](Self::key) takes it, then a string value:
    /// in compact output one shared call for both, so that a string field
    /// of a derived encoder has no code of its own for its key.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn keyed_str(&mut self, key: &str, s: &str) {
        if F::PRETTY || F::CANONICAL {
            self.key(key);
            self.write_str(s);
            return;
        }
        self.check_key_literal(key);
        self.check_scalar();
        escape::write_keyed_str(&mut self.buf, self.escape, key, s);
    }

    /// What comes before an entry's value when its key is a string: `,`
    /// unless `first`, the key quoted and escaped, and the colon. In
    /// compact output one shared call for all three, under one capacity
    /// check.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn entry_key_str(&mut self, first: bool, key: &str) {
        if F::PRETTY || F::CANONICAL {
            self.object_entry(first);
            self.write_str(key);
            self.colon();
            return;
        }
        self.check_entry();
        self.check_scalar();
        self.check_colon();
        escape::write_entry_key(&mut self.buf, self.escape, !first, key);
    }

    /// Gives the escape and number modules the buffer itself, so they can
    /// reserve once and write without further checks.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn buf_mut(&mut self) -> &mut Buf<'a> {
        &mut self.buf
    }

    /// Appends `before` (if any), a newline with the indent for the current
    /// depth, `after` and `tail`: one capacity check and a few copies, the
    /// line break copied as [`NEWLINE_PAD`] bytes whatever its length (up
    /// to that), and `after` overwriting the excess. Where the caller
    /// passes constants (closing brackets), the copies are plain moves.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn line_break(&mut self, before: Option<u8>, after: &[u8], tail: &[u8]) {
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
        let dst = self
            .buf
            .spare(head + NEWLINE_PAD + after.len() + tail.len());
        // SAFETY: `spare` leaves room for `head + NEWLINE_PAD +
        // after.len() + tail.len()` bytes at `dst`, and every write below
        // ends within that: `before` at `[0, head)`, the padded line break
        // at `[head, head + NEWLINE_PAD)`, then `after` and `tail` from
        // `head + n`, with `n <= NEWLINE_PAD`. `newline` holds at least
        // `n + NEWLINE_PAD` initialized bytes (checked above), so reading
        // `NEWLINE_PAD` from its start is in bounds. No source can overlap
        // `buf`'s spare capacity, which `buf` owns. The output advances
        // over `[0, head + n + after.len() + tail.len())`, all written:
        // `after` and `tail` come last and replace the padding past the
        // line break.
        unsafe {
            if let Some(byte) = before {
                *dst = byte;
            }
            std::ptr::copy_nonoverlapping(self.newline.as_ptr(), dst.add(head), NEWLINE_PAD);
            let at = dst.add(head + n);
            // A key is usually short: two overlapping moves, not the
            // `memcpy` call that was 8% of products' pretty time.
            let at = at.add(copy_at(after, at));
            std::ptr::copy_nonoverlapping(tail.as_ptr(), at, tail.len());
            self.buf.advance(head + n + after.len() + tail.len());
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn deepen_newline(&mut self, len: usize) {
        self.newline.truncate(self.newline.len() - NEWLINE_PAD);
        while self.newline.len() < len {
            self.newline.extend_from_slice(self.indent);
        }
        self.newline.resize(self.newline.len() + NEWLINE_PAD, b' ');
    }
}

/// Padding kept after the cached line break, so that a line break of up to
/// this many bytes (depth 15 with a two-space indent) is copied as a fixed
/// 32 bytes, two vector moves, instead of through a chain of length tests.
pub(super) const NEWLINE_PAD: usize = 32;

/// `false` and `true` as eight-byte words (the text, then zeros), indexed
/// by the value.
static BOOL_WORDS: [u64; 2] = [
    u64::from_le_bytes(*b"false\0\0\0"),
    u64::from_le_bytes(*b"true\0\0\0\0"),
];

/// A `bool`'s text as one eight-byte word and its length. A load from a
/// table of the two words, where choosing between two constants was a
/// compare, a move and a conditional move at every `bool` field: 100
/// structs of `bool` fields, net `.text` 144 -> 117 KiB (serde's: 100 KiB).
#[inline(always)]
pub(crate) fn bool_word(value: bool) -> (u64, usize) {
    let index = usize::from(value);
    (BOOL_WORDS[index], 5 - index)
}
