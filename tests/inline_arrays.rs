//! `PrettyFormatter::inline_arrays`: against a reference that joins the
//! lines of serde_json's pretty output, through every pretty entry point,
//! and with bounded memory when streaming.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeSet, HashSet};

use json_runtime::{Options, PrettyFormatter, ToJson};
use serde::Serialize;

/// Tracks the live heap of this thread, to bound streaming's memory.
struct Tracking;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + delta);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: forwards to the system allocator unchanged; the bookkeeping has
// no effect on the memory handed out.
unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Tracking = Tracking;

/// Peak live heap of this thread during `f`, above what was live before.
fn peak_heap(f: impl FnOnce()) -> isize {
    let before = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(before));
    f();
    PEAK.with(Cell::get) - before
}

/// The expected layout, from serde_json's pretty text alone: an array
/// whose lines between `[` and `]` are all scalars is joined into one line
/// (`[a, b]`) when that line, up to and including `]`, has at most `width`
/// characters.
fn reference(pretty: &str, width: usize) -> String {
    let lines: Vec<&str> = pretty.split('\n').collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(joined) = line.strip_suffix('[').and_then(|_| join(&lines[i + 1..])) {
            let (elements, close, used) = joined;
            let candidate = format!("{line}{}]", elements.join(", "));
            if candidate.chars().count() <= width {
                out.push(format!("{candidate}{close}"));
                i += 1 + used;
                continue;
            }
        }
        out.push(line.to_owned());
        i += 1;
    }
    out.join("\n")
}

/// The scalar element lines up to the closing `]` line, with what follows
/// that `]` and how many lines were used; `None` if an element is an array
/// or object.
fn join<'a>(lines: &[&'a str]) -> Option<(Vec<&'a str>, &'a str, usize)> {
    let mut elements = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let text = line.trim_start_matches([' ', '\t']);
        if let Some(close) = text.strip_prefix(']') {
            // All but the last element end with their separator.
            let count = elements.len();
            let elements = elements
                .into_iter()
                .enumerate()
                .map(|(k, e): (usize, &'a str)| if k + 1 < count { &e[..e.len() - 1] } else { e })
                .collect();
            return Some((elements, close, n + 1));
        }
        if text.starts_with(['[', '{']) {
            return None;
        }
        elements.push(text);
    }
    None
}

fn serde_pretty<T: Serialize + ?Sized>(value: &T, indent: &[u8]) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    value.serialize(&mut ser).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every pretty entry point with `inline_arrays(width)` against the
/// reference.
fn check<T: ToJson + Serialize + ?Sized>(value: &T, indent: &[u8], width: usize) -> String {
    let expected = reference(&serde_pretty(value, indent), width);
    let formatter = PrettyFormatter::with_indent(indent).inline_arrays(width);
    let options = Options::new().indent(indent).inline_arrays(width);
    assert_eq!(
        formatter.to_string(value).unwrap(),
        expected,
        "width {width}"
    );
    let mut streamed = Vec::new();
    formatter.to_writer(&mut streamed, value).unwrap();
    assert_eq!(
        String::from_utf8(streamed).unwrap(),
        expected,
        "to_writer, width {width}"
    );
    assert_eq!(
        options.to_string(value).unwrap(),
        expected,
        "Options, width {width}"
    );
    let mut streamed = Vec::new();
    options.to_writer(&mut streamed, value).unwrap();
    assert_eq!(
        String::from_utf8(streamed).unwrap(),
        expected,
        "Options::to_writer"
    );
    expected
}

#[derive(ToJson, Serialize)]
struct Shape {
    name: String,
    origin: [f64; 2],
    points: Vec<[i32; 2]>,
    tags: Vec<&'static str>,
    empty: Vec<u8>,
    nested_empty: Vec<Vec<u8>>,
    maybe: Option<Vec<bool>>,
}

fn shape() -> Shape {
    Shape {
        name: "triangle".into(),
        origin: [0.5, -1.0],
        points: vec![[0, 0], [4, 0], [0, 3]],
        tags: vec!["a rather long tag", "another long tag", "and a third one"],
        empty: vec![],
        nested_empty: vec![vec![], vec![1]],
        maybe: Some(vec![true, false]),
    }
}

#[test]
fn short_arrays_of_scalars_go_on_one_line() {
    let text = check(&shape(), b"  ", 40);
    assert_eq!(
        text,
        r#"{
  "name": "triangle",
  "origin": [0.5, -1.0],
  "points": [
    [0, 0],
    [4, 0],
    [0, 3]
  ],
  "tags": [
    "a rather long tag",
    "another long tag",
    "and a third one"
  ],
  "empty": [],
  "nested_empty": [
    [],
    [1]
  ],
  "maybe": [true, false]
}"#
    );
    // Wide enough for the tags, still not for arrays that hold arrays.
    let text = check(&shape(), b"  ", 80);
    assert!(
        text.contains(r#"  "tags": ["a rather long tag", "another long tag", "and a third one"],"#)
    );
    assert!(text.contains("  \"points\": [\n    [0, 0],"));
}

#[test]
fn width_counts_the_whole_line_in_characters() {
    // `  "k": [1, 2]` is 13 characters.
    #[derive(ToJson, Serialize)]
    struct K {
        k: [u8; 2],
    }
    assert_eq!(check(&K { k: [1, 2] }, b"  ", 13), "{\n  \"k\": [1, 2]\n}");
    assert_eq!(
        check(&K { k: [1, 2] }, b"  ", 12),
        "{\n  \"k\": [\n    1,\n    2\n  ]\n}"
    );
    // Non-ASCII text counts one per character, not per byte.
    let words = vec!["é", "ü"];
    assert_eq!(check(&words, b"  ", 10), r#"["é", "ü"]"#);
    assert_eq!(check(&words, b"  ", 9), "[\n  \"é\",\n  \"ü\"\n]");
    // Zero and one: only `[]` could fit, and it is written as ever.
    for width in [0, 1, 2] {
        check(&vec![vec![0u8; 0], vec![1]], b"  ", width);
        check(&(1, 2), b"\t", width);
    }
}

#[test]
fn every_indent() {
    for indent in [&b"  "[..], b"\t", b"    ", b""] {
        for width in [0, 10, 20, 40, 80, 200] {
            check(&shape(), indent, width);
            check(&vec![shape(), shape()], indent, width);
        }
    }
}

#[test]
fn sorted_sets_are_inlined_in_order() {
    let set: HashSet<u32> = (0..12).map(|i| i * 37 % 100).collect();
    let sorted: BTreeSet<u32> = set.iter().copied().collect();
    let options = Options::new().pretty().sort_keys(true).inline_arrays(80);
    let expected = reference(&serde_pretty(&vec![&sorted], b"  "), 80);
    assert_eq!(options.to_string(&vec![&set]).unwrap(), expected);
    assert_eq!(
        expected,
        "[\n  [0, 7, 11, 22, 33, 37, 48, 59, 70, 74, 85, 96]\n]"
    );
}

#[test]
fn streamed_arrays_are_inlined() {
    let formatter = PrettyFormatter::with_indent(b"  ").inline_arrays(30);
    let items = vec![vec![1, 2, 3], vec![4; 20], vec![]];
    let mut out = Vec::new();
    formatter.to_writer_array(&mut out, &items).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        reference(&serde_pretty(&items, b"  "), 30)
    );
    let mut out = Vec::new();
    formatter.to_writer_array(&mut out, [1, 2, 3]).unwrap();
    assert_eq!(out, b"[1, 2, 3]");
}

#[test]
fn streaming_breaks_an_undecided_array_rather_than_hold_it() {
    // With no width limit, every array of scalars is a candidate for one
    // line. In memory it becomes one; streamed, the writer drains before
    // the array is complete, so it is broken and goes out in pieces, in
    // bounded memory.
    let numbers: Vec<u64> = (0..1_000_000).collect();
    let formatter = PrettyFormatter::new().inline_arrays(usize::MAX);
    let in_memory = formatter.to_vec(&numbers[..1000]).unwrap();
    assert!(in_memory.starts_with(b"[0, 1, 2, ") && !in_memory.contains(&b'\n'));

    let mut out = std::io::sink();
    let peak = peak_heap(|| formatter.to_writer(&mut out, &numbers).unwrap());
    assert!(peak < 1 << 20, "to_writer peaked at {peak} bytes");
    let peak = peak_heap(|| {
        formatter
            .to_writer_array(&mut out, 0..2_000_000u64)
            .unwrap()
    });
    assert!(peak < 3 << 20, "to_writer_array peaked at {peak} bytes");

    let mut streamed = Vec::new();
    formatter.to_writer(&mut streamed, &numbers).unwrap();
    assert!(
        streamed == json_runtime::to_vec_pretty(&numbers).unwrap(),
        "streamed output is broken as usual"
    );
}

#[test]
fn default_pretty_output_is_unchanged() {
    let value = shape();
    assert_eq!(
        PrettyFormatter::with_indent(b"  ")
            .to_string(&value)
            .unwrap(),
        serde_pretty(&value, b"  ")
    );
}

mod prop {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use super::check;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i32>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            ".{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                prop::collection::vec(("[a-z\u{e9}]{0,4}", inner), 0..5)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn values_match_the_reference(value in value(), width in 0usize..100, indent in prop_oneof![Just("  "), Just("\t"), Just("")]) {
            check(&value, indent.as_bytes(), width);
        }
    }
}
