//! Lazy sequences: `Seq` and `SeqMap` inside values (derived fields with
//! generic, boxed and concrete iterators, no `bound` attribute), the file
//! writers for iterators, and output into a `fmt::Write`. Every output is
//! compared with serde_json's for the collected value.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;

use indexmap::IndexMap;
use json_runtime::{Escape, Options, Seq, SeqMap, Serde, ToJson};
use json_tests::{serde_compact, serde_pretty};

#[derive(serde::Serialize, ToJson, Clone)]
struct Row {
    id: u32,
    name: String,
    score: f64,
    tags: Vec<&'static str>,
}

fn row(id: u32) -> Row {
    Row {
        id,
        name: format!("row \"{id}\" <é>"),
        score: f64::from(id) / 4.0,
        tags: if id.is_multiple_of(2) {
            vec!["even"]
        } else {
            vec![]
        },
    }
}

/// Generic over the iterator: no `#[json(bound)]`.
#[derive(ToJson)]
#[json(rename_all = "camelCase")]
struct Report<I> {
    generated_at: &'static str,
    rows: Seq<I>,
    row_count: usize,
}

/// serde's twin, with the rows collected.
#[derive(serde::Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct CollectedReport {
    generated_at: &'static str,
    rows: Vec<Row>,
    row_count: usize,
}

const N: u32 = 2000;

fn report() -> Report<impl Iterator<Item = Row>> {
    Report {
        generated_at: "2026-12-01T23:00:00Z",
        rows: Seq::new((0..N).map(row)),
        row_count: N as usize,
    }
}

fn collected() -> CollectedReport {
    CollectedReport {
        generated_at: "2026-12-01T23:00:00Z",
        rows: (0..N).map(row).collect(),
        row_count: N as usize,
    }
}

#[test]
fn seq_field_writes_serde_jsons_bytes_through_every_entry_point() {
    let compact = serde_compact(&collected());
    let pretty = serde_pretty(&collected());

    assert!(json_runtime::to_vec(&report()).unwrap() == compact);
    assert!(json_runtime::to_vec(&report()).unwrap() == compact);
    assert!(json_runtime::to_string(&report()).unwrap().as_bytes() == compact);
    assert!(json_runtime::to_vec_pretty(&report()).unwrap() == pretty);
    let mut out = Vec::new();
    json_runtime::to_writer(&mut out, &report()).unwrap();
    assert!(out == compact);
    out.clear();
    json_runtime::to_writer_pretty(&mut out, &report()).unwrap();
    assert!(out == pretty);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");
    json_runtime::write_file(&path, &report()).unwrap();
    assert!(fs::read(&path).unwrap() == compact);
    json_runtime::Options::new()
        .pretty()
        .write_file(&path, &report())
        .unwrap();
    assert!(fs::read(&path).unwrap() == pretty);

    // Options: each against the same options on the collected value.
    let indent = Options::new().indent(b"\t");
    let every = [
        Options::new().escape(Escape::Ascii),
        Options::new().escape(Escape::HtmlSafe).pretty(),
        Options::new().sort_keys(true),
        indent,
        Options::new().pretty().inline_arrays(40),
    ];
    for options in every {
        let expected = options.to_vec(&collected()).unwrap();
        assert!(
            options.to_vec(&report()).unwrap() == expected,
            "{options:?}"
        );
        out.clear();
        options.to_writer(&mut out, &report()).unwrap();
        assert!(out == expected, "{options:?}");
        options.write_file(&path, &report()).unwrap();
        assert!(fs::read(&path).unwrap() == expected, "{options:?}");
    }

    // Canonical output sorts the struct's keys; the array keeps its order.
    assert_eq!(
        json_runtime::Options::new()
            .canonical()
            .to_vec(&report())
            .unwrap(),
        json_runtime::Options::new()
            .canonical()
            .to_vec(&collected())
            .unwrap()
    );
}

/// A named iterator type, as a struct that is not generic spells it.
type RowsOf = std::iter::Map<std::ops::Range<u32>, fn(u32) -> Row>;

/// Structs that are not generic hold a boxed or a named iterator.
#[derive(ToJson)]
struct Boxed {
    rows: Seq<Box<dyn Iterator<Item = Row> + Send>>,
    ids: Seq<std::ops::Range<u32>>,
    mapped: Seq<RowsOf>,
}

#[derive(serde::Serialize)]
struct BoxedCollected {
    rows: Vec<Row>,
    ids: Vec<u32>,
    mapped: Vec<Row>,
}

#[test]
fn boxed_and_concrete_iterators() {
    let value = Boxed {
        rows: Seq::new(Box::new((0..10).map(row)) as Box<dyn Iterator<Item = Row> + Send>),
        ids: Seq::new(0..5),
        mapped: Seq::new((3..6).map(row as fn(u32) -> Row)),
    };
    let expected = BoxedCollected {
        rows: (0..10).map(row).collect(),
        ids: (0..5).collect(),
        mapped: (3..6).map(row).collect(),
    };
    assert_eq!(
        json_runtime::to_string_pretty(&value).unwrap().as_bytes(),
        serde_pretty(&expected)
    );
}

/// Generic parameters in other places: an enum, an `Option`, a map of
/// lazy sequences, a `Seq` of `Seq`s, and a parameter used both in a
/// `Seq` and plainly.
#[derive(ToJson)]
enum Page<I, T> {
    Rows { rows: Seq<I>, extra: T },
    Maybe(Option<Seq<I>>),
    Empty,
}

#[derive(serde::Serialize)]
enum PageCollected<T> {
    Rows { rows: Vec<Row>, extra: T },
    Maybe(Option<Vec<Row>>),
    Empty,
}

#[test]
fn generic_seq_in_enums_options_and_nested() {
    let page: Page<_, u8> = Page::Rows {
        rows: Seq::new((0..3).map(row)),
        extra: 7,
    };
    let expected = PageCollected::Rows {
        rows: (0..3).map(row).collect(),
        extra: 7u8,
    };
    assert_eq!(
        json_runtime::to_vec(&page).unwrap(),
        serde_compact(&expected)
    );
    let page: Page<_, u8> = Page::Maybe(Some(Seq::new((0..2).map(row))));
    assert_eq!(
        json_runtime::to_vec(&page).unwrap(),
        serde_compact(&PageCollected::<u8>::Maybe(Some((0..2).map(row).collect())))
    );
    let page: Page<std::vec::IntoIter<Row>, u8> = Page::Empty;
    assert_eq!(
        json_runtime::to_vec(&page).unwrap(),
        serde_compact(&PageCollected::<u8>::Empty)
    );

    let nested = Seq::new((0..4u32).map(|i| Seq::new(0..i)));
    let expected: Vec<Vec<u32>> = (0..4).map(|i| (0..i).collect()).collect();
    assert_eq!(
        json_runtime::to_vec_pretty(&nested).unwrap(),
        serde_pretty(&expected)
    );

    let in_map = BTreeMap::from([("a", Seq::new(vec![1, 2])), ("b", Seq::new(vec![]))]);
    let expected = BTreeMap::from([("a", vec![1, 2]), ("b", vec![])]);
    assert_eq!(
        json_runtime::to_vec_pretty(&in_map).unwrap(),
        serde_pretty(&expected)
    );
}

#[derive(ToJson)]
struct Totals<I> {
    currency: &'static str,
    by_day: SeqMap<I>,
}

#[derive(serde::Serialize, ToJson)]
struct TotalsCollected {
    currency: &'static str,
    by_day: IndexMap<String, Row>,
}

#[test]
fn seq_map_writes_entries_in_iteration_order() {
    let keys = ["tue", "mon", "a\"b", "é"];
    let make = || Totals {
        currency: "EUR",
        by_day: SeqMap::new(
            keys.iter()
                .enumerate()
                .map(|(i, k)| (k.to_string(), row(i as u32))),
        ),
    };
    let expected = TotalsCollected {
        currency: "EUR",
        by_day: keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.to_string(), row(i as u32)))
            .collect(),
    };
    assert_eq!(
        json_runtime::to_vec(&make()).unwrap(),
        serde_compact(&expected)
    );
    assert_eq!(
        json_runtime::to_vec_pretty(&make()).unwrap(),
        serde_pretty(&expected)
    );
    // `sort_keys` orders unordered maps only; a lazy map keeps its order.
    assert_eq!(
        Options::new().sort_keys(true).to_vec(&make()).unwrap(),
        serde_compact(&expected)
    );
    // Canonical output sorts every object, this one too.
    assert_eq!(
        json_runtime::Options::new()
            .canonical()
            .to_vec(&make())
            .unwrap(),
        json_runtime::Options::new()
            .canonical()
            .to_vec(&expected)
            .unwrap()
    );
    let canonical = String::from_utf8(
        json_runtime::Options::new()
            .canonical()
            .to_vec(&make())
            .unwrap(),
    )
    .unwrap();
    assert!(
        canonical.starts_with(r#"{"by_day":{"a\"b":"#),
        "{canonical}"
    );

    // Integer keys are quoted, as a map's are; empty is `{}`.
    let ints = SeqMap::new((1..=3u8).map(|i| (i, i * 2)));
    assert_eq!(
        json_runtime::to_vec(&ints).unwrap(),
        serde_compact(&BTreeMap::from([(1u8, 2u8), (2, 4), (3, 6)]))
    );
    let empty = SeqMap::new(std::iter::empty::<(&str, u8)>());
    assert_eq!(json_runtime::to_vec_pretty(&empty).unwrap(), b"{}");
}

#[derive(ToJson)]
struct Flattened<I> {
    id: u32,
    #[json(flatten)]
    extra: SeqMap<I>,
    last: bool,
}

#[derive(serde::Serialize)]
struct FlattenedCollected {
    id: u32,
    #[serde(flatten)]
    extra: IndexMap<String, u32>,
    last: bool,
}

#[test]
fn seq_map_flattens_into_the_enclosing_object() {
    for n in [0, 1, 5] {
        let entries = || (0..n).rev().map(|i| (format!("k{i}"), i));
        let ours = Flattened {
            id: 1,
            extra: SeqMap::new(entries()),
            last: true,
        };
        let twin = FlattenedCollected {
            id: 1,
            extra: entries().collect(),
            last: true,
        };
        assert_eq!(
            json_runtime::to_vec(&ours).unwrap(),
            serde_compact(&twin),
            "{n} entries"
        );
        let ours = Flattened {
            id: 1,
            extra: SeqMap::new(entries()),
            last: true,
        };
        assert_eq!(
            json_runtime::to_vec_pretty(&ours).unwrap(),
            serde_pretty(&twin),
            "{n} entries"
        );
    }
    let ours = Flattened {
        id: 1,
        extra: SeqMap::new([("a".to_string(), 1)]),
        last: true,
    };
    json_runtime::to_vec(&ours).unwrap();
    let err = json_runtime::to_vec(&ours).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("json_runtime::SeqMap was already written"),
        "{err}"
    );
}

#[test]
fn writing_a_seq_twice_is_an_error_not_a_panic() {
    let value = report();
    assert!(!value.rows.is_written());
    let first = json_runtime::to_vec(&value).unwrap();
    assert!(first == serde_compact(&collected()));
    assert!(value.rows.is_written());

    let err = json_runtime::to_vec(&value).unwrap_err();
    assert_eq!(
        err.to_string(),
        "json_runtime::Seq was already written: its iterator runs once \
         (make a new Seq, or collect the items, to write them again)"
    );
    assert!(err.is_data());
    // Streaming: the same error, and nothing written.
    let mut out = Vec::new();
    let stream_err = json_runtime::to_writer(&mut out, &value).unwrap_err();
    assert!(stream_err.is_data());
    assert_eq!(stream_err.to_string(), err.to_string());
    // Through `io::Result`, as serde_json's errors: `InvalidData`.
    assert_eq!(
        io::Error::from(stream_err).kind(),
        io::ErrorKind::InvalidData
    );
    assert!(out.is_empty(), "nothing after the error: {out:?}");

    // A file keeps its old contents.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");
    fs::write(&path, b"old").unwrap();
    assert!(json_runtime::write_file(&path, &value).is_err());
    assert_eq!(fs::read(&path).unwrap(), b"old");

    let map = SeqMap::new([("k", 1)]);
    json_runtime::to_vec(&map).unwrap();
    let err = json_runtime::to_vec(&map).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("json_runtime::SeqMap was already written"),
        "{err}"
    );
}

/// An iterator that panics leaves the `Seq` written (its iterator was
/// dropped), and a later write is the error, not a poisoned-lock panic.
#[test]
fn a_panicking_iterator_leaves_the_seq_written() {
    let seq = Seq::new((0..3).map(|i| if i == 2 { panic!("item {i}") } else { i }));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        json_runtime::to_vec(&seq).unwrap()
    }));
    assert!(caught.is_err());
    assert!(seq.is_written());
    assert!(json_runtime::to_vec(&seq).is_err());
}

/// A `Seq` with a `Send` iterator is `Sync`, so rows holding one are
/// encoded on every core.
#[test]
fn par_encodes_rows_holding_seqs() {
    fn assert_sync<T: Sync>(_: &T) {}
    let rows: Vec<Report<_>> = (0..50u32)
        .map(|i| Report {
            generated_at: "t",
            rows: Seq::new((0..i).map(row)),
            row_count: i as usize,
        })
        .collect();
    assert_sync(&rows[0]);
    let expected: Vec<CollectedReport> = (0..50u32)
        .map(|i| CollectedReport {
            generated_at: "t",
            rows: (0..i).map(row).collect(),
            row_count: i as usize,
        })
        .collect();
    assert!(json_runtime::par::to_vec(&rows).unwrap() == serde_compact(&expected));
}

#[test]
fn file_writers_for_iterators_match_serde_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rows.json");
    let rows: Vec<Row> = (0..N).map(row).collect();
    let lines: Vec<u8> = rows
        .iter()
        .flat_map(|r| {
            let mut line = serde_compact(r);
            line.push(b'\n');
            line
        })
        .collect();

    json_runtime::Options::new()
        .write_file_array(&path, (0..N).map(row))
        .unwrap();
    assert!(fs::read(&path).unwrap() == serde_compact(&rows));
    json_runtime::Options::new()
        .pretty()
        .write_file_array(&path, (0..N).map(row))
        .unwrap();
    assert!(fs::read(&path).unwrap() == serde_pretty(&rows));
    json_runtime::Options::new()
        .write_file_lines(&path, (0..N).map(row))
        .unwrap();
    assert!(fs::read(&path).unwrap() == lines);
    // References work as items too.
    json_runtime::Options::new()
        .write_file_array(&path, &rows)
        .unwrap();
    assert!(fs::read(&path).unwrap() == serde_compact(&rows));

    let options = Options::new().escape(Escape::Ascii).indent(b"    ");
    options.write_file_array(&path, (0..N).map(row)).unwrap();
    assert!(fs::read(&path).unwrap() == options.to_vec(&rows).unwrap());
    // JSON Lines stay compact whatever the layout.
    options.write_file_lines(&path, (0..N).map(row)).unwrap();
    let ascii_lines: Vec<u8> = rows
        .iter()
        .flat_map(|r| {
            let mut line = Options::new().escape(Escape::Ascii).to_vec(r).unwrap();
            line.push(b'\n');
            line
        })
        .collect();
    assert!(fs::read(&path).unwrap() == ascii_lines);

    // Empty iterators: `[]` and an empty file.
    json_runtime::Options::new()
        .pretty()
        .write_file_array(&path, std::iter::empty::<u8>())
        .unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"[]");
    json_runtime::Options::new()
        .write_file_lines(&path, std::iter::empty::<u8>())
        .unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn file_writers_for_iterators_keep_the_old_file_on_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rows.json");
    fs::write(&path, b"old").unwrap();
    // The third item reports serde_json's error for a non-string key.
    let bad = BTreeMap::from([(vec![1], 1)]);
    let items = (0..5).map(|i| {
        if i == 2 {
            Serde(bad.clone())
        } else {
            Serde(BTreeMap::new())
        }
    });
    let err = json_runtime::Options::new()
        .write_file_array(&path, items.clone())
        .unwrap_err();
    assert!(err.is_data(), "{err}");
    assert_eq!(err.write_file_error().unwrap().path(), path);
    assert!(json_runtime::Options::new()
        .write_file_lines(&path, items)
        .is_err());
    assert_eq!(fs::read(&path).unwrap(), b"old");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn fmt_writer_writes_the_same_text() {
    let mut text = String::from("prefix:");
    json_runtime::Options::new()
        .to_fmt_writer(&mut text, &collected())
        .unwrap();
    assert!(text.as_bytes()["prefix:".len()..] == serde_compact(&collected()));
    text.clear();
    json_runtime::Options::new()
        .pretty()
        .to_fmt_writer(&mut text, &report())
        .unwrap();
    assert!(text.as_bytes() == serde_pretty(&collected()));
    for options in [
        Options::new().escape(Escape::HtmlSafe),
        Options::new().pretty().sort_keys(true),
    ] {
        text.clear();
        options.to_fmt_writer(&mut text, &collected()).unwrap();
        assert!(
            text == options.to_string(&collected()).unwrap(),
            "{options:?}"
        );
    }

    assert_eq!(
        format!("<{}>", json_runtime::Options::new().display(&collected())).as_bytes()[1..],
        [serde_compact(&collected()), b">".to_vec()].concat()[..]
    );
    assert!(
        format!("{:#}", json_runtime::Options::new().display(&collected())).as_bytes()
            == serde_pretty(&collected())
    );
    let tab = Options::new().indent(b"\t");
    assert_eq!(format!("{}", tab.display(&[1])), "[\n\t1\n]");
    assert_eq!(format!("{:#}", Options::new().display(&[1])), "[\n  1\n]");
}

/// Long strings of multi-byte characters reach the sink in 64 KiB pieces
/// that cut characters; each `write_str` still gets whole ones.
#[test]
fn fmt_writer_never_splits_a_character() {
    struct Checked {
        text: String,
        calls: usize,
    }
    impl fmt::Write for Checked {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            // `s` is a `&str`, so whole by construction; the pieces must
            // also join up into the document.
            self.calls += 1;
            self.text.push_str(s);
            Ok(())
        }
    }
    // 1-, 2-, 3- and 4-byte characters, in strings and raw JSON, long
    // enough to be cut at every offset within a character somewhere.
    let long: String = "aé€😀".repeat(200_000);
    let raw = json_runtime::RawJson::from_string(format!("[\"{long}\"]")).unwrap();
    let value = (&long, raw, vec![long.clone(); 2]);
    // The case is real: streamed to an `io::Write`, some chunk ends
    // inside a character.
    struct Chunks(Vec<Vec<u8>>);
    impl io::Write for Chunks {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut chunks = Chunks(Vec::new());
    json_runtime::to_writer(&mut chunks, &value).unwrap();
    assert!(
        chunks.0.iter().any(|c| std::str::from_utf8(c).is_err()),
        "no chunk of {} cuts a character",
        chunks.0.len()
    );
    for pretty in [false, true] {
        let mut sink = Checked {
            text: String::new(),
            calls: 0,
        };
        if pretty {
            json_runtime::Options::new()
                .pretty()
                .to_fmt_writer(&mut sink, &value)
                .unwrap();
            assert!(sink.text == json_runtime::to_string_pretty(&value).unwrap());
        } else {
            json_runtime::Options::new()
                .to_fmt_writer(&mut sink, &value)
                .unwrap();
            assert!(sink.text == json_runtime::to_string(&value).unwrap());
        }
        assert!(sink.calls > 10, "streamed in pieces: {} calls", sink.calls);
    }
}

#[test]
fn fmt_errors_are_returned() {
    struct Full(usize);
    impl fmt::Write for Full {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if s.len() > self.0 {
                return Err(fmt::Error);
            }
            self.0 -= s.len();
            Ok(())
        }
    }
    let err = json_runtime::Options::new()
        .to_fmt_writer(Full(10), &collected())
        .unwrap_err();
    assert!(err.is_io());
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::Other));
    assert!(err.to_string().contains("fmt::Error"), "{err}");

    // A non-UTF-8 indent cannot become text.
    let err = Options::new()
        .indent(b"\xff")
        .to_fmt_writer(String::new(), &[1])
        .unwrap_err();
    assert!(err.is_data(), "{err}");

    // Display reports a value's error as `fmt::Error`.
    let seq = Seq::new(0..2);
    assert_eq!(
        json_runtime::Options::new().display(&seq).to_string(),
        "[0,1]"
    );
    let mut out = String::new();
    assert!(fmt::write(
        &mut out,
        format_args!("{}", json_runtime::Options::new().display(&seq))
    )
    .is_err());
}
