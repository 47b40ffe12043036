//! The writer's hooks for canonical output (RFC 8785): integer range
//! checks, ECMAScript numbers, raw JSON rewritten through the writer, and
//! the first failure with a JSON Pointer to where it happened. Sorting is
//! in `sort.rs`. Nothing outside the writer's files tests for canonical
//! output.

use std::borrow::Cow;

use super::extras::PathSegment;
use super::format::Format;
use super::json_writer::JsonWriter;
use crate::error::{CanonicalError, CanonicalErrorKind, Error};
use crate::number::write_ecmascript;

/// 2^53: every integer up to it in magnitude is exactly a double.
const MAX_EXACT: &[u8] = b"9007199254740992";

/// Checks the integer whose digits (with a `-` for a negative one) were
/// just written at `start`.
#[inline]
pub(crate) fn check_integer<F: Format>(w: &mut JsonWriter<'_, F>, start: usize) {
    let text = &w.buf_mut()[start..];
    let digits = text.strip_prefix(b"-").unwrap_or(text);
    let exact =
        digits.len() < MAX_EXACT.len() || (digits.len() == MAX_EXACT.len() && digits <= MAX_EXACT);
    if !exact {
        let digits = String::from_utf8_lossy(digits).into_owned();
        let digits = if text[0] == b'-' {
            format!("-{digits}")
        } else {
            digits
        };
        w.canonical_fail(CanonicalErrorKind::IntegerOutOfRange(digits));
    }
}

/// Writes a double as canonical JSON, or fails on a NaN or infinity.
#[inline]
pub(crate) fn write_canonical_f64<F: Format>(w: &mut JsonWriter<'_, F>, value: f64) {
    if value.is_finite() {
        w.check_scalar();
        write_ecmascript(w.buf_mut(), value);
    } else {
        // Keeps the discarded output well formed.
        w.write_null();
        w.canonical_fail(CanonicalErrorKind::NotFinite(value));
    }
}

/// Canonical form of a number given as JSON text (a [`RawJson`]'s, or a
/// `serde_json::Number` kept as text): an integer as its digits, if it is
/// within 2^53; anything else as the double it reads as.
///
/// [`RawJson`]: crate::RawJson
pub(crate) fn write_number_text<F: Format>(w: &mut JsonWriter<'_, F>, text: &str) {
    let integer = !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if integer {
        let digits = text.strip_prefix('-').unwrap_or(text);
        w.check_scalar();
        if digits.bytes().all(|b| b == b'0') {
            w.buf_mut().push(b'0');
            return;
        }
        let start = w.buf_mut().len();
        w.buf_mut().extend_from_slice(text.as_bytes());
        check_integer(w, start);
        return;
    }
    match text.parse::<f64>() {
        Ok(value) => write_canonical_f64(w, value),
        Err(_) => {
            // Not a number: only a hand-written impl could pass one.
            w.write_null();
            w.canonical_fail(CanonicalErrorKind::NotFinite(f64::NAN));
        }
    }
}

/// Writes JSON text (a [`RawJson`](crate::RawJson)'s, checked when it was
/// made) in canonical form, through the writer, so its objects are sorted
/// and its strings and numbers rewritten like any others.
fn write_raw<F: Format>(w: &mut JsonWriter<'_, F>, json: &str) {
    let mut reader = RawReader { json, at: 0 };
    reader.value(w);
}

struct RawReader<'a> {
    json: &'a str,
    at: usize,
}

impl RawReader<'_> {
    fn peek(&self) -> u8 {
        self.json.as_bytes().get(self.at).copied().unwrap_or(0)
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), b' ' | b'\n' | b'\r' | b'\t') {
            self.at += 1;
        }
    }

    fn value<F: Format>(&mut self, w: &mut JsonWriter<'_, F>) {
        self.skip_whitespace();
        match self.peek() {
            b'{' => {
                self.at += 1;
                w.begin_object();
                let mut first = true;
                self.skip_whitespace();
                if self.peek() == b'}' {
                    self.at += 1;
                } else {
                    loop {
                        self.skip_whitespace();
                        w.object_entry(first);
                        first = false;
                        self.string(w);
                        self.skip_whitespace();
                        self.at += 1; // `:`
                        w.colon();
                        self.value(w);
                        self.skip_whitespace();
                        let separator = self.peek();
                        self.at += 1;
                        if separator != b',' {
                            break;
                        }
                    }
                }
                w.end_object_dyn(first);
            }
            b'[' => {
                self.at += 1;
                w.begin_array();
                let mut first = true;
                self.skip_whitespace();
                if self.peek() == b']' {
                    self.at += 1;
                } else {
                    loop {
                        w.array_value(first);
                        first = false;
                        self.value(w);
                        self.skip_whitespace();
                        let separator = self.peek();
                        self.at += 1;
                        if separator != b',' {
                            break;
                        }
                    }
                }
                w.end_array(first);
            }
            b'"' => self.string(w),
            b't' => self.literal(w, "true"),
            b'f' => self.literal(w, "false"),
            b'n' => self.literal(w, "null"),
            _ => {
                let start = self.at;
                while matches!(self.peek(), b'-' | b'+' | b'.' | b'0'..=b'9' | b'e' | b'E') {
                    self.at += 1;
                }
                write_number_text(w, &self.json[start..self.at]);
            }
        }
    }

    fn literal<F: Format>(&mut self, w: &mut JsonWriter<'_, F>, literal: &str) {
        self.at += literal.len();
        w.write_raw(literal);
    }

    /// Reads a string and writes it escaped the canonical way.
    fn string<F: Format>(&mut self, w: &mut JsonWriter<'_, F>) {
        let bytes = self.json.as_bytes();
        let start = self.at + 1;
        let mut end = start;
        let mut escaped = false;
        while end < bytes.len() && bytes[end] != b'"' {
            escaped |= bytes[end] == b'\\';
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        self.at = end + 1;
        let content = &self.json[start..end.min(bytes.len())];
        match unescape(content, escaped) {
            Some(text) => w.write_str(&text),
            None => {
                w.write_str("");
                w.canonical_fail(CanonicalErrorKind::UnpairedSurrogate);
            }
        }
    }
}

/// The text of a JSON string's content, or `None` if it escapes an
/// unpaired surrogate.
fn unescape(content: &str, escaped: bool) -> Option<Cow<'_, str>> {
    if !escaped {
        return Some(Cow::Borrowed(content));
    }
    let mut text = String::with_capacity(content.len());
    let mut chars = content.chars();
    let hex4 = |chars: &mut std::str::Chars<'_>| -> Option<u32> {
        let digits: String = chars.by_ref().take(4).collect();
        u32::from_str_radix(&digits, 16).ok()
    };
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        text.push(match chars.next()? {
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let unit = hex4(&mut chars)?;
                if (0xD800..0xDC00).contains(&unit) {
                    if chars.next()? != '\\' || chars.next()? != 'u' {
                        return None;
                    }
                    let low = hex4(&mut chars)?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return None;
                    }
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                } else {
                    char::from_u32(unit)?
                }
            }
            other => other,
        });
    }
    Some(Cow::Owned(text))
}

impl<F: Format> JsonWriter<'_, F> {
    /// Writes JSON text that was checked when it was made (a `RawJson`'s):
    /// as it is, or in canonical output rewritten through the writer, so
    /// that its objects are sorted and its numbers rewritten like any
    /// others.
    #[inline]
    pub(crate) fn write_raw_json(&mut self, json: &str) {
        if F::CANONICAL {
            write_raw(self, json);
        } else {
            self.write_raw(json);
        }
    }

    /// Records the first failure of canonical output, with a JSON Pointer
    /// (RFC 6901) to where it happened.
    #[cold]
    #[inline(never)]
    pub(crate) fn canonical_fail(&mut self, kind: CanonicalErrorKind) {
        if self.extras.as_ref().is_some_and(|e| e.error.is_some()) {
            return;
        }
        let pointer = self.pointer();
        self.extras_mut().error = Some(CanonicalError::new(kind, pointer));
    }

    fn take_canonical_error(&mut self) -> Option<CanonicalError> {
        self.extras.as_deref_mut().and_then(|e| e.error.take())
    }

    /// Canonical output's result: the first value it cannot write without
    /// changing it, else the error a value written through serde reported,
    /// as a [`CanonicalErrorKind::Serialize`], else the bytes.
    pub(super) fn into_canonical_result(mut self) -> Result<Vec<u8>, Error> {
        match self.take_canonical_error() {
            Some(error) => Err(error.into()),
            None => self.into_plain_result().map_err(|error| {
                CanonicalError::new(
                    CanonicalErrorKind::Serialize(error.to_string()),
                    String::new(),
                )
                .into()
            }),
        }
    }

    /// The JSON Pointer to the value being written: object keys are read
    /// back from the output, array indices counted.
    fn pointer(&self) -> String {
        let mut pointer = String::new();
        let Some(extras) = self.extras.as_deref() else {
            return pointer;
        };
        for segment in &extras.path {
            match *segment {
                PathSegment::Array { index } => {
                    if index != usize::MAX {
                        pointer.push('/');
                        pointer.push_str(&index.to_string());
                    }
                }
                PathSegment::Object { frame } => {
                    if let Some(key) = extras.sort.open_key(frame, &self.buf) {
                        pointer.push('/');
                        for c in key.chars() {
                            match c {
                                '~' => pointer.push_str("~0"),
                                '/' => pointer.push_str("~1"),
                                c => pointer.push(c),
                            }
                        }
                    }
                }
            }
        }
        pointer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_raw_strings() {
        assert_eq!(
            unescape(r"a\u00e9\n\/\ud83d\ude02", true).unwrap(),
            "aé\n/😂"
        );
        assert_eq!(unescape(r"\ud800", true), None);
        assert_eq!(unescape(r"\udc00", true), None);
        assert_eq!(unescape(r"\ud800\u0041", true), None);
    }
}
