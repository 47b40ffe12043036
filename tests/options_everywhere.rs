//! One `Options` reaches every entry point: HTML-safe escaping and a tab
//! indent through `par` (in memory and streamed), the axum and actix-web
//! responders (behind real servers on 127.0.0.1), and the Tokio writers,
//! each byte for byte equal to `Options::to_vec` of the same value (and
//! `to_writer_lines` for JSON Lines), pretty and compact.

#[path = "web_support/mod.rs"]
mod web_support;

use json_runtime::par::Encoder;
use json_runtime::{Escape, Options, ToJson};
use web_support::{assert_same_bytes, client, get, run, start_actix, start_axum, stuttering};

/// Text that HTML-safe escaping writes its own way (`<`, `>`, `&`, `'`),
/// non-ASCII, U+2028, and short arrays at two depths.
#[derive(ToJson, Clone, Debug)]
struct Note {
    id: u32,
    html: String,
    tags: Vec<&'static str>,
    grid: Vec<[u8; 3]>,
}

fn note(id: u32) -> Note {
    Note {
        id,
        html: format!("<p class=\"n{id}\">Zoë & 'x'\u{2028}</p>"),
        tags: vec!["<a>", "b&c"],
        grid: vec![[1, 2, 3]; id as usize % 3],
    }
}

fn notes(n: u32) -> Vec<Note> {
    (0..n).map(note).collect()
}

/// Notes in a long sequence: about 500 KB pretty, several 64 KiB chunks
/// of a response or an async write, and several `par` chunks of 1000.
const LONG: u32 = 4_000;

/// A value sent whole.
const SHORT: u32 = 20;

fn pretty() -> Options<'static> {
    Options::new().escape(Escape::HtmlSafe).indent(b"\t")
}

fn compact() -> Options<'static> {
    Options::new().escape(Escape::HtmlSafe)
}

fn lines(options: Options<'_>, items: &[Note]) -> Vec<u8> {
    let mut out = Vec::new();
    options.to_writer_lines(&mut out, items).unwrap();
    out
}

/// The options are not a no-op: the expected bytes are not the default
/// ones.
#[test]
fn the_options_change_the_output() {
    let items = notes(3);
    let expected = pretty().to_vec(&items).unwrap();
    assert_ne!(expected, json_runtime::to_vec_pretty(&items).unwrap());
    let text = String::from_utf8(expected).unwrap();
    assert!(text.starts_with("[\n\t{\n\t\t\"id\": 0,\n\t\t\"html\": \"\\u003cp class=\\\"n0\\\"\\u003eZoë \\u0026 \\u0027x\\u0027\\u2028\\u003c/p\\u003e\","), "{text}");
    assert_ne!(
        compact().to_vec(&items).unwrap(),
        json_runtime::to_vec(&items).unwrap()
    );
}

#[test]
fn par() {
    let items = notes(LONG);
    for (name, options) in [("pretty", pretty()), ("compact", compact())] {
        let expected = options.to_vec(&items).unwrap();
        for encoder in [
            Encoder::with_options(options),
            Encoder::with_options(options).chunk_len(1000),
            Encoder::with_options(options).chunk_len(7),
        ] {
            let what = format!("par {name}, {encoder:?}");
            assert_same_bytes(&what, &expected, &encoder.to_vec(&items).unwrap());
            let mut out = Vec::new();
            encoder.to_writer(&mut out, &items).unwrap();
            assert_same_bytes(&what, &expected, &out);
        }
        let mut out = Vec::new();
        Encoder::lines_with_options(options)
            .chunk_len(100)
            .to_writer(&mut out, &items)
            .unwrap();
        assert_same_bytes("par lines", &lines(options, &items), &out);
    }
}

#[test]
fn tokio_writers() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let items = notes(LONG);
    runtime.block_on(async {
        for (name, options) in [("pretty", pretty()), ("compact", compact())] {
            let expected = options.to_vec(&items).unwrap();
            let mut out: Vec<u8> = Vec::new();
            options.to_async_writer(&mut out, &items).await.unwrap();
            assert_same_bytes(&format!("to_async_writer {name}"), &expected, &out);
            out.clear();
            options.to_async_writer(&mut out, &items[0]).await.unwrap();
            assert_same_bytes(
                &format!("to_async_writer {name}, one note"),
                &options.to_vec(&items[0]).unwrap(),
                &out,
            );
            out.clear();
            options
                .to_async_writer_array(&mut out, items.iter())
                .await
                .unwrap();
            assert_same_bytes(&format!("to_async_writer_array {name}"), &expected, &out);
            out.clear();
            options
                .to_async_writer_lines(&mut out, items.iter())
                .await
                .unwrap();
            assert_same_bytes(
                &format!("to_async_writer_lines {name}"),
                &lines(options, &items),
                &out,
            );
        }
    });
}

// ------------------------------------------------------------- the web
//
// Both servers serve these routes, each with its framework's types:
//
// | path | responder |
// |---|---|
// | `/json`, `/json/compact` | `Json(notes(SHORT)).with_options(..)` |
// | `/array/short` | `JsonArray::new(notes(3))` (sent whole), pretty |
// | `/array`, `/array/compact` | `JsonArray::new(notes(LONG))` (chunked) |
// | `/stream` | `JsonArray::from_stream(..)` of `notes(LONG)`, pretty |
// | `/stream/lines` | `JsonLines::from_stream(..)` of `notes(LONG)` |
// | `/lines` | `JsonLines::new(notes(LONG))` with the pretty options |

async fn web_checks(addr: std::net::SocketAddr) {
    let client = client();
    let long = notes(LONG);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "/json",
            pretty().to_vec(&notes(SHORT)).unwrap(),
            web_support::JSON,
        ),
        (
            "/json/compact",
            compact().to_vec(&notes(SHORT)).unwrap(),
            web_support::JSON,
        ),
        (
            "/array/short",
            pretty().to_vec(&notes(3)).unwrap(),
            web_support::JSON,
        ),
        ("/array", pretty().to_vec(&long).unwrap(), web_support::JSON),
        (
            "/array/compact",
            compact().to_vec(&long).unwrap(),
            web_support::JSON,
        ),
        (
            "/stream",
            pretty().to_vec(&long).unwrap(),
            web_support::JSON,
        ),
        (
            "/stream/lines",
            lines(compact(), &long),
            web_support::NDJSON,
        ),
        // JSON Lines are compact whatever the layout.
        ("/lines", lines(pretty(), &long), web_support::NDJSON),
    ];
    for (path, expected, content_type) in cases {
        let (parts, body) = get(&client, addr, path).await;
        assert_eq!(parts.status, 200, "{path}");
        assert_eq!(parts.headers["content-type"], content_type, "{path}");
        assert_same_bytes(path, &expected, &body);
    }
}

fn axum_routes() -> axum::Router {
    use axum::routing::get;
    use json_runtime::axum::{Json, JsonArray, JsonLines};
    axum::Router::new()
        .route(
            "/json",
            get(|| async { Json(notes(SHORT)).with_options(pretty()) }),
        )
        .route(
            "/json/compact",
            get(|| async { Json(notes(SHORT)).with_options(compact()) }),
        )
        .route(
            "/array/short",
            get(|| async { JsonArray::new(notes(3)).with_options(pretty()) }),
        )
        .route(
            "/array",
            get(|| async { JsonArray::new(notes(LONG)).with_options(pretty()) }),
        )
        .route(
            "/array/compact",
            get(|| async { JsonArray::new(notes(LONG)).with_options(compact()) }),
        )
        .route(
            "/stream",
            get(|| async {
                JsonArray::from_stream(stuttering(notes(LONG))).with_options(pretty())
            }),
        )
        .route(
            "/stream/lines",
            get(|| async {
                JsonLines::from_stream(stuttering(notes(LONG))).with_options(compact())
            }),
        )
        .route(
            "/lines",
            get(|| async { JsonLines::new(notes(LONG)).with_options(pretty()) }),
        )
}

fn actix_routes(config: &mut actix_web::web::ServiceConfig) {
    use actix_web::web::get;
    use json_runtime::actix::{Json, JsonArray, JsonLines};
    config
        .route(
            "/json",
            get().to(|| async { Json(notes(SHORT)).with_options(pretty()) }),
        )
        .route(
            "/json/compact",
            get().to(|| async { Json(notes(SHORT)).with_options(compact()) }),
        )
        .route(
            "/array/short",
            get().to(|| async { JsonArray::new(notes(3)).with_options(pretty()) }),
        )
        .route(
            "/array",
            get().to(|| async { JsonArray::new(notes(LONG)).with_options(pretty()) }),
        )
        .route(
            "/array/compact",
            get().to(|| async { JsonArray::new(notes(LONG)).with_options(compact()) }),
        )
        .route(
            "/stream",
            get().to(|| async {
                JsonArray::from_stream(stuttering(notes(LONG))).with_options(pretty())
            }),
        )
        .route(
            "/stream/lines",
            get().to(|| async {
                JsonLines::from_stream(stuttering(notes(LONG))).with_options(compact())
            }),
        )
        .route(
            "/lines",
            get().to(|| async { JsonLines::new(notes(LONG)).with_options(pretty()) }),
        );
}

#[test]
fn axum() {
    run(start_axum(axum_routes()), web_checks);
}

#[test]
fn actix() {
    run(start_actix(actix_routes), web_checks);
}

/// `pretty()` after options keeps their escaping and indents by two
/// spaces, as `Options::pretty` does; options after `pretty()` replace it.
#[test]
fn pretty_and_options_compose_as_options_do() {
    use axum::response::IntoResponse;
    use http_body_util::BodyExt;
    use json_runtime::axum::JsonArray;

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let body = |array: JsonArray| {
        runtime
            .block_on(array.into_response().into_body().collect())
            .unwrap()
            .to_bytes()
    };
    let items = notes(5);
    assert_same_bytes(
        "options, then pretty",
        &compact().pretty().to_vec(&items).unwrap(),
        &body(
            JsonArray::new(items.clone())
                .with_options(compact())
                .pretty(),
        ),
    );
    assert_same_bytes(
        "pretty, then options",
        &compact().to_vec(&items).unwrap(),
        &body(
            JsonArray::new(items.clone())
                .pretty()
                .with_options(compact()),
        ),
    );
}
