//! Shared by the web tests (`web_axum.rs`, `web_actix.rs`, `web_memory.rs`):
//! the response data, servers on 127.0.0.1 in their own threads, a real
//! HTTP client (hyper's), a raw HTTP/1.1 reader that sees the chunk
//! framing, and the checks both frameworks must pass.
//!
//! All traffic stays on loopback, every wait is bounded by a timeout, and
//! every generated sequence by a count.

#![allow(dead_code)]

use std::future::{Future, IntoFuture};
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::task::{Context, Poll};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::Stream;
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use json_runtime::ToJson;
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The longest any one check may take.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------- data

/// A product with camelCase keys, non-ASCII text and characters to escape.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: u32,
    pub name: String,
    pub description: String,
    pub unit_price: f64,
    pub tags: Vec<&'static str>,
    pub parent_id: Option<u32>,
}

pub fn product(id: u32) -> Product {
    Product {
        id,
        name: format!("Produto {id}"),
        description: format!("Descrição \"{id}\"\tcom acentuação\n"),
        unit_price: f64::from(id) * 0.25,
        tags: vec!["cozinha", "promoção"],
        parent_id: id.checked_sub(1),
    }
}

/// A request body the echo handlers read and send back.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: u32,
    pub text: String,
    pub reply_to: Option<u32>,
}

pub fn products(n: u32) -> Vec<Product> {
    (0..n).map(product).collect()
}

/// Products in a "long" sequence: about 3 MB, some 50 chunks.
pub const LONG: u32 = 20_000;

/// `Ok` products before the failing stream's error: about 1.5 MB, more
/// than hyper buffers before it writes, so part of the body is on its way
/// when the error comes.
pub const FAIL_AFTER: u32 = 10_000;

pub use json_tests::serde_lines;

/// A stream of the items that is not ready on every seventh poll (it wakes
/// itself at once), so the responders' "send what is ready" path runs
/// between chunks of every size.
pub struct Stuttering<I> {
    items: I,
    polls: usize,
}

pub fn stuttering<I: IntoIterator>(items: I) -> Stuttering<I::IntoIter> {
    Stuttering {
        items: items.into_iter(),
        polls: 0,
    }
}

impl<I: Iterator + Unpin> Stream for Stuttering<I> {
    type Item = I::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<I::Item>> {
        self.polls += 1;
        if self.polls % 7 == 3 {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        Poll::Ready(self.items.next())
    }
}

/// [`FAIL_AFTER`] products, then an error, as a database cursor that loses
/// its connection would yield.
pub fn failing() -> impl Stream<Item = Result<Product, io::Error>> + Send + 'static {
    futures_util::stream::iter((0..=FAIL_AFTER).map(|id| {
        if id < FAIL_AFTER {
            Ok(product(id))
        } else {
            Err(io::Error::other("the database went away"))
        }
    }))
}

/// How many products the endless iterator has made, and whether it was
/// dropped: the disconnect check needs both.
pub static ENDLESS_MADE: AtomicUsize = AtomicUsize::new(0);
pub static ENDLESS_DROPPED: AtomicBool = AtomicBool::new(false);

/// Far more than any client reads: about 750 MB.
pub const ENDLESS_LIMIT: u32 = 5_000_000;

/// Products up to [`ENDLESS_LIMIT`], counted, with a flag set on drop.
pub struct Endless {
    next: u32,
}

pub fn endless() -> Endless {
    ENDLESS_MADE.store(0, Ordering::SeqCst);
    ENDLESS_DROPPED.store(false, Ordering::SeqCst);
    Endless { next: 0 }
}

impl Iterator for Endless {
    type Item = Product;

    fn next(&mut self) -> Option<Product> {
        if self.next == ENDLESS_LIMIT {
            return None;
        }
        ENDLESS_MADE.fetch_add(1, Ordering::SeqCst);
        self.next += 1;
        Some(product(self.next - 1))
    }
}

impl Drop for Endless {
    fn drop(&mut self) {
        ENDLESS_DROPPED.store(true, Ordering::SeqCst);
    }
}

/// The receiving end of the channel the `/channel` route streams from; the
/// check puts it here before the request.
pub static CHANNEL: Mutex<Option<tokio::sync::mpsc::Receiver<Product>>> = Mutex::new(None);

/// The stream of the `/channel` route.
pub fn channel_stream() -> impl Stream<Item = Product> + Send + 'static {
    let rx = CHANNEL
        .lock()
        .unwrap()
        .take()
        .expect("no channel was set up");
    futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|item| (item, rx))
    })
}

// ------------------------------------------------------------- servers

/// Counts panics on the server's threads (named `test-server-…` by
/// [`start_axum`] and [`start_actix`], `actix-…` by actix-server).
static SERVER_PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_server_panics() {
    static HOOK: OnceLock<()> = OnceLock::new();
    HOOK.get_or_init(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let thread = std::thread::current();
            let name = thread.name().unwrap_or("");
            if name.starts_with("test-server") || name.starts_with("actix") {
                SERVER_PANICS.fetch_add(1, Ordering::SeqCst);
            }
            previous(info);
        }));
    });
}

/// A server on 127.0.0.1 in its own thread; stopped on drop.
pub struct Server {
    pub addr: SocketAddr,
    thread: JoinHandle<io::Result<()>>,
    stop: Option<Box<dyn FnOnce() + Send>>,
}

impl Server {
    /// Whether the server still runs: its thread has not returned or
    /// panicked.
    pub fn is_running(&self) -> bool {
        !self.thread.is_finished()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop();
        }
    }
}

/// Serves `app` with `axum::serve` on a current-thread Tokio runtime.
pub fn start_axum(app: axum::Router) -> Server {
    count_server_panics();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("test-server-axum".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                tokio::select! {
                    served = axum::serve(listener, app).into_future() => served,
                    _ = stopped => Ok(()),
                }
            })
        })
        .unwrap();
    Server {
        addr,
        thread,
        stop: Some(Box::new(move || {
            let _ = stop.send(());
        })),
    }
}

/// Serves the routes `configure` adds with one actix-web worker.
pub fn start_actix(configure: fn(&mut actix_web::web::ServiceConfig)) -> Server {
    count_server_panics();
    let (started, start) = std::sync::mpsc::channel();
    let thread = std::thread::Builder::new()
        .name("test-server-actix".into())
        .spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server =
                    actix_web::HttpServer::new(move || actix_web::App::new().configure(configure))
                        .workers(1)
                        .disable_signals()
                        .shutdown_timeout(1)
                        .bind(("127.0.0.1", 0))?;
                let addr = server.addrs()[0];
                let server = server.run();
                started.send((addr, server.handle())).unwrap();
                server.await
            })
        })
        .unwrap();
    let (addr, handle) = start
        .recv_timeout(Duration::from_secs(30))
        .expect("the actix-web server did not start");
    Server {
        addr,
        thread,
        stop: Some(Box::new(move || {
            // Sends the command at once; the returned future only waits.
            drop(handle.stop(false));
        })),
    }
}

/// Runs one check against `server` on a client runtime of its own, bounded
/// by [`CHECK_TIMEOUT`]; then the server must still run and none of its
/// threads may have panicked.
pub fn run<F, Fut>(server: Server, check: F)
where
    F: FnOnce(SocketAddr) -> Fut,
    Fut: Future<Output = ()>,
{
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        tokio::time::timeout(CHECK_TIMEOUT, check(server.addr))
            .await
            .expect("the check timed out");
    });
    assert!(server.is_running(), "the server stopped");
    assert_eq!(
        SERVER_PANICS.load(Ordering::SeqCst),
        0,
        "a server thread panicked"
    );
}

// ------------------------------------------------------------- clients

pub type Client = hyper_util::client::legacy::Client<HttpConnector, Empty<Bytes>>;

/// hyper's pooled HTTP/1.1 client.
pub fn client() -> Client {
    hyper_util::client::legacy::Client::builder(TokioExecutor::new()).build_http()
}

pub fn url(addr: SocketAddr, path: &str) -> http::Uri {
    format!("http://{addr}{path}").parse().unwrap()
}

/// GETs `path` and reads the whole body.
pub async fn get(client: &Client, addr: SocketAddr, path: &str) -> (http::response::Parts, Bytes) {
    let response = client
        .get(url(addr, path))
        .await
        .unwrap_or_else(|e| panic!("GET {path}: {e}"));
    let (parts, body) = response.into_parts();
    let body = body
        .collect()
        .await
        .unwrap_or_else(|e| panic!("GET {path}: body: {e}"))
        .to_bytes();
    (parts, body)
}

fn header<'a>(parts: &'a http::response::Parts, name: &str) -> Option<&'a str> {
    parts.headers.get(name).map(|v| v.to_str().unwrap())
}

/// A body sent whole: the content type, a `Content-Length` equal to its
/// size and no chunked encoding.
#[track_caller]
pub fn assert_sized(parts: &http::response::Parts, body: &[u8], content_type: &str) {
    assert_eq!(parts.status, 200);
    assert_eq!(header(parts, "content-type"), Some(content_type));
    let length = body.len().to_string();
    assert_eq!(header(parts, "content-length"), Some(length.as_str()));
    assert_eq!(header(parts, "transfer-encoding"), None);
}

/// A body streamed: the content type and chunked encoding, no length.
#[track_caller]
pub fn assert_chunked(parts: &http::response::Parts, content_type: &str) {
    assert_eq!(parts.status, 200);
    assert_eq!(header(parts, "content-type"), Some(content_type));
    assert_eq!(header(parts, "transfer-encoding"), Some("chunked"));
    assert_eq!(header(parts, "content-length"), None);
}

/// Asserts equal bytes, showing where they first differ.
#[track_caller]
pub fn assert_same_bytes(what: &str, expected: &[u8], actual: &[u8]) {
    if expected != actual {
        let at = expected
            .iter()
            .zip(actual)
            .position(|(a, b)| a != b)
            .unwrap_or(expected.len().min(actual.len()));
        let show = |b: &[u8]| {
            String::from_utf8_lossy(&b[at.saturating_sub(40)..(at + 40).min(b.len())]).into_owned()
        };
        panic!(
            "{what}: {} bytes expected, {} received, first difference at {at}:\n expected …{}…\n received …{}…",
            expected.len(),
            actual.len(),
            show(expected),
            show(actual),
        );
    }
}

/// A response as it came over the wire, its chunked framing decoded
/// strictly.
#[derive(Debug)]
pub struct RawResponse {
    pub status: u16,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The size of every data chunk, for a chunked body.
    pub chunks: Vec<usize>,
    /// Whether the body ended as HTTP says it must: the zero-size chunk
    /// and its blank line, or `Content-Length` bytes.
    pub complete: bool,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// GETs `path` over a plain TCP connection (`Connection: close`), reads
/// until the server closes it, and decodes the framing by hand, so that an
/// empty chunk (which ends a chunked body early) or a cut body shows.
pub async fn raw_get(addr: SocketAddr, path: &str) -> RawResponse {
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut wire = Vec::new();
    // A server that cuts a response short may reset the connection.
    let _ = socket.read_to_end(&mut wire).await;
    parse_raw(&wire)
}

/// Status 0 and no headers stand for a connection closed before a complete
/// response head.
fn parse_raw(wire: &[u8]) -> RawResponse {
    let Some(head_end) = find(wire, b"\r\n\r\n").map(|at| at + 4) else {
        return RawResponse {
            status: 0,
            headers: Vec::new(),
            body: Vec::new(),
            chunks: Vec::new(),
            complete: false,
        };
    };
    let head = std::str::from_utf8(&wire[..head_end]).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (name, value) = line.split_once(':').unwrap();
            (name.trim().to_ascii_lowercase(), value.trim().to_owned())
        })
        .collect();
    let mut response = RawResponse {
        status,
        headers,
        body: Vec::new(),
        chunks: Vec::new(),
        complete: false,
    };
    let mut rest = &wire[head_end..];
    if response.header("transfer-encoding") == Some("chunked") {
        while let Some(line_end) = find(rest, b"\r\n") {
            let size_text = std::str::from_utf8(&rest[..line_end]).unwrap();
            let size = usize::from_str_radix(size_text, 16)
                .unwrap_or_else(|_| panic!("bad chunk size line {size_text:?}"));
            rest = &rest[line_end + 2..];
            if size == 0 {
                assert!(
                    rest.starts_with(b"\r\n"),
                    "no blank line after the last chunk"
                );
                rest = &rest[2..];
                response.complete = true;
                break;
            }
            if rest.len() < size + 2 {
                // Cut short inside a chunk.
                response
                    .body
                    .extend_from_slice(&rest[..size.min(rest.len())]);
                rest = &[];
                break;
            }
            response.body.extend_from_slice(&rest[..size]);
            assert_eq!(
                &rest[size..size + 2],
                b"\r\n",
                "a chunk is not followed by CRLF"
            );
            response.chunks.push(size);
            rest = &rest[size + 2..];
        }
        // A cut body may end inside a size line; a complete one ends with
        // its terminator.
        assert!(
            !response.complete || rest.is_empty(),
            "{} bytes after the end of the chunked body (an empty chunk ended it early?)",
            rest.len()
        );
    } else {
        let length: usize = response
            .header("content-length")
            .expect("neither chunked nor sized")
            .parse()
            .unwrap();
        response.body = rest.to_vec();
        response.complete = rest.len() == length;
    }
    response
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

// -------------------------------------------------------------- checks
//
// Both test files serve these routes, each with its framework's types:
//
// | path | responder |
// |---|---|
// | `/json` | `Json(products(100))` |
// | `/json/pretty` | `Json(products(100)).pretty()` |
// | `/json/pretty-type` | `JsonPretty(products(100))` |
// | `/json/created` | `Json(product(7))` with status 201 |
// | `/serde/json` | the framework's own serde `Json(products(100))` |
// | `/array/small`, `/array/small/pretty`, `/lines/small` | `products(3)` from a `Vec` |
// | `/array/empty`, `/lines/empty` | no items, from a `Vec` |
// | `/array/long`, `/array/long/pretty`, `/lines/long` | [`LONG`] products from an iterator |
// | `/stream/array`, `/stream/array/pretty`, `/stream/lines` | the same from a [`Stuttering`] stream |
// | `/stream/empty-array`, `/stream/empty-lines` | an empty stream |
// | `/stream/failing/array`, `/stream/failing/lines` | [`failing`] |
// | `/channel` | JSON Lines of [`channel_stream`] |
// | `/endless` | a `JsonArray` of [`endless`] |

pub const JSON: &str = "application/json";
pub const NDJSON: &str = "application/x-ndjson";

/// `Json` sends serde_json's bytes in one buffer with a `Content-Length`,
/// compact and pretty, with any status.
pub async fn whole_values(addr: SocketAddr) {
    let client = client();
    let value = products(100);

    let (parts, body) = get(&client, addr, "/json").await;
    assert_sized(&parts, &body, JSON);
    assert_same_bytes("/json", &serde_json::to_vec(&value).unwrap(), &body);

    for path in ["/json/pretty", "/json/pretty-type"] {
        let (parts, body) = get(&client, addr, path).await;
        assert_sized(&parts, &body, JSON);
        assert_same_bytes(path, &serde_json::to_vec_pretty(&value).unwrap(), &body);
    }

    let (mut parts, body) = get(&client, addr, "/json/created").await;
    assert_eq!(parts.status, 201);
    parts.status = http::StatusCode::OK;
    assert_sized(&parts, &body, JSON);
    assert_same_bytes(
        "/json/created",
        &serde_json::to_vec(&product(7)).unwrap(),
        &body,
    );
}

/// The framework's own serde-based `Json` and ours send the same body and
/// the same `Content-Type` and `Content-Length`.
pub async fn same_as_the_framework_json(addr: SocketAddr) {
    let client = client();
    let (theirs, their_body) = get(&client, addr, "/serde/json").await;
    let (ours, our_body) = get(&client, addr, "/json").await;
    assert_same_bytes("/json against the framework's Json", &their_body, &our_body);
    for name in ["content-type", "content-length", "transfer-encoding"] {
        assert_eq!(header(&ours, name), header(&theirs, name), "{name}");
    }
    assert_eq!(ours.status, theirs.status);
}

/// POSTs `body` with `content_type` (none if `None`) and reads the whole
/// response.
pub async fn post(
    addr: SocketAddr,
    path: &str,
    content_type: Option<&str>,
    body: &'static [u8],
) -> (http::response::Parts, Bytes) {
    let client = hyper_util::client::legacy::Client::builder(TokioExecutor::new())
        .build_http::<http_body_util::Full<Bytes>>();
    let mut request = http::Request::post(url(addr, path));
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    let request = request
        .body(http_body_util::Full::new(Bytes::from_static(body)))
        .unwrap();
    let response = client
        .request(request)
        .await
        .unwrap_or_else(|e| panic!("POST {path}: {e}"));
    let (parts, body) = response.into_parts();
    let body = body
        .collect()
        .await
        .unwrap_or_else(|e| panic!("POST {path}: body: {e}"))
        .to_bytes();
    (parts, body)
}

/// `/echo` takes and returns our `Json<Note>`, `/serde/echo` the
/// framework's own `Json<Note>`: for a good body, bodies that are not JSON,
/// not a `Note`, empty, or of another content type, both answer with the
/// same status, `Content-Type` and body, so our extractor is theirs.
pub async fn echo_extracts_as_the_framework_json(addr: SocketAddr) {
    let good: &[u8] = r#"{"id":7,"text":"olá \"mundo\"","replyTo":null}"#.as_bytes();
    let cases: [(&str, Option<&str>, &'static [u8]); 7] = [
        ("good", Some("application/json"), good),
        (
            "good, charset",
            Some("application/json; charset=utf-8"),
            good,
        ),
        ("malformed", Some("application/json"), br#"{"id":7,"text":"#),
        ("not a Note", Some("application/json"), br#"{"id":"seven"}"#),
        ("empty", Some("application/json"), b""),
        ("text/plain", Some("text/plain"), good),
        ("no content type", None, good),
    ];
    for (what, content_type, body) in cases {
        let (theirs, their_body) = post(addr, "/serde/echo", content_type, body).await;
        let (ours, our_body) = post(addr, "/echo", content_type, body).await;
        assert_eq!(ours.status, theirs.status, "{what}");
        assert_eq!(
            header(&ours, "content-type"),
            header(&theirs, "content-type"),
            "{what}"
        );
        assert_same_bytes(what, &their_body, &our_body);
        if what.starts_with("good") {
            assert_eq!(ours.status, 200, "{what}");
            let note: Note = serde_json::from_slice(&our_body).unwrap();
            assert_eq!(note.text, "olá \"mundo\"");
        } else {
            assert!(ours.status.is_client_error(), "{what}: {}", ours.status);
        }
    }
}

/// A sequence whose output fits in one chunk goes out whole, with a
/// `Content-Length`; an empty one too. A stream is never whole.
pub async fn short_sequences(addr: SocketAddr) {
    let client = client();
    let items = products(3);
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("/array/small", serde_json::to_vec(&items).unwrap(), JSON),
        (
            "/array/small/pretty",
            serde_json::to_vec_pretty(&items).unwrap(),
            JSON,
        ),
        ("/lines/small", serde_lines(&items), NDJSON),
        ("/array/empty", b"[]".to_vec(), JSON),
        ("/lines/empty", Vec::new(), NDJSON),
    ];
    for (path, expected, content_type) in cases {
        let (parts, body) = get(&client, addr, path).await;
        assert_sized(&parts, &body, content_type);
        assert_same_bytes(path, &expected, &body);
    }
    for (path, expected, content_type) in [
        ("/stream/empty-array", &b"[]"[..], JSON),
        ("/stream/empty-lines", b"", NDJSON),
    ] {
        let (parts, body) = get(&client, addr, path).await;
        assert_chunked(&parts, content_type);
        assert_same_bytes(path, expected, &body);
        let raw = raw_get(addr, path).await;
        assert!(raw.complete, "{path}: {raw:?}");
        assert_eq!(raw.body, expected);
    }
}

/// A long sequence streams with chunked encoding: through hyper's client
/// the body equals serde_json's bytes; on the wire every chunk has data,
/// iterator chunks are about 64 KiB, and the body ends properly.
pub async fn long_sequences(addr: SocketAddr) {
    let client = client();
    let items = products(LONG);
    let compact = serde_json::to_vec(&items).unwrap();
    let pretty = serde_json::to_vec_pretty(&items).unwrap();
    let lines = serde_lines(&items);
    let cases: [(&str, &[u8], &str); 6] = [
        ("/array/long", &compact, JSON),
        ("/array/long/pretty", &pretty, JSON),
        ("/lines/long", &lines, NDJSON),
        ("/stream/array", &compact, JSON),
        ("/stream/array/pretty", &pretty, JSON),
        ("/stream/lines", &lines, NDJSON),
    ];
    for (path, expected, content_type) in cases {
        let (parts, body) = get(&client, addr, path).await;
        assert_chunked(&parts, content_type);
        assert_same_bytes(path, expected, &body);

        let raw = raw_get(addr, path).await;
        assert_eq!(raw.status, 200);
        assert!(
            raw.complete,
            "{path}: the chunked body did not end properly"
        );
        assert_same_bytes(path, expected, &raw.body);
        assert!(raw.chunks.iter().all(|&size| size > 0));
        let largest = raw.chunks.iter().copied().max().unwrap();
        assert!(largest <= 66 * 1024, "{path}: a chunk of {largest} bytes");
        if path.starts_with("/stream/") {
            // Stuttering sends what is ready at every pause.
            assert!(
                raw.chunks.len() > expected.len() / 8192,
                "{path}: {} chunks",
                raw.chunks.len()
            );
        } else {
            assert!(
                largest >= 64 * 1024,
                "{path}: chunks are {largest} bytes at most"
            );
        }
    }
}

/// Items of a stream go out as they arrive: each one reaches the client
/// while the stream waits for the next, not when a chunk fills.
pub async fn streams_send_what_is_ready(addr: SocketAddr) {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    *CHANNEL.lock().unwrap() = Some(rx);
    let client = client();
    let response = client.get(url(addr, "/channel")).await.unwrap();
    let (parts, mut body) = response.into_parts();
    assert_chunked(&parts, NDJSON);

    let mut received = Vec::new();
    for id in 0..3 {
        tx.send(product(id)).await.unwrap();
        let expected = serde_lines(&products(id + 1));
        // The item is now encoded and must arrive before another is sent.
        while received.len() < expected.len() {
            let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
                .await
                .unwrap_or_else(|_| panic!("product {id} did not arrive while the stream waited"))
                .expect("the body ended early")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                received.extend_from_slice(&data);
            }
        }
        assert_same_bytes("/channel", &expected, &received);
    }
    drop(tx);
    let rest = body.collect().await.unwrap().to_bytes();
    assert!(rest.is_empty(), "{rest:?} after the channel closed");
}

/// The first `Err` of a fallible stream cuts the body short: the client
/// sees an incomplete response, never a shorter document that parses, and
/// the server goes on serving.
pub async fn failing_streams_cut_the_body(addr: SocketAddr) {
    let ok: Vec<Product> = products(FAIL_AFTER);
    for (path, full) in [
        ("/stream/failing/array", serde_json::to_vec(&ok).unwrap()),
        ("/stream/failing/lines", serde_lines(&ok)),
    ] {
        let raw = raw_get(addr, path).await;
        // Or 0: the connection closed before the head went out.
        assert!(
            matches!(raw.status, 0 | 200),
            "{path}: status {}",
            raw.status
        );
        assert!(!raw.complete, "{path}: a failed body ended as if complete");
        eprintln!(
            "{path}: {} of {} bytes arrived before the cut",
            raw.body.len(),
            full.len()
        );
        assert!(
            full.starts_with(&raw.body) && raw.body.len() < full.len(),
            "{path}: {} bytes received, not a prefix of the {} bytes before the error",
            raw.body.len(),
            full.len()
        );

        let client = client();
        if let Ok(response) = client.get(url(addr, path)).await {
            assert!(
                response.into_body().collect().await.is_err(),
                "{path}: hyper's client read a complete body"
            );
        }
    }
    let (parts, body) = get(&client(), addr, "/json").await;
    assert_sized(&parts, &body, JSON);
}

/// A client that goes away in the middle of a long stream: the server
/// drops the iterator soon after (nothing leaks or runs on to the end),
/// nothing panics, and the next request is served.
pub async fn client_disconnect(addr: SocketAddr) {
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET /endless HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut buf = vec![0; 64 * 1024];
    let mut read = 0;
    while read < 1024 * 1024 {
        let n = socket.read(&mut buf).await.unwrap();
        assert!(n > 0, "the server closed the connection after {read} bytes");
        if read == 0 {
            assert!(buf.starts_with(b"HTTP/1.1 200"));
        }
        read += n;
    }
    drop(socket);

    let deadline = Instant::now() + Duration::from_secs(20);
    while !ENDLESS_DROPPED.load(Ordering::SeqCst) {
        assert!(
            Instant::now() < deadline,
            "the iterator was not dropped after the client left"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let made = ENDLESS_MADE.load(Ordering::SeqCst);
    eprintln!("the server made {made} of {ENDLESS_LIMIT} products before the client left");
    assert!(
        made < ENDLESS_LIMIT as usize / 10,
        "{made} products made for a client that left"
    );

    let (parts, body) = get(&client(), addr, "/json").await;
    assert_sized(&parts, &body, JSON);
    assert_same_bytes(
        "/json after a disconnect",
        &serde_json::to_vec(&products(100)).unwrap(),
        &body,
    );
}

/// Generates one `#[test]` per check, each against a fresh server from
/// `$start`.
#[allow(unused_macros)]
macro_rules! web_tests {
    ($start:path) => {
        #[test]
        fn whole_values() {
            web_support::run($start(), web_support::whole_values);
        }

        #[test]
        fn same_as_the_framework_json() {
            web_support::run($start(), web_support::same_as_the_framework_json);
        }

        #[test]
        fn short_sequences() {
            web_support::run($start(), web_support::short_sequences);
        }

        #[test]
        fn long_sequences() {
            web_support::run($start(), web_support::long_sequences);
        }

        #[test]
        fn streams_send_what_is_ready() {
            web_support::run($start(), web_support::streams_send_what_is_ready);
        }

        #[test]
        fn failing_streams_cut_the_body() {
            web_support::run($start(), web_support::failing_streams_cut_the_body);
        }

        #[test]
        fn echo_extracts_as_the_framework_json() {
            web_support::run($start(), web_support::echo_extracts_as_the_framework_json);
        }

        #[test]
        fn client_disconnect() {
            web_support::run($start(), web_support::client_disconnect);
        }
    };
}
#[allow(unused_imports)]
pub(crate) use web_tests;

/// A value that cannot be written: its `Serialize` impl fails, as a
/// poisoned lock's or a custom one's does.
pub struct Failing;

impl Serialize for Failing {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("cannot be written"))
    }
}

impl json_runtime::ToJson for Failing {
    fn write_json<F: json_runtime::Format>(
        &self,
        w: json_runtime::ValueWriter<'_, '_, F>,
    ) -> json_runtime::Written {
        w.write_serde(self)
    }
}
