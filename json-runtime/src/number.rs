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
        write_finite(w.buf_mut(), value);
    } else {
        w.write_raw(b"null");
    }
}

#[inline]
pub(crate) fn write_f32<F: Format>(w: &mut JsonWriter<'_, F>, value: f32) {
    if value.is_finite() {
        write_finite(w.buf_mut(), value);
    } else {
        w.write_raw(b"null");
    }
}

/// Formats a finite float with zmij straight into `out`'s spare capacity.
///
/// Formatting into a `zmij::Buffer` on the stack and copying out costs as
/// much again as the formatting itself on float-heavy documents: zmij
/// assembles its digits with overlapping stores, and the copy's loads wait
/// for them to retire. So the buffer zmij writes to is the output itself.
#[inline]
fn write_finite<T: zmij::Float>(out: &mut Vec<u8>, value: T) {
    const SIZE: usize = std::mem::size_of::<zmij::Buffer>();
    // zmij::Buffer is an array of `MaybeUninit<u8>` and nothing else; were
    // that ever to change, this falls back to the copying path.
    if std::mem::align_of::<zmij::Buffer>() != 1 || SIZE > 64 {
        let mut buffer = zmij::Buffer::new();
        extend_short(out, buffer.format_finite(value).as_bytes());
        return;
    }
    out.reserve(SIZE);
    let len = out.len();
    // SAFETY: `reserve` leaves `SIZE` bytes of spare capacity at `len`, and
    // `zmij::Buffer` has alignment 1 and size `SIZE`, so the reference is
    // aligned and in bounds. Its only field is a `[MaybeUninit<u8>; SIZE]`,
    // valid for any contents, uninitialized included, so viewing spare
    // capacity as a `Buffer` creates no invalid value. Nothing else refers
    // to that memory while `buffer` lives.
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
