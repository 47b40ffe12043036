//! The stack text for date, time and id strings: its capacity and digits.
//!
//! The chrono, time and uuid impls format their text in a [`StackText`],
//! opening and closing quote included, and hand it to the writer in one
//! copy. The text is digits and ASCII punctuation only, so it needs no
//! escaping.
//!
//! Each helper is compiled only with the features whose impls call it, so
//! any one of those features alone builds without dead code.

use super::stack_text::StackText;
#[cfg(any(feature = "chrono", feature = "time"))]
use crate::{Format, JsonWriter};

/// Room for the longest text written: a chrono `DateTime` at the edge of
/// its range with a leap second, nine fraction digits and an offset,
/// `"-262143-12-31T23:59:60.999999999+23:59"`, is 40 bytes with quotes,
/// and a uuid URN is 47.
const CAPACITY: usize = 48;

/// A JSON string under construction. [`QuotedAscii::new`] writes the
/// opening quote and [`QuotedAscii::write_to`] the closing one.
pub(crate) type QuotedAscii = StackText<CAPACITY, true>;

/// The date and time impls' digits.
#[cfg(any(feature = "chrono", feature = "time"))]
impl QuotedAscii {
    /// Two decimal digits, zero padded: `value` must be below 100.
    #[inline]
    pub(crate) fn two_digits(&mut self, value: u8) {
        debug_assert!(value < 100);
        self.push(b'0' + value / 10);
        self.push(b'0' + value % 10);
    }

    /// At least `width` decimal digits, zero padded on the left.
    #[inline]
    pub(crate) fn digits_padded(&mut self, value: u64, width: usize) {
        debug_assert!(width <= 20);
        let mut digits = [b'0'; 20];
        let mut at = digits.len();
        let mut rest = value;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        let start = at.min(digits.len() - width);
        self.push_ascii(&digits[start..]);
    }

    /// Exactly nine digits of `nanos` (below one second).
    #[inline]
    pub(crate) fn nine_digits(&mut self, nanos: u32) {
        debug_assert!(nanos < 1_000_000_000);
        self.digits_padded(u64::from(nanos), 9);
    }

    /// The text so far without the opening quote, for tests.
    #[cfg(test)]
    fn text(&self) -> &str {
        std::str::from_utf8(&self.as_bytes()[1..]).unwrap()
    }
}

/// Writes integers as one JSON array, the way serde_json writes a tuple of
/// them: `[1,2]`, or one element a line in pretty layout.
#[cfg(any(feature = "chrono", feature = "time"))]
#[inline]
pub(crate) fn write_int_array<F: Format>(w: &mut JsonWriter<'_, F>, values: &[i64]) {
    w.begin_array();
    let mut first = true;
    for value in values {
        w.array_value_dyn(&mut first);
        // In canonical output, checked against 2^53 (a `TimeDelta`'s
        // seconds can pass it).
        crate::writer::write_int(w, *value);
    }
    w.end_array(first);
}

#[cfg(all(test, any(feature = "chrono", feature = "time")))]
mod tests {
    use super::QuotedAscii;

    #[test]
    fn padding() {
        let cases: &[(u64, usize, &str)] = &[
            (0, 4, "0000"),
            (7, 4, "0007"),
            (1234, 4, "1234"),
            (12345, 4, "12345"),
            (262143, 4, "262143"),
            (0, 0, "0"),
            (0, 9, "000000000"),
            (999_999_999, 9, "999999999"),
            (1, 9, "000000001"),
            (u64::MAX, 4, "18446744073709551615"),
        ];
        for &(value, width, expected) in cases {
            let mut text = QuotedAscii::new();
            text.digits_padded(value, width);
            assert_eq!(text.text(), expected, "{value} padded to {width}");
        }
    }

    #[test]
    fn two_digits() {
        for value in 0..100u8 {
            let mut text = QuotedAscii::new();
            text.two_digits(value);
            assert_eq!(text.text(), format!("{value:02}"));
        }
    }
}
