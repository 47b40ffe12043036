//! The derive's protocol: the `JsonWriter` methods that generated code
//! calls, with key literals computed at compile time and separators whose
//! place the generated code knows. The crate's impls call them as they
//! are; generated code reaches them through `__private::WriterProtocol`,
//! which forwards to them, so that they are not part of `JsonWriter`'s
//! public API: they are easy to misuse by hand, and the checked API
//! (`object`, `array`, `value`) is built on them.

use super::format::{Format, KeyLayouts};
use super::json_writer::JsonWriter;
use crate::buf::extend_short;

impl<F: Format> JsonWriter<'_, F> {
    /// Writes a unit variant's name, already quoted and escaped by the
    /// derive, as [`write_raw`](Self::write_raw) does. Out of line, so that
    /// each enum's encoder is a table lookup and a call, not a copy with
    /// its capacity check and slow path; serde_json escapes the name at
    /// run time, a call too.
    #[inline(never)]
    pub(crate) fn unit_variant(&mut self, quoted_name: &str) {
        self.write_raw(quoted_name);
    }

    /// Writes the `index`-th of the quoted names in `names`, which starts
    /// at `ends[index]` and ends at `ends[index + 1]`, as
    /// [`unit_variant`](Self::unit_variant) does: a derived enum whose
    /// variants all write their name (see `private::unit_variant`).
    ///
    /// The variant is data, often random from value to value, so nothing
    /// here branches on which one it is: the name's bounds are checked
    /// with no branch but the one that rejects them, and a name of up to 16
    /// bytes is one 16-byte copy, from its start or, near the end of
    /// `names`, from the last 16 bytes shifted to it. A first form, with
    /// `str::get` and a `memcpy` of the name's length, took
    /// `shapes/unit_enums` (five enum fields of random variants) from 4.2x
    /// serde_json's speed, with a `&str` per variant, to 2.6x; this one
    /// runs at 4.9x.
    ///
    /// An index or offsets that do not pick a whole name, which the derive
    /// never passes, write `null`, so that the value is still one JSON
    /// value and the output UTF-8.
    #[inline(never)]
    pub(crate) fn unit_variant_of(&mut self, names: &str, ends: &[u32], index: usize) {
        const WIDE: usize = 16;
        let bytes = names.as_bytes();
        let n = bytes.len();
        let (start, end) = match ends.get(index..index.wrapping_add(2)) {
            Some(&[start, end]) => (start as usize, end as usize),
            _ => (0, 0),
        };
        // A character boundary is the end or a byte that does not continue
        // a character. `start < end <= n` puts both indexes below `n`
        // after `min`, and `n >= 1`.
        let boundary = |i: usize| (i == n) | ((bytes[i.min(n - 1)] as i8) >= -0x40);
        if !(start < end && end <= n && boundary(start) & boundary(end)) {
            return self.write_raw("null");
        }
        self.check_scalar();
        let len = end - start;
        if n < WIDE || len > WIDE {
            return extend_short(&mut self.buf, &bytes[start..end]);
        }
        let from = start.min(n - WIDE);
        let text = u128::from_le_bytes(bytes[from..from + WIDE].try_into().unwrap_or_default());
        // `start - from < WIDE`: the name's first byte lowest.
        let text = text >> (8 * (start - from));
        let dst = self.buf.spare(WIDE);
        // SAFETY: `spare` left room for `WIDE` bytes at `dst`. The output
        // advances over the first `len` of them, which are `names[start..
        // end]`, a whole `&str` cut at the character boundaries checked
        // above.
        unsafe {
            dst.cast::<[u8; WIDE]>().write_unaligned(text.to_le_bytes());
            self.buf.advance(len);
        }
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
    pub(crate) fn key(&mut self, literal: &str) {
        self.check_key_literal(literal);
        // The compact copy stays here, where the MIR inliner takes it into
        // each encoder: behind the trait call as well, it made records,
        // twitter, citm and products 8-30% slower.
        if F::PRETTY || F::CANONICAL {
            F::write_key(self, literal);
        } else {
            self.compact_key(literal);
        }
    }

    /// Out of line, one copy per layout for every key of every type:
    /// inlined, the line break made each field's pretty code 2.3 times its
    /// compact code, and pretty output has speed to spare where compact
    /// output has none.
    #[inline(never)]
    fn pretty_key_line(&mut self, open: u8, quoted_key: &[u8]) {
        self.key_line(open, quoted_key);
    }

    /// [`pretty_key_line`](Self::pretty_key_line)'s body, for the shared
    /// calls that write a value after the key too.
    #[inline(always)]
    pub(super) fn key_line(&mut self, open: u8, quoted_key: &[u8]) {
        if open == b'{' {
            self.depth += 1;
        }
        self.line_break(Some(open), quoted_key, b": ");
    }

    /// The pretty `}` on its own line; out of line as
    /// [`pretty_key_line`](Self::pretty_key_line).
    #[inline(never)]
    fn pretty_end_object(&mut self) {
        self.depth -= 1;
        self.line_break(None, b"}", b"");
    }

    /// Opens an object and writes its first entries when their keys and
    /// values are all known at compile time, such as an enum's tag,
    /// optionally followed by the next key. Derived code for tagged enums
    /// uses it.
    ///
    /// `compact` is the whole run in compact layout, written as it is:
    /// `{"type":"Circle"` or `{"type":"Circle","radius":`. `pretty` is the
    /// same run in pieces, alternately key literals as taken by
    /// [`key`](Self::key) and raw values: `["{\"type\":", "\"Circle\"",
    /// ",\"radius\":"]`. Close the object with
    /// [`end_object`](Self::end_object).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn static_entries(&mut self, compact: &str, pretty: &[&str]) {
        // Canonical output records each key, so it takes the pieces too.
        if F::PRETTY || F::CANONICAL {
            for pair in pretty.chunks(2) {
                self.key(pair[0]);
                if let Some(value) = pair.get(1) {
                    self.write_raw(value);
                }
            }
        } else {
            // The checks follow the pieces, which say what `compact` is.
            #[cfg(debug_assertions)]
            for pair in pretty.chunks(2) {
                self.check_key_literal(pair[0]);
                if pair.len() > 1 {
                    self.check_scalar();
                }
            }
            self.write_raw_text(compact);
        }
    }

    /// Closes an object opened by [`key`](Self::key): `}`, or in pretty
    /// layout a newline, the indent and `}`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_object(&mut self) {
        self.check_close_object();
        if F::CANONICAL {
            self.canonical_end_object();
        }
        if F::PRETTY {
            self.pretty_end_object();
        } else {
            self.buf.push(b'}');
        }
    }

    /// Opens an object whose entries are not known at compile time: `{`.
    /// Entries follow with [`object_entry`](Self::object_entry) and it closes
    /// with [`end_object_dyn`](Self::end_object_dyn).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn begin_object(&mut self) {
        self.check_open_object(false);
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
    pub(crate) fn object_entry(&mut self, first: bool) {
        self.check_entry();
        if F::CANONICAL {
            self.canonical_entry();
        } else {
            self.separator(first);
        }
    }

    /// `,` unless `first`; in pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn separator(&mut self, first: bool) {
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
    pub(crate) fn key_dyn(&mut self, first: &mut bool, quoted_key: &str) {
        self.object_entry(*first);
        *first = false;
        self.buf.extend_from_slice(quoted_key.as_bytes());
        self.colon();
    }

    /// Separates a key from its value: `:`, or `": "` in pretty layout.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn colon(&mut self) {
        self.check_colon();
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
    pub(crate) fn end_object_dyn(&mut self, empty: bool) {
        self.check_close_object();
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
    pub(crate) fn begin_array(&mut self) {
        self.check_open_array();
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
        self.check_resume_array();
        if F::PRETTY {
            self.depth += 1;
        }
    }

    /// Writes what comes before an element: `,` unless it is the first; in
    /// pretty layout also a newline and the indent.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn array_value(&mut self, first: bool) {
        self.check_element();
        if F::CANONICAL {
            self.canonical_array_value();
        }
        self.separator(first);
    }

    /// Like [`array_value`](Self::array_value) when whether an element was
    /// written before is only known at run time. Clears `first`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn array_value_dyn(&mut self, first: &mut bool) {
        self.array_value(*first);
        *first = false;
    }

    /// Closes an array. `empty` says whether no element was written.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn end_array(&mut self, empty: bool) {
        self.check_close_array();
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

impl<F: Format> KeyLayouts for JsonWriter<'_, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compact_key(&mut self, literal: &str) {
        self.buf.extend_from_slice(literal.as_bytes());
    }

    // Only the literal's split is inlined (its checks fold away on a
    // constant); the line break is one shared call.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pretty_key(&mut self, literal: &str) {
        let (open, quoted_key) = split_key(literal);
        self.pretty_key_line(open, quoted_key);
    }

    #[inline]
    fn canonical_key(&mut self, literal: &str) {
        self.canonical_entry_key(literal);
    }
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
pub(super) fn split_key(literal: &str) -> (u8, &[u8]) {
    let bytes = literal.as_bytes();
    let n = bytes.len();
    debug_assert!(n >= 4 && matches!(bytes[0], b'{' | b','));
    assert!(
        n >= 2 && bytes[0].is_ascii() && bytes[n - 1].is_ascii(),
        "a key literal starts with `{{` or `,` and ends with `:`"
    );
    (bytes[0], &bytes[1..n - 1])
}
