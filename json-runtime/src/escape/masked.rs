//! Short strings with AVX-512 masked loads, on x86_64 processors that have
//! them (checked once, at run time).
//!
//! Without them, a string shorter than a 16-byte block is read in pieces
//! whose sizes depend on its length (two 8-byte words, two 4-byte words or
//! three bytes), and the branches between the pieces mispredict wherever
//! lengths vary from string to string, as names and codes do. A masked
//! load reads exactly the string's bytes, whatever its length, and faults
//! on none past it: one load, three compares and one store check and copy
//! any string of up to 32 bytes, with no branch on its length. A string
//! with a byte to escape, a longer one, and every string on a processor
//! without these instructions take the usual escaper (`serde_json_rules`).
//!
//! `shapes/short_ascii` (four strings of 3 to 16 bytes per struct) went
//! from 3.0x serde_json's speed to 4.6x, string-keyed maps from 1.8x to
//! 2.2-2.5x, `flatten` from 2.3x to 2.8x, `recursive` from 3.0x to 3.3x.

use std::arch::x86_64::{
    __m256i, _bzhi_u32, _mm256_cmpeq_epi8_mask, _mm256_cmplt_epu8_mask, _mm256_maskz_loadu_epi8,
    _mm256_set1_epi8, _mm256_storeu_si256,
};

use super::serde_json_rules;
use crate::buf::Buf;
use crate::cpu::Detected;

/// The longest key and the longest string that one masked load reads.
pub(super) const WIDE: usize = 32;

/// What this module uses: AVX-512F, AVX-512BW and AVX-512VL (byte masks
/// on 32-byte vectors) and BMI2 (the mask from the length).
pub(super) static FEATURES: Detected = Detected::new(|| {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("bmi2")
});

/// [`super::write_keyed_str`] where the processor has [`FEATURES`]
/// checks: `key` as it is, then `s` as a quoted JSON string.
///
/// Every call that takes this path ends here, and one whose string has a
/// byte to escape, or that finds no room at hand in the output, goes on
/// to the usual escaper from here: the caller then
/// makes a tail call, with no registers to save around it for a fallback
/// after it (saving them cost strings longer than `WIDE`, which never
/// come here, 10-15% of their time).
///
/// # Safety
///
/// The processor has [`FEATURES`], and `key` and
/// `s` are at most [`WIDE`] bytes long.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
pub(super) unsafe fn write_keyed_str(out: &mut Buf<'_>, key: &str, s: &str) {
    // SAFETY: the caller's guarantee.
    if !unsafe { write_keyed_clean(out, key.as_bytes(), s.as_bytes()) } {
        keyed_portable(out, key, s);
    }
}

/// [`super::write_str`] as [`write_keyed_str`] is [`super::write_keyed_str`]:
/// `s` as a quoted JSON string.
///
/// # Safety
///
/// The processor has [`FEATURES`], and `s` is at
/// most [`WIDE`] bytes long.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
pub(super) unsafe fn write_str(out: &mut Buf<'_>, s: &str) {
    // SAFETY: the caller's guarantee.
    if !unsafe { write_clean(out, false, s.as_bytes(), *b"\"") } {
        quoted_portable(out, s);
    }
}

/// [`super::write_entry_key`] as [`write_keyed_str`] is
/// [`super::write_keyed_str`]: `,` if `comma`, then `key` as a quoted JSON
/// string, then `:`.
///
/// # Safety
///
/// The processor has [`FEATURES`], and `key` is at
/// most [`WIDE`] bytes long.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
pub(super) unsafe fn write_entry_key(out: &mut Buf<'_>, comma: bool, key: &str) {
    // SAFETY: the caller's guarantee.
    if !unsafe { write_clean(out, comma, key.as_bytes(), *b"\":") } {
        entry_portable(out, comma, key);
    }
}

// The usual escaper, for a string with a byte to escape or an output
// that must make room first.
#[cold]
#[inline(never)]
fn keyed_portable(out: &mut Buf<'_>, key: &str, s: &str) {
    serde_json_rules::write_keyed_quoted(out, key.as_bytes(), s);
}

#[cold]
#[inline(never)]
fn quoted_portable(out: &mut Buf<'_>, s: &str) {
    serde_json_rules::write_quoted(out, s);
}

#[cold]
#[inline(never)]
fn entry_portable(out: &mut Buf<'_>, comma: bool, key: &str) {
    serde_json_rules::write_entry_quoted(out, comma, key);
}

/// Appends `key` (a derived field's key literal, such as `,"name":`) as it
/// is and then `s` as a quoted JSON string, and returns `true`; or, when
/// `s` has a byte to escape or the output has not the room at hand,
/// appends nothing and returns `false`: the caller's fallback, the usual
/// escaper, then does both (so this path calls nothing and saves no
/// registers).
///
/// # Safety
///
/// The processor has [`FEATURES`], and `key` and
/// `s` are at most [`WIDE`] bytes long.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn write_keyed_clean(out: &mut Buf<'_>, key: &[u8], s: &[u8]) -> bool {
    let (k, n) = (key.len(), s.len());
    debug_assert!(k <= WIDE && n <= WIDE);
    // SAFETY: `s` is at most `WIDE` bytes, as the caller guarantees.
    let text = unsafe { load(s) };
    if to_escape(text, n) != 0 {
        return false;
    }
    // SAFETY: as for `s`.
    let key_text = unsafe { load(key) };
    // The key's store ends at `WIDE`, the string's at `k + 1 + WIDE`, its
    // closing quote at `k + 2 + n`: all within `k + 2 + WIDE`.
    let Some(dst) = out.spare_if_room(k + 2 + WIDE) else {
        return false;
    };
    // SAFETY: `spare_if_room` found `k + 2 + WIDE` writable bytes at `dst`, in
    // spare capacity that `key` and `s`, borrowed apart from `out`, cannot
    // overlap, and every store ends within them (see above). The string's
    // store overwrites the zeros the key's left past it; the output
    // advances over the key, the quotes and `s`'s `n` bytes, all written
    // (`s`'s unchanged: none is to be escaped).
    unsafe {
        _mm256_storeu_si256(dst.cast(), key_text);
        dst.add(k).write(b'"');
        _mm256_storeu_si256(dst.add(k + 1).cast(), text);
        dst.add(k + 1 + n).write(b'"');
        out.advance(k + 2 + n);
    }
    true
}

/// Appends `,` if `comma`, then `s` quoted as a JSON string with `close`
/// for its closing quote (`"` for a string, `":` for an object's key), and
/// returns `true`; or, when `s` has a byte to escape or the output has not
/// the room at hand, appends nothing and returns `false`, as
/// [`write_keyed_clean`] does.
///
/// # Safety
///
/// The processor has [`FEATURES`], and `s` is at
/// most [`WIDE`] bytes long.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn write_clean<const N: usize>(
    out: &mut Buf<'_>,
    comma: bool,
    s: &[u8],
    close: [u8; N],
) -> bool {
    let n = s.len();
    debug_assert!(n <= WIDE);
    // SAFETY: `s` is at most `WIDE` bytes, as the caller guarantees.
    let text = unsafe { load(s) };
    if to_escape(text, n) != 0 {
        return false;
    }
    let c = usize::from(comma);
    // The string's store ends at `c + 1 + WIDE`, `close` at `c + 1 + n +
    // N`: both within `2 + WIDE + N`.
    let Some(dst) = out.spare_if_room(2 + WIDE + N) else {
        return false;
    };
    // SAFETY: `spare_if_room` found `2 + WIDE + N` writable bytes at `dst`, in
    // spare capacity that `s`, borrowed apart from `out`, cannot overlap,
    // and every store ends within them (see above). The comma's store
    // takes the first byte whether or not it is kept: when `c` is 0, the
    // opening quote overwrites it. The output advances over the comma if
    // kept, the quote, `s`'s `n` bytes (unchanged: none is to be escaped)
    // and `close`, all written.
    unsafe {
        dst.write(b',');
        dst.add(c).write(b'"');
        _mm256_storeu_si256(dst.add(c + 1).cast(), text);
        dst.add(c + 1 + n).cast::<[u8; N]>().write_unaligned(close);
        out.advance(c + 1 + n + N);
    }
    true
}

/// The first `bytes.len()` bytes of a vector are `bytes`, the rest zero.
///
/// An empty slice is read from a static of its own: its pointer may be
/// dangling, and a masked load from an unmapped address, although every
/// byte is masked off and nothing faults, takes hundreds of cycles. (A
/// first version loaded an empty prefix that way before every string
/// value: integer-keyed maps of short strings went from 0.54 to 1.71 of
/// serde_json's time.)
///
/// # Safety
///
/// `bytes` is at most [`WIDE`] bytes long.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn load(bytes: &[u8]) -> __m256i {
    static NOTHING: u8 = 0;
    debug_assert!(bytes.len() <= WIDE);
    let mask = _bzhi_u32(u32::MAX, bytes.len() as u32);
    let from = if bytes.is_empty() {
        &raw const NOTHING
    } else {
        bytes.as_ptr()
    };
    // SAFETY: the load reads only the bytes its mask selects, the first
    // `bytes.len() <= WIDE` of `bytes`, and faults on none of the others;
    // `from` is `bytes`' address, or a static's when it selects none.
    unsafe { _mm256_maskz_loadu_epi8(mask, from.cast()) }
}

/// A bit for each of the first `n` bytes of `text` that serde_json
/// escapes: below 0x20, `"` and `\`.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
fn to_escape(text: __m256i, n: usize) -> u32 {
    let control = _mm256_cmplt_epu8_mask(text, _mm256_set1_epi8(0x20));
    let quote = _mm256_cmpeq_epi8_mask(text, _mm256_set1_epi8(b'"' as i8));
    let backslash = _mm256_cmpeq_epi8_mask(text, _mm256_set1_epi8(b'\\' as i8));
    // The zeros past `n` compare as control bytes; the mask drops them.
    (control | quote | backslash) & _bzhi_u32(u32::MAX, n as u32)
}

#[cfg(test)]
mod tests {
    use super::{write_entry_key, write_keyed_str, write_str, FEATURES, WIDE};
    use crate::buf::Buf;
    use proptest::prelude::*;

    /// Strings of every length up to `WIDE + 1`: clean, and with each
    /// byte that serde_json escapes at each place; non-ASCII text whole.
    fn strings() -> Vec<String> {
        let mut all = vec![
            String::new(),
            "é".into(),
            "日本語 text".into(),
            "🦀".repeat(8),
        ];
        for len in 0..=WIDE + 1 {
            let clean: String = (0..len)
                .map(|i| char::from(b'a' + (i % 26) as u8))
                .collect();
            for at in 0..len {
                for special in ['"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', '/'] {
                    let mut s: Vec<char> = clean.chars().collect();
                    s[at] = special;
                    all.push(s.into_iter().collect());
                }
            }
            all.push(clean);
        }
        all
    }

    /// `prefix` in two outputs: one with room at hand for any write here,
    /// which takes the masked path, and one with none, which takes the
    /// usual escaper after it.
    fn outputs(prefix: &[u8]) -> [Buf<'static>; 2] {
        let mut roomy = Vec::with_capacity(256);
        roomy.extend_from_slice(prefix);
        [Buf::in_memory(roomy), Buf::in_memory(prefix.to_vec())]
    }

    /// Each string alone in an allocation of its length, so that a read
    /// past it is caught by the address sanitizer.
    fn check(s: &str) {
        let exact: Box<str> = s.into();
        let s = &*exact;
        let quoted = serde_json::to_string(s).unwrap();
        if s.len() <= WIDE {
            for mut out in outputs(b"[") {
                // SAFETY: `FEATURES` is checked by the caller; `s` is short.
                unsafe { write_str(&mut out, s) };
                assert_eq!(out.into_bytes(), format!("[{quoted}").into_bytes(), "{s:?}");
            }
            for comma in [false, true] {
                for mut out in outputs(b"{") {
                    // SAFETY: as above.
                    unsafe { write_entry_key(&mut out, comma, s) };
                    let comma = if comma { "," } else { "" };
                    let expected = format!("{{{comma}{quoted}:");
                    assert_eq!(out.into_bytes(), expected.into_bytes(), "{s:?}");
                }
            }
        }
        for key in [
            ",\"k\":",
            "{\"a_longer_key_name\":",
            ",\"a key of 32 bytes, quotes in\":",
        ] {
            assert!(key.len() <= WIDE);
            if s.len() <= WIDE {
                for mut out in outputs(b"") {
                    // SAFETY: as above.
                    unsafe { write_keyed_str(&mut out, key, s) };
                    assert_eq!(
                        out.into_bytes(),
                        format!("{key}{quoted}").into_bytes(),
                        "{s:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn short_strings_are_written_as_serde_json_writes_them() {
        if !FEATURES.get() {
            eprintln!("no AVX-512BW, AVX-512VL and BMI2 here: nothing to test");
            return;
        }
        for s in strings() {
            check(&s);
        }
    }

    proptest! {
        #[test]
        fn random_short_strings(s in "\\PC{0,12}|[ -~\\n\\t\"\\\\]{0,33}") {
            if FEATURES.get() {
                check(&s);
            }
        }
    }
}
