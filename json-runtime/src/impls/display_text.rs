//! `Display` output collected on the stack (a [`StackText`]), for types whose `Serialize`
//! impls go through `collect_str` or a formatted string (semver's,
//! rust_decimal's). Short texts, the usual case, cost no allocation; a
//! longer one moves to a `String`.

use std::fmt::{self, Display, Write as _};

use super::stack_text::StackText;

/// Room for the texts these types usually write: a semver version with a
/// pre-release and build tag, or a `Decimal`'s 29 digits, point and sign.
const INLINE: usize = 64;

struct DisplayText {
    inline: StackText<INLINE>,
    spilled: Option<String>,
}

impl DisplayText {
    fn as_str(&self) -> &str {
        match &self.spilled {
            Some(text) => text,
            // Only whole `&str`s are copied in, so the bytes are UTF-8; the
            // check is a scan of a few dozen bytes.
            None => std::str::from_utf8(self.inline.as_bytes())
                .expect("only whole `str`s are copied in"),
        }
    }
}

impl fmt::Write for DisplayText {
    #[inline]
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if let Some(text) = &mut self.spilled {
            text.push_str(piece);
            return Ok(());
        }
        if !self.inline.try_push_str(piece) {
            self.spill(piece);
        }
        Ok(())
    }
}

impl DisplayText {
    #[cold]
    #[inline(never)]
    fn spill(&mut self, piece: &str) {
        let mut text = String::with_capacity(2 * (self.inline.as_bytes().len() + piece.len()));
        text.push_str(self.as_str());
        text.push_str(piece);
        self.spilled = Some(text);
    }
}

/// Formats `value` with `{}` and hands the text to `use_text`.
#[inline]
pub(crate) fn with_display_text<R>(value: &dyn Display, use_text: impl FnOnce(&str) -> R) -> R {
    let mut text = DisplayText {
        inline: StackText::new(),
        spilled: None,
    };
    // Writing into memory cannot fail, and the `Display` impls of the
    // types using this (semver's, rust_decimal's) never return an error.
    let _ = write!(text, "{value}");
    use_text(text.as_str())
}

#[cfg(test)]
mod tests {
    use std::fmt;

    use super::{with_display_text, INLINE};

    /// Writes `text` in pieces of `piece` bytes (at char boundaries), as
    /// `Display` impls made of several `write_str` calls do.
    struct Pieces<'a> {
        text: &'a str,
        piece: usize,
    }

    impl fmt::Display for Pieces<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let mut rest = self.text;
            while !rest.is_empty() {
                let mut end = self.piece.min(rest.len());
                while !rest.is_char_boundary(end) {
                    end += 1;
                }
                f.write_str(&rest[..end])?;
                rest = &rest[end..];
            }
            Ok(())
        }
    }

    #[test]
    fn inline_and_spilled_texts_are_kept_whole() {
        let long: String = "0123456789abcdé🎉".repeat(20);
        for len in [0, 1, INLINE - 1, INLINE, INLINE + 1, 2 * INLINE, long.len()] {
            let mut end = len.min(long.len());
            while !long.is_char_boundary(end) {
                end -= 1;
            }
            let text = &long[..end];
            for piece in [1, 3, INLINE - 1, INLINE, INLINE + 1, usize::MAX] {
                let written = with_display_text(&Pieces { text, piece }, str::to_owned);
                assert_eq!(written, text, "length {len}, pieces of {piece}");
            }
        }
    }
}
