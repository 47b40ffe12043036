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
}

const CONTEXT: usize = 60;

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
    }
}
