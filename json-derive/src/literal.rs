//! Byte literals built at compile time: each key with its quotes, its colon
//! and the `{` or `,` before it, escaped exactly as serde_json escapes.

use proc_macro2::Span;
use syn::LitByteStr;

/// `{"key":` for the first key of an object.
pub fn first_key(key: &str) -> LitByteStr {
    literal(b"{", key, b":")
}

/// `,"key":` for every later key.
pub fn next_key(key: &str) -> LitByteStr {
    literal(b",", key, b":")
}

/// `"key"` alone, for keys whose position is only known at run time, and
/// for string values known at compile time (a tag's variant name).
pub fn quoted(key: &str) -> LitByteStr {
    literal(b"", key, b"")
}

/// The literals one after the other, as one literal.
pub fn concat(parts: &[LitByteStr]) -> LitByteStr {
    let bytes: Vec<u8> = parts.iter().flat_map(|part| part.value()).collect();
    LitByteStr::new(&bytes, Span::call_site())
}

fn literal(before: &[u8], key: &str, after: &[u8]) -> LitByteStr {
    let mut bytes = before.to_vec();
    bytes.push(b'"');
    escape_into(&mut bytes, key);
    bytes.push(b'"');
    bytes.extend_from_slice(after);
    LitByteStr::new(&bytes, Span::call_site())
}

/// serde_json's escaping: `"`, `\` and the short forms `\b \f \n \r \t`,
/// `\u00xx` in lowercase hex for the other control bytes, all else raw.
fn escape_into(out: &mut Vec<u8>, s: &str) {
    for &byte in s.as_bytes() {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x00..=0x1F => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(byte >> 4) as usize]);
                out.push(HEX[(byte & 0xF) as usize]);
            }
            _ => out.push(byte),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_escaped_like_serde_json() {
        assert_eq!(first_key("Name").value(), b"{\"Name\":");
        assert_eq!(next_key("a\"b").value(), b",\"a\\\"b\":");
        assert_eq!(
            quoted("\u{1}\n\\/é").value(),
            "\"\\u0001\\n\\\\/é\"".as_bytes()
        );
    }
}
