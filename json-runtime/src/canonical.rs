//! RFC 8785 JSON Canonicalization Scheme (JCS): the output that signatures
//! and hashes of JSON are computed over.

use std::borrow::Cow;
use std::fmt;

use crate::writer::{Buf, Canonical, Format, JsonWriter};
use crate::{into_string, ToJson, DEFAULT_INDENT, INITIAL_CAPACITY};

/// Encodes `value` as canonical JSON, as RFC 8785 (the JSON
/// Canonicalization Scheme, JCS) defines it, for signing or hashing.
///
/// - The entries of every object are sorted by the UTF-16 code units of
///   their keys, at every level: derived structs (whatever the order their
///   fields are declared in), flattened fields, maps and
///   `serde_json::Value` objects alike.
/// - There is no whitespace.
/// - Strings are escaped as ECMAScript's `JSON.stringify` escapes them,
///   which is what serde_json does too: `\"`, `\\`, `\b \f \n \r \t`, other
///   control characters as `\u00xx`, everything else as it is.
/// - Numbers are written as ECMAScript's `Number.prototype.toString`
///   writes the IEEE 754 double they are: `1e+21`, `1e-7`,
///   `10000000000000000` for `1e16`, `4.5`, and `56` for `56.0`. `f32`s are
///   written as the double they convert to exactly (`0.1f32` is
///   `0.10000000149011612`).
/// - `HashSet` elements, whose iteration order changes from run to run,
///   are sorted, as with [`Options::sort_keys`](crate::Options::sort_keys),
///   so the bytes depend only on the value. Other arrays keep their order.
/// - [`RawJson`](crate::RawJson) is canonicalized as it is written.
///
/// # Errors
///
/// Where the value cannot be written without changing it, a
/// [`CanonicalError`] says what and where (as a JSON Pointer):
///
/// - an integer of magnitude above 2<sup>53</sup>
///   (9 007 199 254 740 992). Every integer up to that is exactly a double
///   and is written as its digits. Above it, most integers are not doubles,
///   and the few that are would be written with other digits
///   (2<sup>60</sup> = 1152921504606846976 as `1152921504606847000`), so a
///   reader would get another number. Write such integers as strings
///   (`#[json(as_string)]`).
/// - a NaN or infinite float, which JSON cannot represent;
/// - two entries of one object with the same key (through `flatten`, or a
///   hand-written impl), which RFC 8785 forbids;
/// - in a [`RawJson`](crate::RawJson), a string with an unpaired surrogate
///   escape.
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// struct Payment {
///     to: String,
///     amount: f64,
///     at: u64,
/// }
///
/// let payment = Payment { to: "Zoë".into(), amount: 1e21, at: 1_700_000_000 };
/// assert_eq!(
///     json_runtime::to_string_canonical(&payment)?,
///     r#"{"amount":1e+21,"at":1700000000,"to":"Zoë"}"#,
/// );
///
/// let err = json_runtime::to_vec_canonical(&[f64::NAN]).unwrap_err();
/// assert_eq!(err.pointer(), "/0");
/// # Ok::<(), json_runtime::CanonicalError>(())
/// ```
pub fn to_vec_canonical<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, CanonicalError> {
    let buf = Vec::with_capacity(INITIAL_CAPACITY);
    let mut w = JsonWriter::<Canonical>::to_memory(buf, DEFAULT_INDENT);
    value.write_json(&mut w);
    match w.take_canonical_error() {
        Some(error) => Err(error),
        None => w.into_result().map_err(|error| {
            CanonicalError::new(
                CanonicalErrorKind::Serialize(error.to_string()),
                String::new(),
            )
        }),
    }
}

/// Encodes `value` as canonical JSON text; see [`to_vec_canonical`].
///
/// ```
/// use std::collections::HashMap;
///
/// let value = HashMap::from([("b", [1.0, 0.000001, 1e-7]), ("a", [1e21, -0.0, 0.5])]);
/// assert_eq!(
///     json_runtime::to_string_canonical(&value)?,
///     r#"{"a":[1e+21,0,0.5],"b":[1,0.000001,1e-7]}"#,
/// );
/// # Ok::<(), json_runtime::CanonicalError>(())
/// ```
pub fn to_string_canonical<T: ToJson + ?Sized>(value: &T) -> Result<String, CanonicalError> {
    to_vec_canonical(value).map(into_string)
}

/// Why a value has no RFC 8785 canonical form, and where in it: returned by
/// [`to_vec_canonical`] and [`to_string_canonical`].
///
/// ```
/// use std::collections::BTreeMap;
///
/// let ids = BTreeMap::from([("big", vec![1, u64::MAX])]);
/// let err = json_runtime::to_vec_canonical(&ids).unwrap_err();
/// assert_eq!(err.pointer(), "/big/1");
/// assert!(matches!(err.kind(), json_runtime::CanonicalErrorKind::IntegerOutOfRange(digits) if digits == "18446744073709551615"));
/// assert_eq!(
///     err.to_string(),
///     "cannot write canonical JSON (RFC 8785) at /big/1: the integer 18446744073709551615 is \
///      beyond 2^53 in magnitude, so it is not exactly an IEEE 754 double",
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CanonicalError {
    kind: CanonicalErrorKind,
    pointer: String,
}

/// What made a value impossible to write as canonical JSON; see
/// [`CanonicalError`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum CanonicalErrorKind {
    /// An integer of magnitude above 2<sup>53</sup>, with its digits.
    IntegerOutOfRange(String),
    /// A NaN or an infinity.
    NotFinite(f64),
    /// An object with this key twice.
    DuplicateKey(String),
    /// A [`RawJson`](crate::RawJson) string with an unpaired UTF-16
    /// surrogate escape (`"\ud800"`), which has no canonical form.
    UnpairedSurrogate,
    /// A value written through its `serde::Serialize` impl (a field that
    /// falls back to serde, or [`Serde`](crate::Serde)) reported this
    /// error, as `serde_json::to_vec` would return it.
    Serialize(String),
}

impl CanonicalError {
    pub(crate) fn new(kind: CanonicalErrorKind, pointer: String) -> Self {
        CanonicalError { kind, pointer }
    }

    /// What went wrong.
    pub fn kind(&self) -> &CanonicalErrorKind {
        &self.kind
    }

    /// Where: a JSON Pointer (RFC 6901) to the value, such as `/items/3/id`;
    /// empty for the whole document. For a duplicate key, the object that
    /// holds it. Indices inside a `HashSet` count in the order the set was
    /// iterated.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }
}

impl fmt::Display for CanonicalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot write canonical JSON (RFC 8785)")?;
        if !self.pointer.is_empty() {
            write!(f, " at {}", self.pointer)?;
        }
        match &self.kind {
            CanonicalErrorKind::IntegerOutOfRange(digits) => write!(
                f,
                ": the integer {digits} is beyond 2^53 in magnitude, so it is not exactly an IEEE 754 double"
            ),
            CanonicalErrorKind::NotFinite(value) => {
                write!(f, ": {value} is not a finite number")
            }
            CanonicalErrorKind::DuplicateKey(key) => {
                write!(f, ": the key {key:?} occurs twice in one object")
            }
            CanonicalErrorKind::UnpairedSurrogate => {
                f.write_str(": a string holds an unpaired UTF-16 surrogate")
            }
            CanonicalErrorKind::Serialize(message) => write!(f, ": {message}"),
        }
    }
}

impl std::error::Error for CanonicalError {}

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
pub(crate) fn write_f64<F: Format>(w: &mut JsonWriter<'_, F>, value: f64) {
    if value.is_finite() {
        write_ecmascript(w.buf_mut(), value);
    } else {
        // Keeps the discarded output well formed.
        w.write_null();
        w.canonical_fail(CanonicalErrorKind::NotFinite(value));
    }
}

/// Appends a finite double as ECMAScript's `Number::toString(x)` writes it
/// (ECMA-262, 6.1.6.1.20), which RFC 8785 adopts.
///
/// zmij finds the digits: the shortest that round-trip, and of those the
/// closest to the value, which is what the ECMAScript algorithm asks for.
/// Only their layout differs from serde_json's, so it is read back from
/// zmij's text and laid out again.
pub(crate) fn write_ecmascript(out: &mut Buf<'_>, value: f64) {
    if value == 0.0 {
        // Negative zero too.
        out.push(b'0');
        return;
    }
    if value < 0.0 {
        out.push(b'-');
    }
    let mut buffer = zmij::Buffer::new();
    let (digits, k, n) = decimal(buffer.format_finite(value.abs()).as_bytes());
    let digits = &digits[..k];
    // The value is 0.d1d2...dk * 10^n; ECMAScript's n.
    if k as i32 <= n && n <= 21 {
        out.extend_from_slice(digits);
        out.extend_with(n as usize - k, b'0');
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        out.extend_from_slice(int);
        out.push(b'.');
        out.extend_from_slice(frac);
    } else if -6 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.extend_with((-n) as usize, b'0');
        out.extend_from_slice(digits);
    } else {
        out.push(digits[0]);
        if k > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        let e = n - 1;
        out.extend_from_slice(if e < 0 { b"e-" } else { b"e+" });
        let mut text = itoa::Buffer::new();
        out.extend_from_slice(text.format(e.unsigned_abs()).as_bytes());
    }
}

/// Reads a positive decimal number as zmij writes it (`123.45`, `1e+16`,
/// `1.5e-7`, `0.001`) into its significant digits, their count `k`, and
/// the exponent `n` for which the value is `0.d1d2...dk * 10^n`.
fn decimal(text: &[u8]) -> ([u8; 32], usize, i32) {
    let mut digits = [0u8; 32];
    let mut k = 0;
    // Digits before the point, and position of the first nonzero digit,
    // counted over all digits of the mantissa.
    let mut before_point: i32 = 0;
    let mut seen_point = false;
    let mut first_nonzero: Option<i32> = None;
    let mut position: i32 = 0;
    let mut exponent: i32 = 0;
    let mut rest = text;
    while let Some((&c, tail)) = rest.split_first() {
        match c {
            b'0'..=b'9' => {
                if c != b'0' && first_nonzero.is_none() {
                    first_nonzero = Some(position);
                }
                if first_nonzero.is_some() && k < digits.len() {
                    digits[k] = c;
                    k += 1;
                }
                position += 1;
                if !seen_point {
                    before_point += 1;
                }
            }
            b'.' => seen_point = true,
            b'e' | b'E' => {
                let (negative, exp) = match tail.split_first() {
                    Some((b'-', e)) => (true, e),
                    Some((b'+', e)) => (false, e),
                    _ => (false, tail),
                };
                let magnitude = exp
                    .iter()
                    .fold(0i32, |acc, &d| acc * 10 + i32::from(d - b'0'));
                exponent = if negative { -magnitude } else { magnitude };
                break;
            }
            _ => {}
        }
        rest = tail;
    }
    while k > 1 && digits[k - 1] == b'0' {
        k -= 1;
    }
    let n = before_point - first_nonzero.unwrap_or(0) + exponent;
    (digits, k, n)
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
        Ok(value) => write_f64(w, value),
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
pub(crate) fn write_raw<F: Format>(w: &mut JsonWriter<'_, F>, json: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn es(value: f64) -> String {
        let mut out = Buf::in_memory(Vec::new());
        write_ecmascript(&mut out, value);
        String::from_utf8(out.into_vec()).unwrap()
    }

    #[test]
    fn ecmascript_layout() {
        // From RFC 8785, Appendix B, and ECMA-262's examples.
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.5, "-1.5"),
            (56.0, "56"),
            (4.5, "4.5"),
            (0.002, "0.002"),
            (1e-27, "1e-27"),
            (1e30, "1e+30"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1e16, "10000000000000000"),
            (9007199254740992.0, "9007199254740992"),
            (9007199254740994.0, "9007199254740994"),
            (333333333.3333333, "333333333.3333333"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (9.999999999999997e-7, "9.999999999999997e-7"),
            (1.2345e-7, "1.2345e-7"),
            (123456789012345680000.0, "123456789012345680000"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
            (5e-324, "5e-324"),
            (-5e-324, "-5e-324"),
            (295147905179352830000.0, "295147905179352830000"),
            (0.1, "0.1"),
            (100.0, "100"),
            (1.5e300, "1.5e+300"),
        ];
        for &(value, expected) in cases {
            assert_eq!(es(value), expected, "{value:e}");
        }
    }

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
