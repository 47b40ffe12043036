//! Output options beyond the layout: how strings are escaped.

use std::io;

use crate::writer::{Compact, Format, JsonWriter, Pretty, Setup};
use crate::{expect_encoded, into_string, ToJson, DEFAULT_INDENT, INITIAL_CAPACITY};

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
/// [`JsonWriter::write_str`]: string values, `char`s, map keys, and
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
/// let json = Options::new().escape(Escape::Ascii).to_string(&note);
/// assert_eq!(json, r#"{"café":"caf\u00e9"}"#);
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
    /// let json = Options::new().escape(Escape::Ascii).to_string("é😀<");
    /// assert_eq!(json, r#""\u00e9\ud83d\ude00<""#);
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
    /// let json = Options::new().escape(Escape::HtmlSafe).to_string("</script>&'é");
    /// assert_eq!(json, r#""\u003c/script\u003e\u0026\u0027é""#);
    /// ```
    HtmlSafe,
}

/// Output options: layout (compact or pretty, and the indent) and string
/// [`Escape`] mode.
///
/// `Options::new()` gives exactly [`to_vec`](crate::to_vec)'s output;
/// [`pretty`](Self::pretty) exactly [`to_vec_pretty`](crate::to_vec_pretty)'s.
///
/// ```
/// use json_runtime::{Escape, Options};
///
/// let v = vec!["<b>"];
/// assert_eq!(Options::new().to_string(&v), r#"["<b>"]"#);
/// assert_eq!(
///     Options::new().escape(Escape::HtmlSafe).pretty().to_string(&v),
///     "[\n  \"\\u003cb\\u003e\"\n]",
/// );
///
/// let mut out = Vec::new();
/// Options::new().escape(Escape::Ascii).indent(b"\t").to_writer(&mut out, &["ü"])?;
/// assert_eq!(out, b"[\n\t\"\\u00fc\"\n]");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    escape: Escape,
    /// `None` for compact output, else pretty with this indent.
    indent: Option<&'a [u8]>,
    /// `sort_keys` and `inline_arrays`.
    setup: Setup,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options::new()
    }
}

impl<'a> Options<'a> {
    /// Compact output with [`Escape::Default`].
    pub fn new() -> Self {
        Options {
            escape: Escape::Default,
            indent: None,
            setup: Setup::default(),
        }
    }

    /// Escapes strings as `escape` says.
    pub fn escape(mut self, escape: Escape) -> Self {
        self.escape = escape;
        self
    }

    /// Pretty output, indented by two spaces as serde_json's.
    pub fn pretty(self) -> Self {
        self.indent(DEFAULT_INDENT)
    }

    /// Pretty output, each level indented by `indent`, which should be
    /// JSON whitespace for the output to stay valid JSON (as
    /// [`PrettyFormatter::with_indent`](crate::PrettyFormatter::with_indent)).
    pub fn indent(mut self, indent: &'a [u8]) -> Self {
        self.indent = Some(indent);
        self
    }

    /// With `true`, writes the entries of every `HashMap` and
    /// `serde_json::Map`, and the elements of every `HashSet`, in sorted
    /// order, so that the output no longer depends on the hash seed: for
    /// snapshot tests, diffs and caches.
    ///
    /// - Map entries are ordered by key as a `BTreeMap` would order them:
    ///   string keys by their text, code point by code point (`str`'s
    ///   order; `"B"` before `"a"`, `"10"` before `"9"`), and integer keys
    ///   by value (`9` before `10`; see [`ToJsonKey::SORTS_AS_INTEGER`](crate::ToJsonKey::SORTS_AS_INTEGER)).
    ///   So a sorted `HashMap<String, _>` or `HashMap<u32, _>` writes the
    ///   very bytes of the `BTreeMap` with the same entries.
    /// - Set elements are ordered by their JSON: numbers by value, strings
    ///   by their text, as a `BTreeSet` of them would be; anything else
    ///   (structs, arrays) by its compact JSON bytes, so compact and pretty
    ///   output agree.
    /// - Derived structs keep their fields in declared order, and
    ///   `BTreeMap`s, `BTreeSet`s, `Vec`s and other ordered collections
    ///   keep their own order. For RFC 8785's order, where struct fields
    ///   are sorted too, see [`to_vec_canonical`](crate::to_vec_canonical).
    ///
    /// Sorting encodes each map as usual, then moves its entries into
    /// order in place; it allocates nothing per entry. When streaming with
    /// [`to_writer`](Self::to_writer), a sorted map is held in memory
    /// whole until it is complete (its encoded size, plus as much again
    /// while its entries are moved).
    ///
    /// ```
    /// use std::collections::{HashMap, HashSet};
    ///
    /// use json_runtime::Options;
    ///
    /// let scores = HashMap::from([("carol", 3), ("alice", 1), ("bob", 2)]);
    /// assert_eq!(
    ///     Options::new().sort_keys(true).to_string(&scores),
    ///     r#"{"alice":1,"bob":2,"carol":3}"#,
    /// );
    ///
    /// let ids = HashMap::from([(10, "ten"), (9, "nine")]);
    /// let ports = HashSet::from([8080, 443, 80]);
    /// assert_eq!(
    ///     Options::new().sort_keys(true).to_string(&(ids, ports)),
    ///     r#"[{"9":"nine","10":"ten"},[80,443,8080]]"#,
    /// );
    /// ```
    pub fn sort_keys(mut self, sort: bool) -> Self {
        self.setup.sort_keys = sort;
        self
    }

    /// In pretty output, keeps each array of scalars on one line when it
    /// fits in `max_width` characters, as
    /// [`PrettyFormatter::inline_arrays`](crate::PrettyFormatter::inline_arrays)
    /// does. Compact output is on one line anyway and is not affected.
    ///
    /// ```
    /// use json_runtime::Options;
    ///
    /// let grid = vec![vec![1, 2, 3], vec![4, 5, 6]];
    /// assert_eq!(
    ///     Options::new().pretty().inline_arrays(80).to_string(&grid),
    ///     "[\n  [1, 2, 3],\n  [4, 5, 6]\n]",
    /// );
    /// ```
    pub fn inline_arrays(mut self, max_width: usize) -> Self {
        self.setup.inline_arrays = Some(max_width);
        self
    }

    /// Encodes `value` as JSON.
    ///
    /// # Panics
    ///
    /// As [`to_vec`](crate::to_vec), if a value written through serde
    /// reports an error.
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Vec<u8> {
        match self.indent {
            None => self.encode_vec::<Compact, T>(value, DEFAULT_INDENT),
            Some(indent) => self.encode_vec::<Pretty, T>(value, indent),
        }
    }

    /// Encodes `value` as JSON text. A non-UTF-8 indent is replaced
    /// lossily, as in [`PrettyFormatter::to_string`](crate::PrettyFormatter::to_string).
    ///
    /// # Panics
    ///
    /// As [`to_vec`](Self::to_vec).
    pub fn to_string<T: ToJson + ?Sized>(&self, value: &T) -> String {
        let bytes = self.to_vec(value);
        if std::str::from_utf8(self.indent.unwrap_or(b"")).is_ok() {
            into_string(bytes)
        } else {
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }

    /// Streams `value` as JSON into `writer`. Errors behave as in
    /// [`to_writer`](crate::to_writer).
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        mut writer: W,
        value: &T,
    ) -> io::Result<()> {
        match self.indent {
            None => self.encode_io::<Compact, T>(&mut writer, value, DEFAULT_INDENT),
            Some(indent) => self.encode_io::<Pretty, T>(&mut writer, value, indent),
        }
    }

    fn encode_vec<F: Format, T: ToJson + ?Sized>(&self, value: &T, indent: &[u8]) -> Vec<u8> {
        let mut w = JsonWriter::<F>::to_memory(Vec::with_capacity(INITIAL_CAPACITY), indent);
        w.set_escape(self.escape);
        w.apply_setup(self.setup);
        value.write_json(&mut w);
        expect_encoded(w.into_result())
    }

    fn encode_io<F: Format, T: ToJson + ?Sized>(
        &self,
        out: &mut dyn io::Write,
        value: &T,
        indent: &[u8],
    ) -> io::Result<()> {
        let mut w = JsonWriter::<F>::to_io(out, indent);
        w.set_escape(self.escape);
        w.apply_setup(self.setup);
        value.write_json(&mut w);
        w.finish_io()
    }
}
