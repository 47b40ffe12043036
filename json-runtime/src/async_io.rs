//! Writing JSON to a `tokio::io::AsyncWrite`, in chunks whose writes are
//! awaited one at a time, so a slow reader slows the encoder down instead
//! of letting output pile up in memory.
//!
//! Encoding itself is synchronous and happens between awaits, into a
//! reusable buffer; no `JsonWriter` is held across an `.await`, so the
//! futures are `Send` whenever the writer, the value or iterator are.

use std::io;

use tokio::io::{AsyncWrite, AsyncWriteExt};

use crate::stream::{fill_array, fill_lines, ArrayState};
use crate::writer::{Compact, Format, Pretty};
use crate::{encode_to_vec, ToJson, DEFAULT_INDENT};

/// The size of each awaited write. Smaller than `to_writer`'s chunk, so a
/// slow reader holds back the encoder sooner.
const STREAM_CHUNK: usize = 64 * 1024;

/// The capacity of the reusable chunk buffer: a chunk is written once it
/// passes [`STREAM_CHUNK`], and the element that crossed it fits in the
/// slack in the common case.
const CHUNK_CAPACITY: usize = STREAM_CHUNK + STREAM_CHUNK / 4;

async fn write_chunked<W: AsyncWrite + Unpin>(writer: &mut W, bytes: &[u8]) -> io::Result<()> {
    for chunk in bytes.chunks(STREAM_CHUNK) {
        writer.write_all(chunk).await?;
    }
    writer.flush().await
}

async fn array_to_async_writer<F: Format, W, I>(
    mut writer: W,
    items: I,
    indent: &[u8],
) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    let mut buf = Vec::with_capacity(CHUNK_CAPACITY);
    let mut state = ArrayState::Start;
    loop {
        let done = fill_array::<F, _>(
            &mut buf,
            indent,
            &mut items,
            &mut state,
            STREAM_CHUNK,
            crate::writer::Setup::default(),
        )?;
        writer.write_all(&buf).await?;
        buf.clear();
        if done {
            return writer.flush().await;
        }
    }
}

/// Writes `value` as compact JSON into a Tokio `AsyncWrite`, then flushes
/// it.
///
/// The value is encoded into memory first (encoding is synchronous and
/// fast), then written in chunks of 64 KiB, each write awaited before the
/// next, so a slow peer applies back-pressure. For a long sequence that
/// should not be held in memory as one document, use
/// [`to_async_writer_array`] or [`to_async_writer_lines`].
///
/// The writer is flushed but not shut down. Requires the `tokio` feature.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let mut out: Vec<u8> = Vec::new();
/// json_runtime::to_async_writer(&mut out, &("a", [1, 2])).await?;
/// assert_eq!(out, br#"["a",[1,2]]"#);
/// # Ok::<(), std::io::Error>(())
/// # }).unwrap();
/// ```
pub async fn to_async_writer<W, T>(mut writer: W, value: &T) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    T: ToJson + ?Sized,
{
    let bytes = encode_to_vec::<Compact, T>(value, DEFAULT_INDENT)?;
    write_chunked(&mut writer, &bytes).await
}

/// Writes `value` as pretty JSON, indented by two spaces, into a Tokio
/// `AsyncWrite`, as [`to_async_writer`] does. Requires the `tokio` feature.
pub async fn to_async_writer_pretty<W, T>(mut writer: W, value: &T) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    T: ToJson + ?Sized,
{
    let bytes = encode_to_vec::<Pretty, T>(value, DEFAULT_INDENT)?;
    write_chunked(&mut writer, &bytes).await
}

/// Streams the items of any iterator as one compact JSON array into a
/// Tokio `AsyncWrite`, then flushes it.
///
/// Elements are encoded into a reusable buffer; each time it passes 64 KiB
/// its contents are written with `write_all(..).await` and it is cleared.
/// So memory holds one chunk plus the element being encoded, whatever the
/// length, and a slow writer pauses the encoding. The bytes equal
/// `serde_json::to_vec` of the collected items. The first error is
/// returned at once; the rest of the iterator is not consumed.
///
/// The writer is flushed but not shut down. Requires the `tokio` feature.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let squares = (1..=4u32).map(|i| i * i);
/// let mut out: Vec<u8> = Vec::new();
/// json_runtime::to_async_writer_array(&mut out, squares).await?;
/// assert_eq!(out, b"[1,4,9,16]");
/// # Ok::<(), std::io::Error>(())
/// # }).unwrap();
/// ```
pub async fn to_async_writer_array<W, I>(writer: W, items: I) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_async_writer::<Compact, W, I>(writer, items, DEFAULT_INDENT).await
}

/// Streams the items of any iterator as one pretty JSON array, indented by
/// two spaces, into a Tokio `AsyncWrite`: the bytes of
/// `serde_json::to_vec_pretty` of the collected items, written in chunks as
/// [`to_async_writer_array`] does. Requires the `tokio` feature.
pub async fn to_async_writer_array_pretty<W, I>(writer: W, items: I) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    I: IntoIterator,
    I::Item: ToJson,
{
    array_to_async_writer::<Pretty, W, I>(writer, items, DEFAULT_INDENT).await
}

/// Streams the items of any iterator as JSON Lines (one compact value and
/// `\n` per item) into a Tokio `AsyncWrite`, in chunks as
/// [`to_async_writer_array`] does, then flushes it. Requires the `tokio`
/// feature.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let mut out: Vec<u8> = Vec::new();
/// json_runtime::to_async_writer_lines(&mut out, ["a", "b"]).await?;
/// assert_eq!(out, b"\"a\"\n\"b\"\n");
/// # Ok::<(), std::io::Error>(())
/// # }).unwrap();
/// ```
pub async fn to_async_writer_lines<W, I>(mut writer: W, items: I) -> io::Result<()>
where
    W: AsyncWrite + Unpin,
    I: IntoIterator,
    I::Item: ToJson,
{
    let mut items = items.into_iter();
    let mut buf = Vec::with_capacity(CHUNK_CAPACITY);
    loop {
        let done = fill_lines(&mut buf, &mut items, STREAM_CHUNK)?;
        if !buf.is_empty() {
            writer.write_all(&buf).await?;
            buf.clear();
        }
        if done {
            return writer.flush().await;
        }
    }
}
