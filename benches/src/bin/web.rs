//! JSON responses over HTTP: `axum::Json` (serde_json) against
//! `json_runtime::axum::Json`, side by side in one axum server on
//! 127.0.0.1.
//!
//! ```text
//! cargo run --release -p json-bench --bin web
//! cargo run --release -p json-bench --bin web -- --quick
//! cargo run --release -p json-bench --bin web -- --rounds 15 --seconds 1 --connections 8
//! ```
//!
//! The server runs on one thread (a current-thread Tokio runtime), the
//! client on another: hyper's pooled HTTP/1.1 client with `--connections`
//! keep-alive connections (default 4), each sending its next request when
//! the last response is read whole. Two responses are measured:
//!
//! - `products/100`: 100 products, about 9 KB;
//! - `records/10000`: 10 000 records, about 450 KB; also streamed with
//!   `JsonArray`.
//!
//! The data is built once; each request encodes it again. Before timing,
//! every route's body is checked byte for byte against
//! `serde_json::to_vec`. Then each round runs every route for
//! `--seconds` (default 0.4) in turn, the order alternating between rounds,
//! over `--rounds` rounds (default 9). Reported per route: requests per
//! second (median over rounds), p50 and p99 latency (all rounds' requests),
//! and the server thread's CPU time per request (`CLOCK_THREAD_CPUTIME_ID`,
//! read by the server itself before and after each run), then the ratios to `axum::Json`, each the median of the
//! per-round ratios. The encoders alone are timed too (CPU time of this
//! thread), as each responder calls them, to show how much of a request
//! the encoding is.
//!
//! Only loopback traffic; every run is bounded by its duration and every
//! request by a timeout.

use std::future::IntoFuture;
use std::hint::black_box;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum::Router;
use bytes::{BufMut, Bytes, BytesMut};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use json_bench::check::assert_same_bytes;
use json_bench::harness::median;
use json_bench::report::{format_time, load_average, machine};
use json_bench::workloads::{products, records};

/// No single request may take longer.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

struct Options {
    rounds: usize,
    seconds: f64,
    connections: usize,
}

fn options() -> Options {
    let mut options = Options {
        rounds: 9,
        seconds: 0.4,
        connections: 4,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> String {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--quick" => {
                options.rounds = 3;
                options.seconds = 0.2;
            }
            "--rounds" => options.rounds = value("--rounds").parse().expect("--rounds N"),
            "--seconds" => options.seconds = value("--seconds").parse().expect("--seconds S"),
            "--connections" => {
                options.connections = value("--connections").parse().expect("--connections N")
            }
            other => {
                panic!("unknown argument {other:?}; see the doc comment of benches/src/bin/web.rs")
            }
        }
    }
    assert!(options.rounds > 0 && options.seconds > 0.0 && options.connections > 0);
    options
}

/// One route being measured.
struct Route {
    workload: &'static str,
    method: &'static str,
    path: &'static str,
    /// The `axum::Json` route of the same workload, for the ratios.
    baseline: &'static str,
}

const ROUTES: [Route; 5] = [
    Route {
        workload: "products/100",
        method: "axum::Json (serde_json)",
        path: "/serde/products",
        baseline: "/serde/products",
    },
    Route {
        workload: "products/100",
        method: "json_runtime::axum::Json",
        path: "/runtime/products",
        baseline: "/serde/products",
    },
    Route {
        workload: "records/10000",
        method: "axum::Json (serde_json)",
        path: "/serde/records",
        baseline: "/serde/records",
    },
    Route {
        workload: "records/10000",
        method: "json_runtime::axum::Json",
        path: "/runtime/records",
        baseline: "/serde/records",
    },
    Route {
        workload: "records/10000",
        method: "json_runtime::axum::JsonArray (streamed)",
        path: "/runtime/records/stream",
        baseline: "/serde/records",
    },
];

/// The calling thread's CPU time so far, in nanoseconds, so that time spent
/// preempted by other processes on a shared machine is not counted. The
/// server runs on one thread, so its `/cpu` handler, called before and
/// after a run, brackets all the server's work. `None` where the clock is
/// missing.
fn thread_cpu_ns() -> Option<u64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable `timespec` for the duration of the
    // call, which only writes to it.
    let failed = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } != 0;
    if failed {
        return None;
    }
    Some(now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64)
}

fn app(products: &'static [products::Product], records: &'static [records::Record]) -> Router {
    Router::new()
        .route(
            "/serde/products",
            get(move || async move { axum::Json(products).into_response() }),
        )
        .route(
            "/runtime/products",
            get(move || async move { json_runtime::axum::Json(products).into_response() }),
        )
        .route(
            "/serde/records",
            get(move || async move { axum::Json(records).into_response() }),
        )
        .route(
            "/runtime/records",
            get(move || async move { json_runtime::axum::Json(records).into_response() }),
        )
        .route(
            "/runtime/records/stream",
            get(move || async move {
                json_runtime::axum::JsonArray::new(records.iter()).into_response()
            }),
        )
        .route(
            "/cpu",
            get(|| async { thread_cpu_ns().map_or(String::new(), |ns| ns.to_string()) }),
        )
}

/// Serves `app` on 127.0.0.1 from a thread of its own; returns its address.
fn start_server(app: Router) -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::Builder::new()
        .name("server".into())
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)
                    .unwrap()
                    .tap_io(|tcp| {
                        let _ = tcp.set_nodelay(true);
                    });
                axum::serve(listener, app).into_future().await.unwrap();
            });
        })
        .unwrap();
    addr
}

type HttpClient = Client<HttpConnector, Empty<Bytes>>;

fn client() -> HttpClient {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    Client::builder(TokioExecutor::new()).build(connector)
}

async fn get_body(client: &HttpClient, uri: &http::Uri) -> (http::response::Parts, Bytes) {
    let request = async {
        let response = client.get(uri.clone()).await.expect("request failed");
        let (parts, body) = response.into_parts();
        (parts, body.collect().await.expect("body failed").to_bytes())
    };
    tokio::time::timeout(REQUEST_TIMEOUT, request)
        .await
        .unwrap_or_else(|_| panic!("GET {uri} timed out"))
}

fn uri(addr: SocketAddr, path: &str) -> http::Uri {
    format!("http://{addr}{path}").parse().unwrap()
}

/// What one run of one route measured.
struct Run {
    requests: usize,
    elapsed: Duration,
    latencies_ns: Vec<u64>,
    server_cpu_ns: Option<u64>,
}

/// Requests `path` from `connections` concurrent tasks until `duration`
/// has passed.
async fn run(
    client: &HttpClient,
    addr: SocketAddr,
    path: &str,
    body_len: usize,
    connections: usize,
    duration: Duration,
) -> Run {
    let cpu_uri = uri(addr, "/cpu");
    let cpu = |body: Bytes| std::str::from_utf8(&body).ok()?.parse::<u64>().ok();
    let cpu_before = cpu(get_body(client, &cpu_uri).await.1);
    let start = Instant::now();
    let deadline = start + duration;
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..connections {
        let client = client.clone();
        let uri = uri(addr, path);
        tasks.spawn(async move {
            let mut latencies = Vec::new();
            while Instant::now() < deadline {
                let sent = Instant::now();
                let (_, body) = get_body(&client, &uri).await;
                latencies.push(sent.elapsed().as_nanos() as u64);
                assert_eq!(body.len(), body_len, "GET {uri}: body length");
            }
            latencies
        });
    }
    let mut latencies_ns = Vec::new();
    while let Some(task) = tasks.join_next().await {
        latencies_ns.extend(task.expect("a client task failed"));
    }
    let elapsed = start.elapsed();
    let cpu_after = cpu(get_body(client, &cpu_uri).await.1);
    Run {
        requests: latencies_ns.len(),
        elapsed,
        latencies_ns,
        server_cpu_ns: cpu_before.zip(cpu_after).map(|(b, a)| a - b),
    }
}

/// All runs of one route.
#[derive(Default)]
struct Results {
    rps: Vec<f64>,
    cpu_per_request_ns: Vec<f64>,
    latencies_ns: Vec<u64>,
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at] as f64
}

/// The median CPU time of one call of `f` (wall time where the thread
/// clock is missing), over timed batches of about 20 ms.
fn time_encoder(rounds: usize, mut f: impl FnMut() -> usize) -> f64 {
    let start = Instant::now();
    let mut batch = 0;
    while start.elapsed() < Duration::from_millis(20) {
        black_box(f());
        batch += 1;
    }
    let mut samples: Vec<f64> = (0..rounds.max(5) * 3)
        .map(|_| {
            let cpu = thread_cpu_ns();
            let start = Instant::now();
            for _ in 0..batch {
                black_box(f());
            }
            let wall = start.elapsed().as_nanos() as f64;
            let ns = match (cpu, thread_cpu_ns()) {
                (Some(before), Some(after)) => (after - before) as f64,
                _ => wall,
            };
            ns / batch as f64
        })
        .collect();
    median(&mut samples)
}

/// `axum::Json`'s encoding: `serde_json::to_writer` into a `BytesMut` of
/// 128 bytes that grows, then `freeze`.
fn axum_json_encode<T: serde::Serialize + ?Sized>(value: &T) -> Bytes {
    let mut writer = BytesMut::with_capacity(128).writer();
    serde_json::to_writer(&mut writer, value).unwrap();
    writer.into_inner().freeze()
}

fn main() {
    let options = options();
    let products: &'static [products::Product] = Box::leak(products::build(100).into_boxed_slice());
    let records: &'static [records::Record] = Box::leak(records::build(10_000).into_boxed_slice());
    let expected = |workload: &str| match workload {
        "products/100" => serde_json::to_vec(products).unwrap(),
        _ => serde_json::to_vec(records).unwrap(),
    };

    let addr = start_server(app(products, records));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let client = client();

    println!("# JSON responses over HTTP, axum 0.8");
    println!();
    println!("- machine: {}", machine());
    if let Some(load) = load_average() {
        println!("- load average before: {load}");
    }
    println!(
        "- {} rounds of {} s per route, {} keep-alive connections, server on one thread, client on another",
        options.rounds, options.seconds, options.connections
    );

    // Every route's body and headers first.
    runtime.block_on(async {
        for route in &ROUTES {
            let expected = expected(route.workload);
            let (parts, body) = get_body(&client, &uri(addr, route.path)).await;
            assert_same_bytes(route.path, &expected, &body);
            assert_eq!(
                parts.headers["content-type"], "application/json",
                "{}",
                route.path
            );
        }
    });
    for workload in ["products/100", "records/10000"] {
        let expected = expected(workload);
        let (theirs, ours) = match workload {
            "products/100" => (
                axum_json_encode(products),
                json_runtime::Options::new().to_bytes(products).unwrap(),
            ),
            _ => (
                axum_json_encode(records),
                json_runtime::Options::new().to_bytes(records).unwrap(),
            ),
        };
        assert_same_bytes(workload, &expected, &theirs);
        assert_same_bytes(workload, &expected, &ours);
    }
    println!("- every route's body and both encoders' output checked byte for byte against serde_json::to_vec");
    println!();

    let mut results: Vec<Results> = ROUTES.iter().map(|_| Results::default()).collect();
    let duration = Duration::from_secs_f64(options.seconds);
    runtime.block_on(async {
        // Warm-up: connections, allocator, caches.
        for route in &ROUTES {
            let len = expected(route.workload).len();
            run(
                &client,
                addr,
                route.path,
                len,
                options.connections,
                duration / 2,
            )
            .await;
        }
        for round in 0..options.rounds {
            let order: Vec<usize> = if round % 2 == 0 {
                (0..ROUTES.len()).collect()
            } else {
                (0..ROUTES.len()).rev().collect()
            };
            for i in order {
                let route = &ROUTES[i];
                let len = expected(route.workload).len();
                let measured = run(
                    &client,
                    addr,
                    route.path,
                    len,
                    options.connections,
                    duration,
                )
                .await;
                let result = &mut results[i];
                result
                    .rps
                    .push(measured.requests as f64 / measured.elapsed.as_secs_f64());
                if let Some(cpu) = measured.server_cpu_ns {
                    result
                        .cpu_per_request_ns
                        .push(cpu as f64 / measured.requests as f64);
                }
                result.latencies_ns.extend(measured.latencies_ns);
            }
            eprint!(".");
        }
        eprintln!();
    });

    println!("| response | method | body | requests/s | p50 | p99 | server CPU / request | req/s vs axum::Json | server CPU vs axum::Json |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for (i, route) in ROUTES.iter().enumerate() {
        let baseline = ROUTES
            .iter()
            .position(|r| r.path == route.baseline)
            .unwrap();
        let ratio = |ours: &[f64], theirs: &[f64]| -> Option<f64> {
            if ours.len() != theirs.len() || ours.is_empty() {
                return None;
            }
            let mut ratios: Vec<f64> = ours.iter().zip(theirs).map(|(o, t)| o / t).collect();
            Some(median(&mut ratios))
        };
        let rps_ratio = ratio(&results[i].rps, &results[baseline].rps);
        let cpu_ratio = ratio(
            &results[i].cpu_per_request_ns,
            &results[baseline].cpu_per_request_ns,
        );
        let result = &mut results[i];
        result.latencies_ns.sort_unstable();
        let cpu = if result.cpu_per_request_ns.is_empty() {
            "n/a".to_owned()
        } else {
            format_time(median(&mut result.cpu_per_request_ns.clone()))
        };
        let show = |r: Option<f64>| r.map_or("n/a".to_owned(), |r| format!("{r:.2}x"));
        println!(
            "| {} | {} | {} B | {:.0} | {} | {} | {} | {} | {} |",
            route.workload,
            route.method,
            expected(route.workload).len(),
            median(&mut result.rps.clone()),
            format_time(percentile(&result.latencies_ns, 0.50)),
            format_time(percentile(&result.latencies_ns, 0.99)),
            cpu,
            if i == baseline {
                "1.00x".to_owned()
            } else {
                show(rps_ratio)
            },
            if i == baseline {
                "1.00x".to_owned()
            } else {
                show(cpu_ratio)
            },
        );
    }

    println!();
    println!("The encoders alone, as each responder calls them (median CPU time per call):");
    println!();
    println!("| response | axum::Json's serde_json::to_writer(BytesMut) | json_runtime::to_bytes | ratio |");
    println!("|---|---:|---:|---:|");
    for (workload, serde_ns, ours_ns) in [
        (
            "products/100",
            time_encoder(options.rounds, || axum_json_encode(products).len()),
            time_encoder(options.rounds, || {
                json_runtime::Options::new()
                    .to_bytes(products)
                    .unwrap()
                    .len()
            }),
        ),
        (
            "records/10000",
            time_encoder(options.rounds, || axum_json_encode(records).len()),
            time_encoder(options.rounds, || {
                json_runtime::Options::new()
                    .to_bytes(records)
                    .unwrap()
                    .len()
            }),
        ),
    ] {
        println!(
            "| {workload} | {} | {} | {:.2}x |",
            format_time(serde_ns),
            format_time(ours_ns),
            ours_ns / serde_ns
        );
    }
    if let Some(load) = load_average() {
        println!();
        println!("load average after: {load}");
    }
}
