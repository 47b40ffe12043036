//! Byte literals built at compile time: each key with its quotes, its colon
//! and the `{` or `,` before it, escaped exactly as serde_json escapes.

use proc_macro2::Span;
use syn::LitStr;

/// `{"key":` for the first key of an object.
pub fn first_key(key: &str) -> LitStr {
    literal("{", key, ":")
}

/// `,"key":` for every later key.
pub fn next_key(key: &str) -> LitStr {
    literal(",", key, ":")
}

/// `"key"` alone, for keys whose position is only known at run time, and
/// for string values known at compile time (a tag's variant name).
pub fn quoted(key: &str) -> LitStr {
    literal("", key, "")
}

/// The literals one after the other, as one literal.
pub fn concat(parts: &[LitStr]) -> LitStr {
    let text: String = parts.iter().map(LitStr::value).collect();
    LitStr::new(&text, Span::call_site())
}

fn literal(before: &str, key: &str, after: &str) -> LitStr {
    let mut text = String::from(before);
    text.push('"');
    escape_into(&mut text, key);
    text.push('"');
    text.push_str(after);
    LitStr::new(&text, Span::call_site())
}

/// serde_json's escaping: `"`, `\` and the short forms `\b \f \n \r \t`,
/// `\u00xx` in lowercase hex for the other control bytes, all else raw.
fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0'..='\u{1f}' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let byte = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 0xF)]));
            }
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_escaped_like_serde_json() {
        assert_eq!(first_key("Name").value(), "{\"Name\":");
        assert_eq!(next_key("a\"b").value(), ",\"a\\\"b\":");
        assert_eq!(quoted("\u{1}\n\\/é").value(), "\"\\u0001\\n\\\\/é\"");
    }
}
