//! `to_writer_array`, `to_writer_array_pretty`, `to_writer_lines` and
//! `PrettyFormatter::to_writer_array`: the array forms must equal
//! serde_json's output for the collected `Vec`, and JSON Lines must equal
//! `serde_json::to_vec` of each item plus `\n`, in memory and in real files.

use std::collections::BTreeMap;

use json_runtime::{PrettyFormatter, ToJson};
use json_tests::{
    read_back, serde_compact, serde_lines, serde_pretty, serde_pretty_with_indent, show, INDENTS,
};

#[derive(serde::Serialize, ToJson, Clone, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Event {
    event_id: u64,
    label: String,
    score: f64,
    tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<i32>,
    attrs: BTreeMap<String, i64>,
    kind: Kind,
}

#[derive(serde::Serialize, ToJson, Clone, PartialEq, Debug)]
enum Kind {
    Start,
    Stop { code: i8 },
    Note(String),
}

fn event(i: u64) -> Event {
    Event {
        event_id: i,
        label: format!("ev\"{i}\"\n\u{1f600}"),
        score: i as f64 / 3.0,
        tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
        parent: i.is_multiple_of(2).then_some(-(i as i32)),
        attrs: (0..i % 4).map(|k| (format!("k{k}"), k as i64)).collect(),
        kind: match i % 3 {
            0 => Kind::Start,
            1 => Kind::Stop { code: -1 },
            _ => Kind::Note("n".into()),
        },
    }
}

fn events(n: u64) -> Vec<Event> {
    (0..n).map(event).collect()
}

/// Checks every streaming form for `n` events, fed as a lazy iterator of
/// owned values and as an iterator of references.
fn check_all_forms(n: u64) {
    let doc = events(n);

    let compact = serde_compact(&doc);
    let mut out = Vec::new();
    json_runtime::Options::new()
        .to_writer_array(&mut out, (0..n).map(event))
        .unwrap();
    assert!(
        out == compact,
        "array of {n}: {} != {}",
        show(&out),
        show(&compact)
    );
    out.clear();
    json_runtime::Options::new()
        .to_writer_array(&mut out, &doc)
        .unwrap();
    assert!(out == compact, "array of {n} by reference");

    let pretty = serde_pretty(&doc);
    out.clear();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut out, (0..n).map(event))
        .unwrap();
    assert!(
        out == pretty,
        "pretty array of {n}: {} != {}",
        show(&out),
        show(&pretty)
    );
    out.clear();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut out, doc.iter())
        .unwrap();
    assert!(out == pretty, "pretty array of {n} by reference");

    for indent in INDENTS {
        let expected = serde_pretty_with_indent(&doc, indent);
        out.clear();
        PrettyFormatter::with_indent(indent)
            .to_writer_array(&mut out, (0..n).map(event))
            .unwrap();
        assert!(out == expected, "indent {indent:?}, {n} items");
    }

    let lines = serde_lines(&doc);
    out.clear();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, (0..n).map(event))
        .unwrap();
    assert!(
        out == lines,
        "lines of {n}: {} != {}",
        show(&out),
        show(&lines)
    );
    out.clear();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, &doc)
        .unwrap();
    assert!(out == lines, "lines of {n} by reference");
}

#[test]
fn small_counts() {
    for n in 0..10 {
        check_all_forms(n);
    }
}

#[test]
fn larger_than_several_buffers() {
    // Several times the 448 KiB buffer, so it drains mid-array.
    let n = 30_000;
    assert!(serde_compact(&events(n)).len() > 1024 * 1024 + 2 * 448 * 1024);
    check_all_forms(n);
}

#[test]
fn empty_iterators() {
    let mut out = Vec::new();
    json_runtime::Options::new()
        .to_writer_array(&mut out, std::iter::empty::<Event>())
        .unwrap();
    assert_eq!(out, b"[]");
    out.clear();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut out, Vec::<Event>::new())
        .unwrap();
    assert_eq!(out, b"[]");
    out.clear();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, std::iter::empty::<Event>())
        .unwrap();
    assert_eq!(out, b"");
}

#[test]
fn items_of_many_types() {
    let mut out = Vec::new();
    json_runtime::Options::new()
        .to_writer_array(&mut out, ["a", "b\u{0}"])
        .unwrap();
    assert_eq!(show(&out), show(&serde_compact(&["a", "b\u{0}"])));

    let nested = vec![vec![], vec![Some(1.5f32), None], vec![Some(f32::NAN)]];
    out.clear();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut out, nested.iter())
        .unwrap();
    assert_eq!(show(&out), show(&serde_pretty(&nested)));
    out.clear();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, &nested)
        .unwrap();
    assert_eq!(show(&out), show(&serde_lines(&nested)));

    // Lines of strings with line separators and control characters stay
    // one line each: the newline in a string is escaped.
    let strings = ["a\nb", "\u{2028}", "\r"];
    out.clear();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, strings)
        .unwrap();
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), strings.len());
    assert_eq!(show(&out), show(&serde_lines(&strings)));
}

/// The array forms agree with `ToJson` for the collected `Vec` itself.
#[test]
fn array_equals_to_writer_of_vec() {
    let doc = events(500);
    let mut streamed = Vec::new();
    json_runtime::Options::new()
        .to_writer_array(&mut streamed, &doc)
        .unwrap();
    assert!(streamed == json_runtime::to_vec(&doc).unwrap());
    streamed.clear();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut streamed, &doc)
        .unwrap();
    assert!(streamed == json_runtime::to_vec_pretty(&doc).unwrap());
}

#[test]
fn real_files() {
    let n = 5000;
    let doc = events(n);

    let mut file = tempfile::tempfile().unwrap();
    json_runtime::Options::new()
        .to_writer_array(&mut file, (0..n).map(event))
        .unwrap();
    assert!(
        read_back(&mut file) == serde_compact(&doc),
        "array file differs"
    );

    let mut file = tempfile::tempfile().unwrap();
    json_runtime::Options::new()
        .pretty()
        .to_writer_array(&mut file, (0..n).map(event))
        .unwrap();
    assert!(
        read_back(&mut file) == serde_pretty(&doc),
        "pretty file differs"
    );

    let mut file = tempfile::tempfile().unwrap();
    json_runtime::Options::new()
        .to_writer_lines(&mut file, (0..n).map(event))
        .unwrap();
    assert!(
        read_back(&mut file) == serde_lines(&doc),
        "lines file differs"
    );
}

#[test]
fn lines_into_write_file_with() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.jsonl");
    let n = 2000;
    json_runtime::fs::write_with(&path, |file| {
        json_runtime::Options::new().to_writer_lines(file, (0..n).map(event))
    })
    .unwrap();
    assert!(std::fs::read(&path).unwrap() == serde_lines(&events(n)));
}

/// Records the size of every `write` call.
#[derive(Default)]
struct WriteSizes(Vec<usize>);

impl std::io::Write for WriteSizes {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.push(buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Up to 448 KiB, a sequence goes out in one write, as `to_vec` plus
/// `write_all` would; past it, in chunks of 448-512 KiB.
#[test]
fn write_calls_are_one_then_bounded_chunks() {
    let small = events(1000);
    assert!(serde_compact(&small).len() < 400 * 1024);
    let mut w = WriteSizes::default();
    json_runtime::Options::new()
        .to_writer_array(&mut w, &small)
        .unwrap();
    assert_eq!(w.0, [serde_compact(&small).len()]);
    let mut w = WriteSizes::default();
    json_runtime::Options::new()
        .to_writer_lines(&mut w, &small)
        .unwrap();
    assert_eq!(w.0.len(), 1);

    let n = 20_000;
    let total = serde_compact(&events(n)).len();
    assert!(total > 2 * 1024 * 1024);
    for lines in [false, true] {
        let mut w = WriteSizes::default();
        if lines {
            json_runtime::Options::new()
                .to_writer_lines(&mut w, (0..n).map(event))
                .unwrap();
        } else {
            json_runtime::Options::new()
                .pretty()
                .to_writer_array(&mut w, (0..n).map(event))
                .unwrap();
        }
        assert!(w.0.len() >= 4, "{} writes", w.0.len());
        let (last, rest) = w.0.split_last().unwrap();
        for &size in rest {
            assert!(
                (448 * 1024..=512 * 1024).contains(&size),
                "a write of {size}"
            );
        }
        assert!(*last <= 512 * 1024, "a last write of {last}");
    }
}

/// An endless iterator into a writer that fails (a closed pipe): the
/// sequence writers stop taking items at the first error and return it.
/// The iterator panics if it is pulled long after the failure, so a
/// writer that kept encoding fails this test instead of running forever.
#[test]
fn endless_iterator_stops_at_the_first_error() {
    use std::cell::Cell;
    use std::io::{self, Write};

    struct BrokenPipe {
        accepted: usize,
        limit: usize,
    }
    impl Write for BrokenPipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.accepted >= self.limit {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            self.accepted += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Each event encodes to at least 60 bytes, so a 512 KiB buffer holds
    /// at most this many: the most that may be taken after the failing
    /// write began.
    const PER_BUFFER: u64 = 512 * 1024 / 60;

    for (what, limit) in [
        ("array", 0),
        ("array", 3_000_000),
        ("lines", 0),
        ("lines", 3_000_000),
    ] {
        let pulled = Cell::new(0u64);
        let endless = (0..).map(|i| {
            pulled.set(pulled.get() + 1);
            assert!(pulled.get() < 1_000_000, "{what}: still pulling items");
            event(i)
        });
        let mut pipe = BrokenPipe { accepted: 0, limit };
        let err = match what {
            "array" => json_runtime::Options::new().to_writer_array(&mut pipe, endless),
            _ => json_runtime::Options::new().to_writer_lines(&mut pipe, endless),
        }
        .unwrap_err();
        assert_eq!(
            err.io_error_kind(),
            Some(io::ErrorKind::BrokenPipe),
            "{what}"
        );
        let accepted_items = pipe.accepted as u64 / 60;
        assert!(
            pulled.get() <= accepted_items + 2 * PER_BUFFER,
            "{what}, limit {limit}: {} items taken for {} bytes accepted",
            pulled.get(),
            pipe.accepted
        );
    }
}

/// In JSON Lines a raw value is written without the whitespace between its
/// tokens, so a line break in it cannot split the item across lines;
/// whitespace inside its strings stays. Outside JSON Lines it is verbatim.
#[test]
fn raw_values_stay_on_one_line() {
    use json_runtime::RawJson;

    let raws = [
        RawJson::new("[1,\n2]").unwrap(),
        RawJson::new(" {\r\n  \"a b\" :\t\"c \\\" d\\n\" ,\n  \"e\": [ ]\n}\n").unwrap(),
        RawJson::new("\"only a string\"").unwrap(),
    ];
    let expected = "[1,2]\n{\"a b\":\"c \\\" d\\n\",\"e\":[]}\n\"only a string\"\n";
    let mut out = Vec::new();
    json_runtime::Options::new()
        .to_writer_lines(&mut out, raws)
        .unwrap();
    assert_eq!(show(&out), expected);
    // The same bytes as serde_json writes for the values these texts hold.
    for (line, raw) in expected.lines().zip(raws) {
        let value: serde_json::Value = serde_json::from_str(raw.get()).unwrap();
        let reparsed: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value, reparsed);
    }

    // Inside derived items too.
    #[derive(ToJson)]
    struct Wrapped<'a> {
        id: u8,
        payload: &'a RawJson,
    }
    out.clear();
    let items = raws.iter().enumerate().map(|(i, &payload)| Wrapped {
        id: i as u8,
        payload,
    });
    json_runtime::Options::new()
        .to_writer_lines(&mut out, items)
        .unwrap();
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), raws.len());
    assert!(show(&out).starts_with("{\"id\":0,\"payload\":[1,2]}\n"));

    // Elsewhere raw text is copied as it is, as serde_json's RawValue is.
    let boxed: Vec<Box<serde_json::value::RawValue>> = raws
        .iter()
        .map(|r| serde_json::value::RawValue::from_string(r.get().to_owned()).unwrap())
        .collect();
    out.clear();
    json_runtime::Options::new()
        .to_writer_array(&mut out, raws)
        .unwrap();
    assert_eq!(show(&out), show(&serde_compact(&boxed)));
    assert_eq!(json_runtime::to_vec(&raws).unwrap(), serde_compact(&boxed));
}
