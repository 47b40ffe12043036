//! A derived encoder's key literal (`,"key":`) as a string field writes it
//! in the same call as its value: padded to a fixed width, so that it is
//! copied with two 16-byte moves, whatever its length, and no branch on
//! the length.

/// The width a [`KeyLiteral`] is padded to; longer keys are copied as
/// they are.
pub(crate) const KEY_PAD: usize = 32;

/// A key literal, kept both as text and padded to [`KEY_PAD`] bytes.
/// Derived code makes one per string field, as a constant:
///
/// ```text
/// const { &KeyLiteral::new(",\"name\":") }
/// ```
#[doc(hidden)]
#[derive(Debug)]
pub struct KeyLiteral {
    text: &'static str,
    /// `text` followed by zeros when it fits, else all zeros (unused).
    padded: [u8; KEY_PAD],
}

impl KeyLiteral {
    /// The literal `text`, padded.
    pub const fn new(text: &'static str) -> KeyLiteral {
        let mut padded = [0u8; KEY_PAD];
        let bytes = text.as_bytes();
        if bytes.len() <= KEY_PAD {
            let mut i = 0;
            while i < bytes.len() {
                padded[i] = bytes[i];
                i += 1;
            }
        }
        KeyLiteral { text, padded }
    }

    /// The literal as written.
    #[inline(always)]
    pub(crate) fn text(&self) -> &'static str {
        self.text
    }

    /// The literal followed by padding, when it is at most [`KEY_PAD`]
    /// bytes long.
    #[inline(always)]
    pub(crate) fn padded(&self) -> Option<&[u8; KEY_PAD]> {
        (self.text.len() <= KEY_PAD).then_some(&self.padded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_short_keys_and_keeps_long_ones() {
        let short = KeyLiteral::new(",\"id\":");
        assert_eq!(short.text(), ",\"id\":");
        let padded = short.padded().unwrap();
        assert_eq!(&padded[..6], b",\"id\":");
        assert!(padded[6..].iter().all(|&b| b == 0));
        let exact = KeyLiteral::new(",\"abcdefghijklmnopqrstuvwxyz01\":");
        assert_eq!(exact.text().len(), KEY_PAD);
        assert_eq!(&exact.padded().unwrap()[..], exact.text().as_bytes());
        let long = KeyLiteral::new(",\"abcdefghijklmnopqrstuvwxyz012\":");
        assert!(long.padded().is_none());
    }
}
