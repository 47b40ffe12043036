//! Streaming output: real files, writers that fail part way, writers that
//! are interrupted or accept short writes. Every successful output is
//! compared byte for byte with serde_json.

use std::collections::BTreeMap;
use std::io::{self, Write};

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, PrettyFormatter, ToJson, ValueWriter, Written};
use json_tests::{
    read_back, serde_compact, serde_pretty, serde_pretty_with_indent, show, AcceptsNothing,
    FailingWriter, FlakyWriter,
};

/// A record with a hand-written encoder, so these tests need no derive.
#[derive(serde::Serialize)]
struct Record {
    id: u64,
    name: String,
    score: f64,
    tags: Vec<&'static str>,
    parent: Option<u32>,
    attrs: BTreeMap<String, i64>,
}

impl ToJson for Record {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.into_writer();
        w.key("{\"id\":");
        self.id.write_json(w.value_writer());
        w.key(",\"name\":");
        self.name.write_json(w.value_writer());
        w.key(",\"score\":");
        self.score.write_json(w.value_writer());
        w.key(",\"tags\":");
        self.tags.write_json(w.value_writer());
        w.key(",\"parent\":");
        self.parent.write_json(w.value_writer());
        w.key(",\"attrs\":");
        self.attrs.write_json(w.value_writer());
        w.end_object();
        w.written()
    }
}

fn record(i: u64) -> Record {
    Record {
        id: i,
        name: format!("record \"{i}\"\n\u{e9}\u{1f600}"),
        score: i as f64 / 7.0,
        tags: if i.is_multiple_of(3) {
            vec![]
        } else {
            vec!["a", "b\\c"]
        },
        parent: if i.is_multiple_of(2) {
            Some(i as u32 / 2)
        } else {
            None
        },
        attrs: (0..i % 4).map(|k| (format!("k{k}"), -(k as i64))).collect(),
    }
}

/// A document of `n` records.
fn records(n: u64) -> Vec<Record> {
    (0..n).map(record).collect()
}

/// About 1.8 MiB compact, so the 448 KiB stream buffer drains several times.
fn large_document() -> Vec<Record> {
    records(12_000)
}

const KIB: usize = 1024;

#[test]
fn large_document_is_larger_than_several_buffers() {
    let doc = large_document();
    assert!(serde_compact(&doc).len() > 3 * 448 * KIB);
    assert!(serde_pretty(&doc).len() > 4 * 64 * KIB);
}

// ---------------------------------------------------------------- files

#[test]
fn to_writer_real_file_small() {
    let value = BTreeMap::from([("a", vec![1, 2]), ("b\n", vec![])]);
    let mut file = tempfile::tempfile().unwrap();
    json_runtime::to_writer(&mut file, &value).unwrap();
    assert_eq!(show(&read_back(&mut file)), show(&serde_compact(&value)));
}

#[test]
fn to_writer_real_file_large() {
    let doc = large_document();
    let mut file = tempfile::tempfile().unwrap();
    json_runtime::to_writer(&mut file, &doc).unwrap();
    let written = read_back(&mut file);
    assert!(written == serde_compact(&doc), "file contents differ");
}

#[test]
fn to_writer_pretty_real_file_large() {
    let doc = large_document();
    let mut file = tempfile::tempfile().unwrap();
    json_runtime::to_writer_pretty(&mut file, &doc).unwrap();
    let written = read_back(&mut file);
    assert!(written == serde_pretty(&doc), "file contents differ");
}

#[test]
fn pretty_formatter_to_writer_real_file() {
    let doc = records(500);
    let mut file = tempfile::tempfile().unwrap();
    PrettyFormatter::with_indent(b"\t")
        .to_writer(&mut file, &doc)
        .unwrap();
    let written = read_back(&mut file);
    assert!(
        written == serde_pretty_with_indent(&doc, b"\t"),
        "file contents differ"
    );
}

#[test]
fn to_writer_named_file_by_value_then_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let doc = large_document();
    // The file is passed by value and closed by to_writer's caller dropping it.
    json_runtime::to_writer(std::fs::File::create(&path).unwrap(), &doc).unwrap();
    let written = std::fs::read(&path).unwrap();
    assert!(written == serde_compact(&doc), "file contents differ");

    let pretty_path = dir.path().join("doc-pretty.json");
    let file = std::fs::File::create(&pretty_path).unwrap();
    json_runtime::to_writer_pretty(io::BufWriter::new(file), &doc).unwrap();
    let written = std::fs::read(&pretty_path).unwrap();
    assert!(written == serde_pretty(&doc), "file contents differ");
}

#[test]
fn to_writer_sink_and_vec_by_value() {
    json_runtime::to_writer(io::sink(), &large_document()).unwrap();
    let mut cursor = io::Cursor::new(Vec::new());
    json_runtime::to_writer(&mut cursor, &records(10)).unwrap();
    assert_eq!(show(cursor.get_ref()), show(&serde_compact(&records(10))));
}

// ---------------------------------------------------------------- failures

/// Runs one encoder into a writer failing after `limit` bytes and checks
/// the error contract against `expected`, the full serde_json output.
fn check_failure(
    limit: usize,
    expected: &[u8],
    encode: impl FnOnce(&mut FailingWriter) -> Result<(), json_runtime::Error>,
) {
    let mut writer = FailingWriter::new(limit);
    let result = encode(&mut writer);
    if limit < expected.len() {
        let err = result.expect_err(&format!("limit {limit}: expected an error"));
        assert_eq!(err.to_string(), "disk full", "limit {limit}: first error");
        assert_eq!(
            writer.written.len(),
            limit,
            "limit {limit}: every byte up to the limit"
        );
    } else {
        result.unwrap_or_else(|e| panic!("limit {limit}: unexpected error {e}"));
        assert_eq!(
            writer.written.len(),
            expected.len(),
            "limit {limit}: length"
        );
    }
    assert!(
        expected.starts_with(&writer.written),
        "limit {limit}: written bytes are not a prefix of serde_json's output"
    );
    assert!(
        !writer.called_after_error,
        "limit {limit}: the writer was called after it returned an error"
    );
}

fn limits(total: usize) -> Vec<usize> {
    let mut limits = vec![
        0,
        1,
        2,
        10,
        1000,
        64 * KIB - 1,
        64 * KIB,
        64 * KIB + 1,
        100_000,
        128 * KIB,
        200_000,
        256 * KIB - 1,
        256 * KIB,
        256 * KIB + 1,
        448 * KIB - 1,
        448 * KIB,
        448 * KIB + 1,
        300_000,
        512 * KIB,
        1024 * KIB,
    ];
    limits.extend([total / 2, total - 1, total, total + 1]);
    limits.retain(|&l| l <= total + 1);
    limits
}

#[test]
fn failing_writer_compact_large_document() {
    let doc = large_document();
    let expected = serde_compact(&doc);
    for limit in limits(expected.len()) {
        check_failure(limit, &expected, |w| json_runtime::to_writer(w, &doc));
    }
}

#[test]
fn failing_writer_pretty_large_document() {
    let doc = large_document();
    let expected = serde_pretty(&doc);
    for limit in limits(expected.len()) {
        check_failure(limit, &expected, |w| {
            json_runtime::to_writer_pretty(w, &doc)
        });
    }
}

#[test]
fn failing_writer_pretty_formatter_large_document() {
    let doc = large_document();
    let expected = serde_pretty_with_indent(&doc, b"    ");
    for limit in limits(expected.len()) {
        check_failure(limit, &expected, |w| {
            PrettyFormatter::with_indent(b"    ").to_writer(w, &doc)
        });
    }
}

#[test]
fn failing_writer_small_document_every_limit() {
    let doc = records(5);
    let expected = serde_compact(&doc);
    for limit in 0..=expected.len() + 1 {
        check_failure(limit, &expected, |w| json_runtime::to_writer(w, &doc));
    }
}

#[test]
fn failing_writer_large_map() {
    let map: BTreeMap<String, Vec<u32>> = (0..20_000u32)
        .map(|i| (format!("key{i}"), vec![i, i * 2]))
        .collect();
    let expected = serde_compact(&map);
    assert!(expected.len() > 3 * 64 * KIB);
    for limit in limits(expected.len()) {
        check_failure(limit, &expected, |w| json_runtime::to_writer(w, &map));
    }
}

#[test]
fn failing_writer_one_huge_string() {
    // A single value much larger than the buffer, with no flush point inside.
    let doc = vec!["x\"y".repeat(100_000)];
    let expected = serde_compact(&doc);
    for limit in limits(expected.len()) {
        check_failure(limit, &expected, |w| json_runtime::to_writer(w, &doc));
    }
}

#[test]
fn writer_accepting_nothing_reports_write_zero() {
    let mut w = AcceptsNothing { calls: 0 };
    let err = json_runtime::to_writer(&mut w, &large_document()).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::WriteZero));
    assert_eq!(w.calls, 1, "no write after the first failure");
}

/// A writer whose `flush` fails.
struct FlushFails(Vec<u8>);

impl Write for FlushFails {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::Error::other("flush failed"))
    }
}

#[test]
fn flush_error_is_returned() {
    let doc = records(10);
    let mut w = FlushFails(Vec::new());
    let err = json_runtime::to_writer(&mut w, &doc).unwrap_err();
    assert_eq!(err.to_string(), "flush failed");
    assert_eq!(show(&w.0), show(&serde_compact(&doc)));
}

// ---------------------------------------------------------------- retries

#[test]
fn interrupted_once_is_retried() {
    let doc = records(10);
    let mut w = FlakyWriter::new(|call| call == 1, usize::MAX);
    json_runtime::to_writer(&mut w, &doc).unwrap();
    assert_eq!(w.interruptions, 1);
    assert_eq!(show(&w.out), show(&serde_compact(&doc)));
}

#[test]
fn interrupted_once_mid_stream_is_retried() {
    let doc = large_document();
    for nth in [1, 2, 3, 5] {
        let mut w = FlakyWriter::new(move |call| call == nth, usize::MAX);
        json_runtime::to_writer_pretty(&mut w, &doc).unwrap();
        assert_eq!(w.interruptions, 1, "interrupt on call {nth}");
        assert!(w.out == serde_pretty(&doc), "interrupt on call {nth}");
    }
}

#[test]
fn interrupted_often_with_short_writes_is_complete() {
    let doc = large_document();
    let mut w = FlakyWriter::new(|call| call % 3 == 0, 4099);
    json_runtime::to_writer(&mut w, &doc).unwrap();
    assert!(w.interruptions > 10);
    assert!(w.out == serde_compact(&doc), "output differs");
}

#[test]
fn one_byte_writes_are_complete() {
    let doc = records(50);
    let mut w = FlakyWriter::new(|_| false, 1);
    json_runtime::to_writer(&mut w, &doc).unwrap();
    assert_eq!(show(&w.out), show(&serde_compact(&doc)));
}

#[test]
fn large_document_streams_in_bounded_chunks() {
    let doc = large_document();
    let expected = serde_compact(&doc);
    let mut w = FlakyWriter::new(|_| false, usize::MAX);
    json_runtime::to_writer(&mut w, &doc).unwrap();
    assert!(w.out == expected, "output differs");
    assert!(
        w.calls >= expected.len() / (512 * KIB),
        "expected the output in several writes, got {} for {} bytes",
        w.calls,
        expected.len()
    );
    assert!(
        w.largest_write < 512 * KIB,
        "a write of {} bytes: the stream buffer is not bounded",
        w.largest_write
    );
}

// ---------------------------------------------------------------- derived types

/// The same kind of record through `#[derive(ToJson)]`.
#[derive(serde::Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct DerivedRecord {
    record_id: u64,
    display_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<u32>,
    children: Vec<DerivedChild>,
    kind: DerivedKind,
}

#[derive(serde::Serialize, ToJson)]
struct DerivedChild(u8, String);

#[derive(serde::Serialize, ToJson)]
enum DerivedKind {
    Leaf,
    Branch { depth: u8 },
    Tagged(Vec<&'static str>),
}

fn derived_document() -> Vec<DerivedRecord> {
    (0..2500u64)
        .map(|i| DerivedRecord {
            record_id: i,
            display_name: format!("rec\t{i}\u{2028}"),
            parent_id: (i % 3 == 0).then_some(i as u32),
            children: (0..i % 3)
                .map(|c| DerivedChild(c as u8, "c\"".into()))
                .collect(),
            kind: match i % 3 {
                0 => DerivedKind::Leaf,
                1 => DerivedKind::Branch { depth: i as u8 },
                _ => DerivedKind::Tagged(vec!["x", "y"]),
            },
        })
        .collect()
}

#[test]
fn failing_writer_derived_document() {
    let doc = derived_document();
    let compact = serde_compact(&doc);
    let pretty = serde_pretty(&doc);
    assert!(compact.len() > 3 * 64 * KIB);
    for limit in limits(compact.len()) {
        check_failure(limit, &compact, |w| json_runtime::to_writer(w, &doc));
    }
    for limit in limits(pretty.len()) {
        check_failure(limit, &pretty, |w| json_runtime::to_writer_pretty(w, &doc));
    }
}

#[test]
fn derived_document_to_real_file() {
    let doc = derived_document();
    let mut file = tempfile::tempfile().unwrap();
    json_runtime::to_writer(&mut file, &doc).unwrap();
    assert!(
        read_back(&mut file) == serde_compact(&doc),
        "file contents differ"
    );
    let mut file = tempfile::tempfile().unwrap();
    json_runtime::to_writer_pretty(&mut file, &doc).unwrap();
    assert!(
        read_back(&mut file) == serde_pretty(&doc),
        "file contents differ"
    );
}

#[test]
fn derived_document_interrupted_and_short_writes() {
    let doc = derived_document();
    let mut w = FlakyWriter::new(|call| call % 2 == 1, 777);
    json_runtime::to_writer(&mut w, &doc).unwrap();
    assert!(w.interruptions > 0);
    assert!(w.out == serde_compact(&doc), "output differs");
}
