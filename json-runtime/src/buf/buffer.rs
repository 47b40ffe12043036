//! The output bytes, and for streaming output the `io::Write` they drain
//! into. Every write of every encoder ends here; this file holds the only
//! code that writes into a `Vec`'s spare capacity and sets its length
//! ([`Buf::spare`] and [`Buf::advance`]).

use std::io;
use std::ops::{Deref, DerefMut};

use super::growth;
use super::sizes::{PIECE, WRITER_CAP, WRITER_CHUNK, WRITER_START};

/// Where buffered bytes go once they pass the flush threshold.
struct Sink<'a> {
    out: &'a mut dyn io::Write,
    error: Option<io::Error>,
}

/// The output bytes, and for `to_writer` the `io::Write` they drain into.
///
/// In memory it is a `Vec` that grows as needed. Streaming, making room
/// never grows it past [`WRITER_CAP`]: it drains the bytes held so far
/// instead. Every write goes through [`reserve`](Self::reserve) (or
/// methods that call it), whose fast path is the same capacity check that
/// `Vec`'s own methods make, so bounding the memory costs the common path
/// nothing; only what happens when the room runs out differs.
pub(crate) struct Buf<'a> {
    bytes: Vec<u8>,
    sink: Option<Sink<'a>>,
    /// Set while a container whose entries will be reordered is open
    /// (`Options::sort_keys`): its bytes must stay in the buffer until it
    /// closes, so the buffer grows instead of draining.
    hold: bool,
    /// How many times the buffer was drained, so that the inline-array
    /// layout can tell whether an offset it noted still points at the same
    /// bytes.
    drains: usize,
}

impl<'a> Buf<'a> {
    /// Output that stays in memory: `bytes` grows as needed.
    pub(crate) fn in_memory(bytes: Vec<u8>) -> Self {
        Buf::new(bytes, None)
    }

    /// Output that drains into `out` whenever it would outgrow
    /// [`WRITER_CAP`].
    pub(crate) fn streaming(out: &'a mut dyn io::Write) -> Self {
        Buf::new(
            Vec::with_capacity(WRITER_START),
            Some(Sink { out, error: None }),
        )
    }

    fn new(bytes: Vec<u8>, sink: Option<Sink<'a>>) -> Self {
        Buf {
            bytes,
            sink,
            hold: false,
            drains: 0,
        }
    }
}

impl Deref for Buf<'_> {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        &self.bytes
    }
}

impl DerefMut for Buf<'_> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.bytes
    }
}

impl Buf<'_> {
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.bytes.len()
    }

    #[inline(always)]
    pub(crate) fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Makes room for `n` more bytes and returns where the first of them
    /// goes: the start of the spare capacity, valid for writing `n` bytes
    /// until the next call that takes `&mut self`. Writing through the
    /// pointer is up to the caller (hence `unsafe` there); the bytes count
    /// as output only once [`advance`](Self::advance) says so.
    ///
    /// With [`advance`](Self::advance), this is the only way into a
    /// `Vec`'s spare capacity in the crate: escaping, numbers and the
    /// writer's fixed-size copies all reserve once here, store without
    /// further checks, then advance over what they wrote.
    #[inline(always)]
    pub(crate) fn spare(&mut self, n: usize) -> *mut u8 {
        self.reserve(n);
        let len = self.bytes.len();
        // SAFETY: `reserve` left at least `n` bytes of capacity past `len`,
        // so `len` is within the allocation (or one past its end when
        // `n == 0`), which is what `add` requires.
        unsafe { self.bytes.as_mut_ptr().add(len) }
    }

    /// As [`spare`](Self::spare) where `n` bytes of spare capacity are
    /// there already, `None` where they are not: for a fast path that
    /// leaves making room to its slow path, so that it makes no call
    /// itself and saves no registers for one.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(crate) fn spare_if_room(&mut self, n: usize) -> Option<*mut u8> {
        if self.bytes.capacity() - self.bytes.len() < n {
            return None;
        }
        let len = self.bytes.len();
        // SAFETY: at least `n` bytes of capacity are past `len`, so `len`
        // is within the allocation (or one past its end when `n == 0`).
        Some(unsafe { self.bytes.as_mut_ptr().add(len) })
    }

    /// Counts the first `n` bytes at the last [`spare`](Self::spare)
    /// pointer as output.
    ///
    /// # Safety
    ///
    /// `n` is at most the spare capacity at the last `spare` call (what it
    /// reserved, or more where the caller measured `capacity() - len()`),
    /// those `n` bytes have all been written since, and no other
    /// `&mut self` call came in between.
    #[inline(always)]
    pub(crate) unsafe fn advance(&mut self, n: usize) {
        let len = self.bytes.len() + n;
        debug_assert!(len <= self.bytes.capacity());
        // SAFETY: the caller wrote `n` bytes within the room `spare`
        // reserved past the old length, so `len <= capacity` and every
        // byte up to `len` is initialized, as `Vec::set_len` requires.
        unsafe { self.bytes.set_len(len) }
    }

    /// Makes room for `additional` more bytes: afterwards
    /// `capacity() - len() >= additional`, as after [`Vec::reserve`]. When
    /// streaming, the bytes already held may have been drained to the
    /// sink to make that room, so `len()` may be smaller than before.
    #[inline(always)]
    pub(crate) fn reserve(&mut self, additional: usize) {
        if self.bytes.capacity() - self.bytes.len() < additional {
            self.make_room(additional);
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, byte: u8) {
        // Through `extend_from_slice`, whose capacity check is the one
        // made here, so the optimizer folds the two into one.
        self.extend_from_slice(&[byte]);
    }

    /// Appends `bytes`. A short slice (every key and literal the derive
    /// writes) is one capacity check, whose slow path only makes room and
    /// takes the length alone, then one copy: inlined at every field, the
    /// cold call is two register moves, and a constant length folds the
    /// first test away.
    #[inline(always)]
    pub(crate) fn extend_from_slice(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        if n > PIECE {
            return self.extend_slow(bytes);
        }
        let dst = self.spare(n);
        // SAFETY: `spare` left room for `n` bytes at `dst`, which lies in
        // the spare capacity `self` owns, so it cannot overlap `bytes`
        // (a shared borrow that `&mut self` excludes from it); the output
        // then advances over exactly the `n` bytes copied.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, n);
            self.advance(n);
        }
    }

    /// Appends the first `len` bytes of `word`'s little-endian bytes with
    /// one 8-byte store, `len <= 8`: a value chosen between short
    /// constants (`true`/`false`) without a branch.
    #[inline(always)]
    pub(crate) fn extend_from_word(&mut self, word: u64, len: usize) {
        assert!(len <= 8);
        let dst = self.spare(8);
        // SAFETY: `spare` left room for 8 bytes at `dst`; the store is
        // unaligned, and the output advances over `len <= 8` of them, all
        // written. The bytes stored past `len` stay in the spare capacity.
        unsafe {
            dst.cast::<u64>().write_unaligned(word.to_le());
            self.advance(len);
        }
    }

    /// Appends `n` copies of `byte`.
    pub(crate) fn extend_with(&mut self, n: usize, byte: u8) {
        self.reserve(n);
        let len = self.bytes.len();
        self.bytes.resize(len + n, byte);
    }

    /// Shortens the output, as [`Vec::truncate`].
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.bytes.truncate(len);
    }

    /// Whether the output drains into an `io::Write` (else it stays in
    /// memory).
    #[inline(always)]
    pub(crate) fn is_streaming(&self) -> bool {
        self.sink.is_some()
    }

    /// Whether writing to the `io::Write` failed; nothing more reaches it.
    #[inline]
    pub(crate) fn sink_failed(&self) -> bool {
        matches!(self.sink, Some(Sink { error: Some(_), .. }))
    }

    /// The bytes written, for in-memory output.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// At a flush point: streaming, hands what is held to the sink; in
    /// memory, grows the buffer ahead of need in large steps (see
    /// `growth`). Returns the length at which the next flush point is
    /// due.
    #[cold]
    #[inline(never)]
    pub(crate) fn flush_due(&mut self) -> usize {
        if self.sink.is_some() {
            self.drain();
            WRITER_CHUNK
        } else {
            growth::grow(&mut self.bytes)
        }
    }

    /// Where the first flush point of a new buffer lies.
    pub(crate) fn first_flush_at(&self) -> usize {
        if self.sink.is_some() {
            WRITER_CHUNK
        } else {
            // Past `LARGE_OUTPUT`, the flush point grows the buffer, in
            // large steps with huge-page advice.
            self.bytes.capacity().max(super::sizes::LARGE_OUTPUT)
        }
    }

    /// Streaming: writes out what is left and flushes the writer, or
    /// returns the first I/O error. `Ok(None)` in memory, where there is
    /// nothing to write out.
    pub(crate) fn finish(mut self) -> Option<io::Result<()>> {
        self.hold = false;
        self.drain();
        match self.sink {
            Some(Sink { error: Some(e), .. }) => Some(Err(e)),
            Some(Sink { out, error: None }) => Some(out.flush()),
            None => None,
        }
    }

    /// Keeps everything in the buffer (`true`) until released (`false`).
    pub(crate) fn set_hold(&mut self, hold: bool) {
        self.hold = hold;
    }

    /// How many times the buffer was drained so far.
    pub(crate) fn drains(&self) -> usize {
        self.drains
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, additional: usize) {
        if self.sink.is_none() || self.hold {
            return self.bytes.reserve(additional);
        }
        if self.bytes.len() + additional > WRITER_CAP {
            self.drain();
        }
        let len = self.bytes.len();
        let needed = len.checked_add(additional).expect("capacity overflow");
        // Doubling, as `Vec` grows, but never past the cap unless one
        // write needs more on its own (only callers that write unbounded
        // text in pieces of at most `PIECE` ask for much).
        let target = (self.bytes.capacity() * 2).min(WRITER_CAP).max(needed);
        self.bytes.reserve_exact(target - len);
    }

    #[cold]
    #[inline(never)]
    fn extend_slow(&mut self, mut bytes: &[u8]) {
        if self.sink.is_some() {
            // Streamed output is never read back as text, so the pieces
            // may split a character.
            while bytes.len() > PIECE {
                let (piece, rest) = bytes.split_at(PIECE);
                self.reserve(PIECE);
                self.bytes.extend_from_slice(piece);
                bytes = rest;
            }
        }
        self.reserve(bytes.len());
        self.bytes.extend_from_slice(bytes);
    }

    /// Hands everything held to the sink, or drops it after an error, so
    /// memory stays bounded while the encoder runs to its end. Does nothing
    /// in memory.
    #[cold]
    #[inline(never)]
    fn drain(&mut self) {
        if self.hold {
            return;
        }
        if let Some(sink) = &mut self.sink {
            if sink.error.is_none() {
                if let Err(e) = sink.out.write_all(&self.bytes) {
                    sink.error = Some(e);
                }
            }
            self.bytes.clear();
            self.drains += 1;
        }
    }

    /// Keeps `error` as the sink's error, unless it has one already, so
    /// that nothing more is written to it. Returns whether there is a sink.
    pub(crate) fn fail_sink(&mut self, error: impl FnOnce() -> io::Error) -> bool {
        match &mut self.sink {
            Some(sink) => {
                if sink.error.is_none() {
                    sink.error = Some(error());
                }
                true
            }
            None => false,
        }
    }
}

/// The longest slice [`copy_short`] copies.
pub(crate) const SHORT_COPY: usize = 32;

/// Appends a short slice of unknown length without calling `memcpy`: up to
/// [`SHORT_COPY`] bytes are copied with two overlapping loads and stores of
/// the widest size that fits, the same trick `memcpy` itself uses for short
/// inputs, but inlined. Numbers, indents and most keys and strings are this
/// short.
#[inline(always)]
pub(crate) fn extend_short(buf: &mut Buf<'_>, bytes: &[u8]) {
    let n = bytes.len();
    if n > SHORT_COPY {
        buf.extend_from_slice(bytes);
        return;
    }
    let dst = buf.spare(n);
    // SAFETY: `spare(n)` leaves room for `n <= SHORT_COPY` bytes at `dst`,
    // in the spare capacity, which `bytes` cannot overlap while `buf` is
    // borrowed mutably; `copy_short` writes all `n` before the length
    // grows.
    unsafe {
        copy_short(bytes, dst);
        buf.advance(n);
    }
}

/// Copies `src` to `dst` and returns its length: [`copy_short`] up to
/// [`SHORT_COPY`] bytes (most key literals), a `memcpy` beyond.
///
/// # Safety
///
/// `dst` is valid for writing `src.len()` bytes and does not overlap
/// `src`.
#[inline(always)]
pub(crate) unsafe fn copy_at(src: &[u8], dst: *mut u8) -> usize {
    // SAFETY: the caller's guarantee; `copy_short` gets at most
    // `SHORT_COPY` bytes.
    unsafe {
        if src.len() <= SHORT_COPY {
            copy_short(src, dst);
        } else {
            std::ptr::copy_nonoverlapping(src.as_ptr(), dst, src.len());
        }
    }
    src.len()
}

/// Copies `src`, at most [`SHORT_COPY`] bytes long, to `dst` with two
/// overlapping loads and stores of the widest size that fits (see
/// [`extend_short`]).
///
/// # Safety
///
/// `src.len() <= SHORT_COPY`, `dst` is valid for writing `src.len()`
/// bytes, and the two do not overlap.
#[inline(always)]
pub(crate) unsafe fn copy_short(src: &[u8], dst: *mut u8) {
    let n = src.len();
    debug_assert!(n <= SHORT_COPY);
    let src = src.as_ptr();
    // SAFETY: every read is inside `src` and every write inside
    // `dst[..n]`: each pair of copies of width `k` covers `[0, k)` and
    // `[n - k, n)` with `k <= n`, which together cover `[0, n)`; the
    // caller rules out overlap.
    unsafe {
        if n >= 16 {
            let head = src.cast::<[u8; 16]>().read_unaligned();
            let tail = src.add(n - 16).cast::<[u8; 16]>().read_unaligned();
            dst.cast::<[u8; 16]>().write_unaligned(head);
            dst.add(n - 16).cast::<[u8; 16]>().write_unaligned(tail);
        } else if n >= 8 {
            let head = src.cast::<[u8; 8]>().read_unaligned();
            let tail = src.add(n - 8).cast::<[u8; 8]>().read_unaligned();
            dst.cast::<[u8; 8]>().write_unaligned(head);
            dst.add(n - 8).cast::<[u8; 8]>().write_unaligned(tail);
        } else if n >= 4 {
            let head = src.cast::<[u8; 4]>().read_unaligned();
            let tail = src.add(n - 4).cast::<[u8; 4]>().read_unaligned();
            dst.cast::<[u8; 4]>().write_unaligned(head);
            dst.add(n - 4).cast::<[u8; 4]>().write_unaligned(tail);
        } else if n > 0 {
            *dst = *src;
            *dst.add(n / 2) = *src.add(n / 2);
            *dst.add(n - 1) = *src.add(n - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{extend_short, Buf};

    #[test]
    fn extend_short_copies_every_length() {
        let source: Vec<u8> = (0..=64u8).collect();
        for n in 0..=64 {
            for start in [0, 1, 7, 31] {
                let mut bytes = vec![0xAA; start];
                bytes.shrink_to_fit();
                let mut buf = Buf::in_memory(bytes);
                extend_short(&mut buf, &source[..n]);
                let buf = buf.into_bytes();
                assert_eq!(&buf[..start], &vec![0xAA; start][..]);
                assert_eq!(&buf[start..], &source[..n], "n = {n}, start = {start}");
            }
        }
    }
}
