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

//!
//! This file holds the state and the reordering of bytes; the writer's
//! hooks that open, mark and close sorted containers are in `sort.rs`.

use std::cmp::Ordering;

use super::sort_order::{compare, decode, Order};

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
    pub(super) marks: Vec<usize>,
    /// For each open sorted container, where its entries begin in `marks`.
    pub(super) frames: Vec<usize>,
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
    pub(super) fn sort_frame(
        &mut self,
        buf: &mut [u8],
        base: usize,
        order: Order,
    ) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::super::sort_order::*;
    use super::super::sort_order::{compare_elements, compare_utf8_as_utf16};
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
