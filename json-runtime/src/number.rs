//! Numbers, written as serde_json writes them: integers through itoa,
//! finite floats through zmij (shortest round trip, `1e+16`, `1.0`), and
//! NaN and infinities as `null`.

use crate::writer::{extend_short, Format, JsonWriter};

/// The integer types serde_json writes as bare digits.
pub(crate) trait Integer: itoa::Integer + Copy {}

macro_rules! integers {
    ($($t:ty)*) => { $(impl Integer for $t {})* };
}
integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

#[inline]
pub(crate) fn write_int<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    let mut buffer = itoa::Buffer::new();
    extend_short(w.buf_mut(), buffer.format(value).as_bytes());
}

/// An integer as a quoted string, as serde_json writes integer map keys.
#[inline]
pub(crate) fn write_int_quoted<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(value).as_bytes();
    let out = w.buf_mut();
    out.reserve(digits.len() + 2);
    out.push(b'"');
    out.extend_from_slice(digits);
    out.push(b'"');
}

#[inline]
pub(crate) fn write_f64<F: Format>(w: &mut JsonWriter<'_, F>, value: f64) {
    if value.is_finite() {
        let mut buffer = zmij::Buffer::new();
        extend_short(w.buf_mut(), buffer.format_finite(value).as_bytes());
    } else {
        w.write_raw(b"null");
    }
}

#[inline]
pub(crate) fn write_f32<F: Format>(w: &mut JsonWriter<'_, F>, value: f32) {
    if value.is_finite() {
        let mut buffer = zmij::Buffer::new();
        extend_short(w.buf_mut(), buffer.format_finite(value).as_bytes());
    } else {
        w.write_raw(b"null");
    }
}
