//! HTTP response bodies: [`to_bytes`] for any framework, and responders for
//! axum ([`crate::axum`]) and actix-web ([`crate::actix`]).
//!
//! A single value is encoded into one buffer that becomes the body as it is,
//! with a `Content-Length`. A sequence ([`JsonArray`](crate::axum::JsonArray),
//! [`JsonLines`](crate::axum::JsonLines)) is encoded in chunks of about
//! 64 KiB while the response is sent: the server holds a chunk or two
//! whatever the length, and a client that goes away stops the encoding.

#[cfg(feature = "actix-web")]
pub mod actix;
#[cfg(feature = "axum")]
pub mod axum;
#[cfg(any(feature = "axum", feature = "actix-web"))]
mod chunks;

use bytes::Bytes;

use crate::to_json::ToJson;
#[cfg(any(feature = "axum", feature = "actix-web"))]
use crate::{
    encode,
    writer::{Compact, Config, Pretty},
};

/// `Content-Type` of a JSON document.
#[cfg(any(feature = "axum", feature = "actix-web"))]
const APPLICATION_JSON: &str = "application/json";

/// `Content-Type` of JSON Lines, as axum-extra's and most servers' NDJSON
/// responses send it.
#[cfg(any(feature = "axum", feature = "actix-web"))]
const APPLICATION_NDJSON: &str = "application/x-ndjson";

/// Encodes `value` as compact JSON into [`Bytes`], the body type of hyper,
/// axum, actix-web, warp, poem and most other Rust web frameworks.
///
/// The bytes are those of `serde_json::to_vec`. The encoded `Vec` becomes
/// the `Bytes` without a copy. Requires the `bytes` feature.
///
/// With axum or actix-web, the [`axum::Json`](crate::axum::Json) and
/// [`actix::Json`](crate::actix::Json) responders also set the
/// `Content-Type`; elsewhere it is one line:
///
/// ```
/// # let value = [1, 2, 3];
/// let response = http::Response::builder()
///     .header("content-type", "application/json")
///     .body(json_runtime::to_bytes(&value))
///     .unwrap();
/// assert_eq!(response.body().as_ref(), b"[1,2,3]");
/// ```
pub fn to_bytes<T: ToJson + ?Sized>(value: &T) -> Bytes {
    Bytes::from(crate::to_vec(value))
}

/// Encodes `value` as pretty JSON, indented by two spaces, into [`Bytes`]:
/// the bytes of `serde_json::to_vec_pretty`. Requires the `bytes` feature.
///
/// ```
/// let body = json_runtime::to_bytes_pretty(&[1, 2]);
/// assert_eq!(body.as_ref(), b"[\n  1,\n  2\n]");
/// ```
pub fn to_bytes_pretty<T: ToJson + ?Sized>(value: &T) -> Bytes {
    Bytes::from(crate::to_vec_pretty(value))
}

/// Encodes `value` for a response body, or returns the error a value
/// written through serde reported, for the responders to answer 500 with,
/// as axum's and actix-web's own `Json` do.
#[cfg(any(feature = "axum", feature = "actix-web"))]
fn try_body<T: ToJson + ?Sized>(value: &T, pretty: bool) -> Result<Bytes, crate::Error> {
    let bytes = if pretty {
        encode::to_vec::<Pretty, T>(&Config::DEFAULT, value)
    } else {
        encode::to_vec::<Compact, T>(&Config::DEFAULT, value)
    };
    bytes.map(Bytes::from)
}
