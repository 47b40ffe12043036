//! The escapers for the non-default [`Escape`] modes.
//!
//! These run only when a mode other than [`Escape::Default`] was chosen, so
//! they favour plain code over speed: a byte loop that copies clean runs
//! whole and escapes one character at a time. The default path in
//! `serde_json_rules.rs` is untouched.

use super::mode::Escape;
use crate::buf::Buf;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` to `out` as a quoted JSON string escaped as `mode` says.
/// `mode` is not [`Escape::Default`], which has its own fast path.
#[inline(never)]
pub(crate) fn write_quoted_ext(out: &mut Buf<'_>, s: &str, mode: Escape) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    write_unquoted_ext(out, s, mode);
    out.push(b'"');
}

/// Appends `s` to `out` escaped as `mode` says, without quotes.
pub(crate) fn write_unquoted_ext(out: &mut Buf<'_>, s: &str, mode: Escape) {
    let html = mode == Escape::HtmlSafe;
    let ascii = mode == Escape::Ascii;
    let bytes = s.as_bytes();
    // Start of the clean run not yet copied.
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            let special = b < 0x20
                || b == b'"'
                || b == b'\\'
                || (html && matches!(b, b'<' | b'>' | b'&' | b'\''));
            if special {
                out.extend_from_slice(&bytes[run..i]);
                write_ascii_escape(out, b);
                run = i + 1;
            }
            i += 1;
        } else {
            // `i` is at a char boundary: runs advance by whole chars.
            let c = s[i..].chars().next().unwrap_or_default();
            let len = c.len_utf8();
            if ascii || (html && matches!(c, '\u{2028}' | '\u{2029}')) {
                out.extend_from_slice(&bytes[run..i]);
                let mut units = [0u16; 2];
                for &unit in c.encode_utf16(&mut units).iter() {
                    write_u(out, unit);
                }
                run = i + len;
            }
            i += len;
        }
    }
    out.extend_from_slice(&bytes[run..]);
}

/// Escapes one ASCII byte: serde_json's short forms where it has them,
/// `\u00xx` otherwise (controls, and `<>&'` in [`Escape::HtmlSafe`]).
fn write_ascii_escape(out: &mut Buf<'_>, b: u8) {
    let short = match b {
        b'"' => b'"',
        b'\\' => b'\\',
        0x08 => b'b',
        0x09 => b't',
        0x0A => b'n',
        0x0C => b'f',
        0x0D => b'r',
        _ => return write_u(out, u16::from(b)),
    };
    out.extend_from_slice(&[b'\\', short]);
}

/// Writes `\uXXXX` with lowercase hex digits.
fn write_u(out: &mut Buf<'_>, unit: u16) {
    out.extend_from_slice(&[
        b'\\',
        b'u',
        HEX[usize::from(unit >> 12)],
        HEX[usize::from(unit >> 8 & 0xF)],
        HEX[usize::from(unit >> 4 & 0xF)],
        HEX[usize::from(unit & 0xF)],
    ]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quoted(s: &str, mode: Escape) -> String {
        let mut out = Buf::in_memory(Vec::new());
        write_quoted_ext(&mut out, s, mode);
        String::from_utf8(out.into_bytes()).unwrap()
    }

    #[test]
    fn ascii_mode() {
        assert_eq!(quoted("", Escape::Ascii), r#""""#);
        assert_eq!(
            quoted("a\"\\\n\u{1}<", Escape::Ascii),
            r#""a\"\\\n\u0001<""#
        );
        assert_eq!(
            quoted("é中😀x", Escape::Ascii),
            r#""\u00e9\u4e2d\ud83d\ude00x""#
        );
        assert_eq!(quoted("\u{10ffff}", Escape::Ascii), r#""\udbff\udfff""#);
    }

    #[test]
    fn html_mode() {
        assert_eq!(
            quoted("</script>&'\"é\u{2028}\u{2029}", Escape::HtmlSafe),
            r#""\u003c/script\u003e\u0026\u0027\"é\u2028\u2029""#
        );
    }
}
