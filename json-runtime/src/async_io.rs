//! Writing JSON to a `tokio::io::AsyncWrite`, in chunks whose writes are
//! awaited one at a time, so a slow reader slows the encoder down instead
//! of letting output pile up in memory.
//!
//! Encoding itself is synchronous and happens between awaits, into a
//! reusable buffer; no `JsonWriter` is held across an `.await`, so the
//! futures are `Send` whenever the writer, the value or iterator are.
//! Encoding cannot pause inside a value (it is a synchronous recursion), so
//! what streams is what can be taken up again from plain data between
//! awaits: the items of an iterator, and the elements of a sequence at the
//! top of the value, by index. Each element, and any other value, is
//! encoded whole before its bytes are written.

use std::io;

use tokio::io::{AsyncWrite, AsyncWriteExt};

use crate::buf::sizes::{STREAM_CHUNK, STREAM_CHUNK_CAPACITY};
use crate::error::Error;
use crate::framing::{ArrayFramer, Framer, LinesFramer};
use crate::options::{Layout, Options};
use crate::sequences::{fill, ArrayState};
use crate::to_json::ToJson;
use crate::writer::{Canonical, Compact, Config, Format, JsonWriter, Pieces, Pretty};

// Chunk sizes: `buf::sizes::STREAM_CHUNK`, shared with the web bodies.

/// Writes `bytes` in [`STREAM_CHUNK`]s, each awaited, and empties the
/// buffer; one that had to hold a large element is given back to the
/// allocator, so a spike does not stay.
async fn write_chunks<W: AsyncWrite + Unpin>(writer: &mut W, buf: &mut Vec<u8>) -> io::Result<()> {
    for chunk in buf.chunks(STREAM_CHUNK) {
        writer.write_all(chunk).await?;
    }
    buf.clear();
    if buf.capacity() > 4 * STREAM_CHUNK_CAPACITY {
        *buf = Vec::with_capacity(STREAM_CHUNK_CAPACITY);
    }
    Ok(())
}

pub(crate) async fn value_to_async_writer<F: Format, W, T>(
    mut writer: W,
    value: &T,
    config: &Config<'_>,
) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    T: ToJson + ?Sized,
{
    let mut buf = Vec::with_capacity(STREAM_CHUNK_CAPACITY);
    let mut pieces = Pieces::new(STREAM_CHUNK);
    loop {
        // The writer lives only in this block, between awaits.
        let done = {
            let mut w = JsonWriter::<F>::in_memory(config, std::mem::take(&mut buf));
            let done = value.write_json_piece(&mut w, &mut pieces);
            buf = w.into_result()?;
            done
        };
        write_chunks(&mut writer, &mut buf).await?;
        if done {
            return writer.flush().await;
        }
    }
}

/// Writes the items of a sequence framed as `Fr`, a chunk at a time.
async fn framed_to_async_writer<Fr: Framer, W, I>(
    mut writer: W,
    items: I,
    config: &Config<'_>,
) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    let mut buf = Vec::with_capacity(STREAM_CHUNK_CAPACITY);
    let mut state = ArrayState::Start;
    loop {
        let done = fill::<Fr, _>(&mut buf, config, &mut items, &mut state, STREAM_CHUNK, true)?;
        write_chunks(&mut writer, &mut buf).await?;
        if done {
            return writer.flush().await;
        }
    }
}

/// The Tokio writers with these options (feature `tokio`). They take the
/// options by value (they are `Copy`), so that a future made from
/// `Options::new()` can be kept before it is awaited.
impl Options<'_> {
    /// Writes `value` as JSON into a Tokio `AsyncWrite`, then flushes it
    /// (without shutting it down). Requires the `tokio` feature.
    ///
    /// The output goes out in writes of up to 64 KiB, each awaited before
    /// more is encoded, so a slow peer applies back-pressure:
    ///
    /// - A sequence at the top of the value (a `Vec`, slice, array or
    ///   `VecDeque`, also behind `&`, `Box`, `Rc`, `Arc` or `Cow`) streams:
    ///   elements are encoded until about 64 KiB of output is ready, that
    ///   is written, and encoding goes on from the next element. Memory
    ///   holds one chunk plus the element being encoded, whatever the
    ///   length.
    /// - Anything else, and each element, is encoded whole into memory
    ///   first (encoding is synchronous and cannot pause inside a value),
    ///   then written in 64 KiB pieces. This includes maps, sets, structs
    ///   and `serde_json::Value`: a large one is held in memory as a whole
    ///   document, and a sequence inside a struct does not stream. So is
    ///   canonical output, whatever the value.
    ///
    /// For a long sequence that is not in memory, use
    /// [`to_async_writer_array`](Self::to_async_writer_array) or
    /// [`to_async_writer_lines`](Self::to_async_writer_lines), which take
    /// any iterator.
    ///
    /// ```
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// use json_runtime::{Escape, Options};
    ///
    /// let mut out: Vec<u8> = Vec::new();
    /// Options::new().to_async_writer(&mut out, &("a", [1, 2])).await?;
    /// assert_eq!(out, br#"["a",[1,2]]"#);
    ///
    /// out.clear();
    /// Options::new().escape(Escape::Ascii).to_async_writer(&mut out, &["ü"]).await?;
    /// assert_eq!(out, br#"["\u00fc"]"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// # }).unwrap();
    /// ```
    pub async fn to_async_writer<W, T>(self, mut writer: W, value: &T) -> Result<(), Error>
    where
        W: AsyncWrite + Unpin,
        T: ToJson + ?Sized,
    {
        let config = self.config();
        match self.layout() {
            Layout::Compact => value_to_async_writer::<Compact, W, T>(writer, value, config).await,
            Layout::Pretty => value_to_async_writer::<Pretty, W, T>(writer, value, config).await,
            Layout::Canonical => {
                let mut buf = self.to_vec(value)?;
                match write_chunks(&mut writer, &mut buf).await {
                    Ok(()) => writer.flush().await,
                    Err(error) => Err(error),
                }
            }
        }
        .map_err(Error::from)
    }

    /// Streams the items of any iterator as one JSON array into a Tokio
    /// `AsyncWrite`, then flushes it. Requires the `tokio` feature.
    ///
    /// Elements are encoded into a reusable buffer; each time it passes
    /// 64 KiB its contents are written with `write_all(..).await` and it is
    /// cleared. So memory holds one chunk plus the element being encoded,
    /// whatever the length, and a slow writer pauses the encoding. The
    /// bytes equal [`to_vec`](Self::to_vec) of the collected items. The
    /// first error (an I/O error as the writer returned it, or an item
    /// refused as [`to_vec`](crate::to_vec) refuses it) is returned at
    /// once; the rest of the iterator is not consumed.
    ///
    /// ```
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// let squares = (1..=4u32).map(|i| i * i);
    /// let mut out: Vec<u8> = Vec::new();
    /// json_runtime::Options::new().to_async_writer_array(&mut out, squares).await?;
    /// assert_eq!(out, b"[1,4,9,16]");
    /// # Ok::<(), json_runtime::Error>(())
    /// # }).unwrap();
    /// ```
    pub async fn to_async_writer_array<W, I>(self, writer: W, items: I) -> Result<(), Error>
    where
        W: AsyncWrite + Unpin,
        I: IntoIterator,
        I::Item: ToJson,
    {
        let config = self.config();
        match self.layout() {
            Layout::Compact => {
                framed_to_async_writer::<ArrayFramer<Compact>, W, I>(writer, items, config).await
            }
            Layout::Pretty => {
                framed_to_async_writer::<ArrayFramer<Pretty>, W, I>(writer, items, config).await
            }
            Layout::Canonical => {
                framed_to_async_writer::<ArrayFramer<Canonical>, W, I>(writer, items, config).await
            }
        }
        .map_err(Error::from)
    }

    /// Streams the items of any iterator as JSON Lines (one compact value
    /// and `\n` per item, raw values without whitespace as in
    /// [`to_writer_lines`](Self::to_writer_lines)) into a Tokio
    /// `AsyncWrite`, in chunks as
    /// [`to_async_writer_array`](Self::to_async_writer_array) does, then
    /// flushes it. Requires the `tokio` feature.
    ///
    /// ```
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// let mut out: Vec<u8> = Vec::new();
    /// json_runtime::Options::new().to_async_writer_lines(&mut out, ["a", "b"]).await?;
    /// assert_eq!(out, b"\"a\"\n\"b\"\n");
    /// # Ok::<(), json_runtime::Error>(())
    /// # }).unwrap();
    /// ```
    pub async fn to_async_writer_lines<W, I>(self, writer: W, items: I) -> Result<(), Error>
    where
        W: AsyncWrite + Unpin,
        I: IntoIterator,
        I::Item: ToJson,
    {
        let config = self.config();
        match self.layout() {
            Layout::Compact | Layout::Pretty => {
                framed_to_async_writer::<LinesFramer<Compact>, W, I>(writer, items, config).await
            }
            Layout::Canonical => {
                framed_to_async_writer::<LinesFramer<Canonical>, W, I>(writer, items, config).await
            }
        }
        .map_err(Error::from)
    }
}
