//! serde_json's entry points: compact and pretty, in memory and streaming.

use std::io;

use crate::encode::{self, into_string};
use crate::error::Error;
use crate::raw::RawJson;
use crate::to_json::ToJson;
use crate::writer::{Compact, Config, Pretty};

/// Encodes `value` as compact JSON, as `serde_json::to_vec` does.
///
/// Nesting depth is bounded by the thread's stack, as in serde_json; see
/// [Nesting depth](crate#nesting-depth).
///
/// ```
/// assert_eq!(json_runtime::to_vec(&vec![1, 2])?, b"[1,2]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// # Errors
///
/// Values written by `ToJson` impls alone never fail. A value written
/// through serde (a field that falls back to its `Serialize` impl, or
/// [`Serde`](crate::Serde)) may be refused as serde_json refuses it (a map
/// key that is not a string), or report an error of its own; the
/// [`Error`] has serde_json's message.
///
/// ```
/// use std::collections::HashMap;
///
/// #[derive(json_runtime::ToJson, serde::Serialize)]
/// struct Grid {
///     // Tuple keys have no `ToJsonKey` impl: the field falls back to serde.
///     cells: HashMap<(u8, u8), u8>,
/// }
///
/// let grid = Grid { cells: HashMap::from([((0, 1), 7)]) };
/// let error = json_runtime::to_vec(&grid).unwrap_err();
/// assert_eq!(error.to_string(), serde_json::to_vec(&grid).unwrap_err().to_string());
/// assert_eq!(error.to_string(), "key must be a string");
/// ```
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    encode::to_vec::<Compact, T>(&Config::DEFAULT, value)
}

/// Encodes `value` as compact JSON text, as `serde_json::to_string` does.
/// Errors as in [`to_vec`].
///
/// ```
/// assert_eq!(json_runtime::to_string(&("a", 1.5))?, r#"["a",1.5]"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> Result<String, Error> {
    to_vec(value).map(into_string)
}

/// Streams `value` as compact JSON into `writer`, as
/// `serde_json::to_writer` does.
///
/// Output goes through an internal buffer that never holds more than
/// 512 KiB, however large the document and whatever it holds (a long
/// string is escaped in pieces; see [Memory](crate#memory)). The writer is
/// flushed at the end. Wrapping `writer` in a `BufWriter` is unnecessary.
/// Nesting depth is bounded by the thread's stack, as in [`to_vec`]. To
/// replace a file safely, see [`write_file`](crate::write_file); for a
/// sequence that is not in memory, see
/// [`Options::to_writer_array`](crate::Options::to_writer_array).
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer(&mut out, &[true, false])?;
/// assert_eq!(out, b"[true,false]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// # Errors
///
/// The first error is returned and nothing is written to `writer` after
/// it: an I/O error of the writer, as the writer returned it (see
/// [`Error::io_error`]), or a value refused as in [`to_vec`]. The value
/// itself is still encoded to its end, into a buffer that is dropped.
pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    encode::to_writer::<Compact, W, T>(&Config::DEFAULT, writer, value)
}

/// Encodes `value` as pretty JSON, indented by two spaces, as
/// `serde_json::to_vec_pretty` does. Errors as in [`to_vec`].
///
/// ```
/// assert_eq!(json_runtime::to_vec_pretty(&[1])?, b"[\n  1\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    encode::to_vec::<Pretty, T>(&Config::DEFAULT, value)
}

/// Encodes `value` as pretty JSON text, indented by two spaces, as
/// `serde_json::to_string_pretty` does. Errors as in [`to_vec`].
///
/// ```
/// assert_eq!(json_runtime::to_string_pretty(&[1])?, "[\n  1\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> Result<String, Error> {
    to_vec_pretty(value).map(into_string)
}

/// Streams `value` as pretty JSON, indented by two spaces, into `writer`,
/// as `serde_json::to_writer_pretty` does. Errors behave as in
/// [`to_writer`].
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer_pretty(&mut out, &[1])?;
/// assert_eq!(out, b"[\n  1\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer_pretty<W: io::Write, T: ToJson + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    encode::to_writer::<Pretty, W, T>(&Config::DEFAULT, writer, value)
}

/// Encodes `value` as compact JSON into a [`RawJson`], like serde_json's
/// `to_raw_value`. The text needs no check: the encoder writes valid JSON.
/// Errors as in [`to_vec`](crate::to_vec).
///
/// ```
/// let raw = json_runtime::to_raw_json(&[1, 2])?;
/// assert_eq!(raw.get(), "[1,2]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_raw_json<T: ToJson + ?Sized>(value: &T) -> Result<Box<RawJson>, Error> {
    to_string(value).map(|text| RawJson::from_boxed_unchecked(text.into_boxed_str()))
}
