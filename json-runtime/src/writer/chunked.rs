//! Compact arrays of bytes and of `bool`s (`Vec<u8>`, `[bool; N]`, the
//! rows of a `Vec<Vec<u8>>` or `Vec<Vec<bool>>`) written a block of
//! elements at a time, with AVX-512 VBMI2 where the processor has it
//! (checked once, at run time; see `number/byte_text.rs` for the bytes).
//!
//! One element at a time, each row of such an array is a loop whose exit
//! mispredicts about once a row wherever row lengths vary, and for short
//! rows that was most of their time: rows of 0 to 20 `bool`s took 2.3
//! times as long as rows of exactly 10. Here a block of elements (16
//! bytes, 24 `bool`s) takes one fixed sequence of instructions whatever
//! its length: each element's text and a comma sit in a lane of a vector
//! register, and one byte compression (`vpcompressb`) drops the bytes no
//! element keeps. A row that fits in a block takes no branch on its
//! length or its values at all; longer arrays loop over blocks.

use std::arch::x86_64::{
    _mm512_cvtepu8_epi64, _mm512_mask_blend_epi64, _mm512_maskz_compress_epi8,
    _mm512_maskz_mov_epi64, _mm512_set1_epi64, _mm512_storeu_si512, _mm512_test_epi64_mask,
    _mm512_test_epi8_mask, _mm_maskz_loadu_epi8,
};

use super::format::Format;
use super::json_writer::JsonWriter;
use crate::number::{write_byte_chunk, BYTE_CHUNK, BYTE_CHUNK_ROOM};

pub(crate) use crate::number::byte_text_available as available;

/// About how many bytes of text one group of blocks takes, under one
/// capacity check: as the integer arrays' groups (`scalar_array.rs`), small
/// enough that a streaming writer's buffer stays bounded.
pub(crate) const GROUP_BYTES: usize = 4096;

/// A kind of element written a block at a time, each element as its text
/// and a comma.
pub(crate) trait Blocks {
    /// Elements per block.
    const BLOCK: usize;
    /// The most text one element takes, its comma included.
    const TEXT: usize;
    /// Bytes [`write_block`](Self::write_block) may store to.
    const ROOM: usize;

    /// Writes the `len <= BLOCK` elements at `src`, each as its text and a
    /// comma, at `at`, and returns the length written (0 for none).
    ///
    /// # Safety
    ///
    /// The processor has the features `available` checks, `len <= BLOCK`,
    /// `src` is valid for reading `len` elements of this kind (bytes, or
    /// `bool`s as bytes), and `at` is valid for writing `ROOM` bytes.
    unsafe fn write_block(src: *const u8, len: usize, at: *mut u8) -> usize;
}

/// Bytes, sixteen in one `number::write_byte_chunk`.
pub(crate) struct Bytes;

impl Blocks for Bytes {
    const BLOCK: usize = BYTE_CHUNK;
    const TEXT: usize = 4;
    const ROOM: usize = BYTE_CHUNK_ROOM;

    #[inline(always)]
    unsafe fn write_block(src: *const u8, len: usize, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantees are `write_byte_chunk`'s.
        unsafe { write_byte_chunk(src, len, at) }
    }
}

/// `bool`s, three chunks of eight ([`write_bool_chunk`]) a block: rows of
/// up to 24, the usual length of a row of flags, take no branch.
pub(crate) struct Bools;

impl Blocks for Bools {
    const BLOCK: usize = 24;
    const TEXT: usize = 6;
    // The third chunk's store starts at most 16 texts in, and is 64 long.
    const ROOM: usize = 16 * 6 + 64;

    #[inline(always)]
    unsafe fn write_block(src: *const u8, len: usize, at: *mut u8) -> usize {
        let (first, second, third) = (
            len.min(8),
            len.saturating_sub(8).min(8),
            len.saturating_sub(16),
        );
        // SAFETY: each chunk reads only its own `bool`s, `first + second +
        // third = len` of them in order (a chunk of none reads nothing, so
        // its pointer, past the `bool`s when `len` is short, is formed with
        // `wrapping_add` and never read); each stores 64 bytes from where
        // its text starts, at most 16 texts of 6 bytes in: within `ROOM`.
        unsafe {
            let mut n = write_bool_chunk(src, first, at);
            n += write_bool_chunk(src.wrapping_add(8), second, at.add(n));
            n + write_bool_chunk(src.wrapping_add(16), third, at.add(n))
        }
    }
}

/// Writes the `len <= 8` `bool`s at `src` as `true,` and `false,` at `at`
/// and returns the length written: each `bool` picks one of the two words
/// for its 64-bit lane, and the bytes of each lane's text, none for lanes
/// past `len`, are compressed together.
///
/// # Safety
///
/// The processor has the features `available` checks, `len <= 8`, `src`
/// is valid for reading `len` `bool`s, and `at` for writing 64 bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
unsafe fn write_bool_chunk(src: *const u8, len: usize, at: *mut u8) -> usize {
    debug_assert!(len <= 8);
    let lanes = ((1u16 << len) - 1) as u8;
    // SAFETY: the masked load reads only the `len` bytes its mask keeps,
    // which the caller makes readable (a `bool` is one byte, 0 or 1); the
    // others read as 0 and fault on nothing.
    let bools = unsafe { _mm_maskz_loadu_epi8(u16::from(lanes), src.cast()) };
    let truth = _mm512_test_epi64_mask(_mm512_cvtepu8_epi64(bools), _mm512_set1_epi64(1));
    let words = _mm512_mask_blend_epi64(
        truth,
        _mm512_set1_epi64(i64::from_le_bytes(*b"false,\0\0")),
        _mm512_set1_epi64(i64::from_le_bytes(*b"true,\0\0\0")),
    );
    let keep = _mm512_mask_blend_epi64(
        truth,
        _mm512_set1_epi64(0xFFFF_FFFF_FFFF),
        _mm512_set1_epi64(0xFF_FFFF_FFFF),
    );
    let keep = _mm512_maskz_mov_epi64(lanes, keep);
    let kept = _mm512_test_epi8_mask(keep, keep);
    let packed = _mm512_maskz_compress_epi8(kept, words);
    // SAFETY: the caller makes 64 bytes at `at` writable; the store is
    // unaligned.
    unsafe { _mm512_storeu_si512(at.cast(), packed) };
    kept.count_ones() as usize
}

/// Writes `items` (bytes, or `bool`s as bytes, as `B` says) as a JSON
/// array in compact layout, `,` first if `comma_before`, a block at a
/// time, each group of blocks under one capacity check, and the `]`
/// stored over the last comma. A short array's loop over blocks runs
/// exactly once, whatever its length, even none.
///
/// # Safety
///
/// The processor has the features it enables (`available`), and `items`
/// are `B`'s kind of element.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
pub(crate) unsafe fn write_array<F: Format, B: Blocks>(
    w: &mut JsonWriter<'_, F>,
    items: &[u8],
    comma_before: bool,
) {
    debug_assert!(!F::PRETTY);
    w.check_open_array();
    for _ in items {
        w.check_element();
        w.check_scalar();
    }
    // Whole blocks, and about `GROUP_BYTES` of text.
    let per_group = (GROUP_BYTES / B::TEXT / B::BLOCK).max(1) * B::BLOCK;
    let mut rest = items;
    let mut open = true;
    loop {
        let (group, after) = rest.split_at(rest.len().min(per_group));
        rest = after;
        let last = rest.is_empty();
        let start = w.buf.spare(2 + B::TEXT * group.len() + B::ROOM);
        // SAFETY: `spare` left `2 + B::TEXT * group.len() + B::ROOM`
        // writable bytes at `start`: the comma and the `[` (the first
        // group only), then each block's text, at most `B::TEXT` bytes an
        // element, each block's stores within `B::ROOM` from where its
        // text starts; the `]` goes over the last comma, or right after
        // the `[` when there are no elements. The processor has the
        // blocks' features (this function's), each block is at most
        // `B::BLOCK` elements of `group`, of `B`'s kind (the caller's
        // guarantee), and the output advances over the bytes written.
        unsafe {
            let mut at = start;
            if open {
                *at = b',';
                at = at.add(usize::from(comma_before));
                *at = b'[';
                at = at.add(1);
            }
            let mut blocks = group;
            loop {
                let (block, more) = blocks.split_at(blocks.len().min(B::BLOCK));
                at = at.add(B::write_block(block.as_ptr(), block.len(), at));
                blocks = more;
                if blocks.is_empty() {
                    break;
                }
            }
            if last {
                at = at.sub(usize::from(!items.is_empty()));
                *at = b']';
                at = at.add(1);
            }
            w.buf.advance(at.offset_from_unsigned(start));
        }
        open = false;
        if last {
            break;
        }
        w.flush_point();
    }
    w.check_close_array();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bools` through [`Bools::write_block`], a block at a time.
    fn text(bools: &[bool]) -> String {
        let mut out = Vec::new();
        for block in bools.chunks(Bools::BLOCK) {
            let mut room = [0u8; Bools::ROOM];
            // SAFETY: checked `available`; the block is at most `BLOCK`
            // `bool`s, read as bytes, and `room` is `ROOM` long.
            let n = unsafe {
                Bools::write_block(block.as_ptr().cast(), block.len(), room.as_mut_ptr())
            };
            out.extend_from_slice(&room[..n]);
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_bool_pattern_of_every_length() {
        if !available() {
            return;
        }
        assert_eq!(text(&[]), "");
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=2 * Bools::BLOCK + 1 {
            // Every pattern of the short lengths, 4,096 random ones of the
            // others.
            let patterns = if len <= 12 { 1u64 << len } else { 4096 };
            for pattern in 0..patterns {
                let bits = if len <= 12 {
                    pattern
                } else {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                };
                let bools: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
                let expected: String = bools.iter().map(|b| format!("{b},")).collect();
                assert_eq!(text(&bools), expected, "{bools:?}");
            }
        }
    }
}
