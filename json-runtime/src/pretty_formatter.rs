//! serde_json's `PrettyFormatter`, as a thin layer over [`Options`].

use std::io;

use crate::error::Error;
use crate::options::Options;
use crate::to_json::ToJson;

/// Pretty output with a chosen indent, like serde_json's
/// `PrettyFormatter::with_indent`.
///
/// ```
/// use json_runtime::PrettyFormatter;
///
/// let tabs = PrettyFormatter::with_indent(b"\t");
/// assert_eq!(tabs.to_string(&[[1]])?, "[\n\t[\n\t\t1\n\t]\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PrettyFormatter<'a> {
    options: Options<'a>,
}

impl Default for PrettyFormatter<'_> {
    fn default() -> Self {
        PrettyFormatter::new()
    }
}

impl<'a> PrettyFormatter<'a> {
    /// Two spaces, as [`to_vec_pretty`](crate::to_vec_pretty).
    pub fn new() -> Self {
        PrettyFormatter {
            options: Options::new().pretty(),
        }
    }

    /// Indents each level by `indent`, which should be JSON whitespace
    /// (spaces, tabs) for the output to stay valid JSON.
    pub fn with_indent(indent: &'a [u8]) -> Self {
        PrettyFormatter {
            options: Options::new().indent(indent),
        }
    }

    /// Keeps each array of scalars on one line, as `[1, 2, 3]`, when that
    /// whole line fits in `max_width` characters: the indent, the key
    /// before the array if any, and the array up to its `]` (a `,` that may
    /// follow is not counted). Arrays that hold an array or an object, or
    /// would not fit, are written one element a line as usual; so are
    /// their enclosing arrays. Empty arrays are `[]` as always.
    ///
    /// This output is meant for people (configuration files, snapshots,
    /// logs); serde_json has no such option, so it differs from
    /// `serde_json::to_vec_pretty` wherever an array is inlined.
    ///
    /// Streaming keeps its bounded memory: an array is decided while at
    /// most `max_width` characters of it are undecided. `max_width` is
    /// counted in Unicode scalar values, not in display columns.
    ///
    /// ```
    /// use json_runtime::{PrettyFormatter, ToJson};
    ///
    /// #[derive(ToJson)]
    /// struct Shape {
    ///     name: &'static str,
    ///     origin: [f64; 2],
    ///     points: Vec<[i32; 2]>,
    ///     tags: Vec<&'static str>,
    /// }
    ///
    /// let shape = Shape {
    ///     name: "triangle",
    ///     origin: [0.5, -1.0],
    ///     points: vec![[0, 0], [4, 0], [0, 3]],
    ///     tags: vec!["a rather long tag", "another long tag", "and a third one"],
    /// };
    /// let text = PrettyFormatter::with_indent(b"  ").inline_arrays(40).to_string(&shape)?;
    /// assert_eq!(
    ///     text,
    ///     r#"{
    ///   "name": "triangle",
    ///   "origin": [0.5, -1.0],
    ///   "points": [
    ///     [0, 0],
    ///     [4, 0],
    ///     [0, 3]
    ///   ],
    ///   "tags": [
    ///     "a rather long tag",
    ///     "another long tag",
    ///     "and a third one"
    ///   ]
    /// }"#,
    /// );
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn inline_arrays(self, max_width: usize) -> Self {
        PrettyFormatter {
            options: self.options.inline_arrays(max_width),
        }
    }

    /// These settings as [`Options`], for the entry points that only
    /// `Options` has (escaping, sorted keys, files, `par`, the web and
    /// Tokio writers).
    pub fn options(&self) -> Options<'a> {
        self.options
    }

    /// Encodes `value` as pretty JSON. Errors as in
    /// [`json_runtime::to_vec`](crate::to_vec).
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        self.options.to_vec(value)
    }

    /// Encodes `value` as pretty JSON text. The indent must be valid UTF-8
    /// for the result to be; a non-UTF-8 indent is replaced lossily.
    /// Errors as in [`json_runtime::to_vec`](crate::to_vec).
    pub fn to_string<T: ToJson + ?Sized>(&self, value: &T) -> Result<String, Error> {
        self.options.to_string(value)
    }

    /// Streams `value` as pretty JSON into `writer`. Errors behave as in
    /// [`to_writer`](crate::to_writer).
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        self.options.to_writer(writer, value)
    }

    /// Streams the items of any iterator as one pretty JSON array with this
    /// indent, as [`Options::to_writer_array`](crate::Options::to_writer_array)
    /// does with [`Options::indent`](crate::Options::indent).
    ///
    /// ```
    /// use json_runtime::PrettyFormatter;
    ///
    /// let mut out = Vec::new();
    /// PrettyFormatter::with_indent(b"\t").to_writer_array(&mut out, 1..=2)?;
    /// assert_eq!(out, b"[\n\t1,\n\t2\n]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn to_writer_array<W, I>(&self, writer: W, items: I) -> Result<(), Error>
    where
        W: io::Write,
        I: IntoIterator,
        I::Item: ToJson,
    {
        self.options.to_writer_array(writer, items)
    }
}
