//! How the entries of a sorted container compare: object keys by their
//! UTF-16 units or their text, integer keys by value, set elements by
//! their JSON text. Works on the escaped bytes in the output, so keys are
//! never decoded to be compared.

use std::cmp::Ordering;

/// How a sorted container's entries are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// Object keys by their UTF-16 code units, as RFC 8785 asks; two equal
    /// keys are an error.
    KeysUtf16,
    /// Object keys by their text, code point by code point: `str`'s order,
    /// and so a `BTreeMap<String, _>`'s.
    KeysText,
    /// Object keys that are integers written as strings, by value, as a
    /// `BTreeMap` of integers orders them.
    KeysInteger,
    /// Set elements by their JSON text: numbers by value, strings by their
    /// text as for [`Order::KeysText`], anything else by its compact
    /// bytes.
    Elements,
}

pub(super) fn compare(order: Order, a: &[u8], b: &[u8]) -> Ordering {
    match order {
        Order::KeysUtf16 => compare_strings(a, b, true),
        Order::KeysText => compare_strings(a, b, false),
        Order::KeysInteger => compare_numbers(a, b),
        Order::Elements => compare_elements(a, b),
    }
}

/// Compares two JSON string contents (escaped, without quotes) by the text
/// they stand for: by UTF-16 code units when `utf16`, else by code points.
pub(crate) fn compare_strings(a: &[u8], b: &[u8], utf16: bool) -> Ordering {
    if !a.contains(&b'\\') && !b.contains(&b'\\') {
        // UTF-8 bytes order as code points do.
        return if utf16 {
            compare_utf8_as_utf16(a, b)
        } else {
            a.cmp(b)
        };
    }
    let (mut x, mut y) = (Unescape::new(a), Unescape::new(b));
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c == d => {}
            (Some(c), Some(d)) if utf16 => return utf16_units(c).cmp(&utf16_units(d)),
            (Some(c), Some(d)) => return c.cmp(&d),
        }
    }
}

/// UTF-16 orders code points as UTF-8 does, except that U+E000..U+FFFF
/// come after U+10000.. (whose leading surrogates are U+D800..U+DBFF). In
/// UTF-8 the former start with byte 0xEE or 0xEF and the latter with 0xF0
/// or more, so only that pair of lead bytes needs a second look.
pub(super) fn compare_utf8_as_utf16(a: &[u8], b: &[u8]) -> Ordering {
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else {
        return a.len().cmp(&b.len());
    };
    // The characters that differ start at the same place in both, since
    // everything before `i` is equal.
    let mut start = i;
    while start > 0 && a[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    let (x, y) = (a[start], b[start]);
    match (x >= 0xF0, y >= 0xF0) {
        (true, false) if y >= 0xEE => Ordering::Less,
        (false, true) if x >= 0xEE => Ordering::Greater,
        _ => a[i].cmp(&b[i]),
    }
}

fn utf16_units(c: u32) -> (u32, u32) {
    if c >= 0x10000 {
        let c = c - 0x10000;
        (0xD800 + (c >> 10), 0xDC00 + (c & 0x3FF))
    } else {
        (c, 0)
    }
}

/// Compares two numbers written as JSON: integers exactly, however long,
/// others by their `f64` value; text that is equal in value (or is not a
/// number) is ordered by its bytes, so the order is total.
pub(crate) fn compare_numbers(a: &[u8], b: &[u8]) -> Ordering {
    let by_value = match (integer_parts(a), integer_parts(b)) {
        (Some((neg_a, da)), Some((neg_b, db))) => match (neg_a, neg_b) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => da.len().cmp(&db.len()).then_with(|| da.cmp(db)),
            (true, true) => db.len().cmp(&da.len()).then_with(|| db.cmp(da)),
        },
        _ => match (parse_f64(a), parse_f64(b)) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            _ => Ordering::Equal,
        },
    };
    by_value.then_with(|| a.cmp(b))
}

/// `(negative, digits)` of an integer without sign, point or exponent;
/// zero is never negative.
fn integer_parts(text: &[u8]) -> Option<(bool, &[u8])> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some((negative && digits != b"0", digits))
}

fn parse_f64(text: &[u8]) -> Option<f64> {
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// Set elements: see [`Order::Elements`].
pub(super) fn compare_elements(a: &[u8], b: &[u8]) -> Ordering {
    let number = |t: &[u8]| matches!(t.first(), Some(b'-' | b'0'..=b'9'));
    let string = |t: &[u8]| t.len() >= 2 && t[0] == b'"' && t[t.len() - 1] == b'"';
    if number(a) && number(b) {
        compare_numbers(a, b)
    } else if string(a) && string(b) {
        compare_strings(&a[1..a.len() - 1], &b[1..b.len() - 1], false).then_with(|| a.cmp(b))
    } else {
        // Whitespace outside strings is skipped, so pretty and compact
        // output put the elements in the same order.
        Compacted::new(a).cmp(Compacted::new(b))
    }
}

/// The bytes of JSON text without the whitespace between tokens.
struct Compacted<'a> {
    bytes: std::slice::Iter<'a, u8>,
    in_string: bool,
    escaped: bool,
}

impl<'a> Compacted<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Compacted {
            bytes: bytes.iter(),
            in_string: false,
            escaped: false,
        }
    }
}

impl Iterator for Compacted<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        loop {
            let b = *self.bytes.next()?;
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                }
                return Some(b);
            }
            match b {
                b' ' | b'\n' | b'\r' | b'\t' => {}
                b'"' => {
                    self.in_string = true;
                    return Some(b);
                }
                _ => return Some(b),
            }
        }
    }
}

/// The code points of an escaped JSON string's content. A `\uXXXX` pair of
/// surrogates is one code point; a lone surrogate comes out as its value.
struct Unescape<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Unescape<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Unescape { bytes, at: 0 }
    }

    fn byte(&self, at: usize) -> u32 {
        u32::from(self.bytes.get(at).copied().unwrap_or(0))
    }

    fn hex4(&self, at: usize) -> Option<u32> {
        let digits = self.bytes.get(at..at + 4)?;
        u32::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    }
}

impl Iterator for Unescape<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let lead = *self.bytes.get(self.at)?;
        if lead != b'\\' {
            // Valid UTF-8: the buffer holds whole `&str`s and ASCII.
            let (len, bits) = match lead {
                0x00..=0x7F => (1, u32::from(lead)),
                0x80..=0xDF => (2, u32::from(lead & 0x1F)),
                0xE0..=0xEF => (3, u32::from(lead & 0x0F)),
                _ => (4, u32::from(lead & 0x07)),
            };
            let c = (1..len).fold(bits, |c, k| c << 6 | (self.byte(self.at + k) & 0x3F));
            self.at += len;
            return Some(c);
        }
        let kind = self.byte(self.at + 1);
        self.at += 2;
        Some(match kind as u8 {
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => 0x0A,
            b'r' => 0x0D,
            b't' => 0x09,
            b'u' => {
                let Some(unit) = self.hex4(self.at) else {
                    return Some(0xFFFD);
                };
                self.at += 4;
                if (0xD800..0xDC00).contains(&unit)
                    && self.bytes.get(self.at..self.at + 2) == Some(b"\\u")
                {
                    if let Some(low @ 0xDC00..=0xDFFF) = self.hex4(self.at + 2) {
                        self.at += 6;
                        return Some(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                    }
                }
                unit
            }
            other => u32::from(other),
        })
    }
}

/// The text of an escaped JSON string's content, for messages.
pub(super) fn decode(escaped: &[u8]) -> String {
    Unescape::new(escaped)
        .map(|c| char::from_u32(c).unwrap_or('\u{FFFD}'))
        .collect()
}
