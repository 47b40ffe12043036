//! The text of up to sixteen bytes at once, as a JSON array's elements
//! (`12,0,255,`), with AVX-512 VBMI2, on x86_64 processors that have it
//! (checked once, at run time).
//!
//! serde serializes a `Vec<u8>` (and `[u8; N]`, and `&[u8]` through
//! `Vec`) as an array of numbers, so binary data (hashes, keys, small
//! blobs) reaches JSON as runs of one- to three-digit numbers. One at a
//! time, each byte is a table load and a store, and each row of a
//! `Vec<Vec<u8>>` a loop whose length is as random as the data: its exit
//! mispredicts about once a row. Here sixteen bytes take one fixed
//! sequence with no branch at all: the three digits of every byte come
//! from two 16-bit multiplications, each byte's four candidate bytes
//! (hundreds, tens, ones and a comma) sit in one 32-bit lane, and one
//! byte compression (`vpcompressb`) drops the leading zeros and the lanes
//! past the end.

use std::arch::x86_64::{
    __m128i, _mm256_add_epi16, _mm256_cmplt_epu16_mask, _mm256_cvtepu8_epi16, _mm256_mulhi_epu16,
    _mm256_mullo_epi16, _mm256_or_si256, _mm256_set1_epi16, _mm256_slli_epi16, _mm256_sub_epi16,
    _mm512_cvtepu16_epi32, _mm512_mask_add_epi32, _mm512_maskz_compress_epi8,
    _mm512_maskz_mov_epi32, _mm512_maskz_sllv_epi32, _mm512_or_si512, _mm512_set1_epi32,
    _mm512_slli_epi32, _mm512_storeu_si512, _mm512_test_epi8_mask, _mm_maskz_loadu_epi8,
};

use crate::cpu::Detected;

/// What [`write_chunk`] uses: AVX-512F, BW and VL, VBMI2 (byte
/// compression) and POPCNT.
static FEATURES: Detected = Detected::new(|| {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512vbmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
});

/// Whether the processor has [`FEATURES`], and this thread's tests have
/// not asked for the scalar formatter alone (`ifma::scalar_only`, which
/// covers the bytes too).
#[inline]
pub(crate) fn available() -> bool {
    #[cfg(test)]
    if super::ifma::scalar_only_here() {
        return false;
    }
    FEATURES.get()
}

/// Bytes [`write_chunk`] may store to: one 64-byte store, whatever the
/// text's length (at most 16 four-byte texts).
pub(crate) const CHUNK_ROOM: usize = 64;

/// Bytes [`write_chunk`] takes at most.
pub(crate) const CHUNK: usize = 16;

/// Writes each of the `len <= 16` bytes at `src` as its decimal text
/// followed by a comma (`7,42,255,`) at `at`, and returns the length
/// written, the last comma included (0 for no bytes).
///
/// # Safety
///
/// The processor has [`FEATURES`], `len <= 16`, `src` is valid for
/// reading `len` bytes, and `at` is valid for writing [`CHUNK_ROOM`]
/// bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
pub(crate) unsafe fn write_chunk(src: *const u8, len: usize, at: *mut u8) -> usize {
    debug_assert!(len <= CHUNK);
    let lanes = ((1u32 << len) - 1) as u16;
    // SAFETY: the masked load reads only the `len` bytes its mask keeps,
    // which the caller makes readable; the others read as 0 and fault on
    // nothing.
    let bytes: __m128i = unsafe { _mm_maskz_loadu_epi8(lanes, src.cast()) };
    // In 16-bit lanes: hundreds = b * 656 >> 16 and tens = r * 6554 >> 16
    // are exact for every byte (`every_byte_matches_itoa` checks them).
    let b = _mm256_cvtepu8_epi16(bytes);
    let hundreds = _mm256_mulhi_epu16(b, _mm256_set1_epi16(656));
    let rest = _mm256_sub_epi16(b, _mm256_mullo_epi16(hundreds, _mm256_set1_epi16(100)));
    let tens = _mm256_mulhi_epu16(rest, _mm256_set1_epi16(6554));
    let ones = _mm256_sub_epi16(rest, _mm256_mullo_epi16(tens, _mm256_set1_epi16(10)));
    // Each lane's first two text bytes, then its last two (the ones digit
    // and the comma), all in ASCII.
    let head = _mm256_add_epi16(
        _mm256_or_si256(hundreds, _mm256_slli_epi16(tens, 8)),
        _mm256_set1_epi16(0x3030),
    );
    let tail = _mm256_add_epi16(ones, _mm256_set1_epi16(i16::from_le_bytes(*b"0,")));
    let text = _mm512_or_si512(
        _mm512_cvtepu16_epi32(head),
        _mm512_slli_epi32(_mm512_cvtepu16_epi32(tail), 16),
    );
    // The leading zeros of each lane, 0 to 2 bytes, as a shift in bits;
    // the bytes each lane keeps are all ones shifted past them, and the
    // lanes past `len` keep none.
    let below_100 = _mm256_cmplt_epu16_mask(b, _mm256_set1_epi16(100));
    let below_10 = _mm256_cmplt_epu16_mask(b, _mm256_set1_epi16(10));
    let eight = _mm512_set1_epi32(8);
    let skip = _mm512_maskz_mov_epi32(below_100, eight);
    let skip = _mm512_mask_add_epi32(skip, below_10, skip, eight);
    let keep = _mm512_maskz_sllv_epi32(lanes, _mm512_set1_epi32(-1), skip);
    let kept = _mm512_test_epi8_mask(keep, keep);
    let packed = _mm512_maskz_compress_epi8(kept, text);
    // SAFETY: the caller makes `CHUNK_ROOM = 64` bytes at `at` writable;
    // the store is unaligned.
    unsafe { _mm512_storeu_si512(at.cast(), packed) };
    kept.count_ones() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes` through [`write_chunk`], in chunks of 16.
    fn text(bytes: &[u8]) -> String {
        let mut out = Vec::new();
        for chunk in bytes.chunks(CHUNK) {
            let mut room = [0u8; CHUNK_ROOM];
            // SAFETY: checked `available`; the chunk is at most 16 bytes
            // and `room` 64.
            let n = unsafe { write_chunk(chunk.as_ptr(), chunk.len(), room.as_mut_ptr()) };
            out.extend_from_slice(&room[..n]);
        }
        String::from_utf8(out).unwrap()
    }

    fn expected(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b},")).collect()
    }

    #[test]
    fn every_byte_matches_itoa() {
        if !available() {
            return;
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(text(&all), expected(&all));
        for b in 0..=255u8 {
            assert_eq!(text(&[b]), format!("{b},"));
        }
    }

    #[test]
    fn every_length_and_mix_of_lengths() {
        if !available() {
            return;
        }
        assert_eq!(text(&[]), "");
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=CHUNK {
            for _ in 0..500 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        // One, two and three digits as often as each other.
                        match x % 3 {
                            0 => (x >> 8) as u8 % 10,
                            1 => 10 + (x >> 8) as u8 % 90,
                            _ => 100 + (x >> 8) as u8 % 156,
                        }
                    })
                    .collect();
                assert_eq!(text(&bytes), expected(&bytes));
            }
        }
    }
}
