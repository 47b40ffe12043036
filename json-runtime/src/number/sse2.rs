//! Integer digits with SSE2, which every x86_64 processor has: the path
//! of `Digits::write_u64_among` for the numbers of an array whose lengths
//! mix, where the processor lacks AVX-512 IFMA (see `ifma`).
//!
//! The scalar formatter (`serde_json_text`) branches on the number's size,
//! and those branches mispredict wherever the digit count changes from one
//! value to the next. Here every number below 10^16 takes one path. It is
//! first scaled by the power of ten that makes it sixteen digits long, so
//! that its own digits come first and the leading zeros need no shift (the
//! zeros the scaling adds fall past its end, where the next write goes).
//! Its two groups of eight digits are then split in the lanes of one
//! 128-bit register, into four groups of four, eight pairs and sixteen
//! digits, with 16-bit multiplications by reciprocals, as the scalar
//! `eight_digits` does in a 64-bit word; one store writes the text. The
//! length comes from the number's bit length (`digit_count`), not from the
//! digits, so that the next write need not wait for them.

use std::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_mul_epu32, _mm_mulhi_epu16,
    _mm_mullo_epi16, _mm_or_si128, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x, _mm_set1_epi8,
    _mm_slli_epi16, _mm_slli_epi32, _mm_slli_epi64, _mm_srli_epi16, _mm_srli_epi64,
    _mm_storeu_si128, _mm_sub_epi16, _mm_sub_epi32, _mm_unpackhi_epi64, _mm_unpacklo_epi64,
};

use super::digit_count::digit_count;
use super::digit_pairs::digit_pair;

const E8: u64 = 100_000_000;
const E16: u64 = E8 * E8;

/// `10^i` for `i` in `0..16`: what scales a number of `16 - i` digits to
/// sixteen.
const SCALE: [u64; 16] = {
    let mut t = [1u64; 16];
    let mut i = 1;
    while i < 16 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// The sixteen digits of `n < 10^16` in ASCII, leading zeros included,
/// the first in byte 0.
#[inline(always)]
fn sixteen_digits(n: u64) -> __m128i {
    two_groups(n / E8, n % E8)
}

/// The eight digits of `high < 10^8` in ASCII, leading zeros included, in
/// the low eight bytes, and those of `low < 10^8` in the high eight.
#[inline(always)]
fn two_groups(high: u64, low: u64) -> __m128i {
    // SAFETY: these intrinsics need only SSE2, which is part of every
    // x86_64 processor (the target's baseline); none touches memory.
    unsafe {
        // The two groups of eight, one in each 64-bit lane.
        let groups = _mm_unpacklo_epi64(
            _mm_cvtsi64_si128(high as i64),
            _mm_cvtsi64_si128(low as i64),
        );
        // Each group's first four digits and last four, in 32-bit lanes:
        // `g * 0xd1b7_1759 >> 45` is `g / 10^4` for every `g < 10^8`.
        let fronts = _mm_srli_epi64::<45>(_mm_mul_epu32(groups, _mm_set1_epi64x(0xd1b7_1759)));
        let backs = _mm_sub_epi32(groups, _mm_mul_epu32(fronts, _mm_set1_epi64x(10_000)));
        let quads = _mm_or_si128(fronts, _mm_slli_epi64::<32>(backs));
        // Each four into two pairs, in 16-bit lanes: `q * 5243 >> 19` is
        // `q / 100` below 10^4 (the high half of each 32-bit lane is 0).
        let hundreds = _mm_srli_epi16::<3>(_mm_mulhi_epu16(quads, _mm_set1_epi32(5243)));
        let rest = _mm_sub_epi16(quads, _mm_mullo_epi16(hundreds, _mm_set1_epi32(100)));
        let pairs = _mm_or_si128(hundreds, _mm_slli_epi32::<16>(rest));
        // Each pair into two digits, in bytes: `p * 103 >> 10` is `p / 10`
        // below 100.
        let tens = _mm_srli_epi16::<10>(_mm_mullo_epi16(pairs, _mm_set1_epi16(103)));
        let ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
        let digits = _mm_or_si128(tens, _mm_slli_epi16::<8>(ones));
        _mm_add_epi8(digits, _mm_set1_epi8(b'0' as i8))
    }
}

/// The texts of two numbers below 10^8, each a little-endian word whose
/// first byte is the first digit (the bytes past the text are zeros), and
/// their lengths: each number is a group of [`two_groups`], scaled to eight
/// digits first. Where the numbers keep to five to eight digits,
/// as ids and counts do, this is fewer instructions per number than the
/// scalar formatter's eight-digit tier, and has no branch on the length.
/// `a` and `b` must be below 10^8 for the text to be right (debug builds
/// check).
#[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))]
#[inline(always)]
pub(crate) fn two_below_1e8(a: u64, b: u64) -> ([u64; 2], [usize; 2]) {
    debug_assert!(a < E8 && b < E8);
    let (a_len, b_len) = (digit_count(a), digit_count(b));
    // `x < 10^len`, so `x * 10^(8 - len) < 10^8`; `len` is 1 to 8.
    let scaled = |x: u64, len: usize| x * SCALE[(8 - len) & 15];
    let text = two_groups(scaled(a, a_len), scaled(b, b_len));
    // SAFETY: SSE2 only, as in `two_groups`.
    let words = unsafe {
        [
            _mm_cvtsi128_si64(text) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(text, text)) as u64,
        ]
    };
    (words, [a_len, b_len])
}

/// Writes `n` at `at` and returns the number of digits, with no branch on
/// the length below 10^16.
///
/// # Safety
///
/// `at` must be valid for writing 20 bytes.
#[inline(always)]
pub(super) unsafe fn write_u64_mixed(n: u64, at: *mut u8) -> usize {
    let len = digit_count(n);
    if n < E16 {
        // `n < 10^len`, so `n * 10^(16 - len) < 10^16`; `len` is 1 to 16
        // here, so the mask keeps the index as it is.
        let text = sixteen_digits(n * SCALE[(16 - len) & 15]);
        // SAFETY: 16 bytes at `at`, within the caller's 20.
        unsafe { _mm_storeu_si128(at.cast(), text) };
        return len;
    }
    // 17 to 20 digits: the first 1 to 4 from the pair table, then 16.
    let (top, rest) = (n / E16, n % E16);
    let lead = len - 16;
    // SAFETY: `top <= 1844`, so both pairs are below 100.
    let top_text =
        unsafe { u32::from(digit_pair(top / 100)) | u32::from(digit_pair(top % 100)) << 16 };
    // SAFETY: four bytes at `at`, then 16 at `at + lead`, `lead <= 4`:
    // within the caller's 20.
    unsafe {
        at.cast::<u32>()
            .write_unaligned((top_text >> (8 * (4 - lead))).to_le());
        _mm_storeu_si128(at.add(lead).cast(), sixteen_digits(rest));
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(n: u64) -> String {
        let mut out = [0u8; 20];
        // SAFETY: 20 bytes of room.
        let len = unsafe { write_u64_mixed(n, out.as_mut_ptr()) };
        String::from_utf8(out[..len].to_vec()).unwrap()
    }

    #[test]
    fn matches_itoa_at_every_length() {
        let mut itoa = itoa::Buffer::new();
        for n in crate::number::digit_count::test_values() {
            assert_eq!(text(n), itoa.format(n), "{n}");
        }
    }

    /// Every group of eight digits, so every value each lane can hold,
    /// and each scaled to sixteen digits as a shorter number is.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "10^8 values; run in release")]
    fn every_eight_digit_group_is_exact() {
        let mut itoa = itoa::Buffer::new();
        for n in 0..100_000_000u64 {
            assert_eq!(text(n), itoa.format(n));
            let wide = n * 100_000_000 + 99_999_999 - n;
            assert_eq!(text(wide), itoa.format(wide));
        }
    }

    #[test]
    fn pairs_match_itoa_at_every_length() {
        let mut itoa = itoa::Buffer::new();
        let mut p = 1u64;
        let mut samples = vec![0, 1, 9, E8 - 1];
        for _ in 0..8 {
            samples.extend([p - 1, p, p + 1, 3 * p, 9 * p + 7]);
            p *= 10;
        }
        samples.retain(|&n| n < E8);
        for &a in &samples {
            for &b in &samples {
                let (words, lens) = two_below_1e8(a, b);
                for ((word, len), n) in words.iter().zip(lens).zip([a, b]) {
                    let text = word.to_le_bytes();
                    assert_eq!(&text[..len], itoa.format(n).as_bytes(), "{n}");
                }
            }
        }
    }
}
