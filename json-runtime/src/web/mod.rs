//! HTTP response bodies: `Options::to_bytes` for any framework, and responders for
//! axum ([`crate::axum`]) and actix-web ([`crate::actix`]).
//!
//! A single value is encoded into one buffer that becomes the body as it is,
//! with a `Content-Length`. A sequence ([`JsonArray`](crate::axum::JsonArray),
//! [`JsonLines`](crate::axum::JsonLines)) is encoded in chunks of about
//! 64 KiB while the response is sent: the server holds a chunk or two
//! whatever the length, and a client that goes away stops the encoding.
//!
//! Everything but the framework's traits is here, shared by both:
//! `body.rs` has the value responders and what they send, `chunks.rs`
//! the sequences' chunk sources and the macro that defines `JsonArray` and
//! `JsonLines` (fields, constructors, options); `axum.rs` and `actix.rs`
//! give those their docs and are adapters that turn them into their
//! framework's responses and bodies. Every responder takes an
//! [`Options`](crate::Options) (`with_options`).

#[cfg(feature = "actix-web")]
pub mod actix;
#[cfg(feature = "axum")]
pub mod axum;
#[cfg(any(feature = "axum", feature = "actix-web"))]
mod body;
#[cfg(any(feature = "axum", feature = "actix-web"))]
mod chunks;

use bytes::Bytes;

use crate::error::Error;
use crate::options::Options;
use crate::to_json::ToJson;

/// `Content-Type` of a JSON document.
#[cfg(any(feature = "axum", feature = "actix-web"))]
const APPLICATION_JSON: &str = "application/json";

/// `Content-Type` of JSON Lines, as axum-extra's and most servers' NDJSON
/// responses send it.
#[cfg(any(feature = "axum", feature = "actix-web"))]
const APPLICATION_NDJSON: &str = "application/x-ndjson";

/// The body type of the web frameworks (feature `bytes`).
impl Options<'_> {
    /// Encodes `value` as JSON into [`Bytes`], the body type of hyper,
    /// axum, actix-web, warp, poem and most other Rust web frameworks.
    ///
    /// The bytes are those of [`to_vec`](Self::to_vec), which become the
    /// `Bytes` without a copy. Errors as in [`to_vec`](crate::to_vec).
    /// Requires the `bytes` feature.
    ///
    /// With axum or actix-web, the [`axum::Json`](crate::axum::Json) and
    /// [`actix::Json`](crate::actix::Json) responders also set the
    /// `Content-Type`; elsewhere it is one line:
    ///
    /// ```
    /// use json_runtime::Options;
    ///
    /// # let value = [1, 2, 3];
    /// let response = http::Response::builder()
    ///     .header("content-type", "application/json")
    ///     .body(Options::new().to_bytes(&value)?)?;
    /// assert_eq!(response.body().as_ref(), b"[1,2,3]");
    ///
    /// let body = Options::new().pretty().to_bytes(&[1, 2])?;
    /// assert_eq!(body.as_ref(), b"[\n  1,\n  2\n]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_bytes<T: ToJson + ?Sized>(&self, value: &T) -> Result<Bytes, Error> {
        self.to_vec(value).map(Bytes::from)
    }
}
