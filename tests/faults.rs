//! Writers that fail after N bytes, for every N across small documents and
//! a stride plus every flush boundary ±1 across documents of a few hundred
//! KiB, through every streaming entry point and through `fs::write_with`
//! into a real temporary file. The error comes back, nothing panics,
//! nothing is written after the failure, the bytes before it are a prefix
//! of serde_json's output, and the old file is left intact with no
//! temporary file behind. Also `Interrupted` and `Ok(0)` writers.

use std::fs;
use std::io::{self, Write};

use json_runtime::ToJson;
use json_tests::{serde_compact, serde_lines, serde_pretty, AcceptsNothing, FlakyWriter};
use serde_json::json;

#[derive(serde::Serialize, ToJson)]
struct Item {
    id: u32,
    name: String,
    weights: Vec<f32>,
    parent: Option<Box<Item>>,
    extra: serde_json::Value,
}

fn item(i: u32) -> Item {
    Item {
        id: i,
        name: format!("item \"{i}\"\u{7}"),
        weights: vec![i as f32 / 3.0, f32::INFINITY, -0.0],
        parent: i.is_multiple_of(5).then(|| {
            Box::new(Item {
                id: i / 5,
                name: "p".into(),
                weights: vec![],
                parent: None,
                extra: json!(null),
            })
        }),
        extra: json!({"k": [i, "v"], "e": {}}),
    }
}

fn items(n: u32) -> Vec<Item> {
    (0..n).map(item).collect()
}

/// About 2.2 MB compact: every writer hands its output over in chunks of
/// 448-512 KiB, so this makes each drain several times.
const LARGE: u32 = 20_000;
const KIB: usize = 1024;

/// Fails every call once `limit` bytes went through to `inner`, and
/// records whether it was called again after failing.
struct FailAfter<W> {
    inner: W,
    limit: usize,
    written: usize,
    failed: bool,
    called_after_error: bool,
}

impl<W> FailAfter<W> {
    fn new(inner: W, limit: usize) -> Self {
        FailAfter {
            inner,
            limit,
            written: 0,
            failed: false,
            called_after_error: false,
        }
    }
}

impl<W: Write> Write for FailAfter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.failed {
            self.called_after_error = true;
            return Err(io::Error::other("write after error"));
        }
        let room = self.limit - self.written;
        if room == 0 {
            self.failed = true;
            return Err(io::Error::other("injected failure"));
        }
        let n = self.inner.write(&buf[..room.min(buf.len())])?;
        self.written += n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failed {
            self.called_after_error = true;
            return Err(io::Error::other("flush after error"));
        }
        self.inner.flush()
    }
}

/// An entry point under test: encodes the document into the writer.
type Encode<'a> = &'a dyn Fn(&mut dyn Write) -> Result<(), json_runtime::Error>;

/// Where the encoder hands bytes to the writer: the total after each
/// `write` call, when nothing fails.
fn flush_boundaries(encode: Encode<'_>) -> Vec<usize> {
    struct Recorder {
        total: usize,
        ends: Vec<usize>,
    }
    impl Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.total += buf.len();
            self.ends.push(self.total);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut r = Recorder {
        total: 0,
        ends: Vec::new(),
    };
    encode(&mut r).unwrap();
    r.ends
}

/// The limits to try: every byte of a small document; for a large one a
/// stride, every flush boundary ±1, and the ends.
fn limits(expected: &[u8], encode: Encode<'_>) -> Vec<usize> {
    let len = expected.len();
    let mut limits: Vec<usize> = if len < 20 * KIB {
        (0..=len + 1).collect()
    } else {
        // About 50 limits spread over the document.
        (0..=len).step_by(len / 50).collect()
    };
    let boundaries = flush_boundaries(encode);
    if len >= 20 * KIB {
        assert!(boundaries.len() >= 3, "{} drains", boundaries.len());
    }
    for b in boundaries {
        limits.extend([b.saturating_sub(1), b, b + 1]);
    }
    limits.extend([0, 1, len - 1, len, len + 1]);
    limits.sort_unstable();
    limits.dedup();
    limits
}

/// Runs `encode` into a writer failing after each limit and checks the
/// error contract against `expected`, the complete output.
fn check_every_limit(what: &str, expected: &[u8], encode: Encode<'_>) {
    let limits = limits(expected, encode);
    for &limit in &limits {
        let mut w = FailAfter::new(Vec::new(), limit);
        let result = encode(&mut w);
        if limit < expected.len() {
            let err = result.expect_err(&format!("{what}, limit {limit}: no error"));
            assert_eq!(err.to_string(), "injected failure", "{what}, limit {limit}");
            assert_eq!(w.inner.len(), limit, "{what}, limit {limit}: bytes before");
        } else {
            result.unwrap_or_else(|e| panic!("{what}, limit {limit}: {e}"));
            assert_eq!(w.inner.len(), expected.len(), "{what}, limit {limit}");
        }
        assert!(
            expected.starts_with(&w.inner),
            "{what}, limit {limit}: not a prefix of serde_json's output"
        );
        assert!(
            !w.called_after_error,
            "{what}, limit {limit}: the writer was called after its error"
        );
    }
}

fn check_all_entry_points(n: u32) {
    let doc = items(n);
    let value = serde_json::to_value(&doc).unwrap();
    let compact = serde_compact(&doc);
    let pretty = serde_pretty(&doc);
    let lines = serde_lines(&doc);

    check_every_limit("to_writer", &compact, &|w| json_runtime::to_writer(w, &doc));
    check_every_limit("to_writer_pretty", &pretty, &|w| {
        json_runtime::to_writer_pretty(w, &doc)
    });
    // A Value's object keys are sorted, so its bytes are its own.
    check_every_limit("to_writer(Value)", &serde_compact(&value), &|w| {
        json_runtime::to_writer(w, &value)
    });
    check_every_limit("to_writer_array", &compact, &|w| {
        json_runtime::Options::new().to_writer_array(w, (0..n).map(item))
    });
    check_every_limit("to_writer_array_pretty", &pretty, &|w| {
        json_runtime::Options::new()
            .pretty()
            .to_writer_array(w, &doc)
    });
    check_every_limit("to_writer_lines", &lines, &|w| {
        json_runtime::Options::new().to_writer_lines(w, (0..n).map(item))
    });
}

#[test]
fn small_document_every_byte() {
    assert!(serde_compact(&items(12)).len() < 20 * KIB);
    check_all_entry_points(12);
}

#[test]
fn large_document_stride_and_flush_boundaries() {
    assert!(serde_compact(&items(LARGE)).len() > 1024 * KIB + 2 * 448 * KIB);
    check_all_entry_points(LARGE);
}

/// The failure is injected between the encoder and the real temporary
/// file that `fs::write_with` created: the target keeps its old bytes and
/// the temporary file is removed, for a stride of limits and every flush
/// boundary ±1.
#[test]
fn write_file_keeps_the_old_file_for_every_failure() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let old = serde_compact(&items(3));
    fs::write(&path, &old).unwrap();
    let doc = items(LARGE);
    let compact = serde_compact(&doc);
    let encode: Encode<'_> = &|w| json_runtime::Options::new().to_writer_array(w, &doc);
    let limits = limits(&compact, encode);
    for &limit in limits.iter().filter(|&&l| l < compact.len()) {
        let mut called_after_error = false;
        let err = json_runtime::fs::write_with(&path, |file| {
            let mut w = FailAfter::new(file, limit);
            let result = json_runtime::Options::new().to_writer_array(&mut w, &doc);
            called_after_error = w.called_after_error;
            result
        })
        .expect_err("the injected failure is returned");
        assert!(!called_after_error, "limit {limit}");
        assert_eq!(
            err.to_string(),
            format!("writing {}: injected failure", path.display())
        );
        assert!(
            fs::read(&path).unwrap() == old,
            "limit {limit}: old file changed"
        );
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["doc.json"], "limit {limit}: temporary file left");
    }
    // And without a failure, the new document replaces the old one.
    json_runtime::fs::write_with(&path, |file| {
        json_runtime::Options::new().to_writer_array(FailAfter::new(file, usize::MAX), &doc)
    })
    .unwrap();
    assert!(fs::read(&path).unwrap() == compact);
}

#[test]
fn interrupted_writes_are_retried() {
    let doc = items(LARGE);
    let expected = [serde_compact(&doc), serde_pretty(&doc), serde_lines(&doc)];
    for max in [1, 1000, usize::MAX] {
        let encoders: [Encode<'_>; 3] = [
            &|w| json_runtime::Options::new().to_writer_array(w, &doc),
            &|w| {
                json_runtime::Options::new()
                    .pretty()
                    .to_writer_array(w, &doc)
            },
            &|w| json_runtime::Options::new().to_writer_lines(w, &doc),
        ];
        for (encode, expected) in encoders.iter().zip(&expected) {
            // `Interrupted` on every other call.
            let mut w = FlakyWriter::new(|call| call % 2 == 1, max);
            encode(&mut w).unwrap();
            assert!(w.interruptions > 0);
            assert!(w.out == *expected, "max {max}: output differs");
        }
    }
}

#[test]
fn writer_accepting_nothing_gives_write_zero() {
    let doc = items(LARGE);
    let encoders: [Encode<'_>; 4] = [
        &|w| json_runtime::Options::new().to_writer_array(w, &doc),
        &|w| {
            json_runtime::Options::new()
                .pretty()
                .to_writer_array(w, &doc)
        },
        &|w| json_runtime::Options::new().to_writer_lines(w, &doc),
        &|w| json_runtime::Options::new().to_writer_lines(w, [1]),
    ];
    for encode in encoders {
        let mut w = AcceptsNothing { calls: 0 };
        let err = encode(&mut w).unwrap_err();
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::WriteZero));
        assert_eq!(w.calls, 1, "no write after the first failure");
    }
    // Through fs::write_with, the error names the path and the old file stays.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, b"old").unwrap();
    let err = json_runtime::fs::write_with(&path, |_file| {
        json_runtime::Options::new().to_writer_array(AcceptsNothing { calls: 0 }, &doc)
    })
    .unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::WriteZero));
    assert_eq!(fs::read(&path).unwrap(), b"old");
}
