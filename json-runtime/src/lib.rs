// The crate's front page is its README (also the page crates.io shows), so
// that its examples run as doctests; the guide and reference follow.
#![doc = include_str!("../README.md")]
//!
//! # Entry points
//!
//! | in memory | streaming into any `io::Write` | a file, replaced safely |
//! |---|---|---|
//! | [`to_vec`], [`to_string`] | [`to_writer`] | [`write_file`] |
//! | [`to_vec_pretty`], [`to_string_pretty`] | [`to_writer_pretty`] | |
//!
//! Everything else is one builder, [`Options`]: the layout (compact,
//! pretty with any indent, short arrays on one line, RFC 8785 canonical
//! JSON for signing and hashing), how strings are escaped ([`Escape`]: all
//! non-ASCII as `\uXXXX`, or HTML-safe), `HashMap` contents in sorted
//! order for reproducible output, then the sink as a method: memory,
//! `io::Write`, files, `fmt::Write` and `Display`, Tokio writers, and any
//! iterator as one array or as JSON Lines. The functions above are
//! serde_json's output, the default; `Options::new()` writes the same.
//! `Options` also reaches the parallel encoder
//! (`par::Encoder::with_options`) and every web responder
//! (`with_options`). [`to_raw_json`] encodes a value into a [`RawJson`].
//!
//! ```
//! use json_runtime::{Escape, Options};
//!
//! let tags = ["<b>", "é"];
//! assert_eq!(json_runtime::to_string(&tags)?, r#"["<b>","é"]"#);
//! assert_eq!(
//!     Options::new().escape(Escape::Ascii).indent(b"\t").to_string(&tags)?,
//!     "[\n\t\"<b>\",\n\t\"\\u00e9\"\n]",
//! );
//! assert_eq!(Options::new().canonical().to_string(&[1e21, 0.5])?, "[1e+21,0.5]");
//!
//! let mut lines = Vec::new();
//! Options::new().to_writer_lines(&mut lines, (1..=2).map(|id| [("id", id)]))?;
//! assert_eq!(lines, b"[[\"id\",1]]\n[[\"id\",2]]\n");
//! # Ok::<(), json_runtime::Error>(())
//! ```
//!
//! Every entry point returns a `Result` with one error type, [`Error`], as
//! serde_json's return `serde_json::Error`: `?` turns it into a
//! `serde_json::Error` (feature `serde_json`), an `io::Error` or a boxed
//! error, so serde_json call sites compile with only the path changed.
//! Values written by `ToJson` impls alone never fail in memory; only I/O
//! and values written through serde can (below). [`to_writer`] streams
//! through a buffer of at most 512 KiB (see [Memory](#memory)) and returns
//! the first error, the writer's own `io::Error` kept whole inside;
//! nothing is written to the writer after it.
//!
//! ```
//! # #[cfg(feature = "serde_json")] {
//! use json_runtime::ToJson;
//!
//! #[derive(ToJson, serde::Serialize)]
//! struct Reply {
//!     ok: bool,
//! }
//!
//! // Written for serde_json; only the path changed (the conversion into
//! // `serde_json::Error` needs the `serde_json` feature).
//! fn body(reply: &Reply) -> serde_json::Result<String> {
//!     let text = json_runtime::to_string(reply)?;
//!     Ok(text)
//! }
//! assert_eq!(body(&Reply { ok: true }).unwrap(), r#"{"ok":true}"#);
//! # }
//! ```
//!
//! # Types that implement only `serde::Serialize`
//!
//! With the default `serde` feature, [`Serde`] writes any `Serialize`
//! value with serde_json's bytes, and derived fields whose types implement
//! only `Serialize` are written that way by themselves (see the derive's
//! docs, [`ToJson`](derive@ToJson)). A `Serialize` impl can fail, and
//! serde_json's rules refuse some values (a map whose keys are not
//! strings): every entry point then returns the [`Error`], with
//! serde_json's message, and never panics.
//!
//! # Sequences, files and async writers
//!
//! | to do | use |
//! |---|---|
//! | write any iterator as one JSON array, in flat memory | [`Options::to_writer_array`], [`Options::write_file_array`] |
//! | write any iterator as JSON Lines | [`Options::to_writer_lines`], [`Options::write_file_lines`] |
//! | put a lazily generated sequence or map inside a value (a struct field), in flat memory | [`Seq`], [`SeqMap`] |
//! | replace a file safely (temporary file, fsync, rename; FIFOs and devices written in place) | [`write_file`], [`Options::write_file`], [`fs::write_with`]; [`fs::remove_stale_temp_files`] after a crash |
//! | write to a Tokio `AsyncWrite` (feature `tokio`) | `Options::to_async_writer`, `to_async_writer_array`, `to_async_writer_lines` |
//! | write `serde_json::Value`, `Map<String, Value>`, `Number`, `RawValue` (feature `serde_json`) | they implement [`ToJson`] |
//! | answer HTTP requests (features `axum`, `actix-web`, `bytes`) | `axum::Json`, `axum::JsonArray`, `axum::JsonLines`, the same in `actix`, each with `with_options`, and `Options::to_bytes` for any framework |
//!
//! # Memory
//!
//! [`to_writer`] and every other entry point that writes to an
//! `io::Write` ([`write_file`], the pretty forms, and [`Options`]' sinks
//! but canonical output) hold **at most 512 KiB of output**,
//! whatever the value: the buffer drains into the writer whenever a write
//! would take it past that, inside a long string or between two fields as
//! much as between elements, and strings longer than 64 KiB are escaped
//! (raw JSON and indents copied) in 64 KiB pieces. Writes to the writer
//! are 448-512 KiB, except the last. Beyond the buffer, encoding allocates
//! only the pretty layout's line-break cache (1 + depth × indent bytes,
//! 201 bytes at depth 100 with two spaces) and what some values' own impls
//! allocate while they are written: a `format_args!` with placeholders is
//! formatted into a `String` first, `#[serde(into)]`
//! clones the value, and with serde_json's `arbitrary_precision` a
//! `Number` is turned into its text. `tests/bounded_buffer.rs` measures the
//! peak heap with a counting allocator: 524 288 bytes for 5 MB strings,
//! strings where every byte needs an escape, every [`Escape`] mode, a 5 MB
//! map key, 4 MB of [`RawJson`], a struct of three long strings and one of
//! 26 × 60 KiB strings, and the array, JSON Lines and file writers.
//!
//! The in-memory functions ([`to_vec`], …) hold the whole document, as
//! they must, and so does canonical output in any sink (each item whole,
//! for a sequence), since an error must come before its bytes. The Tokio
//! writers encode into memory between awaits, so they hold one 64 KiB
//! chunk plus one element of a top-level sequence or iterator, and any
//! other value whole (see `Options::to_async_writer`).
//!
//! # Nesting depth
//!
//! As with serde_json's serializer, encoding recurses once per level of
//! nesting (a `Box`, `Option<Box<_>>`, `Vec`, map or `serde_json::Value`
//! array or object inside another), so how deep a value can be is bounded
//! by the stack of the thread that encodes it; there is no limit of its
//! own. Stack used per level, measured by `tests/deep_nesting.rs`
//! (rustc 1.95, x86_64; the deepest write of a value 1001 levels deep
//! against one 1 level deep):
//!
//! | per level | debug | release, compact | release, pretty | serde_json, debug / release |
//! |---|---|---|---|---|
//! | struct with `next: Option<Box<Self>>` | 208 B | 48 B | 64 B | 736 B / 112 B |
//! | enum cons list, `Cons(u32, Box<Self>)` | 192 B | 64 B | 64 B | 528 B / 80 B |
//! | enum newtype chain, `Node(Box<Self>)` | 176 B | 32 B | 64 B | 336 B / 48 B |
//! | untagged enum of `Vec<Self>` | 208 B | 64 B | 80 B | 784 B / 64 B |
//! | `serde_json::Value` arrays | 144 B | 48 B | 64 B | 1200 B / 48 B |
//! | `serde_json::Value` objects | 400 B | 64 B | 96 B | 672 B / 80 B |
//!
//! Debug builds use the same stack in pretty layout as in compact; their
//! figures include the structure checks (see [`JsonWriter`]), whose
//! state is kept in the writer, so they cost two calls per level. So
//! 10 000 levels of any of these fit in the 2 MiB stack of a spawned or
//! test thread, in debug builds too except `Value` objects (4.0 MB), and
//! 100 000 levels need 5-10 MB in release builds. Small-code encoders
//! (the `small-code` feature, `#[json(small_code)]`) use more in debug
//! builds: 272, 256, 224 and 272 B for the first four shapes, so 10 000
//! levels of those need up to 2.7 MB there. Encode deeper values on
//! a thread with a larger stack (`std::thread::Builder::stack_size`).
//! Running out of stack is never silent: Rust's stack guard stops the
//! process with "thread '…' has overflowed its stack". (Dropping such a
//! value recurses too, for `Box` chains and `Value` alike.)
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
//!
//! # Other crates' types
//!
//! More features, each named after its crate, add [`ToJson`] for the
//! foreign types real code uses most, again written as each crate's own
//! `Serialize` impl (its `serde` feature) makes serde_json write them, and
//! [`ToJsonKey`] where serde_json accepts the type as a map key. Each turns
//! on only that crate, without its default features (rust_decimal with
//! its `serde`, see below; tinyvec with `alloc`, for `TinyVec`). The
//! "crate" column is the version line supported, each crate's current
//! one; some of those need a newer Rust than json-runtime itself
//! (ordered-float 5 needs 1.90, smol_str 0.3 1.89, indexmap 2.14 1.85).
//!
//! | feature | crate | types | JSON | key |
//! |---|---|---|---|---|
//! | `url` | 2 | `Url`; `Host` | `"https://example.com/a?b"`; `{"Domain":"example.com"}` | `Url` |
//! | `camino` | 1 | `Utf8PathBuf`, `Utf8Path` | `"src/main.rs"` | yes |
//! | `semver` | 1 | `Version`, `VersionReq`, `Comparator` | `"1.2.3-rc.1"`, `">=1.2, <2"` | yes |
//! | `indexmap` | 2 | `IndexMap`, `IndexSet`, `map::Slice`, `set::Slice` | an object / arrays, in insertion order; `IndexMap` also flattens | no |
//! | `smallvec` | 1 | `SmallVec` | an array | no |
//! | `arrayvec` | 0.7 | `ArrayVec`; `ArrayString` | an array; a string | `ArrayString` |
//! | `tinyvec` | 1 | `ArrayVec`, `TinyVec` (tinyvec has no `Serialize` for `SliceVec`) | an array | no |
//! | `bytes` | 1 | `Bytes`, `BytesMut` | an array of numbers, `[104,105]`, as serde_json writes bytes | no |
//! | `rust_decimal` | 1 | `Decimal` | `"-10.50"` by default; see below | yes |
//! | `ordered-float` | 5 | `OrderedFloat<T>`, `NotNan<T>` | the float; NaN and infinities `null` | yes, like `f64` |
//! | `compact_str` | 0.10 | `CompactString` | a string | yes |
//! | `smol_str` | 0.3 | `SmolStr` | a string | yes |
//! | `either` | 1 | `Either<L, R>` | `{"Left":..}` or `{"Right":..}`; flattens to one entry | no |
//!
//! rust_decimal writes a `Decimal` as its text in quotes by default, as an
//! `f64` number with its `serde-float` feature, and as its text unquoted
//! with `serde-float` and `serde-arbitrary-precision`. As with time, any
//! crate in the build may turn those on, so json-runtime asks
//! rust_decimal's `Serialize` impl once which form it writes and follows
//! it (the `rust_decimal` feature therefore enables rust_decimal's
//! `serde`).
//!
//! ```
//! # #[cfg(all(feature = "url", feature = "semver", feature = "rust_decimal", feature = "either", feature = "camino"))] {
//! use std::collections::BTreeMap;
//!
//! use camino::Utf8PathBuf;
//! use either::Either;
//! use json_runtime::ToJson;
//! use rust_decimal::Decimal;
//!
//! #[derive(ToJson)]
//! struct Release {
//!     version: semver::Version,
//!     homepage: url::Url,
//!     files_by_price: BTreeMap<Decimal, Vec<Utf8PathBuf>>,
//!     license: Either<&'static str, Vec<&'static str>>,
//! }
//!
//! let release = Release {
//!     version: semver::Version::parse("1.2.3-rc.1").unwrap(),
//!     homepage: url::Url::parse("https://example.com/json").unwrap(),
//!     files_by_price: BTreeMap::from([(Decimal::new(1999, 2), vec!["bin/json".into()])]),
//!     license: Either::Right(vec!["MIT", "Apache-2.0"]),
//! };
//! assert_eq!(
//!     json_runtime::to_string(&release)?,
//!     concat!(
//!         r#"{"version":"1.2.3-rc.1","homepage":"https://example.com/json","#,
//!         r#""files_by_price":{"19.99":["bin/json"]},"license":{"Right":["MIT","Apache-2.0"]}}"#,
//!     ),
//! );
//! # }
//! # Ok::<(), json_runtime::Error>(())
//! ```

#![deny(missing_docs)]
// Every `unsafe` operation sits in its own block with a `// SAFETY:` comment
// saying why it holds, unsafe functions included.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]
// The crate uses `unsafe` (in `buf`, `escape`, `number`, the writer's
// fixed-size copies and `encode::into_string`), so a user's `-D unsafe_code`
// in RUSTFLAGS must not fail its build.
#![allow(unsafe_code)]
// docs.rs (see Cargo.toml) marks each item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers, bottom up; each file imports only from the layers below it
// (`.ci/module_cycles.py` checks that there is no cycle):
// 1. the output buffer, its sizes and growth; the error types;
mod buf;
mod error;
// 2. string escaping and number text, into a buffer;
mod escape;
mod number;
// 3. the writer, its layouts and its one configuration;
mod writer;
// 4. the traits, their impls, raw JSON and the serde bridge;
#[doc(hidden)]
#[path = "private.rs"]
pub mod __private_0_1_0;
mod as_string;
mod checked;
mod fields;
mod impls;
mod lazy;
mod raw;
#[cfg(feature = "serde")]
mod serde_bridge;
mod to_json;
// 5. the entry points, on one encode core;
mod encode;
mod entry_points;
mod file;
mod fmt_write;
mod options;
mod pretty_formatter;
mod sequences;
// 6. integrations, on `Options`.
#[cfg(feature = "tokio")]
mod async_io;
#[cfg(feature = "rayon")]
pub mod par;
#[cfg(feature = "bytes")]
mod web;

pub use as_string::ToJsonString;
pub use entry_points::{
    to_raw_json, to_string, to_string_pretty, to_vec, to_vec_pretty, to_writer, to_writer_pretty,
};
pub use error::{CanonicalError, CanonicalErrorKind, Category, Error, WriteFileError};
pub use escape::Escape;
pub use fields::ToJsonFields;
pub use file::write_file;
pub use fmt_write::JsonDisplay;
pub use lazy::{Seq, SeqMap};
pub use options::Options;
pub use pretty_formatter::PrettyFormatter;
pub use raw::{RawJson, RawJsonError};
#[cfg(feature = "serde")]
pub use serde_bridge::Serde;
pub use to_json::{DynToJson, ToJson, ToJsonKey};
pub use writer::{ArrayWriter, Canonical, Compact, Format, JsonWriter, ObjectWriter, Pretty};

#[cfg(feature = "actix-web")]
pub use web::actix;
#[cfg(feature = "axum")]
pub use web::axum;

/// Files replaced safely with whatever a closure writes, and the cleanup
/// after a crash: what [`write_file`] and [`Options`]' file sinks are
/// built on. These encode nothing, so they take no options.
pub mod fs {
    pub use crate::file::{remove_stale_temp_files, write_with};
}

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
/// | container | `no_serde_fallback` (`#[json]`) | every field is written by its `ToJson` impl; a field whose type implements only `Serialize` is a compile error (see below) |
/// | container | `via_serde` (`#[json]`) | written through the type's own `serde::Serialize` impl, with serde_json's bytes: one line makes a type whose `Serialize` is written by hand usable at every `json_runtime::` call site; `#[json]` attributes beside it are an error |
/// | container | `small_code` (`#[json]`) | each field's value through one shared out-of-line function per field type: a smaller rlib and a slower encoder (see "Build cost" below) |
/// | container | `hot` (`#[json]`) | the inlined encoder even when the `small-code` feature is on |
/// | container | `remote = "Type"` | serde's remote derive: instead of `ToJson`, the type gets `fn write_json(&Type, w)` (see below) |
/// | field | `rename = "..."` | the key to write |
/// | field | `skip`, `skip_serializing` | leaves the field out |
/// | field | `skip_serializing_if = "path"` | leaves the field out when `path(&field)` is true |
/// | field | `flatten` | writes the field's entries into this object (see [`ToJsonFields`]) |
/// | field | `serialize_with = "path"` | `path(&field, w)` writes the value (see below) |
/// | field | `with = "module"` | `module::serialize(&field, w)` writes the value |
/// | field | `as_string` (`#[json]`) | integers written as strings, `"12345678901234567890"` (see [`ToJsonString`]) |
/// | field | `bound = "T: Trait"` | replaces the bound inferred from this field |
/// | field | `getter = "path"` | with `remote`: the value is `path(&remote)`, for a private field |
/// | variant | `rename = "..."`, `skip`, `skip_serializing` | as for fields |
/// | variant | `rename_all = "..."` | renames this struct variant's fields |
/// | variant | `untagged` | writes this variant untagged; such variants come after all others |
/// | variant | `serialize_with = "path"`, `with = "module"` | `path(&field0, &field1, …, w)` writes the variant's content |
/// | variant | `bound = "T: Trait"` | replaces the bounds inferred from this variant |
///
/// Attributes that only affect deserialization (`default`, `alias`,
/// `deny_unknown_fields`, `borrow`, `deserialize_with`, `from`, `try_from`,
/// `other`, …) are accepted and ignored. Any unknown attribute is a compile
/// error, so output never silently differs from serde_json's.
///
/// # Fields whose types implement only `Serialize`
///
/// A field is written by its type's `ToJson` impl when there is one, and
/// otherwise, with the default `serde` feature, by its `serde::Serialize`
/// impl through the serde bridge (see `Serde`), with serde_json's bytes.
/// So another crate's type that implements only `Serialize` needs no
/// attribute:
///
/// ```
/// use json_runtime::ToJson;
///
/// mod other_crate {
///     /// Implements `Serialize`; `ToJson` cannot be added to it elsewhere.
///     pub struct Url(pub String);
///
///     impl serde::Serialize for Url {
///         fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
///             s.serialize_str(&self.0)
///         }
///     }
/// }
///
/// #[derive(ToJson, serde::Serialize)]
/// struct Link {
///     title: String,                  // ToJson
///     url: other_crate::Url,          // Serialize
///     mirrors: Vec<other_crate::Url>, // Serialize, as a whole
/// }
///
/// let link = Link {
///     title: "docs".into(),
///     url: other_crate::Url("https://docs.rs/".into()),
///     mirrors: vec![],
/// };
/// let expected = r#"{"title":"docs","url":"https://docs.rs/","mirrors":[]}"#;
/// assert_eq!(json_runtime::to_string(&link)?, expected);
/// assert_eq!(serde_json::to_string(&link).unwrap(), expected);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// The compiler makes the choice for each field (the expansion calls
/// `write_json_or_serialize` on it), and the `ToJson` path costs nothing
/// extra. `#[json(no_serde_fallback)]` on the type, or building
/// json-runtime without its `serde` feature, makes every field a direct
/// `ToJson` call, so a field that would fall back is a compile error. A
/// generic type parameter keeps its inferred `T: ToJson` bound: pass such
/// a type wrapped in `json_runtime::Serde`, or write a `bound` (a
/// `#[serde(bound)]` naming `Serialize` is kept as written). A `Serialize` impl can fail; see
/// `json_runtime::Error`.
///
/// # Build cost: `small_code` and `hot`
///
/// A derived encoder is fast because its structure is inlined into it:
/// key literals as constant stores, one capacity check for each run of
/// integer, `bool` and `Option` fields, each field's value written in
/// place. Values that take a call anyway (integers, floats, strings) are
/// one call to a shared function that writes the field's key too.
/// That is what release builds pay for. `#[json(small_code)]` on a type
/// writes each of its fields' values through one out-of-line function per
/// field type and format, shared by every encoder in the crate, as serde's
/// `serialize_field` is, and no key inline: a string, float or `Vec`
/// field's key goes into that call, any other field's key into one shared
/// call per format. The cargo feature `small-code` does so for every
/// derived type in the build, and `#[json(hot)]` keeps the inlined encoder
/// for the types whose speed matters. The bytes are the same either way.
/// On the compile-time benchmark's 200 mixed types `small_code` builds in
/// about 0.85 of the default's time, with four fifths of its machine
/// code, and runs 10-50% slower (the table below).
///
/// ```
/// use json_runtime::ToJson;
///
/// // Written rarely: build time matters more than speed.
/// #[derive(ToJson, serde::Serialize)]
/// #[json(small_code)]
/// struct Settings {
///     retries: u32,
///     timeout_ms: u64,
///     name: String,
/// }
///
/// // On the hot path: inlined, even with the `small-code` feature on.
/// #[derive(ToJson, serde::Serialize)]
/// #[json(hot)]
/// struct Tick {
///     at: u64,
///     price: f64,
/// }
///
/// let settings = Settings { retries: 3, timeout_ms: 1500, name: "svc".into() };
/// assert_eq!(json_runtime::to_string(&settings)?, serde_json::to_string(&settings).unwrap());
/// let tick = Tick { at: 1_700_000_000, price: 101.25 };
/// assert_eq!(json_runtime::to_string(&tick)?, r#"{"at":1700000000,"price":101.25}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// Measured on the 200 generated types of `benches/compile-time` (a mixed
/// set of structs and enums, net of a crate without derives, against
/// serde_derive with serde_json; `compile_time.py [--features small-code]
/// --runs 3 --cold-runs 0 --modes release`), and on the main job
/// (`json-bench`, time ÷ serde_json's in the same run, two runs or more of
/// each build), all on 2026-12-04; 2 cores, rustc 1.95:
///
/// | | default | `small-code` feature |
/// |---|---|---|
/// | release rebuild, wall (CPU) | 0.75x (0.73x) | 0.64x (0.60x) |
/// | rlib | 1.01x | 0.80x |
/// | `.text` | 0.91x | 0.73x |
/// | stripped binary | 0.95x | 0.85x |
/// | colleges, records, twitter | 0.25-0.26, 0.25-0.26, 0.20 | 0.36-0.37, 0.35, 0.26-0.27 |
/// | citm_catalog, products/100000 | 0.30-0.31, 0.24-0.27 | 0.35, 0.30 |
///
/// In small-code mode the encoders are still 2.7-3.8x serde_json on
/// struct data, and faster than sonic-rs and simd-json-derive on every
/// workload measured, citm_catalog only just (1.01-1.12x simd-json-derive's
/// speed in five runs).
///
/// # `remote` and `getter`
///
/// serde's remote derive works unchanged: `#[serde(with = "DurationDef")]`
/// calls serde's generated `DurationDef::serialize` through the bridge.
/// The derive also gives the mirror type a native writer,
/// `DurationDef::write_json`:
///
/// ```
/// use std::time::Duration;
///
/// use json_runtime::ToJson;
/// use serde::Serialize;
///
/// #[derive(Serialize, ToJson)]
/// #[serde(remote = "Duration")]
/// struct DurationDef {
///     #[serde(getter = "Duration::as_secs")]
///     secs: u64,
///     #[serde(getter = "Duration::subsec_nanos")]
///     nanos: u32,
/// }
///
/// #[derive(Serialize, ToJson)]
/// struct Timeout {
///     #[serde(with = "DurationDef")]
///     connect: Duration,
///     #[serde(with = "DurationDef")]
///     #[json(serialize_with = "DurationDef::write_json")] // the fast path
///     read: Duration,
/// }
///
/// let t = Timeout { connect: Duration::new(1, 5), read: Duration::new(2, 0) };
/// let expected = r#"{"connect":{"secs":1,"nanos":5},"read":{"secs":2,"nanos":0}}"#;
/// assert_eq!(json_runtime::to_string(&t)?, expected);
/// assert_eq!(serde_json::to_string(&t).unwrap(), expected);
/// # Ok::<(), json_runtime::Error>(())
/// ```
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
/// assert_eq!(json_runtime::to_string(&Shape::Circle { radius: 1.5 })?, r#"{"type":"circle","radius":1.5}"#);
/// assert_eq!(json_runtime::to_string(&Shape::Empty)?, r#"{"type":"empty"}"#);
/// # Ok::<(), json_runtime::Error>(())
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
/// and it must write exactly one JSON value, with the writer's checked
/// methods (`w.value(&x)`, `w.object(..)`, `w.array(..)`, `w.write_str(..)`;
/// see [`JsonWriter`]); debug builds panic if it writes none, or more than
/// one. `with = "module"` calls `module::serialize` with the
/// same signature. On a variant, the function takes every field of the
/// variant by reference, in order, before `w`.
///
/// `#[serde(serialize_with = "...")]` and `#[serde(with = "...")]` name
/// functions with serde's signature; given alone, the derive calls them
/// through the serde bridge (a wrapper implementing `Serialize`, as
/// serde_derive makes), with serde_json's bytes. Given both, the `#[json]`
/// one is used, which writes natively. Here a `SystemTime` is written as an
/// RFC 3339 string:
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
/// assert_eq!(json_runtime::to_string(&e)?, expected);
/// assert_eq!(serde_json::to_string(&e).unwrap(), expected);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// # `flatten`
///
/// A flattened field's entries go into the enclosing object, as with serde
/// (which writes such a struct as a map; serde_json's bytes are the same).
/// The field's type implements [`ToJsonFields`]: derived structs with named
/// fields, maps with string-like keys, `Option`s of those (`None` writes
/// nothing), and derived enums written as objects. A field whose type does
/// not, but implements `serde::Serialize` (a map of another crate, an enum
/// with untagged newtype variants, a map whose values are `Serialize`
/// only), is flattened through that impl, as serde flattens it, with the
/// default `serde` feature; what is not made of entries (a string, a
/// sequence) is then serde's error at run time, "can only flatten structs
/// and maps (got a string)". The content of an internally tagged newtype
/// variant falls back the same way, with serde's rules for it.
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
/// assert_eq!(json_runtime::to_string(&r)?, r#"{"query":"q","page":2,"x":1}"#);
/// # Ok::<(), json_runtime::Error>(())
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
/// assert_eq!(json_runtime::to_string(&t)?, r#"{"name":"John"}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// # Where the output differs from serde_json
///
/// Where serde_json returns an error at run time, so does this library,
/// with serde_json's message, and nothing more is written: a skipped
/// variant (as a value, as entries or as a map key: "the enum variant
/// Cmd::Hidden cannot be serialized"), a NaN or infinite float map key, a
/// flattened `serde_json::Value` that is not an object (nor `null`), an
/// internally tagged newtype variant holding an `Option` (behind `&`,
/// `Box`, `Rc` or `Arc` too) or a `serde_json::Value` that is not an
/// object (nor `null`), a mutably borrowed `RefCell`, a poisoned
/// `Mutex` or `RwLock`, a `SystemTime` before 1970 and a `Path` that is
/// not UTF-8.
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson, serde::Serialize)]
/// enum Cmd {
///     Run,
///     #[serde(skip_serializing)]
///     Hidden,
/// }
///
/// let theirs = serde_json::to_vec(&Cmd::Hidden).unwrap_err();
/// let ours = json_runtime::to_vec(&Cmd::Hidden).unwrap_err();
/// assert_eq!(ours.to_string(), "the enum variant Cmd::Hidden cannot be serialized");
/// assert_eq!(ours.to_string(), theirs.to_string());
/// ```
///
/// A `serialize_with` function with serde's signature on a
/// variant of an internally tagged enum, or on a flattened field, has its
/// output read as serde reads it; where a `#[json(serialize_with)]`
/// function or `as_string` would have to be (they write whole values), the
/// derive reports a compile error instead. An enum with an untagged tuple
/// or newtype variant does not implement [`ToJsonFields`], nor does a type
/// with `into`, so either is flattened through its `serde::Serialize` impl
/// if it has one.
///
/// # Map keys and flattened newtypes
///
/// Besides `ToJson`, the derive implements [`ToJsonKey`] for an enum whose
/// variants are all unit variants (or skipped), written as the variant's
/// name, and for a newtype or `transparent` struct whose field is a key;
/// and [`ToJsonFields`] for a newtype or `transparent` struct whose field
/// writes entries, so that `struct Extra(BTreeMap<String, i32>)` can be
/// flattened. The impls of a newtype are bounded by its field's type
/// (`where for<'json> u64: ToJsonKey` for `struct Id(u64)`; the binder
/// only defers the check to where the impl is used), so they apply exactly
/// when the field's impl does.
///
/// # Other container attributes
///
/// - `into = "Type"` applies to every shape, enums included: the value is
///   cloned, converted and written as `Type`.
/// - `transparent` ignores `PhantomData` fields, as serde does: the struct
///   needs exactly one field that is neither skipped nor `PhantomData`.
/// - `#[repr(packed)]` structs are written by copying each field out, as
///   serde does, so their fields must be `Copy`.
/// - A `[T; 0]` field is written `[]` and needs no bound on `T`.
/// - `bound` in `#[serde(...)]` was written for `Serialize`, and is kept as
///   written, so serde users' code keeps compiling: a parameter it bounds
///   by `Serialize` only is written through the serde fallback (a
///   `Page<T>` with `#[serde(bound(serialize = "T: Serialize"))]` accepts a
///   `T` that implements only `Serialize`). Give `#[json(bound = "T:
///   json_runtime::ToJson")]`, which wins, for the fast path. With
///   `#[json(no_serde_fallback)]`, `Serialize` in a serde bound
///   (`Serialize`, `serde::Serialize`, `serde::ser::Serialize`) is read as
///   `ToJson`.
/// - A type, variant or field marked `#[deprecated]` (or
///   `#[allow(deprecated)]`) gets impls marked `#[allow(deprecated)]`.
pub use json_runtime_derive::ToJson;
