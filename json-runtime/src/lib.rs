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
//! | struct with `next: Option<Box<Self>>` | 224 B | 32 B | 48 B | 736 B / 112 B |
//! | enum cons list, `Cons(u32, Box<Self>)` | 208 B | 32 B | 48 B | 528 B / 80 B |
//! | enum newtype chain, `Node(Box<Self>)` | 192 B | 32 B | 32 B | 336 B / 48 B |
//! | untagged enum of `Vec<Self>` | 240 B | 48 B | 64 B | 784 B / 64 B |
//! | `serde_json::Value` arrays | 144 B | 48 B | 64 B | 1200 B / 48 B |
//! | `serde_json::Value` objects | 336 B | 80 B | 112 B | 672 B / 80 B |
//!
//! Debug builds use the same stack in pretty layout as in compact; their
//! figures include the structure checks (see [`JsonWriter`]), whose
//! state is kept in the writer, so they cost two calls per level, and
//! keep each level's [`ValueWriter`] in their frames. So 10 000 levels of
//! any of these fit in the 2 MiB stack of a spawned or test thread in
//! release builds, and 8 000 in debug builds (`Value` objects excepted,
//! 3.4 MB at 10 000); 100 000 levels need 5-10 MB in release builds.
//! Small-code encoders (the `small-code` feature, `#[json(small_code)]`)
//! use more in debug builds (272, 256, 224 and 272 B for the first four
//! shapes, measured before `ValueWriter`). Encode deeper values on
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
// 1. the output buffer, its sizes and growth; the error types; the
//    processor features some paths need;
mod buf;
#[cfg(target_arch = "x86_64")]
mod cpu;
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
mod framing;
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
pub use writer::{
    ArrayWriter, Canonical, Compact, Format, JsonWriter, ObjectWriter, Pretty, ValueWriter, Written,
};

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

// The derive's reference, every attribute with an example, is long enough
// to be a file of its own.
#[doc = include_str!("derive.md")]
pub use json_runtime_derive::ToJson;
