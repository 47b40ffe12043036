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
//! [`Options`] also chooses how strings are escaped ([`Escape`]): all
//! non-ASCII as `\uXXXX`, or HTML-safe; the functions above always escape
//! as serde_json.
//!
//! In-memory encoding cannot fail, so those functions return no `Result`.
//! [`to_writer`] streams through a bounded buffer (under 512 KiB) and returns the
//! first I/O error; nothing is written to the writer after it.
//!
//! # Sequences, files and async writers
//!
//! | to do | use |
//! |---|---|
//! | write any iterator as one JSON array, in flat memory | [`to_writer_array`], [`to_writer_array_pretty`], [`PrettyFormatter::to_writer_array`] |
//! | write any iterator as JSON Lines | [`to_writer_lines`] |
//! | replace a file safely (temporary file, fsync, rename) | [`write_file`], [`write_file_pretty`], [`write_file_with`] |
//! | write to a Tokio `AsyncWrite` (feature `tokio`) | `to_async_writer`, `to_async_writer_pretty`, `to_async_writer_array`, `to_async_writer_array_pretty`, `to_async_writer_lines` |
//! | write `serde_json::Value`, `Map<String, Value>`, `Number` (feature `serde_json`) | they implement [`ToJson`] |
//! | answer HTTP requests (features `axum`, `actix-web`, `bytes`) | `axum::Json`, `axum::JsonArray`, `axum::JsonLines`, the same in `actix`, and `to_bytes` for any framework |
//!
//! # Nesting depth
//!
//! As with serde_json's serializer, encoding recurses once per level of
//! nesting (a `Box`, `Vec`, map or `serde_json::Value` array or object
//! inside another), so how deep a value can be is bounded by the stack of
//! the thread that encodes it; there is no limit of its own. Stack used per
//! level, measured by `tests/deep_nesting.rs` (rustc 1.95, x86_64):
//!
//! | per level | release | debug |
//! |---|---|---|
//! | recursive derived enum through `Box` | 32 B | 160 B |
//! | `Vec` of a derived type | 48 B | 416 B |
//! | `serde_json::Value` arrays, compact | 47 B | 191 B |
//! | `serde_json::Value` arrays, pretty | 79 B | 1.8 KB |
//! | serde_json itself, `Value` arrays, compact | 79 B | 1.2 KB |
//!
//! So 10 000 levels fit in the 2 MiB stack of a spawned or test thread
//! (in debug builds only compact output does), and 100 000 levels need
//! about 5 MB in release builds. Encode deeper values on a thread with a
//! larger stack (`std::thread::Builder::stack_size`). Running out of stack
//! is never silent: Rust's stack guard stops the process with "thread '…'
//! has overflowed its stack". (Dropping such a value recurses too, for
//! `Box` chains and `Value` alike.)
//!
//! # Attributes
//!
//! The derive reads `#[serde(...)]` and `#[json(...)]` alike; see
//! [`json_runtime_derive::ToJson`](derive@ToJson) for the list.
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
mod escape_ext;
mod fields;
mod file;
mod impls;
mod number;
mod options;
mod raw;
mod stream;
#[cfg(feature = "bytes")]
mod web;
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
pub use options::{Escape, Options};
pub use raw::{to_raw_json, RawJson, RawJsonError};
pub use stream::{to_writer_array, to_writer_array_pretty, to_writer_lines};
pub use writer::{Compact, Format, JsonWriter, Pretty};

#[cfg(feature = "actix-web")]
pub use web::actix;
#[cfg(feature = "axum")]
pub use web::axum;
#[cfg(feature = "bytes")]
pub use web::{to_bytes, to_bytes_pretty};

/// Derives [`ToJson`](trait@ToJson) for a struct or enum.
///
/// The output equals `serde_json`'s for the same type deriving
/// `serde::Serialize`, compact and pretty. Attributes are read from both
/// `#[serde(...)]` and `#[json(...)]`; where both set a key, `#[json]` wins,
/// so a type deriving both can write differently through this library on
/// purpose.
///
/// | on | attribute | effect |
/// |---|---|---|
/// | container | `rename_all = "..."` | `lowercase`, `UPPERCASE`, `PascalCase`, `camelCase`, `snake_case`, `SCREAMING_SNAKE_CASE`, `kebab-case`, `SCREAMING-KEBAB-CASE` |
/// | container | `rename_all_fields = "..."` | on an enum, renames the fields of every struct variant (a variant's own `rename_all` wins) |
/// | container | `rename = "..."` | the type's name, which appears only as the value of a struct's `tag` |
/// | container | `tag = "t"` | on an enum: internally tagged, `{"t":"Variant",...fields}`; on a struct with named fields: `{"t":"Struct",...fields}` |
/// | container | `tag = "t", content = "c"` | adjacently tagged: `{"t":"Variant","c":content}` |
/// | container | `untagged` | the variant's content alone; `null` for a unit variant |
/// | container | `transparent` | a one-field struct is written as that field |
/// | container | `into = "Type"` | written as `Type::from(self.clone())` |
/// | container | `bound = "T: Trait"` | replaces the inferred `where` clause |
/// | container | `skip_serializing_none` (`#[json]`) | omits every field of type `Option<_>` that is `None` |
/// | container | `crate = "path"` (`#[json]`) | where to find `json_runtime`, for crates that rename it |
/// | field | `rename = "..."` | the key to write |
/// | field | `skip`, `skip_serializing` | leaves the field out |
/// | field | `skip_serializing_if = "path"` | leaves the field out when `path(&field)` is true |
/// | field | `flatten` | writes the field's entries into this object (see [`ToJsonFields`]) |
/// | field | `serialize_with = "path"` | `path(&field, w)` writes the value (see below) |
/// | field | `with = "module"` | `module::serialize(&field, w)` writes the value |
/// | field | `as_string` (`#[json]`) | integers written as strings, `"12345678901234567890"` (see [`ToJsonString`]) |
/// | field | `bound = "T: Trait"` | replaces the bound inferred from this field |
/// | variant | `rename = "..."`, `skip`, `skip_serializing` | as for fields |
/// | variant | `rename_all = "..."` | renames this struct variant's fields |
/// | variant | `untagged` | writes this variant untagged; such variants come after all others |
/// | variant | `serialize_with = "path"`, `with = "module"` | `path(&field0, &field1, …, w)` writes the variant's content |
/// | variant | `bound = "T: Trait"` | replaces the bounds inferred from this variant |
///
/// Attributes that only affect deserialization (`default`, `alias`,
/// `deny_unknown_fields`, `borrow`, `deserialize_with`, `from`, `try_from`,
/// `other`, …) are accepted and ignored. `remote` and `getter` are compile
/// errors, as is any unknown attribute, so output never silently differs
/// from serde_json's.
///
/// # Enum representations
///
/// | variant | default | `tag = "t"` | `tag = "t", content = "c"` | `untagged` |
/// |---|---|---|---|---|
/// | `Unit` | `"Unit"` | `{"t":"Unit"}` | `{"t":"Unit"}` | `null` |
/// | `New(x)` | `{"New":x}` | `{"t":"New",...x's fields}` | `{"t":"New","c":x}` | `x` |
/// | `Tuple(a, b)` | `{"Tuple":[a,b]}` | compile error, as in serde | `{"t":"Tuple","c":[a,b]}` | `[a,b]` |
/// | `Struct { a }` | `{"Struct":{"a":a}}` | `{"t":"Struct","a":a}` | `{"t":"Struct","c":{"a":a}}` | `{"a":a}` |
///
/// The content of an internally tagged newtype variant must implement
/// [`ToJsonFields`]: a struct with named fields, a map, or an enum written
/// as an object. Tag and first key are one literal in compact output:
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// #[json(tag = "type", rename_all = "snake_case")]
/// enum Shape {
///     Circle { radius: f64 },
///     Empty,
/// }
///
/// assert_eq!(json_runtime::to_string(&Shape::Circle { radius: 1.5 }), r#"{"type":"circle","radius":1.5}"#);
/// assert_eq!(json_runtime::to_string(&Shape::Empty), r#"{"type":"empty"}"#);
/// ```
///
/// # `serialize_with` and `with`
///
/// The function writes the value through this library's writer, not through
/// a serde `Serializer`. Its signature is
///
/// ```text
/// fn path<F: json_runtime::Format>(value: &T, w: &mut json_runtime::JsonWriter<'_, F>)
/// ```
///
/// and it must write exactly one JSON value, with the writer's methods or
/// with `ToJson` impls. `with = "module"` calls `module::serialize` with the
/// same signature. On a variant, the function takes every field of the
/// variant by reference, in order, before `w`.
///
/// `#[serde(serialize_with = "...")]` names a function with serde's
/// signature, so a type that derives both `Serialize` and `ToJson` gives
/// both, and the `#[json]` one is used here; a `#[serde]` one alone is a
/// compile error that says so. Here a `SystemTime` is written as an RFC 3339
/// string:
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
///
/// use json_runtime::{Format, JsonWriter, ToJson};
///
/// /// `YYYY-MM-DDTHH:MM:SSZ`, in UTC, for times from 1970 on.
/// fn rfc3339(time: &SystemTime) -> String {
///     let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
///     let (days, rem) = (secs / 86_400, secs % 86_400);
///     // Howard Hinnant's civil_from_days.
///     let z = days + 719_468;
///     let (era, doe) = (z / 146_097, z % 146_097);
///     let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
///     let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
///     let mp = (5 * doy + 2) / 153;
///     let (day, month) = (doy - (153 * mp + 2) / 5 + 1, if mp < 10 { mp + 3 } else { mp - 9 });
///     let year = yoe + era * 400 + u64::from(month <= 2);
///     let (h, m, s) = (rem / 3600, rem / 60 % 60, rem % 60);
///     format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}Z")
/// }
///
/// fn write_rfc3339<F: Format>(time: &SystemTime, w: &mut JsonWriter<'_, F>) {
///     w.write_str(&rfc3339(time));
/// }
///
/// fn serialize_rfc3339<S: serde::Serializer>(time: &SystemTime, s: S) -> Result<S::Ok, S::Error> {
///     s.serialize_str(&rfc3339(time))
/// }
///
/// #[derive(ToJson, serde::Serialize)]
/// struct Event {
///     name: String,
///     #[serde(serialize_with = "serialize_rfc3339")]
///     #[json(serialize_with = "write_rfc3339")]
///     at: SystemTime,
/// }
///
/// let e = Event { name: "leap".into(), at: UNIX_EPOCH + Duration::from_secs(951_782_400) };
/// let expected = r#"{"name":"leap","at":"2000-02-29T00:00:00Z"}"#;
/// assert_eq!(json_runtime::to_string(&e), expected);
/// assert_eq!(serde_json::to_string(&e).unwrap(), expected);
/// ```
///
/// # `flatten`
///
/// A flattened field's entries go into the enclosing object, as with serde
/// (which writes such a struct as a map; serde_json's bytes are the same).
/// The field's type implements [`ToJsonFields`]: derived structs with named
/// fields, maps with string-like keys, `Option`s of those (`None` writes
/// nothing), and derived enums written as objects.
///
/// ```
/// use std::collections::BTreeMap;
///
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// struct Paging { page: u32 }
///
/// #[derive(ToJson)]
/// struct Request {
///     query: String,
///     #[json(flatten)]
///     paging: Paging,
///     #[json(flatten)]
///     extra: BTreeMap<String, i32>,
/// }
///
/// let r = Request { query: "q".into(), paging: Paging { page: 2 }, extra: BTreeMap::from([("x".into(), 1)]) };
/// assert_eq!(json_runtime::to_string(&r), r#"{"query":"q","page":2,"x":1}"#);
/// ```
///
/// # `skip_serializing_none`
///
/// `skip_serializing_none` is this library's counterpart of System.Text.Json's
/// `JsonIgnoreCondition.WhenWritingNull`. It recognizes the field type by
/// name (`Option<_>`, `std::option::Option<_>`, `core::option::Option<_>`),
/// as `serde_with::skip_serializing_none` does. It lives in `#[json(...)]`
/// because serde_derive would reject it inside `#[serde(...)]`, as it would
/// `as_string`.
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
///
/// # Where the output differs from serde_json
///
/// Where serde_json returns an error at run time, this library, which
/// cannot fail in memory, writes something instead: a skipped variant is
/// `null`; an internally tagged newtype variant holding an `Option` is
/// written as `flatten` would write it. Where serde would hand a
/// function's output or an integer to its tagging or flattening machinery
/// (`serialize_with` on a variant of an internally tagged enum, `flatten`
/// with `serialize_with` or `as_string`), the derive reports a compile
/// error instead. A newtype or `transparent` struct does not implement
/// [`ToJsonFields`], nor does an enum with an untagged tuple or newtype
/// variant, so neither can be flattened or be the content of an internally
/// tagged newtype variant.
pub use json_runtime_derive::ToJson;

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
///         w.key("{\"celsius\":");
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

/// The output `Vec` starts this large. serde_json starts at 128 bytes; for
/// a 1.9 KB document (products/10) the four reallocations from there cost
/// a sixth of the encoding time, and starting at 1 KiB took that workload
/// from 0.44x to 0.37-0.39x serde_json. A tiny value allocates 1 KiB.
const INITIAL_CAPACITY: usize = 1024;

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
    // SAFETY: every byte in the buffer is ASCII (structure, digits written
    // through `buf_mut`, `write_ascii`), or comes whole from a `&str`
    // (`write_raw`, `key`, `key_dyn`, `static_entries` and escaped string
    // contents, which copy whole `&str`s between ASCII escapes), or is the
    // pretty indent. `key` cuts its literal only at character boundaries
    // (`str` slicing panics otherwise). Compact output writes no indent, and
    // the callers that write one check that it is UTF-8 first. So the bytes
    // are valid UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Encodes `value` as compact JSON.
///
/// Nesting depth is bounded by the thread's stack, as in serde_json; see
/// [Nesting depth](crate#nesting-depth).
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
/// it. Wrapping `writer` in a `BufWriter` is unnecessary. Nesting depth is
/// bounded by the thread's stack, as in [`to_vec`]. To replace a file
/// safely, see [`write_file`]; for a sequence that is not in memory, see
/// [`to_writer_array`].
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
