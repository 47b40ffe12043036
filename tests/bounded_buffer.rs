//! `to_writer` and the other streaming entry points never hold more than
//! 512 KiB of output, whatever the value: long strings (escaped or not, in
//! every escape mode), long raw JSON, long map keys, many long fields in
//! one struct, compact and pretty. A counting global allocator measures the
//! peak heap of each write, and a writer compares the bytes with
//! serde_json's as they arrive, without holding them.
//!
//! This binary has a single test so that no other test thread allocates
//! while the peak is measured.

use std::collections::BTreeMap;
use std::io::{self, Write};

use json_runtime::{Escape, Options, RawJson, ToJson};

use json_tests::heap::peak_during;

#[global_allocator]
static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;

/// The documented bound: the output buffer never passes 512 KiB. The
/// margin is for the few small allocations around it (the pretty layout's
/// cached indentation, a `Box` or two in the writer set-up).
const BOUND: usize = 512 * 1024;
const MARGIN: usize = 4 * 1024;

/// Checks each byte written against the expected output as it arrives.
struct Compare<'a> {
    expected: &'a [u8],
    at: usize,
    largest_write: usize,
}

impl Write for Compare<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let end = self.at + buf.len();
        assert!(end <= self.expected.len(), "more output than expected");
        assert!(
            buf == &self.expected[self.at..end],
            "output differs from byte {}",
            self.at
        );
        self.at = end;
        self.largest_write = self.largest_write.max(buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Streams with `write` into a comparing writer, asserts the bytes equal
/// `expected` and the peak heap stays within the bound, and returns the
/// peak.
fn check(
    what: &str,
    expected: &[u8],
    write: impl FnOnce(&mut Compare<'_>) -> Result<(), json_runtime::Error>,
) {
    let mut out = Compare {
        expected,
        at: 0,
        largest_write: 0,
    };
    let peak = peak_during(|| write(&mut out).unwrap());
    assert_eq!(out.at, expected.len(), "{what}: output ended early");
    eprintln!(
        "{what}: {} bytes out, peak heap {peak} bytes, largest write {}",
        expected.len(),
        out.largest_write
    );
    assert!(
        peak <= BOUND + MARGIN,
        "{what}: peak heap {peak} bytes for {} bytes of output",
        expected.len()
    );
    assert!(
        out.largest_write <= BOUND,
        "{what}: a write of {}",
        out.largest_write
    );
}

#[derive(serde::Serialize, ToJson)]
struct ThreeLong {
    a: String,
    b: String,
    id: u32,
    c: String,
}

/// A struct with many fields of medium strings, none long on its own:
/// 26 × 60 KiB between two sequence elements.
#[derive(serde::Serialize, ToJson)]
struct Wide {
    a: String,
    b: String,
    c: String,
    d: String,
    e: String,
    f: String,
    g: String,
    h: String,
    i: String,
    j: String,
    k: String,
    l: String,
    m: String,
    n: String,
    o: String,
    p: String,
    q: String,
    r: String,
    s: String,
    t: String,
    u: String,
    v: String,
    w: String,
    x: String,
    y: String,
    z: String,
}

const MB: usize = 1_000_000;

#[test]
fn output_buffer_stays_under_512_kib_for_any_value() {
    // A 5 MB string of plain text (ten times the bound; 50 MB behaves the
    // same, only slower), then one where every character needs an escape
    // (up to six bytes out per byte in), then multi-byte text whose pieces
    // must be cut between characters.
    let plain = "abcdefghij".repeat(MB / 2);
    let expected = serde_json::to_vec(&plain).unwrap();
    check("5 MB string", &expected, |w| {
        json_runtime::to_writer(w, &plain)
    });
    check("5 MB string, pretty", &expected, |w| {
        json_runtime::to_writer_pretty(w, &plain)
    });

    let controls = "\u{1}\"\n".repeat(MB / 2);
    let expected = serde_json::to_vec(&controls).unwrap();
    assert!(expected.len() > 5 * MB);
    check("1.5 MB of escapes", &expected, |w| {
        json_runtime::to_writer(w, &controls)
    });

    let wide_chars = "é中😀".repeat(MB / 4);
    let expected = serde_json::to_vec(&wide_chars).unwrap();
    check("2.25 MB of multi-byte text", &expected, |w| {
        json_runtime::to_writer(w, &wide_chars)
    });
    // Escape::Ascii writes each of them as \uXXXX (12 bytes for the emoji).
    let ascii = Options::new()
        .escape(Escape::Ascii)
        .to_vec(&wide_chars[..9])
        .unwrap();
    assert_eq!(ascii, br#""\u00e9\u4e2d\ud83d\ude00""#);
    let mut expected = Vec::with_capacity(6 * MB);
    expected.push(b'"');
    for _ in 0..MB / 4 {
        expected.extend_from_slice(&ascii[1..ascii.len() - 1]);
    }
    expected.push(b'"');
    check("Escape::Ascii, 2.25 MB in", &expected, |w| {
        Options::new()
            .escape(Escape::Ascii)
            .to_writer(w, &wide_chars)
    });
    drop((controls, wide_chars, expected));

    // Three long fields of one struct, no sequence in between.
    let three = ThreeLong {
        a: plain.clone(),
        b: "x".repeat(2 * MB),
        id: 7,
        c: plain[..3 * MB].to_owned(),
    };
    let expected = serde_json::to_vec(&three).unwrap();
    check("struct of three long strings", &expected, |w| {
        json_runtime::to_writer(w, &three)
    });
    let expected = serde_json::to_vec_pretty(&three).unwrap();
    check("struct of three long strings, pretty", &expected, |w| {
        json_runtime::to_writer_pretty(w, &three)
    });
    drop((three, expected));

    // Many medium fields.
    let medium = "m".repeat(60 * 1024);
    let wide = Wide {
        a: medium.clone(),
        b: medium.clone(),
        c: medium.clone(),
        d: medium.clone(),
        e: medium.clone(),
        f: medium.clone(),
        g: medium.clone(),
        h: medium.clone(),
        i: medium.clone(),
        j: medium.clone(),
        k: medium.clone(),
        l: medium.clone(),
        m: medium.clone(),
        n: medium.clone(),
        o: medium.clone(),
        p: medium.clone(),
        q: medium.clone(),
        r: medium.clone(),
        s: medium.clone(),
        t: medium.clone(),
        u: medium.clone(),
        v: medium.clone(),
        w: medium.clone(),
        x: medium.clone(),
        y: medium.clone(),
        z: medium,
    };
    let expected = serde_json::to_vec(&wide).unwrap();
    check("struct of 26 × 60 KiB strings", &expected, |w| {
        json_runtime::to_writer(w, &wide)
    });
    drop((wide, expected));

    // A long key.
    let map = BTreeMap::from([(plain.clone(), 1), ("k".to_owned(), 2)]);
    let expected = serde_json::to_vec(&map).unwrap();
    check("map with a 5 MB key", &expected, |w| {
        json_runtime::to_writer(w, &map)
    });
    drop((map, expected));

    // Long raw JSON, in a value, an array and JSON Lines.
    let raw_text = format!("[{}]", vec!["1.5"; MB].join(","));
    let raw = RawJson::from_string(raw_text).unwrap();
    let serde_raw = serde_json::value::RawValue::from_string(raw.get().to_owned()).unwrap();
    let expected = serde_json::to_vec(&[&serde_raw]).unwrap();
    check("4 MB RawJson", &expected, |w| {
        json_runtime::to_writer(w, &[&*raw])
    });
    check("4 MB RawJson in to_writer_array", &expected, |w| {
        json_runtime::Options::new().to_writer_array(w, [&*raw])
    });
    let mut expected = serde_json::to_vec(&serde_raw).unwrap();
    expected.push(b'\n');
    check("4 MB RawJson in JSON Lines", &expected, |w| {
        json_runtime::Options::new().to_writer_lines(w, [&*raw])
    });
    drop((raw, serde_raw, expected));

    // Long strings as elements of the streamed sequences.
    let items = [&plain[..10], &plain, &plain[..100]];
    let expected = serde_json::to_vec(&items).unwrap();
    check("to_writer_array of long strings", &expected, |w| {
        json_runtime::Options::new().to_writer_array(w, items)
    });
    let expected = serde_json::to_vec_pretty(&items).unwrap();
    check("to_writer_array_pretty of long strings", &expected, |w| {
        json_runtime::Options::new()
            .pretty()
            .to_writer_array(w, items)
    });
    let mut expected = Vec::new();
    for item in items {
        expected.extend(serde_json::to_vec(item).unwrap());
        expected.push(b'\n');
    }
    check("to_writer_lines of long strings", &expected, |w| {
        json_runtime::Options::new().to_writer_lines(w, items)
    });

    // A file: the same bound around the temporary file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.json");
    let peak = peak_during(|| json_runtime::write_file(&path, &plain).unwrap());
    eprintln!("write_file of a 5 MB string: peak heap {peak} bytes");
    assert!(peak <= BOUND + MARGIN, "write_file: peak heap {peak} bytes");
    assert!(std::fs::read(&path).unwrap() == serde_json::to_vec(&plain).unwrap());

    // The measure itself is sound: in memory the whole string is held.
    let peak = peak_during(|| {
        std::hint::black_box(json_runtime::to_vec(&plain).unwrap());
    });
    assert!(peak > 5 * MB, "to_vec counted only {peak} bytes");
}
