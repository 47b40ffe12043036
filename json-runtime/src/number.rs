//! Numbers, written as serde_json writes them: integers as bare digits
//! (as itoa writes them), finite floats through zmij (shortest round trip,
//! `1e+16`, `1.0`), and NaN and infinities as `null`.
//!
//! Both are written straight into the output's spare capacity. Formatting
//! into a stack buffer and copying out would be simpler, but the copy's
//! wide loads wait for the formatter's narrow stores to retire, and that
//! stall cost as much as the formatting itself.

use crate::writer::{extend_short, Buf, Format, JsonWriter};

/// The integer types serde_json writes as bare digits.
pub(crate) trait Integer: Copy {
    fn write_digits(self, out: &mut Buf<'_>);
}

macro_rules! unsigned {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_digits(self, out: &mut Buf<'_>) {
                write_u64(out, self as u64);
            }
        }
    )*};
}
unsigned!(u8 u16 u32 u64 usize);

macro_rules! signed {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_digits(self, out: &mut Buf<'_>) {
                if self < 0 {
                    out.push(b'-');
                }
                write_u64(out, self.unsigned_abs() as u64);
            }
        }
    )*};
}
signed!(i8 i16 i32 i64 isize);

/// 128-bit integers are rare; itoa handles them.
macro_rules! wide {
    ($($t:ty)*) => {$(
        impl Integer for $t {
            #[inline]
            fn write_digits(self, out: &mut Buf<'_>) {
                let mut buffer = itoa::Buffer::new();
                extend_short(out, buffer.format(self).as_bytes());
            }
        }
    )*};
}
wide!(i128 u128);

/// `POW10[t]` is 10^t, except `POW10[0]` is 0 so that 0 counts one digit.
static POW10: [u64; 20] = {
    let mut table = [0u64; 20];
    let mut t = 1;
    let mut p = 10u64;
    while t < 20 {
        table[t] = p;
        p = p.wrapping_mul(10);
        t += 1;
    }
    table
};

/// The number of decimal digits of `n`, at least 1.
#[inline(always)]
fn decimal_digits(n: u64) -> usize {
    let bits = 64 - (n | 1).leading_zeros() as usize;
    // 1233 / 4096 is just below log10(2), so `t` is floor(log10(n)) or one
    // more; the table settles which.
    let t = (bits * 1233) >> 12;
    t + 1 - usize::from(n < POW10[t])
}

/// "00", "01", … "99": two digits per lookup.
static DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

#[inline]
fn write_u64(out: &mut Buf<'_>, mut n: u64) {
    let digits = decimal_digits(n);
    out.reserve(digits);
    let len = out.len();
    // SAFETY: `reserve` leaves room for `digits` bytes at `len`. They are
    // written from the last backwards, four and then two at a time, and
    // `n` has exactly `digits` digits, so `end` never passes `dst`. Pairs
    // are read from `DIGIT_PAIRS` at `2 * p` with `p < 100`. All `digits`
    // bytes are written before the length grows.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        let mut end = dst.add(digits);
        let pair = |p: u32, at: *mut u8| {
            std::ptr::copy_nonoverlapping(DIGIT_PAIRS.as_ptr().add(2 * p as usize), at, 2);
        };
        // One 64-bit division per four digits; the rest in 32 bits.
        while n >= 10_000 {
            let four = (n % 10_000) as u32;
            n /= 10_000;
            end = end.sub(4);
            pair(four / 100, end);
            pair(four % 100, end.add(2));
        }
        let mut n = n as u32;
        if n >= 100 {
            end = end.sub(2);
            pair(n % 100, end);
            n /= 100;
        }
        if n >= 10 {
            pair(n, dst);
        } else {
            *dst = b'0' + n as u8;
        }
        out.set_len(len + digits);
    }
}

#[inline]
pub(crate) fn write_int<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    if F::CANONICAL {
        let start = w.buf_mut().len();
        value.write_digits(w.buf_mut());
        crate::canonical::check_integer(w, start);
    } else {
        value.write_digits(w.buf_mut());
    }
}

/// An integer as a quoted string, as serde_json writes integer map keys.
#[inline]
pub(crate) fn write_int_quoted<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    let out = w.buf_mut();
    out.push(b'"');
    value.write_digits(out);
    out.push(b'"');
}

#[inline]
pub(crate) fn write_f64<F: Format>(w: &mut JsonWriter<'_, F>, value: f64) {
    if F::CANONICAL {
        crate::canonical::write_f64(w, value);
    } else if value.is_finite() {
        write_finite(w.buf_mut(), value);
    } else {
        w.write_null();
    }
}

#[inline]
pub(crate) fn write_f32<F: Format>(w: &mut JsonWriter<'_, F>, value: f32) {
    if F::CANONICAL {
        // Every f32 is exactly a double, and RFC 8785 numbers are doubles.
        crate::canonical::write_f64(w, f64::from(value));
    } else if value.is_finite() {
        write_finite(w.buf_mut(), value);
    } else {
        w.write_null();
    }
}

/// A float as a quoted string, as serde_json writes float map keys: the
/// same digits as the value, between quotes. serde_json returns an error
/// for a non-finite key; this writes `"NaN"`, `"Infinity"` or
/// `"-Infinity"`, what JavaScript's `String(x)` and Python's `json` write.
#[inline]
pub(crate) fn write_float_quoted<F: Format, T: zmij::Float + Copy + NonFinite>(
    w: &mut JsonWriter<'_, F>,
    value: T,
) {
    if value.finite() {
        let out = w.buf_mut();
        out.push(b'"');
        write_finite(out, value);
        out.push(b'"');
    } else {
        w.write_raw(value.non_finite_key());
    }
}

/// What `write_float_quoted` needs of `f32` and `f64` besides zmij.
pub(crate) trait NonFinite {
    fn finite(self) -> bool;
    /// The key of a NaN or an infinity.
    fn non_finite_key(self) -> &'static str;
}

macro_rules! non_finite {
    ($($t:ty)*) => {$(
        impl NonFinite for $t {
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
        }
    )*};
}
non_finite!(f32 f64);

/// Formats a finite float with zmij straight into `out`'s spare capacity.
///
/// Formatting into a `zmij::Buffer` on the stack and copying out costs as
/// much again as the formatting itself on float-heavy documents: zmij
/// assembles its digits with overlapping stores, and the copy's loads wait
/// for them to retire. So the buffer zmij writes to is the output itself.
#[inline]
fn write_finite<T: zmij::Float>(out: &mut Buf<'_>, value: T) {
    const SIZE: usize = std::mem::size_of::<zmij::Buffer>();
    // zmij::Buffer is a `[MaybeUninit<u8>; 24]` and nothing else in the
    // zmij version this crate pins exactly (see Cargo.toml), which is what
    // the `unsafe` below relies on. A change of size or alignment falls
    // back to the copying path; any other change of that private layout
    // must be checked when the pin is moved.
    if std::mem::align_of::<zmij::Buffer>() != 1 || SIZE != 24 {
        let mut buffer = zmij::Buffer::new();
        extend_short(out, buffer.format_finite(value).as_bytes());
        return;
    }
    out.reserve(SIZE);
    let len = out.len();
    // SAFETY: `reserve` leaves `SIZE` bytes of spare capacity at `len`
    // (read after it, which may have drained the buffer), and
    // `zmij::Buffer` has alignment 1 and size `SIZE`, so the reference is
    // aligned and in bounds. In the pinned zmij (=1.0.23) its only field is
    // a `[MaybeUninit<u8>; 24]`, valid for any contents, uninitialized
    // included, so viewing spare capacity as a `Buffer` creates no invalid
    // value, and `format_finite` only writes to it before reading. Nothing
    // else refers to that memory while `buffer` lives.
    let buffer = unsafe { &mut *out.as_mut_ptr().add(len).cast::<zmij::Buffer>() };
    let text = buffer.format_finite(value);
    let (start, n) = (text.as_ptr(), text.len());
    // SAFETY: `text` lies inside `buffer`, i.e. inside the spare capacity.
    // zmij writes from the start of its buffer, so `start` is `dst` and the
    // bytes are already in place; should it not be, they are moved there
    // (`copy` allows overlap). Either way `dst[..n]` is initialized, with
    // `n <= SIZE` within the reserved room, before the length grows.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        if start != dst.cast_const() {
            std::ptr::copy(start, dst, n);
        }
        out.set_len(len + n);
    }
}

#[cfg(test)]
mod tests {
    use super::Integer;
    use crate::writer::Buf;

    fn digits<I: Integer + itoa::Integer>(value: I) {
        let mut out = Buf::in_memory(b"x".to_vec());
        value.write_digits(&mut out);
        let out = out.into_vec();
        assert_eq!(&out[1..], itoa::Buffer::new().format(value).as_bytes());
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

    #[test]
    fn integers_match_itoa_on_a_pseudo_random_sweep() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Vary the magnitude so every digit count is covered often.
            let v = x >> (x % 64);
            digits(v);
            digits(v as i64);
            digits(v as u32);
            digits(v as i16);
        }
    }
}
