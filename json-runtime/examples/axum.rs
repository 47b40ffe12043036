//! An axum server answering with json-runtime's responders.
//!
//! ```sh
//! cargo run --release -p json-runtime --features axum --example axum
//! curl -i http://127.0.0.1:3000/products/1
//! curl -i 'http://127.0.0.1:3000/products/1?pretty'
//! curl -s http://127.0.0.1:3000/products | head -c 300
//! curl -s http://127.0.0.1:3000/events
//! ```
//!
//! An address to listen on may be given as the first argument.

use std::time::Duration;

use axum::extract::{Path, RawQuery};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use json_runtime::axum::{Json, JsonArray, JsonLines};
use json_runtime::ToJson;

#[derive(ToJson)]
#[serde(rename_all = "camelCase")]
struct Product {
    id: u32,
    name: String,
    unit_price: f64,
    tags: Vec<&'static str>,
}

fn product(id: u32) -> Product {
    Product {
        id,
        name: format!("Product {id}"),
        unit_price: f64::from(id) * 1.25,
        tags: vec!["kitchen", "sale"],
    }
}

/// One value: one buffer, sent with a `Content-Length`. `?pretty` picks the
/// indented layout.
async fn one(Path(id): Path<u32>, RawQuery(query): RawQuery) -> Response {
    if query.as_deref() == Some("pretty") {
        Json(product(id)).pretty().into_response()
    } else {
        Json(product(id)).into_response()
    }
}

/// A million products as one JSON array (about 80 MB), encoded in 64 KiB
/// chunks as the client reads them: the server never holds the list.
async fn all() -> JsonArray {
    JsonArray::new((0..1_000_000).map(product))
}

/// JSON Lines from an async source: each event is sent as soon as it is
/// produced, because the stream waits between them.
async fn events() -> JsonLines {
    let ticks = futures_util::stream::unfold(0u32, |n| async move {
        if n == 5 {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        Some((product(n), n + 1))
    });
    JsonLines::from_stream(ticks)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3000".into());
    let app = Router::new()
        .route("/products/{id}", get(one))
        .route("/products", get(all))
        .route("/events", get(events));
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("listening on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await
}
