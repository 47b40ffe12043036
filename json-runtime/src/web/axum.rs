//! JSON responses for [axum](https://docs.rs/axum) 0.8 (feature `axum`).
//!
//! | handler returns | body | `Content-Type` |
//! |---|---|---|
//! | [`Json(value)`](Json) | `serde_json::to_vec(&value)`, one buffer, with `Content-Length` | `application/json` |
//! | [`Json(value).pretty()`](Json::pretty), [`JsonPretty(value)`](JsonPretty) | `serde_json::to_vec_pretty(&value)` | `application/json` |
//! | [`Json(value).with_options(options)`](Json::with_options) | [`options.to_vec(&value)`](crate::Options::to_vec) | `application/json` |
//! | [`JsonArray::new(iter)`](JsonArray::new), [`JsonArray::from_stream(stream)`](JsonArray::from_stream) | one JSON array, encoded while it is sent | `application/json` |
//! | [`JsonLines::new(iter)`](JsonLines::new), [`JsonLines::from_stream(stream)`](JsonLines::from_stream) | JSON Lines, one item per line | `application/x-ndjson` |
//!
//! [`Json`] replaces `axum::Json`: the same handler with
//! `json_runtime::axum::Json` sends the same bytes and headers, and, as an
//! extractor, reads the request body with `axum::Json`'s own extractor
//! (serde_json, and axum's rejections).
//! [`JsonArray`] and [`JsonLines`] take [`Options`](crate::Options) too, through
//! `with_options` (escape modes such as [`Escape::HtmlSafe`](crate::Escape::HtmlSafe),
//! indent, sorted keys, inline arrays).
//! A value that cannot be written (a field whose `Serialize` impl fails,
//! or one of the values serde_json refuses; see [`Error`](crate::Error))
//! gets, as with `axum::Json`, a `500` with the error as `text/plain`.
//!
//! ```
//! use axum::{routing::get, Router};
//! use json_runtime::axum::{Json, JsonArray};
//! use json_runtime::ToJson;
//!
//! #[derive(ToJson)]
//! struct Product {
//!     id: u32,
//!     name: String,
//! }
//!
//! async fn product() -> Json<Product> {
//!     Json(Product { id: 1, name: "Kettle".into() })
//! }
//!
//! /// A million products, never all in memory.
//! async fn catalogue() -> JsonArray {
//!     JsonArray::new((0..1_000_000).map(|id| Product { id, name: format!("Product {id}") }))
//! }
//!
//! let app: Router = Router::new()
//!     .route("/product", get(product))
//!     .route("/catalogue", get(catalogue));
//! ```
//!
//! The feature depends on axum itself (with its `json` feature) for the
//! extractor and its [`JsonRejection`]; an axum application builds it
//! anyway.
//!
//! # Streaming
//!
//! [`JsonArray`] and [`JsonLines`] encode the items of an iterator, or of a
//! `futures` `Stream`, into chunks of about 64 KiB as hyper asks for them:
//! the server holds a chunk or two per response whatever the length, and a
//! slow client holds back the encoder. A sequence whose whole output fits in
//! the first chunk goes out with a `Content-Length`; a longer one with
//! `Transfer-Encoding: chunked`, never with an empty chunk. Items of a
//! stream are encoded as they arrive, and what is ready is sent whenever
//! the stream has to wait.
//!
//! If the client goes away, hyper drops the body, and with it the iterator
//! or stream: nothing more is encoded. A stream of `Result`s
//! ([`JsonArray::from_try_stream`]) ends the response on its first `Err`
//! by cutting the body short, so the client sees an incomplete response
//! rather than a shorter document that parses.

use std::pin::Pin;
use std::task::{Context, Poll};

use ::axum::extract::rejection::JsonRejection;
use axum_core::body::Body;
use axum_core::extract::{FromRequest, OptionalFromRequest, Request};
use axum_core::response::{IntoResponse, Response};
use bytes::Bytes;
use http::header::{HeaderValue, CONTENT_TYPE};
use http::StatusCode;
use http_body::Frame;
use serde::de::DeserializeOwned;

use super::body::Whole;
pub use super::body::{Json, JsonPretty, JsonWith};
use super::chunks::{streamed_responses, BoxError, ChunkSource};
use crate::ToJson;

impl<T: ToJson> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        whole_response(self.whole())
    }
}

/// The request body, read by `axum::Json`'s own extractor: the same
/// `Content-Type` check, the same deserializing with serde_json, the same
/// [`JsonRejection`] (status and message) when the body is missing, not
/// JSON, or not a `T`. So one `Json` type both extracts and responds, as
/// `axum::Json` does.
///
/// ```
/// use axum::{routing::post, Router};
/// use json_runtime::axum::Json;
///
/// #[derive(serde::Deserialize, json_runtime::ToJson)]
/// struct Note {
///     text: String,
/// }
///
/// async fn echo(Json(note): Json<Note>) -> Json<Note> {
///     Json(note)
/// }
///
/// let app: Router = Router::new().route("/echo", post(echo));
/// ```
impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(request: Request, state: &S) -> Result<Self, JsonRejection> {
        let ::axum::Json(value) =
            <::axum::Json<T> as FromRequest<S>>::from_request(request, state).await?;
        Ok(Json(value))
    }
}

/// The request body if it has a `Content-Type`, as `Option<axum::Json<T>>`
/// reads it.
impl<T, S> OptionalFromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = JsonRejection;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, JsonRejection> {
        let value =
            <::axum::Json<T> as OptionalFromRequest<S>>::from_request(request, state).await?;
        Ok(value.map(|::axum::Json(value)| Json(value)))
    }
}

impl<T: ToJson> IntoResponse for JsonPretty<T> {
    fn into_response(self) -> Response {
        whole_response(self.whole())
    }
}

impl<T: ToJson> IntoResponse for JsonWith<T> {
    fn into_response(self) -> Response {
        whole_response(self.whole())
    }
}

/// Not generic, so it is compiled once. A body of one `Bytes` has an exact
/// size, which hyper sends as the `Content-Length`.
fn whole_response(whole: Whole) -> Response {
    let mut response = response(Body::from(whole.body), whole.content_type);
    if whole.failed {
        *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
    }
    response
}

/// The response with its `Content-Type`.
fn response(body: Body, content_type: &'static str) -> Response {
    let mut response = Response::new(body);
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// A streamed response's source: hyper's bodies have to be `Send`.
type SendSource = Box<dyn ChunkSource + Send>;

fn streamed_response(mut source: SendSource) -> Response {
    let content_type = source.content_type();
    let body = match source.whole() {
        Some(whole) => Body::from(whole),
        None => Body::new(ChunkedBody { source }),
    };
    response(body, content_type)
}

/// The body of a streamed response: hands the source's chunks to hyper.
struct ChunkedBody {
    source: SendSource,
}

impl http_body::Body for ChunkedBody {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        self.get_mut()
            .source
            .poll_chunk(cx)
            .map(|chunk| chunk.map(|chunk| chunk.map(Frame::data)))
    }

    fn is_end_stream(&self) -> bool {
        self.source.is_done()
    }
}

// The types, their constructors and options are written once, in
// `chunks::streamed_responses`; here are their docs, and the `Send` hyper needs.
streamed_responses! {
    bounds: [Send + 'static],
    source: SendSource;

    /// A streamed JSON array response: the items of an iterator or a `Stream`,
    /// encoded while the response is sent, with `Content-Type:
    /// application/json`.
    ///
    /// The bytes equal `serde_json::to_vec` of the items collected into a
    /// `Vec`. See [the module docs](self#streaming) for memory, chunking and
    /// disconnects.
    ///
    /// ```
    /// use json_runtime::axum::JsonArray;
    ///
    /// #[derive(json_runtime::ToJson)]
    /// struct Reading {
    ///     sensor: u32,
    ///     celsius: f64,
    /// }
    ///
    /// async fn readings() -> JsonArray {
    ///     JsonArray::new((0..100_000).map(|sensor| Reading { sensor, celsius: 21.5 }))
    /// }
    /// ```
    #[must_use = "a JsonArray does nothing until it is returned as a response"]
    pub struct JsonArray(Array) {
        /// Streams the items of an iterator, encoding each chunk when hyper asks
        /// for it. The items may be owned values, or references to `'static`
        /// data.
        fn new;
        /// Streams the items of a `Stream` as they arrive.
        ///
        /// ```
        /// use json_runtime::axum::JsonArray;
        ///
        /// async fn numbers() -> JsonArray {
        ///     let (tx, rx) = tokio::sync::mpsc::channel::<u64>(16);
        ///     tokio::spawn(async move {
        ///         for i in 0..1000 {
        ///             if tx.send(i).await.is_err() {
        ///                 break; // the client went away
        ///             }
        ///         }
        ///     });
        ///     JsonArray::from_stream(futures_util::stream::unfold(rx, |mut rx| async move {
        ///         rx.recv().await.map(|item| (item, rx))
        ///     }))
        /// }
        /// ```
        fn from_stream;
        /// Streams the `Ok` items of a `Stream` of `Result`s, such as a
        /// database cursor, as they arrive. The first `Err` ends the response
        /// by cutting the body short (hyper closes the connection without
        /// completing the chunked body, or without sending anything if it had
        /// not flushed the head yet), so the client sees a failed transfer
        /// rather than a valid but incomplete array.
        fn from_try_stream;
        /// Encodes the array as `options` say (replacing any layout chosen
        /// before): the bytes of [`options.to_vec`](crate::Options::to_vec) of the
        /// collected items, compact or pretty, with their indent,
        /// [`Escape`](crate::Escape) mode, sorted keys and inline arrays.
        ///
        /// One thing differs, as in [`Options::to_writer`](crate::Options::to_writer): an array is put
        /// on one line (`inline_arrays`) only if it is decided before it is
        /// sent, so the array of a `Stream`'s items, which go out as they
        /// arrive, stays one item a line, as does that of an iterator whose
        /// output passes the first 64 KiB chunk. Arrays inside the items are
        /// always decided as by `to_vec`.
        ///
        /// ```
        /// use json_runtime::axum::JsonArray;
        /// use json_runtime::{Escape, Options};
        ///
        /// async fn names() -> JsonArray {
        ///     JsonArray::new(["<b>Zoë</b>"; 3])
        ///         .with_options(Options::new().escape(Escape::HtmlSafe).indent(b"\t"))
        /// }
        /// ```
        fn with_options;
        /// Writes the array in the pretty layout, indented by two spaces: the
        /// bytes of `serde_json::to_vec_pretty` of the collected items. With
        /// options chosen, as [`Options::pretty`](crate::Options::pretty) of them.
        fn pretty;
    }

    /// A streamed [JSON Lines](https://jsonlines.org) response: each item of an
    /// iterator or a `Stream` as one compact JSON value followed by `\n`, with
    /// `Content-Type: application/x-ndjson`.
    ///
    /// Each line equals `serde_json::to_vec` of its item. No items make an
    /// empty body. Otherwise as [`JsonArray`].
    ///
    /// ```
    /// use json_runtime::axum::JsonLines;
    ///
    /// async fn events() -> JsonLines {
    ///     JsonLines::new((0..3).map(|id| [("id", id)]))
    /// }
    /// ```
    #[must_use = "a JsonLines does nothing until it is returned as a response"]
    pub struct JsonLines(Lines) {
        /// Streams the items of an iterator, as [`JsonArray::new`] does.
        fn new;
        /// Streams the items of a `Stream` as they arrive, as
        /// [`JsonArray::from_stream`] does.
        fn from_stream;
        /// Streams the `Ok` items of a `Stream` of `Result`s and cuts the body
        /// short on the first `Err`, as [`JsonArray::from_try_stream`] does.
        /// The lines before the error may have reached the client.
        fn from_try_stream;
        /// Encodes each line with the [`Escape`](crate::Escape) mode and
        /// sorted keys of `options`: the bytes of
        /// [`options.to_writer_lines`](crate::Options::to_writer_lines). As there,
        /// each line is compact whatever the layout `options` choose, so their
        /// indent and inline arrays do not apply.
        fn with_options;
    }
}

impl IntoResponse for JsonArray {
    fn into_response(self) -> Response {
        streamed_response(self.source)
    }
}

impl IntoResponse for JsonLines {
    fn into_response(self) -> Response {
        streamed_response(self.source)
    }
}
