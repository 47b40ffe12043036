//! Streaming a million generated rows as an HTTP response holds flat
//! memory, through axum and through actix-web: a counting global allocator
//! checks the peak heap of the whole process (server and client) while
//! about 90 MB go over a loopback connection. The client reads the body
//! frame by frame and keeps only a count and the ends.
//!
//! This binary has a single test, so that no other test allocates while
//! the peak is measured.

#[path = "web_support/mod.rs"]
mod web_support;

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::BodyExt;
use web_support::{assert_same_bytes, client, url, Server};

use json_tests::heap::PeakMeter;
use json_tests::record::record;

#[global_allocator]
static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;

const ROWS: u64 = 1_000_000;

/// The peak heap allowed while a body streams. Routes: `/array` and
/// `/lines` stream [`ROWS`] rows; `/whole` sends a tenth of them with
/// `Json`, to show the measure sees a body held whole.
const LIMIT: usize = 4 * 1024 * 1024;

/// What a streamed body looked like to the client.
struct Received {
    len: usize,
    head: Vec<u8>,
    tail: Vec<u8>,
    peak: usize,
}

/// GETs `path` and reads the body frame by frame, keeping its first and
/// last 200 bytes; measures the process's peak heap above what was live
/// before the request.
async fn stream(addr: SocketAddr, path: &str) -> Received {
    let client = client();
    let meter = PeakMeter::start();
    let response = client.get(url(addr, path)).await.unwrap();
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    let mut received = Received {
        len: 0,
        head: Vec::with_capacity(200),
        tail: Vec::with_capacity(400),
        peak: 0,
    };
    while let Some(frame) = body.frame().await {
        let data = frame.unwrap().into_data().unwrap();
        received.len += data.len();
        let room = 200 - received.head.len();
        received
            .head
            .extend_from_slice(&data[..room.min(data.len())]);
        received
            .tail
            .extend_from_slice(&data[data.len().saturating_sub(200)..]);
        let excess = received.tail.len().saturating_sub(200);
        received.tail.drain(..excess);
    }
    drop(body);
    drop(client);
    received.peak = meter.peak();
    received
}

fn check(what: &str, server: Server) {
    let addr = server.addr;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(300), async {
            let first = serde_json::to_vec(&record(0)).unwrap();
            let last = serde_json::to_vec(&record(ROWS - 1)).unwrap();

            let array = stream(addr, "/array").await;
            eprintln!(
                "{what}: array of {ROWS} rows, {} bytes, peak heap {} bytes",
                array.len, array.peak
            );
            assert!(array.len > 50_000_000, "{what}: {} bytes", array.len);
            assert!(
                array.peak < LIMIT,
                "{what}: peak heap {} bytes for a {}-byte array",
                array.peak,
                array.len
            );
            assert_same_bytes(
                what,
                &[b"[", &first[..], b","].concat(),
                &array.head[..first.len() + 2],
            );
            assert_same_bytes(
                what,
                &[b",", &last[..], b"]"].concat(),
                &array.tail[200 - last.len() - 2..],
            );

            let lines = stream(addr, "/lines").await;
            eprintln!(
                "{what}: {ROWS} lines, {} bytes, peak heap {} bytes",
                lines.len, lines.peak
            );
            assert_eq!(
                lines.len, // no brackets, one more separator
                array.len - 1,
                "{what}: lines"
            );
            assert!(
                lines.peak < LIMIT,
                "{what}: peak heap {} bytes for {} bytes of lines",
                lines.peak,
                lines.len
            );
            assert_same_bytes(
                what,
                &[&first[..], b"\n"].concat(),
                &lines.head[..first.len() + 1],
            );
            assert_same_bytes(
                what,
                &[b"\n", &last[..], b"\n"].concat(),
                &lines.tail[200 - last.len() - 2..],
            );

            // The measure is sound: one body held whole, a tenth the size,
            // is over the limit.
            let whole = stream(addr, "/whole").await;
            eprintln!(
                "{what}: Json of {} rows, {} bytes, peak heap {} bytes",
                ROWS / 10,
                whole.len,
                whole.peak
            );
            assert!(
                whole.peak > LIMIT,
                "{what}: a whole body counted only {} bytes",
                whole.peak
            );
        })
        .await
        .expect("timed out");
    });
    assert!(server.is_running());
}

#[test]
fn a_million_rows_stream_in_flat_memory() {
    use json_runtime::axum::{Json, JsonArray, JsonLines};
    let app = axum::Router::new()
        .route(
            "/array",
            axum::routing::get(|| async { JsonArray::new((0..ROWS).map(record)) }),
        )
        .route(
            "/lines",
            axum::routing::get(|| async { JsonLines::new((0..ROWS).map(record)) }),
        )
        .route(
            "/whole",
            axum::routing::get(|| async { Json((0..ROWS / 10).map(record).collect::<Vec<_>>()) }),
        );
    check("axum", web_support::start_axum(app));

    fn actix_routes(config: &mut actix_web::web::ServiceConfig) {
        use actix_web::web;
        use json_runtime::actix::{Json, JsonArray, JsonLines};
        config
            .route(
                "/array",
                web::get().to(|| async { JsonArray::new((0..ROWS).map(record)) }),
            )
            .route(
                "/lines",
                web::get().to(|| async { JsonLines::new((0..ROWS).map(record)) }),
            )
            .route(
                "/whole",
                web::get().to(|| async { Json((0..ROWS / 10).map(record).collect::<Vec<_>>()) }),
            );
    }
    check("actix-web", web_support::start_actix(actix_routes));
}
