//! Fast JSON writing through compile-time specialized encoders.
//!
//! `#[derive(ToJson)]` generates, for each struct and enum, an encoder that
//! writes JSON bytes straight into a buffer: every key with its quotes,
//! colon and separator is one byte literal computed at compile time, and no
//! generic serializer sits in between. The output is byte-identical to
//! `serde_json` for the same type and `#[serde(...)]` attributes, so
//! switching is a one-line change.
//!
//! ```
//! use json_runtime::ToJson;
//!
//! #[derive(ToJson)]
//! #[json(rename_all = "PascalCase")]
//! struct College {
//!     name: String,
//!     no_of_students: i32,
//!     is_public: bool,
//! }
//!
//! let college = College { name: "Cambrian".into(), no_of_students: 650, is_public: true };
//! assert_eq!(
//!     json_runtime::to_string(&college),
//!     r#"{"Name":"Cambrian","NoOfStudents":650,"IsPublic":true}"#,
//! );
//! ```
//!
//! # Entry points
//!
//! | in memory | streaming into any `io::Write` |
//! |---|---|
//! | [`to_vec`], [`to_string`] | [`to_writer`] |
//! | [`to_vec_pretty`], [`to_string_pretty`] | [`to_writer_pretty`] |
//!
//! [`PrettyFormatter::with_indent`] picks another indent than two spaces.
//!
//! In-memory encoding cannot fail, so those functions return no `Result`.
//! [`to_writer`] streams through a bounded buffer (64 KiB) and returns the
//! first I/O error; nothing is written to the writer after it.
//!
//! # Attributes
//!
//! The derive reads `#[serde(...)]` and `#[json(...)]` alike; see
//! [`json_derive::ToJson`](derive@ToJson) for the list.
//!
//! # Date, time and id types
//!
//! Cargo features add [`ToJson`] for other crates' types, each written as
//! that crate's own `Serialize` impl makes serde_json write it:
//!
//! | feature | types | JSON |
//! |---|---|---|
//! | `chrono` | `DateTime<Tz>` (any `TimeZone`), `NaiveDateTime`, `NaiveDate`, `NaiveTime`, `Weekday`, `Month`, `TimeDelta` | strings, `"2024-02-29T13:05:09.120+05:30"` (`Z` for UTC); `TimeDelta` is `[secs, nanos]` |
//! | `time` | `OffsetDateTime`, `PrimitiveDateTime`, `UtcDateTime`, `Date`, `Time`, `UtcOffset`, `Duration`, `Weekday`, `Month` | strings such as `"2024-02-29 13:05:09.12 +05:30:00"` when time's `serde-human-readable` feature is on, else number arrays such as `[2024,60,13,5,9,120000000,5,30,0]` |
//! | `uuid` | `Uuid`, `NonNilUuid`, `uuid::fmt::{Hyphenated, Simple, Braced, Urn}` | lowercase strings, `"67e55044-10b1-426f-9247-bb680e5fe0c8"` |
//!
//! time's features are unified across the whole build, so json-runtime
//! does not assume either form: on first use of each type it asks time's
//! `Serialize` impl once which form it writes, and follows it.
//!
//! Types written as strings are also [`ToJsonKey`]s (chrono's and uuid's;
//! time's `Weekday` and `Month`, which are valid keys in either form).
//! `TimeDelta` and time's other types are not: serde_json rejects arrays
//! as keys.

#![deny(missing_docs)]

mod as_string;
#[cfg(feature = "tokio")]
mod async_io;
mod escape;
mod fields;
mod file;
mod impls;
mod number;
mod raw;
mod stream;
mod writer;

use std::io;

pub use as_string::ToJsonString;
#[cfg(feature = "tokio")]
pub use async_io::{
    to_async_writer, to_async_writer_array, to_async_writer_array_pretty, to_async_writer_lines,
    to_async_writer_pretty,
};
pub use fields::ToJsonFields;
pub use file::{write_file, write_file_pretty, write_file_with};
pub use raw::{to_raw_json, RawJson, RawJsonError};
pub use stream::{to_writer_array, to_writer_array_pretty, to_writer_lines};
pub use writer::{Compact, Format, JsonWriter, Pretty};

/// Derives [`ToJson`](trait@ToJson) for a struct or enum.
///
/// The output equals `serde_json`'s for the same type deriving
/// `serde::Serialize`. Attributes are read from both `#[serde(...)]` and
/// `#[json(...)]`:
///
/// | on | attribute | effect |
/// |---|---|---|
/// | container | `rename_all = "..."` | `lowercase`, `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`, `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE` |
/// | container | `rename = "..."` | accepted; the name of a type is not part of its JSON |
/// | container | `transparent` | a one-field struct is written as that field |
/// | container | `bound = "T: Trait"` | replaces the inferred `where` clause |
/// | container | `skip_serializing_none` (`#[json]` only) | omits every field of type `Option<_>` that is `None` |
/// | field | `rename = "..."` | the key to write |
/// | field | `skip`, `skip_serializing` | leaves the field out |
/// | field | `skip_serializing_if = "path"` | leaves the field out when `path(&field)` is true |
/// | variant | `rename = "..."`, `skip`, `skip_serializing` | as for fields |
///
/// Attributes that only affect deserialization (`default`, `alias`,
/// `deny_unknown_fields`, `borrow`, `deserialize_with`, `from`, `try_from`,
/// …) are accepted and ignored. Any other attribute is a compile error, so
/// output never silently differs from serde_json's.
///
/// `skip_serializing_none` is this library's counterpart of System.Text.Json's
/// `JsonIgnoreCondition.WhenWritingNull`. It recognizes the field type by
/// name (`Option<_>`, `std::option::Option<_>`, `core::option::Option<_>`),
/// as `serde_with::skip_serializing_none` does. It lives in `#[json(...)]`
/// because serde_derive would reject it inside `#[serde(...)]`.
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// #[json(skip_serializing_none)]
/// struct Teacher {
///     name: String,
///     courses: Option<Vec<String>>,
/// }
///
/// let t = Teacher { name: "John".into(), courses: None };
/// assert_eq!(json_runtime::to_string(&t), r#"{"name":"John"}"#);
/// ```
pub use json_derive::ToJson;

/// A value that can be written as JSON.
///
/// Derive it with `#[derive(ToJson)]`. A hand-written impl calls the
/// [`JsonWriter`] methods, and the output must be one complete JSON value:
///
/// ```
/// use json_runtime::{Format, JsonWriter, ToJson};
///
/// struct Celsius(f64);
///
/// impl ToJson for Celsius {
///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
///         w.key(b"{\"celsius\":");
///         self.0.write_json(w);
///         w.end_object();
///     }
/// }
///
/// assert_eq!(json_runtime::to_string(&Celsius(21.5)), r#"{"celsius":21.5}"#);
/// assert_eq!(json_runtime::to_string_pretty(&Celsius(21.5)), "{\n  \"celsius\": 21.5\n}");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToJson`",
    label = "`{Self}` cannot be written as JSON",
    note = "add `#[derive(ToJson)]` to `{Self}`, or implement `json_runtime::ToJson` for it by hand"
)]
pub trait ToJson {
    /// Writes `self` as one JSON value.
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>);
}

/// A value that can be a JSON object key, as serde_json's map key rules
/// allow: strings and chars as they are, integers and bools quoted.
///
/// Types that serde_json would reject as keys at run time (floats, options,
/// sequences, structs, …) do not implement it, so using them as map keys is
/// a compile error.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a JSON object key",
    label = "JSON object keys must be strings, chars, integers or bools",
    note = "serde_json rejects this key type at run time with \"key must be a string\"; use a `String` key or convert the key first"
)]
pub trait ToJsonKey {
    /// Writes `self` as a quoted JSON string.
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>);
}

/// The default indent of the pretty layout, as serde_json's.
const DEFAULT_INDENT: &[u8] = b"  ";

/// Typical encoded size is well above this, and starting here saves the
/// first few doublings of the output `Vec`.
const INITIAL_CAPACITY: usize = 128;

fn encode_to_vec<F: Format, T: ToJson + ?Sized>(value: &T, indent: &[u8]) -> Vec<u8> {
    let mut w = JsonWriter::<F>::to_memory(Vec::with_capacity(INITIAL_CAPACITY), indent);
    value.write_json(&mut w);
    w.into_buf()
}

fn encode_to_writer<F: Format, W: io::Write, T: ToJson + ?Sized>(
    mut out: W,
    value: &T,
    indent: &[u8],
) -> io::Result<()> {
    let mut w = JsonWriter::<F>::to_io(&mut out, indent);
    value.write_json(&mut w);
    w.finish_io()
}

fn into_string(bytes: Vec<u8>) -> String {
    // SAFETY: encoders write only ASCII structure, escaped `&str` contents
    // and number digits, so the buffer is valid UTF-8. `write_raw` is the one
    // way to add other bytes, and its callers must pass valid JSON text.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Encodes `value` as compact JSON.
///
/// ```
/// assert_eq!(json_runtime::to_vec(&vec![1, 2]), b"[1,2]");
/// ```
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    encode_to_vec::<Compact, T>(value, DEFAULT_INDENT)
}

/// Encodes `value` as compact JSON text.
///
/// ```
/// assert_eq!(json_runtime::to_string(&("a", 1.5)), r#"["a",1.5]"#);
/// ```
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    into_string(to_vec(value))
}

/// Streams `value` as compact JSON into `writer`.
///
/// Output goes through a bounded internal buffer, so memory stays flat
/// however large the document is. The writer is flushed at the end. The
/// first I/O error is returned and nothing is written to `writer` after
/// it. Wrapping `writer` in a `BufWriter` is unnecessary.
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer(&mut out, &[true, false])?;
/// assert_eq!(out, b"[true,false]");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> io::Result<()> {
    encode_to_writer::<Compact, W, T>(writer, value, DEFAULT_INDENT)
}

/// Encodes `value` as pretty JSON, indented by two spaces.
///
/// ```
/// assert_eq!(json_runtime::to_vec_pretty(&[1]), b"[\n  1\n]");
/// ```
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Vec<u8> {
    PrettyFormatter::new().to_vec(value)
}

/// Encodes `value` as pretty JSON text, indented by two spaces.
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> String {
    PrettyFormatter::new().to_string(value)
}

/// Streams `value` as pretty JSON, indented by two spaces, into `writer`.
/// Errors behave as in [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> io::Result<()> {
    PrettyFormatter::new().to_writer(writer, value)
}

/// Pretty output with a chosen indent, like serde_json's
/// `PrettyFormatter::with_indent`.
///
/// ```
/// use json_runtime::PrettyFormatter;
///
/// let tabs = PrettyFormatter::with_indent(b"\t");
/// assert_eq!(tabs.to_string(&[[1]]), "[\n\t[\n\t\t1\n\t]\n]");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct PrettyFormatter<'a> {
    indent: &'a [u8],
}

impl Default for PrettyFormatter<'_> {
    fn default() -> Self {
        PrettyFormatter::new()
    }
}

impl<'a> PrettyFormatter<'a> {
    /// Two spaces, as [`to_vec_pretty`].
    pub fn new() -> Self {
        PrettyFormatter {
            indent: DEFAULT_INDENT,
        }
    }

    /// Indents each level by `indent`, which should be JSON whitespace
    /// (spaces, tabs) for the output to stay valid JSON.
    pub fn with_indent(indent: &'a [u8]) -> Self {
        PrettyFormatter { indent }
    }

    /// Encodes `value` as pretty JSON.
    pub fn to_vec<T: ToJson + ?Sized>(&self, value: &T) -> Vec<u8> {
        encode_to_vec::<Pretty, T>(value, self.indent)
    }

    /// Encodes `value` as pretty JSON text. The indent must be valid UTF-8
    /// for the result to be; a non-UTF-8 indent is replaced lossily.
    pub fn to_string<T: ToJson + ?Sized>(&self, value: &T) -> String {
        let bytes = self.to_vec(value);
        if std::str::from_utf8(self.indent).is_ok() {
            into_string(bytes)
        } else {
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }

    /// Streams `value` as pretty JSON into `writer`. Errors behave as in
    /// [`to_writer`].
    pub fn to_writer<W: io::Write, T: ToJson + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> io::Result<()> {
        encode_to_writer::<Pretty, W, T>(writer, value, self.indent)
    }
}
