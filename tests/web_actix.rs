//! `json_runtime::actix` behind a real actix-web server on 127.0.0.1,
//! requested with hyper's client and read raw off the socket: bytes equal
//! to serde_json's, headers, chunk framing, streams, errors and
//! disconnects. The checks are shared with `web_axum.rs`; see
//! `web_support`.

#[path = "web_support/mod.rs"]
mod web_support;

use std::pin::Pin;

use actix_web::body::MessageBody;
use actix_web::http::StatusCode;
use actix_web::web::{self, ServiceConfig};
use actix_web::{HttpResponse, Responder};
use bytes::Bytes;
use json_runtime::actix::{Json, JsonArray, JsonLines, JsonPretty};
use web_support::*;

/// One `Json` type both extracts and responds, as `web::Json` does.
async fn echo(Json(note): Json<Note>) -> Json<Note> {
    Json(note)
}

fn routes(config: &mut ServiceConfig) {
    config
        .route("/json", web::get().to(|| async { Json(products(100)) }))
        .route(
            "/json/pretty",
            web::get().to(|| async { Json(products(100)).pretty() }),
        )
        .route(
            "/json/pretty-type",
            web::get().to(|| async { JsonPretty(products(100)) }),
        )
        .route(
            "/json/created",
            web::get().to(|| async {
                Json(product(7))
                    .customize()
                    .with_status(StatusCode::CREATED)
            }),
        )
        .route(
            "/serde/json",
            web::get().to(|| async { web::Json(products(100)) }),
        )
        .route("/echo", web::post().to(echo))
        .route(
            "/serde/echo",
            web::post().to(|web::Json(note): web::Json<Note>| async { web::Json(note) }),
        )
        .route(
            "/array/small",
            web::get().to(|| async { JsonArray::new(products(3)) }),
        )
        .route(
            "/array/small/pretty",
            web::get().to(|| async { JsonArray::new(products(3)).pretty() }),
        )
        .route(
            "/lines/small",
            web::get().to(|| async { JsonLines::new(products(3)) }),
        )
        .route(
            "/array/empty",
            web::get().to(|| async { JsonArray::new(Vec::<Product>::new()) }),
        )
        .route(
            "/lines/empty",
            web::get().to(|| async { JsonLines::new(Vec::<Product>::new()) }),
        )
        .route(
            "/array/long",
            web::get().to(|| async { JsonArray::new((0..LONG).map(product)) }),
        )
        .route(
            "/array/long/pretty",
            web::get().to(|| async { JsonArray::new((0..LONG).map(product)).pretty() }),
        )
        .route(
            "/lines/long",
            web::get().to(|| async { JsonLines::new((0..LONG).map(product)) }),
        )
        .route(
            "/stream/array",
            web::get().to(|| async { JsonArray::from_stream(stuttering((0..LONG).map(product))) }),
        )
        .route(
            "/stream/array/pretty",
            web::get().to(|| async {
                JsonArray::from_stream(stuttering((0..LONG).map(product))).pretty()
            }),
        )
        .route(
            "/stream/lines",
            web::get().to(|| async { JsonLines::from_stream(stuttering((0..LONG).map(product))) }),
        )
        .route(
            "/stream/empty-array",
            web::get()
                .to(|| async { JsonArray::from_stream(futures_util::stream::empty::<Product>()) }),
        )
        .route(
            "/stream/empty-lines",
            web::get()
                .to(|| async { JsonLines::from_stream(futures_util::stream::empty::<Product>()) }),
        )
        .route(
            "/stream/failing/array",
            web::get().to(|| async { JsonArray::from_try_stream(failing()) }),
        )
        .route(
            "/stream/failing/lines",
            web::get().to(|| async { JsonLines::from_try_stream(failing()) }),
        )
        .route(
            "/channel",
            web::get().to(|| async { JsonLines::from_stream(channel_stream()) }),
        )
        .route(
            "/endless",
            web::get().to(|| async { JsonArray::new(endless()) }),
        );
}

fn start() -> Server {
    start_actix(routes)
}

web_tests!(start);

/// Reads a response body chunk by chunk, as actix-web's dispatcher does.
fn chunks(response: HttpResponse) -> (Vec<Bytes>, Option<Box<dyn std::error::Error>>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let mut body = response.into_body();
    runtime.block_on(async {
        let mut chunks = Vec::new();
        while let Some(chunk) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await {
            match chunk {
                Ok(chunk) => chunks.push(chunk),
                Err(error) => return (chunks, Some(error)),
            }
        }
        (chunks, None)
    })
}

fn respond(responder: impl Responder) -> HttpResponse {
    let request = actix_web::test::TestRequest::default().to_http_request();
    responder.respond_to(&request).map_into_boxed_body()
}

/// The chunks actix-web is handed: each holds data (actix-web would end a
/// chunked body at an empty one), and they add up to serde_json's bytes.
#[test]
fn body_chunks_are_never_empty() {
    let items = products(LONG);
    let compact = serde_json::to_vec(&items).unwrap();
    let pretty = serde_json::to_vec_pretty(&items).unwrap();
    let lines = serde_lines(&items);
    let cases: Vec<(&str, HttpResponse, &[u8])> = vec![
        (
            "iter array",
            respond(JsonArray::new(items.clone())),
            &compact,
        ),
        (
            "iter pretty",
            respond(JsonArray::new(items.clone()).pretty()),
            &pretty,
        ),
        ("iter lines", respond(JsonLines::new(items.clone())), &lines),
        (
            "stream array",
            respond(JsonArray::from_stream(stuttering(items.clone()))),
            &compact,
        ),
        (
            "stream pretty",
            respond(JsonArray::from_stream(stuttering(items.clone())).pretty()),
            &pretty,
        ),
        (
            "stream lines",
            respond(JsonLines::from_stream(stuttering(items.clone()))),
            &lines,
        ),
        (
            "stream, none",
            respond(JsonArray::from_stream(stuttering(Vec::<u8>::new()))),
            b"[]",
        ),
        (
            "lines, none",
            respond(JsonLines::from_stream(stuttering(Vec::<u8>::new()))),
            b"",
        ),
    ];
    for (what, response, expected) in cases {
        let (chunks, error) = chunks(response);
        assert!(error.is_none(), "{what}");
        assert!(
            chunks.iter().all(|c| !c.is_empty()),
            "{what}: an empty chunk"
        );
        assert_same_bytes(what, expected, &chunks.concat());
        eprintln!("{what}: {} chunks", chunks.len());
    }
}

/// A stream's first `Err` ends the body with that error.
#[test]
fn a_failing_stream_ends_the_body_with_its_error() {
    let (chunks, error) = chunks(respond(JsonArray::from_try_stream(failing())));
    let error = error.expect("the body ended without the error");
    assert!(
        error.to_string().contains("the database went away"),
        "{error}"
    );
    let received = chunks.concat();
    let full = serde_json::to_vec(&products(FAIL_AFTER)).unwrap();
    assert!(full.starts_with(&received) && received.len() < full.len());
}

/// A value whose `Serialize` impl fails: a 500 with the error as plain
/// text, where actix-web's own `web::Json` also answers 500.
#[test]
fn a_failing_value_is_a_500_as_with_actix_json() {
    for ours in [respond(Json(Failing)), respond(JsonPretty(Failing))] {
        assert_eq!(ours.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            respond(web::Json(Failing)).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            ours.headers().get("content-type").unwrap(),
            "text/plain; charset=utf-8"
        );
        let body = ours.into_body().try_into_bytes().ok().unwrap();
        assert_eq!(body, Bytes::from_static(b"cannot be written"));
    }
}
