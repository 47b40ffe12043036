//! Every size the output buffers are built around, in one place, so that
//! the memory bounds the docs promise can be read off one file.

/// Bytes `to_writer` buffers before handing them to the `io::Write` at a
/// flush point (`JsonWriter::flush_point`). Each hand-over is a system
/// call for a file or socket; at 64 KiB their cost made streaming a
/// document to a file 10-17% slower than encoding it whole and writing it
/// once, and at 256 KiB still up to 10% on colleges. At 448 KiB the two are
/// level (0.95-1.03x).
pub(crate) const WRITER_CHUNK: usize = 448 * 1024;

/// The most output `to_writer`'s buffer ever holds. It doubles from
/// [`WRITER_START`] up to this; a write that would need more drains it
/// first. Between [`WRITER_CHUNK`] and this, an element that ends near a
/// flush point goes out whole with its neighbours.
pub(crate) const WRITER_CAP: usize = 512 * 1024;

/// The longest run of bytes that goes into `to_writer`'s buffer at once.
/// Longer strings are escaped, and longer raw text and indents copied, in
/// pieces of this size, so that none of them needs a larger buffer.
/// Escaping can grow a piece up to six times; that output is reserved in
/// rounds of at most a piece, so it too drains as it goes.
pub(crate) const PIECE: usize = 64 * 1024;

/// `to_writer`'s buffer starts as small as `to_vec`'s and grows towards the
/// chunk size only for documents that need it, so writing a small value
/// allocates little (at 8 KiB, products/10 streamed 1.09x slower than
/// `to_vec` plus `write_all`; at 1 KiB 1.04x).
pub(crate) const WRITER_START: usize = 1024;

/// The output `Vec` starts this large. serde_json starts at 128 bytes; for
/// a 1.9 KB document (products/10) the four reallocations from there cost
/// a sixth of the encoding time, and starting at 1 KiB took that workload
/// from 0.44x to 0.37-0.39x serde_json. A tiny value allocates 1 KiB.
pub(crate) const INITIAL_CAPACITY: usize = 1024;

/// In-memory output below this size grows as `Vec` grows it, with no
/// advice: small documents never reach the cold path (see `growth`).
///
/// At 4 MiB, the first 4 MiB of every large output were faulted in one
/// 4 KiB page at a time, before any huge-page advice: `to_vec` of
/// products/1000000 took 2,611 page faults, against 1,078 from 1 MiB (567
/// from 256 KiB), and each costs about 2.5 us on the 2-core VM the
/// benchmarks run on (`--bin growth`). Not lower: `par`'s chunk buffers
/// (a little over `par::CHUNK_BYTES`, 256 KiB) must stay under it, or each
/// would grow to 2 MiB.
pub(crate) const LARGE_OUTPUT: usize = 1024 * 1024;

/// The size of each chunk an awaited writer or a streamed HTTP body hands
/// on: large enough that framing and system calls cost little per byte,
/// small enough that a server holding a few per connection stays in flat
/// memory, and smaller than `to_writer`'s chunk, so that a slow reader
/// holds the encoder back sooner.
// Used by the Tokio writers, the web bodies and canonical sequences.
pub(crate) const STREAM_CHUNK: usize = 64 * 1024;

/// The capacity of a chunk buffer of [`STREAM_CHUNK`]: a chunk goes out
/// once it passes that size, and the element that crossed it usually fits
/// in the slack without the buffer doubling.
// Used by the Tokio writers, the web bodies and canonical sequences.
pub(crate) const STREAM_CHUNK_CAPACITY: usize = STREAM_CHUNK + STREAM_CHUNK / 4;
