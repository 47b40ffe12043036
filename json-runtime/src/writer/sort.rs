//! Containers written in sorted order: every object of canonical output,
//! and `HashMap`s and `HashSet`s under `Options::sort_keys` (and `HashSet`s
//! in canonical output).
//!
//! Entries are encoded where they fall, as usual, and the writer notes
//! where each one starts and ends. When the container closes, the entries
//! are ordered by their keys (or, for set elements, by their text) and the
//! bytes are moved into that order through a scratch buffer. Nested
//! containers are sorted when they close, before the enclosing one moves
//! them as a whole.
//!
//! Nothing is allocated per entry: the offsets, the order and the scratch
//! buffer are kept in the writer and reused by every container, and hold
//! at most the largest open container's entries and bytes. A container
//! already in order (a `BTreeMap`, a struct whose fields are declared in
//! order) is checked in one pass and not moved.

use std::cmp::Ordering;

use super::extras::PathSegment;
use super::{Format, JsonWriter};
use crate::canonical::CanonicalErrorKind;
use crate::{ToJson, ToJsonKey};

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

/// One entry of the container being sorted: the bytes it is compared by,
/// and its place in the order written.
#[derive(Debug, Clone, Copy)]
struct Item {
    start: usize,
    end: usize,
    index: usize,
    /// A key with no escape and no byte from 0xEE up, whose bytes order as
    /// its text does, by code points and by UTF-16 units alike.
    plain: bool,
    /// A plain key's first 8 bytes, big-endian, zero-padded: most keys
    /// differ there, and a zero sorts before any byte a plain key holds.
    prefix: u64,
}

impl Item {
    /// The key that an entry at `start..end` begins with: its string
    /// content (between the quotes, still escaped). An entry that does not
    /// begin with a string (only a hand-written impl could write one) is
    /// compared whole.
    fn key(buf: &[u8], start: usize, end: usize, index: usize) -> Item {
        let from = start + 1;
        if buf.get(start) == Some(&b'"') {
            if let Some(item) = Item::short_ascii_key(buf, from, end, index) {
                return item;
            }
        }
        let whole = Item {
            start,
            end,
            index,
            plain: false,
            prefix: 0,
        };
        if buf.get(start) != Some(&b'"') {
            return whole;
        }
        let mut escaped = false;
        let mut highest = 0u8;
        let mut i = from;
        loop {
            let Some(&b) = buf[..end].get(i) else {
                return whole;
            };
            if b == b'"' {
                break;
            }
            if b == b'\\' {
                escaped = true;
                i += 2;
            } else {
                highest = highest.max(b);
                i += 1;
            }
        }
        let len = i - from;
        // One load when 8 bytes are there (the rest of the entry follows
        // the key), with the bytes past the key masked off.
        let prefix = match buf.get(from..from + 8) {
            Some(head) => {
                let word = u64::from_be_bytes(head.try_into().unwrap_or_default());
                if len >= 8 {
                    word
                } else {
                    word & !(u64::MAX >> (8 * len))
                }
            }
            None => {
                let mut head = [0u8; 8];
                let n = len.min(8);
                head[..n].copy_from_slice(&buf[from..from + n]);
                u64::from_be_bytes(head)
            }
        };
        Item {
            start: from,
            end: i,
            index,
            plain: !escaped && highest < 0xEE,
            prefix,
        }
    }
}

impl Item {
    /// Most keys are short ASCII without escapes: when the key starting at
    /// `from` and its closing quote lie within the next 8 bytes, one
    /// little-endian load finds all three facts at once.
    fn short_ascii_key(buf: &[u8], from: usize, end: usize, index: usize) -> Option<Item> {
        const LOW: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let word = u64::from_le_bytes(buf.get(from..from + 8)?.try_into().ok()?);
        // The lowest byte equal to `b` is found exactly; bytes above it may
        // be flagged wrongly, which only matters past the quote.
        let has = |b: u8| {
            let x = word ^ (LOW * u64::from(b));
            x.wrapping_sub(LOW) & !x & HIGH
        };
        let quote = has(b'"');
        if quote == 0 {
            return None;
        }
        let len = (quote.trailing_zeros() / 8) as usize;
        let before = if len == 0 {
            0
        } else {
            u64::MAX >> (64 - 8 * len)
        };
        if (has(b'\\') | (word & HIGH)) & before != 0 || from + len >= end {
            return None;
        }
        Some(Item {
            start: from,
            end: from + len,
            index,
            plain: true,
            prefix: (word & before).swap_bytes(),
        })
    }
}

#[derive(Default)]
pub(crate) struct SortState {
    /// Offsets into the output of the entries of every open sorted
    /// container, innermost last: start and end of each entry in turn. The
    /// entry being written has its start only.
    marks: Vec<usize>,
    /// For each open sorted container, where its entries begin in `marks`.
    frames: Vec<usize>,
    items: Vec<Item>,
    scratch: Vec<u8>,
}

impl SortState {
    pub(super) fn is_open(&self) -> bool {
        !self.frames.is_empty()
    }

    fn frame_marks(&self, frame: usize) -> &[usize] {
        let base = self.frames[frame];
        let end = self
            .frames
            .get(frame + 1)
            .copied()
            .unwrap_or(self.marks.len());
        &self.marks[base..end]
    }

    /// The key of the entry being written in the container at `frame`, if
    /// it is still open and has one.
    pub(super) fn open_key(&self, frame: usize, buf: &[u8]) -> Option<String> {
        if frame >= self.frames.len() {
            return None;
        }
        let marks = self.frame_marks(frame);
        if marks.len().is_multiple_of(2) {
            return None;
        }
        let start = marks[marks.len() - 1];
        let key = Item::key(buf, start, buf.len(), 0);
        Some(decode(&buf[key.start..key.end]))
    }

    /// Orders the entries of the innermost container, whose marks begin at
    /// `base`, and moves their bytes into that order. Returns a key that
    /// occurs twice, when `order` forbids that.
    fn sort_frame(&mut self, buf: &mut [u8], base: usize, order: Order) -> Option<String> {
        let marks = &self.marks[base..];
        let n = marks.len() / 2;
        if n < 2 {
            return None;
        }
        let items = &mut self.items;
        items.clear();
        items.extend((0..n).map(|index| {
            let (start, end) = (marks[2 * index], marks[2 * index + 1]);
            match order {
                Order::Elements => Item {
                    start,
                    end,
                    index,
                    plain: false,
                    prefix: 0,
                },
                _ => Item::key(buf, start, end, index),
            }
        }));
        let text = |item: &Item| &buf[item.start..item.end];
        let by_bytes = matches!(order, Order::KeysUtf16 | Order::KeysText);
        let cmp = |a: &Item, b: &Item| {
            if by_bytes && a.plain && b.plain {
                a.prefix.cmp(&b.prefix).then_with(|| text(a).cmp(text(b)))
            } else {
                compare(order, text(a), text(b))
            }
        };
        if items
            .windows(2)
            .all(|w| cmp(&w[0], &w[1]) == Ordering::Less)
        {
            return None;
        }
        // Unstable, so that no buffer is allocated; ties keep the order
        // written, so the result is the stable one.
        items.sort_unstable_by(|a, b| cmp(a, b).then(a.index.cmp(&b.index)));
        let duplicate = if order == Order::KeysUtf16 {
            items
                .windows(2)
                .find(|w| cmp(&w[0], &w[1]) == Ordering::Equal)
                .map(|w| decode(text(&w[0])))
        } else {
            None
        };

        // Every separator between entries is the same (`,` and, in pretty
        // layout, the same newline and indent), so the first one serves.
        let region = marks[0]..marks[2 * n - 1];
        let scratch = &mut self.scratch;
        scratch.clear();
        scratch.extend_from_slice(&buf[region.clone()]);
        let separator = marks[1] - region.start..marks[2] - region.start;
        let mut at = region.start;
        for (k, item) in items.iter().enumerate() {
            if k > 0 {
                // Compact separators are one `,`: no copy call for them.
                if separator.len() == 1 {
                    buf[at] = scratch[separator.start];
                    at += 1;
                } else {
                    let len = separator.len();
                    buf[at..at + len].copy_from_slice(&scratch[separator.clone()]);
                    at += len;
                }
            }
            let from = marks[2 * item.index] - region.start;
            let to = marks[2 * item.index + 1] - region.start;
            buf[at..at + (to - from)].copy_from_slice(&scratch[from..to]);
            at += to - from;
        }
        debug_assert_eq!(at, region.end);
        duplicate
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// Opens a sorted container; its entries follow, each begun with
    /// [`mark_start`](Self::mark_start).
    fn open_sorted(&mut self) {
        let sort = &mut self.extras_mut().sort;
        sort.frames.push(sort.marks.len());
        // Its entries are moved when it closes, so none may go out before.
        self.buf.set_hold(true);
    }

    /// Whether the innermost sorted container has an entry yet.
    fn sorted_has_entries(&self) -> bool {
        self.extras.as_deref().is_some_and(|e| {
            let sort = &e.sort;
            sort.frames
                .last()
                .is_some_and(|&base| sort.marks.len() > base)
        })
    }

    /// Notes that an entry of the innermost sorted container starts here.
    fn mark_start(&mut self) {
        let at = self.buf.len();
        self.extras_mut().sort.marks.push(at);
    }

    /// Notes that the entry being written, if any, ends here.
    fn mark_end(&mut self) {
        let at = self.buf.len();
        let sort = &mut self.extras_mut().sort;
        if let Some(&base) = sort.frames.last() {
            if (sort.marks.len() - base) % 2 == 1 {
                sort.marks.push(at);
            }
        }
    }

    /// Closes the innermost sorted container and moves its entries into
    /// `order`.
    fn close_sorted(&mut self, order: Order) {
        self.mark_end();
        let Some(extras) = self.extras.as_deref_mut() else {
            return;
        };
        let sort = &mut extras.sort;
        let Some(base) = sort.frames.pop() else {
            debug_assert!(false, "close_sorted without open_sorted");
            return;
        };
        let duplicate = sort.sort_frame(&mut self.buf, base, order);
        sort.marks.truncate(base);
        self.buf.set_hold(sort.is_open());
        if let Some(key) = duplicate {
            self.canonical_fail(CanonicalErrorKind::DuplicateKey(key));
        }
    }

    /// `object_entry` for a container sorted by `Options::sort_keys`.
    fn sorted_object_entry(&mut self, first: bool) {
        self.mark_end();
        self.separator(first);
        self.mark_start();
    }

    /// `array_value` for a sorted set.
    fn sorted_array_value(&mut self, first: bool) {
        self.mark_end();
        self.array_value(first);
        self.mark_start();
    }

    /// Whether `HashMap` entries (and `serde_json::Map` entries) go through
    /// [`write_map_entries_sorted`]: under `Options::sort_keys`. Canonical
    /// output sorts every object anyway.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn sorts_maps(&self) -> bool {
        !F::CANONICAL && self.extras.as_ref().is_some_and(|e| e.sort_keys)
    }

    // Canonical output: every object is a sorted container, and the open
    // objects and arrays are tracked for error messages.

    pub(super) fn canonical_key(&mut self, literal: &str) {
        let bytes = literal.as_bytes();
        match bytes.first() {
            Some(b'{') => {
                self.canonical_begin_object();
                self.buf.push(b'{');
            }
            Some(b',') => {
                self.mark_end();
                self.buf.push(b',');
            }
            _ => panic!("a key literal starts with `{{` or `,` and ends with `:`"),
        }
        self.mark_start();
        self.buf.extend_from_slice(&bytes[1..]);
    }

    pub(super) fn canonical_begin_object(&mut self) {
        self.open_sorted();
        let extras = self.extras_mut();
        let frame = extras.sort.frames.len() - 1;
        extras.path.push(PathSegment::Object { frame });
    }

    /// An entry's separator, from what was written rather than from the
    /// caller's `first`, since flattened entries are recorded in the
    /// enclosing object.
    pub(super) fn canonical_entry(&mut self) {
        let any = self.sorted_has_entries();
        self.mark_end();
        if any {
            self.buf.push(b',');
        }
        self.mark_start();
    }

    pub(super) fn canonical_end_object(&mut self) {
        self.close_sorted(Order::KeysUtf16);
        self.extras_mut().path.pop();
    }

    pub(super) fn canonical_begin_array(&mut self) {
        let index = usize::MAX;
        self.extras_mut().path.push(PathSegment::Array { index });
    }

    pub(super) fn canonical_array_value(&mut self) {
        if let Some(PathSegment::Array { index }) = self.extras_mut().path.last_mut() {
            *index = index.wrapping_add(1);
        }
    }

    pub(super) fn canonical_end_array(&mut self) {
        self.extras_mut().path.pop();
    }
}

/// Writes a map as one object with its entries sorted by key; see
/// [`JsonWriter::sorts_maps`].
pub(crate) fn write_map_sorted<'a, F, K, V, I>(w: &mut JsonWriter<'_, F>, entries: I)
where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.begin_object();
    let mut first = true;
    write_map_entries_sorted(w, &mut first, entries);
    w.end_object_dyn(first);
}

/// Writes a map's entries, sorted by key, into an object the caller
/// opened, as `#[json(flatten)]` does.
pub(crate) fn write_map_entries_sorted<'a, F, K, V, I>(
    w: &mut JsonWriter<'_, F>,
    first: &mut bool,
    entries: I,
) where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.open_sorted();
    for (key, value) in entries {
        w.sorted_object_entry(*first);
        *first = false;
        key.write_json_key(w);
        w.colon();
        value.write_json(w);
        w.flush_point();
    }
    let order = if K::SORTS_AS_INTEGER {
        Order::KeysInteger
    } else {
        Order::KeysText
    };
    w.close_sorted(order);
}

/// Writes a set as one array with its elements sorted by their JSON text
/// ([`Order::Elements`]).
pub(crate) fn write_seq_sorted<F, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    I: IntoIterator,
    I::Item: ToJson,
{
    w.begin_array();
    w.open_sorted();
    let mut first = true;
    for item in items {
        w.sorted_array_value(first);
        first = false;
        item.write_json(w);
        w.flush_point();
    }
    w.close_sorted(Order::Elements);
    w.end_array(first);
}

fn compare(order: Order, a: &[u8], b: &[u8]) -> Ordering {
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
fn compare_utf8_as_utf16(a: &[u8], b: &[u8]) -> Ordering {
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
fn compare_elements(a: &[u8], b: &[u8]) -> Ordering {
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
fn decode(escaped: &[u8]) -> String {
    Unescape::new(escaped)
        .map(|c| char::from_u32(c).unwrap_or('\u{FFFD}'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16_cmp(a: &str, b: &str) -> Ordering {
        a.encode_utf16().cmp(b.encode_utf16())
    }

    #[test]
    fn utf8_bytes_compare_as_utf16() {
        let samples = [
            "",
            "a",
            "ab",
            "b",
            "\u{7f}",
            "\u{80}",
            "\u{7ff}",
            "\u{800}",
            "\u{d7ff}",
            "\u{e000}",
            "\u{efff}",
            "\u{f000}",
            "\u{fb33}",
            "\u{ffff}",
            "\u{10000}",
            "\u{1f602}",
            "\u{10ffff}",
            "a\u{1f602}",
            "a\u{ffff}",
            "a\u{e000}b",
            "a\u{10000}b",
            "\u{20ac}",
            "\u{f6}",
        ];
        for a in samples {
            for b in samples {
                let expected = utf16_cmp(a, b);
                assert_eq!(
                    compare_utf8_as_utf16(a.as_bytes(), b.as_bytes()),
                    expected,
                    "{a:?} {b:?}"
                );
                assert_eq!(compare_strings(a.as_bytes(), b.as_bytes(), true), expected);
                assert_eq!(
                    compare_strings(a.as_bytes(), b.as_bytes(), false),
                    a.cmp(b),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn escaped_strings_compare_by_their_text() {
        // (escaped, text)
        let samples: [(&str, &str); 9] = [
            (r"a\nb", "a\nb"),
            (r#"\"q"#, "\"q"),
            (r"\\", "\\"),
            (r"\u0001", "\u{1}"),
            (r"\u00e9", "é"),
            (r"\ud83d\ude02", "\u{1f602}"),
            (r"\ufb33", "\u{fb33}"),
            ("é", "é"),
            ("#", "#"),
        ];
        for (ea, ta) in samples {
            assert_eq!(decode(ea.as_bytes()), ta);
            for (eb, tb) in samples {
                let (a, b) = (ea.as_bytes(), eb.as_bytes());
                assert_eq!(compare_strings(a, b, false), ta.cmp(tb), "{ea} {eb}");
                assert_eq!(compare_strings(a, b, true), utf16_cmp(ta, tb), "{ea} {eb}");
            }
        }
    }

    #[test]
    fn short_keys_read_as_the_byte_loop_reads_them() {
        let keys = [
            "", "a", "id", "name", "active", "1234567", "12345678", "a\\\"b", "é", "a\\nb",
            "\u{7f}x", "\u{ee}", "\u{fb33}", "tail ",
        ];
        for key in keys {
            for pad in ["", ":1}", ":[1,2,3],\"next\":true}"] {
                let entry = format!("\"{key}\"{pad}");
                let buf = entry.as_bytes();
                let item = Item::key(buf, 0, buf.len(), 7);
                let fast = Item::short_ascii_key(buf, 1, buf.len(), 7);
                assert_eq!((item.start, item.end), (1, 1 + key.len()), "{entry}");
                let mut head = [0u8; 8];
                let n = key.len().min(8);
                head[..n].copy_from_slice(&key.as_bytes()[..n]);
                let plain = !key.contains('\\') && key.bytes().all(|b| b < 0xEE);
                assert_eq!(item.plain, plain, "{entry}");
                if plain {
                    assert_eq!(item.prefix, u64::from_be_bytes(head), "{entry}");
                }
                if let Some(fast) = fast {
                    assert!(fast.plain && key.is_ascii() && key.len() < 8, "{entry}");
                    assert_eq!(
                        (fast.start, fast.end, fast.prefix),
                        (item.start, item.end, item.prefix)
                    );
                }
            }
        }
    }

    #[test]
    fn numbers_compare_by_value() {
        let sorted = [
            "-1e300",
            "-100000000000000000000000",
            "-10",
            "-9",
            "-1.5",
            "-0",
            "0",
            "0.5",
            "1",
            "1.0",
            "9",
            "10",
            "1e1",
            "18446744073709551615",
            "18446744073709551616",
            "1e300",
        ];
        for (i, a) in sorted.iter().enumerate() {
            for (j, b) in sorted.iter().enumerate() {
                assert_eq!(
                    compare_numbers(a.as_bytes(), b.as_bytes()),
                    i.cmp(&j),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn elements_ignore_layout_whitespace() {
        let compact = [r#"[1,2]"#, r#"[1]"#, r#"{"a":" x"}"#];
        let pretty = ["[\n  1,\n  2\n]", "[\n  1\n]", "{\n  \"a\": \" x\"\n}"];
        for i in 0..3 {
            for j in 0..3 {
                assert_eq!(
                    compare_elements(compact[i].as_bytes(), compact[j].as_bytes()),
                    compare_elements(pretty[i].as_bytes(), pretty[j].as_bytes()),
                );
            }
        }
        assert_eq!(compare_elements(b"\"10\"", b"\"9\""), Ordering::Less);
        assert_eq!(compare_elements(b"10", b"9"), Ordering::Greater);
    }
}
