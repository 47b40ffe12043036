//! Shared helpers for the json-runtime test suite.
//!
//! Every check encodes one value with json-runtime and with serde_json
//! 1.0.154 and compares the bytes, through every entry point: compact,
//! pretty, pretty with other indents, in memory and streamed.

use std::io;

pub mod heap;
pub mod record;
pub mod stand_ins;

use json_runtime::{PrettyFormatter, ToJson};
use serde::Serialize;

/// Indents tried with `PrettyFormatter::with_indent`, besides the default.
pub const INDENTS: &[&[u8]] = &[b"    ", b"\t", b""];

/// Asserts that json-runtime and serde_json write `value` identically
/// through every entry point.
#[track_caller]
pub fn assert_same<T: ToJson + Serialize + ?Sized>(value: &T) {
    assert_same_as(value, value);
}

/// Asserts that json-runtime writing `ours` gives the bytes serde_json
/// writes for `theirs`, through every entry point. Used where the serde
/// side is a twin type (for example one with `#[serde(...)]` where ours has
/// `#[json(...)]`).
#[track_caller]
pub fn assert_same_as<T: ToJson + ?Sized, S: Serialize + ?Sized>(ours: &T, theirs: &S) {
    let what = std::any::type_name::<T>();

    let compact = serde_json::to_vec(theirs).expect("serde_json::to_vec failed");
    check(
        what,
        "to_vec",
        &json_runtime::to_vec(ours).unwrap(),
        &compact,
    );
    check(
        what,
        "to_string",
        json_runtime::to_string(ours).unwrap().as_bytes(),
        &compact,
    );
    let mut streamed = Vec::new();
    json_runtime::to_writer(&mut streamed, ours).expect("to_writer into a Vec failed");
    check(what, "to_writer", &streamed, &compact);

    let pretty = serde_json::to_vec_pretty(theirs).expect("serde_json::to_vec_pretty failed");
    check(
        what,
        "to_vec_pretty",
        &json_runtime::to_vec_pretty(ours).unwrap(),
        &pretty,
    );
    check(
        what,
        "to_string_pretty",
        json_runtime::to_string_pretty(ours).unwrap().as_bytes(),
        &pretty,
    );
    let mut streamed = Vec::new();
    json_runtime::to_writer_pretty(&mut streamed, ours)
        .expect("to_writer_pretty into a Vec failed");
    check(what, "to_writer_pretty", &streamed, &pretty);

    for indent in INDENTS {
        let expected = serde_pretty_with_indent(theirs, indent);
        let formatter = PrettyFormatter::with_indent(indent);
        let label = format!("PrettyFormatter::with_indent({:?})", show(indent));
        check(
            what,
            &format!("{label}.to_vec"),
            &formatter.to_vec(ours).unwrap(),
            &expected,
        );
        check(
            what,
            &format!("{label}.to_string"),
            formatter.to_string(ours).unwrap().as_bytes(),
            &expected,
        );
        let mut streamed = Vec::new();
        formatter
            .to_writer(&mut streamed, ours)
            .expect("PrettyFormatter::to_writer into a Vec failed");
        check(what, &format!("{label}.to_writer"), &streamed, &expected);
    }
}

/// Asserts that json-runtime writes `value` as `compact`, and that
/// serde_json agrees with it where the type also implements `Serialize`
/// (see [`assert_same`]). Handy to pin down a few exact outputs.
#[track_caller]
pub fn assert_compact<T: ToJson + ?Sized>(value: &T, compact: &str) {
    check(
        std::any::type_name::<T>(),
        "to_vec (vs literal)",
        &json_runtime::to_vec(value).unwrap(),
        compact.as_bytes(),
    );
}

/// serde_json's pretty output with a chosen indent.
pub fn serde_pretty_with_indent<S: Serialize + ?Sized>(value: &S, indent: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    value.serialize(&mut ser).expect("serde_json pretty failed");
    out
}

/// serde_json's compact output, for tests that compare by hand.
pub fn serde_compact<S: Serialize + ?Sized>(value: &S) -> Vec<u8> {
    serde_json::to_vec(value).expect("serde_json::to_vec failed")
}

/// serde_json's pretty output, for tests that compare by hand.
pub fn serde_pretty<S: Serialize + ?Sized>(value: &S) -> Vec<u8> {
    serde_json::to_vec_pretty(value).expect("serde_json::to_vec_pretty failed")
}

/// serde_json's JSON Lines: each item's compact output and `\n`.
pub fn serde_lines<T: Serialize>(items: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    for item in items {
        serde_json::to_writer(&mut out, item).expect("serde_json::to_writer failed");
        out.push(b'\n');
    }
    out
}

/// Bytes as text for messages; invalid UTF-8 is shown lossily.
pub fn show(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[track_caller]
fn check(what: &str, entry: &str, ours: &[u8], expected: &[u8]) {
    if ours != expected {
        panic!(
            "json-runtime differs from serde_json\n  type:   {what}\n  entry:  {entry}\n  ours:   {ours:?}\n  serde:  {expected:?}\n  ours (bytes):  {ours_b:?}\n  serde (bytes): {expected_b:?}",
            ours = show(ours),
            expected = show(expected),
            ours_b = ours,
            expected_b = expected,
        );
    }
}

/// Asserts [`assert_same`] for each expression.
#[macro_export]
macro_rules! same {
    ($($value:expr),+ $(,)?) => {
        $( $crate::assert_same(&$value); )+
    };
}

/// A writer that accepts `limit` bytes in total and then fails every call,
/// recording whether it was called again after its first error.
#[derive(Debug)]
pub struct FailingWriter {
    /// Every byte accepted.
    pub written: Vec<u8>,
    limit: usize,
    /// Set on the first error returned.
    pub failed: bool,
    /// Set when `write` or `flush` is called after an error was returned.
    pub called_after_error: bool,
    /// Number of `write` calls.
    pub writes: usize,
}

impl FailingWriter {
    /// A writer that fails once `limit` bytes were accepted.
    pub fn new(limit: usize) -> Self {
        FailingWriter {
            written: Vec::new(),
            limit,
            failed: false,
            called_after_error: false,
            writes: 0,
        }
    }
}

impl io::Write for FailingWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes += 1;
        if self.failed {
            self.called_after_error = true;
            return Err(io::Error::other("write after error"));
        }
        let room = self.limit - self.written.len();
        if room == 0 {
            self.failed = true;
            return Err(io::Error::other("disk full"));
        }
        let n = room.min(buf.len());
        self.written.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failed {
            self.called_after_error = true;
            return Err(io::Error::other("flush after error"));
        }
        Ok(())
    }
}

/// Accepts nothing: returns `Ok(0)`, which `write_all` turns into
/// `WriteZero`, and counts the calls. Must not be flushed after that.
pub struct AcceptsNothing {
    pub calls: usize,
}

impl io::Write for AcceptsNothing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        Ok(0)
    }
    fn flush(&mut self) -> io::Result<()> {
        panic!("flush called after a failed write");
    }
}

/// A writer that returns `Interrupted` on chosen calls and otherwise
/// accepts at most `max_chunk` bytes per call.
pub struct FlakyWriter {
    /// Every byte accepted.
    pub out: Vec<u8>,
    /// Number of `write` calls, interrupted ones included.
    pub calls: usize,
    interrupt: Box<dyn Fn(usize) -> bool>,
    max_chunk: usize,
    /// Number of calls answered with `Interrupted`.
    pub interruptions: usize,
    /// The longest buffer a `write` call was given.
    pub largest_write: usize,
}

impl FlakyWriter {
    /// Interrupts the calls for which `interrupt` of the call's number
    /// (from 1) is true.
    pub fn new(interrupt: impl Fn(usize) -> bool + 'static, max_chunk: usize) -> Self {
        FlakyWriter {
            out: Vec::new(),
            calls: 0,
            interrupt: Box::new(interrupt),
            max_chunk,
            interruptions: 0,
            largest_write: 0,
        }
    }
}

impl io::Write for FlakyWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        if (self.interrupt)(self.calls) {
            self.interruptions += 1;
            return Err(io::ErrorKind::Interrupted.into());
        }
        self.largest_write = self.largest_write.max(buf.len());
        let n = buf.len().min(self.max_chunk);
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The whole of `file`, read from its start.
pub fn read_back(file: &mut std::fs::File) -> Vec<u8> {
    use std::io::{Read, Seek};
    file.rewind().unwrap();
    let mut out = Vec::new();
    file.read_to_end(&mut out).unwrap();
    out
}

/// The names in `dir`, sorted: what a file test left behind.
pub fn entries(dir: &std::path::Path) -> Vec<std::ffi::OsString> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    names
}

/// Asserts that `dir` holds exactly `names`: no temporary file was left.
#[track_caller]
pub fn assert_only(dir: &std::path::Path, names: &[&str]) {
    let expected: Vec<std::ffi::OsString> = names.iter().map(std::ffi::OsString::from).collect();
    assert_eq!(entries(dir), expected, "files left in {}", dir.display());
}
