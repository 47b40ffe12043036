//! String escaping, byte for byte as serde_json's `format_escaped_str`.
//!
//! `"` and `\` are backslash-escaped, `\b \f \n \r \t` use their short
//! forms, every other byte below 0x20 becomes `\u00xx` in lowercase hex.
//! Everything else, `/`, DEL and all non-ASCII included, is copied as it is.
//!
//! # How it is fast
//!
//! Strings are scanned a block at a time: 16 bytes with SSE2 on x86_64
//! (part of its baseline, so no run-time detection), 8 bytes as one `u64`
//! with SWAR arithmetic elsewhere and for strings shorter than 16 bytes.
//! (Where the processor has AVX-512, strings of up to 32 bytes take
//! `masked` instead, and come here only when they have a byte to escape.)
//! Each block is stored to the output unconditionally while it is checked
//! (copy-while-checking), so a clean block costs one load, one store and a
//! few ALU operations. The last block of a string is loaded from its end,
//! overlapping the block before, which was clean and copied unchanged;
//! strings shorter than 8 bytes are assembled from two overlapping 4-byte
//! loads or three byte loads. No byte loop is left on the clean path.
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
//! That loop goes on a block at a time, and a block's mask marks all of its
//! escapes at once: each escape sequence is written where the mask puts
//! it, after the clean bytes the block's store already put in place, and
//! one more block-wide store moves the bytes after it. Text with an escape
//! every few words costs a check per block, not a scan per escape.
//!
//! A string shorter than 8 bytes and each escape sequence are stored as a
//! whole 8-byte word, even when fewer bytes are valid; the bytes past the
//! valid ones are overwritten by later stores or left beyond the `Vec`'s
//! length. [`SLACK`] bytes of extra capacity make that sound. The escaping
//! loop stores whole blocks only where a whole block of input is left.

use crate::buf::{copy_short, Buf, SHORT_COPY};

/// Extra capacity reserved past the longest possible output, so short
/// strings and escape sequences can be stored as whole 8-byte words.
const SLACK: usize = 8;

/// The most bytes one input byte grows by when escaped: `\u00xx` is six.
const MAX_GROWTH: usize = 5;

/// The fewest escapes that each capacity check in the escaping loop makes
/// room for; the `Vec` itself grows by doubling, so usually many more fit.
const MIN_ESCAPES: usize = 16;

const LSB: u64 = 0x0101_0101_0101_0101;
const MSB: u64 = 0x8080_8080_8080_8080;

/// Per byte below 0x80: the escape sequence for it in bytes 0..6 and its
/// length in byte 7 (the top byte of the little-endian word), or zero when
/// the byte is copied as is. Stored as one unaligned 8-byte word, then the
/// output advances by the length.
///
/// Words and not `[u8; 8]`, so that an escape costs one load and one
/// store: from bytes, LLVM loaded and stored each sequence in three pieces
/// (4, 4 and 1 bytes) to have byte 7 on its own. `shapes/escape_heavy`
/// took 0.319 of serde_json's time instead of 0.329 compact (medians of 5
/// alternating runs; pretty 0.290 against 0.294, within the noise).
const ESCAPE: [u64; 128] = {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut bytes = [[0u8; 8]; 128];
    let mut i = 0;
    while i < 0x20 {
        bytes[i] = [b'\\', b'u', b'0', b'0', HEX[i >> 4], HEX[i & 0xF], 0, 6];
        i += 1;
    }
    bytes[0x08] = [b'\\', b'b', 0, 0, 0, 0, 0, 2];
    bytes[0x09] = [b'\\', b't', 0, 0, 0, 0, 0, 2];
    bytes[0x0A] = [b'\\', b'n', 0, 0, 0, 0, 0, 2];
    bytes[0x0C] = [b'\\', b'f', 0, 0, 0, 0, 0, 2];
    bytes[0x0D] = [b'\\', b'r', 0, 0, 0, 0, 0, 2];
    bytes[b'"' as usize] = [b'\\', b'"', 0, 0, 0, 0, 0, 2];
    bytes[b'\\' as usize] = [b'\\', b'\\', 0, 0, 0, 0, 0, 2];
    let mut table = [0u64; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = u64::from_le_bytes(bytes[i]);
        i += 1;
    }
    table
};

/// Appends `s` to `out` as a quoted JSON string.
///
/// Inline in its few callers, each itself one shared function
/// (`string::write_str_portable` among them): left to the optimizer it
/// stayed a call of its own under them, one call more for every string
/// that the masked writers do not take. `shapes/short_ascii` pretty on an
/// AMD EPYC (Zen 3), `fam` loop, three alternating runs: 0.321-0.349 of
/// serde_json's time -> 0.309-0.327.
#[inline(always)]
pub(crate) fn write_quoted(out: &mut Buf<'_>, s: &str) {
    let bytes = s.as_bytes();
    // Cannot overflow: a slice is at most `isize::MAX` bytes long.
    let dst = out.spare(bytes.len() + 2 + SLACK);
    // SAFETY: `spare` left room at `dst` for what `quoted_at` writes
    // there, with nothing before it.
    unsafe { quoted_at(out, dst, 0, bytes, *b"\"") }
}

/// Appends `key` (a key literal of at most [`SHORT_COPY`] bytes) as it
/// is, then `s` as a quoted JSON string: [`write_quoted`] with the key
/// under the same capacity check.
#[inline(always)]
pub(super) fn write_keyed_quoted(out: &mut Buf<'_>, key: &[u8], s: &str) {
    let k = key.len();
    debug_assert!(k <= SHORT_COPY);
    let bytes = s.as_bytes();
    // Cannot overflow: both are slices.
    let dst = out.spare(k + bytes.len() + 2 + SLACK);
    // SAFETY: `spare` left room at `dst` for the key's `k` bytes and what
    // `quoted_at` writes after them. `copy_short` needs `k <= SHORT_COPY`,
    // and `key`, borrowed apart from `out`, cannot overlap its spare
    // capacity.
    unsafe {
        copy_short(key, dst);
        quoted_at(out, dst, k, bytes, *b"\"");
    }
}

/// Appends `,` if `comma`, then `s` as a quoted JSON string, then `:`: an
/// object entry's key, as [`write_quoted`] writes it, under the same
/// capacity check.
#[inline(always)]
pub(super) fn write_entry_quoted(out: &mut Buf<'_>, comma: bool, s: &str) {
    let c = usize::from(comma);
    let bytes = s.as_bytes();
    // Cannot overflow: a slice is at most `isize::MAX` bytes long.
    let dst = out.spare(c + bytes.len() + 3 + SLACK);
    // SAFETY: `spare` left room at `dst` for the comma's `c` bytes and
    // what `quoted_at` writes after them. The comma's store takes the
    // first byte whether or not it is kept: when `c` is 0, `quoted_at`'s
    // opening quote overwrites it.
    unsafe {
        dst.write(b',');
        quoted_at(out, dst, c, bytes, *b"\":");
    }
}

/// What the three writers above share: after the `prefix` bytes already
/// written at `dst`, `bytes` quoted and escaped, then `close` (the closing
/// quote, and for an entry's key the colon), advancing `out` over all of
/// it. A string without escapes is written in place with no further
/// capacity check.
///
/// # Safety
///
/// `dst` is `out`'s spare capacity, with room for `prefix + bytes.len()
/// + 1 + N + SLACK` bytes, and its first `prefix` bytes are written.
#[inline(always)]
unsafe fn quoted_at<const N: usize>(
    out: &mut Buf<'_>,
    dst: *mut u8,
    prefix: usize,
    bytes: &[u8],
    close: [u8; N],
) {
    // SAFETY: the room the caller guarantees: the opening quote takes one
    // byte after the prefix, `copy_clean` needs `bytes.len() + SLACK` after
    // that, and `close` `N` more after the `clean <= bytes.len()` bytes it
    // wrote. Every byte advanced over was written: the prefix (the
    // caller's), the quote, the `clean` bytes `copy_clean` promises, and
    // `close`.
    let clean = unsafe {
        let at = dst.add(prefix);
        at.write(b'"');
        let clean = copy_clean(bytes, at.add(1));
        if clean == bytes.len() {
            at.add(1 + clean).cast::<[u8; N]>().write_unaligned(close);
            out.advance(prefix + clean + 1 + N);
            return;
        }
        out.advance(prefix + 1 + clean);
        clean
    };
    escape_rest(out, &bytes[clean..]);
    // `push` when it is one byte: `escape_rest` left room for it.
    match close.as_slice() {
        &[byte] => out.push(byte),
        close => out.extend_from_slice(close),
    }
}

/// Appends `s` to `out` escaped, without quotes: one piece of a long
/// string that is written in pieces.
#[inline(never)]
pub(crate) fn write_unquoted(out: &mut Buf<'_>, s: &str) {
    let bytes = s.as_bytes();
    let dst = out.spare(bytes.len() + SLACK);
    // SAFETY: `spare` left room for `bytes.len() + SLACK` bytes at `dst`,
    // which `copy_clean` needs, and `copy_clean` initializes the `clean`
    // bytes advanced over.
    let clean = unsafe {
        let clean = copy_clean(bytes, dst);
        out.advance(clean);
        clean
    };
    if clean < bytes.len() {
        escape_rest(out, &bytes[clean..]);
    }
}

/// Escapes all of `src`, whose first byte must be escaped, onto `out`,
/// which keeps room for at least one more byte after it (the closing quote).
#[inline(never)]
fn escape_rest(out: &mut Buf<'_>, src: &[u8]) {
    let mut i = 0;
    while i < src.len() {
        let rest = src.len() - i;
        // Room for the rest copied as it is, the stores' slack, the closing
        // quote, and at least `MIN_ESCAPES` escapes' growth.
        let dst = out.spare(rest + SLACK + 1 + MAX_GROWTH * MIN_ESCAPES);
        let room = out.capacity() - out.len();
        let escapes = (room - rest - SLACK - 1) / MAX_GROWTH;
        // SAFETY: `src[i]` must be escaped: at first as the caller
        // guarantees, later because `escape_some` stops only before such a
        // byte. `room` bytes of spare capacity start at `dst`, and by the
        // computation of `escapes`, `room >= rest + SLACK + MAX_GROWTH *
        // escapes`, as `escape_some` requires. It returns how many bytes of
        // `src[i..]` it consumed and a pointer past the bytes it wrote, all
        // within `room`, so the offset is non-negative and in capacity.
        unsafe {
            let (consumed, end) = escape_some::<Native>(&src[i..], dst, escapes);
            out.advance(end.offset_from(dst) as usize);
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

/// Loads `src`, 1 to 7 bytes long, into the low bytes of a little-endian
/// word. The bytes above are zero.
///
/// # Safety
/// `0 < src.len() < 8`.
#[inline(always)]
unsafe fn load_short(src: &[u8]) -> u64 {
    let n = src.len();
    let p = src.as_ptr();
    // SAFETY: every read is inside `src`: the 4-byte reads start at 0 and
    // at `n - 4 >= 0` when `n >= 4`, and the byte reads at 0, `n / 2` and
    // `n - 1`, all below `n`.
    unsafe {
        if n >= 4 {
            // Two 4-byte loads that overlap when `n < 8`; the bytes they
            // share are equal, so OR-ing them is exact.
            let lo = u32::from_le_bytes(p.cast::<[u8; 4]>().read_unaligned());
            let hi = u32::from_le_bytes(p.add(n - 4).cast::<[u8; 4]>().read_unaligned());
            lo as u64 | (hi as u64) << ((n - 4) * 8)
        } else {
            // 1 to 3 bytes: first, middle and last, some of them the same.
            let a = *p as u64;
            let b = *p.add(n / 2) as u64;
            let c = *p.add(n - 1) as u64;
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

/// 16 bytes at a time with SSE2, which every x86_64 processor has.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8, _mm_storeu_si128,
    };

    /// Copies 16 bytes from `src` to `dst` and returns a mask with bit `k`
    /// set when byte `k` must be escaped.
    ///
    /// # Safety
    /// `src` must be valid for reads and `dst` for writes of 16 bytes.
    #[inline(always)]
    pub(super) unsafe fn copy16(src: *const u8, dst: *mut u8) -> u32 {
        // SAFETY: the caller guarantees the 16 bytes at `src` and `dst`; the
        // unaligned load and store need no alignment. SSE2 is part of the
        // x86_64 baseline, so the intrinsics are always available.
        unsafe {
            let v = _mm_loadu_si128(src.cast());
            _mm_storeu_si128(dst.cast(), v);
            // Unsigned `v <= 0x1F`: the minimum with 0x1F is `v` itself.
            let control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
            let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
            let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
            _mm_movemask_epi8(_mm_or_si128(control, _mm_or_si128(quote, backslash))) as u32
        }
    }

    /// [`Block`](super::Block) with 16-byte SSE2 vectors.
    pub(super) struct Sse2;

    /// [`copy_clean`](super::copy_clean) with 16-byte blocks. The last
    /// block overlaps the one before, as the last word does in
    /// [`copy_clean_swar`](super::copy_clean_swar).
    ///
    /// # Safety
    /// As [`copy_clean`](super::copy_clean), and `src.len() >= 16`.
    #[inline(always)]
    pub(super) unsafe fn copy_clean(src: &[u8], dst: *mut u8) -> usize {
        let len = src.len();
        let p = src.as_ptr();
        let mut i = 0;
        while len - i > 16 {
            // SAFETY: `i + 16 < len`, so 16 bytes at `p + i` are readable
            // and at `dst + i` writable.
            let mask = unsafe { copy16(p.add(i), dst.add(i)) };
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
        // SAFETY: `len >= 16`, so the last 16 bytes are in `src` and `dst`.
        let mask = unsafe { copy16(p.add(len - 16), dst.add(len - 16)) };
        if mask == 0 {
            len
        } else {
            len - 16 + mask.trailing_zeros() as usize
        }
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
    if len > 16 {
        // SAFETY: as the caller guarantees, and `len > 16`.
        #[cfg(target_arch = "x86_64")]
        return unsafe { sse2::copy_clean(src, dst) };
        // SAFETY: as the caller guarantees.
        #[cfg(not(target_arch = "x86_64"))]
        return unsafe { copy_clean_swar(src, dst) };
    }
    if len >= 4 {
        // SAFETY: as the caller guarantees, and `4 <= len <= 16`.
        return unsafe { copy_clean_4_to_16(src, dst) };
    }
    if len == 0 {
        return 0;
    }
    // SAFETY: `0 < len < 4`, as `load_short` requires; `dst` has
    // `len + SLACK >= 8` writable bytes.
    let w = unsafe {
        let w = load_short(src);
        store(dst, w);
        w
    };
    // The zero bytes above `len` look like control characters.
    let mask = special(w) & ((1u64 << (len * 8)) - 1);
    if mask == 0 {
        len
    } else {
        first(mask)
    }
}

/// [`copy_clean`] for 4 to 16 bytes, with no branch on the length: four
/// 4-byte pieces at 0, `min(len - 4, 4)`, `max(len - 8, 0)` and
/// `len - 4`, each starting at most 4 bytes after the one before, so that
/// together they cover the string (from 8 bytes on they are its first and
/// last 8). The lengths of short strings (keys, names) vary from one to
/// the next, and [`copy_clean_swar`]'s branches between fewer than 8
/// bytes, 8, and more mispredicted: see the table of changes in
/// docs/performance.md.
///
/// The pieces are checked two to a word. The lowest marked byte of the
/// first word is one to escape ([`special`]), and the first such byte of
/// the string: the bytes before it are in the same word, or in the
/// pieces before its piece, which cover everything before that piece's
/// start. With the first word clean, the second's lowest marked byte is,
/// as its pieces start within 4 bytes of the first word's end.
///
/// # Safety
/// `4 <= src.len() <= 16`, and `dst` must be valid for writes of
/// `src.len()` bytes.
#[inline(always)]
unsafe fn copy_clean_4_to_16(src: &[u8], dst: *mut u8) -> usize {
    let len = src.len();
    debug_assert!((4..=16).contains(&len));
    let p = src.as_ptr();
    let last = len - 4;
    let starts = [0, last.min(4), last.saturating_sub(4), last];
    let mut pieces = [0u32; 4];
    for (piece, &at) in pieces.iter_mut().zip(&starts) {
        // SAFETY: `at + 4 <= len`: every start is at most `last`, so each
        // piece is inside `src` and inside the `len` bytes at `dst`.
        unsafe {
            let bytes = p.add(at).cast::<[u8; 4]>().read_unaligned();
            dst.add(at).cast::<[u8; 4]>().write_unaligned(bytes);
            *piece = u32::from_le_bytes(bytes);
        }
    }
    let word = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
    let (head, tail) = (
        special(word(pieces[0], pieces[1])),
        special(word(pieces[2], pieces[3])),
    );
    if head | tail == 0 {
        return len;
    }
    let (mask, pair) = if head != 0 { (head, 0) } else { (tail, 2) };
    let at = first(mask);
    starts[pair + at / 4] + at % 4
}

/// [`copy_clean`] with 8-byte words.
///
/// The last word is loaded from the end of `src`, overlapping the one
/// before: every byte before it was found clean and copied as it is, so
/// storing it again changes nothing, and it contains no byte to escape.
///
/// # Safety
/// As [`copy_clean`].
#[inline(always)]
unsafe fn copy_clean_swar(src: &[u8], dst: *mut u8) -> usize {
    let len = src.len();
    let p = src.as_ptr();
    if len < 8 {
        if len == 0 {
            return 0;
        }
        // SAFETY: `0 < len < 8`, as `load_short` requires; `dst` has
        // `len + SLACK >= 8` writable bytes.
        let w = unsafe {
            let w = load_short(src);
            store(dst, w);
            w
        };
        // The zero bytes above `len` look like control characters.
        let mask = special(w) & ((1u64 << (len * 8)) - 1);
        return if mask == 0 { len } else { first(mask) };
    }
    let mut i = 0;
    while len - i > 8 {
        // SAFETY: `i + 8 < len`, so 8 bytes at `p + i` are readable and at
        // `dst + i` writable.
        let mask = special(unsafe { copy8(p.add(i), dst.add(i)) });
        if mask != 0 {
            return i + first(mask);
        }
        i += 8;
    }
    // SAFETY: `len >= 8`, so the last 8 bytes are in `src` and `dst`.
    let mask = special(unsafe { copy8(p.add(len - 8), dst.add(len - 8)) });
    // The lowest marked byte is one to escape, and the bytes before `i`
    // are clean, so it is at or after `i`.
    if mask == 0 {
        len
    } else {
        len - 8 + first(mask)
    }
}

/// A block of input bytes that the escaping loop, [`escape_some`], copies
/// and checks at once: 16 bytes with SSE2 on x86_64 ([`sse2::Sse2`]), one
/// `u64` with SWAR arithmetic elsewhere (`Swar`). The tests run both.
trait Block {
    /// Bytes per block, at most 16.
    const WIDTH: usize;

    /// Copies `WIDTH` bytes from `src` to `dst` and returns a mask with one
    /// set bit for each of them that must be escaped and no other, lower
    /// bits for earlier bytes.
    ///
    /// # Safety
    /// `src` must be valid for reads and `dst` for writes of `WIDTH` bytes.
    unsafe fn copy(src: *const u8, dst: *mut u8) -> u64;

    /// The index in its block of the byte that the lowest set bit of a
    /// nonzero mask from [`Block::copy`] marks.
    fn index(mask: u64) -> usize;
}

// Implemented here rather than in `sse2`, so that the module names the
// trait from its parent and not the reverse (`.ci/module_cycles.py` reads
// files, not inline modules).
#[cfg(target_arch = "x86_64")]
impl Block for sse2::Sse2 {
    const WIDTH: usize = 16;

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: as the caller guarantees.
        u64::from(unsafe { sse2::copy16(src, dst) })
    }

    #[inline(always)]
    fn index(mask: u64) -> usize {
        mask.trailing_zeros() as usize
    }
}

/// [`Block`] with 8-byte words and SWAR arithmetic.
#[cfg(any(test, not(target_arch = "x86_64")))]
struct Swar;

#[cfg(any(test, not(target_arch = "x86_64")))]
impl Block for Swar {
    const WIDTH: usize = 8;

    #[inline(always)]
    unsafe fn copy(src: *const u8, dst: *mut u8) -> u64 {
        // SAFETY: as the caller guarantees.
        special_exact(unsafe { copy8(src, dst) })
    }

    #[inline(always)]
    fn index(mask: u64) -> usize {
        first(mask)
    }
}

/// [`special`] without its false positives: the high bit of exactly the
/// bytes of `w` that must be escaped, as [`escape_some`] escapes every
/// marked byte and not only the lowest. No sum here carries from one byte
/// into the next: each adds at most 0x7F to a byte of at most 0x7F.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn special_exact(w: u64) -> u64 {
    const LOW: u64 = LSB * 0x7F;
    let low = w & LOW;
    // High bit set where the low 7 bits are 0x20 or more.
    let above_control = low + LSB * 0x60;
    // High bit set where the low 7 bits are not those of `"`, of `\`.
    let not_quote = (low ^ (LSB * b'"' as u64)) + LOW;
    let not_backslash = (low ^ (LSB * b'\\' as u64)) + LOW;
    // A byte of 0x80 or more is never escaped, whatever its low bits.
    !((above_control & not_quote & not_backslash) | w) & MSB
}

/// The block the escaping loop uses on this target.
#[cfg(target_arch = "x86_64")]
type Native = sse2::Sse2;
#[cfg(not(target_arch = "x86_64"))]
type Native = Swar;

/// Stores the escape sequence of `byte` at `dst` as one 8-byte word and
/// returns the end of the sequence.
///
/// # Safety
/// `byte` must be one to escape, and `dst` valid for writes of 8 bytes.
#[inline(always)]
unsafe fn escape_byte(dst: *mut u8, byte: u8) -> *mut u8 {
    let seq = ESCAPE[(byte & 0x7F) as usize];
    let n = (seq >> 56) as usize;
    debug_assert!(n != 0, "byte {byte:#x} is not one to escape");
    // SAFETY: 8 writable bytes at `dst`, as the caller guarantees, and the
    // sequence is at most 6 of them.
    unsafe {
        store(dst, seq);
        dst.add(n)
    }
}

/// Escapes `src`, whose first byte must be escaped, into `dst`, stopping
/// early only when `escapes` escape sequences were written and another one
/// is due. Returns how many bytes of `src` were consumed and the end of what
/// was written.
///
/// After the first escape the input goes a block of `B` at a time, and the
/// block's mask marks all of its escapes at once. For each, the clean
/// bytes before it are already in place, from the block's store; the
/// escape sequence goes after them, and the bytes after it are stored again
/// one block-wide store further on, from the input. Then the next escape
/// in the mask, or the next block. No byte is checked twice.
///
/// Before, each escape was followed by a fresh [`copy_clean`], which
/// checked the bytes after it from scratch and stopped at the next escape:
/// with an escape every 10 to 20 bytes (prose with newlines and quotes),
/// every short clean run paid a whole scan's set-up and the check of a
/// block it had already checked. With this loop, json-bench's
/// `shapes/escape_heavy` took 0.33 of serde_json's time instead of 0.48
/// compact, and 0.29 instead of 0.43 pretty (json_runtime 371 µs instead
/// of 562; medians of 5 runs of that workload alone, alternating builds).
///
/// The bytes after the last whole block of input (fewer than `WIDTH`) are
/// done as before, a clean run with [`copy_clean_swar`] and then an escape,
/// as no block-wide store fits there.
///
/// # Safety
/// `src[0]` must be a byte to escape, and `dst` must be valid for writes of
/// `src.len() + SLACK + MAX_GROWTH * escapes` bytes.
#[inline(always)]
unsafe fn escape_some<B: Block>(src: &[u8], dst: *mut u8, mut escapes: usize) -> (usize, *mut u8) {
    let len = src.len();
    let p = src.as_ptr();
    let mut i = 0;
    let mut d = dst;
    // Invariant: the bytes of `src` before `i` are written before `d`, and
    // at least `(len - i) + SLACK + MAX_GROWTH * escapes` writable bytes
    // remain at `d`. A clean byte advances `d` and `i` together; an escape
    // advances `d` by at most `MAX_GROWTH + 1` and `i` by one, and
    // decrements `escapes`. So `d` always has room for `len - i + SLACK`
    // bytes: a whole block when `len - i >= WIDTH`, 8 bytes always.
    loop {
        // Byte `i` must be escaped.
        if escapes == 0 {
            return (i, d);
        }
        escapes -= 1;
        // SAFETY: `i < len`, at first as `src[0]` must be escaped, later
        // because `copy_clean_swar` stopped before byte `i`. The sequence's
        // 8-byte store is in room, and the invariant holds again once `d`
        // has advanced by its length, `i` by one, and `escapes` is one less.
        d = unsafe { escape_byte(d, *p.add(i)) };
        i += 1;
        if len - i >= B::WIDTH {
            // SAFETY: `i + WIDTH <= len`, so the block is in `src`, and in
            // room at `d`.
            let mut mask = unsafe { B::copy(p.add(i), d) };
            let mut end = i + B::WIDTH;
            // Here and at each turn: the bytes from `i` to the block's
            // `end` are stored at `d`, and `mask` marks the escapes among
            // them.
            loop {
                while mask == 0 {
                    // SAFETY: clean up to `end <= len` and in place, so
                    // `d` and `i` move over them together.
                    d = unsafe { d.add(end - i) };
                    i = end;
                    if len - i < B::WIDTH {
                        break;
                    }
                    // SAFETY: as for the first block.
                    mask = unsafe { B::copy(p.add(i), d) };
                    end = i + B::WIDTH;
                }
                if mask == 0 {
                    break;
                }
                // The next escape, at `e`: `i <= e < end`, as the mask marks
                // none before `i`.
                let e = end - B::WIDTH + B::index(mask);
                // SAFETY: the clean bytes before `e` are in place, so `d`
                // and `i` move over them together.
                d = unsafe { d.add(e - i) };
                i = e;
                if escapes == 0 {
                    return (i, d);
                }
                escapes -= 1;
                // SAFETY: `i = e < len`; as for the escape before the loop.
                d = unsafe { escape_byte(d, *p.add(i)) };
                i += 1;
                mask &= mask - 1;
                if len - i < B::WIDTH {
                    break;
                }
                // The rest of the block, moved to after the sequence.
                // SAFETY: as for the first block. Its mask is not needed:
                // `mask` has the escapes up to `end`.
                unsafe { B::copy(p.add(i), d) };
            }
        }
        // Fewer than `WIDTH` bytes left, none of them written yet: their
        // clean run, then the escape after it, if any.
        // SAFETY: `d` has room for `len - i + SLACK` bytes, as
        // `copy_clean_swar` requires for `src[i..]`. The `clean` bytes it
        // copied keep the invariant when `d` and `i` both advance by it.
        unsafe {
            let clean = copy_clean_swar(&src[i..], d);
            i += clean;
            d = d.add(clean);
        }
        if i == len {
            return (i, d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn quoted(s: &str) -> Vec<u8> {
        let mut out = Buf::in_memory(Vec::new());
        write_quoted(&mut out, s);
        out.into_bytes()
    }

    fn unquoted(s: &str) -> Vec<u8> {
        let mut out = Buf::in_memory(Vec::new());
        write_unquoted(&mut out, s);
        out.into_bytes()
    }

    /// Runs one `copy_clean` variant and checks the count and the bytes.
    fn check_copy_clean(s: &str, f: unsafe fn(&[u8], *mut u8) -> usize) {
        let src = s.as_bytes();
        let expected = src
            .iter()
            .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
            .unwrap_or(src.len());
        let mut out = vec![0u8; src.len() + SLACK];
        // SAFETY: `out` has the `src.len() + SLACK` bytes it needs.
        let clean = unsafe { f(src, out.as_mut_ptr()) };
        assert_eq!(clean, expected, "clean prefix of {s:?}");
        assert_eq!(out[..clean], src[..clean], "copy of {s:?}");
    }

    fn check(s: &str) {
        // An allocation of exactly the string's length, so that a read past
        // its end is caught by the address sanitizer or Miri.
        let exact: Box<str> = s.into();
        let s = &*exact;
        check_copy_clean(s, copy_clean_swar);
        check_copy_clean(s, copy_clean);
        let expected = serde_json::to_vec(s).unwrap();
        assert_eq!(
            quoted(s),
            expected,
            "write_quoted({s:?}) = {:?}",
            String::from_utf8_lossy(&quoted(s)),
        );
        // Appending after existing content.
        let mut out = Buf::in_memory(b"prefix".to_vec());
        write_quoted(&mut out, s);
        let out = out.into_bytes();
        assert_eq!(&out[..6], b"prefix");
        assert_eq!(out[6..], expected, "write_quoted({s:?}) after a prefix");
        // Without the quotes, as a long string's pieces are written.
        assert_eq!(
            unquoted(s),
            expected[1..expected.len() - 1],
            "write_unquoted({s:?})"
        );
        // The escaping loop with each block type, not only the native one.
        check_blocks(s, &expected);
    }

    /// [`escape_with_budget`] for one [`Block`] type.
    type Escaper = fn(&[u8], usize) -> Vec<u8>;

    /// The escaping loop with every [`Block`] type, by name.
    const BLOCKS: &[(&str, Escaper)] = &[
        ("swar", escape_with_budget::<Swar>),
        #[cfg(target_arch = "x86_64")]
        ("sse2", escape_with_budget::<sse2::Sse2>),
    ];

    /// Checks `s` escaped by [`escape_some`] with every [`Block`] type,
    /// with room for all of its escapes at once, against `expected`,
    /// serde_json's output for it.
    fn check_blocks(s: &str, expected: &[u8]) {
        for (name, escape) in BLOCKS {
            let got = escape(s.as_bytes(), s.len().max(1));
            assert_eq!(
                got,
                expected[1..expected.len() - 1],
                "{name}: {s:?} escaped as {:?}",
                String::from_utf8_lossy(&got),
            );
        }
    }

    /// The mask of a block is exact: one set bit for each byte to escape,
    /// which [`Block::index`] finds in order, and no other. Every pair of
    /// byte values side by side, as a borrow from one byte into the next
    /// would mark a clean byte after one to escape.
    fn check_mask<B: Block>(positions: &[usize]) {
        let escaped = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
        let mut out = [0u8; 16];
        for &k in positions {
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    let mut block = [b'x'; 16];
                    block[k] = a;
                    block[k + 1] = b;
                    let block = &block[..B::WIDTH];
                    // SAFETY: 16 bytes in each, `WIDTH <= 16`.
                    let mut mask = unsafe { B::copy(block.as_ptr(), out.as_mut_ptr()) };
                    assert_eq!(out[..B::WIDTH], *block);
                    let mut found = Vec::new();
                    while mask != 0 {
                        found.push(B::index(mask));
                        mask &= mask - 1;
                    }
                    let expected: Vec<usize> =
                        (0..B::WIDTH).filter(|&j| escaped(block[j])).collect();
                    assert_eq!(found, expected, "{block:?}");
                }
            }
        }
    }

    #[test]
    fn swar_mask_is_exact() {
        check_mask::<Swar>(&[0, 1, 2, 3, 4, 5, 6]);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_mask_is_exact() {
        check_mask::<sse2::Sse2>(&[0, 7, 14]);
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

    /// `copy_clean_4_to_16`'s pieces overlap differently at each length:
    /// at each, one or two escapes at every pair of positions, each of
    /// the three kinds.
    #[test]
    fn short_strings_every_length_and_escape_position() {
        for len in 0..=17 {
            check(&"x".repeat(len));
            for a in 0..len {
                for b in a..len {
                    for escape in [b'"', b'\\', 0x1f] {
                        let mut s = vec![b'y'; len];
                        s[b] = 0x01;
                        s[a] = escape;
                        check(std::str::from_utf8(&s).unwrap());
                    }
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

    /// `escape_rest` with blocks of `B`, and room for only `budget` escapes
    /// per round, so the loop stops and resumes at every position within a
    /// block.
    fn escape_with_budget<B: Block>(src: &[u8], budget: usize) -> Vec<u8> {
        let mut out = Vec::<u8>::with_capacity(src.len() + SLACK);
        // SAFETY: the reserve above makes the room `copy_clean` needs.
        let mut i = unsafe { copy_clean(src, out.as_mut_ptr()) };
        // SAFETY: `copy_clean` wrote the first `i` bytes.
        unsafe { out.set_len(i) };
        while i < src.len() {
            let rest = src.len() - i;
            out.reserve_exact(rest + SLACK + MAX_GROWTH * budget);
            let start = out.len();
            // SAFETY: the reserve above makes the room `escape_some` needs.
            unsafe {
                let dst = out.as_mut_ptr().add(start);
                let (consumed, end) = escape_some::<B>(&src[i..], dst, budget);
                out.set_len(start + end.offset_from(dst) as usize);
                i += consumed;
            }
        }
        out
    }

    #[test]
    fn escape_budget_runs_out_anywhere() {
        let mut rng = Lcg(7);
        for len in 0..=72 {
            for _ in 0..40 {
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
                    for (name, escape) in BLOCKS {
                        assert_eq!(
                            escape(s.as_bytes(), budget),
                            expected[1..expected.len() - 1],
                            "{name}: {s:?} with budget {budget}",
                        );
                    }
                }
            }
        }
    }

    /// Escapes closer together than a block: every byte, every other byte,
    /// and clean runs of every length from 0 to 40 between them, so that
    /// one block's mask holds none, one or many of them. `lead` clean
    /// bytes after the first escape set where the later ones fall in the
    /// blocks, which start after the first; `tail` clean bytes end the
    /// string, so its last escapes fall before, in and after the last
    /// whole block.
    #[test]
    fn dense_escapes() {
        // Two-byte and six-byte sequences, alternating or not.
        const ESCAPES: [&str; 3] = ["\n\"", "\\", "\u{1}\t"];
        for escapes in ESCAPES {
            let mut escapes = escapes.chars().cycle();
            for run in 0..=40 {
                for lead in 0..=16 {
                    for tail in 0..=17 {
                        let mut s = String::from("ab");
                        s.push(escapes.next().unwrap());
                        s.extend((0..lead).map(|k| (b'c' + k as u8) as char));
                        // At least 48 bytes of the pattern: three blocks.
                        let mut count = 0;
                        while count < 48 {
                            s.push(escapes.next().unwrap());
                            s.extend((0..run).map(|k| (b'A' + (k % 26) as u8) as char));
                            count += run + 1;
                        }
                        s.extend((0..tail).map(|k| (b'z' - k as u8) as char));
                        check(&s);
                    }
                }
            }
        }
    }

    /// Every byte escaped: each of the 34 bytes to escape at every
    /// position of a block, after every offset, and runs of each alone.
    #[test]
    fn every_byte_escaped() {
        let all: Vec<u8> = (0u8..0x20).chain([b'"', b'\\']).collect();
        for offset in 0..all.len() {
            let mut s: Vec<u8> = all
                .iter()
                .cycle()
                .skip(offset)
                .take(3 * all.len())
                .copied()
                .collect();
            for len in [1, 2, 15, 16, 17, 31, 32, 33, s.len()] {
                check(std::str::from_utf8(&s[..len]).unwrap());
            }
            // Every other byte.
            s = all[offset..].iter().flat_map(|&b| [b, b'x']).collect();
            check(std::str::from_utf8(&s).unwrap());
        }
        for &b in &all {
            for len in 0..=40 {
                check(std::str::from_utf8(&vec![b; len]).unwrap());
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
                    if !r.is_multiple_of(3) {
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

    /// Clean text to cut runs from: ASCII and characters of two, three and
    /// four bytes, with the bytes that follow a byte to escape in a false
    /// positive of [`special`] (` `, `#`, `]`).
    const CLEAN: &str = "The quick brown fox; café naïve # [x] 日本語 🦀 / ~ ' ` {y} ok";

    /// `len` characters of [`CLEAN`] from its `start`th on, round and round.
    fn clean_run(start: usize, len: usize) -> impl Iterator<Item = char> {
        CLEAN.chars().cycle().skip(start).take(len)
    }

    /// A clean run, mostly shorter than a block, then an escape. Cut from
    /// [`CLEAN`] rather than drawn a character at a time, which made
    /// drawing the cases most of the test's time.
    fn dense_segment() -> impl Strategy<Value = String> {
        let len = prop_oneof![3 => 0usize..4, 3 => 0usize..20, 1 => 0usize..40];
        let escape = prop_oneof![
            2 => Just('"'),
            2 => Just('\\'),
            3 => Just('\n'),
            1 => Just('\t'),
            2 => (0u8..0x20).prop_map(char::from),
        ];
        (0usize..64, len, escape).prop_map(|(start, len, escape)| {
            let mut s: String = clean_run(start, len).collect();
            s.push(escape);
            s
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Strings with an escape every few bytes, with each block type
        /// and with room for only a few escapes at a time.
        #[test]
        fn matches_serde_json_dense(
            segments in prop::collection::vec(dense_segment(), 0..12),
            tail in (0usize..64, 0usize..20),
            budget in 1usize..5,
        ) {
            let mut s: String = segments.concat();
            s.extend(clean_run(tail.0, tail.1));
            let expected = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(quoted(&s), expected.clone());
            for (name, escape) in BLOCKS {
                prop_assert_eq!(
                    escape(s.as_bytes(), s.len().max(1)),
                    &expected[1..expected.len() - 1],
                    "{}", name
                );
                prop_assert_eq!(
                    escape(s.as_bytes(), budget),
                    &expected[1..expected.len() - 1],
                    "{} with budget {}", name, budget
                );
            }
        }

        #[test]
        fn matches_serde_json_any_string(s in any::<String>()) {
            check_copy_clean(&s, copy_clean_swar);
            let expected = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(quoted(&s), expected.clone());
            check_blocks(&s, &expected);
        }

        #[test]
        fn matches_serde_json_biased(chars in prop::collection::vec(biased_char(), 0..80)) {
            let s: String = chars.into_iter().collect();
            check_copy_clean(&s, copy_clean_swar);
            let expected = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(quoted(&s), expected.clone());
            check_blocks(&s, &expected);
        }
    }
}
