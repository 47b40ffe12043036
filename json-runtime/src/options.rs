//! Output options beyond the layout: how strings are escaped.

use std::io;
use std::path::Path;

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

/// Layout and escaping for one encoding, in the form the writers take: what
/// [`Options`] holds once compact or pretty is settled, which the caller
/// picks as the writer's `Format`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Style<'a> {
    /// Used only by the pretty layout.
    pub(crate) indent: &'a [u8],
    pub(crate) escape: Escape,
    /// `sort_keys` and `inline_arrays`.
    pub(crate) setup: Setup,
}

impl<'a> Style<'a> {
    /// serde_json's: two spaces when pretty, its escaping.
    pub(crate) const DEFAULT: Style<'static> = Style {
        indent: DEFAULT_INDENT,
        escape: Escape::Default,
        setup: Setup::NONE,
    };

    /// serde_json's escaping with this indent and these outputs.
    pub(crate) fn pretty(indent: &'a [u8], setup: Setup) -> Self {
        Style {
            indent,
            escape: Escape::Default,
            setup,
        }
    }

    /// A writer into memory, appending to `buf`.
    pub(crate) fn memory_writer<F: Format>(self, buf: Vec<u8>) -> JsonWriter<'a, F> {
        let mut w = JsonWriter::to_memory(buf, self.indent);
        w.set_escape(self.escape);
        w.apply_setup(self.setup);
        w
    }

    /// A writer that streams into `out` through a bounded buffer.
    pub(crate) fn io_writer<'w, F: Format>(self, out: &'w mut dyn io::Write) -> JsonWriter<'w, F>
    where
        'a: 'w,
    {
        let mut w = JsonWriter::to_io(out, self.indent);
        w.set_escape(self.escape);
        w.apply_setup(self.setup);
        w
    }
}

/// Output options: layout (compact or pretty, and the indent) and string
/// [`Escape`] mode, for every entry point.
///
/// `Options::new()` gives exactly [`to_vec`](crate::to_vec)'s output;
/// [`pretty`](Self::pretty) exactly [`to_vec_pretty`](crate::to_vec_pretty)'s.
/// Each method behaves as the free function of the same name (memory,
/// errors, atomic file replacement), with these options.
///
/// | options method | as |
/// |---|---|
/// | [`to_vec`](Self::to_vec), [`to_string`](Self::to_string) | [`to_vec`](crate::to_vec), [`to_string`](crate::to_string) |
/// | [`to_writer`](Self::to_writer) | [`to_writer`](crate::to_writer) |
/// | [`to_writer_array`](Self::to_writer_array) | [`to_writer_array`](crate::to_writer_array) |
/// | [`to_writer_lines`](Self::to_writer_lines) | [`to_writer_lines`](crate::to_writer_lines) (always compact) |
/// | [`write_file`](Self::write_file) | [`write_file`](crate::write_file) |
/// | `to_async_writer`, `to_async_writer_array`, `to_async_writer_lines` (feature `tokio`) | the functions of the same names |
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
///
/// out.clear();
/// Options::new().escape(Escape::Ascii).to_writer_lines(&mut out, ["é", "ß"])?;
/// assert_eq!(out, b"\"\\u00e9\"\n\"\\u00df\"\n");
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
            setup: Setup::NONE,
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

    /// The writers' form of these options, and whether they are pretty.
    pub(crate) fn style(&self) -> (Style<'a>, bool) {
        let style = Style {
            indent: self.indent.unwrap_or(DEFAULT_INDENT),
            escape: self.escape,
            setup: self.setup,
        };
        (style, self.indent.is_some())
    }

    /// Encodes `value` as JSON.
    ///
    /// # Panics
    ///
    /// As [`to_vec`](crate::to_vec), if a value written through serde
    /// reports an error.
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Vec<u8> {
        match self.style() {
            (style, false) => encode_vec::<Compact, T>(style, value),
            (style, true) => encode_vec::<Pretty, T>(style, value),
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

    /// Streams `value` as JSON into `writer`. Memory and errors behave as in
    /// [`to_writer`](crate::to_writer).
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        mut writer: W,
        value: &T,
    ) -> io::Result<()> {
        match self.style() {
            (style, false) => encode_io::<Compact, T>(style, &mut writer, value),
            (style, true) => encode_io::<Pretty, T>(style, &mut writer, value),
        }
    }

    /// Streams the items of any iterator as one JSON array into `writer`,
    /// as [`to_writer_array`](crate::to_writer_array) does.
    ///
    /// ```
    /// use json_runtime::{Escape, Options};
    ///
    /// let mut out = Vec::new();
    /// Options::new().escape(Escape::HtmlSafe).to_writer_array(&mut out, ["<a>", "&"])?;
    /// assert_eq!(out, br#"["\u003ca\u003e","\u0026"]"#);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn to_writer_array<W, I>(&self, writer: W, items: I) -> io::Result<()>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        match self.style() {
            (style, false) => crate::stream::array_to_writer::<Compact, W, I>(writer, items, style),
            (style, true) => crate::stream::array_to_writer::<Pretty, W, I>(writer, items, style),
        }
    }

    /// Streams the items of any iterator as JSON Lines into `writer`, as
    /// [`to_writer_lines`](crate::to_writer_lines) does. Each line is
    /// compact whatever the layout chosen: JSON Lines has one value a line.
    pub fn to_writer_lines<W, I>(&self, writer: W, items: I) -> io::Result<()>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        crate::stream::lines_to_writer(writer, items, self.style().0)
    }

    /// Writes `value` to the file at `path`, replacing it safely as
    /// [`write_file`](crate::write_file) does.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-options-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir)?;
    /// use json_runtime::{Escape, Options};
    ///
    /// let path = dir.join("names.json");
    /// Options::new().escape(Escape::Ascii).pretty().write_file(&path, &["Zoë"])?;
    /// assert_eq!(std::fs::read(&path)?, b"[\n  \"Zo\\u00eb\"\n]");
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn write_file<P: AsRef<Path>, T: ToJson + ?Sized>(
        &self,
        path: P,
        value: &T,
    ) -> io::Result<()> {
        crate::write_file_with(path, |file| self.to_writer(file, value))
    }
}

fn encode_vec<F: Format, T: ToJson + ?Sized>(style: Style<'_>, value: &T) -> Vec<u8> {
    let mut w = style.memory_writer::<F>(Vec::with_capacity(INITIAL_CAPACITY));
    value.write_json(&mut w);
    expect_encoded(w.into_result())
}

fn encode_io<F: Format, T: ToJson + ?Sized>(
    style: Style<'_>,
    out: &mut dyn io::Write,
    value: &T,
) -> io::Result<()> {
    let mut w = style.io_writer::<F>(out);
    value.write_json(&mut w);
    w.finish_io()
}
