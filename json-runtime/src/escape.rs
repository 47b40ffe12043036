//! String escaping, byte for byte as serde_json's `format_escaped_str`.
//!
//! `"` and `\` are backslash-escaped, `\b \f \n \r \t` use their short
//! forms, every other byte below 0x20 becomes `\u00xx` in lowercase hex.
//! Everything else, `/`, DEL and all non-ASCII included, is copied as it is.

/// Per byte: 0 when it is copied as is, otherwise the byte that follows
/// the backslash (`u` meaning the six-byte `\u00xx` form).
static ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        table[i] = b'u';
        i += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0A] = b'n';
    table[0x0C] = b'f';
    table[0x0D] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` to `out` as a quoted JSON string.
#[inline]
pub(crate) fn write_quoted(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    write_escaped(out, s.as_bytes());
    out.push(b'"');
}

/// Appends the escaped contents of a string, without quotes.
#[inline]
pub(crate) fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        let escape = ESCAPE[byte as usize];
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        write_escape(out, escape, byte);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

#[cold]
fn write_escape(out: &mut Vec<u8>, escape: u8, byte: u8) {
    if escape == b'u' {
        out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[(byte >> 4) as usize],
            HEX[(byte & 0xF) as usize],
        ]);
    } else {
        out.extend_from_slice(&[b'\\', escape]);
    }
}
