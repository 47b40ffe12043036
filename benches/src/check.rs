//! Byte-for-byte comparison with a readable report of the first difference.

use std::fmt;

/// Where two outputs first differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Offset of the first differing byte (or the shorter length).
    pub offset: usize,
    /// Length of the expected output.
    pub expected_len: usize,
    /// Length of the actual output.
    pub actual_len: usize,
    /// Expected bytes around `offset`, escaped.
    pub expected_context: String,
    /// Actual bytes around `offset`, escaped.
    pub actual_context: String,
    /// A few expected bytes from `offset` on, for a one-line summary.
    pub expected_near: String,
    /// A few actual bytes from `offset` on.
    pub actual_near: String,
}

const CONTEXT: usize = 60;
const NEAR: usize = 12;

fn context(bytes: &[u8], offset: usize) -> String {
    let start = offset.saturating_sub(CONTEXT);
    let end = (offset + CONTEXT).min(bytes.len());
    let before = String::from_utf8_lossy(&bytes[start..offset.min(bytes.len())]);
    let after = String::from_utf8_lossy(&bytes[offset.min(bytes.len())..end]);
    format!(
        "{}{}⟦HERE⟧{}{}",
        if start > 0 { "…" } else { "" },
        before.escape_debug(),
        after.escape_debug(),
        if end < bytes.len() { "…" } else { "" },
    )
}

/// The bytes from a few before `offset` to a few after, with control
/// characters escaped; both ends move to character boundaries so that no
/// character is cut in two.
fn near(bytes: &[u8], offset: usize) -> String {
    let mut start = offset.saturating_sub(4).min(bytes.len());
    while start > 0 && bytes[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    let mut end = (offset + NEAR).min(bytes.len());
    while end < bytes.len() && bytes[end] & 0xC0 == 0x80 {
        end += 1;
    }
    let text: String = String::from_utf8_lossy(&bytes[start..end])
        .chars()
        .map(|c| match c {
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        })
        .collect();
    format!(
        "{}{text}{}",
        if start > 0 { "…" } else { "" },
        if end < bytes.len() { "…" } else { "" },
    )
}

/// `None` when the slices are equal, else where they first differ.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<Difference> {
    if expected == actual {
        return None;
    }
    let offset = expected
        .iter()
        .zip(actual)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(actual.len()));
    Some(Difference {
        offset,
        expected_len: expected.len(),
        actual_len: actual.len(),
        expected_context: context(expected, offset),
        actual_context: context(actual, offset),
        expected_near: near(expected, offset),
        actual_near: near(actual, offset),
    })
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first difference at byte {} (expected {} bytes, got {})\n  expected: {}\n  actual:   {}",
            self.offset, self.expected_len, self.actual_len, self.expected_context, self.actual_context
        )
    }
}

/// Panics, showing the first difference, unless `actual == expected`.
#[track_caller]
pub fn assert_same_bytes(what: &str, expected: &[u8], actual: &[u8]) {
    if let Some(d) = first_difference(expected, actual) {
        panic!("{what}: output differs from serde_json: {d}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_offset() {
        assert_eq!(first_difference(b"abc", b"abc"), None);
        assert_eq!(first_difference(b"abc", b"abd").unwrap().offset, 2);
        assert_eq!(first_difference(b"abc", b"ab").unwrap().offset, 2);
        let d = first_difference(b"[1.0]", b"[1]").unwrap();
        assert!(d.to_string().contains("⟦HERE⟧"), "{d}");
        assert_eq!(
            (d.expected_near.as_str(), d.actual_near.as_str()),
            ("[1.0]", "[1]")
        );
        // Backs up out of the middle of "é", and shows the control character.
        let d = first_difference("\"é€\u{1}\"".as_bytes(), "\"é€\\u0001\"".as_bytes()).unwrap();
        assert_eq!(d.expected_near, "…é€\\u{1}\"", "{d}");
        assert_eq!(d.actual_near, "…é€\\u0001\"", "{d}");
    }
}
