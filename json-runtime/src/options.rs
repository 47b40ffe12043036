//! [`Options`]: the public form of the one configuration every entry
//! point takes.

use std::io;

use crate::encode::{self, into_text};
use crate::error::Error;
use crate::escape::Escape;
use crate::sequences::{array_to_writer, lines_to_writer};
use crate::to_json::ToJson;
use crate::writer::{Compact, Config, Pretty, DEFAULT_INDENT};

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
/// | [`to_fmt_writer`](Self::to_fmt_writer), [`display`](Self::display) | [`to_fmt_writer`](crate::to_fmt_writer), [`display`](crate::display) |
/// | [`to_writer_array`](Self::to_writer_array) | [`to_writer_array`](crate::to_writer_array) |
/// | [`to_writer_lines`](Self::to_writer_lines) | [`to_writer_lines`](crate::to_writer_lines) (always compact) |
/// | [`write_file`](Self::write_file) | [`write_file`](crate::write_file) |
/// | [`write_file_array`](Self::write_file_array) | [`write_file_array`](crate::write_file_array) |
/// | [`write_file_lines`](Self::write_file_lines) | [`write_file_lines`](crate::write_file_lines) (always compact) |
/// | `to_async_writer`, `to_async_writer_array`, `to_async_writer_lines` (feature `tokio`) | the functions of the same names |
///
/// ```
/// use json_runtime::{Escape, Options};
///
/// let v = vec!["<b>"];
/// assert_eq!(Options::new().to_string(&v)?, r#"["<b>"]"#);
/// assert_eq!(
///     Options::new().escape(Escape::HtmlSafe).pretty().to_string(&v)?,
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
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    config: Config<'a>,
    pretty: bool,
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
            config: Config::DEFAULT,
            pretty: false,
        }
    }

    /// Escapes strings as `escape` says.
    pub fn escape(mut self, escape: Escape) -> Self {
        self.config.escape = escape;
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
        self.config.indent = indent;
        self.pretty = true;
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
    ///     Options::new().sort_keys(true).to_string(&scores)?,
    ///     r#"{"alice":1,"bob":2,"carol":3}"#,
    /// );
    ///
    /// let ids = HashMap::from([(10, "ten"), (9, "nine")]);
    /// let ports = HashSet::from([8080, 443, 80]);
    /// assert_eq!(
    ///     Options::new().sort_keys(true).to_string(&(ids, ports))?,
    ///     r#"[{"9":"nine","10":"ten"},[80,443,8080]]"#,
    /// );
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn sort_keys(mut self, sort: bool) -> Self {
        self.config.sort_keys = sort;
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
    ///     Options::new().pretty().inline_arrays(80).to_string(&grid)?,
    ///     "[\n  [1, 2, 3],\n  [4, 5, 6]\n]",
    /// );
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn inline_arrays(mut self, max_width: usize) -> Self {
        self.config.inline_arrays = Some(max_width);
        self
    }

    /// The writers' form of these options.
    pub(crate) fn config(&self) -> &Config<'a> {
        &self.config
    }

    /// Whether the output is pretty (else compact).
    pub(crate) fn is_pretty(&self) -> bool {
        self.pretty
    }

    /// Encodes `value` as JSON. Errors as in [`to_vec`](crate::to_vec).
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        if self.pretty {
            encode::to_vec::<Pretty, T>(&self.config, value)
        } else {
            encode::to_vec::<Compact, T>(&self.config, value)
        }
    }

    /// Encodes `value` as JSON text. A non-UTF-8 indent is replaced
    /// lossily, as in [`PrettyFormatter::to_string`](crate::PrettyFormatter::to_string).
    /// Errors as in [`to_vec`](crate::to_vec).
    pub fn to_string<T: ToJson + ?Sized>(&self, value: &T) -> Result<String, Error> {
        self.to_vec(value)
            .map(|bytes| into_text(bytes, &self.config))
    }

    /// Streams `value` as JSON into `writer`. Memory and errors behave as in
    /// [`to_writer`](crate::to_writer).
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        if self.pretty {
            encode::to_writer::<Pretty, W, T>(&self.config, writer, value)
        } else {
            encode::to_writer::<Compact, W, T>(&self.config, writer, value)
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
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn to_writer_array<W, I>(&self, writer: W, items: I) -> Result<(), Error>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        if self.pretty {
            array_to_writer::<Pretty, W, I>(writer, items, &self.config)
        } else {
            array_to_writer::<Compact, W, I>(writer, items, &self.config)
        }
        .map_err(Error::from)
    }

    /// Streams the items of any iterator as JSON Lines into `writer`, as
    /// [`to_writer_lines`](crate::to_writer_lines) does. Each line is
    /// compact whatever the layout chosen: JSON Lines has one value a line.
    pub fn to_writer_lines<W, I>(&self, writer: W, items: I) -> Result<(), Error>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        lines_to_writer(writer, items, &self.config).map_err(Error::from)
    }
}
