//! Long sequences encoded on every core (feature `rayon`).
//!
//! The functions here write a slice, or the items of an
//! [`IndexedParallelIterator`], as one JSON array or as
//! [JSON Lines](https://jsonlines.org), with rayon's thread pool doing the
//! encoding. The bytes are exactly those of the sequential functions:
//! [`to_vec`] equals [`crate::to_vec`] of the slice, [`to_vec_pretty`]
//! equals [`crate::to_vec_pretty`], [`to_writer_lines`] equals
//! [`crate::to_writer_lines`], and so on. [`Encoder::with_options`] and
//! [`Encoder::lines_with_options`] take an [`Options`]
//! (indent, [`Escape`](crate::Escape) mode, sorted keys, inline arrays),
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

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Mutex;

use rayon::iter::plumbing::{Producer, ProducerCallback};
use rayon::iter::{IndexedParallelIterator, IntoParallelIterator};

use crate::buf::growth;
use crate::buf::sizes::INITIAL_CAPACITY;
use crate::error::Error;
use crate::options::Options;
use crate::sequences::{fill_array, ArrayState, Framing};
use crate::to_json::ToJson;
use crate::writer::{Compact, Config, Format, JsonWriter, Pretty};

/// The output one chunk aims at, in bytes.
///
/// Chosen by measurement on two cores (products/1000000, 110 MB; records
/// x100, 60 MB), as the time of [`to_vec`] and of [`to_writer`] into a
/// file against the sequential functions; the figures are in the README's
/// performance section. Smaller chunks cost more hand-overs between
/// threads; larger ones no longer fit a core's L2 cache while they are
/// encoded and then copied, and hold more memory. The size does not depend
/// on the number of cores: with more cores more chunks are in flight
/// ([`CHUNKS_PER_THREAD`] per thread), so memory grows with the core count
/// while the cost per chunk stays the same.
pub const CHUNK_BYTES: usize = 256 * 1024;

/// Chunks queued or being encoded per thread of the pool, ahead of the one
/// being written.
pub const CHUNKS_PER_THREAD: usize = 2;

/// Elements encoded on the calling thread before the chunk length is
/// chosen from their size.
const PROBE_ELEMENTS: usize = 16;

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
    /// [`crate::to_writer_lines`] writes them.
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
            encoder: *self,
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
            encoder: *self,
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
        crate::write_file_with(path, |file| self.to_writer(file, items))
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
/// [`crate::to_writer_lines`]. Memory and errors as in [`to_writer`].
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

/// Where the encoded pieces go, in order.
trait Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()>;

    /// The output itself, when it is in memory: chunks are then encoded
    /// or copied straight into it (see [`InMemory`]).
    fn direct(&mut self) -> Option<&mut Vec<u8>> {
        None
    }

    /// The whole output, when it was encoded in one piece.
    fn write_whole(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        self.write(&bytes)
    }
}

struct ToVec<'v>(&'v mut Vec<u8>);

impl Sink for ToVec<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        growth::reserve(self.0, bytes.len());
        self.0.extend_from_slice(bytes);
        Ok(())
    }

    fn write_whole(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        *self.0 = bytes;
        Ok(())
    }

    fn direct(&mut self) -> Option<&mut Vec<u8>> {
        Some(self.0)
    }
}

/// One chunk to copy into its place in the in-memory output.
struct Copy {
    bytes: Vec<u8>,
    /// Where the chunk goes: `bytes.len()` bytes of the output's spare
    /// capacity that nothing else writes or reads (see [`InMemory::place`]).
    to: *mut u8,
}

// SAFETY: the only thing in a `Copy` that is not `Send` is `to`, and the
// range it points to is written by whichever one thread takes this `Copy`
// out of the queue, and by no one else (see `InMemory::place`).
unsafe impl Send for Copy {}

/// The copies waiting for a thread, and the buffers they leave free.
struct Copies {
    queue: Mutex<Vec<Copy>>,
    /// Copies queued or running.
    unfinished: AtomicUsize,
}

impl Copies {
    /// Runs one queued copy, if any is left, and gives its buffer back to
    /// `spare`. Returns whether there was one.
    fn run_one(&self, spare: &Mutex<Vec<Vec<u8>>>) -> bool {
        let job = self.queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(Copy { mut bytes, to }) = job else {
            return false;
        };
        // SAFETY: `to` starts `bytes.len()` bytes of the output's spare
        // capacity, reserved for this copy alone: later chunks are placed
        // after them, and the `Vec` is not grown, encoded into or given
        // back while a copy is unfinished (`InMemory::settle`). `bytes` is
        // a buffer of its own, so the two do not overlap.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), to, bytes.len()) };
        self.unfinished.fetch_sub(1, Ordering::Release);
        bytes.clear();
        spare.lock().unwrap_or_else(|e| e.into_inner()).push(bytes);
        true
    }
}

/// The in-memory output of [`to_vec`](Encoder::to_vec) while the pool
/// copies finished chunks into it.
///
/// Each chunk gets its place in the output as soon as its turn comes (its
/// offset is the length of everything before it), and a pool task copies
/// it there, so neither the copy nor the page faults of the fresh output
/// are serial on the calling thread. The `Vec` is not touched while copies
/// are unfinished: whatever may move or free its buffer (growing it,
/// encoding into it, giving it back) first finishes them, in
/// [`settle`](Self::settle).
struct InMemory<'v> {
    out: &'v mut Vec<u8>,
    /// The length of the output once the unfinished copies are done.
    filled: usize,
    copies: &'v Copies,
    spare: &'v Mutex<Vec<Vec<u8>>>,
}

impl<'v> InMemory<'v> {
    /// Runs the queued copies, waits for the running ones, and returns the
    /// output, whole.
    fn settle(&mut self) -> &mut Vec<u8> {
        while self.copies.run_one(self.spare) {}
        while self.copies.unfinished.load(Ordering::Acquire) > 0 {
            wait_a_little();
        }
        // SAFETY: `filled` is at most the capacity (`place` reserved it),
        // and every byte from the length to `filled` was written by a copy
        // that has finished: each decremented `unfinished` after its copy,
        // with release ordering, and the load above acquired that.
        unsafe { self.out.set_len(self.filled) };
        self.out
    }

    /// Told, before each chunk, that `done` of `total` elements are in the
    /// output, so that it is allocated for the size those suggest once,
    /// instead of doubling.
    fn progress(&mut self, done: usize, total: usize) {
        if done == 0 || self.filled == 0 {
            return;
        }
        // The size so far, scaled to every element, and a sixteenth more:
        // the first elements of a list are often its shortest (smaller
        // numbers, shorter names).
        let projected = (self.filled as u128 * total as u128 / done as u128) as usize;
        // Only when the projection is about to outgrow the buffer, and then
        // with the margin again, so that it grows a few times at most.
        if projected + CHUNK_BYTES > self.out.capacity() {
            growth::reserve_total(self.settle(), projected + projected / 16);
        }
    }

    /// Puts `bytes` after everything placed so far, and has a task of
    /// `scope` copy them there.
    fn place<'s>(&mut self, scope: &rayon::Scope<'s>, bytes: Vec<u8>)
    where
        'v: 's,
    {
        let len = bytes.len();
        if len == 0 {
            return;
        }
        if self.out.capacity() - self.filled < len {
            growth::reserve(self.settle(), len);
        }
        // SAFETY: `filled + len` is at most the capacity, checked or made
        // so just above, so the offset stays inside the allocation.
        // `as_mut_ptr` creates no reference to the buffer, so the pointers
        // of unfinished copies stay valid beside this one.
        let to = unsafe { self.out.as_mut_ptr().add(self.filled) };
        self.filled += len;
        self.copies.unfinished.fetch_add(1, Ordering::Relaxed);
        self.copies
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Copy { bytes, to });
        let (copies, spare) = (self.copies, self.spare);
        scope.spawn(move |_| {
            copies.run_one(spare);
        });
    }
}

/// One turn of waiting for the pool: runs one of its tasks when called on
/// one of its threads, else yields the core.
fn wait_a_little() {
    match rayon::yield_now() {
        Some(rayon::Yield::Executed) => {}
        _ => std::thread::yield_now(),
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
        match self.encoder.framing {
            Framing::Array if self.encoder.options.is_pretty() => {
                run::<Array<Pretty>, P>(self, producer)
            }
            Framing::Array => run::<Array<Compact>, P>(self, producer),
            Framing::Lines => run::<Lines, P>(self, producer),
        }
    }
}

/// The text around and between elements of one layout.
trait Pieces {
    /// Before the first element: `[`, or nothing for JSON Lines.
    const OPEN: &'static [u8];

    /// Appends the elements of `items` to `buf`, `first` saying whether the
    /// first of them is the first of the sequence, or returns the error an
    /// element written through serde reported.
    fn encode<I>(
        buf: &mut Vec<u8>,
        config: &Config<'_>,
        items: I,
        first: bool,
    ) -> Result<(), Error>
    where
        I: Iterator,
        I::Item: ToJson;

    /// Whether a sequence of `len` items must be encoded whole, by
    /// [`encode_whole`](Self::encode_whole), for its bytes to be the
    /// sequential ones.
    fn whole_only(_config: &Config<'_>, _len: usize) -> bool {
        false
    }

    /// Encodes the whole sequence into `buf` (empty) as the sequential
    /// functions do.
    fn encode_whole<I>(buf: &mut Vec<u8>, config: &Config<'_>, items: I) -> io::Result<()>
    where
        I: Iterator,
        I::Item: ToJson,
    {
        buf.extend_from_slice(Self::OPEN);
        Self::encode(buf, config, items, true)?;
        Self::close(buf, buf.len() == Self::OPEN.len());
        Ok(())
    }

    /// After the last element; `empty` when there was none.
    fn close(buf: &mut Vec<u8>, empty: bool);
}

struct Array<F>(F);
struct Lines;

impl<F: Format> Pieces for Array<F> {
    const OPEN: &'static [u8] = b"[";

    fn encode<I>(
        buf: &mut Vec<u8>,
        config: &Config<'_>,
        mut items: I,
        first: bool,
    ) -> Result<(), Error>
    where
        I: Iterator,
        I::Item: ToJson,
    {
        let mut w = JsonWriter::<F>::in_memory(config, std::mem::take(buf));
        // Every element is at depth 1, whichever chunk it is in.
        w.resume_array();
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
        *buf = w.into_result()?;
        Ok(())
    }

    fn close(buf: &mut Vec<u8>, empty: bool) {
        // What `end_array` writes at depth 0.
        if F::PRETTY && !empty {
            buf.push(b'\n');
        }
        buf.push(b']');
    }

    /// With inline arrays, the array itself goes on one line if its items
    /// are scalars and the line fits, which only its end tells. Each item
    /// takes at least three characters on that line (one, and `, ` or
    /// `[]`), so one of more than `max_width` items never fits, and only
    /// the arrays inside its items, each in one chunk, may go on one line.
    fn whole_only(config: &Config<'_>, len: usize) -> bool {
        F::PRETTY
            && config
                .inline_arrays
                .is_some_and(|max_width| len <= max_width)
    }

    fn encode_whole<I>(buf: &mut Vec<u8>, config: &Config<'_>, mut items: I) -> io::Result<()>
    where
        I: Iterator,
        I::Item: ToJson,
    {
        fill_array::<F, I>(buf, config, &mut items, &mut ArrayState::Start, usize::MAX)?;
        Ok(())
    }
}

impl Pieces for Lines {
    const OPEN: &'static [u8] = b"";

    fn encode<I>(
        buf: &mut Vec<u8>,
        config: &Config<'_>,
        items: I,
        _first: bool,
    ) -> Result<(), Error>
    where
        I: Iterator,
        I::Item: ToJson,
    {
        // As `to_writer_lines`: a raw value must not break its line.
        let config = config.lines();
        let mut w = JsonWriter::<Compact>::in_memory(&config, std::mem::take(buf));
        for item in items {
            item.write_json(&mut w);
            w.write_ascii(b"\n");
        }
        *buf = w.into_result()?;
        Ok(())
    }

    fn close(_buf: &mut Vec<u8>, _empty: bool) {}
}

/// Splits `producer` (of `len` items) into consecutive producers of
/// `chunk_len` items, the last one possibly shorter, each in a slot that
/// whichever thread encodes it empties.
fn split_chunks<P: Producer>(
    mut producer: P,
    mut len: usize,
    chunk_len: usize,
) -> Vec<Mutex<Option<P>>> {
    let mut chunks = Vec::with_capacity(len.div_ceil(chunk_len));
    while len > chunk_len {
        let (chunk, rest) = producer.split_at(chunk_len);
        chunks.push(Mutex::new(Some(chunk)));
        producer = rest;
        len -= chunk_len;
    }
    if len > 0 {
        chunks.push(Mutex::new(Some(producer)));
    }
    chunks
}

/// Where the chunks sit in the sequence, for [`Sink::progress`].
#[derive(Clone, Copy)]
struct Progress {
    /// Elements before the first chunk.
    before: usize,
    chunk_len: usize,
    total: usize,
}

/// What a pool task reports for chunk `.0`: its bytes, or `None` when the
/// encoder panicked (the scope then re-raises the panic).
/// A chunk's bytes, or the error an element written through serde
/// reported; `None` if the task panicked.
type Encoded = (usize, Option<Result<Vec<u8>, Error>>);

/// Sends `None` for its chunk if dropped before it sent the bytes, so that
/// a panicking element cannot leave the caller waiting forever.
struct Report<'a> {
    chunk: usize,
    to: &'a Sender<Encoded>,
    sent: bool,
}

impl Drop for Report<'_> {
    fn drop(&mut self) {
        if !self.sent {
            let _ = self.to.send((self.chunk, None));
        }
    }
}

/// Writes the chunks in order while rayon's pool encodes the ones ahead.
///
/// The calling thread hands each chunk to the pool as a task, keeping
/// [`CHUNKS_PER_THREAD`] per pool thread in flight, and writes finished
/// chunks in order as they arrive. When the next chunk to write is one
/// that no task has started yet, the calling thread takes it and encodes
/// it itself, straight into the output when it is in memory, so that it
/// works instead of waiting and its share of the bytes is never copied.
/// Into a `Vec`, the other chunks are copied by pool tasks too (see
/// [`InMemory`]). There is no barrier: the pool always has the next chunks
/// queued.
fn pipeline<L: Pieces, P>(
    chunks: Vec<Mutex<Option<P>>>,
    progress: Progress,
    config: &Config<'_>,
    sink: &mut dyn Sink,
) -> io::Result<()>
where
    P: Producer,
    P::Item: ToJson,
{
    let in_flight = CHUNKS_PER_THREAD * rayon::current_num_threads().max(1);
    let (to_caller, from_pool) = mpsc::channel::<Encoded>();
    let spare: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let stop = AtomicBool::new(false);
    let copies = Copies {
        queue: Mutex::new(Vec::new()),
        unfinished: AtomicUsize::new(0),
    };
    let mut target = if sink.direct().is_some() {
        let out = sink.direct().expect("checked just above");
        Target::Memory(InMemory {
            filled: out.len(),
            out,
            copies: &copies,
            spare: &spare,
        })
    } else {
        Target::Stream(sink)
    };
    let take = |chunk: usize| {
        chunks[chunk]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    };
    let reuse = || spare.lock().unwrap_or_else(|e| e.into_inner()).pop();
    rayon::in_place_scope(|scope| {
        let spawn = |chunk: usize| {
            let (to_caller, stop, take, reuse) = (to_caller.clone(), &stop, &take, &reuse);
            scope.spawn(move |_| {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(producer) = take(chunk) else {
                    // The calling thread took it.
                    return;
                };
                let mut report = Report {
                    chunk,
                    to: &to_caller,
                    sent: false,
                };
                let mut buf =
                    reuse().unwrap_or_else(|| Vec::with_capacity(CHUNK_BYTES + CHUNK_BYTES / 4));
                let encoded =
                    L::encode(&mut buf, config, producer.into_iter(), false).map(|()| buf);
                // The caller's receiver outlives the scope, so this reaches it.
                let _ = to_caller.send((chunk, Some(encoded)));
                report.sent = true;
            });
        };
        let count = chunks.len();
        (0..count.min(in_flight)).for_each(spawn);
        // Chunks that arrived before their turn.
        let mut early: HashMap<usize, Option<Result<Vec<u8>, Error>>> = HashMap::new();
        let mut own = Vec::new();
        // Into memory, a caller outside the pool only puts the chunks in
        // order: the pool encodes and copies them all. Encoding too, it
        // would be one busy thread more than the pool has cores for
        // (products/1000000 on 2 threads: 1.4-1.6x sequential `to_vec`
        // against 1.2x). A caller on a thread of the pool, or writing to an
        // `io::Write`, encodes the chunks no task has started yet.
        let caller_encodes =
            matches!(target, Target::Stream(_)) || rayon::current_thread_index().is_some();
        let result = (0..count).try_for_each(|chunk| {
            if let Target::Memory(memory) = &mut target {
                memory.progress(progress.before + chunk * progress.chunk_len, progress.total);
            }
            let bytes = loop {
                if let Some(bytes) = early.remove(&chunk) {
                    break bytes;
                }
                if caller_encodes {
                    if let Some(producer) = take(chunk) {
                        match &mut target {
                            Target::Memory(memory) => {
                                let out = memory.settle();
                                let encoded = L::encode(out, config, producer.into_iter(), false);
                                memory.filled = memory.out.len();
                                break Some(encoded.map(|()| Vec::new()));
                            }
                            Target::Stream(_) => {
                                own.clear();
                                let encoded =
                                    L::encode(&mut own, config, producer.into_iter(), false);
                                break Some(encoded.map(|()| std::mem::take(&mut own)));
                            }
                        }
                    }
                    // A task has this chunk. Rather than wait (its thread
                    // may have been preempted), encode a later chunk that no
                    // task has started, if any, to write when its turn comes.
                    let ahead = (chunk + 1..count.min(chunk + 1 + in_flight))
                        .find_map(|later| Some((later, take(later)?)));
                    if let Some((later, producer)) = ahead {
                        let mut buf = reuse().unwrap_or_default();
                        let encoded = L::encode(&mut buf, config, producer.into_iter(), false);
                        early.insert(later, Some(encoded.map(|()| buf)));
                        continue;
                    }
                }
                let (done, bytes) = receive(&from_pool);
                early.insert(done, bytes);
            };
            // A task panicked: stop here, and the scope re-raises it.
            let Some(bytes) = bytes else {
                return Err(None);
            };
            // A value written through serde failed: the document is lost,
            // and nothing more is written.
            let mut bytes = bytes.map_err(|error| Some(io::Error::from(error)))?;
            if chunk + in_flight < count {
                spawn(chunk + in_flight);
            }
            match &mut target {
                Target::Memory(memory) => {
                    memory.place(scope, bytes);
                    Ok(())
                }
                Target::Stream(sink) => {
                    let written = sink.write(&bytes);
                    bytes.clear();
                    if own.capacity() == 0 {
                        own = bytes;
                    } else if bytes.capacity() > 0 {
                        spare.lock().unwrap_or_else(|e| e.into_inner()).push(bytes);
                    }
                    written.map_err(Some)
                }
            }
        });
        if result.is_err() {
            // Tasks not started yet encode nothing.
            stop.store(true, Ordering::Relaxed);
        }
        if let Target::Memory(memory) = &mut target {
            memory.settle();
        }
        match result {
            Ok(()) => Ok(()),
            Err(Some(e)) => Err(e),
            // The panic propagates when the scope ends.
            Err(None) => Ok(()),
        }
    })
}

/// Where [`pipeline`] puts the chunks.
enum Target<'v> {
    /// Into a `Vec`, copied by the pool.
    Memory(InMemory<'v>),
    /// Written in order by the calling thread.
    Stream(&'v mut dyn Sink),
}

/// The next chunk from the pool. A caller that is itself a thread of the
/// pool runs other tasks while it waits, so it never blocks a thread the
/// chunks need (with one thread, they would never run).
fn receive(from_pool: &Receiver<Encoded>) -> Encoded {
    loop {
        match from_pool.try_recv() {
            Ok(done) => return done,
            Err(TryRecvError::Disconnected) => unreachable!("the caller holds a sender"),
            Err(TryRecvError::Empty) => {}
        }
        match rayon::yield_now() {
            Some(rayon::Yield::Executed) => {}
            Some(rayon::Yield::Idle) => std::thread::yield_now(),
            None => return from_pool.recv().expect("the caller holds a sender"),
        }
    }
}

fn run<L: Pieces, P>(run: Run<'_, '_>, producer: P) -> io::Result<()>
where
    P: Producer,
    P::Item: ToJson,
{
    let Run { encoder, len, sink } = run;
    let config = encoder.options.config();

    if L::whole_only(config, len) {
        let mut buf = Vec::with_capacity(INITIAL_CAPACITY);
        L::encode_whole(&mut buf, config, producer.into_iter())?;
        return sink.write_whole(buf);
    }

    // The first elements, on this thread; their size sets the chunk length.
    let probe = len.min(PROBE_ELEMENTS);
    let (head, rest) = producer.split_at(probe);
    let mut buf = Vec::with_capacity(INITIAL_CAPACITY);
    buf.extend_from_slice(L::OPEN);
    L::encode(&mut buf, config, head.into_iter(), true)?;
    let remaining = len - probe;
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
        L::encode(&mut buf, config, rest.into_iter(), false)?;
        L::close(&mut buf, len == 0);
        return sink.write_whole(buf);
    }
    sink.write(&buf)?;
    drop(buf);

    let chunks = split_chunks(rest, remaining, chunk_len);
    let progress = Progress {
        before: probe,
        chunk_len,
        total: len,
    };
    pipeline::<L, P>(chunks, progress, config, sink)?;
    let mut end = Vec::new();
    L::close(&mut end, false);
    sink.write(&end)
}
