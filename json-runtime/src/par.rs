//! Long sequences encoded on every core (feature `rayon`).
//!
//! The functions here write a slice, or the items of an
//! [`IndexedParallelIterator`], as one JSON array or as
//! [JSON Lines](https://jsonlines.org), with rayon's thread pool doing the
//! encoding. The bytes are exactly those of the sequential functions:
//! [`to_vec`] equals [`crate::to_vec`] of the slice, [`to_vec_pretty`]
//! equals [`crate::to_vec_pretty`], [`to_writer_lines`] equals
//! [`crate::to_writer_lines`], and so on.
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
//! let parallel = json_runtime::par::to_vec(&products);
//! assert_eq!(parallel, json_runtime::to_vec(&products));
//! assert!(parallel.starts_with(br#"[{"id":0,"name":"product 0"},{"id":1,"#));
//! ```
//!
//! # How it works
//!
//! The sequence is cut into chunks of consecutive elements, each chunk is
//! encoded into a buffer of its own on whichever thread rayon gives it to,
//! and the buffers are joined in order. A JSON array's elements all sit at
//! the same depth, so a chunk encoded as the continuation of an array
//! (each element after a `,`, indented for depth 1 in pretty layout) is
//! exactly the text the sequential encoder writes for those elements.
//!
//! The first few elements are encoded on the calling thread first. Their
//! size sets the chunk length, so that a chunk is about [`CHUNK_BYTES`] of
//! output, whatever the elements. A sequence whose output is estimated
//! under two chunks is encoded on the calling thread alone: for short
//! sequences these functions cost what the sequential ones cost.
//!
//! # Memory
//!
//! [`to_vec`] holds the whole output, as [`crate::to_vec`] does, plus the
//! chunks in flight. The streaming forms ([`to_writer`],
//! [`to_writer_lines`], [`write_file`], [`Encoder::to_writer`]) hold only
//! the chunks in flight: the chunks being encoded, at most
//! [`CHUNKS_PER_THREAD`] per thread of the pool, and as many again already
//! encoded and being written. With the default chunk size that is about
//! 1 MiB per thread, whatever the length of the sequence; a lazily
//! generated parallel iterator streams in flat memory too. (The bound is in
//! elements per chunk, set from the first elements' size: a sequence whose
//! later elements are far larger than its first makes larger chunks.)
//!
//! # Errors and panics
//!
//! In-memory encoding cannot fail. The streaming forms return the first I/O
//! error, write nothing after it and encode no further chunk (the chunks
//! already being encoded run to their end and are dropped). A panic in an
//! element's `ToJson` impl reaches the caller, as rayon propagates it;
//! [`write_file`] then leaves the old file in place.
//!
//! # Threads
//!
//! The work runs in the current rayon pool: the global one, or the one a
//! call to `ThreadPool::install` chose. The caller's thread writes the
//! encoded chunks, in order, to the `io::Write` (which therefore need not
//! be `Send`) while the pool encodes the next ones.

use std::io;
use std::path::Path;

use rayon::iter::plumbing::{Producer, ProducerCallback};
use rayon::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
use rayon::prelude::*;

use crate::stream::resume_array;
use crate::writer::{Compact, Format, JsonWriter, Pretty};
use crate::{ToJson, DEFAULT_INDENT};

/// The output one chunk aims at, in bytes.
///
/// Measured on two cores (products/1000000, 110 MB; records ×100, 48 MB),
/// as the time of [`to_vec`] and of [`to_writer`] into a file against the
/// sequential functions: see the README's performance section for the
/// figures. Smaller chunks cost more hand-overs between threads; larger
/// ones leave a core idle at the end of each window and hold more memory.
/// The size does not depend on the number of cores: more cores take more
/// chunks at a time ([`CHUNKS_PER_THREAD`] each), so the memory in flight
/// grows with the core count and the per-chunk overhead stays the same.
pub const CHUNK_BYTES: usize = 256 * 1024;

/// Chunks given to each thread of the pool at a time. The streaming forms
/// encode one window of `CHUNKS_PER_THREAD × threads` chunks while the
/// calling thread writes the previous one.
pub const CHUNKS_PER_THREAD: usize = 2;

/// Elements encoded on the calling thread before the chunk length is
/// chosen from their size.
const PROBE_ELEMENTS: usize = 16;

/// How the sequence is laid out.
#[derive(Debug, Clone, Copy)]
enum Layout<'a> {
    /// A compact JSON array.
    Compact,
    /// A pretty JSON array with this indent.
    Pretty(&'a [u8]),
    /// JSON Lines.
    Lines,
}

/// Parallel encoding with a chosen layout and, if wanted, a chosen chunk
/// length; the free functions of this module use the defaults.
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
/// let json = Encoder::array().to_vec(squares);
/// assert!(json.starts_with(b"[0,1,4,9,16,"));
///
/// let mut lines = Vec::new();
/// Encoder::lines().to_writer(&mut lines, (1..4).into_par_iter().map(|id| [("id", id)]))?;
/// assert_eq!(lines, b"[[\"id\",1]]\n[[\"id\",2]]\n[[\"id\",3]]\n");
///
/// let tabs = Encoder::pretty_with_indent(b"\t").to_vec(&[1, 2][..]);
/// assert_eq!(tabs, b"[\n\t1,\n\t2\n]");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Encoder<'a> {
    layout: Layout<'a>,
    chunk_len: Option<usize>,
}

impl<'a> Encoder<'a> {
    /// A compact JSON array, as [`crate::to_vec`] writes a slice.
    pub fn array() -> Self {
        Encoder {
            layout: Layout::Compact,
            chunk_len: None,
        }
    }

    /// A pretty JSON array indented by two spaces, as
    /// [`crate::to_vec_pretty`] writes a slice.
    pub fn pretty() -> Encoder<'static> {
        Encoder::pretty_with_indent(DEFAULT_INDENT)
    }

    /// A pretty JSON array with this indent, as
    /// [`PrettyFormatter::with_indent`](crate::PrettyFormatter::with_indent)
    /// writes a slice.
    pub fn pretty_with_indent(indent: &'a [u8]) -> Self {
        Encoder {
            layout: Layout::Pretty(indent),
            chunk_len: None,
        }
    }

    /// JSON Lines: each item compact, followed by `\n`, as
    /// [`crate::to_writer_lines`] writes them.
    pub fn lines() -> Self {
        Encoder {
            layout: Layout::Lines,
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

    /// Encodes `items` into a new `Vec`.
    pub fn to_vec<I>(&self, items: I) -> Vec<u8>
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        let mut out = Vec::new();
        let items = items.into_par_iter();
        let len = items.len();
        let result = items.with_producer(Run {
            encoder: *self,
            len,
            sink: &mut ToVec(&mut out),
        });
        result.expect("writing to a Vec cannot fail");
        out
    }

    /// Streams `items` into `writer`, in bounded memory (see
    /// [Memory](self#memory)), and flushes it. The first I/O error is
    /// returned, and nothing is written after it.
    pub fn to_writer<W, I>(&self, mut writer: W, items: I) -> io::Result<()>
    where
        W: io::Write,
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        let items = items.into_par_iter();
        let len = items.len();
        items.with_producer(Run {
            encoder: *self,
            len,
            sink: &mut ToWriter(&mut writer),
        })?;
        writer.flush()
    }

    /// Writes `items` to the file at `path`, replacing it safely as
    /// [`crate::write_file`] does: through a temporary file in the same
    /// folder, synced and renamed over `path` only once all is written.
    pub fn write_file<P, I>(&self, path: P, items: I) -> io::Result<()>
    where
        P: AsRef<Path>,
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        I::Item: ToJson,
    {
        crate::write_file_with(path, |file| self.to_writer(file, items))
    }
}

/// Encodes `items` as a compact JSON array on every core: the bytes of
/// [`crate::to_vec`]`(items)`.
///
/// ```
/// let readings: Vec<f64> = (0..10_000).map(|i| f64::from(i) / 4.0).collect();
/// assert_eq!(json_runtime::par::to_vec(&readings), json_runtime::to_vec(&readings));
/// ```
pub fn to_vec<T: ToJson + Sync>(items: &[T]) -> Vec<u8> {
    Encoder::array().to_vec(items)
}

/// Encodes `items` as a pretty JSON array, indented by two spaces, on every
/// core: the bytes of [`crate::to_vec_pretty`]`(items)`.
///
/// ```
/// let names = vec!["ada", "grace"];
/// assert_eq!(json_runtime::par::to_vec_pretty(&names), b"[\n  \"ada\",\n  \"grace\"\n]");
/// ```
pub fn to_vec_pretty<T: ToJson + Sync>(items: &[T]) -> Vec<u8> {
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
/// assert_eq!(out, json_runtime::to_vec(&ids));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer<W: io::Write, T: ToJson + Sync>(writer: W, items: &[T]) -> io::Result<()> {
    Encoder::array().to_writer(writer, items)
}

/// Streams `items` as a pretty JSON array, indented by two spaces, into
/// `writer`: the bytes of [`crate::to_writer_pretty`]. Memory and errors
/// as in [`to_writer`].
pub fn to_writer_pretty<W: io::Write, T: ToJson + Sync>(writer: W, items: &[T]) -> io::Result<()> {
    Encoder::pretty().to_writer(writer, items)
}

/// Streams `items` as JSON Lines into `writer`: the bytes of
/// [`crate::to_writer_lines`]. Memory and errors as in [`to_writer`].
///
/// ```
/// let events = vec![[("id", 1)], [("id", 2)]];
/// let mut out = Vec::new();
/// json_runtime::par::to_writer_lines(&mut out, &events)?;
/// assert_eq!(out, b"[[\"id\",1]]\n[[\"id\",2]]\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer_lines<W: io::Write, T: ToJson + Sync>(writer: W, items: &[T]) -> io::Result<()> {
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
/// assert_eq!(std::fs::read(&path)?, json_runtime::to_vec(&squares));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_file<P: AsRef<Path>, T: ToJson + Sync>(path: P, items: &[T]) -> io::Result<()> {
    Encoder::array().write_file(path, items)
}

/// Writes `items` as a pretty JSON array to the file at `path`, as
/// [`write_file`] does.
pub fn write_file_pretty<P: AsRef<Path>, T: ToJson + Sync>(path: P, items: &[T]) -> io::Result<()> {
    Encoder::pretty().write_file(path, items)
}

/// Writes `items` as JSON Lines to the file at `path`, as [`write_file`]
/// does.
pub fn write_file_lines<P: AsRef<Path>, T: ToJson + Sync>(path: P, items: &[T]) -> io::Result<()> {
    Encoder::lines().write_file(path, items)
}

/// Where the encoded pieces go, in order.
trait Sink {
    /// Told the estimated size of the whole output once the chunk length is
    /// chosen, so that in-memory output can allocate once.
    fn expect_total(&mut self, _bytes: usize) {}

    fn write(&mut self, bytes: &[u8]) -> io::Result<()>;

    /// The whole output, when it was encoded in one piece.
    fn write_whole(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        self.write(&bytes)
    }
}

struct ToVec<'v>(&'v mut Vec<u8>);

impl Sink for ToVec<'_> {
    fn expect_total(&mut self, bytes: usize) {
        crate::huge::reserve(self.0, bytes.saturating_sub(self.0.len()));
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        crate::huge::reserve(self.0, bytes.len());
        self.0.extend_from_slice(bytes);
        Ok(())
    }

    fn write_whole(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        *self.0 = bytes;
        Ok(())
    }
}

struct ToWriter<W>(W);

impl<W: io::Write> Sink for ToWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }
}

/// One encoding run, handed the iterator's producer by rayon.
struct Run<'e, 's> {
    encoder: Encoder<'e>,
    /// The number of items.
    len: usize,
    sink: &'s mut dyn Sink,
}

impl<T: ToJson> ProducerCallback<T> for Run<'_, '_> {
    type Output = io::Result<()>;

    fn callback<P: Producer<Item = T>>(self, producer: P) -> io::Result<()> {
        match self.encoder.layout {
            Layout::Compact => run::<Array<Compact>, P>(self, producer, DEFAULT_INDENT),
            Layout::Pretty(indent) => run::<Array<Pretty>, P>(self, producer, indent),
            Layout::Lines => run::<Lines, P>(self, producer, DEFAULT_INDENT),
        }
    }
}

/// The text around and between elements of one layout.
trait Pieces {
    /// Before the first element: `[`, or nothing for JSON Lines.
    const OPEN: &'static [u8];

    /// Appends the elements of `items` to `buf`, `first` saying whether the
    /// first of them is the first of the sequence.
    fn encode<I>(buf: &mut Vec<u8>, indent: &[u8], items: I, first: bool)
    where
        I: Iterator,
        I::Item: ToJson;

    /// After the last element; `empty` when there was none.
    fn close(buf: &mut Vec<u8>, empty: bool);
}

struct Array<F>(F);
struct Lines;

impl<F: Format> Pieces for Array<F> {
    const OPEN: &'static [u8] = b"[";

    fn encode<I>(buf: &mut Vec<u8>, indent: &[u8], mut items: I, first: bool)
    where
        I: Iterator,
        I::Item: ToJson,
    {
        let mut w = JsonWriter::<F>::to_memory(std::mem::take(buf), indent);
        // Every element is at depth 1, whichever chunk it is in.
        resume_array(&mut w);
        if first {
            if let Some(item) = items.next() {
                w.array_value(true);
                item.write_json(&mut w);
            }
        }
        for item in items {
            w.array_value(false);
            item.write_json(&mut w);
        }
        *buf = w.into_buf();
    }

    fn close(buf: &mut Vec<u8>, empty: bool) {
        // What `end_array` writes at depth 0.
        if F::PRETTY && !empty {
            buf.push(b'\n');
        }
        buf.push(b']');
    }
}

impl Pieces for Lines {
    const OPEN: &'static [u8] = b"";

    fn encode<I>(buf: &mut Vec<u8>, _indent: &[u8], items: I, _first: bool)
    where
        I: Iterator,
        I::Item: ToJson,
    {
        let mut w = JsonWriter::<Compact>::to_memory(std::mem::take(buf), DEFAULT_INDENT);
        for item in items {
            item.write_json(&mut w);
            w.write_raw("\n");
        }
        *buf = w.into_buf();
    }

    fn close(_buf: &mut Vec<u8>, _empty: bool) {}
}

/// Splits `producer` into consecutive producers of `chunk_len` items (the
/// last may be shorter), taking at most `max_chunks` of them off its front.
/// Returns the chunks and what is left.
fn split_chunks<P: Producer>(
    mut producer: P,
    mut len: usize,
    chunk_len: usize,
    max_chunks: usize,
) -> (Vec<P>, Option<P>, usize) {
    let mut chunks = Vec::with_capacity(max_chunks);
    while len > 0 && chunks.len() < max_chunks {
        if len <= chunk_len {
            chunks.push(producer);
            return (chunks, None, 0);
        }
        let (chunk, rest) = producer.split_at(chunk_len);
        chunks.push(chunk);
        producer = rest;
        len -= chunk_len;
    }
    let rest = (len > 0).then_some(producer);
    (chunks, rest, len)
}

fn run<L: Pieces, P>(run: Run<'_, '_>, producer: P, indent: &[u8]) -> io::Result<()>
where
    P: Producer,
    P::Item: ToJson,
{
    let Run { encoder, len, sink } = run;

    // The first elements, on this thread; their size sets the chunk length.
    let probe = len.min(PROBE_ELEMENTS);
    let (head, rest) = producer.split_at(probe);
    let mut buf = Vec::with_capacity(crate::INITIAL_CAPACITY);
    buf.extend_from_slice(L::OPEN);
    L::encode(&mut buf, indent, head.into_iter(), true);
    let mut remaining = len - probe;
    let per_element = (buf.len() - L::OPEN.len()).div_ceil(probe.max(1)).max(1);
    let chunk_len = encoder
        .chunk_len
        .unwrap_or_else(|| (CHUNK_BYTES / per_element).max(1));
    let parallel = match encoder.chunk_len {
        Some(_) => remaining > chunk_len,
        // Under two chunks of output the hand-overs would cost more than
        // they save.
        None => remaining.saturating_mul(per_element) >= 2 * CHUNK_BYTES,
    };
    if !parallel {
        L::encode(&mut buf, indent, rest.into_iter(), false);
        L::close(&mut buf, len == 0);
        return sink.write_whole(buf);
    }
    // A little over the estimate, so that output a few percent larger than
    // the first elements suggest does not double the buffer.
    let total = buf.len() + remaining * per_element;
    sink.expect_total(total + total / 16);
    sink.write(&buf)?;
    drop(buf);

    let threads = rayon::current_num_threads().max(1);
    let window = CHUNKS_PER_THREAD * threads;
    let mut rest = Some(rest);
    // Encoded and waiting to be written, and free for the next window.
    let mut ready: Vec<Vec<u8>> = Vec::with_capacity(window);
    let mut free: Vec<Vec<u8>> = Vec::with_capacity(window);
    loop {
        let (chunks, left, left_len) = match rest.take() {
            Some(producer) => split_chunks(producer, remaining, chunk_len, window),
            None => (Vec::new(), None, 0),
        };
        rest = left;
        remaining = left_len;
        if chunks.is_empty() && ready.is_empty() {
            break;
        }
        free.resize_with(chunks.len(), Vec::new);
        let encoding = &mut free;
        let written = rayon::in_place_scope(|scope| {
            if !chunks.is_empty() {
                scope.spawn(move |_| {
                    chunks
                        .into_par_iter()
                        .zip(encoding.par_iter_mut())
                        .for_each(|(chunk, buf)| {
                            buf.clear();
                            L::encode(buf, indent, chunk.into_iter(), false);
                        });
                });
            }
            ready.iter().try_for_each(|piece| sink.write(piece))
        });
        // On an error the window encoded meanwhile is dropped unwritten.
        written?;
        std::mem::swap(&mut ready, &mut free);
    }
    let mut end = Vec::new();
    L::close(&mut end, false);
    sink.write(&end)
}
