//! A million generated rows inside a value (`Seq`, `SeqMap`), and through
//! the file writers for iterators and the `fmt::Write` output, hold flat
//! memory: a counting global allocator checks that the peak heap stays
//! within the 512 KiB output buffer plus the row being encoded.
//!
//! This binary has a single test so that no other test thread allocates
//! while the peak is measured.

use std::fmt;
use std::fs;
use std::io::{self, Read, Seek};

use json_runtime::{Options, Seq, SeqMap, ToJson};
use json_tests::heap::peak_during;

#[global_allocator]
static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;

#[derive(serde::Serialize, ToJson)]
struct Row {
    id: u64,
    name: String,
    score: f64,
}

fn row(i: u64) -> Row {
    Row {
        id: i,
        name: format!("row number {i}"),
        score: i as f64 * 0.25,
    }
}

#[derive(ToJson)]
#[json(rename_all = "camelCase")]
struct Report<I, M> {
    generated_at: &'static str,
    rows: Seq<I>,
    by_name: SeqMap<M>,
}

const ROWS: u64 = 1_000_000;
/// The output buffer's bound, plus room for the row being encoded.
const LIMIT: usize = 512 * 1024 + 4 * 1024;

fn report() -> Report<impl Iterator<Item = Row>, impl Iterator<Item = (String, u64)>> {
    Report {
        generated_at: "2026-12-01T23:00:00Z",
        rows: Seq::new((0..ROWS).map(row)),
        by_name: SeqMap::new((0..ROWS).map(|i| (format!("name {i}"), i))),
    }
}

/// Counts the text it is given, keeping none of it.
struct CountingText(usize);

impl fmt::Write for CountingText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[track_caller]
fn check(what: &str, peak: usize, bytes: u64) {
    eprintln!("{what}: {bytes} bytes, peak heap {peak} bytes");
    assert!(bytes > 40_000_000, "{what}: the whole document was written");
    assert!(
        peak < LIMIT,
        "{what}: peak heap {peak} bytes for {bytes} bytes"
    );
}

#[test]
fn million_lazy_rows_stream_in_flat_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");

    // The rows are made inside the measure, while they are written.
    let peak = peak_during(|| json_runtime::write_file(&path, &report()).unwrap());
    check(
        "write_file of a Seq field",
        peak,
        fs::metadata(&path).unwrap().len(),
    );
    // Its start and end are serde_json's for the same rows.
    let mut file = fs::File::open(&path).unwrap();
    let mut head = vec![0; 100];
    file.read_exact(&mut head).unwrap();
    let start = format!(
        "{{\"generatedAt\":\"2026-12-01T23:00:00Z\",\"rows\":[{},",
        serde_json::to_string(&row(0)).unwrap()
    );
    assert_eq!(head[..start.len()], *start.as_bytes());
    let end = format!("\"name {}\":{}}}}}", ROWS - 1, ROWS - 1);
    file.seek(io::SeekFrom::End(-(end.len() as i64))).unwrap();
    let mut tail = Vec::new();
    file.read_to_end(&mut tail).unwrap();
    assert_eq!(tail, end.as_bytes());

    let mut written = 0;
    let peak = peak_during(|| {
        let mut counter = CountingWriter(&mut written);
        Options::new()
            .pretty()
            .sort_keys(true)
            .escape(json_runtime::Escape::HtmlSafe)
            .to_writer(&mut counter, &report())
            .unwrap();
    });
    check(
        "Options (pretty, sort_keys, HtmlSafe) to_writer",
        peak,
        written,
    );

    let mut text = CountingText(0);
    let peak = peak_during(|| {
        json_runtime::Options::new()
            .pretty()
            .to_fmt_writer(&mut text, &report())
            .unwrap()
    });
    check("to_fmt_writer_pretty", peak, text.0 as u64);

    let peak = peak_during(|| {
        json_runtime::Options::new()
            .write_file_array(&path, (0..ROWS).map(row))
            .unwrap();
    });
    check("write_file_array", peak, fs::metadata(&path).unwrap().len());

    let peak = peak_during(|| {
        json_runtime::Options::new()
            .write_file_lines(&path, (0..ROWS).map(row))
            .unwrap();
    });
    check("write_file_lines", peak, fs::metadata(&path).unwrap().len());

    // The measure itself is sound: collecting the rows first is far above
    // the limit.
    let peak = peak_during(|| {
        let all: Vec<Row> = (0..ROWS / 10).map(row).collect();
        std::hint::black_box(&all);
    });
    assert!(peak > LIMIT, "collecting counted only {peak} bytes");
}

/// Counts the bytes it is given, keeping none of them.
struct CountingWriter<'a>(&'a mut u64);

impl io::Write for CountingWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        *self.0 += bytes.len() as u64;
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
