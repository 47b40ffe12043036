//! `json_runtime::par`: parallel output must be byte-identical to
//! serde_json's for the same sequence, compact, pretty and as JSON Lines,
//! in memory, streamed and to files, at every chunk and window boundary
//! (chunk lengths set by hand and the default one chosen from the
//! elements' size), for empty and one-element inputs, for slices and for
//! parallel iterators, on pools of 1 to 3 threads; and with `Options`
//! (escape modes, indents, sorted keys, inline arrays), byte-identical to
//! the sequential `Options::to_vec` and `Options::to_writer_lines`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, Write};
use std::rc::Rc;

use json_runtime::par::{self, Encoder, CHUNK_BYTES};
use json_runtime::{Escape, Options, ToJson};
use json_tests::{serde_lines, FailingWriter};
use rayon::prelude::*;

/// The main job's products: camelCase keys, non-ASCII text, floats.
#[derive(serde::Serialize, ToJson, Clone, Debug)]
#[serde(rename_all = "camelCase")]
struct Product {
    id: i32,
    nome: String,
    categoria: String,
    descricao: String,
    preco: f64,
}

fn product(i: usize) -> Product {
    Product {
        id: i as i32,
        nome: format!("Nome {i}"),
        categoria: format!("Categoria {i}"),
        descricao: format!("Descrição {i}"),
        preco: i as f64,
    }
}

/// The main job's records.
#[derive(serde::Serialize, ToJson, Clone, Debug)]
struct Record {
    id: u64,
    name: String,
    active: bool,
}

fn record(i: usize) -> Record {
    Record {
        id: i as u64,
        name: format!("item-{i:05}"),
        active: i.is_multiple_of(3),
    }
}

/// Nested values whose size varies a lot from element to element, so
/// chunks differ in size and nesting matters in pretty layout.
#[derive(serde::Serialize, ToJson, Clone, Debug)]
enum Shape {
    Empty,
    Points(Vec<(i32, f64)>),
    Named { name: String, tags: Vec<String> },
}

fn shape(i: usize) -> Shape {
    match i % 3 {
        0 => Shape::Empty,
        1 => Shape::Points((0..i % 7).map(|k| (k as i32 - 3, k as f64 / 8.0)).collect()),
        _ => Shape::Named {
            name: format!("s\"{i}\"\n\u{1f600}"),
            tags: (0..i % 4).map(|t| format!("t{t}")).collect(),
        },
    }
}

/// Elements with a `HashMap` (for sorted keys), short arrays of scalars
/// (for inline arrays) and text that every `Escape` mode writes its own
/// way.
#[derive(ToJson, Clone, Debug)]
struct Page {
    title: String,
    counts: HashMap<String, u32>,
    sizes: Vec<u16>,
    grid: Vec<Vec<i8>>,
}

fn page(i: usize) -> Page {
    Page {
        title: format!("<p>{i} & \u{e9}\u{2028}\u{1f600}</p>"),
        counts: (0..i % 6)
            .map(|k| (format!("k{}", (k * 7 + i) % 10), k as u32))
            .collect(),
        sizes: (0..i % 9).map(|k| (k * 300) as u16).collect(),
        grid: (0..i % 3).map(|r| vec![r as i8; i % 4]).collect(),
    }
}

/// The options every `Options` check runs with.
fn option_sets() -> Vec<(&'static str, Options<'static>)> {
    vec![
        (
            "html-safe, tabs",
            Options::new().escape(Escape::HtmlSafe).indent(b"\t"),
        ),
        (
            "html-safe, compact",
            Options::new().escape(Escape::HtmlSafe),
        ),
        (
            "ascii, sorted, compact",
            Options::new().escape(Escape::Ascii).sort_keys(true),
        ),
        (
            "sorted, inline arrays, 4 spaces",
            Options::new()
                .sort_keys(true)
                .indent(b"    ")
                .inline_arrays(30),
        ),
        (
            "html-safe, sorted, inline arrays",
            Options::new()
                .escape(Escape::HtmlSafe)
                .sort_keys(true)
                .pretty()
                .inline_arrays(12),
        ),
    ]
}

/// `Encoder::with_options` and `lines_with_options`, in memory and
/// streamed, against the sequential `Options` functions on the same
/// slice.
#[track_caller]
fn check_options<T: ToJson + Sync>(label: &str, items: &[T], chunk_len: Option<usize>) {
    let n = items.len();
    for (name, options) in option_sets() {
        let what = |m: &str| format!("{label}, {n} items, chunk_len {chunk_len:?}, {name}: {m}");
        let with = |e: Encoder<'static>| match chunk_len {
            Some(n) => e.chunk_len(n),
            None => e,
        };
        let expected = options.to_vec(items).unwrap();
        let mut lines = Vec::new();
        options.to_writer_lines(&mut lines, items).unwrap();

        same(
            &what("to_vec"),
            &with(Encoder::with_options(options)).to_vec(items).unwrap(),
            &expected,
        );
        let mut out = Vec::new();
        with(Encoder::with_options(options))
            .to_writer(&mut out, items)
            .unwrap();
        same(&what("to_writer"), &out, &expected);
        let by_index = (0..n).into_par_iter().map(|i| &items[i]);
        same(
            &what("iterator to_vec"),
            &with(Encoder::with_options(options))
                .to_vec(by_index)
                .unwrap(),
            &expected,
        );
        out.clear();
        with(Encoder::lines_with_options(options))
            .to_writer(&mut out, items)
            .unwrap();
        same(&what("lines"), &out, &lines);
    }
}

#[track_caller]
fn same(what: &str, got: &[u8], expected: &[u8]) {
    if got != expected {
        let at = got
            .iter()
            .zip(expected)
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(expected.len()));
        let from = at.saturating_sub(40);
        panic!(
            "{what}: differs at byte {at} of {} (expected {}):\n got:      {:?}\n expected: {:?}",
            got.len(),
            expected.len(),
            String::from_utf8_lossy(&got[from..(at + 40).min(got.len())]),
            String::from_utf8_lossy(&expected[from..(at + 40).min(expected.len())]),
        );
    }
}

/// Every layout and entry point of `encoder`-style calls on `items`,
/// against serde_json.
#[track_caller]
fn check_all<T>(label: &str, items: &[T], chunk_len: Option<usize>)
where
    T: serde::Serialize + ToJson + Sync,
{
    let compact = serde_json::to_vec(items).unwrap();
    let pretty = serde_json::to_vec_pretty(items).unwrap();
    let lines = serde_lines(items);
    let with = |e: Encoder<'static>| match chunk_len {
        Some(n) => e.chunk_len(n),
        None => e,
    };
    let n = items.len();
    let what = |m: &str| format!("{label}, {n} items, chunk_len {chunk_len:?}: {m}");

    same(
        &what("to_vec"),
        &with(Encoder::array()).to_vec(items).unwrap(),
        &compact,
    );
    same(
        &what("to_vec pretty"),
        &with(Encoder::pretty()).to_vec(items).unwrap(),
        &pretty,
    );
    let mut out = Vec::new();
    with(Encoder::array()).to_writer(&mut out, items).unwrap();
    same(&what("to_writer"), &out, &compact);
    out.clear();
    with(Encoder::pretty()).to_writer(&mut out, items).unwrap();
    same(&what("to_writer pretty"), &out, &pretty);
    out.clear();
    with(Encoder::lines()).to_writer(&mut out, items).unwrap();
    same(&what("to_writer lines"), &out, &lines);
    same(
        &what("to_vec lines"),
        &with(Encoder::lines()).to_vec(items).unwrap(),
        &lines,
    );

    // The same through a parallel iterator that builds nothing up front.
    let by_index = (0..n).into_par_iter().map(|i| &items[i]);
    same(
        &what("iterator to_vec"),
        &with(Encoder::array()).to_vec(by_index).unwrap(),
        &compact,
    );

    if chunk_len.is_none() {
        // The module's functions are the default encoders on slices.
        same(&what("par::to_vec"), &par::to_vec(items).unwrap(), &compact);
        same(
            &what("par::to_vec_pretty"),
            &par::to_vec_pretty(items).unwrap(),
            &pretty,
        );
        out.clear();
        par::to_writer(&mut out, items).unwrap();
        same(&what("par::to_writer"), &out, &compact);
        out.clear();
        par::to_writer_pretty(&mut out, items).unwrap();
        same(&what("par::to_writer_pretty"), &out, &pretty);
        out.clear();
        par::to_writer_lines(&mut out, items).unwrap();
        same(&what("par::to_writer_lines"), &out, &lines);
    }
}

/// Lengths around every multiple of `chunk` up to `chunks` of them, so
/// each chunk and window boundary is crossed, hit and missed by one.
fn lengths_around(chunk: usize, chunks: usize) -> Vec<usize> {
    let mut ns = vec![0, 1, 2];
    for k in 1..=chunks {
        let at = k * chunk;
        ns.extend([at.saturating_sub(1), at, at + 1]);
    }
    ns.sort_unstable();
    ns.dedup();
    ns
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn empty_and_one_element() {
    let none: [Product; 0] = [];
    assert_eq!(par::to_vec(&none).unwrap(), b"[]");
    assert_eq!(par::to_vec_pretty(&none).unwrap(), b"[]");
    let mut out = Vec::new();
    par::to_writer_lines(&mut out, &none).unwrap();
    assert_eq!(out, b"");
    check_all("products", &none, None);
    check_all("products", &none, Some(1));
    let one = [product(7)];
    check_all("products", &one, None);
    check_all("products", &one, Some(1));
    assert_eq!(
        par::to_vec(&one).unwrap(),
        serde_json::to_vec(&[product(7)]).unwrap()
    );
}

#[test]
fn small_chunks_cross_every_boundary() {
    let products: Vec<Product> = (0..80).map(product).collect();
    let records: Vec<Record> = (0..80).map(record).collect();
    let shapes: Vec<Shape> = (0..80).map(shape).collect();
    let pages: Vec<Page> = (0..80).map(page).collect();
    for threads in [1, 2, 3] {
        pool(threads).install(|| {
            // Windows hold 2 chunks per thread, so 12 chunks cross at least
            // two window boundaries on every pool.
            for chunk in [1, 2, 3, 5] {
                for n in lengths_around(chunk, 12 * 2) {
                    let n = n.min(80);
                    check_all("products", &products[..n], Some(chunk));
                    check_all("records", &records[..n], Some(chunk));
                    check_all("shapes", &shapes[..n], Some(chunk));
                    if chunk != 2 {
                        check_options("shapes", &shapes[..n], Some(chunk));
                        check_options("pages", &pages[..n], Some(chunk));
                    }
                }
            }
        });
    }
}

/// The chunk length the encoder chooses by default: `CHUNK_BYTES` over the
/// size per element of the first 16 elements, encoded as they open the
/// array (every separator included, `[` and `]` not).
fn default_chunk_len<T: serde::Serialize>(items: &[T]) -> usize {
    let head = serde_json::to_vec(&items[..16]).unwrap().len() - 2;
    CHUNK_BYTES / head.div_ceil(16)
}

/// Compact, pretty and lines in memory against serde_json: the cheaper
/// check, for many lengths of long inputs.
#[track_caller]
fn check_main<T>(label: &str, items: &[T])
where
    T: serde::Serialize + ToJson + Sync,
{
    let n = items.len();
    same(
        &format!("{label}, {n} items: par::to_vec"),
        &par::to_vec(items).unwrap(),
        &serde_json::to_vec(items).unwrap(),
    );
    same(
        &format!("{label}, {n} items: par::to_vec_pretty"),
        &par::to_vec_pretty(items).unwrap(),
        &serde_json::to_vec_pretty(items).unwrap(),
    );
    let mut lines = Vec::new();
    par::to_writer_lines(&mut lines, items).unwrap();
    same(
        &format!("{label}, {n} items: par::to_writer_lines"),
        &lines,
        &serde_lines(items),
    );
}

#[test]
fn default_chunks_on_products_and_records() {
    // On two threads a window is 4 chunks: lengths around 1 to 9 chunks
    // cross the sequential threshold (2 chunks) and two window boundaries.
    let products: Vec<Product> = (0..30_000).map(product).collect();
    let chunk = default_chunk_len(&products);
    assert!(chunk > 100 && chunk * 9 < products.len(), "{chunk}");
    pool(2).install(|| {
        for n in lengths_around(chunk, 9) {
            check_main("products", &products[..n]);
        }
        check_all("products", &products, None);
    });

    let records: Vec<Record> = (0..70_000).map(record).collect();
    let chunk = default_chunk_len(&records);
    assert!(chunk > 100 && chunk * 9 < records.len(), "{chunk}");
    pool(2).install(|| {
        for n in lengths_around(chunk, 9) {
            check_main("records", &records[..n]);
        }
    });
    pool(3).install(|| check_all("records on 3 threads", &records, None));
}

#[test]
fn options_with_default_chunks() {
    // Long enough for several default-sized chunks on two threads.
    let pages: Vec<Page> = (0..40_000).map(page).collect();
    let records: Vec<Record> = (0..60_000).map(record).collect();
    pool(2).install(|| {
        check_options("pages", &pages, None);
        check_options("records", &records, None);
    });
    let options = Options::new().escape(Escape::HtmlSafe).indent(b"\t");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pages.json");
    Encoder::with_options(options)
        .write_file(&path, &pages)
        .unwrap();
    same(
        "write_file with options",
        &std::fs::read(&path).unwrap(),
        &options.to_vec(&pages).unwrap(),
    );
}

/// With inline arrays, the array of the sequence itself goes on one line
/// when its items are scalars and fit: around that width, split into
/// chunks of one item or not, the bytes are the sequential ones.
#[test]
fn inline_arrays_of_scalar_items() {
    let numbers: Vec<u32> = (0..200).map(|i| i % 10).collect();
    let words: Vec<&str> = (0..200).map(|_| "<a>").collect();
    for max_width in [0, 2, 3, 10, 29, 30, 31, 60, 90, 1000] {
        let options = Options::new().indent(b"\t").inline_arrays(max_width);
        let html = options.escape(Escape::HtmlSafe);
        for n in [0, 1, 2, 3, 9, 10, 11, 20, 30, 31, 200] {
            for chunk_len in [None, Some(1), Some(4)] {
                let encoder = |o| match chunk_len {
                    Some(len) => Encoder::with_options(o).chunk_len(len),
                    None => Encoder::with_options(o),
                };
                let what = format!("width {max_width}, {n} items, chunk_len {chunk_len:?}");
                same(
                    &what,
                    &encoder(options).to_vec(&numbers[..n]).unwrap(),
                    &options.to_vec(&numbers[..n]).unwrap(),
                );
                same(
                    &what,
                    &encoder(html).to_vec(&words[..n]).unwrap(),
                    &html.to_vec(&words[..n]).unwrap(),
                );
            }
        }
    }
    assert_eq!(
        Encoder::with_options(Options::new().pretty().inline_arrays(20))
            .chunk_len(1)
            .to_vec(&[1, 2, 3][..])
            .unwrap(),
        b"[1, 2, 3]"
    );
}

#[test]
fn files_are_replaced_with_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let products: Vec<Product> = (0..20_000).map(product).collect();
    let path = dir.path().join("products.json");
    std::fs::write(&path, b"old").unwrap();
    par::write_file(&path, &products).unwrap();
    same(
        "write_file",
        &std::fs::read(&path).unwrap(),
        &serde_json::to_vec(&products).unwrap(),
    );
    par::write_file_pretty(&path, &products).unwrap();
    same(
        "write_file_pretty",
        &std::fs::read(&path).unwrap(),
        &serde_json::to_vec_pretty(&products).unwrap(),
    );
    par::write_file_lines(&path, &products).unwrap();
    same(
        "write_file_lines",
        &std::fs::read(&path).unwrap(),
        &serde_lines(&products),
    );
    Encoder::array()
        .chunk_len(7)
        .write_file(&path, (0..1000).into_par_iter().map(product))
        .unwrap();
    same(
        "Encoder::write_file",
        &std::fs::read(&path).unwrap(),
        &serde_json::to_vec(&products[..1000]).unwrap(),
    );
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left behind");

    let err = par::write_file(dir.path().join("missing/x.json"), &products).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::NotFound));
    assert!(err.to_string().starts_with("writing "), "{err}");
}

#[test]
fn the_first_io_error_is_returned_and_nothing_follows_it() {
    let records: Vec<Record> = (0..50_000).map(record).collect();
    let expected = serde_json::to_vec(&records).unwrap();
    for limit in [0, 1, 1000, 300_000, 1_000_000, expected.len() - 1] {
        for chunk in [None, Some(3), Some(1000)] {
            let mut w = FailingWriter::new(limit);
            let encoder = match chunk {
                Some(n) => Encoder::array().chunk_len(n),
                None => Encoder::array(),
            };
            let err = encoder.to_writer(&mut w, &records[..]).unwrap_err();
            assert_eq!(err.to_string(), "disk full");
            assert!(!w.called_after_error, "limit {limit}, chunk {chunk:?}");
            assert_eq!(w.written, expected[..limit]);
        }
    }
}

#[test]
fn a_panicking_element_reaches_the_caller_and_keeps_the_old_file() {
    struct Bomb(usize);
    impl ToJson for Bomb {
        fn write_json<F: json_runtime::Format>(
            &self,
            w: json_runtime::ValueWriter<'_, '_, F>,
        ) -> json_runtime::Written {
            assert!(self.0 != 500, "element 500 cannot be written");
            self.0.write_json(w)
        }
    }
    let bombs: Vec<Bomb> = (0..1000).map(Bomb).collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bombs.json");
    std::fs::write(&path, b"old").unwrap();
    let result = std::panic::catch_unwind(|| {
        Encoder::array()
            .chunk_len(10)
            .write_file(&path, &bombs[..])
            .unwrap();
    });
    let message = result.unwrap_err();
    let message = message
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| message.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    assert_eq!(message, "element 500 cannot be written");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn the_writer_need_not_be_send() {
    /// Shares its bytes through an `Rc`, so it cannot cross threads.
    struct Local(Rc<RefCell<Vec<u8>>>);
    impl Write for Local {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let bytes = Rc::new(RefCell::new(Vec::new()));
    let records: Vec<Record> = (0..30_000).map(record).collect();
    par::to_writer(Local(bytes.clone()), &records).unwrap();
    same(
        "non-Send writer",
        &bytes.borrow(),
        &serde_json::to_vec(&records).unwrap(),
    );
}

#[test]
fn called_from_inside_the_pool() {
    // Nested inside a parallel job, the encoder shares the pool instead of
    // blocking a worker.
    let records: Vec<Record> = (0..20_000).map(record).collect();
    let expected = serde_json::to_vec(&records).unwrap();
    let outputs: Vec<Vec<u8>> = (0..4)
        .into_par_iter()
        .map(|_| {
            Encoder::array()
                .chunk_len(100)
                .to_vec(&records[..])
                .unwrap()
        })
        .collect();
    for out in outputs {
        same("nested", &out, &expected);
    }
}

/// An element whose `Serialize` impl fails at one index: written through
/// the serde fallback, so the error must reach the caller as serde_json's
/// would, from whichever thread encoded that element.
struct FailsAt(usize);

impl serde::Serialize for FailsAt {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 == 777 {
            return Err(serde::ser::Error::custom("element 777 cannot be written"));
        }
        s.serialize_u64(self.0 as u64)
    }
}

#[derive(ToJson)]
struct Holder {
    inner: FailsAt,
}

#[test]
fn an_error_from_serde_reaches_the_caller() {
    let items: Vec<Holder> = (0..5_000).map(|i| Holder { inner: FailsAt(i) }).collect();
    for chunk_len in [1, 7, 100, 4_000] {
        let mut out = Vec::new();
        let err = Encoder::array()
            .chunk_len(chunk_len)
            .to_writer(&mut out, &items[..])
            .unwrap_err();
        assert!(err.is_data());
        assert!(err.to_string().contains("element 777"), "{err}");
        // What was written is a prefix of the elements before the failing
        // one, never anything after it.
        let prefix = json_runtime::to_vec(&items[..777]).unwrap();
        assert!(
            prefix.starts_with(&out[..out.len().min(prefix.len() - 1)]),
            "chunk length {chunk_len}: wrote past the error"
        );
        assert!(out.len() < prefix.len(), "chunk length {chunk_len}");
    }
    for chunk_len in [1, 7, 100, 4_000] {
        let err = Encoder::array()
            .chunk_len(chunk_len)
            .to_vec(&items[..])
            .unwrap_err();
        assert!(err.is_data());
        assert!(err.to_string().contains("element 777"), "{err}");
    }
    let err = par::to_vec(&items).unwrap_err();
    assert_eq!(
        err.to_string(),
        json_runtime::to_vec(&items).unwrap_err().to_string()
    );
}

/// Into memory, a caller outside the pool leaves the encoding and the
/// copies to the pool's threads; the chunks must still land in order, each
/// at its place, across every chunk and window boundary. (The tests above
/// run inside `ThreadPool::install`, where the caller is one of the pool's
/// threads and encodes too.)
#[test]
fn in_memory_from_outside_the_pool() {
    assert_eq!(rayon::current_thread_index(), None);
    let products: Vec<Product> = (0..80).map(product).collect();
    let records: Vec<Record> = (0..80).map(record).collect();
    for chunk in [1, 2, 3, 7] {
        for n in lengths_around(chunk, 12 * 2) {
            let n = n.min(80);
            let (products, records) = (&products[..n], &records[..n]);
            let compact = Encoder::array().chunk_len(chunk);
            let pretty = Encoder::pretty().chunk_len(chunk);
            let what = |m: &str| format!("{n} items, chunk {chunk}: {m}");
            same(
                &what("products"),
                &compact.to_vec(products).unwrap(),
                &serde_json::to_vec(products).unwrap(),
            );
            same(
                &what("records"),
                &compact.to_vec(records).unwrap(),
                &serde_json::to_vec(records).unwrap(),
            );
            same(
                &what("records, pretty"),
                &pretty.to_vec(records).unwrap(),
                &serde_json::to_vec_pretty(records).unwrap(),
            );
        }
    }
    // Default chunks, and an output that grows past its first estimate:
    // the later elements are much longer than the first ones.
    let growing: Vec<Record> = (0..60_000)
        .map(|i| {
            let mut r = record(i);
            if i > 1000 {
                r.name = "x".repeat(40);
            }
            r
        })
        .collect();
    check_main("growing records", &growing);
}

/// An element refused late in a long sequence, or one that panics, while
/// the pool is copying earlier chunks into the output: the error or the
/// panic reaches the caller, and the pool is fine afterwards.
#[test]
fn late_failures_in_memory_from_outside_the_pool() {
    #[derive(Clone, Copy)]
    enum Then {
        Refuse,
        Panic,
    }
    struct Late(usize, Then);
    impl ToJson for Late {
        fn write_json<F: json_runtime::Format>(
            &self,
            w: json_runtime::ValueWriter<'_, '_, F>,
        ) -> json_runtime::Written {
            if self.0 == 7_000 {
                match self.1 {
                    // serde_json refuses a map key that is not a string.
                    Then::Refuse => {
                        let map = std::collections::BTreeMap::from([((1, 2), 3)]);
                        return json_runtime::Serde(&map).write_json(w);
                    }
                    Then::Panic => panic!("element 7000 cannot be written"),
                }
            }
            self.0.write_json(w)
        }
    }
    for chunk in [Some(10), Some(333), None] {
        let encoder = match chunk {
            Some(n) => Encoder::array().chunk_len(n),
            None => Encoder::array(),
        };
        let refused: Vec<Late> = (0..10_000).map(|i| Late(i, Then::Refuse)).collect();
        let error = encoder.to_vec(&refused[..]).unwrap_err();
        assert_eq!(error.to_string(), "key must be a string", "chunk {chunk:?}");

        let bombs: Vec<Late> = (0..10_000).map(|i| Late(i, Then::Panic)).collect();
        let result = std::panic::catch_unwind(|| encoder.to_vec(&bombs[..]));
        let message = result.unwrap_err();
        let message = message
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| message.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        assert_eq!(message, "element 7000 cannot be written", "chunk {chunk:?}");
    }
    let records: Vec<Record> = (0..30_000).map(record).collect();
    check_main("records after the failures", &records);
}
