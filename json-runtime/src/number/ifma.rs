//! Integer digits with AVX-512 IFMA, on x86_64 processors that have it
//! (checked once, at run time).
//!
//! The scalar formatter (`serde_json_text`) branches on the number's size
//! (under 100, under 10^4, under 10^8, nine digits, more), and those
//! branches mispredict wherever the digit count changes from one value to
//! the next, as it does in counters, sizes, amounts and hashed ids. Here
//! every number of 3 to 8 digits takes one path with no branch on its
//! length, as does every number of 9 to 16: two 52-bit multiply-adds per
//! group of eight digits give every digit at once (each lane holds one
//! digit's fraction of the number, the second multiplication by ten lifts
//! the digit out of it, already in ASCII), and the leading zeros go with
//! one shift of the eight digit bytes packed into a word (up to 8 digits)
//! or one byte permutation (9 to 16); one store writes the text. The
//! length comes from the number's bit length and one comparison, not from
//! the digits, so the next write need not wait for them.
//!
//! The constants are Wojciech Muła's and Daniel Lemire's ("Converting
//! integers to decimal strings faster with AVX-512", 2022);
//! `every_eight_digit_group_is_exact` checks them on all 10^8 groups.

use std::arch::x86_64::{
    __m128i, __m512i, _mm512_castsi512_si128, _mm512_cvtepi64_epi8, _mm512_madd52hi_epu64,
    _mm512_madd52lo_epu64, _mm512_permutex2var_epi8, _mm512_set1_epi64, _mm512_setr_epi64,
    _mm512_zextsi128_si512, _mm_add_epi8, _mm_cvtsi128_si64, _mm_set1_epi8, _mm_setr_epi8,
    _mm_storeu_si128,
};

use super::digit_count::digit_count;
use super::digit_pairs::digit_pair;
use crate::cpu::Detected;

/// What [`write_u64`] uses: AVX-512F, BW and VL, IFMA (52-bit
/// multiply-adds) and VBMI (byte permutations), and LZCNT.
static FEATURES: Detected = Detected::new(|| {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512ifma")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
        && std::arch::is_x86_feature_detected!("lzcnt")
});

/// Whether the processor has [`FEATURES`], and this thread's tests have
/// not asked for the scalar formatter alone.
#[inline]
pub(crate) fn available() -> bool {
    #[cfg(test)]
    if scalar_only_here() {
        return false;
    }
    detected()
}

/// Whether the processor has [`FEATURES`], whatever this thread's tests
/// asked: what the shared formatters are chosen by, once for every thread.
#[inline]
pub(super) fn detected() -> bool {
    FEATURES.get()
}

/// Whether this thread's tests asked for the scalar formatter alone
/// ([`scalar_only`]).
#[cfg(test)]
pub(super) fn scalar_only_here() -> bool {
    SCALAR_ONLY.with(std::cell::Cell::get)
}

#[cfg(test)]
thread_local! {
    static SCALAR_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with this thread's integers on the scalar formatter, so that
/// tests check it too on a processor that has [`FEATURES`].
#[cfg(test)]
pub(crate) fn scalar_only(f: impl FnOnce()) {
    SCALAR_ONLY.with(|only| only.set(true));
    f();
    SCALAR_ONLY.with(|only| only.set(false));
}

/// The eight digits of `g < 10^8` in ASCII, leading zeros included, one
/// in the low byte of each 64-bit lane, the first in lane 0.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn eight_digits(g: u64) -> __m512i {
    // Lane `j` keeps the fraction of `g / 10^(8 - j)` in the low 52 bits
    // of `g * scale[j]` (plus the remainder of 2^52 / 10^8 in lane 0,
    // whose scale is rounded down);
    // ten times that fraction, its high 52 bits, is digit `j`.
    let scale = _mm512_setr_epi64(
        0x2af_31dc,
        0x1ad7_f29b,
        0x1_0c6f_7a0c,
        0xa_7c5a_c472,
        0x68_db8b_ac72,
        0x418_9374_bc6b,
        0x28f5_c28f_5c29,
        0x1_9999_9999_999a,
    );
    let round = _mm512_setr_epi64(0x1a1_a400, 0, 0, 0, 0, 0, 0, 0);
    let ten = _mm512_set1_epi64(10);
    let ascii_zero = _mm512_set1_epi64(i64::from(b'0'));
    let fractions = _mm512_madd52lo_epu64(round, _mm512_set1_epi64(g as i64), scale);
    _mm512_madd52hi_epu64(ascii_zero, ten, fractions)
}

/// The sixteen digits of `n < 10^16`, leading zeros included, in ASCII,
/// permuted by `index`: byte `k` of the result is digit `index[k] / 8`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi")]
fn sixteen_digits(n: u64, index: __m128i) -> __m128i {
    const E8: u64 = 100_000_000;
    let (high, low) = (eight_digits(n / E8), eight_digits(n % E8));
    // Each digit sits in byte 0 of its 64-bit lane: bytes 0, 8, .. 56 of
    // `high`, then 64, 72, .. 120 (the second table) of `low`.
    _mm512_castsi512_si128(_mm512_permutex2var_epi8(
        high,
        _mm512_zextsi128_si512(index),
        low,
    ))
}

/// Writes `n` at `at` and returns the number of digits.
///
/// # Safety
///
/// The processor has [`FEATURES`], and `at` is valid
/// for writing 20 bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
pub(super) unsafe fn write_u64(n: u64, at: *mut u8) -> usize {
    const E8: u64 = 100_000_000;
    let len = digit_count(n);
    if n < E8 {
        // One group, its eight digit bytes packed into one word, the
        // first in the low byte, shifted past the leading zeros.
        let digits = _mm_cvtsi128_si64(_mm512_cvtepi64_epi8(eight_digits(n))) as u64;
        let text = digits >> (8 * (8 - len));
        // SAFETY: 8 bytes at `at`, within the caller's 20.
        unsafe { at.cast::<u64>().write_unaligned(text.to_le()) };
        return len;
    }
    // SAFETY: the caller's guarantees.
    unsafe { write_in_groups(n, len, at) }
}

/// [`write_u64`] for one of many numbers whose lengths vary across eight
/// digits: everything below 10^16 on the path of two groups, with no
/// branch on the length there, which would mispredict.
///
/// # Safety
///
/// As [`write_u64`].
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
pub(super) unsafe fn write_u64_mixed(n: u64, at: *mut u8) -> usize {
    // SAFETY: the caller's guarantees.
    unsafe { write_in_groups(n, digit_count(n), at) }
}

/// Any `n < 10^16` of `len` digits, in two groups of eight.
///
/// # Safety
///
/// As [`write_u64`], `n < 10^16`, and `len` is `digit_count(n)`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_below_1e16(n: u64, len: usize, at: *mut u8) -> usize {
    let in_order = _mm_setr_epi8(
        0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
    );
    // Byte `k` takes digit `k + 16 - len`.
    let skip = _mm_set1_epi8((8 * (16 - len)) as i8);
    let text = sixteen_digits(n, _mm_add_epi8(in_order, skip));
    // SAFETY: 16 bytes at `at`, within the caller's 20.
    unsafe { _mm_storeu_si128(at.cast(), text) };
    len
}

/// [`write_u64`] from nine digits on, which suits any `n` (below 10^8
/// too): sixteen digits in two groups, and up to four more in front.
///
/// # Safety
///
/// As [`write_u64`], and `len` is `digit_count(n)`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_in_groups(n: u64, len: usize, at: *mut u8) -> usize {
    const E8: u64 = 100_000_000;
    const E16: u64 = E8 * E8;
    let in_order = _mm_setr_epi8(
        0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120,
    );
    if n < E16 {
        // SAFETY: the caller's guarantees, and `n < 10^16`.
        return unsafe { write_below_1e16(n, len, at) };
    }
    // 17 to 20 digits: the first 1 to 4 from the pair table, then 16.
    // (The pairs' arithmetic instead of the table made 19-digit ids 10%
    // slower: the first store waited for it.)
    let (top, rest) = (n / E16, n % E16);
    let lead = len - 16;
    // SAFETY: `top <= 1844`, so both pairs are below 100.
    let top_text =
        unsafe { u32::from(digit_pair(top / 100)) | u32::from(digit_pair(top % 100)) << 16 };
    let text = sixteen_digits(rest, in_order);
    // SAFETY: four bytes at `at`, then 16 at `at + lead`, `lead <= 4`:
    // within the caller's 20.
    unsafe {
        at.cast::<u32>()
            .write_unaligned((top_text >> (8 * (4 - lead))).to_le());
        _mm_storeu_si128(at.add(lead).cast(), text);
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n`'s text from [`write_u64`], checked to be the same from
    /// [`write_u64_mixed`].
    fn text(n: u64) -> String {
        let (mut out, mut mixed) = ([0u8; 20], [0u8; 20]);
        // SAFETY: checked `available`; 20 bytes of room.
        let (len, mixed_len) = unsafe {
            (
                write_u64(n, out.as_mut_ptr()),
                write_u64_mixed(n, mixed.as_mut_ptr()),
            )
        };
        assert_eq!(out[..len], mixed[..mixed_len], "{n}");
        String::from_utf8(out[..len].to_vec()).unwrap()
    }

    #[test]
    fn matches_itoa_at_every_length() {
        if !available() {
            return;
        }
        let mut itoa = itoa::Buffer::new();
        for n in crate::number::digit_count::test_values() {
            assert_eq!(text(n), itoa.format(n), "{n}");
        }
    }

    /// Every group of eight digits, so every value each lane can hold.
    /// Ten seconds in a debug build; `cargo test --release` runs it too.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "10^8 values; run in release")]
    fn every_eight_digit_group_is_exact() {
        if !available() {
            return;
        }
        let mut itoa = itoa::Buffer::new();
        for n in 0..100_000_000u64 {
            assert_eq!(text(n), itoa.format(n));
        }
    }
}
