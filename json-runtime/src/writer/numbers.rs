//! Numbers through the writer: serde_json's text, or in canonical output
//! ECMAScript's, checked.

#[cfg(feature = "serde_json")]
use std::fmt;

#[cfg(feature = "serde_json")]
use super::canonical::write_number_text;
use super::canonical::{check_integer, write_canonical_f64};
use super::format::Format;
use super::json_writer::JsonWriter;
use crate::number::{write_finite, write_keyed_finite, FloatText, Integer, SharedDigits};

/// Compact output makes room at the field and calls the shared digit
/// formatter; pretty and canonical output make one shared call per integer
/// type for the whole write, room and digits.
///
/// Pretty output is a second copy of every encoder: with the integer code
/// inlined in both, 100 integer-only structs built three times as long as
/// serde's. Pretty output has speed to spare where compact output has
/// none, and canonical output is rare.
#[inline]
pub(crate) fn write_int<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    if F::PRETTY || F::CANONICAL {
        write_int_out_of_line(w, value);
    } else {
        w.check_scalar();
        value.write_digits(w.buf_mut());
    }
}

#[inline(never)]
fn write_int_out_of_line<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    w.check_scalar();
    let start = w.buf_mut().len();
    value.write_digits_to::<SharedDigits>(w.buf_mut());
    if F::CANONICAL {
        check_integer(w, start);
    }
}

/// An integer as a quoted string, as serde_json writes integer map keys.
#[inline]
pub(crate) fn write_int_quoted<F: Format, I: Integer>(w: &mut JsonWriter<'_, F>, value: I) {
    w.check_scalar();
    let out = w.buf_mut();
    out.push(b'"');
    value.write_digits(out);
    out.push(b'"');
}

/// An integer map key as an entry begins: `,` unless `first`, the digits
/// between quotes, and the colon. In compact output one capacity check
/// for all of it, where the entry's separator, the key's quotes and digits
/// and the colon made one each: `HashMap<u32, String>` was 0.61 of
/// serde_json's time. Pretty output makes its line break first, then
/// the same one check for the rest (`HashMap<u32, String>` pretty took
/// 0.40 of serde_json's time with one each).
#[inline]
pub(crate) fn write_int_entry_key<F: Format, I: Integer>(
    w: &mut JsonWriter<'_, F>,
    first: bool,
    value: I,
) {
    if F::CANONICAL {
        w.object_entry(first);
        write_int_quoted(w, value);
        w.colon();
        return;
    }
    // Pretty layout: the separator and the line break first, then the
    // same stores with no comma and `": "` for the colon.
    if F::PRETTY {
        w.object_entry(first);
    } else {
        w.check_entry();
    }
    w.check_scalar();
    w.check_colon();
    let comma = usize::from(!first && !F::PRETTY);
    let out = w.buf_mut();
    let at = out.spare(2 + I::ROOM + 3);
    // SAFETY: `spare` left `2 + ROOM + 3` writable bytes at `at`: the
    // comma at 0 (kept only when `comma` is 1), the opening quote at
    // `comma <= 1`, the digits' `ROOM` from there, and the closing quote
    // and colon (`":` or `": `) right after the `n` digits written,
    // within the `ROOM` and the 3 after it. The output advances over
    // exactly those bytes, all written.
    unsafe {
        *at = b',';
        let quote = at.add(comma);
        *quote = b'"';
        let n = value.write_digits_at(quote.add(1));
        let colon = quote.add(1 + n);
        if F::PRETTY {
            colon.cast::<[u8; 3]>().write_unaligned(*b"\": ");
        } else {
            colon.cast::<[u8; 2]>().write_unaligned(*b"\":");
        }
        out.advance(comma + 1 + n + 2 + usize::from(F::PRETTY));
    }
}

/// One shared call per layout, not inlined at each field: the float
/// formatter is large, and it takes long enough that a call adds little.
#[inline(never)]
pub(crate) fn write_f64<F: Format>(w: &mut JsonWriter<'_, F>, value: f64) {
    write_float(w, value);
}

/// Out of line, as [`write_f64`].
#[inline(never)]
pub(crate) fn write_f32<F: Format>(w: &mut JsonWriter<'_, F>, value: f32) {
    write_float(w, value);
}

/// A derived float field's key and value (`ToJson::write_json_keyed`), in
/// the one shared call per layout that writes the value anyway.
#[inline(never)]
pub(crate) fn write_keyed_f64<F: Format>(w: &mut JsonWriter<'_, F>, key: &str, value: f64) {
    write_keyed_float(w, key, value);
}

/// As [`write_keyed_f64`].
#[inline(never)]
pub(crate) fn write_keyed_f32<F: Format>(w: &mut JsonWriter<'_, F>, key: &str, value: f32) {
    write_keyed_float(w, key, value);
}

/// In compact output a finite value's key and text go under one capacity
/// check.
#[inline(always)]
fn write_keyed_float<F: Format, T: Float>(w: &mut JsonWriter<'_, F>, key: &str, value: T) {
    if F::PRETTY || F::CANONICAL || !value.finite() {
        w.key_copied(key);
        return write_float(w, value);
    }
    w.check_key_literal(key);
    w.check_scalar();
    write_keyed_finite(w.buf_mut(), key.as_bytes(), value);
}

#[inline(always)]
fn write_float<F: Format, T: Float>(w: &mut JsonWriter<'_, F>, value: T) {
    if F::CANONICAL {
        // Every f32 is exactly a double, and RFC 8785 numbers are doubles.
        write_canonical_f64(w, value.to_f64());
    } else if value.finite() {
        w.check_scalar();
        write_finite(w.buf_mut(), value);
    } else {
        w.write_null();
    }
}

/// What [`write_float`] needs of `f32` and `f64`.
trait Float: FloatText {
    fn to_f64(self) -> f64;
}

impl Float for f64 {
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self
    }
}

impl Float for f32 {
    #[inline(always)]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

/// A float as a quoted string, as serde_json writes float map keys: the
/// same digits as the value, between quotes. serde_json returns an error
/// for a non-finite key; this writes `"NaN"`, `"Infinity"` or
/// `"-Infinity"`, what JavaScript's `String(x)` and Python's `json` write.
///
/// One shared call per layout and float type, as [`write_f64`]: it holds
/// the integer formatter for whole numbers, too large to copy into every
/// map's key writer.
#[inline(never)]
pub(crate) fn write_float_quoted<F: Format, T: FloatText>(w: &mut JsonWriter<'_, F>, value: T) {
    if value.finite() {
        w.check_scalar();
        let out = w.buf_mut();
        out.push(b'"');
        write_finite(out, value);
        out.push(b'"');
    } else {
        w.write_raw(value.non_finite_key());
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// Writes a number given by its `Display` text, which must be JSON
    /// number text (a `serde_json::Number`'s): copied as it is, or in
    /// canonical output, which has one form per number, rewritten as
    /// ECMAScript writes the double it stands for.
    #[cfg(feature = "serde_json")]
    pub(crate) fn write_number_display(&mut self, number: &dyn fmt::Display) {
        if F::CANONICAL {
            write_number_text(self, &number.to_string());
            return;
        }
        self.check_scalar();

        struct Raw<'w, 'b, F: Format>(&'w mut JsonWriter<'b, F>);

        impl<F: Format> fmt::Write for Raw<'_, '_, F> {
            fn write_str(&mut self, text: &str) -> fmt::Result {
                self.0.write_raw_text(text);
                Ok(())
            }
        }

        // Writing to the buffer cannot fail; a `Display` impl that fails
        // for no reason of its own leaves what it wrote.
        let _ = fmt::Write::write_fmt(&mut Raw(self), format_args!("{number}"));
    }
}

/// An IPv4 address as a JSON string, `"192.168.0.1"`, its digits written
/// straight into the output from the byte table. Formatted on the stack
/// and copied, each address's copy waited on the formatter's byte stores
/// (a failed store-to-load forward): `Vec` of structs holding an
/// `IpAddr` and a port took 0.55 of serde_json's time. Its text is the
/// same in every escape mode and layout.
#[inline(never)]
pub(crate) fn write_ipv4<F: Format>(w: &mut JsonWriter<'_, F>, octets: [u8; 4]) {
    // The quotes, the dots and each octet's room.
    const ROOM: usize = 2 + 3 + 4 * <u8 as Integer>::ROOM;
    w.check_scalar();
    let start = w.buf.spare(ROOM);
    // SAFETY: `spare` left `ROOM` writable bytes at `start`. Each octet's
    // digits store at most `u8::ROOM` bytes from where the text so far
    // ends, each dot and quote one byte after it: all within `ROOM`. The
    // output advances over the bytes written, the closing quote included.
    unsafe {
        *start = b'"';
        let mut at = start.add(1);
        at = at.add(octets[0].write_digits_at(at));
        for octet in [octets[1], octets[2], octets[3]] {
            *at = b'.';
            at = at.add(1);
            at = at.add(octet.write_digits_at(at));
        }
        *at = b'"';
        w.buf.advance(at.offset_from_unsigned(start) + 1);
    }
}
