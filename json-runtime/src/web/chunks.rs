//! Encoding a sequence into response-body chunks, independent of the
//! framework: what to encode ([`Framing`] and [`Options`]), into which
//! chunks, and the `Content-Type`. The axum and actix-web modules only
//! wrap a [`ChunkSource`] in their own body types.
//!
//! Every chunk handed out holds at least one byte. An empty chunk means
//! "end of body" in HTTP/1.1 chunked encoding, and not every server skips
//! one, so none is ever produced.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use futures_core::Stream;

use crate::buf::sizes::{INITIAL_CAPACITY, STREAM_CHUNK, STREAM_CHUNK_CAPACITY};
use crate::framing::{ArrayFramer, LinesFramer};
use crate::options::{Layout, Options};
pub(crate) use crate::sequences::Framing;
use crate::sequences::{fill, ArrayState};
use crate::to_json::ToJson;
use crate::writer::{Canonical, Compact, Pretty};

// Chunk sizes: `buf::sizes::STREAM_CHUNK`, shared with the Tokio writers.
// Each chunk after the first starts at `STREAM_CHUNK_CAPACITY`; the first
// starts as small as `to_vec`'s buffer, since a short sequence is sent whole
// in it and the allocation lives as long as the response is in flight.

/// The error type of fallible streams and of the body types, as hyper,
/// axum and actix-web take it.
pub(crate) type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// What a sequence's body is: the framing, the options it is encoded
/// with, and whether it was begun (`[` of an array) and an item went out.
pub(crate) struct Encoder {
    framing: Framing,
    /// `'static`, as the body outlives the handler that made it.
    options: Options<'static>,
    state: ArrayState,
}

impl Encoder {
    fn new(framing: Framing) -> Self {
        Encoder {
            framing,
            options: Options::new(),
            state: ArrayState::Start,
        }
    }

    fn content_type(&self) -> &'static str {
        match self.framing {
            Framing::Array => super::APPLICATION_JSON,
            Framing::Lines => super::APPLICATION_NDJSON,
        }
    }

    /// Encodes the body as `options` say: an array compact or pretty, with
    /// their indent, escaping, sorted keys and inline arrays; JSON Lines
    /// compact whatever the layout, with their escaping and sorted keys.
    /// Called before any chunk is.
    pub(crate) fn set_options(&mut self, options: Options<'static>) {
        debug_assert!(self.state == ArrayState::Start);
        self.options = options;
    }

    /// Writes an array in the pretty layout, indented by two spaces, as
    /// [`Options::pretty`] does. Called before any chunk is.
    pub(crate) fn pretty(&mut self) {
        self.set_options(self.options.pretty());
    }

    /// Encodes items into `buf` (empty on entry) until it holds `threshold`
    /// bytes or the items run out; says whether they ran out, and then the
    /// closing `]` of an array is in `buf` too. Fails with the error of an
    /// item written through serde.
    fn fill<I>(
        &mut self,
        buf: &mut Vec<u8>,
        items: &mut I,
        threshold: usize,
    ) -> Result<bool, BoxError>
    where
        I: Iterator,
        I::Item: ToJson,
    {
        let config = self.options.config();
        let state = &mut self.state;
        let filled = match (self.framing, self.options.layout()) {
            (Framing::Array, Layout::Compact) => {
                fill::<ArrayFramer<Compact>, _>(buf, config, items, state, threshold, true)
            }
            (Framing::Array, Layout::Pretty) => {
                fill::<ArrayFramer<Pretty>, _>(buf, config, items, state, threshold, true)
            }
            (Framing::Array, Layout::Canonical) => {
                fill::<ArrayFramer<Canonical>, _>(buf, config, items, state, threshold, true)
            }
            (Framing::Lines, Layout::Compact | Layout::Pretty) => {
                fill::<LinesFramer<Compact>, _>(buf, config, items, state, threshold, true)
            }
            (Framing::Lines, Layout::Canonical) => {
                fill::<LinesFramer<Canonical>, _>(buf, config, items, state, threshold, true)
            }
        };
        filled.map_err(Into::into)
    }
}

/// A sequence being encoded into body chunks, with its item type erased so
/// that the response types need no type parameters.
pub(crate) trait ChunkSource {
    /// The whole body, when it can be encoded now (without waiting for a
    /// stream) and fits in one chunk, so that it can be sent with a
    /// `Content-Length`. Otherwise `None`, and whatever was encoded is kept
    /// for [`poll_chunk`](Self::poll_chunk).
    fn whole(&mut self) -> Option<Bytes>;

    /// The next chunk, never empty; `None` once the body is complete. After
    /// an `Err` the body is cut short: the server must not end it as if it
    /// were complete, so the client sees the failure.
    fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, BoxError>>>;

    /// Whether [`poll_chunk`](Self::poll_chunk) would return `None`, so that
    /// the server can end the body along with the last chunk. (axum's
    /// `Body` asks; actix-web's does not.)
    #[cfg_attr(not(feature = "axum"), allow(dead_code))]
    fn is_done(&self) -> bool;

    /// What the body is, for the responders to set before any chunk is
    /// encoded.
    fn encoder(&mut self) -> &mut Encoder;

    /// The body's `Content-Type`.
    fn content_type(&self) -> &'static str;
}

/// Chunks from an iterator: each is encoded on demand, when the server asks
/// for it, so a slow client holds back the iterator.
pub(crate) struct IterChunks<I> {
    items: I,
    encoder: Encoder,
    /// A chunk [`ChunkSource::whole`] encoded but could not send whole.
    first: Option<Bytes>,
    /// An error [`ChunkSource::whole`] met, for `poll_chunk` to report.
    error: Option<BoxError>,
    started: bool,
    items_done: bool,
}

impl<I> IterChunks<I> {
    pub(crate) fn new(items: I, framing: Framing) -> Self {
        IterChunks {
            items,
            encoder: Encoder::new(framing),
            first: None,
            error: None,
            started: false,
            items_done: false,
        }
    }
}

impl<I> IterChunks<I>
where
    I: Iterator,
    I::Item: ToJson,
{
    /// Encodes the next chunk; `None` once the output is complete. After
    /// an error, which ends the body, there is no chunk.
    fn next_chunk(&mut self) -> Option<Result<Bytes, BoxError>> {
        if let Some(first) = self.first.take() {
            return Some(Ok(first));
        }
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        // JSON Lines end with an empty fill when the items run out right
        // after a chunk went out; an array always ends with `]`.
        while !self.items_done {
            let capacity = if self.started {
                STREAM_CHUNK_CAPACITY
            } else {
                INITIAL_CAPACITY
            };
            self.started = true;
            let mut buf = Vec::with_capacity(capacity);
            match self.encoder.fill(&mut buf, &mut self.items, STREAM_CHUNK) {
                Ok(done) => self.items_done = done,
                Err(error) => {
                    self.items_done = true;
                    return Some(Err(error));
                }
            }
            if !buf.is_empty() {
                return Some(Ok(Bytes::from(buf)));
            }
        }
        None
    }
}

impl<I> ChunkSource for IterChunks<I>
where
    I: Iterator,
    I::Item: ToJson,
{
    fn whole(&mut self) -> Option<Bytes> {
        debug_assert!(self.first.is_none());
        match self.next_chunk() {
            // Sent as a failing body by `poll_chunk`, never as a whole one.
            Some(Err(error)) => {
                self.error = Some(error);
                None
            }
            Some(Ok(chunk)) if self.items_done => Some(chunk),
            Some(Ok(chunk)) => {
                self.first = Some(chunk);
                None
            }
            None => Some(Bytes::new()),
        }
    }

    fn poll_chunk(&mut self, _cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, BoxError>>> {
        Poll::Ready(self.next_chunk())
    }

    fn is_done(&self) -> bool {
        self.items_done && self.first.is_none() && self.error.is_none()
    }

    fn encoder(&mut self) -> &mut Encoder {
        &mut self.encoder
    }

    fn content_type(&self) -> &'static str {
        self.encoder.content_type()
    }
}

/// Chunks from a `Stream`: items are encoded as they arrive, and a chunk
/// goes out when it passes [`STREAM_CHUNK`] or when the stream has nothing ready,
/// so a slow source is not held back waiting to fill a chunk.
pub(crate) struct StreamChunks<S: Stream, T> {
    /// Boxed so that any stream, `Unpin` or not, can be polled without
    /// pin projections.
    stream: Pin<Box<S>>,
    /// Turns a stream item into a value or the error that ends the body:
    /// `Ok` for plain streams, the item itself for `Result` streams.
    into_value: fn(S::Item) -> Result<T, BoxError>,
    encoder: Encoder,
    /// The chunk being filled.
    buf: Vec<u8>,
    /// Where one item is encoded before it joins `buf`: the encoders fill
    /// an empty buffer.
    item: Vec<u8>,
    done: bool,
}

impl<S, T> StreamChunks<S, T>
where
    S: Stream,
    T: ToJson,
{
    pub(crate) fn new(stream: S, framing: Framing) -> Self
    where
        S: Stream<Item = T>,
    {
        Self::with(stream, framing, Ok)
    }

    pub(crate) fn new_fallible<E>(stream: S, framing: Framing) -> Self
    where
        S: Stream<Item = Result<T, E>>,
        E: Into<BoxError>,
    {
        Self::with(stream, framing, |item| item.map_err(Into::into))
    }

    fn with(stream: S, framing: Framing, into_value: fn(S::Item) -> Result<T, BoxError>) -> Self {
        StreamChunks {
            stream: Box::pin(stream),
            into_value,
            encoder: Encoder::new(framing),
            buf: Vec::new(),
            item: Vec::new(),
            done: false,
        }
    }

    /// Encodes `items` (one value, or none to close the array) at the end
    /// of the chunk being filled.
    fn push(&mut self, mut items: impl Iterator<Item = T>) -> Result<(), BoxError> {
        if self.buf.is_empty() {
            self.encoder.fill(&mut self.buf, &mut items, 0)?;
        } else {
            self.encoder.fill(&mut self.item, &mut items, 0)?;
            self.buf.extend_from_slice(&self.item);
            self.item.clear();
        }
        Ok(())
    }

    /// Ends the body in `error`: what is buffered goes nowhere, so the body
    /// never ends as a shorter document that parses.
    fn fail(&mut self, error: BoxError) -> Poll<Option<Result<Bytes, BoxError>>> {
        self.done = true;
        self.buf = Vec::new();
        Poll::Ready(Some(Err(error)))
    }

    fn take_chunk(&mut self) -> Bytes {
        Bytes::from(std::mem::take(&mut self.buf))
    }
}

impl<S, T> ChunkSource for StreamChunks<S, T>
where
    S: Stream,
    T: ToJson,
{
    fn whole(&mut self) -> Option<Bytes> {
        None
    }

    fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, BoxError>>> {
        if self.done {
            return Poll::Ready(None);
        }
        loop {
            match self.stream.as_mut().poll_next(cx) {
                Poll::Ready(Some(item)) => match (self.into_value)(item) {
                    Ok(value) => {
                        if let Err(error) = self.push(std::iter::once(value)) {
                            return self.fail(error);
                        }
                        if self.buf.len() >= STREAM_CHUNK {
                            return Poll::Ready(Some(Ok(self.take_chunk())));
                        }
                    }
                    Err(error) => return self.fail(error),
                },
                Poll::Ready(None) => {
                    if let Err(error) = self.push(std::iter::empty()) {
                        return self.fail(error);
                    }
                    self.done = true;
                    if self.buf.is_empty() {
                        return Poll::Ready(None);
                    }
                    return Poll::Ready(Some(Ok(self.take_chunk())));
                }
                Poll::Pending if self.buf.is_empty() => return Poll::Pending,
                // Send what is ready rather than wait to fill the chunk.
                Poll::Pending => return Poll::Ready(Some(Ok(self.take_chunk()))),
            }
        }
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn encoder(&mut self) -> &mut Encoder {
        &mut self.encoder
    }

    fn content_type(&self) -> &'static str {
        self.encoder.content_type()
    }
}

/// Defines a framework's `JsonArray` and `JsonLines`: the struct, its
/// constructors, its options and its `Debug`, written once, with the docs
/// the framework's module gives each item. The module then implements its
/// framework's traits on them (their `source` field is what a response
/// sends).
///
/// `bounds` are what the framework needs of an iterator or a stream (axum:
/// `[Send + 'static]`, as hyper's bodies are `Send`), and `source` the
/// boxed [`ChunkSource`] such a one becomes. `pub struct JsonArray(Array)`
/// names a type and its [`Framing`]; each method is given as `fn name;`
/// after its docs, in this order, and only an array has `pretty`.
macro_rules! streamed_responses {
    (
        bounds: $bounds:tt,
        source: $source:ty;
        $(
            $(#[$attr:meta])*
            pub struct $name:ident($framing:ident) $methods:tt
        )*
    ) => {$(
        $crate::web::chunks::streamed_responses! {
            @one $bounds $source; $(#[$attr])* $name $framing $methods
        }
    )*};
    (
        @one [$($bound:tt)+] $source:ty;
        $(#[$attr:meta])*
        $name:ident $framing:ident {
            $(#[$new_doc:meta])*
            fn new;
            $(#[$stream_doc:meta])*
            fn from_stream;
            $(#[$try_stream_doc:meta])*
            fn from_try_stream;
            $(#[$options_doc:meta])*
            fn with_options;
            $(
                $(#[$pretty_doc:meta])*
                fn pretty;
            )?
        }
    ) => {
        $(#[$attr])*
        pub struct $name {
            source: $source,
        }

        impl $name {
            $(#[$new_doc])*
            pub fn new<I>(items: I) -> Self
            where
                I: IntoIterator,
                I::IntoIter: $($bound)+,
                I::Item: $crate::ToJson,
            {
                $name {
                    source: Box::new($crate::web::chunks::IterChunks::new(
                        items.into_iter(),
                        $crate::web::chunks::Framing::$framing,
                    )),
                }
            }

            $(#[$stream_doc])*
            pub fn from_stream<S>(items: S) -> Self
            where
                S: ::futures_core::Stream + $($bound)+,
                S::Item: $crate::ToJson + 'static,
            {
                $name {
                    source: Box::new($crate::web::chunks::StreamChunks::new(
                        items,
                        $crate::web::chunks::Framing::$framing,
                    )),
                }
            }

            $(#[$try_stream_doc])*
            pub fn from_try_stream<S, T, E>(items: S) -> Self
            where
                S: ::futures_core::Stream<Item = Result<T, E>> + $($bound)+,
                T: $crate::ToJson + 'static,
                E: Into<$crate::web::chunks::BoxError> + 'static,
            {
                $name {
                    source: Box::new($crate::web::chunks::StreamChunks::new_fallible(
                        items,
                        $crate::web::chunks::Framing::$framing,
                    )),
                }
            }

            $(
                $(#[$pretty_doc])*
                pub fn pretty(mut self) -> Self {
                    self.source.encoder().pretty();
                    self
                }
            )?

            $(#[$options_doc])*
            pub fn with_options(mut self, options: $crate::Options<'static>) -> Self {
                self.source.encoder().set_options(options);
                self
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }
    };
}
pub(crate) use streamed_responses;
