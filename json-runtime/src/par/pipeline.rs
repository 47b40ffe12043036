//! The scheduler behind [`par`](super): chunks of the sequence encoded in
//! rayon's pool and written in order, to a `Vec` or an `io::Write`.

use std::collections::HashMap;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Mutex;

use rayon::iter::plumbing::{Producer, ProducerCallback};

use crate::buf::growth;
use crate::buf::sizes::INITIAL_CAPACITY;
use crate::framing::{ArrayFramer, Framer, LinesFramer};
use crate::options::{Layout, Options};
use crate::sequences::{fill, ArrayState, Framing};
use crate::to_json::ToJson;
use crate::writer::{Canonical, Compact, Config, Format, Pretty};

/// The output one chunk aims at, in bytes.
///
/// Chosen by measurement on two cores (products/1000000, 110 MB; records
/// x100, 60 MB), as the time of [`to_vec`](super::to_vec) and of
/// [`to_writer`](super::to_writer) into a file against the sequential
/// functions; the figures are in docs/performance.md, under "Parallel
/// rows". Smaller chunks cost more hand-overs between
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

/// Where the encoded pieces go, in order.
pub(super) trait Sink {
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

pub(super) struct ToVec<'v>(pub(super) &'v mut Vec<u8>);

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

pub(super) struct ToWriter<W>(pub(super) W);

impl<W: io::Write> Sink for ToWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }
}

/// One encoding run, handed the iterator's producer by rayon.
pub(super) struct Run<'e, 's> {
    pub(super) options: Options<'e>,
    pub(super) framing: Framing,
    /// The chunk length asked for, if any.
    pub(super) chunk_len: Option<usize>,
    /// The number of items.
    pub(super) len: usize,
    pub(super) sink: &'s mut dyn Sink,
}

impl<T: ToJson> ProducerCallback<T> for Run<'_, '_> {
    type Output = io::Result<()>;

    fn callback<P: Producer<Item = T>>(self, producer: P) -> io::Result<()> {
        match (self.framing, self.options.layout()) {
            (Framing::Array, Layout::Compact) => run::<ArrayFramer<Compact>, P>(self, producer),
            (Framing::Array, Layout::Pretty) => run::<ArrayFramer<Pretty>, P>(self, producer),
            (Framing::Array, Layout::Canonical) => run::<ArrayFramer<Canonical>, P>(self, producer),
            (Framing::Lines, Layout::Compact | Layout::Pretty) => {
                run::<LinesFramer<Compact>, P>(self, producer)
            }
            (Framing::Lines, Layout::Canonical) => run::<LinesFramer<Canonical>, P>(self, producer),
        }
    }
}

/// Appends all of `items` to `buf`, going on from `state` (updated):
/// [`fill`] with no threshold. `close` says whether they end the sequence.
fn encode<Fr: Framer, I>(
    buf: &mut Vec<u8>,
    config: &Config<'_>,
    mut items: I,
    state: &mut ArrayState,
    close: bool,
) -> io::Result<()>
where
    I: Iterator,
    I::Item: ToJson,
{
    fill::<Fr, I>(buf, config, &mut items, state, usize::MAX, close)?;
    Ok(())
}

/// Appends the items of one chunk, which come after the first item of the
/// sequence, to `buf`.
fn encode_chunk<Fr: Framer, I>(buf: &mut Vec<u8>, config: &Config<'_>, items: I) -> io::Result<()>
where
    I: Iterator,
    I::Item: ToJson,
{
    encode::<Fr, I>(
        buf,
        config,
        items,
        &mut ArrayState::Open { any: true },
        false,
    )
}

/// With inline arrays, the array itself goes on one line if its items
/// are scalars and the line fits, which only its end tells. Each item
/// takes at least three characters on that line (one, and `, ` or `[]`),
/// so one of more than `max_width` items never fits, and only the arrays
/// inside its items, each in one chunk, may go on one line. (JSON Lines
/// are never pretty.)
fn whole_only<F: Format>(config: &Config<'_>, len: usize) -> bool {
    F::PRETTY
        && config
            .inline_arrays
            .is_some_and(|max_width| len <= max_width)
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

/// What a pool task reports for chunk `.0`: its bytes, or the error an
/// element written through serde reported; `None` if the task panicked
/// (the scope then re-raises the panic).
type Encoded = (usize, Option<io::Result<Vec<u8>>>);

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
fn pipeline<Fr: Framer, P>(
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
                    encode_chunk::<Fr, _>(&mut buf, config, producer.into_iter()).map(|()| buf);
                // The caller's receiver outlives the scope, so this reaches it.
                let _ = to_caller.send((chunk, Some(encoded)));
                report.sent = true;
            });
        };
        let count = chunks.len();
        (0..count.min(in_flight)).for_each(spawn);
        // Chunks that arrived before their turn.
        let mut early: HashMap<usize, Option<io::Result<Vec<u8>>>> = HashMap::new();
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
                                let encoded =
                                    encode_chunk::<Fr, _>(out, config, producer.into_iter());
                                memory.filled = memory.out.len();
                                break Some(encoded.map(|()| Vec::new()));
                            }
                            Target::Stream(_) => {
                                own.clear();
                                let encoded =
                                    encode_chunk::<Fr, _>(&mut own, config, producer.into_iter());
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
                        let encoded = encode_chunk::<Fr, _>(&mut buf, config, producer.into_iter());
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
            let mut bytes = bytes.map_err(Some)?;
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

fn run<Fr: Framer, P>(run: Run<'_, '_>, producer: P) -> io::Result<()>
where
    P: Producer,
    P::Item: ToJson,
{
    let Run {
        options,
        chunk_len: asked,
        len,
        sink,
        ..
    } = run;
    let config = options.config();
    let mut state = ArrayState::Start;

    if whole_only::<Fr::Format>(config, len) {
        let mut buf = Vec::with_capacity(INITIAL_CAPACITY);
        encode::<Fr, _>(&mut buf, config, producer.into_iter(), &mut state, true)?;
        return sink.write_whole(buf);
    }

    // The first elements, on this thread; their size sets the chunk length.
    let probe = len.min(PROBE_ELEMENTS);
    let (head, rest) = producer.split_at(probe);
    let mut buf = Vec::with_capacity(INITIAL_CAPACITY);
    // The opening alone first, so that it does not count in an element's
    // size.
    let nothing = std::iter::empty::<P::Item>;
    encode::<Fr, _>(&mut buf, config, nothing(), &mut state, false)?;
    let opening = buf.len();
    encode::<Fr, _>(&mut buf, config, head.into_iter(), &mut state, false)?;
    let remaining = len - probe;
    let per_element = (buf.len() - opening).div_ceil(probe.max(1)).max(1);
    let chunk_len = asked.unwrap_or_else(|| (CHUNK_BYTES / per_element).max(1));
    let parallel = match asked {
        Some(_) => remaining > chunk_len,
        // Under two chunks of output the hand-overs would cost more than
        // they save.
        None => remaining.saturating_mul(per_element) >= 2 * CHUNK_BYTES,
    };
    if !parallel {
        encode::<Fr, _>(&mut buf, config, rest.into_iter(), &mut state, true)?;
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
    pipeline::<Fr, P>(chunks, progress, config, sink)?;
    // The end, after the chunks' items.
    let mut end = Vec::new();
    let mut state = ArrayState::Open { any: true };
    encode::<Fr, _>(&mut end, config, nothing(), &mut state, true)?;
    sink.write(&end)
}
