//! Numbers, written as serde_json writes them: integers as bare digits
//! (as itoa writes them), finite floats through zmij (shortest round trip,
//! `1e+16`, `1.0`), and NaN and infinities as `null`.
//!
//! Integers are written straight into the output's spare capacity:
//! formatting into a stack buffer and copying out would be simpler, but
//! the copy's wide loads wait for the formatter's narrow stores to retire.
//! Floats go through zmij's own buffer (see `write_finite`).

use super::digit_pairs::{digit_pair, DIGIT_PAIRS};
use crate::buf::{copy_at, extend_short, Buf};
#[cfg(target_arch = "x86_64")]
use crate::cpu::Chosen;

/// The integer types serde_json writes as bare digits.
pub(crate) trait Integer: Copy + Default {
    /// The bytes [`write_digits_at`](Self::write_digits_at) may store to:
    /// the longest text plus the slack of its eight-byte stores.
    const ROOM: usize;

    /// Whether [`write_digits_at_with`](Self::write_digits_at_with) uses
    /// its `u64` writer `D` (all widths but bytes, from their table, and
    /// 128 bits, through itoa). The IFMA int-array loop is for the others.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const USES_DIGITS: bool = true;

    /// Whether it has no sign, so that its text is
    /// [`magnitude`](Self::magnitude)'s digits alone (`u16` to `u64`; `u8`
    /// and `u128` have their own writers).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const UNSIGNED: bool = false;

    /// The number the digits are written from: the value's magnitude,
    /// saturated to `u64`.
    fn magnitude(self) -> u64;

    /// Whether it is `u8`, whose arrays are written a block of bytes at a
    /// time (`writer/chunked.rs`).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const IS_BYTE: bool = false;

    /// `items` as bytes where they are bytes (`u8`), for the byte arrays'
    /// text sixteen at a time; `None` for every other width.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    #[inline(always)]
    fn as_bytes(items: &[Self]) -> Option<&[u8]> {
        let _ = items;
        None
    }

    /// Writes the integer's text at `at` with the `u64` writer `D` and
    /// returns its length. Bytes past the text, up to `ROOM`, may be
    /// overwritten too.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `ROOM` bytes.
    unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize;

    /// As [`write_digits_at_with`](Self::write_digits_at_with), for one of
    /// many integers whose lengths are `mixed` (see
    /// [`Digits::write_u64_among`]).
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `ROOM` bytes.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_digits_among<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
        let _ = mixed;
        // SAFETY: the caller's guarantee.
        unsafe { self.write_digits_at_with::<D>(at) }
    }

    /// As [`write_digits_at_with`](Self::write_digits_at_with), with the
    /// digits of [`FieldDigits`], for code inlined at a field.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `ROOM` bytes.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_digits_at(self, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantee.
        unsafe { self.write_digits_at_with::<FieldDigits>(at) }
    }

    /// Writes `key` (a key literal) at `at`, then the integer's text after
    /// it, and returns the length of both: a derived integer field's key
    /// and value. The default copies the key and writes the digits right
    /// here (bytes, from their table; 128-bit integers, rare); the 16- to
    /// 64-bit widths make one shared call instead, one per signedness.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `key.len() + ROOM` bytes, and must
    /// not overlap `key`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_keyed_at(self, at: *mut u8, key: &str) -> usize {
        // SAFETY: the caller's guarantee.
        unsafe { write_keyed_with::<SharedDigits, Self>(self, at, key) }
    }

    /// Writes the integer's text to `out`, for code inlined at a field.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_digits(self, out: &mut Buf<'_>) {
        self.write_digits_to::<FieldDigits>(out);
    }

    /// Writes the integer's text to `out` with the `u64` writer `D`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_digits_to<D: Digits>(self, out: &mut Buf<'_>) {
        let at = out.spare(Self::ROOM);
        // SAFETY: `spare` leaves room for `ROOM` bytes at `at`, all that
        // `write_digits_at_with` may store to; the output advances over
        // the text it wrote, which starts at `at`.
        unsafe {
            let n = self.write_digits_at_with::<D>(at);
            out.advance(n);
        }
    }
}

/// How much of the digit code a caller holds inline: a `u64` writer.
pub(crate) trait Digits {
    /// Writes `n` at `at` and returns the number of digits.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing [`U64_ROOM`] bytes.
    unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize;

    /// As [`write_u64_at`](Self::write_u64_at), for one of many numbers
    /// whose lengths are `mixed` across eight digits: a writer with a
    /// path that does not branch on the length takes it for them
    /// ([`IfmaDigits`]); the others take their usual one.
    ///
    /// # Safety
    ///
    /// As [`write_u64_at`](Self::write_u64_at).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_u64_among(n: u64, at: *mut u8, mixed: bool) -> usize {
        let _ = mixed;
        // SAFETY: the caller's guarantee.
        unsafe { Self::write_u64_at(n, at) }
    }

    /// Whether [`write_u64_among`](Self::write_u64_among) heeds `mixed`,
    /// so that a loop over many numbers pays to look at their sizes.
    const HEEDS_MIXED: bool = false;

    /// Whether, on the path of mixed lengths, an `Option`'s `None` is
    /// better written with no branch, the digits of a stand-in stored past
    /// its `null` (`ArrayItem::write_option_at`), than with a branch that
    /// mispredicts: where that path is as cheap as IFMA's. SSE2's is not:
    /// on an AMD EPYC (Zen 3), `shapes/vec_option_u32` (a third `None`)
    /// took 0.64-0.66 of serde_json's time that way, 0.55-0.57 with the
    /// branch (0.58-0.59 with neither).
    const NONE_AS_DIGITS: bool = false;

    /// Whether arrays of unsigned numbers of five to eight digits are
    /// better written two at a time with `sse2::two_below_1e8` than with
    /// this writer.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const PAIRS: bool = false;
}

/// For the code inlined at every integer field: one call to the shared
/// formatter, whatever the value.
///
/// The formatter inlined at each field was most of an integer-heavy
/// encoder's code. Measured on 100 structs of integer fields, compact only
/// (`compile_time.py --shape ints --types 100 --runs 3`, net, against
/// serde), with the main job's ratios to serde_json (two interleaved runs
/// of each build; the eight-digit row in an earlier sitting, the two-digit
/// one with floats already out of line):
///
/// | inline at the field | release CPU | `.text` | records | twitter | citm |
/// |---|---:|---:|---:|---:|---:|
/// | up to eight digits | 2.5x | 6.4x | 0.21 | 0.17-0.18 | 0.30 |
/// | up to four digits | 2.1x | 4.0x | 0.19-0.20 | 0.15 | 0.30-0.31 |
/// | up to two digits | 1.4x | 2.6x | 0.22-0.24 | 0.17 | 0.33 |
/// | none | 0.9x | 1.8x | 0.22-0.23 | 0.14-0.16 | 0.30 |
///
/// Inside a run of bounded writes the call has no capacity check to make.
/// records, whose integers are small, pays about 15% for it; twitter and
/// citm nothing that two runs could tell apart.
pub(crate) struct FieldDigits;

/// For code that is itself one shared function (pretty and canonical
/// integers, and [`FieldDigits`]' call): the whole formatter inline.
pub(crate) struct SharedDigits;

impl Digits for FieldDigits {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantee is `write_u64_shared`'s.
        unsafe { write_u64_shared(n, at) }
    }
}

/// For code compiled with `ifma`'s features, run only where the processor
/// has them: [`write_u64_at`] with `ifma::write_u64` inline, no check.
#[cfg(target_arch = "x86_64")]
pub(crate) struct IfmaDigits;

#[cfg(target_arch = "x86_64")]
impl Digits for IfmaDigits {
    const HEEDS_MIXED: bool = true;
    const NONE_AS_DIGITS: bool = true;

    /// # Safety
    ///
    /// As [`Digits::write_u64_at`], and the processor has what
    /// `ifma::available` checks.
    #[inline(always)]
    unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantees.
        unsafe { Self::write_u64_among(n, at, false) }
    }

    /// Numbers of mixed lengths all take one path, with no branch between
    /// two digits and three, or eight and nine, which mispredict wherever
    /// lengths mix: `vec_i64` (1 to 19 digits) took 0.33 of serde_json's
    /// time without it and 0.20 with it; keeping the pair table below
    /// [`IFMA_FROM`] on that path, 0.25. Numbers below 10^8 take a second
    /// group of digits they do not need, so arrays take it only where
    /// some element has nine digits or more.
    ///
    /// # Safety
    ///
    /// As [`write_u64_at`](Self::write_u64_at).
    #[inline(always)]
    unsafe fn write_u64_among(n: u64, at: *mut u8, mixed: bool) -> usize {
        // SAFETY: the caller's guarantees; `write_u64_mixed` and
        // `write_u64` store at most 20 of the `U64_ROOM` bytes.
        unsafe {
            if mixed {
                super::ifma::write_u64_mixed(n, at)
            } else if n < IFMA_FROM {
                write_u64_scalar(n, at)
            } else {
                super::ifma::write_u64(n, at)
            }
        }
    }
}

/// [`write_u64_at`] without the IFMA path: the shared formatters' own.
struct ScalarDigits;

impl Digits for ScalarDigits {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantee is `write_u64_scalar`'s.
        unsafe { write_u64_scalar(n, at) }
    }
}

impl Digits for SharedDigits {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize {
        // SAFETY: the caller's guarantee is `write_u64_at`'s.
        unsafe { write_u64_at(n, at) }
    }

    /// Numbers of mixed lengths take `sse2::write_u64_mixed`, with no
    /// branch on the length, on every x86_64 processor: where the array
    /// loops take `IfmaDigits` instead, in debug builds, and on processors
    /// without IFMA. Measured on an AMD EPYC (Zen 3) without it, `to_vec`
    /// time / serde_json's, medians of 21 interleaved rounds: see the
    /// table of changes in docs/performance.md.
    #[cfg(target_arch = "x86_64")]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_u64_among(n: u64, at: *mut u8, mixed: bool) -> usize {
        // SAFETY: the caller's guarantee: `U64_ROOM` bytes, of which
        // `write_u64_mixed` stores at most 20.
        unsafe {
            if mixed {
                super::sse2::write_u64_mixed(n, at)
            } else {
                write_u64_at(n, at)
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    const HEEDS_MIXED: bool = true;

    #[cfg(target_arch = "x86_64")]
    const PAIRS: bool = true;
}

macro_rules! unsigned {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            const ROOM: usize = U64_ROOM;
            const UNSIGNED: bool = true;

            #[inline(always)]
            #[allow(trivial_numeric_casts)]
            fn magnitude(self) -> u64 {
                self as u64
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            // Widening, except for `u64` itself (and `usize` on 64-bit
            // targets), where the cast is the identity.
            #[allow(trivial_numeric_casts)]
            unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize {
                // SAFETY: the caller makes `ROOM = U64_ROOM` bytes at `at`
                // writable.
                unsafe { D::write_u64_at(self as u64, at) }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(trivial_numeric_casts)]
            unsafe fn write_digits_among<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
                // SAFETY: as above.
                unsafe { D::write_u64_among(self as u64, at, mixed) }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(trivial_numeric_casts)]
            unsafe fn write_keyed_at(self, at: *mut u8, key: &str) -> usize {
                // SAFETY: the caller's guarantee, with `ROOM = U64_ROOM`.
                unsafe { write_keyed_unsigned(self as u64, at, key) }
            }
        }
    )*};
}
unsigned!(u16 u32 u64 usize);

/// Bytes are common as arrays of numbers (`Vec<u8>` is one), and their
/// one to three digits would take the digit writer's tiers by turns: a
/// table of all 256 texts has no branch at all, and a `Vec<Vec<u8>>` of
/// short byte strings went from 0.64 to 0.42 of serde_json's time, and
/// integer fields of random magnitudes (one in eight a byte) from 0.34 to
/// 0.31.
impl Integer for u8 {
    const ROOM: usize = U64_ROOM;
    const USES_DIGITS: bool = false;
    const IS_BYTE: bool = true;

    #[inline(always)]
    fn magnitude(self) -> u64 {
        self.into()
    }

    #[inline(always)]
    fn as_bytes(items: &[u8]) -> Option<&[u8]> {
        Some(items)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize {
        // SAFETY: the caller makes `ROOM >= 4` bytes at `at` writable.
        unsafe { write_u8_at(self, at) }
    }
}

impl Integer for i8 {
    const ROOM: usize = 1 + U64_ROOM;
    const USES_DIGITS: bool = false;

    #[inline(always)]
    fn magnitude(self) -> u64 {
        self.unsigned_abs().into()
    }

    /// The sign as the wider signed types store it, then the magnitude
    /// from the byte table.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize {
        let sign = usize::from(self < 0);
        // SAFETY: the caller makes `ROOM` bytes at `at` writable: the sign
        // at 0, then four from `sign <= 1`.
        unsafe {
            *at = b'-';
            sign + write_u8_at(self.unsigned_abs(), at.add(sign))
        }
    }
}

/// Per byte value: its decimal text in the low bytes, then its length in
/// the top byte.
const U8_TEXT: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let (text, len) = if n < 10 {
            (b'0' as u32 + n as u32, 1)
        } else if n < 100 {
            (
                (b'0' as u32 + (n / 10) as u32) | (b'0' as u32 + (n % 10) as u32) << 8,
                2,
            )
        } else {
            (
                (b'0' as u32 + (n / 100) as u32)
                    | (b'0' as u32 + (n / 10 % 10) as u32) << 8
                    | (b'0' as u32 + (n % 10) as u32) << 16,
                3,
            )
        };
        table[n] = text | len << 24;
        n += 1;
    }
    table
};

/// Writes `n`'s text at `at` from [`U8_TEXT`] and returns its length.
///
/// # Safety
///
/// `at` must be valid for writing 4 bytes.
#[inline(always)]
unsafe fn write_u8_at(n: u8, at: *mut u8) -> usize {
    let entry = U8_TEXT[usize::from(n)];
    // SAFETY: one four-byte store at 0, within the caller's four; the
    // length byte lands past the text and is overwritten or left in
    // spare capacity.
    unsafe { at.cast::<u32>().write_unaligned(entry.to_le()) };
    (entry >> 24) as usize
}

macro_rules! signed {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            const ROOM: usize = 1 + U64_ROOM;

            #[inline(always)]
            #[allow(trivial_numeric_casts)]
            fn magnitude(self) -> u64 {
                self.unsigned_abs() as u64
            }

            /// The sign is stored whatever the value, and the digits go
            /// after it only when the value is negative (overwriting it
            /// otherwise): one copy of the digit code, not one per sign.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            // As for the unsigned types: `i64`'s magnitude is a `u64`.
            #[allow(trivial_numeric_casts)]
            unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize {
                // SAFETY: the caller's guarantee; not `mixed`, the writer
                // takes its usual path.
                unsafe { self.write_digits_among::<D>(at, false) }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(trivial_numeric_casts)]
            unsafe fn write_digits_among<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
                let sign = usize::from(self < 0);
                // SAFETY: the caller makes `1 + U64_ROOM` bytes at `at`
                // writable: the sign at 0, then `U64_ROOM` from `sign <= 1`.
                unsafe {
                    *at = b'-';
                    sign + D::write_u64_among(self.unsigned_abs() as u64, at.add(sign), mixed)
                }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(trivial_numeric_casts)]
            unsafe fn write_keyed_at(self, at: *mut u8, key: &str) -> usize {
                // SAFETY: the caller's guarantee, with `ROOM = 1 + U64_ROOM`.
                unsafe { write_keyed_signed(self as i64, at, key) }
            }
        }
    )*};
}
signed!(i16 i32 i64 isize);

/// 128-bit integers are rare; itoa handles them.
macro_rules! wide {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            const ROOM: usize = 40;
            const USES_DIGITS: bool = false;

            #[inline]
            fn magnitude(self) -> u64 {
                u64::try_from(self)
                    .ok()
                    .or_else(|| u64::try_from(self.checked_neg()?).ok())
                    .unwrap_or(u64::MAX)
            }

            #[inline]
            unsafe fn write_digits_at_with<D: Digits>(self, at: *mut u8) -> usize {
                let mut buffer = itoa::Buffer::new();
                let text = buffer.format(self).as_bytes();
                // SAFETY: the text is at most 40 bytes (`i128::MIN`), within
                // the `ROOM` the caller makes writable at `at`; `buffer` is
                // a local, so it cannot overlap the caller's memory.
                unsafe { std::ptr::copy_nonoverlapping(text.as_ptr(), at, text.len()) };
                text.len()
            }

            #[inline]
            fn write_digits_to<D: Digits>(self, out: &mut Buf<'_>) {
                let mut buffer = itoa::Buffer::new();
                extend_short(out, buffer.format(self).as_bytes());
            }
        }
    )*};
}
wide!(i128 u128);

/// The eight decimal digits of `n < 10^8`, leading zeros included, as the
/// bytes of a little-endian `u64` (most significant digit in the lowest
/// byte, so the first in memory), each digit's value 0-9, not yet ASCII.
///
/// All eight come out of a few multiplications on lanes of one 64-bit
/// word: `n` splits into two halves of four digits (32-bit lanes), each
/// half into two pairs (16-bit lanes), each pair into two digits (bytes).
/// Each division by a constant is a multiplication and a shift that is
/// exact for every value its lane can hold (`q < 10^4`: `/ 100` as
/// `* 10486 >> 20`; `q < 100`: `/ 10` as `* 103 >> 10`), and no lane's
/// product reaches the next lane, so the lanes do not disturb each other;
/// `eight_digits_are_exact` checks all 10^8 inputs.
#[inline(always)]
fn eight_digits(n: u64) -> u64 {
    debug_assert!(n < 100_000_000);
    let (high, low) = (n / 10_000, n % 10_000);
    let halves = high | (low << 32);
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((halves - 100 * hundreds) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((pairs - 10 * tens) << 8)
}

const ASCII_ZEROS: u64 = 0x3030_3030_3030_3030;

/// Writes `n < 10^8` without leading zeros at `at` and returns the number
/// of digits.
///
/// Three tiers, each with no branch on the length inside it: one or two
/// digits from the pair table, three or four from two of its pairs, five
/// to eight from eight lanes, each shifted past its leading zeros. (Four
/// lanes for three or four digits cost records, whose ids have four or
/// five, 8% of its time against the two pairs.) The tiers'
/// branches are predicted where values keep to one size, as the corpora's
/// counts and ids do. The old branch on every length mispredicted wherever
/// the digit count changes from value to value, and this layout took
/// integer fields of random magnitudes from 0.45 to 0.39 of serde_json's
/// time, `Option<int>` fields from 0.52 to 0.47 and string-keyed maps of
/// integers from 0.62 to 0.58, with the corpora as they were (records,
/// colleges) or faster (twitter, products). One branch-free path for every
/// length did better still on random magnitudes (0.35) but cost the
/// corpora's small integers: colleges 0.21 -> 0.27, records 0.26 -> 0.31.
///
/// # Safety
///
/// `at` must be valid for writing 8 bytes.
#[inline(always)]
unsafe fn write_below_1e8(n: u64, at: *mut u8) -> usize {
    if n < 100 {
        // SAFETY: `n < 100`.
        let pair = unsafe { digit_pair(n) };
        let short = usize::from(n < 10);
        // SAFETY: one two-byte store at 0, within `at[..8]`.
        unsafe {
            at.cast::<u16>()
                .write_unaligned((pair >> (8 * short)).to_le())
        };
        return 2 - short;
    }
    if n < 10_000 {
        // SAFETY: `n < 10^4`, so `n / 100 < 100`, and `n % 100 < 100`.
        let (high, low) = unsafe { (digit_pair(n / 100), digit_pair(n % 100)) };
        let (high, low) = (u32::from(high), u32::from(low));
        let zeros = usize::from(n < 1_000);
        let text = (high | low << 16) >> (8 * zeros);
        // SAFETY: one four-byte store at 0, within `at[..8]`.
        unsafe { at.cast::<u32>().write_unaligned(text.to_le()) };
        return 4 - zeros;
    }
    let digits = eight_digits(n);
    // As above; `n >= 10_000` has a nonzero digit.
    let zeros = (digits.trailing_zeros() / 8) as usize;
    let text = (digits | ASCII_ZEROS) >> (8 * zeros);
    // SAFETY: one eight-byte store at 0, within the `at[..8]` the caller
    // makes writable; it is unaligned.
    unsafe { at.cast::<u64>().write_unaligned(text.to_le()) };
    8 - zeros
}

/// The head of a number of nine digits or more: as [`write_below_1e8`],
/// with a branch on its length. The stores of the groups after the head
/// go where its length says; a branch that predicts the length lets them
/// run ahead, where a length computed from the digits made every
/// 19-digit id wait for it (0.72 -> 0.86 of serde_json's time).
///
/// Writes `n < 10^8` without leading zeros at `at` and returns the number
/// of digits.
///
/// # Safety
///
/// `at` must be valid for writing 8 bytes.
#[inline(always)]
unsafe fn write_head_below_1e8(n: u64, at: *mut u8) -> usize {
    let pair = |p: u64, at: *mut u8| {
        // SAFETY: `p < 100`, so the two bytes at `2 * p` are inside the
        // 200-byte table; the callers below pass an `at` with two bytes of
        // the caller's eight left.
        unsafe { std::ptr::copy_nonoverlapping(DIGIT_PAIRS.as_ptr().add(2 * p as usize), at, 2) };
    };
    // Every store below ends within the `at[..8]` the caller makes
    // writable: one byte at 0, pairs at 0, 1 or 2, or eight bytes at 0.
    if n < 100 {
        if n < 10 {
            // SAFETY: one byte at 0, within `at[..8]`.
            unsafe { *at = b'0' + n as u8 };
            return 1;
        }
        pair(n, at);
        return 2;
    }
    // Up to four digits, two table lookups cost less than all eight lanes
    // (callgrind: records, ids below 12 000, 2.6% fewer instructions).
    if n < 10_000 {
        let (high, low) = (n / 100, n % 100);
        if high < 10 {
            // SAFETY: as above.
            unsafe {
                *at = b'0' + high as u8;
                pair(low, at.add(1));
            }
            return 3;
        }
        pair(high, at);
        // SAFETY: as above.
        pair(low, unsafe { at.add(2) });
        return 4;
    }
    let digits = eight_digits(n);
    // Leading zeros are the low zero bytes; `n >= 10_000` has at least one
    // nonzero digit.
    let zeros = digits.trailing_zeros() as usize / 8;
    let text = (digits | ASCII_ZEROS) >> (8 * zeros);
    // SAFETY: as above.
    unsafe { at.cast::<u64>().write_unaligned(text.to_le()) };
    8 - zeros
}

/// Writes `n < 10^8` as exactly eight digits at `at`.
///
/// # Safety
///
/// `at` must be valid for writing 8 bytes.
#[inline(always)]
unsafe fn write_8_digits(n: u64, at: *mut u8) {
    // SAFETY: the caller makes `at[..8]` writable; the store is unaligned.
    unsafe {
        at.cast::<u64>()
            .write_unaligned((eight_digits(n) | ASCII_ZEROS).to_le());
    }
}

/// The room [`write_u64_at`] needs: 20 digits for `u64::MAX`, and its last
/// eight-byte store may start at 16.
const U64_ROOM: usize = 24;

/// Writes `n` at `at` and returns the number of digits: up to eight digits
/// in one pass, nine to twenty as a head of up to eight and then whole
/// groups of eight.
///
/// Writing all lengths branch-free in one 128-bit word was smaller, but
/// made citm, whose integers have 9-16 digits, 35% slower: the length then
/// comes out of the digits, and every later write waits for it, where a
/// branch on the length is predicted and lets them run ahead.
///
/// Where the processor has AVX-512 IFMA, numbers from 100 up go to
/// `ifma::write_u64` instead, whose one path for 3 to 8 digits has no
/// branch that the digit count can mispredict. Below 100 the pair table
/// stays: small counts and flags are the most common integers, and one
/// lookup is cheaper than the vector path. Measured against the scalar
/// formatter alone (`to_vec` time ÷ serde_json's, medians of 41 rounds,
/// two alternating runs each): random magnitudes `shapes/ints` 0.30 ->
/// 0.24, `vec_i64` 0.62 -> 0.38, `vec_u32` 0.56 -> 0.42, ids19 0.46 ->
/// 0.36, but records (ids of 4-5 digits, a branch the scalar tiers
/// predict) 149-153 -> 156-161 µs. Sending every number there made random
/// magnitudes faster still (ints 0.19, vec_i64 0.25) but colleges 19% and
/// records 12% slower; sending only those from 10^4 up kept records but
/// lost the maps' gain (one more branch that mispredicts).
///
/// # Safety
///
/// `at` must be valid for writing [`U64_ROOM`] bytes.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn write_u64_at(n: u64, at: *mut u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    if n >= IFMA_FROM && super::ifma::available() {
        // SAFETY: `available` checked the processor's features;
        // `write_u64` stores at most 20 of the caller's `U64_ROOM` bytes.
        return unsafe { super::ifma::write_u64(n, at) };
    }
    // SAFETY: the caller's guarantee.
    unsafe { write_u64_scalar(n, at) }
}

/// [`write_u64_at`] without the IFMA path.
///
/// # Safety
///
/// `at` must be valid for writing [`U64_ROOM`] bytes.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn write_u64_scalar(n: u64, at: *mut u8) -> usize {
    const E8: u64 = 100_000_000;
    // SAFETY: below 10^8 the stores are within the first 8 bytes at `at`,
    // above within the 24 that `write_9_to_20_digits` may use, and the
    // caller makes `U64_ROOM = 24` writable.
    unsafe {
        if n < E8 {
            write_below_1e8(n, at)
        } else {
            write_9_to_20_digits(n, at)
        }
    }
}

/// Below this, integers keep the scalar formatter's pair table even where
/// `ifma::write_u64` can take them (see [`write_u64_at`]).
#[cfg(target_arch = "x86_64")]
const IFMA_FROM: u64 = 100;

#[cfg(target_arch = "x86_64")]
type U64Writer = unsafe fn(u64, *mut u8) -> usize;
#[cfg(target_arch = "x86_64")]
type KeyedUnsignedWriter = unsafe fn(u64, *mut u8, &str) -> usize;
#[cfg(target_arch = "x86_64")]
type KeyedSignedWriter = unsafe fn(i64, *mut u8, &str) -> usize;

// The shared formatters chosen for the processor (see `crate::cpu`): the
// IFMA ones, which keep the pair table below [`IFMA_FROM`] themselves, or
// the scalar ones. Each starts at its `find_out_then_*`, which chooses.
//
// A call through the pointer replaced a dispatcher that read whether the
// processor had the features and jumped: one call and one taken branch
// less per integer. `to_vec` time / serde_json's, medians of 41
// interleaved rounds, two runs each: ids19 0.316-0.320 -> 0.280-0.283,
// untagged 0.395 -> 0.378-0.382, ints 0.214-0.217 -> 0.211-0.213;
// json-bench records 4.36-4.41x -> 4.55-4.58x.
#[cfg(target_arch = "x86_64")]
static U64_WRITER: Chosen<U64Writer> = Chosen::new(find_out_then_u64);
#[cfg(target_arch = "x86_64")]
static KEYED_UNSIGNED_WRITER: Chosen<KeyedUnsignedWriter> =
    Chosen::new(find_out_then_keyed_unsigned);
#[cfg(target_arch = "x86_64")]
static KEYED_SIGNED_WRITER: Chosen<KeyedSignedWriter> = Chosen::new(find_out_then_keyed_signed);

/// Points the three writers at the IFMA formatters or the scalar ones.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn choose_writers() {
    // Only the IFMA formatters need the features, checked here first.
    // Not `ifma::available`: a test on the scalar formatter alone must not
    // choose it for every thread.
    if super::ifma::detected() {
        U64_WRITER.choose(write_u64_ifma);
        KEYED_UNSIGNED_WRITER.choose(write_keyed_unsigned_ifma);
        KEYED_SIGNED_WRITER.choose(write_keyed_signed_ifma);
    } else {
        U64_WRITER.choose(write_u64_scalar_out_of_line);
        KEYED_UNSIGNED_WRITER.choose(write_keyed_unsigned_scalar);
        KEYED_SIGNED_WRITER.choose(write_keyed_signed_scalar);
    }
}

// The first call of each shared formatter, before the choice.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
unsafe fn find_out_then_u64(n: u64, at: *mut u8) -> usize {
    choose_writers();
    // SAFETY: the caller's guarantee, `write_u64_shared`'s.
    unsafe { write_u64_shared(n, at) }
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
unsafe fn find_out_then_keyed_unsigned(n: u64, at: *mut u8, key: &str) -> usize {
    choose_writers();
    // SAFETY: the caller's guarantee, `write_keyed_unsigned`'s.
    unsafe { write_keyed_unsigned(n, at, key) }
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
unsafe fn find_out_then_keyed_signed(n: i64, at: *mut u8, key: &str) -> usize {
    choose_writers();
    // SAFETY: the caller's guarantee, `write_keyed_signed`'s.
    unsafe { write_keyed_signed(n, at, key) }
}

/// [`FieldDigits`]' shared call: [`write_u64_at`], once, out of line,
/// through the pointer to the formatter chosen for the processor. Out of
/// line itself in debug builds (as are the two below), where one function
/// costs less to build than a copy in every crate that calls it.
///
/// # Safety
///
/// `at` must be valid for writing [`U64_ROOM`] bytes.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn write_u64_shared(n: u64, at: *mut u8) -> usize {
    #[cfg(all(test, target_arch = "x86_64"))]
    if super::ifma::scalar_only_here() {
        // SAFETY: the caller's guarantee.
        return unsafe { write_u64_scalar_out_of_line(n, at) };
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the chosen formatter's contract is this function's, and the
    // IFMA one is chosen only where the processor has its features.
    return unsafe { U64_WRITER.get()(n, at) };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's guarantee.
    unsafe {
        write_u64_scalar_out_of_line(n, at)
    }
}

/// An unsigned integer field's key and digits, for every width: one shared
/// call, in which the key is copied, instead of the key's constant stores
/// at every field.
///
/// # Safety
///
/// `at` is valid for writing `key.len() + U64_ROOM` bytes and does not
/// overlap `key`.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn write_keyed_unsigned(n: u64, at: *mut u8, key: &str) -> usize {
    #[cfg(all(test, target_arch = "x86_64"))]
    if super::ifma::scalar_only_here() {
        // SAFETY: the caller's guarantee.
        return unsafe { write_keyed_unsigned_scalar(n, at, key) };
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as in `write_u64_shared`.
    return unsafe { KEYED_UNSIGNED_WRITER.get()(n, at, key) };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's guarantee.
    unsafe {
        write_keyed_unsigned_scalar(n, at, key)
    }
}

/// As [`write_keyed_unsigned`] for the signed widths, the sign written as
/// `Integer::write_digits_at_with` writes it.
///
/// # Safety
///
/// `at` is valid for writing `key.len() + 1 + U64_ROOM` bytes and does not
/// overlap `key`.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn write_keyed_signed(n: i64, at: *mut u8, key: &str) -> usize {
    #[cfg(all(test, target_arch = "x86_64"))]
    if super::ifma::scalar_only_here() {
        // SAFETY: the caller's guarantee.
        return unsafe { write_keyed_signed_scalar(n, at, key) };
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as in `write_u64_shared`.
    return unsafe { KEYED_SIGNED_WRITER.get()(n, at, key) };
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the caller's guarantee.
    unsafe {
        write_keyed_signed_scalar(n, at, key)
    }
}

/// `key`, then `value`'s text from the `u64` writer `D`: the body of every
/// keyed integer writer.
///
/// # Safety
///
/// `at` is valid for writing `key.len() + I::ROOM` bytes and does not
/// overlap `key`.
#[inline(always)]
unsafe fn write_keyed_with<D: Digits, I: Integer>(value: I, at: *mut u8, key: &str) -> usize {
    // SAFETY: the key takes its length at `at`, and the text at most
    // `ROOM` after it, within the caller's `key.len() + ROOM`.
    unsafe {
        let len = copy_at(key.as_bytes(), at);
        len + value.write_digits_at_with::<D>(at.add(len))
    }
}

// The two formatters' shared calls, each out of line for the dispatchers
// above to jump to. Safety: as the dispatcher's; the IFMA ones, also that
// the processor has the features they are compiled with.

#[inline(never)]
unsafe fn write_u64_scalar_out_of_line(n: u64, at: *mut u8) -> usize {
    // SAFETY: see above.
    unsafe { ScalarDigits::write_u64_at(n, at) }
}

#[inline(never)]
unsafe fn write_keyed_unsigned_scalar(n: u64, at: *mut u8, key: &str) -> usize {
    // SAFETY: see above.
    unsafe { write_keyed_with::<ScalarDigits, u64>(n, at, key) }
}

#[inline(never)]
unsafe fn write_keyed_signed_scalar(n: i64, at: *mut u8, key: &str) -> usize {
    // SAFETY: see above.
    unsafe { write_keyed_with::<ScalarDigits, i64>(n, at, key) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_u64_ifma(n: u64, at: *mut u8) -> usize {
    // SAFETY: see above.
    unsafe { IfmaDigits::write_u64_at(n, at) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_keyed_unsigned_ifma(n: u64, at: *mut u8, key: &str) -> usize {
    // SAFETY: see above.
    unsafe { write_keyed_with::<IfmaDigits, u64>(n, at, key) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_keyed_signed_ifma(n: i64, at: *mut u8, key: &str) -> usize {
    // SAFETY: see above.
    unsafe { write_keyed_with::<IfmaDigits, i64>(n, at, key) }
}

/// Inline in the shared formatters only, so that a nine-digit id costs
/// one call, not two.
///
/// Nine digits, the usual length of a database id, have a branch of their
/// own: the leading digit comes from a 32-bit division, and the rest
/// needs no 128-bit multiplication or second group. citm_catalog's 13 242
/// nine-digit ids took 4.72 ns each without it and 4.44 ns with it, and the
/// whole document 6% less time.
///
/// # Safety
///
/// `n >= 10^8`, and `at` must be valid for writing 24 bytes.
#[inline(always)]
unsafe fn write_9_to_20_digits(n: u64, at: *mut u8) -> usize {
    const E8: u64 = 100_000_000;
    // SAFETY: each store is 8 bytes wide (or 1 or 2) and starts at most at
    // offset 16: below 10^9 at 0 and 1; below 10^16 at 0 and after the 1-8
    // digits of `high`;
    // above, at 0 and after the 1-4 digits of `top`, then 8 further.
    unsafe {
        if n < 10 * E8 {
            // Below 10^9 the value fits in 32 bits, where dividing by a
            // constant is one narrow multiplication.
            let n = n as u32;
            let (high, low) = (n / E8 as u32, n % E8 as u32);
            *at = b'0' + high as u8;
            write_8_digits(u64::from(low), at.add(1));
            9
        } else if n < E8 * E8 {
            let (high, low) = (n / E8, n % E8);
            let lead = write_head_below_1e8(high, at);
            write_8_digits(low, at.add(lead));
            lead + 8
        } else {
            let (top, rest) = (n / (E8 * E8), n % (E8 * E8));
            let lead = write_head_below_1e8(top, at);
            write_8_digits(rest / E8, at.add(lead));
            write_8_digits(rest % E8, at.add(lead + 8));
            lead + 16
        }
    }
}

/// What writing a float's text needs of `f32` and `f64` besides zmij.
pub(crate) trait FloatText: zmij::Float + Copy {
    fn finite(self) -> bool;
    /// The key of a NaN or an infinity.
    fn non_finite_key(self) -> &'static str;
    /// The value as an integer, if it is one whose digits are the float's
    /// shortest round-trip text: a whole number of magnitude below 2^53
    /// (`f64`) or 2^24 (`f32`), and not `-0.0`.
    ///
    /// Below that bound every integer is exact and its neighbours are at
    /// most one apart, so the interval that rounds to it holds no other
    /// integer, and no shorter text than its own digits (trailing zeros
    /// aside, which zmij writes out in full below 10^16). zmij writes such
    /// a value as its digits and `.0`.
    fn small_integer(self) -> Option<i64>;
}

macro_rules! float_text {
    ($($t:ty: $bits:expr)*) => {$(
        impl FloatText for $t {
            #[inline]
            fn finite(self) -> bool {
                self.is_finite()
            }

            #[cold]
            fn non_finite_key(self) -> &'static str {
                if self.is_nan() {
                    "\"NaN\""
                } else if self > 0.0 {
                    "\"Infinity\""
                } else {
                    "\"-Infinity\""
                }
            }

            #[inline(always)]
            fn small_integer(self) -> Option<i64> {
                // Not `as`: it would add the code that saturates
                // out-of-range values and maps NaN to 0 on the path of
                // every float. The comparison is false for NaN.
                if self.abs() < (1_u64 << $bits) as $t {
                    // SAFETY: `self` is not NaN and its magnitude is below
                    // the bound, at most 2^53, so its integer part is in
                    // `i64`'s range.
                    let n: i64 = unsafe { self.to_int_unchecked() };
                    if n as $t == self && (n != 0 || self.is_sign_positive()) {
                        return Some(n);
                    }
                }
                None
            }
        }
    )*};
}
float_text!(f32: 24 f64: 53);

/// Formats a finite float with zmij straight into `out`'s spare capacity.
///
/// Formatting into a `zmij::Buffer` on the stack and copying out cost up to
/// a quarter of the time on float-heavy documents (canada: 0.99-1.05 of
/// serde_json's time, against 0.80 without the copy): zmij assembles its
/// digits with overlapping stores, and the copy's loads wait for them to
/// retire. So the `Buffer` zmij writes to is placed in the output itself.
///
/// That takes nothing from zmij's private layout, so any 1.x version
/// works: a `Buffer` made by `Buffer::new()` is moved into the spare
/// capacity (a valid value of its type, whatever its fields), zmij formats
/// into it through `&mut`, and only the text it returns, which lies inside
/// the buffer, is counted as output. Its size and alignment are read from
/// the type; a `Buffer` that needs alignment the output cannot give goes
/// through a copy instead.
///
/// A whole number below 2^53 (2^24 for `f32`) is written as its digits and
/// `.0` by the integer formatter instead: the same text as zmij's, in
/// about half the time (products' prices, counts held as `f64`).
#[inline]
pub(crate) fn write_finite<T: FloatText>(out: &mut Buf<'_>, value: T) {
    write_keyed_finite(out, b"", value);
}

/// `key` as it is (a derived field's key literal, or nothing), then
/// [`write_finite`]'s text, under one capacity check: for a float field,
/// the key's own check and copy were a tenth of the field's time.
#[inline]
pub(crate) fn write_keyed_finite<T: FloatText>(out: &mut Buf<'_>, key: &[u8], value: T) {
    if let Some(n) = value.small_integer() {
        return write_small_integer(out, key, n);
    }
    const SIZE: usize = size_of::<zmij::Buffer>();
    const ALIGN: usize = align_of::<zmij::Buffer>();
    let k = key.len();
    let dst = out.spare(k + SIZE);
    // SAFETY: `spare` left `k + SIZE` bytes of spare capacity at `dst`,
    // which `key`, borrowed apart from `out`, cannot overlap; the key
    // takes the first `k`.
    let text_at = unsafe { dst.add(copy_at(key, dst)) };
    if !text_at.addr().is_multiple_of(ALIGN) {
        let mut buffer = zmij::Buffer::new();
        // SAFETY: the key's `k` bytes at `dst` were written above.
        unsafe { out.advance(k) };
        extend_short(out, buffer.format_finite(value).as_bytes());
        return;
    }
    let place = text_at.cast::<zmij::Buffer>();
    // SAFETY: `spare` left `SIZE` bytes of spare capacity at `text_at`,
    // after the key, aligned for `Buffer` (checked above when it needs
    // alignment), and `out` owns them: nothing else refers to them.
    // Writing a `Buffer` there makes them hold a valid value of that
    // type, so the `&mut` made from `place` is valid and unique until the
    // text is copied below. The value is never dropped; it is overwritten
    // as plain bytes later, which is a leak at worst (`Buffer` owns
    // nothing).
    let text = unsafe {
        place.write(zmij::Buffer::new());
        (*place).format_finite(value)
    };
    let (start, n) = (text.as_ptr(), text.len());
    // SAFETY: `text` is `n` initialized bytes inside the buffer, that is
    // inside the `SIZE` spare bytes from `text_at`. zmij writes from the
    // start of its buffer, so they usually start at `text_at` already;
    // otherwise they are moved there (`copy` allows overlap). Either way
    // the key's `k` bytes and `text_at[..n]` are initialized, with
    // `k + n <= k + SIZE` within the room `spare` left, when the output
    // advances over them. `text` is not used after the move.
    unsafe {
        if start != text_at.cast_const() {
            std::ptr::copy(start, text_at, n);
        }
        out.advance(k + n);
    }
}

/// `key`, then a float that is a small whole number (see
/// `FloatText::small_integer`): its digits, then `.0`.
#[inline]
fn write_small_integer(out: &mut Buf<'_>, key: &[u8], n: i64) {
    let k = key.len();
    let at = out.spare(k + i64::ROOM + 2);
    // SAFETY: `spare` leaves room for `k + ROOM + 2` bytes at `at`, which
    // `key`, borrowed apart from `out`, cannot overlap: the key's `k`,
    // then the digit writer stores to at most `ROOM` and returns the
    // text's length `len <= ROOM`, so `.0` at `k + len` ends within the
    // room. The output advances over exactly the key, the text and `.0`.
    unsafe {
        copy_at(key, at);
        let len = n.write_digits_at_with::<SharedDigits>(at.add(k));
        at.add(k + len).cast::<[u8; 2]>().write_unaligned(*b".0");
        out.advance(k + len + 2);
    }
}

#[cfg(test)]
mod tests {
    use super::{write_finite, FloatText, Integer, SharedDigits};
    use crate::buf::Buf;

    /// Both digit writers, the one inlined at fields and the one in shared
    /// code, against itoa; on x86_64 with and without the IFMA path, so
    /// that the scalar formatter is checked on every processor.
    fn digits<I: Integer + itoa::Integer>(value: I) {
        let expected = itoa::Buffer::new().format(value).as_bytes().to_vec();
        let check = || {
            let mut out = Buf::in_memory(b"x".to_vec());
            value.write_digits(&mut out);
            assert_eq!(&out.into_bytes()[1..], expected);
            let mut out = Buf::in_memory(b"x".to_vec());
            value.write_digits_to::<SharedDigits>(&mut out);
            assert_eq!(&out.into_bytes()[1..], expected);
            // A derived field's key and value, in the one shared call.
            let key = ",\"k\":";
            let mut out = Buf::in_memory(Vec::new());
            let at = out.spare(key.len() + I::ROOM);
            // SAFETY: `spare` left `key.len() + ROOM` bytes at `at`, which
            // `key`, a literal, does not overlap; the output advances over
            // what `write_keyed_at` says it wrote.
            unsafe {
                let len = value.write_keyed_at(at, key);
                out.advance(len);
            }
            assert_eq!(out.into_bytes(), [key.as_bytes(), &expected].concat());
        };
        check();
        #[cfg(target_arch = "x86_64")]
        super::super::ifma::scalar_only(check);
    }

    #[test]
    fn integers_match_itoa_at_every_digit_boundary() {
        let mut p: u64 = 1;
        loop {
            for v in [p - 1, p, p + 1] {
                digits(v);
                digits(v as i64);
                digits(-(v as i64));
                digits(v as u32);
                digits(v as i32);
            }
            match p.checked_mul(10) {
                Some(next) => p = next,
                None => break,
            }
        }
        for v in [0, 1, 9, 10, 99, 100, u64::MAX, u64::MAX - 1] {
            digits(v);
        }
        for v in [i64::MIN, i64::MIN + 1, i64::MAX, -1, 0] {
            digits(v);
        }
        digits(i8::MIN);
        digits(i16::MIN);
        digits(i32::MIN);
        digits(u8::MAX);
        digits(u16::MAX);
        digits(isize::MIN);
        digits(usize::MAX);
        digits(i128::MIN);
        digits(u128::MAX);
    }

    /// Every input of the eight-digit routine, alone, after a leading
    /// digit, and as the head of a longer number. About ten seconds in release builds; run with
    /// `cargo test --release -p json-runtime -- --ignored eight_digits`.
    #[test]
    #[ignore = "2 x 10^8 cases; too slow for debug builds"]
    fn eight_digits_are_exact() {
        let mut out = Buf::in_memory(Vec::with_capacity(32));
        let mut expected = itoa::Buffer::new();
        for n in 0..100_000_000u64 {
            out.truncate(0);
            n.write_digits(&mut out);
            assert_eq!(&out[..], expected.format(n).as_bytes(), "{n}");
            // Nine digits (their own path), every leading digit.
            let wide = 100_000_000 * (1 + n % 9) + n;
            out.truncate(0);
            wide.write_digits(&mut out);
            assert_eq!(&out[..], expected.format(wide).as_bytes(), "{wide}");
            // Nine to sixteen digits, `n` the head (its own writer).
            let long = 100_000_000 * n + 12_345_678;
            out.truncate(0);
            long.write_digits(&mut out);
            assert_eq!(&out[..], expected.format(long).as_bytes(), "{long}");
        }
    }

    /// Inputs where some digit changes, in debug builds too: every lane's
    /// division is closest to going wrong where a suffix of `n` is all
    /// nines or all zeros.
    #[test]
    fn eight_digits_at_lane_boundaries() {
        for k in 0..8u32 {
            let step = 10u64.pow(k);
            for base in (0..100_000_000u64).step_by(100_003) {
                let around = base - base % step;
                for n in around.saturating_sub(3)..around + 3 {
                    digits(n);
                    digits(n + 100_000_000 * 123_456);
                    digits(n.wrapping_mul(184_467_440_737));
                }
            }
        }
    }

    /// `count` xorshift64 values from `seed`: the sweeps' inputs.
    fn xorshift(seed: u64, count: usize) -> impl Iterator<Item = u64> {
        std::iter::successors(Some(seed), |&x| {
            let x = x ^ (x << 13);
            let x = x ^ (x >> 7);
            Some(x ^ (x << 17))
        })
        .skip(1)
        .take(count)
    }

    #[test]
    fn every_byte_matches_itoa() {
        for n in 0..=u8::MAX {
            digits(n);
            digits(n as i8);
        }
    }

    #[test]
    fn integers_match_itoa_on_a_pseudo_random_sweep() {
        for x in xorshift(0x9E37_79B9_7F4A_7C15, 200_000) {
            // Vary the magnitude so every digit count is covered often.
            let v = x >> (x % 64);
            digits(v);
            digits(v as i64);
            digits(v as u32);
            digits(v as i16);
        }
    }

    /// `write_finite` against zmij alone, which is what serde_json writes.
    fn float<T: FloatText + std::fmt::Debug>(value: T) {
        let expected = zmij::Buffer::new().format_finite(value).as_bytes().to_vec();
        let mut out = Buf::in_memory(b"x".to_vec());
        write_finite(&mut out, value);
        assert_eq!(&out.into_bytes()[1..], expected, "{value:?}");
    }

    #[test]
    fn whole_floats_match_zmij_around_the_integer_path_bounds() {
        for i in -100_000_i64..=100_000 {
            float(i as f64);
            float(i as f32);
        }
        for bits in 0..64 {
            let p = 1_u64 << bits;
            for v in [p - 1, p, p + 1, p.wrapping_mul(10), p / 3] {
                float(v as f64);
                float(-(v as f64));
                float(v as f32);
                float(-(v as f32));
            }
        }
        for v in [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.5,
            1e15,
            1e16,
            9_007_199_254_740_991.0,
            4_503_599_627_370_495.5,
        ] {
            float(v);
            float(v as f32);
        }
        let mut p = 1.0_f64;
        for _ in 0..=22 {
            float(p);
            float(p - 1.0);
            float(f64::from_bits(p.to_bits() + 1));
            p *= 10.0;
        }
    }

    #[test]
    fn whole_floats_match_zmij_on_a_pseudo_random_sweep() {
        for x in xorshift(0x2545_F491_4F6C_DD1D, 200_000) {
            // Every magnitude up to 2^64, so both sides of each bound.
            let v = (x >> (x % 64)) as i64;
            float(v as f64);
            float(v as f32);
            float(f64::from_bits(x));
        }
    }
}
