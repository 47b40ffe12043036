//! Long sequences encoded on every core (feature `rayon`).
//!
//! The functions here write a slice, or the items of an
//! [`IndexedParallelIterator`], as one JSON array or as
//! [JSON Lines](https://jsonlines.org), with rayon's thread pool doing the
//! encoding. The bytes are exactly those of the sequential functions:
//! [`to_vec`] equals [`crate::to_vec`] of the slice, [`to_vec_pretty`]
//! equals [`crate::to_vec_pretty`], [`to_writer_lines`] equals
//! [`Options::to_writer_lines`], and so on. [`Encoder::with_options`] and
//! [`Encoder::lines_with_options`] take an [`Options`]
//! (indent, [`Escape`](crate::Escape) mode, sorted keys, inline arrays,
//! canonical output),
//! and then write the bytes of the same `Options`' `to_vec` and
//! `to_writer_lines`.
//!
//! ```
//! #[derive(json_runtime::ToJson)]
//! struct Product {
//!     id: u32,
//!     name: String,
//! }
//!
//! let products: Vec<Product> =
//!     (0..100_000).map(|id| Product { id, name: format!("product {id}") }).collect();
//!
//! let parallel = json_runtime::par::to_vec(&products)?;
//! assert_eq!(parallel, json_runtime::to_vec(&products)?);
//! assert!(parallel.starts_with(br#"[{"id":0,"name":"product 0"},{"id":1,"#));
//! # Ok::<(), json_runtime::Error>(())
//! ```
//!
//! # How it works
//!
//! The sequence is cut into chunks of consecutive elements. Each chunk is
//! a task in rayon's pool, encoded into a buffer of its own, and the
//! calling thread writes the buffers in order as they finish. A JSON
//! array's elements all sit at the same depth, so a chunk encoded as the
//! continuation of an array (each element after a `,`, indented for depth
//! 1 in pretty layout) is exactly the text the sequential encoder writes
//! for those elements.
//!
//! The first few elements are encoded on the calling thread first. Their
//! size sets the chunk length, so that a chunk is about [`CHUNK_BYTES`] of
//! output, whatever the elements. A sequence whose output is estimated
//! under two chunks is encoded on the calling thread alone: for short
//! sequences these functions cost what the sequential ones cost.
//!
//! For [`to_vec`], each finished chunk gets its place in the output as
//! soon as the chunks before it are done, and a pool task copies it there:
//! the copy, and the page faults of the fresh output, are shared by the
//! pool's threads rather than serial on one. The calling thread only puts
//! the chunks in order (a caller that also encoded would be one busy
//! thread more than there are cores).
//!
//! For the streaming forms, the calling thread writes the chunks in order
//! and does not only wait: when the next chunk to write is one that no
//! task has started yet, it encodes that chunk itself. There is no barrier
//! between groups of chunks: the pool always has the next
//! [`CHUNKS_PER_THREAD`] chunks per thread queued.
//!
//! # Memory
//!
//! [`to_vec`] holds the whole output, as [`crate::to_vec`] does, plus the
//! chunks in flight or waiting to be copied. The streaming forms ([`to_writer`],
//! [`to_writer_lines`], [`write_file`], [`Encoder::to_writer`]) hold only
//! the chunks in flight: at most [`CHUNKS_PER_THREAD`] chunks per thread
//! of the pool queued or being encoded, plus the one being written, each
//! about [`CHUNK_BYTES`], and as many spare buffers kept for reuse. That
//! is about 2 MiB per thread, whatever the length of the sequence; a
//! lazily generated parallel iterator streams in flat memory too. (The
//! bound is in elements per chunk, set from the first elements' size: a
//! sequence whose later elements are far larger than its first makes
//! larger chunks.)
//!
//! # Errors and panics
//!
//! Every function returns a [`Result`], with the [`Error`] of the
//! sequential functions: an element refused as [`crate::to_vec`] refuses
//! it, and for the streaming forms an I/O error as the writer returned
//! it. After the first error nothing more is written and no further chunk
//! is started (the chunks already being encoded run to their end and are
//! dropped). A panic in an
//! element's `ToJson` impl reaches the caller, as rayon propagates it;
//! [`write_file`] then leaves the old file in place.
//!
//! # Threads
//!
//! The chunks run in the current rayon pool: the global one, or the one a
//! call to `ThreadPool::install` chose. The calling thread writes to the
//! `io::Write` (which therefore need not be `Send`). Called from inside
//! the pool, the calling thread runs other tasks while it waits, so a
//! nested call never blocks a thread the chunks need.

mod pipeline;

pub use pipeline::{CHUNKS_PER_THREAD, CHUNK_BYTES};

use pipeline::{Run, ToVec, ToWriter};

use std::io;
use std::path::Path;

use rayon::iter::{IndexedParallelIterator, IntoParallelIterator};

use crate::error::Error;
use crate::options::Options;
use crate::sequences::Framing;
use crate::to_json::ToJson;

/// Parallel encoding with chosen [`Options`] and, if wanted, a chosen
/// chunk length; the free functions of this module use the defaults.
///
/// Takes anything that turns into an [`IndexedParallelIterator`] of
/// [`ToJson`] items: slices, `Vec`s, ranges, and their `map`, `zip`,
/// `enumerate`, … adapters, so elements can be computed on the fly.
///
/// ```
/// use json_runtime::par::Encoder;
/// use rayon::prelude::*;
///
/// // Computed in parallel and never collected.
/// let squares = (0..1_000_000u32).into_par_iter().map(|i| u64::from(i) * u64::from(i));
/// let json = Encoder::array().to_vec(squares)?;
/// assert!(json.starts_with(b"[0,1,4,9,16,"));
///
/// let mut lines = Vec::new();
/// Encoder::lines().to_writer(&mut lines, (1..4).into_par_iter().map(|id| [("id", id)]))?;
/// assert_eq!(lines, b"[[\"id\",1]]\n[[\"id\",2]]\n[[\"id\",3]]\n");
///
/// let tabs = Encoder::pretty_with_indent(b"\t").to_vec(&[1, 2][..])?;
/// assert_eq!(tabs, b"[\n\t1,\n\t2\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Encoder<'a> {
    /// Compact or pretty, the indent, escaping, sorted keys, inline arrays.
    options: Options<'a>,
    framing: Framing,
    chunk_len: Option<usize>,
}

impl<'a> Encoder<'a> {
    /// A compact JSON array, as [`crate::to_vec`] writes a slice.
    pub fn array() -> Self {
        Encoder::with_options(Options::new())
    }

    /// A pretty JSON array indented by two spaces, as
    /// [`crate::to_vec_pretty`] writes a slice.
    pub fn pretty() -> Encoder<'static> {
        Encoder::with_options(Options::new().pretty())
    }

    /// A pretty JSON array with this indent, as
    /// [`PrettyFormatter::with_indent`](crate::PrettyFormatter::with_indent)
    /// writes a slice.
    pub fn pretty_with_indent(indent: &'a [u8]) -> Self {
        Encoder::with_options(Options::new().indent(indent))
    }

    /// JSON Lines: each item compact, followed by `\n`, as
    /// [`Options::to_writer_lines`] writes them.
    pub fn lines() -> Self {
        Encoder::lines_with_options(Options::new())
    }

    /// A JSON array as `options` lay it out and escape it: the bytes of
    /// [`options.to_vec`](Options::to_vec) of the items collected into a
    /// `Vec`, compact or pretty, with the options' indent, [`Escape`](crate::Escape)
    /// mode, sorted keys and inline arrays.
    ///
    /// With [`inline_arrays(max_width)`](Options::inline_arrays) in the
    /// pretty layout, a sequence of at most `max_width` items is encoded
    /// on the calling thread alone: whether the array itself goes on one
    /// line is known only at its end. Longer ones cannot go on one line
    /// (each item takes at least three characters with its `, `), and are
    /// encoded in parallel, the arrays inside each item put on one line as
    /// the options say.
    ///
    /// ```
    /// use json_runtime::par::Encoder;
    /// use json_runtime::{Escape, Options};
    ///
    /// let tags = vec!["<b>"; 10_000];
    /// let options = Options::new().escape(Escape::HtmlSafe).indent(b"\t");
    /// let json = Encoder::with_options(options).to_vec(&tags)?;
    /// assert_eq!(json, options.to_vec(&tags)?);
    /// assert!(json.starts_with(b"[\n\t\"\\u003cb\\u003e\",\n\t"));
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn with_options(options: Options<'a>) -> Self {
        Encoder {
            options,
            framing: Framing::Array,
            chunk_len: None,
        }
    }

    /// JSON Lines with the [`Escape`](crate::Escape) mode and sorted keys
    /// of `options`: the bytes of
    /// [`options.to_writer_lines`](Options::to_writer_lines). As there,
    /// each line is compact whatever the layout `options` choose (JSON
    /// Lines has one value a line), so their indent and inline arrays do
    /// not apply.
    ///
    /// ```
    /// use json_runtime::par::Encoder;
    /// use json_runtime::{Escape, Options};
    ///
    /// let names = vec!["Zoë"; 3];
    /// let mut out = Vec::new();
    /// Encoder::lines_with_options(Options::new().escape(Escape::Ascii)).to_writer(&mut out, &names)?;
    /// assert_eq!(out, b"\"Zo\\u00eb\"\n".repeat(3));
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn lines_with_options(options: Options<'a>) -> Self {
        Encoder {
            options,
            framing: Framing::Lines,
            chunk_len: None,
        }
    }

    /// Puts `elements` items in each chunk (at least 1), instead of the
    /// number that makes a chunk about [`CHUNK_BYTES`] of output. With a
    /// chunk length set, a sequence longer than one chunk is always split,
    /// however small.
    #[must_use]
    pub fn chunk_len(mut self, elements: usize) -> Self {
        self.chunk_len = Some(elements.max(1));
        self
    }

    /// Encodes `items` into a new `Vec`. Errors as in
    /// [`crate::to_vec`].
    pub fn to_vec<I>(&self, items: I) -> Result<Vec<u8>, Error>
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        let mut out = Vec::new();
        let items = items.into_par_iter();
        let len = items.len();
        let result = items.with_producer(Run {
            options: self.options,
            framing: self.framing,
            chunk_len: self.chunk_len,
            len,
            sink: &mut ToVec(&mut out),
        });
        // Writing to a `Vec` cannot fail; only a value written through
        // serde can, and its error comes back through the `io::Error`.
        result.map_err(Error::from)?;
        Ok(out)
    }

    /// Streams `items` into `writer`, in bounded memory (see
    /// [Memory](self#memory)), and flushes it. The first error (an I/O
    /// error as the writer returned it, or an item refused as
    /// [`crate::to_vec`] refuses it) is returned, and nothing is written
    /// after it.
    pub fn to_writer<W, I>(&self, mut writer: W, items: I) -> Result<(), Error>
    where
        W: io::Write,
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        let items = items.into_par_iter();
        let len = items.len();
        items.with_producer(Run {
            options: self.options,
            framing: self.framing,
            chunk_len: self.chunk_len,
            len,
            sink: &mut ToWriter(&mut writer),
        })?;
        Ok(writer.flush()?)
    }

    /// Writes `items` to the file at `path`, replacing it safely as
    /// [`crate::write_file`] does: through a temporary file in the same
    /// folder, synced and renamed over `path` only once all is written.
    pub fn write_file<P, I>(&self, path: P, items: I) -> Result<(), Error>
    where
        P: AsRef<Path>,
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        crate::file::write_with(path, |file| self.to_writer(file, items))
    }
}

/// Encodes `items` as a compact JSON array on every core: the bytes of
/// [`crate::to_vec`]`(items)`.
///
/// ```
/// let readings: Vec<f64> = (0..10_000).map(|i| f64::from(i) / 4.0).collect();
/// assert_eq!(json_runtime::par::to_vec(&readings)?, json_runtime::to_vec(&readings)?);
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_vec<T: ToJson + Sync>(items: &[T]) -> Result<Vec<u8>, Error> {
    Encoder::array().to_vec(items)
}

/// Encodes `items` as a pretty JSON array, indented by two spaces, on every
/// core: the bytes of [`crate::to_vec_pretty`]`(items)`.
///
/// ```
/// let names = vec!["ada", "grace"];
/// assert_eq!(json_runtime::par::to_vec_pretty(&names)?, b"[\n  \"ada\",\n  \"grace\"\n]");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_vec_pretty<T: ToJson + Sync>(items: &[T]) -> Result<Vec<u8>, Error> {
    Encoder::pretty().to_vec(items)
}

/// Streams `items` as a compact JSON array into `writer`, encoding on every
/// core: the bytes of [`crate::to_writer`]`(writer, items)`, in bounded
/// memory (see [Memory](self#memory)). The first I/O error is returned,
/// and nothing is written after it.
///
/// ```
/// let ids: Vec<u64> = (0..1000).collect();
/// let mut out = Vec::new();
/// json_runtime::par::to_writer(&mut out, &ids)?;
/// assert_eq!(out, json_runtime::to_vec(&ids)?);
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer<W: io::Write, T: ToJson + Sync>(writer: W, items: &[T]) -> Result<(), Error> {
    Encoder::array().to_writer(writer, items)
}

/// Streams `items` as a pretty JSON array, indented by two spaces, into
/// `writer`: the bytes of [`crate::to_writer_pretty`]. Memory and errors
/// as in [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ToJson + Sync>(
    writer: W,
    items: &[T],
) -> Result<(), Error> {
    Encoder::pretty().to_writer(writer, items)
}

/// Streams `items` as JSON Lines into `writer`: the bytes of
/// [`Options::to_writer_lines`]. Memory and errors as in [`to_writer`].
///
/// ```
/// let events = vec![[("id", 1)], [("id", 2)]];
/// let mut out = Vec::new();
/// json_runtime::par::to_writer_lines(&mut out, &events)?;
/// assert_eq!(out, b"[[\"id\",1]]\n[[\"id\",2]]\n");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_writer_lines<W: io::Write, T: ToJson + Sync>(
    writer: W,
    items: &[T],
) -> Result<(), Error> {
    Encoder::lines().to_writer(writer, items)
}

/// Writes `items` as a compact JSON array to the file at `path`, encoding
/// on every core and replacing the file safely as [`crate::write_file`]
/// does. The error names the path.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-par-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let path = dir.join("squares.json");
/// let squares: Vec<u64> = (0..100_000).map(|i| i * i).collect();
/// json_runtime::par::write_file(&path, &squares)?;
/// assert_eq!(std::fs::read(&path)?, json_runtime::to_vec(&squares)?);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn write_file<P: AsRef<Path>, T: ToJson + Sync>(path: P, items: &[T]) -> Result<(), Error> {
    Encoder::array().write_file(path, items)
}

/// Writes `items` as a pretty JSON array to the file at `path`, as
/// [`write_file`] does.
pub fn write_file_pretty<P: AsRef<Path>, T: ToJson + Sync>(
    path: P,
    items: &[T],
) -> Result<(), Error> {
    Encoder::pretty().write_file(path, items)
}

/// Writes `items` as JSON Lines to the file at `path`, as [`write_file`]
/// does.
pub fn write_file_lines<P: AsRef<Path>, T: ToJson + Sync>(
    path: P,
    items: &[T],
) -> Result<(), Error> {
    Encoder::lines().write_file(path, items)
}
