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
//! | [`Json(value).with_options(options)`](Json::with_options) | [`options.to_vec(&value)`](crate::Options::to_vec) | `application/json` |
//! | [`JsonArray::new(iter)`](JsonArray::new), [`JsonArray::from_stream(stream)`](JsonArray::from_stream) | one JSON array, encoded while it is sent | `application/json` |
//! | [`JsonLines::new(iter)`](JsonLines::new), [`JsonLines::from_stream(stream)`](JsonLines::from_stream) | JSON Lines, one item per line | `application/x-ndjson` |
//!
//! [`Json`] sends the same bytes and headers as `actix_web::web::Json`,
//! and, as an extractor, reads the request body with `web::Json`'s own
//! extractor. actix-web runs each worker on one thread, so the
//! iterators and streams need not be `Send`. [`Json`], [`JsonPretty`] and
//! [`JsonWith`] are the very types of `json_runtime::axum` (they implement
//! both frameworks' traits); [`JsonArray`] and [`JsonLines`] are this
//! module's own, and take [`Options`](crate::Options) through `with_options` as there.
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

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::Payload;
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, Responder};
use bytes::Bytes;
use serde::de::DeserializeOwned;

use super::body::Whole;
pub use super::body::{Json, JsonPretty, JsonWith};
use super::chunks::{streamed_responses, ChunkSource};
use crate::ToJson;

impl<T: ToJson> Responder for Json<T> {
    type Body = Bytes;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Bytes> {
        whole_response(self.whole())
    }
}

/// The request body, read by `actix_web::web::Json`'s own extractor: the
/// same `JsonConfig` (size limit, `Content-Type` check, error handler),
/// the same deserializing with serde_json, the same errors. So one `Json`
/// type both extracts and responds, as `web::Json` does.
///
/// ```
/// use actix_web::{web, App};
/// use json_runtime::actix::Json;
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
/// let app = App::new().route("/echo", web::post().to(echo));
/// ```
impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    // actix-web's future for `web::Json` cannot be named, so it is boxed,
    // as actix-web boxes the futures of its own composite extractors.
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let extract = web::Json::<T>::from_request(request, payload);
        Box::pin(async move { extract.await.map(|json| Json(json.into_inner())) })
    }
}

impl<T: ToJson> Responder for JsonPretty<T> {
    type Body = Bytes;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Bytes> {
        whole_response(self.whole())
    }
}

impl<T: ToJson> Responder for JsonWith<T> {
    type Body = Bytes;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<Bytes> {
        whole_response(self.whole())
    }
}

/// A body of one `Bytes` is sent with a `Content-Length`.
fn whole_response(whole: Whole) -> HttpResponse<Bytes> {
    let mut response = response(whole.body, whole.content_type);
    if whole.failed {
        *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
    }
    response
}

/// A `200 OK` response with its `Content-Type`.
fn response<B>(body: B, content_type: &'static str) -> HttpResponse<B> {
    let mut response = HttpResponse::with_body(StatusCode::OK, body);
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

fn streamed_response(mut source: Box<dyn ChunkSource>) -> HttpResponse {
    let content_type = source.content_type();
    let body = match source.whole() {
        Some(whole) => BoxBody::new(whole),
        None => BoxBody::new(ChunkedBody { source }),
    };
    response(body, content_type)
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
            .map(|chunk| chunk.map(|chunk| chunk.map_err(|error| -> Self::Error { error })))
    }
}

// The types, their constructors and options are written once, in
// `chunks::streamed_responses`; here are their docs (no `Send`: see above).
streamed_responses! {
    bounds: ['static],
    source: Box<dyn ChunkSource>;

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
    pub struct JsonArray(Array) {
        /// Streams the items of an iterator, encoding each chunk when
        /// actix-web asks for it.
        fn new;
        /// Streams the items of a `Stream` as they arrive, sending what is
        /// ready whenever the stream has to wait.
        fn from_stream;
        /// Streams the `Ok` items of a `Stream` of `Result`s; the first `Err`
        /// cuts the body short, so the client sees a failed transfer rather
        /// than a valid but incomplete array.
        fn from_try_stream;
        /// Encodes the array as `options` say, as
        /// `json_runtime::axum::JsonArray::with_options`
        /// does: the bytes of [`options.to_vec`](crate::Options::to_vec) of the
        /// collected items (a `Stream`'s array itself never on one line).
        ///
        /// ```
        /// use json_runtime::actix::JsonArray;
        /// use json_runtime::{Escape, Options};
        ///
        /// async fn names() -> JsonArray {
        ///     JsonArray::new(["<b>Zoë</b>"; 3]).with_options(Options::new().escape(Escape::HtmlSafe))
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
    /// `Content-Type: application/x-ndjson`. No items make an empty body.
    /// Otherwise as [`JsonArray`].
    #[must_use = "a JsonLines does nothing until it is returned as a response"]
    pub struct JsonLines(Lines) {
        /// Streams the items of an iterator, as [`JsonArray::new`] does.
        fn new;
        /// Streams the items of a `Stream` as they arrive, as
        /// [`JsonArray::from_stream`] does.
        fn from_stream;
        /// Streams the `Ok` items of a `Stream` of `Result`s and cuts the body
        /// short on the first `Err`, as [`JsonArray::from_try_stream`] does.
        fn from_try_stream;
        /// Encodes each line with the [`Escape`](crate::Escape) mode and
        /// sorted keys of `options`: the bytes of
        /// [`options.to_writer_lines`](crate::Options::to_writer_lines), each line
        /// compact whatever the layout `options` choose.
        fn with_options;
    }
}

impl Responder for JsonArray {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        streamed_response(self.source)
    }
}

impl Responder for JsonLines {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        streamed_response(self.source)
    }
}
