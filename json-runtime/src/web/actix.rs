//! JSON responses for [actix-web](https://docs.rs/actix-web) 4 (feature
//! `actix-web`).
//!
//! The same responders as [`crate::axum`], implementing actix-web's
//! [`Responder`]:
//!
//! | handler returns | body | `Content-Type` |
//! |---|---|---|
//! | [`Json(value)`](Json) | `serde_json::to_vec(&value)`, one buffer, with `Content-Length` | `application/json` |
//! | [`Json(value).pretty()`](Json::pretty), [`JsonPretty(value)`](JsonPretty) | `serde_json::to_vec_pretty(&value)` | `application/json` |
//! | [`JsonArray::new(iter)`](JsonArray::new), [`JsonArray::from_stream(stream)`](JsonArray::from_stream) | one JSON array, encoded while it is sent | `application/json` |
//! | [`JsonLines::new(iter)`](JsonLines::new), [`JsonLines::from_stream(stream)`](JsonLines::from_stream) | JSON Lines, one item per line | `application/x-ndjson` |
//!
//! [`Json`] sends the same bytes and headers as `actix_web::web::Json` on
//! the response side. actix-web runs each worker on one thread, so the
//! iterators and streams need not be `Send`.
//!
//! ```
//! use actix_web::{web, App};
//! use json_runtime::actix::{Json, JsonArray};
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
//! let app = App::new()
//!     .route("/product", web::get().to(product))
//!     .route("/catalogue", web::get().to(catalogue));
//! ```
//!
//! # Streaming
//!
//! As in [`crate::axum#streaming`]: chunks of about 64 KiB, encoded when
//! actix-web asks for them; a `Content-Length` when the whole output fits
//! in the first chunk; no empty chunk (actix-web would end a chunked body
//! there); the iterator or stream is dropped when the client goes away;
//! [`JsonArray::from_try_stream`] cuts the body short on an `Err`.

use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, Responder};
use bytes::Bytes;
use futures_core::Stream;

use super::chunks::{BoxError, ChunkSource, Framing, IterChunks, StreamChunks};
use super::APPLICATION_JSON;
use crate::ToJson;

/// A JSON response: `value` encoded as compact JSON, sent with
/// `Content-Type: application/json` and a `Content-Length`.
///
/// The response equals `actix_web::web::Json(value)`'s, byte for byte, for
/// types that derive both `Serialize` and `ToJson`.
///
/// ```
/// use actix_web::{body::MessageBody, test::TestRequest, Responder};
/// use json_runtime::actix::Json;
///
/// let response = Json(["a", "b"]).respond_to(&TestRequest::default().to_http_request());
/// assert_eq!(response.headers().get("content-type").unwrap(), "application/json");
/// let body = response.into_body().try_into_bytes().unwrap();
/// assert_eq!(body, r#"["a","b"]"#);
/// ```
///
/// With another status, as any actix-web responder:
///
/// ```
/// use actix_web::{http::StatusCode, Responder};
/// use json_runtime::actix::Json;
///
/// #[derive(json_runtime::ToJson)]
/// struct Created {
///     id: u64,
/// }
///
/// async fn create() -> impl Responder {
///     Json(Created { id: 7 }).customize().with_status(StatusCode::CREATED)
/// }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The same response in the pretty layout, indented by two spaces, as
    /// `serde_json::to_vec_pretty` writes it.
    pub fn pretty(self) -> JsonPretty<T> {
        JsonPretty(self.0)
    }
}

impl<T> From<T> for Json<T> {
    fn from(value: T) -> Self {
        Json(value)
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: ToJson> Responder for Json<T> {
    type Body = Bytes;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Bytes> {
        body_response(super::try_body(&self.0, false))
    }
}

/// A JSON response in the pretty layout: `value` encoded as
/// `serde_json::to_vec_pretty` encodes it, otherwise as [`Json`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct JsonPretty<T>(pub T);

impl<T> From<T> for JsonPretty<T> {
    fn from(value: T) -> Self {
        JsonPretty(value)
    }
}

impl<T: ToJson> Responder for JsonPretty<T> {
    type Body = Bytes;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Bytes> {
        body_response(super::try_body(&self.0, true))
    }
}

/// The JSON response, or, if a value written through serde failed, a 500
/// with the error as plain text, as actix-web's own `Json` answers.
fn body_response(body: Result<Bytes, crate::Error>) -> HttpResponse<Bytes> {
    match body {
        Ok(bytes) => response(bytes, APPLICATION_JSON),
        Err(error) => {
            let mut response = response(Bytes::from(error.to_string()), TEXT_PLAIN_UTF_8);
            *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            response
        }
    }
}

/// `Content-Type` of the error text.
const TEXT_PLAIN_UTF_8: &str = "text/plain; charset=utf-8";

/// A `200 OK` response with its `Content-Type`. A body of one `Bytes` is
/// sent with a `Content-Length`.
fn response<B>(body: B, content_type: &'static str) -> HttpResponse<B> {
    let mut response = HttpResponse::with_body(StatusCode::OK, body);
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

fn streamed_response(mut source: Box<dyn ChunkSource>, framing: Framing) -> HttpResponse {
    let body = match source.whole() {
        Some(whole) => BoxBody::new(whole),
        None => BoxBody::new(ChunkedBody { source }),
    };
    response(body, framing.content_type())
}

/// The body of a streamed response: hands the source's chunks to
/// actix-web.
struct ChunkedBody {
    source: Box<dyn ChunkSource>,
}

impl MessageBody for ChunkedBody {
    /// actix-web takes errors without `Send + Sync`.
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        self.get_mut()
            .source
            .poll_chunk(cx)
            .map(|chunk| chunk.map(|chunk| chunk.map_err(|error| error as Self::Error)))
    }
}

/// A streamed JSON array response: the items of an iterator or a `Stream`,
/// encoded while the response is sent, with `Content-Type:
/// application/json`.
///
/// The bytes equal `serde_json::to_vec` of the items collected into a
/// `Vec`. See [the module docs](self#streaming).
///
/// ```
/// use json_runtime::actix::JsonArray;
///
/// async fn squares() -> JsonArray {
///     JsonArray::new((0..100_000u64).map(|i| i * i))
/// }
/// ```
#[must_use = "a JsonArray does nothing until it is returned as a response"]
pub struct JsonArray {
    source: Box<dyn ChunkSource>,
}

impl JsonArray {
    /// Streams the items of an iterator, encoding each chunk when
    /// actix-web asks for it.
    pub fn new<I>(items: I) -> Self
    where
        I: IntoIterator,
        I::IntoIter: 'static,
        I::Item: ToJson,
    {
        JsonArray {
            source: Box::new(IterChunks::new(items.into_iter(), Framing::Array)),
        }
    }

    /// Streams the items of a `Stream` as they arrive, sending what is
    /// ready whenever the stream has to wait.
    pub fn from_stream<S>(items: S) -> Self
    where
        S: Stream + 'static,
        S::Item: ToJson + 'static,
    {
        JsonArray {
            source: Box::new(StreamChunks::new(items, Framing::Array)),
        }
    }

    /// Streams the `Ok` items of a `Stream` of `Result`s; the first `Err`
    /// cuts the body short, so the client sees a failed transfer rather
    /// than a valid but incomplete array.
    pub fn from_try_stream<S, T, E>(items: S) -> Self
    where
        S: Stream<Item = Result<T, E>> + 'static,
        T: ToJson + 'static,
        E: Into<BoxError> + 'static,
    {
        JsonArray {
            source: Box::new(StreamChunks::new_fallible(items, Framing::Array)),
        }
    }

    /// Writes the array in the pretty layout, indented by two spaces: the
    /// bytes of `serde_json::to_vec_pretty` of the collected items.
    pub fn pretty(mut self) -> Self {
        self.source.pretty();
        self
    }
}

impl Responder for JsonArray {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        streamed_response(self.source, Framing::Array)
    }
}

impl std::fmt::Debug for JsonArray {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonArray").finish_non_exhaustive()
    }
}

/// A streamed [JSON Lines](https://jsonlines.org) response: each item of an
/// iterator or a `Stream` as one compact JSON value followed by `\n`, with
/// `Content-Type: application/x-ndjson`. No items make an empty body.
/// Otherwise as [`JsonArray`].
#[must_use = "a JsonLines does nothing until it is returned as a response"]
pub struct JsonLines {
    source: Box<dyn ChunkSource>,
}

impl JsonLines {
    /// Streams the items of an iterator, as [`JsonArray::new`] does.
    pub fn new<I>(items: I) -> Self
    where
        I: IntoIterator,
        I::IntoIter: 'static,
        I::Item: ToJson,
    {
        JsonLines {
            source: Box::new(IterChunks::new(items.into_iter(), Framing::Lines)),
        }
    }

    /// Streams the items of a `Stream` as they arrive, as
    /// [`JsonArray::from_stream`] does.
    pub fn from_stream<S>(items: S) -> Self
    where
        S: Stream + 'static,
        S::Item: ToJson + 'static,
    {
        JsonLines {
            source: Box::new(StreamChunks::new(items, Framing::Lines)),
        }
    }

    /// Streams the `Ok` items of a `Stream` of `Result`s and cuts the body
    /// short on the first `Err`, as [`JsonArray::from_try_stream`] does.
    pub fn from_try_stream<S, T, E>(items: S) -> Self
    where
        S: Stream<Item = Result<T, E>> + 'static,
        T: ToJson + 'static,
        E: Into<BoxError> + 'static,
    {
        JsonLines {
            source: Box::new(StreamChunks::new_fallible(items, Framing::Lines)),
        }
    }
}

impl Responder for JsonLines {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        streamed_response(self.source, Framing::Lines)
    }
}

impl std::fmt::Debug for JsonLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonLines").finish_non_exhaustive()
    }
}
