//! [`RawJson`]: JSON text written into the output as it is, like
//! serde_json's `RawValue`, checked once when it is made.

use crate::writer::{ValueWriter, Written};
use std::fmt;
use std::str::FromStr;

use crate::{Format, ToJson};

/// A piece of JSON text, checked to be one valid JSON value, that is
/// written into the output as it is, like serde_json's `RawValue`.
///
/// Like `RawValue` it is unsized: hold it as `Box<RawJson>` (owned, from
/// [`RawJson::from_string`] or [`to_raw_json`](crate::to_raw_json)) or `&RawJson` (borrowed,
/// from [`RawJson::new`]). Whitespace before and after the value is
/// dropped, as serde_json's `RawValue::from_string` drops it; whitespace
/// inside is kept, so the text appears verbatim in compact and pretty
/// output alike.
///
/// ```
/// use json_runtime::{RawJson, ToJson};
///
/// #[derive(ToJson)]
/// struct Envelope<'a> {
///     id: u32,
///     payload: &'a RawJson,
/// }
///
/// let payload = RawJson::new(r#" {"cached": [1, 2]} "#)?;
/// let e = Envelope { id: 7, payload };
/// assert_eq!(json_runtime::to_string(&e)?, r#"{"id":7,"payload":{"cached": [1, 2]}}"#);
///
/// assert!(RawJson::new("{oops}").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[repr(transparent)]
pub struct RawJson {
    json: str,
}

impl RawJson {
    /// Checks that `json` is one JSON value (RFC 8259), with optional
    /// whitespace around it, and borrows it without that whitespace.
    pub fn new(json: &str) -> Result<&RawJson, RawJsonError> {
        let (start, end) = validate(json.as_bytes())?;
        Ok(Self::from_str_unchecked(&json[start..end]))
    }

    /// Checks that `json` is one JSON value, with optional whitespace
    /// around it, and takes it without that whitespace. Reuses the string's
    /// allocation when there is no whitespace to drop.
    pub fn from_string(json: String) -> Result<Box<RawJson>, RawJsonError> {
        let (start, end) = validate(json.as_bytes())?;
        if start == 0 && end == json.len() {
            Ok(Self::from_boxed_unchecked(json.into_boxed_str()))
        } else {
            Ok(Self::from_boxed_unchecked(json[start..end].into()))
        }
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.json
    }

    fn from_str_unchecked(json: &str) -> &RawJson {
        // SAFETY: `RawJson` is `repr(transparent)` over `str`, so the two
        // references have the same layout and metadata.
        unsafe { &*(std::ptr::from_ref(json) as *const RawJson) }
    }

    /// Text the encoder wrote, which is valid JSON by construction.
    pub(crate) fn from_boxed_unchecked(json: Box<str>) -> Box<RawJson> {
        // SAFETY: as in `from_str_unchecked`; the allocation is handed over
        // unchanged.
        unsafe { Box::from_raw(Box::into_raw(json) as *mut RawJson) }
    }
}

/// Written as it is; in canonical output
/// ([`Options::canonical`](crate::Options::canonical)), rewritten in canonical
/// form (sorted objects, no whitespace, canonical strings and numbers).
impl ToJson for RawJson {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_raw_json(&self.json);
        Written(())
    }
}

impl ToOwned for RawJson {
    type Owned = Box<RawJson>;

    fn to_owned(&self) -> Box<RawJson> {
        Self::from_boxed_unchecked(self.json.into())
    }
}

impl Clone for Box<RawJson> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

/// `null`, as serde_json's `Box<RawValue>` defaults.
impl Default for Box<RawJson> {
    fn default() -> Self {
        RawJson::from_boxed_unchecked("null".into())
    }
}

impl FromStr for Box<RawJson> {
    type Err = RawJsonError;

    fn from_str(json: &str) -> Result<Self, RawJsonError> {
        RawJson::new(json).map(ToOwned::to_owned)
    }
}

impl AsRef<str> for RawJson {
    fn as_ref(&self) -> &str {
        &self.json
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJson")
            .field(&format_args!("{}", &self.json))
            .finish()
    }
}

/// The JSON text as it is.
impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.json)
    }
}

/// Why a text given to [`RawJson`] is not one JSON value, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawJsonError {
    reason: &'static str,
    offset: usize,
    line: usize,
    column: usize,
}

impl RawJsonError {
    fn at(input: &[u8], offset: usize, reason: &'static str) -> Self {
        let before = &input[..offset.min(input.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        RawJsonError {
            reason,
            offset,
            line,
            column: offset - line_start + 1,
        }
    }

    /// The byte offset of the error in the text.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The line of the error, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the error in bytes, from 1.
    pub fn column(&self) -> usize {
        self.column
    }
}

impl fmt::Display for RawJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid JSON: {} at line {} column {}",
            self.reason, self.line, self.column
        )
    }
}

impl std::error::Error for RawJsonError {}

fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

/// Checks that `input` is one JSON value, with optional whitespace around
/// it, by RFC 8259's grammar, and returns where the value starts and ends.
///
/// It accepts exactly what serde_json accepts as a `RawValue`: any `\uXXXX`
/// escape, even an unpaired surrogate, any nesting depth (the check does
/// not recurse) and numbers of any size.
fn validate(input: &[u8]) -> Result<(usize, usize), RawJsonError> {
    let mut v = Validator { input, pos: 0 };
    v.skip_whitespace();
    let start = v.pos;
    v.value()?;
    let end = v.pos;
    v.skip_whitespace();
    if v.pos < input.len() {
        return Err(v.error("trailing characters"));
    }
    Ok((start, end))
}

struct Validator<'a> {
    input: &'a [u8],
    pos: usize,
}

impl Validator<'_> {
    fn error(&self, reason: &'static str) -> RawJsonError {
        RawJsonError::at(self.input, self.pos, reason)
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(is_whitespace) {
            self.pos += 1;
        }
    }

    /// One value, arrays and objects included. Open containers are kept on
    /// a stack of bytes (`[` or `{`) instead of the call stack, so nesting
    /// depth is bounded only by memory.
    fn value(&mut self) -> Result<(), RawJsonError> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            // A value starts here.
            self.skip_whitespace();
            match self.peek() {
                Some(b'{') => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                    } else {
                        open.push(b'{');
                        self.key()?;
                        continue;
                    }
                }
                Some(b'[') => {
                    self.pos += 1;
                    self.skip_whitespace();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                    } else {
                        open.push(b'[');
                        continue;
                    }
                }
                Some(b'"') => self.string()?,
                Some(b't') => self.literal(b"true")?,
                Some(b'f') => self.literal(b"false")?,
                Some(b'n') => self.literal(b"null")?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(_) => return Err(self.error("expected a value")),
                None => return Err(self.error("end of input where a value was expected")),
            }
            // A value ended: close containers until one continues.
            loop {
                let Some(&container) = open.last() else {
                    return Ok(());
                };
                self.skip_whitespace();
                match (container, self.peek()) {
                    (_, Some(b',')) => {
                        self.pos += 1;
                        if container == b'{' {
                            self.skip_whitespace();
                            self.key()?;
                        }
                        break;
                    }
                    (b'[', Some(b']')) | (b'{', Some(b'}')) => {
                        self.pos += 1;
                        open.pop();
                    }
                    (b'[', Some(_)) => return Err(self.error("expected `,` or `]`")),
                    (_, Some(_)) => return Err(self.error("expected `,` or `}`")),
                    (_, None) => return Err(self.error("end of input inside an array or object")),
                }
            }
        }
    }

    /// An object key and its colon.
    fn key(&mut self) -> Result<(), RawJsonError> {
        if self.peek() != Some(b'"') {
            return Err(self.error("expected a string key"));
        }
        self.string()?;
        self.skip_whitespace();
        if self.peek() != Some(b':') {
            return Err(self.error("expected `:`"));
        }
        self.pos += 1;
        Ok(())
    }

    fn literal(&mut self, word: &[u8]) -> Result<(), RawJsonError> {
        if self.input[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.error("expected a value"))
        }
    }

    /// A string from its opening quote. The input is a `str`, so the bytes
    /// are valid UTF-8; only control characters and escapes need checks.
    fn string(&mut self) -> Result<(), RawJsonError> {
        self.pos += 1;
        loop {
            let Some(byte) = self.peek() else {
                return Err(self.error("end of input inside a string"));
            };
            match byte {
                b'"' => {
                    self.pos += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.pos += 1;
                        }
                        Some(b'u') => {
                            self.pos += 1;
                            for _ in 0..4 {
                                if !self.peek().is_some_and(|b| b.is_ascii_hexdigit()) {
                                    return Err(self.error("invalid `\\u` escape"));
                                }
                                self.pos += 1;
                            }
                        }
                        _ => return Err(self.error("invalid escape")),
                    }
                }
                0x00..=0x1F => return Err(self.error("control character inside a string")),
                _ => self.pos += 1,
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    fn number(&mut self) -> Result<(), RawJsonError> {
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error("invalid number")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("invalid number"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
                return Err(self.error("invalid number"));
            }
            self.digits();
        }
        Ok(())
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_values_and_trims_whitespace() {
        for (input, kept) in [
            ("0", "0"),
            (" -0.5e+3 ", "-0.5e+3"),
            (
                "\t[1, {\"a\": [true, false, null]}]\n",
                "[1, {\"a\": [true, false, null]}]",
            ),
            ("\"\\ud800\\u00e9\\n\"", "\"\\ud800\\u00e9\\n\""),
            ("{}", "{}"),
            ("[ ]", "[ ]"),
        ] {
            assert_eq!(RawJson::new(input).unwrap().get(), kept, "{input:?}");
        }
    }

    #[test]
    fn rejects_invalid_text_with_a_position() {
        for input in [
            "",
            " ",
            "01",
            "1.",
            ".5",
            "+1",
            "-",
            "1e",
            "[1,]",
            "{\"a\"}",
            "{\"a\":}",
            "{a:1}",
            "[1 2]",
            "\"\t\"",
            "\"\\x\"",
            "\"\\u12\"",
            "tru",
            "nul",
            "[",
            "{",
            "\"",
            "1 2",
            "[1]]",
            "{\"a\":1,}",
        ] {
            assert!(RawJson::new(input).is_err(), "{input:?} was accepted");
        }
        let err = RawJson::new("[1,\n  x]").unwrap_err();
        assert_eq!((err.line(), err.column(), err.offset()), (2, 3, 6));
        assert_eq!(
            err.to_string(),
            "invalid JSON: expected a value at line 2 column 3"
        );
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        assert!(RawJson::new(&deep).is_ok());
    }
}
