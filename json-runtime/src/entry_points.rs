//! serde_json's entry points: compact and pretty, in memory and streaming.

use std::io;

use crate::encode::{self, expect_encoded, into_string};
use crate::error::Error;
use crate::to_json::ToJson;
use crate::writer::{Compact, Config, Pretty};

/// Encodes `value` as compact JSON.
///
/// Nesting depth is bounded by the thread's stack, as in serde_json; see
/// [Nesting depth](crate#nesting-depth).
///
/// ```
/// assert_eq!(json_runtime::to_vec(&vec![1, 2]), b"[1,2]");
/// ```
///
/// # Panics
///
/// If a value written through serde (see [`Serde`](crate::Serde)) reports an
/// [`Error`](crate::Error), as `ToString` panics when a `Display` impl fails. Values
/// written by `ToJson` impls alone never fail. [`try_to_vec`] returns the
/// error instead.
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    expect_encoded(encode::to_vec::<Compact, T>(&Config::DEFAULT, value))
}

/// Encodes `value` as compact JSON text.
///
/// ```
/// assert_eq!(json_runtime::to_string(&("a", 1.5)), r#"["a",1.5]"#);
/// ```
///
/// # Panics
///
/// As [`to_vec`]; [`try_to_string`] returns the error instead.
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    into_string(to_vec(value))
}

/// Encodes `value` as compact JSON, or returns the [`Error`](crate::Error) a value
/// written through serde reported. Without such values it is [`to_vec`].
///
/// ```
/// use std::sync::{Arc, Mutex};
///
/// use json_runtime::Serde;
///
/// let shared = Arc::new(Mutex::new(1));
/// assert_eq!(json_runtime::try_to_vec(&Serde(&*shared)).unwrap(), b"1");
///
/// let clone = Arc::clone(&shared);
/// let _ = std::thread::spawn(move || {
///     let _guard = clone.lock().unwrap();
///     panic!("poisons the mutex");
/// })
/// .join();
/// // serde's `Mutex` impl reports the poisoning.
/// let error = json_runtime::try_to_vec(&Serde(&*shared)).unwrap_err();
/// assert_eq!(error.to_string(), "lock poison error while serializing");
/// ```
pub fn try_to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    encode::to_vec::<Compact, T>(&Config::DEFAULT, value)
}

/// Encodes `value` as compact JSON text, or returns the [`Error`](crate::Error) a value
/// written through serde reported, as [`try_to_vec`].
pub fn try_to_string<T: ToJson + ?Sized>(value: &T) -> Result<String, Error> {
    try_to_vec(value).map(into_string)
}

/// Streams `value` as compact JSON into `writer`.
///
/// Output goes through an internal buffer that never holds more than
/// 512 KiB, however large the document and whatever it holds (a long
/// string is escaped in pieces; see [Memory](crate#memory)). The writer is
/// flushed at the end. The first I/O error is returned and nothing is
/// written to `writer` after it; the value itself is still encoded to its
/// end, into a buffer that is dropped. Wrapping `writer` in a `BufWriter` is unnecessary. Nesting depth is
/// bounded by the thread's stack, as in [`to_vec`]. To replace a file
/// safely, see [`write_file`](crate::write_file); for a sequence that is not in memory, see
/// [`to_writer_array`](crate::to_writer_array).
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer(&mut out, &[true, false])?;
/// assert_eq!(out, b"[true,false]");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> io::Result<()> {
    encode::to_writer::<Compact, W, T>(&Config::DEFAULT, writer, value)
}

/// Encodes `value` as pretty JSON, indented by two spaces.
///
/// ```
/// assert_eq!(json_runtime::to_vec_pretty(&[1]), b"[\n  1\n]");
/// ```
///
/// # Panics
///
/// As [`to_vec`].
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    expect_encoded(encode::to_vec::<Pretty, T>(&Config::DEFAULT, value))
}

/// Encodes `value` as pretty JSON text, indented by two spaces.
///
/// # Panics
///
/// As [`to_vec`].
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> String {
    into_string(to_vec_pretty(value))
}

/// Streams `value` as pretty JSON, indented by two spaces, into `writer`.
/// Errors behave as in [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> io::Result<()> {
    encode::to_writer::<Pretty, W, T>(&Config::DEFAULT, writer, value)
}
