//! The responders for one value, whichever the framework: [`Json`],
//! [`JsonPretty`] and [`JsonWith`] are defined here once, with what they
//! send (the bytes, the `Content-Type`, the 500 of a value that failed
//! to encode). `axum.rs` and `actix.rs` re-export them and only turn a
//! [`Whole`] into their framework's response.

use std::ops::{Deref, DerefMut};

use bytes::Bytes;

use super::APPLICATION_JSON;
use crate::options::Options;
use crate::to_json::ToJson;

/// `Content-Type` of the error text, as axum and actix-web send it.
const TEXT_PLAIN_UTF_8: &str = "text/plain; charset=utf-8";

/// A response sent whole, with a `Content-Length`: the encoded value, or,
/// if a value written through serde failed, a 500 with the error as plain
/// text, as `axum::Json` and `actix_web::web::Json` answer.
pub(crate) struct Whole {
    pub(crate) body: Bytes,
    pub(crate) content_type: &'static str,
    /// Whether this is the 500 of a value that failed to encode (else a
    /// 200).
    pub(crate) failed: bool,
}

impl Whole {
    /// Encodes `value` as `options` say. The encoded `Vec` becomes the
    /// `Bytes` without a copy.
    pub(crate) fn encode<T: ToJson + ?Sized>(value: &T, options: &Options<'_>) -> Whole {
        match options.to_vec(value) {
            Ok(bytes) => Whole {
                body: Bytes::from(bytes),
                content_type: APPLICATION_JSON,
                failed: false,
            },
            Err(error) => Whole {
                body: Bytes::from(error.to_string()),
                content_type: TEXT_PLAIN_UTF_8,
                failed: true,
            },
        }
    }
}

/// A JSON response: `value` encoded as compact JSON, sent with
/// `Content-Type: application/json` and a `Content-Length`.
///
/// The same type is `json_runtime::axum::Json` (an axum `IntoResponse`)
/// and `json_runtime::actix::Json` (an actix-web `Responder`). The
/// response equals the framework's own `Json(value)`'s (`axum::Json`,
/// `actix_web::web::Json`), byte for byte, for types that derive both
/// `Serialize` and `ToJson`. If a field written through its `Serialize`
/// impl fails, the answer is a `500` with the error as `text/plain`, as
/// with theirs.
///
/// It is an extractor too, for `T: serde::de::DeserializeOwned`: the
/// request body is read by the framework's own `Json` extractor, with its
/// errors (see the `FromRequest` impls in `json_runtime::axum` and
/// `json_runtime::actix`).
///
/// With axum:
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use axum::response::IntoResponse;
/// use json_runtime::axum::Json;
///
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let response = Json(["a", "b"]).into_response();
/// assert_eq!(response.headers()["content-type"], "application/json");
/// let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
/// assert_eq!(body, r#"["a","b"]"#);
/// # });
/// # }
/// ```
///
/// With a status code or headers, as any axum response:
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use axum::http::StatusCode;
/// use axum::response::IntoResponse;
/// use json_runtime::axum::Json;
///
/// #[derive(json_runtime::ToJson)]
/// struct Created {
///     id: u64,
/// }
///
/// async fn create() -> impl IntoResponse {
///     (StatusCode::CREATED, Json(Created { id: 7 }))
/// }
/// # }
/// ```
///
/// With actix-web, and another status:
///
/// ```
/// # #[cfg(feature = "actix-web")] {
/// use actix_web::{body::MessageBody, http::StatusCode, test::TestRequest, Responder};
/// use json_runtime::actix::Json;
///
/// let response = Json(["a", "b"]).respond_to(&TestRequest::default().to_http_request());
/// assert_eq!(response.headers().get("content-type").unwrap(), "application/json");
/// let body = response.into_body().try_into_bytes().unwrap();
/// assert_eq!(body, r#"["a","b"]"#);
///
/// #[derive(json_runtime::ToJson)]
/// struct Created {
///     id: u64,
/// }
///
/// async fn create() -> impl Responder {
///     Json(Created { id: 7 }).customize().with_status(StatusCode::CREATED)
/// }
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The same response in the pretty layout, indented by two spaces, as
    /// `serde_json::to_vec_pretty` writes it.
    ///
    /// ```
    /// # #[cfg(feature = "axum")] {
    /// use json_runtime::axum::{Json, JsonPretty};
    ///
    /// async fn settings(pretty: bool) -> axum::response::Response {
    ///     use axum::response::IntoResponse;
    ///     let settings = [("theme", "dark")];
    ///     if pretty {
    ///         Json(settings).pretty().into_response()
    ///     } else {
    ///         Json(settings).into_response()
    ///     }
    /// }
    /// # }
    /// ```
    pub fn pretty(self) -> JsonPretty<T> {
        JsonPretty(self.0)
    }

    /// The same response encoded as `options` say: the body is
    /// [`options.to_vec(&value)`](Options::to_vec), compact or pretty, with
    /// their indent, [`Escape`](crate::Escape) mode, sorted keys and inline
    /// arrays. The options are `'static` (an indent such as `b"\t"` is),
    /// as a response outlives the handler.
    ///
    /// ```
    /// # #[cfg(feature = "axum")] {
    /// use axum::response::IntoResponse;
    /// use json_runtime::axum::{Json, JsonWith};
    /// use json_runtime::{Escape, Options};
    ///
    /// // Safe to embed in a `<script>` element.
    /// async fn state() -> JsonWith<[&'static str; 1]> {
    ///     Json(["</script>"]).with_options(Options::new().escape(Escape::HtmlSafe))
    /// }
    ///
    /// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
    /// let response = state().await.into_response();
    /// let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    /// assert_eq!(body, r#"["\u003c/script\u003e"]"#);
    /// # });
    /// # }
    /// ```
    pub fn with_options(self, options: Options<'static>) -> JsonWith<T> {
        JsonWith {
            value: self.0,
            options,
        }
    }
}

impl<T: ToJson> Json<T> {
    pub(crate) fn whole(&self) -> Whole {
        Whole::encode(&self.0, &Options::new())
    }
}

impl<T> From<T> for Json<T> {
    fn from(value: T) -> Self {
        Json(value)
    }
}

impl<T> Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// A JSON response in the pretty layout: `value` encoded as
/// `serde_json::to_vec_pretty` encodes it, otherwise as [`Json`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct JsonPretty<T>(pub T);

impl<T: ToJson> JsonPretty<T> {
    pub(crate) fn whole(&self) -> Whole {
        Whole::encode(&self.0, &Options::new().pretty())
    }
}

impl<T> From<T> for JsonPretty<T> {
    fn from(value: T) -> Self {
        JsonPretty(value)
    }
}

/// A JSON response encoded with chosen [`Options`], made by
/// [`Json::with_options`]: the body is `options.to_vec(&value)`, otherwise
/// as [`Json`] (`Content-Type`, `Content-Length`, the 500 of a failing
/// `Serialize` impl).
#[derive(Debug, Clone, Copy)]
pub struct JsonWith<T> {
    value: T,
    options: Options<'static>,
}

impl<T> JsonWith<T> {
    /// The value, without its options.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T: ToJson> JsonWith<T> {
    pub(crate) fn whole(&self) -> Whole {
        Whole::encode(&self.value, &self.options)
    }
}
