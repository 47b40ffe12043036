//! The Tokio writers on a real runtime: into real files, across a real TCP
//! socket on 127.0.0.1 to a reader task, and into writers that accept a
//! few bytes per poll, return `Pending` or fail. Every byte is compared
//! with serde_json's output.

use std::collections::BTreeMap;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use json_runtime::ToJson;
use json_tests::{serde_compact, serde_lines, serde_pretty, show};
use tokio::io::{AsyncReadExt, AsyncWrite, AsyncWriteExt};

#[derive(serde::Serialize, ToJson, Clone)]
struct Order {
    id: u64,
    customer: String,
    lines: Vec<Line>,
    total: f64,
    meta: BTreeMap<String, serde_json::Value>,
}

#[derive(serde::Serialize, ToJson, Clone)]
struct Line {
    sku: String,
    qty: u32,
}

fn order(i: u64) -> Order {
    Order {
        id: i,
        customer: format!("c\u{e9}\"{i}\"\t"),
        lines: (0..i % 4)
            .map(|l| Line {
                sku: format!("SKU-{l}"),
                qty: l as u32 + 1,
            })
            .collect(),
        total: i as f64 * 1.1,
        meta: BTreeMap::from([
            ("n".into(), serde_json::json!(i)),
            ("tags".into(), serde_json::json!(["a", null, 1.5])),
        ]),
    }
}

fn orders(n: u64) -> Vec<Order> {
    (0..n).map(order).collect()
}

/// Several 64 KiB chunks.
const MANY: u64 = 4000;

#[tokio::test]
async fn into_real_files() {
    let dir = tempfile::tempdir().unwrap();
    let doc = orders(MANY);
    assert!(serde_compact(&doc).len() > 4 * 64 * 1024);

    let path = dir.path().join("value.json");
    let mut file = tokio::fs::File::create(&path).await.unwrap();
    json_runtime::Options::new()
        .to_async_writer(&mut file, &doc)
        .await
        .unwrap();
    drop(file);
    assert!(std::fs::read(&path).unwrap() == serde_compact(&doc));

    let path = dir.path().join("pretty.json");
    let file = tokio::fs::File::create(&path).await.unwrap();
    json_runtime::Options::new()
        .pretty()
        .to_async_writer(file, &doc)
        .await
        .unwrap();
    assert!(std::fs::read(&path).unwrap() == serde_pretty(&doc));

    let path = dir.path().join("array.json");
    let mut file = tokio::fs::File::create(&path).await.unwrap();
    json_runtime::Options::new()
        .to_async_writer_array(&mut file, (0..MANY).map(order))
        .await
        .unwrap();
    drop(file);
    assert!(std::fs::read(&path).unwrap() == serde_compact(&doc));

    let path = dir.path().join("array-pretty.json");
    let mut file = tokio::fs::File::create(&path).await.unwrap();
    json_runtime::Options::new()
        .pretty()
        .to_async_writer_array(&mut file, doc.iter())
        .await
        .unwrap();
    drop(file);
    assert!(std::fs::read(&path).unwrap() == serde_pretty(&doc));

    let path = dir.path().join("lines.jsonl");
    let mut file = tokio::fs::File::create(&path).await.unwrap();
    json_runtime::Options::new()
        .to_async_writer_lines(&mut file, (0..MANY).map(order))
        .await
        .unwrap();
    drop(file);
    assert!(std::fs::read(&path).unwrap() == serde_lines(&doc));
}

#[tokio::test]
async fn small_and_empty_sequences() {
    for n in 0..6 {
        let doc = orders(n);
        let mut out = Vec::new();
        json_runtime::Options::new()
            .to_async_writer_array(&mut out, (0..n).map(order))
            .await
            .unwrap();
        assert_eq!(show(&out), show(&serde_compact(&doc)), "array of {n}");
        out.clear();
        json_runtime::Options::new()
            .pretty()
            .to_async_writer_array(&mut out, &doc)
            .await
            .unwrap();
        assert_eq!(show(&out), show(&serde_pretty(&doc)), "pretty array of {n}");
        out.clear();
        json_runtime::Options::new()
            .to_async_writer_lines(&mut out, &doc)
            .await
            .unwrap();
        assert_eq!(show(&out), show(&serde_lines(&doc)), "lines of {n}");
        out.clear();
        json_runtime::Options::new()
            .to_async_writer(&mut out, &doc)
            .await
            .unwrap();
        assert_eq!(show(&out), show(&serde_compact(&doc)), "value of {n}");
    }
}

/// What a TCP peer on 127.0.0.1 receives from one of the writers.
async fn received_over_tcp<Fut>(send: impl FnOnce(tokio::net::TcpStream) -> Fut) -> Vec<u8>
where
    Fut: std::future::Future<Output = io::Result<tokio::net::TcpStream>> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    // The reader reads slowly, in small pieces, so the socket buffers fill
    // and the writer has to wait for it.
    let reader = tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut received = Vec::new();
        let mut piece = vec![0; 4096];
        let mut reads = 0u64;
        loop {
            let n = socket.read(&mut piece).await.unwrap();
            if n == 0 {
                break;
            }
            received.extend_from_slice(&piece[..n]);
            reads += 1;
            if reads.is_multiple_of(64) {
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
        }
        received
    });
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    // Spawned, so the writer futures must be Send.
    let writer = tokio::spawn(send(stream));
    let mut stream = writer.await.unwrap().unwrap();
    stream.shutdown().await.unwrap();
    drop(stream);
    reader.await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn across_a_tcp_socket() {
    let n = 20_000;
    let doc = orders(n);
    let compact = serde_compact(&doc);
    assert!(compact.len() > 2_000_000, "larger than the socket buffers");

    let got = received_over_tcp(move |mut s| async move {
        json_runtime::Options::new()
            .to_async_writer_array(&mut s, (0..n).map(order))
            .await?;
        Ok(s)
    })
    .await;
    assert_eq!(got.len(), compact.len());
    assert!(got == compact, "array bytes differ");

    let got = received_over_tcp(move |mut s| async move {
        json_runtime::Options::new()
            .to_async_writer_lines(&mut s, (0..n).map(order))
            .await?;
        Ok(s)
    })
    .await;
    assert!(got == serde_lines(&doc), "lines differ");

    let pretty = serde_pretty(&doc);
    let shared = std::sync::Arc::new(doc);
    let doc = shared.clone();
    let got = received_over_tcp(move |mut s| async move {
        json_runtime::Options::new()
            .pretty()
            .to_async_writer_array(&mut s, doc.iter())
            .await?;
        Ok(s)
    })
    .await;
    assert!(got == pretty, "pretty array differs");

    let doc = shared.clone();
    let got = received_over_tcp(move |mut s| async move {
        json_runtime::Options::new()
            .to_async_writer(&mut s, &*doc)
            .await?;
        Ok(s)
    })
    .await;
    assert!(got == compact, "value bytes differ");
}

/// An `AsyncWrite` that accepts at most `max` bytes per poll, returns
/// `Pending` (after waking itself) on every other poll, can fail once
/// `fail_after` bytes were accepted, and records how it was called.
struct Trickle {
    out: Vec<u8>,
    max: usize,
    fail_after: usize,
    polls: usize,
    largest_write: usize,
    failed: bool,
    called_after_error: bool,
    flushed: bool,
}

impl Trickle {
    fn new(max: usize, fail_after: usize) -> Self {
        Trickle {
            out: Vec::new(),
            max,
            fail_after,
            polls: 0,
            largest_write: 0,
            failed: false,
            called_after_error: false,
            flushed: false,
        }
    }
}

impl AsyncWrite for Trickle {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.failed {
            this.called_after_error = true;
            return Poll::Ready(Err(io::Error::other("write after error")));
        }
        this.polls += 1;
        if this.polls.is_multiple_of(2) {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        this.largest_write = this.largest_write.max(buf.len());
        let room = this.fail_after - this.out.len();
        if room == 0 {
            this.failed = true;
            return Poll::Ready(Err(io::Error::other("peer gone")));
        }
        let n = buf.len().min(this.max).min(room);
        this.out.extend_from_slice(&buf[..n]);
        Poll::Ready(Ok(n))
    }

    fn poll_flush(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.failed {
            self.called_after_error = true;
        }
        self.flushed = true;
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[tokio::test]
async fn pending_and_short_writes_in_bounded_chunks() {
    let doc = orders(MANY);
    let compact = serde_compact(&doc);

    let mut w = Trickle::new(1000, usize::MAX);
    json_runtime::Options::new()
        .to_async_writer_array(&mut w, (0..MANY).map(order))
        .await
        .unwrap();
    assert!(w.out == compact, "array differs");
    assert!(w.flushed);
    // The chunk buffer is handed over when it passes 64 KiB, so no write
    // is much larger than that: the whole document is never buffered.
    assert!(
        w.largest_write < 64 * 1024 + 4096,
        "a write of {} bytes",
        w.largest_write
    );

    let mut w = Trickle::new(usize::MAX, usize::MAX);
    json_runtime::Options::new()
        .to_async_writer_lines(&mut w, (0..MANY).map(order))
        .await
        .unwrap();
    assert!(w.out == serde_lines(&doc), "lines differ");
    assert!(w.largest_write < 64 * 1024 + 4096);

    let mut w = Trickle::new(usize::MAX, usize::MAX);
    json_runtime::Options::new()
        .to_async_writer(&mut w, &doc)
        .await
        .unwrap();
    assert!(w.out == compact, "value differs");
    assert!(w.largest_write <= 64 * 1024);
}

#[tokio::test]
async fn failing_writer_returns_the_error_and_stops() {
    let doc = orders(MANY);
    let compact = serde_compact(&doc);
    let lines = serde_lines(&doc);
    for limit in [0, 1, 65_535, 65_536, 65_537, 200_000, compact.len() - 1] {
        let mut w = Trickle::new(usize::MAX, limit);
        let err = json_runtime::Options::new()
            .to_async_writer_array(&mut w, &doc)
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "peer gone", "limit {limit}");
        assert_eq!(w.out.len(), limit);
        assert!(compact.starts_with(&w.out), "limit {limit}: not a prefix");
        assert!(!w.called_after_error, "limit {limit}: called after error");

        if limit < lines.len() {
            let mut w = Trickle::new(777, limit);
            let err = json_runtime::Options::new()
                .to_async_writer_lines(&mut w, &doc)
                .await
                .unwrap_err();
            assert_eq!(err.to_string(), "peer gone");
            assert!(lines.starts_with(&w.out) && !w.called_after_error);
        }

        let mut w = Trickle::new(usize::MAX, limit);
        let err = json_runtime::Options::new()
            .to_async_writer(&mut w, &doc)
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "peer gone");
        assert!(compact.starts_with(&w.out) && !w.called_after_error);
    }
}

/// The array writer stops consuming the iterator at the first error.
#[tokio::test]
async fn iterator_is_not_drained_after_an_error() {
    let consumed = std::cell::Cell::new(0u64);
    let items = (0..MANY).map(|i| {
        consumed.set(consumed.get() + 1);
        order(i)
    });
    let mut w = Trickle::new(usize::MAX, 10);
    json_runtime::Options::new()
        .to_async_writer_array(&mut w, items)
        .await
        .unwrap_err();
    assert!(consumed.get() < MANY / 2, "consumed {}", consumed.get());
}

/// An element that counts how often it is encoded.
struct Counted<'a> {
    encodes: &'a std::sync::atomic::AtomicUsize,
    value: u32,
}

impl ToJson for Counted<'_> {
    fn write_json<F: json_runtime::Format>(
        &self,
        w: json_runtime::ValueWriter<'_, '_, F>,
    ) -> json_runtime::Written {
        self.encodes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.value.write_json(w)
    }
}

/// Records, for each write, how many elements had been encoded when it
/// came, and how many bytes it had accepted before.
struct Probe<'a> {
    encodes: &'a std::sync::atomic::AtomicUsize,
    out: Vec<u8>,
    /// (bytes accepted before this write, encodes so far, write length)
    writes: Vec<(usize, usize, usize)>,
    polls: usize,
}

impl AsyncWrite for Probe<'_> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        // A slow reader: every other poll is not ready.
        this.polls += 1;
        if this.polls.is_multiple_of(2) {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        let encodes = this.encodes.load(std::sync::atomic::Ordering::Relaxed);
        this.writes.push((this.out.len(), encodes, buf.len()));
        // Accept at most 16 KiB per call, as a socket might.
        let n = buf.len().min(16 * 1024);
        this.out.extend_from_slice(&buf[..n]);
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// `to_async_writer` of a million-element sequence encodes only about a
/// chunk ahead of what the writer accepted: the first write comes after a
/// chunk's worth of elements, not all of them, and every later write finds
/// the encoder at most about one chunk ahead of the bytes taken.
#[tokio::test]
async fn top_level_sequences_stream_element_by_element() {
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const N: u32 = 1_000_000;
    /// Each element is at least 7 bytes (`1000000,` and up from 100 000).
    const MIN_ELEMENT: usize = 7;
    const CHUNK: usize = 64 * 1024;

    let encodes = AtomicUsize::new(0);
    let items: Vec<Counted<'_>> = (0..N)
        .map(|i| Counted {
            encodes: &encodes,
            value: 1_000_000 + i,
        })
        .collect();
    let expected = serde_compact(&(1_000_000..1_000_000 + N).collect::<Vec<u32>>());
    let expected_pretty = serde_pretty(&(1_000_000..1_000_000 + N).collect::<Vec<u32>>());

    async fn probe<'a, T: ToJson + ?Sized>(
        encodes: &'a AtomicUsize,
        value: &T,
        pretty: bool,
    ) -> Probe<'a> {
        encodes.store(0, Ordering::Relaxed);
        let mut w = Probe {
            encodes,
            out: Vec::new(),
            writes: Vec::new(),
            polls: 0,
        };
        if pretty {
            json_runtime::Options::new()
                .pretty()
                .to_async_writer(&mut w, value)
                .await
                .unwrap();
        } else {
            json_runtime::Options::new()
                .to_async_writer(&mut w, value)
                .await
                .unwrap();
        }
        w
    }

    let check = |what: &str, w: &Probe<'_>, expected: &[u8], per_element: usize| {
        assert!(w.out == expected, "{what}: bytes differ");
        let (_, first_encodes, _) = w.writes[0];
        let most_ahead = w
            .writes
            .iter()
            .map(|&(accepted, encodes, _)| (encodes * per_element).saturating_sub(accepted))
            .max()
            .unwrap();
        eprintln!(
            "{what}: {first_encodes} of {N} encoded at the first write, at most {most_ahead} bytes encoded ahead of the writer"
        );
        assert!(
            first_encodes <= CHUNK / per_element + 1,
            "{what}: {first_encodes} elements encoded before the first write"
        );
        for &(accepted, encodes, len) in &w.writes {
            // Never more than one chunk (and the element that crossed it)
            // beyond what the writer took.
            let ahead = encodes * per_element;
            assert!(
                ahead <= accepted + CHUNK + 2 * per_element + 16 * 1024,
                "{what}: {encodes} encoded with {accepted} bytes accepted"
            );
            assert!(len <= CHUNK + 64, "{what}: a write of {len} bytes");
        }
        assert_eq!(encodes_total(w), N as usize, "{what}: every element once");
    };
    fn encodes_total(w: &Probe<'_>) -> usize {
        w.encodes.load(Ordering::Relaxed)
    }

    let w = probe(&encodes, &items, false).await;
    check("Vec", &w, &expected, MIN_ELEMENT + 1);
    let w = probe(&encodes, &items[..], false).await;
    check("slice", &w, &expected, MIN_ELEMENT + 1);
    let boxed: Box<[Counted<'_>]> = items.into_boxed_slice();
    let w = probe(&encodes, &boxed, false).await;
    check("Box<[T]>", &w, &expected, MIN_ELEMENT + 1);
    let shared = std::sync::Arc::new(VecDeque::from(boxed.into_vec()));
    let w = probe(&encodes, &shared, false).await;
    check("Arc<VecDeque>", &w, &expected, MIN_ELEMENT + 1);
    // Pretty: `\n  1000000,` is 11 bytes an element.
    let w = probe(&encodes, &shared, true).await;
    check("Arc<VecDeque>, pretty", &w, &expected_pretty, 11);

    // Documented limit: a sequence inside a struct is encoded whole first.
    let wrapped = (0u8, &*shared);
    let w = probe(&encodes, &wrapped, false).await;
    assert_eq!(
        w.writes[0].1, N as usize,
        "a nested sequence is not streamed"
    );
}

/// The futures are `Send` when their inputs are, so they can run on a
/// multi-threaded runtime (`tokio::spawn`).
#[test]
fn async_writer_futures_are_send() {
    fn assert_send<T: Send>(_: &T) {}
    let doc = orders(3);
    let mut sink = tokio::io::sink();
    let fut = json_runtime::Options::new().to_async_writer(&mut sink, &doc);
    assert_send(&fut);
    drop(fut);
    let fut = json_runtime::Options::new()
        .pretty()
        .to_async_writer(tokio::io::sink(), &doc[..]);
    assert_send(&fut);
    let fut = json_runtime::Options::new().to_async_writer_array(tokio::io::sink(), doc.iter());
    assert_send(&fut);
    let fut = json_runtime::Options::new().to_async_writer_lines(tokio::io::sink(), doc.clone());
    assert_send(&fut);
    let options = json_runtime::Options::new().escape(json_runtime::Escape::Ascii);
    let fut = options.to_async_writer(tokio::io::sink(), &doc);
    assert_send(&fut);
    let fut = options.to_async_writer_array(tokio::io::sink(), doc.iter());
    assert_send(&fut);
    let fut = options.to_async_writer_lines(tokio::io::sink(), doc.iter());
    assert_send(&fut);
    // And they run there.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .build()
        .unwrap();
    let doc = std::sync::Arc::new(orders(2000));
    let task = {
        let doc = doc.clone();
        runtime.spawn(async move {
            let mut out = Vec::new();
            json_runtime::Options::new()
                .to_async_writer(&mut out, &*doc)
                .await
                .map(|()| out)
        })
    };
    let out = runtime.block_on(task).unwrap().unwrap();
    assert!(out == serde_compact(&*doc));
}
