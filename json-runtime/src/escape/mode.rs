//! The escape modes a writer can be set to.

/// How strings are escaped.
///
/// Every mode escapes `"`, `\` and control characters exactly as
/// serde_json does (`\"`, `\\`, `\b \f \n \r \t`, otherwise `\u00xx`), and
/// every `\uXXXX` escape is written with lowercase hex digits, as
/// serde_json writes its own.
///
/// # What is escaped
///
/// The modes apply to every string written through
/// [`JsonWriter::write_str`](crate::JsonWriter::write_str): string values, `char`s, map keys, and
/// `serde_json::Value` strings and object keys. Text that is fixed at
/// compile time is written as declared, with [`Escape::Default`]'s rules:
/// derived field names, variant names, `tag` and `content` names, and
/// [`RawJson`](crate::RawJson) contents. They are byte literals built by the
/// derive, chosen by the program's author and not by its input, so they
/// cannot carry an injected `</script>`; a field renamed to a non-ASCII
/// name stays non-ASCII under [`Escape::Ascii`] (rename it to ASCII if the
/// whole document must be).
///
/// ```
/// use json_runtime::{Escape, Options, ToJson};
///
/// #[derive(ToJson)]
/// struct Note {
///     #[json(rename = "café")]
///     cafe: String,
/// }
///
/// let note = Note { cafe: "café".into() };
/// let json = Options::new().escape(Escape::Ascii).to_string(&note)?;
/// assert_eq!(json, r#"{"café":"caf\u00e9"}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Escape {
    /// Exactly serde_json's escaping; non-ASCII text is written as UTF-8.
    /// This is what [`to_vec`](crate::to_vec) and the other plain entry
    /// points use, through the fast escaper.
    #[default]
    Default,
    /// Every non-ASCII character is written as `\uXXXX`, characters above
    /// U+FFFF as a UTF-16 surrogate pair (`😀` is `\ud83d\ude00`), so the
    /// strings are pure ASCII. ASCII is escaped as by [`Escape::Default`].
    ///
    /// ```
    /// use json_runtime::{Escape, Options};
    ///
    /// let json = Options::new().escape(Escape::Ascii).to_string("é😀<")?;
    /// assert_eq!(json, r#""\u00e9\ud83d\ude00<""#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    Ascii,
    /// As [`Escape::Default`], and also `<` `>` `&` `'` as `\u003c`
    /// `\u003e` `\u0026` `\u0027`, and U+2028 and U+2029 as `\u2028`
    /// `\u2029`, so a string can be embedded in an HTML `<script>` element
    /// or in a single- or double-quoted HTML attribute.
    ///
    /// `'` is escaped as System.Text.Json's default encoder escapes it, so
    /// single-quoted attributes are safe too. U+2028 and U+2029 are line
    /// terminators inside JavaScript string literals before ES2019, and are
    /// escaped as Go's `encoding/json` escapes them. Other non-ASCII text
    /// is written as UTF-8.
    ///
    /// ```
    /// use json_runtime::{Escape, Options};
    ///
    /// let json = Options::new().escape(Escape::HtmlSafe).to_string("</script>&'é")?;
    /// assert_eq!(json, r#""\u003c/script\u003e\u0026\u0027é""#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    HtmlSafe,
}
