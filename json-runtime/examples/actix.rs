//! An actix-web server answering with json-runtime's responders.
//!
//! ```sh
//! cargo run --release -p json-runtime --features actix-web --example actix
//! curl -i http://127.0.0.1:3000/products/1
//! curl -i 'http://127.0.0.1:3000/products/1?pretty'
//! curl -s http://127.0.0.1:3000/products | head -c 300
//! curl -s http://127.0.0.1:3000/events
//! ```
//!
//! An address to listen on may be given as the first argument.

use std::time::Duration;

use actix_web::{web, App, Either, HttpRequest, HttpServer};
use json_runtime::actix::{Json, JsonArray, JsonLines, JsonPretty};
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
async fn one(req: HttpRequest, id: web::Path<u32>) -> Either<Json<Product>, JsonPretty<Product>> {
    let product = product(id.into_inner());
    if req.query_string() == "pretty" {
        Either::Right(Json(product).pretty())
    } else {
        Either::Left(Json(product))
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
        actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        Some((product(n), n + 1))
    });
    JsonLines::from_stream(ticks)
}

fn main() -> std::io::Result<()> {
    actix_web::rt::System::new().block_on(serve())
}

async fn serve() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3000".into());
    let server = HttpServer::new(|| {
        App::new()
            .route("/products/{id}", web::get().to(one))
            .route("/products", web::get().to(all))
            .route("/events", web::get().to(events))
    })
    .bind(&addr)?;
    for addr in server.addrs() {
        println!("listening on http://{addr}");
    }
    server.run().await
}
