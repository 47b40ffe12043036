//! `json_runtime::axum` behind a real axum server on 127.0.0.1, requested
//! with hyper's client and read raw off the socket: bytes equal to
//! serde_json's, headers, chunk framing, streams, errors and disconnects.
//! The checks are shared with `web_actix.rs`; see `web_support`.

#[path = "web_support/mod.rs"]
mod web_support;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use http_body_util::BodyExt;
use json_runtime::axum::{Json, JsonArray, JsonLines, JsonPretty};
use web_support::*;

fn routes() -> Router {
    Router::new()
        .route("/json", get(|| async { Json(products(100)) }))
        .route(
            "/json/pretty",
            get(|| async { Json(products(100)).pretty() }),
        )
        .route(
            "/json/pretty-type",
            get(|| async { JsonPretty(products(100)) }),
        )
        .route(
            "/json/created",
            get(|| async { (StatusCode::CREATED, Json(product(7))) }),
        )
        .route("/serde/json", get(|| async { axum::Json(products(100)) }))
        .route("/echo", post(echo))
        .route(
            "/serde/echo",
            post(|axum::Json(note): axum::Json<Note>| async { axum::Json(note) }),
        )
        .route(
            "/array/small",
            get(|| async { JsonArray::new(products(3)) }),
        )
        .route(
            "/array/small/pretty",
            get(|| async { JsonArray::new(products(3)).pretty() }),
        )
        .route(
            "/lines/small",
            get(|| async { JsonLines::new(products(3)) }),
        )
        .route(
            "/array/empty",
            get(|| async { JsonArray::new(Vec::<Product>::new()) }),
        )
        .route(
            "/lines/empty",
            get(|| async { JsonLines::new(Vec::<Product>::new()) }),
        )
        .route(
            "/array/long",
            get(|| async { JsonArray::new((0..LONG).map(product)) }),
        )
        .route(
            "/array/long/pretty",
            get(|| async { JsonArray::new((0..LONG).map(product)).pretty() }),
        )
        .route(
            "/lines/long",
            get(|| async { JsonLines::new((0..LONG).map(product)) }),
        )
        .route(
            "/stream/array",
            get(|| async { JsonArray::from_stream(stuttering((0..LONG).map(product))) }),
        )
        .route(
            "/stream/array/pretty",
            get(|| async { JsonArray::from_stream(stuttering((0..LONG).map(product))).pretty() }),
        )
        .route(
            "/stream/lines",
            get(|| async { JsonLines::from_stream(stuttering((0..LONG).map(product))) }),
        )
        .route(
            "/stream/empty-array",
            get(|| async { JsonArray::from_stream(futures_util::stream::empty::<Product>()) }),
        )
        .route(
            "/stream/empty-lines",
            get(|| async { JsonLines::from_stream(futures_util::stream::empty::<Product>()) }),
        )
        .route(
            "/stream/failing/array",
            get(|| async { JsonArray::from_try_stream(failing()) }),
        )
        .route(
            "/stream/failing/lines",
            get(|| async { JsonLines::from_try_stream(failing()) }),
        )
        .route(
            "/channel",
            get(|| async { JsonLines::from_stream(channel_stream()) }),
        )
        .route("/endless", get(|| async { JsonArray::new(endless()) }))
}

/// One `Json` type both extracts and responds, as `axum::Json` does.
async fn echo(Json(note): Json<Note>) -> Json<Note> {
    Json(note)
}

fn start() -> Server {
    start_axum(routes())
}

web_tests!(start);

/// The body frames hyper is handed: each holds data, their concatenation is
/// serde_json's bytes, and `is_end_stream` turns true with the last one.
#[test]
fn body_frames_are_never_empty() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let items = products(LONG);
    let compact = serde_json::to_vec(&items).unwrap();
    let pretty = serde_json::to_vec_pretty(&items).unwrap();
    let lines = serde_lines(&items);
    let cases: Vec<(&str, Response, &[u8])> = vec![
        (
            "iter array",
            JsonArray::new(items.clone()).into_response(),
            &compact,
        ),
        (
            "iter pretty",
            JsonArray::new(items.clone()).pretty().into_response(),
            &pretty,
        ),
        (
            "iter lines",
            JsonLines::new(items.clone()).into_response(),
            &lines,
        ),
        (
            "stream array",
            JsonArray::from_stream(stuttering(items.clone())).into_response(),
            &compact,
        ),
        (
            "stream pretty",
            JsonArray::from_stream(stuttering(items.clone()))
                .pretty()
                .into_response(),
            &pretty,
        ),
        (
            "stream lines",
            JsonLines::from_stream(stuttering(items.clone())).into_response(),
            &lines,
        ),
        (
            "stream, none",
            JsonArray::from_stream(stuttering(Vec::<u8>::new())).into_response(),
            b"[]",
        ),
        (
            "lines, none",
            JsonLines::from_stream(stuttering(Vec::<u8>::new())).into_response(),
            b"",
        ),
    ];
    for (what, response, expected) in cases {
        let mut body = response.into_body();
        let mut received = Vec::new();
        let mut frames = 0;
        runtime.block_on(async {
            while let Some(frame) = body.frame().await {
                let data = frame.unwrap().into_data().unwrap();
                assert!(!data.is_empty(), "{what}: an empty frame after {frames}");
                received.extend_from_slice(&data);
                frames += 1;
            }
        });
        assert!(http_body::Body::is_end_stream(&body), "{what}");
        assert_same_bytes(what, expected, &received);
        eprintln!("{what}: {frames} frames");
    }
}

/// A stream's first `Err` ends the body with that error, after no empty
/// frame; nothing is yielded after it.
#[test]
fn a_failing_stream_ends_the_body_with_its_error() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let mut body = JsonArray::from_try_stream(failing())
        .into_response()
        .into_body();
    runtime.block_on(async {
        let mut received = Vec::new();
        let error = loop {
            match body
                .frame()
                .await
                .expect("the body ended without the error")
            {
                Ok(frame) => received.extend_from_slice(&frame.into_data().unwrap()),
                Err(error) => break error,
            }
        };
        assert!(
            error.to_string().contains("the database went away"),
            "{error}"
        );
        let full = serde_json::to_vec(&products(FAIL_AFTER)).unwrap();
        assert!(full.starts_with(&received) && received.len() < full.len());
        assert!(body.frame().await.is_none());
    });
}

/// A value whose `Serialize` impl fails: the response is axum's own answer
/// to a failing `axum::Json`, a 500 with the error as plain text.
#[test]
fn a_failing_value_is_a_500_as_with_axum_json() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    for (ours, theirs) in [
        (
            Json(Failing).into_response(),
            axum::Json(Failing).into_response(),
        ),
        (
            JsonPretty(Failing).into_response(),
            axum::Json(Failing).into_response(),
        ),
    ] {
        assert_eq!(ours.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(ours.status(), theirs.status());
        assert_eq!(
            ours.headers().get("content-type"),
            theirs.headers().get("content-type")
        );
        let ours = runtime
            .block_on(ours.into_body().collect())
            .unwrap()
            .to_bytes();
        let theirs = runtime
            .block_on(theirs.into_body().collect())
            .unwrap()
            .to_bytes();
        assert_eq!(ours, theirs);
    }
}
