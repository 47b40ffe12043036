//! A short text built in a fixed-size array on the stack, for the impls
//! that format a value before writing it: `std::net`'s addresses, the
//! date, time and id strings (chrono, time, uuid), and the `Display` text
//! of semver's and rust_decimal's types. Each picks its own capacity.

use std::fmt;

use crate::{Format, JsonWriter};

/// At most `N` bytes of text, on the stack.
///
/// A `QUOTED` one is a JSON string under construction: [`new`](Self::new)
/// writes its opening quote and [`write_to`](StackText::write_to) its
/// closing one, for which the last byte always stays free. Its text must
/// need no escaping.
pub(crate) struct StackText<const N: usize, const QUOTED: bool = false> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize, const QUOTED: bool> StackText<N, QUOTED> {
    /// How many bytes the text may fill: all `N`, or all but the closing
    /// quote's.
    const ROOM: usize = N - QUOTED as usize;

    /// An empty text, or an opened string when `QUOTED`.
    #[inline]
    pub(crate) fn new() -> Self {
        let mut bytes = [0; N];
        if QUOTED {
            bytes[0] = b'"';
        }
        StackText {
            bytes,
            len: usize::from(QUOTED),
        }
    }

    /// The text so far, with the opening quote when `QUOTED`.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Appends `text` if it fits, and says whether it did; a text that
    /// does not fit is not copied at all.
    #[inline]
    pub(crate) fn try_push_str(&mut self, text: &str) -> bool {
        let end = self.len + text.len();
        if end > Self::ROOM {
            return false;
        }
        self.bytes[self.len..end].copy_from_slice(text.as_bytes());
        self.len = end;
        true
    }

    /// One byte of a string's text: ASCII that needs no escaping.
    #[cfg(any(feature = "chrono", feature = "time"))]
    #[inline]
    pub(crate) fn push(&mut self, byte: u8) {
        debug_assert!(byte.is_ascii() && byte != b'"' && byte != b'\\' && byte >= 0x20);
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    /// Text known to fit, as the date and time impls write it.
    #[cfg(any(feature = "chrono", feature = "time"))]
    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        self.push_ascii(text.as_bytes());
    }

    /// ASCII bytes known to fit.
    #[cfg(any(feature = "chrono", feature = "time"))]
    #[inline]
    pub(crate) fn push_ascii(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        self.bytes[self.len..end].copy_from_slice(bytes);
        self.len = end;
    }

    /// The free tail of the buffer, for encoders that write into a slice
    /// (uuid's); follow with [`advance`](Self::advance).
    #[cfg(feature = "uuid")]
    #[inline]
    pub(crate) fn spare(&mut self) -> &mut [u8] {
        &mut self.bytes[self.len..Self::ROOM]
    }

    #[cfg(feature = "uuid")]
    #[inline]
    pub(crate) fn advance(&mut self, written: usize) {
        self.len += written;
    }
}

impl<const N: usize> StackText<N, true> {
    /// Closes the string and appends it to the output in one copy.
    #[inline]
    pub(crate) fn write_to<F: Format>(mut self, w: &mut JsonWriter<'_, F>) {
        self.bytes[self.len] = b'"';
        w.write_ascii(&self.bytes[..=self.len]);
    }
}

/// Refuses a piece that does not fit (`Display` then returns an error),
/// and keeps the text before it.
impl<const N: usize, const QUOTED: bool> fmt::Write for StackText<N, QUOTED> {
    #[inline]
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if self.try_push_str(piece) {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::StackText;

    #[test]
    fn room() {
        let mut plain = StackText::<4>::new();
        assert!(plain.try_push_str("abc"));
        assert!(!plain.try_push_str("de"));
        assert!(plain.try_push_str("d"));
        assert_eq!(plain.as_bytes(), b"abcd");

        // A quoted one keeps its last byte for the closing quote.
        let mut quoted = StackText::<4, true>::new();
        assert!(write!(quoted, "ab").is_ok());
        assert!(write!(quoted, "c").is_err());
        assert_eq!(quoted.as_bytes(), b"\"ab");
    }
}
