//! [`Options`]: the public form of the one configuration every entry
//! point takes.

use std::io;

use crate::encode::{self, into_text};
use crate::error::Error;
use crate::escape::Escape;
use crate::framing::{ArrayFramer, LinesFramer};
use crate::sequences::framed_to_writer;
use crate::to_json::ToJson;
use crate::writer::{Canonical, Compact, Config, Pretty, DEFAULT_INDENT};

/// The one builder for every output beyond serde_json's six functions
/// and [`write_file`](crate::write_file): the layout (compact, pretty with
/// any indent, [inline arrays](Self::inline_arrays),
/// [canonical](Self::canonical)), the string [`Escape`] mode and
/// [sorted keys](Self::sort_keys), then a sink as a method.
///
/// `Options::new()` gives exactly [`to_vec`](crate::to_vec)'s output;
/// [`pretty`](Self::pretty) exactly [`to_vec_pretty`](crate::to_vec_pretty)'s.
/// Errors are those of [`to_vec`](crate::to_vec) in memory and of
/// [`to_writer`](crate::to_writer) elsewhere, and so is memory: at most
/// 512 KiB of output held when streaming (see [Memory](crate#memory)).
/// `Options` is `Copy`: keep one and use it for several calls.
///
/// | into | one value | any iterator, as one array | any iterator, as JSON Lines |
/// |---|---|---|---|
/// | memory | [`to_vec`](Self::to_vec), [`to_string`](Self::to_string), `to_bytes` (feature `bytes`) | | |
/// | an `io::Write` | [`to_writer`](Self::to_writer) | [`to_writer_array`](Self::to_writer_array) | [`to_writer_lines`](Self::to_writer_lines) |
/// | a file, replaced safely | [`write_file`](Self::write_file) | [`write_file_array`](Self::write_file_array) | [`write_file_lines`](Self::write_file_lines) |
/// | a `fmt::Write`, a `Display` | [`to_fmt_writer`](Self::to_fmt_writer), [`display`](Self::display) | | |
/// | a Tokio `AsyncWrite` (feature `tokio`) | `to_async_writer` | `to_async_writer_array` | `to_async_writer_lines` |
/// | an HTTP response (features `axum`, `actix-web`) | `Json(value).with_options(..)` | `JsonArray::with_options` | `JsonLines::with_options` |
/// | every core (feature `rayon`) | | `par::Encoder::with_options` | `par::Encoder::lines_with_options` |
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
    layout: Layout,
}

/// The layout [`Options`] chose: the writer's [`Format`](crate::Format),
/// as a value that the entry points match on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    Compact,
    Pretty,
    Canonical,
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
            layout: Layout::Compact,
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
        self.layout = Layout::Pretty;
        self
    }

    /// RFC 8785 canonical JSON (the JSON Canonicalization Scheme, JCS),
    /// for signing or hashing; [`pretty`](Self::pretty) or
    /// [`indent`](Self::indent) after it choose pretty output again.
    ///
    /// RFC 8785 fixes what the other options choose, so they do not
    /// apply: no whitespace, strings escaped as serde_json (and
    /// ECMAScript's `JSON.stringify`) escape them, every object's entries
    /// sorted.
    ///
    /// - The entries of every object are sorted by the UTF-16 code units of
    ///   their keys, at every level: derived structs (whatever the order
    ///   their fields are declared in), flattened fields, maps and
    ///   `serde_json::Value` objects alike.
    /// - Numbers are written as ECMAScript's `Number.prototype.toString`
    ///   writes the IEEE 754 double they are: `1e+21`, `1e-7`,
    ///   `10000000000000000` for `1e16`, `4.5`, and `56` for `56.0`.
    ///   `f32`s are written as the double they convert to exactly (`0.1f32`
    ///   is `0.10000000149011612`).
    /// - `HashSet` elements are sorted, as with
    ///   [`sort_keys`](Self::sort_keys), so the bytes depend only on the
    ///   value. Other arrays keep their order.
    /// - [`RawJson`](crate::RawJson) is canonicalized as it is written.
    ///
    /// Every sink takes canonical output. Each document (each item, for
    /// the sequence sinks) is encoded in memory before any of it is
    /// written, so an error comes before its bytes: a writer or file gets
    /// nothing of a value that canonical output refuses.
    ///
    /// # Errors
    ///
    /// Where the value cannot be written without changing it, the
    /// [`Error`] holds a [`CanonicalError`](crate::CanonicalError)
    /// ([`Error::canonical_error`]) that says what and where (as a JSON
    /// Pointer):
    ///
    /// - an integer of magnitude above 2<sup>53</sup>
    ///   (9 007 199 254 740 992). Every integer up to that is exactly a
    ///   double and is written as its digits. Above it, most integers are
    ///   not doubles, and the few that are would be written with other
    ///   digits (2<sup>60</sup> = 1152921504606846976 as
    ///   `1152921504606847000`), so a reader would get another number.
    ///   Write such integers as strings (`#[json(as_string)]`).
    /// - a NaN or infinite float, which JSON cannot represent;
    /// - two entries of one object with the same key (through `flatten`,
    ///   or a hand-written impl), which RFC 8785 forbids;
    /// - in a [`RawJson`](crate::RawJson), a string with an unpaired
    ///   surrogate escape;
    /// - a value written through serde that reports an error, as
    ///   [`to_vec`](Self::to_vec) would return it
    ///   ([`CanonicalErrorKind::Serialize`](crate::CanonicalErrorKind::Serialize)).
    ///
    /// ```
    /// use std::collections::HashMap;
    ///
    /// use json_runtime::{Options, ToJson};
    ///
    /// #[derive(ToJson)]
    /// struct Payment {
    ///     to: String,
    ///     amount: f64,
    ///     at: u64,
    /// }
    ///
    /// let canonical = Options::new().canonical();
    /// let payment = Payment { to: "Zoë".into(), amount: 1e21, at: 1_700_000_000 };
    /// assert_eq!(
    ///     canonical.to_string(&payment)?,
    ///     r#"{"amount":1e+21,"at":1700000000,"to":"Zoë"}"#,
    /// );
    ///
    /// let value = HashMap::from([("b", [1.0, 0.000001, 1e-7]), ("a", [1e21, -0.0, 0.5])]);
    /// assert_eq!(canonical.to_string(&value)?, r#"{"a":[1e+21,0,0.5],"b":[1,0.000001,1e-7]}"#);
    ///
    /// let err = canonical.to_vec(&[f64::NAN]).unwrap_err();
    /// assert_eq!(err.canonical_error().unwrap().pointer(), "/0");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn canonical(mut self) -> Self {
        self.layout = Layout::Canonical;
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
    ///   are sorted too, see [`canonical`](Self::canonical).
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

    /// The writers' form of these options. Canonical output has
    /// serde_json's, whatever was chosen: RFC 8785 fixes them.
    pub(crate) fn config(&self) -> &Config<'a> {
        match self.layout {
            Layout::Canonical => &Config::DEFAULT,
            Layout::Compact | Layout::Pretty => &self.config,
        }
    }

    /// Compact, pretty or canonical.
    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// Encodes `value` as JSON. Errors as in [`to_vec`](crate::to_vec).
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        match self.layout {
            Layout::Compact => encode::to_vec::<Compact, T>(&self.config, value),
            Layout::Pretty => encode::to_vec::<Pretty, T>(&self.config, value),
            Layout::Canonical => encode::to_vec::<Canonical, T>(&Config::DEFAULT, value),
        }
    }

    /// Encodes `value` as JSON text. A non-UTF-8 indent is replaced
    /// lossily, as in [`PrettyFormatter::to_string`](crate::PrettyFormatter::to_string).
    /// Errors as in [`to_vec`](crate::to_vec).
    pub fn to_string<T: ToJson + ?Sized>(&self, value: &T) -> Result<String, Error> {
        self.to_vec(value)
            .map(|bytes| into_text(bytes, self.config()))
    }

    /// Streams `value` as JSON into `writer`. Memory and errors behave as in
    /// [`to_writer`](crate::to_writer).
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        match self.layout {
            Layout::Compact => encode::to_writer::<Compact, W, T>(&self.config, writer, value),
            Layout::Pretty => encode::to_writer::<Pretty, W, T>(&self.config, writer, value),
            Layout::Canonical => write_whole(writer, &self.to_vec(value)?),
        }
    }

    /// Streams the items of any iterator as one JSON array into `writer`.
    ///
    /// The bytes equal [`to_vec`](Self::to_vec) of the items collected
    /// into a `Vec`, but nothing is collected: the output streams through
    /// [`to_writer`](Self::to_writer)'s buffer, which never holds more than
    /// 512 KiB whatever the items (see [Memory](crate#memory)). Output up
    /// to about that size goes to `writer` in one `write_all`, as `to_vec`
    /// and `write_all` would. Items may be values or references, and the
    /// iterator may be lazy. To a file, it needs no `BufWriter`.
    ///
    /// Errors behave as in [`to_writer`](crate::to_writer): the first one
    /// (an I/O error, or an item refused as [`to_vec`](crate::to_vec)
    /// refuses it) is returned, and nothing is written after it. No item is
    /// taken from the iterator after the one during which the error
    /// happened, so an endless iterator ends there too.
    ///
    /// ```
    /// use json_runtime::{Escape, Options};
    ///
    /// #[derive(json_runtime::ToJson)]
    /// struct Reading {
    ///     sensor: u32,
    ///     celsius: f64,
    /// }
    ///
    /// // A lazily generated sequence: no Vec of readings exists.
    /// let readings = (0..3).map(|i| Reading { sensor: i, celsius: 20.0 + f64::from(i) / 2.0 });
    ///
    /// let mut out = Vec::new();
    /// Options::new().to_writer_array(&mut out, readings)?;
    /// assert_eq!(
    ///     out,
    ///     br#"[{"sensor":0,"celsius":20.0},{"sensor":1,"celsius":20.5},{"sensor":2,"celsius":21.0}]"#,
    /// );
    ///
    /// out.clear();
    /// Options::new().pretty().to_writer_array(&mut out, ["a", "b"])?;
    /// assert_eq!(out, b"[\n  \"a\",\n  \"b\"\n]");
    ///
    /// out.clear();
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
        let config = self.config();
        match self.layout {
            Layout::Compact => {
                framed_to_writer::<ArrayFramer<Compact>, W, I>(writer, items, config)
            }
            Layout::Pretty => framed_to_writer::<ArrayFramer<Pretty>, W, I>(writer, items, config),
            Layout::Canonical => {
                framed_to_writer::<ArrayFramer<Canonical>, W, I>(writer, items, config)
            }
        }
        .map_err(Error::from)
    }

    /// Streams the items of any iterator as [JSON Lines](https://jsonlines.org)
    /// into `writer`: each item as one compact JSON value followed by
    /// `\n`, whatever the layout chosen (JSON Lines has one value a line;
    /// canonical output stays canonical). An empty iterator writes
    /// nothing. Memory and errors behave as in
    /// [`to_writer_array`](Self::to_writer_array). For the lines in
    /// memory, pass a `&mut Vec<u8>` as the writer.
    ///
    /// A line break inside an item would end its line, so
    /// [`RawJson`](crate::RawJson) values and other raw text
    /// ([`ValueWriter::write_raw`](crate::ValueWriter::write_raw)) are
    /// written without the whitespace between their tokens: `[1,\n 2]`
    /// becomes `[1,2]`. Strings are escaped as always, so a newline in a
    /// string is `\n`. Everything else is `to_vec`'s bytes.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// use json_runtime::Options;
    ///
    /// let events = vec![BTreeMap::from([("id", 1)]), BTreeMap::from([("id", 2)])];
    /// let mut out = Vec::new();
    /// Options::new().to_writer_lines(&mut out, &events)?;
    /// assert_eq!(out, b"{\"id\":1}\n{\"id\":2}\n");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn to_writer_lines<W, I>(&self, writer: W, items: I) -> Result<(), Error>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        let config = self.config();
        match self.layout {
            Layout::Compact | Layout::Pretty => {
                framed_to_writer::<LinesFramer<Compact>, W, I>(writer, items, config)
            }
            Layout::Canonical => {
                framed_to_writer::<LinesFramer<Canonical>, W, I>(writer, items, config)
            }
        }
        .map_err(Error::from)
    }
}

/// Canonical output of one value, encoded in memory, into `writer`.
fn write_whole<W: io::Write>(mut writer: W, bytes: &[u8]) -> Result<(), Error> {
    writer.write_all(bytes)?;
    Ok(writer.flush()?)
}
