//! String escaping, byte for byte as serde_json's `format_escaped_str`.
//!
//! `"` and `\` are backslash-escaped, `\b \f \n \r \t` use their short
//! forms, every other byte below 0x20 becomes `\u00xx` in lowercase hex.
//! Everything else, `/`, DEL and all non-ASCII included, is copied as it is.
//!
//! # How it is fast
//!
//! Strings are scanned eight bytes at a time as one `u64` (SWAR): each
//! word is stored to the output unconditionally while it is checked, so a
//! clean word costs one load, one store and a dozen ALU operations. Short
//! strings and the last partial word are loaded with overlapping or split
//! loads instead of a byte loop.
//!
//! Capacity is reserved up front, and the output is then written through a
//! raw pointer with no per-byte checks. A string with nothing to escape (the
//! common case) reserves only its length plus the quotes and [`SLACK`]. The
//! first byte that needs escaping switches to a loop that also counts the
//! escapes it has room for, and goes back to the `Vec` for more room only
//! when they run out. Reserving the worst case (six bytes out per byte in)
//! instead would make a short string with one escape reallocate a fresh
//! 128-byte buffer, and a long one over-allocate sixfold.
//!
//! Every store writes a whole 8-byte word, even when fewer bytes are valid;
//! the bytes past the valid ones are overwritten by later stores or left
//! beyond the `Vec`'s length. [`SLACK`] bytes of extra capacity make that
//! sound.

#![deny(unsafe_op_in_unsafe_fn)]

/// Extra capacity reserved past the longest possible output, so every
/// store can write a whole 8-byte word.
const SLACK: usize = 8;

/// The most bytes one input byte grows by when escaped: `\u00xx` is six.
const MAX_GROWTH: usize = 5;

/// The fewest escapes that each capacity check in the escaping loop makes
/// room for; the `Vec` itself grows by doubling, so usually many more fit.
const MIN_ESCAPES: usize = 16;

const LSB: u64 = 0x0101_0101_0101_0101;
const MSB: u64 = 0x8080_8080_8080_8080;

/// Per byte below 0x80: the escape sequence for it in bytes 0..6 and its
/// length in byte 7, or all zeros when the byte is copied as is. Stored as
/// one unaligned 8-byte word, then the output advances by the length.
static ESCAPE: [[u8; 8]; 128] = {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut table = [[0u8; 8]; 128];
    let mut i = 0;
    while i < 0x20 {
        table[i] = [b'\\', b'u', b'0', b'0', HEX[i >> 4], HEX[i & 0xF], 0, 6];
        i += 1;
    }
    table[0x08] = [b'\\', b'b', 0, 0, 0, 0, 0, 2];
    table[0x09] = [b'\\', b't', 0, 0, 0, 0, 0, 2];
    table[0x0A] = [b'\\', b'n', 0, 0, 0, 0, 0, 2];
    table[0x0C] = [b'\\', b'f', 0, 0, 0, 0, 0, 2];
    table[0x0D] = [b'\\', b'r', 0, 0, 0, 0, 0, 2];
    table[b'"' as usize] = [b'\\', b'"', 0, 0, 0, 0, 0, 2];
    table[b'\\' as usize] = [b'\\', b'\\', 0, 0, 0, 0, 0, 2];
    table
};

/// Appends `s` to `out` as a quoted JSON string.
#[inline]
pub(crate) fn write_quoted(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    // Cannot overflow: a slice is at most `isize::MAX` bytes long.
    out.reserve(bytes.len() + 2 + SLACK);
    let start = out.len();
    // SAFETY: the reserve above leaves room for `bytes.len() + 2 + SLACK`
    // bytes past `start`: the opening quote takes one, `copy_clean` needs
    // `bytes.len() + SLACK` after it, and the closing quote one more after
    // the `clean <= bytes.len()` bytes it wrote. Every byte below the new
    // length was written: the quote, then the `clean` bytes `copy_clean`
    // promises, then the closing quote.
    let clean = unsafe {
        let dst = out.as_mut_ptr().add(start);
        dst.write(b'"');
        let clean = copy_clean(bytes, dst.add(1));
        if clean == bytes.len() {
            dst.add(1 + clean).write(b'"');
            out.set_len(start + clean + 2);
            return;
        }
        out.set_len(start + 1 + clean);
        clean
    };
    escape_rest(out, &bytes[clean..]);
    out.push(b'"');
}

/// Appends the escaped contents of a string, without quotes.
#[inline]
#[allow(dead_code)]
pub(crate) fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    out.reserve(bytes.len() + SLACK);
    let start = out.len();
    // SAFETY: the reserve above leaves room for `bytes.len() + SLACK` bytes
    // past `start`, which is what `copy_clean` needs, and it wrote the first
    // `clean` of them.
    let clean = unsafe {
        let clean = copy_clean(bytes, out.as_mut_ptr().add(start));
        out.set_len(start + clean);
        clean
    };
    if clean < bytes.len() {
        escape_rest(out, &bytes[clean..]);
    }
}

/// Escapes all of `src` onto `out`, which has room for at least one more
/// byte after it (the closing quote).
#[inline(never)]
fn escape_rest(out: &mut Vec<u8>, src: &[u8]) {
    let mut i = 0;
    while i < src.len() {
        let rest = src.len() - i;
        // Room for the rest copied as it is, the stores' slack, the closing
        // quote, and at least `MIN_ESCAPES` escapes' growth.
        out.reserve(rest + SLACK + 1 + MAX_GROWTH * MIN_ESCAPES);
        let start = out.len();
        let room = out.capacity() - start;
        let escapes = (room - rest - SLACK - 1) / MAX_GROWTH;
        // SAFETY: `room` bytes past `start` are allocated, and by the
        // computation of `escapes`, `room >= rest + SLACK + MAX_GROWTH *
        // escapes`, as `escape_some` requires. It returns how many bytes of
        // `src[i..]` it consumed and a pointer past the bytes it wrote, all
        // within `room`, so the offset is non-negative and in capacity.
        unsafe {
            let dst = out.as_mut_ptr().add(start);
            let (consumed, end) = escape_some(&src[i..], dst, escapes);
            out.set_len(start + end.offset_from(dst) as usize);
            i += consumed;
        }
    }
}

/// The high bit of each byte of `w` that must be escaped is set; other
/// bits are clear. A set bit may also appear in a byte *above* (more
/// significant than) a byte that must be escaped, from a borrow, but the
/// lowest set bit always marks a byte that must be escaped.
#[inline(always)]
fn special(w: u64) -> u64 {
    // A byte below 0x20 and not above 0x7F underflows when 0x20 is subtracted.
    let control = w.wrapping_sub(LSB * 0x20) & !w;
    // A byte equal to the constant becomes zero, which underflows.
    let q = w ^ (LSB * b'"' as u64);
    let quote = q.wrapping_sub(LSB) & !q;
    let b = w ^ (LSB * b'\\' as u64);
    let backslash = b.wrapping_sub(LSB) & !b;
    (control | quote | backslash) & MSB
}

/// The bits of the low `n` bytes, for `n` in `1..8`.
#[inline(always)]
fn low_bytes(n: usize) -> u64 {
    (1u64 << (n * 8)) - 1
}

/// Byte index of the lowest marked byte in a nonzero `special` mask.
#[inline(always)]
fn first(mask: u64) -> usize {
    (mask.trailing_zeros() / 8) as usize
}

/// Loads the 8 bytes at `p` as a little-endian word, so that byte `k` of
/// the input is byte `k` counted from the least significant end.
///
/// # Safety
/// `p` must be valid for reads of 8 bytes.
#[inline(always)]
unsafe fn load(p: *const u8) -> u64 {
    // SAFETY: the caller guarantees 8 readable bytes; `read_unaligned`
    // needs no alignment.
    u64::from_le_bytes(unsafe { p.cast::<[u8; 8]>().read_unaligned() })
}

/// Stores `w` as 8 bytes at `p`, byte `k` of the word at `p + k`.
///
/// # Safety
/// `p` must be valid for writes of 8 bytes.
#[inline(always)]
unsafe fn store(p: *mut u8, w: u64) {
    // SAFETY: the caller guarantees 8 writable bytes; `write_unaligned`
    // needs no alignment.
    unsafe { p.cast::<[u8; 8]>().write_unaligned(w.to_le_bytes()) }
}

/// Loads `src[i..]`, which is 1 to 7 bytes long, into the low bytes of a
/// little-endian word. The bytes above are zero.
///
/// # Safety
/// `i < src.len()` and `src.len() - i < 8`.
#[inline(always)]
unsafe fn load_tail(src: &[u8], i: usize) -> u64 {
    let len = src.len();
    let n = len - i;
    let p = src.as_ptr();
    // SAFETY: every read is inside `src`: `len - 8 >= 0` in the first
    // branch; in the others `i + n == len`, the 4-byte reads start at
    // `i` and `i + n - 4 >= i`, and the byte reads at `i`, `i + n / 2` and
    // `i + n - 1`, all below `len`.
    unsafe {
        if len >= 8 {
            // Overlapping load of the last 8 bytes; shift out the ones
            // before `i`. `n < 8`, so the shift is 8 to 56 bits.
            load(p.add(len - 8)) >> ((8 - n) * 8)
        } else if n >= 4 {
            // Two 4-byte loads that overlap when `n < 8`; the bytes they
            // share are equal, so OR-ing them is exact.
            let lo = u32::from_le_bytes(p.add(i).cast::<[u8; 4]>().read_unaligned());
            let hi = u32::from_le_bytes(p.add(i + n - 4).cast::<[u8; 4]>().read_unaligned());
            lo as u64 | (hi as u64) << ((n - 4) * 8)
        } else {
            // 1 to 3 bytes: first, middle and last, some of them the same.
            let a = *p.add(i) as u64;
            let b = *p.add(i + n / 2) as u64;
            let c = *p.add(i + n - 1) as u64;
            a | b << (n / 2 * 8) | c << ((n - 1) * 8)
        }
    }
}

/// Copies 8 bytes from `src` to `dst` and returns them as a word for
/// checking (see [`load`]).
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of 8 bytes.
#[inline(always)]
unsafe fn copy8(src: *const u8, dst: *mut u8) -> u64 {
    // SAFETY: as the caller guarantees.
    unsafe {
        let w = load(src);
        store(dst, w);
        w
    }
}

/// Copies the 1 to 7 bytes `src[i..]` to `dst`, followed by zeros up to 8
/// bytes, and returns them as a word for checking (see [`load_tail`]).
///
/// # Safety
/// As [`load_tail`], and `dst` must be valid for writes of 8 bytes.
#[inline(always)]
unsafe fn copy_tail(src: &[u8], i: usize, dst: *mut u8) -> u64 {
    // SAFETY: as the caller guarantees.
    unsafe {
        let w = load_tail(src, i);
        store(dst, w);
        w
    }
}

/// Copies bytes of `src` to `dst` up to the first one that must be
/// escaped, and returns how many it copied (`src.len()` when none must be).
/// Bytes past that count may also have been written, and are garbage.
///
/// # Safety
/// `dst` must be valid for writes of `src.len() + SLACK` bytes.
#[inline(always)]
unsafe fn copy_clean(src: &[u8], dst: *mut u8) -> usize {
    let len = src.len();
    let p = src.as_ptr();
    let mut i = 0;
    while len - i >= 8 {
        // SAFETY: `i + 8 <= len`, so 8 bytes at `p + i` are readable and
        // `dst + i` has at least `8 + SLACK` writable bytes.
        let w = unsafe { copy8(p.add(i), dst.add(i)) };
        let mask = special(w);
        if mask != 0 {
            return i + first(mask);
        }
        i += 8;
    }
    if i < len {
        // SAFETY: `i < len` and `len - i < 8`, as `load_tail` requires;
        // `dst + i` has `len - i + SLACK >= 8` writable bytes.
        let w = unsafe { copy_tail(src, i, dst.add(i)) };
        let mask = special(w) & low_bytes(len - i);
        if mask != 0 {
            return i + first(mask);
        }
    }
    len
}

/// Escapes `src` into `dst`, stopping early only when `escapes` escape
/// sequences were written and another one is due. Returns how many bytes of
/// `src` were consumed and the end of what was written.
///
/// # Safety
/// `dst` must be valid for writes of `src.len() + SLACK + MAX_GROWTH *
/// escapes` bytes.
unsafe fn escape_some(src: &[u8], dst: *mut u8, mut escapes: usize) -> (usize, *mut u8) {
    let len = src.len();
    let p = src.as_ptr();
    let mut i = 0;
    let mut d = dst;
    // Invariant: at least `(len - i) + SLACK + MAX_GROWTH * escapes`
    // writable bytes remain at `d`. A clean byte advances `d` and `i`
    // together; an escape advances `d` by at most `MAX_GROWTH + 1` and `i`
    // by one, and decrements `escapes`. While `i < len`, that is at least
    // `1 + SLACK` bytes: room for any 8-byte store.
    loop {
        let n = len - i;
        let k = if n >= 8 {
            // SAFETY: `i + 8 <= len` bytes are readable; `d` has room for
            // 8 by the invariant, which holds again after both advance by 8.
            let w = unsafe { copy8(p.add(i), d) };
            let mask = special(w);
            if mask == 0 {
                i += 8;
                // SAFETY: within the room the invariant gives.
                d = unsafe { d.add(8) };
                continue;
            }
            first(mask)
        } else if n > 0 {
            // SAFETY: `i < len`, `len - i < 8`, as `load_tail` requires; `d`
            // has room for 8 by the invariant.
            let w = unsafe { copy_tail(src, i, d) };
            let mask = special(w) & low_bytes(n);
            if mask == 0 {
                // SAFETY: the `n` bytes just stored are within the room.
                return (len, unsafe { d.add(n) });
            }
            first(mask)
        } else {
            return (len, d);
        };
        // Byte `i + k` must be escaped; the `k` before it were copied.
        i += k;
        // SAFETY: the `k` clean bytes stored at `d` are within the room.
        d = unsafe { d.add(k) };
        if escapes == 0 {
            return (i, d);
        }
        escapes -= 1;
        let seq = ESCAPE[(src[i] & 0x7F) as usize];
        debug_assert!(seq[7] != 0, "byte {:#x} flagged but not escaped", src[i]);
        // SAFETY: `d` has room for 8 bytes by the invariant (with `escapes`
        // not yet decremented), and it holds again after advancing `d` by
        // the sequence length (at most `MAX_GROWTH + 1`), `i` by one and
        // decrementing `escapes`.
        unsafe {
            store(d, u64::from_le_bytes(seq));
            d = d.add(seq[7] as usize);
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn quoted(s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        write_quoted(&mut out, s);
        out
    }

    fn check(s: &str) {
        let expected = serde_json::to_vec(s).unwrap();
        assert_eq!(
            quoted(s),
            expected,
            "write_quoted({s:?}) = {:?}",
            String::from_utf8_lossy(&quoted(s)),
        );
        // Appending after existing content, and without quotes.
        let mut out = b"prefix".to_vec();
        write_escaped(&mut out, s.as_bytes());
        assert_eq!(&out[..6], b"prefix");
        assert_eq!(
            out[6..],
            expected[1..expected.len() - 1],
            "write_escaped({s:?})"
        );
    }

    #[test]
    fn empty() {
        assert_eq!(quoted(""), b"\"\"");
        check("");
    }

    #[test]
    fn every_ascii_byte_alone() {
        for b in 0u8..0x80 {
            check(&(b as char).to_string());
        }
    }

    #[test]
    fn every_ascii_byte_at_every_position() {
        for b in 0u8..0x80 {
            for pos in 0..40 {
                for total in [pos + 1, pos + 2, 40, 41, 47, 48] {
                    if total <= pos {
                        continue;
                    }
                    let mut s: Vec<u8> = (0..total).map(|k| b'a' + (k % 26) as u8).collect();
                    s[pos] = b;
                    check(std::str::from_utf8(&s).unwrap());
                }
            }
        }
    }

    #[test]
    fn two_escapes_in_one_word() {
        for a in 0..16 {
            for b in a + 1..16 {
                let mut s = vec![b'x'; 16];
                s[a] = b'"';
                s[b] = 0x01;
                check(std::str::from_utf8(&s).unwrap());
            }
        }
        check("\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"");
        check("\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}");
    }

    #[test]
    fn multibyte_at_word_boundaries() {
        for c in [
            'é',
            '中',
            '😀',
            '\u{7f}',
            '\u{80}',
            '\u{ffff}',
            '\u{10ffff}',
        ] {
            for pos in 0..20 {
                for total in [pos, pos + 1, 16, 17, 24] {
                    if total < pos {
                        continue;
                    }
                    let mut s = "a".repeat(pos);
                    s.push(c);
                    s.push_str(&"b".repeat(total - pos));
                    check(&s);
                    // And an escape right after it.
                    s.insert(pos + c.len_utf8(), '\n');
                    check(&s);
                }
            }
        }
    }

    #[test]
    fn long_strings_cross_chunks() {
        let clean = "abcdefgh".repeat(1100);
        check(&clean);
        let mut mixed = clean.clone();
        mixed.insert(5, '"');
        check(&mixed);
        let all_escaped = "\u{1}".repeat(8200);
        check(&all_escaped);
        let mut late = clean;
        late.push('\\');
        check(&late);
    }

    /// `escape_rest` with room for only `budget` escapes per round, so the
    /// loop stops and resumes at every position within a word.
    fn escape_with_budget(src: &[u8], budget: usize) -> Vec<u8> {
        let mut out = Vec::<u8>::new();
        let mut i = 0;
        while i < src.len() {
            let rest = src.len() - i;
            out.reserve_exact(rest + SLACK + MAX_GROWTH * budget);
            let start = out.len();
            // SAFETY: the reserve above makes the room `escape_some` needs.
            unsafe {
                let dst = out.as_mut_ptr().add(start);
                let (consumed, end) = escape_some(&src[i..], dst, budget);
                out.set_len(start + end.offset_from(dst) as usize);
                i += consumed;
            }
        }
        out
    }

    #[test]
    fn escape_budget_runs_out_anywhere() {
        let mut rng = Lcg(7);
        for len in 0..=40 {
            for _ in 0..50 {
                let s: String = (0..len)
                    .map(|_| match rng.next() % 4 {
                        0 => '"',
                        1 => '\u{1}',
                        2 => '\n',
                        _ => 'x',
                    })
                    .collect();
                let expected = serde_json::to_vec(&s).unwrap();
                for budget in 1..4 {
                    assert_eq!(
                        escape_with_budget(s.as_bytes(), budget),
                        expected[1..expected.len() - 1],
                        "{s:?} with budget {budget}",
                    );
                }
            }
        }
    }

    /// A small deterministic generator, so failures reproduce.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as u32
        }
    }

    #[test]
    fn random_lengths_0_to_70() {
        const POOL: [char; 14] = [
            'a', 'Z', ' ', '/', '"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', 'é', '中', '😀', '~',
        ];
        let mut rng = Lcg(1);
        for len in 0..=70 {
            for _ in 0..300 {
                let mut s = String::new();
                while s.len() < len {
                    // Mostly plain ASCII, so clean runs of various lengths occur.
                    let r = rng.next() as usize;
                    if r % 3 != 0 {
                        s.push((b'a' + (r / 3 % 26) as u8) as char);
                    } else {
                        s.push(POOL[r / 3 % POOL.len()]);
                    }
                }
                check(&s);
            }
        }
    }

    fn biased_char() -> impl Strategy<Value = char> {
        prop_oneof![
            3 => (0u8..0x20).prop_map(char::from),
            2 => Just('"'),
            2 => Just('\\'),
            4 => (0x20u8..0x80).prop_map(char::from),
            2 => any::<char>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn matches_serde_json_any_string(s in any::<String>()) {
            prop_assert_eq!(quoted(&s), serde_json::to_vec(&s).unwrap());
        }

        #[test]
        fn matches_serde_json_biased(chars in prop::collection::vec(biased_char(), 0..80)) {
            let s: String = chars.into_iter().collect();
            prop_assert_eq!(quoted(&s), serde_json::to_vec(&s).unwrap());
            let mut out = Vec::new();
            write_escaped(&mut out, s.as_bytes());
            let expected = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(&out[..], &expected[1..expected.len() - 1]);
        }
    }
}
