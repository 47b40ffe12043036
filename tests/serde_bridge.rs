//! The serde bridge (`json_runtime::Serde`, `JsonWriter::write_serde`)
//! against serde_json 1.0.154: every kind of serde's data model, nested,
//! map keys of every kind, enums in every representation, `Value` and
//! `RawValue`, escape modes, and errors, through every entry point
//! (compact, pretty with several indents, in memory and streamed).

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io;
use std::sync::{Arc, Mutex};

use json_runtime::{Escape, Options, Serde, ToJson};
use json_tests::{assert_same_as, show};
use proptest::prelude::*;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{json, Value};

/// Asserts that the bridge writes `value` as serde_json does, through
/// every entry point.
#[track_caller]
fn same<T: Serialize + ?Sized>(value: &T) {
    assert_same_as(&Serde(value), value);
}

/// `serialize_bytes`, which serde_json writes as an array of numbers.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// A sequence and a map whose length serde is not told up front, as
/// `collect_seq` of a filtering iterator or serde's `flatten` produce.
struct Unsized<T>(Vec<T>);

impl<T: Serialize> Serialize for Unsized<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for item in &self.0 {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}

struct UnsizedMap(Vec<(&'static str, i32)>);

impl Serialize for UnsizedMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// `collect_str`, as `semver::Version` and many others serialize.
struct Shown<T>(T);

impl<T: fmt::Display> Serialize for Shown<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

#[derive(Serialize)]
struct Unit;

#[derive(Serialize)]
struct Newtype(u32);

#[derive(Serialize)]
struct Tuple(i8, &'static str, ());

#[derive(Serialize)]
struct Empty {}

#[derive(Serialize)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    ratio: f64,
    parent: Option<Box<Record>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(rename = "ü\"quoted\"")]
    renamed: bool,
}

fn record(depth: u32) -> Record {
    Record {
        id: u64::from(depth) * 1_000_000_007,
        name: format!("level {depth}: \"quoted\" \\ \u{1} é 😀"),
        tags: (0..depth).map(|i| format!("t{i}")).collect(),
        ratio: f64::from(depth) / 3.0,
        parent: depth.checked_sub(1).map(|d| Box::new(record(d))),
        note: depth.is_multiple_of(2).then(|| "even".to_string()),
        renamed: depth.is_multiple_of(3),
    }
}

#[derive(Serialize)]
enum External {
    Unit,
    Newtype(i32),
    Tuple(i32, String),
    EmptyTuple(),
    Struct { a: i32, b: Vec<u8> },
    EmptyStruct {},
}

#[derive(Serialize)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Newtype(Record),
    Map(BTreeMap<String, i32>),
    Struct { a: i32 },
}

#[derive(Serialize)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(i32),
    Tuple(i32, i32),
    Struct { a: i32 },
}

#[derive(Serialize)]
#[serde(untagged)]
enum Untagged {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { a: i32 },
}

#[derive(Serialize)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    extra: BTreeMap<String, Value>,
    #[serde(flatten)]
    inner: Empty,
}

fn externals() -> Vec<External> {
    vec![
        External::Unit,
        External::Newtype(-1),
        External::Tuple(1, "x".into()),
        External::EmptyTuple(),
        External::Struct { a: 1, b: vec![] },
        External::Struct {
            a: 1,
            b: vec![2, 3],
        },
        External::EmptyStruct {},
    ]
}

#[test]
fn scalars() {
    same(&true);
    same(&false);
    same(&());
    same(&Unit);
    same(&Newtype(7));
    for v in [i8::MIN, -1, 0, i8::MAX] {
        same(&v);
    }
    for v in [i16::MIN, i16::MAX] {
        same(&v);
    }
    for v in [i32::MIN, i32::MAX] {
        same(&v);
    }
    for v in [i64::MIN, -1, 0, i64::MAX] {
        same(&v);
    }
    for v in [i128::MIN, -1, 0, i128::MAX] {
        same(&v);
    }
    for v in [0u8, u8::MAX] {
        same(&v);
    }
    same(&u16::MAX);
    same(&u32::MAX);
    same(&u64::MAX);
    same(&u128::MAX);
    for v in [
        0.0,
        -0.0,
        1.5,
        -1e-300,
        1e300,
        f64::MIN_POSITIVE,
        5e-324,
        f64::MAX,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.1 + 0.2,
    ] {
        same(&v);
    }
    for v in [
        0.0f32,
        -0.0,
        1.1,
        f32::MAX,
        f32::MIN_POSITIVE,
        f32::NAN,
        f32::INFINITY,
    ] {
        same(&v);
    }
    for c in [
        'a', '"', '\\', '\n', '\u{0}', '\u{7f}', 'é', '😀', '\u{2028}',
    ] {
        same(&c);
    }
    same("plain");
    same("");
    same("\"quotes\" \\ back\nslash\t\u{1f} é 😀 </script>");
    same(&Shown(1.5));
    same(&Shown("needs \"escaping\"\n and é"));
    same(&Shown(format_args!("{}-{}", "a", 1)));
}

#[test]
fn bytes_are_arrays_of_numbers() {
    same(&Bytes(&[]));
    same(&Bytes(&[0, 1, 255]));
    same(&vec![Bytes(b"ab"), Bytes(b"")]);
}

#[test]
fn options_sequences_tuples() {
    same(&None::<i32>);
    same(&Some(3));
    same(&Some(Some(())));
    same(&Vec::<i32>::new());
    same(&vec![1, 2, 3]);
    same(&vec![vec![], vec![1], vec![]]);
    same(&(1, "two", 3.0, [4u8; 3], ()));
    same(&Tuple(-1, "x", ()));
    same(&[(); 0]);
    same(&Unsized(Vec::<u8>::new()));
    same(&Unsized(vec![Unsized(vec![1]), Unsized(vec![])]));
}

#[test]
fn maps_and_structs() {
    same(&BTreeMap::<String, i32>::new());
    same(&BTreeMap::from([
        ("a".to_string(), vec![1]),
        ("b".to_string(), vec![]),
    ]));
    same(&Empty {});
    same(&vec![Empty {}, Empty {}]);
    same(&UnsizedMap(vec![]));
    same(&UnsizedMap(vec![("x", 1), ("y", 2)]));
    for depth in 0..5 {
        same(&record(depth));
    }
    same(&Flattened {
        id: 1,
        extra: BTreeMap::from([("k".into(), json!([1, {"n": null}]))]),
        inner: Empty {},
    });
}

#[test]
fn enums_in_every_representation() {
    for e in externals() {
        same(&e);
    }
    same(&externals());
    same(&BTreeMap::from([(1, externals())]));
    for e in [
        Internal::Unit,
        Internal::Newtype(record(1)),
        Internal::Map(BTreeMap::from([("x".into(), 1)])),
        Internal::Map(BTreeMap::new()),
        Internal::Struct { a: 2 },
    ] {
        same(&e);
    }
    for e in [
        Adjacent::Unit,
        Adjacent::Newtype(1),
        Adjacent::Tuple(1, 2),
        Adjacent::Struct { a: 3 },
    ] {
        same(&e);
    }
    for e in [
        Untagged::Unit,
        Untagged::Newtype("n".into()),
        Untagged::Tuple(1, 2),
        Untagged::Struct { a: 3 },
    ] {
        same(&e);
    }
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
enum KeyVariant {
    Alpha,
    #[serde(rename = "bé\"ta")]
    Beta,
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct KeyNewtype(u16);

/// A key type whose `Serialize` impl is chosen per value, so one map can
/// exercise every key kind serde_json accepts.
enum Key {
    Str(&'static str),
    Char(char),
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    I128(i128),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    U128(u128),
    F32(f32),
    F64(f64),
    Variant(KeyVariant),
    Newtype(KeyNewtype),
    Some(&'static str),
    Shown(f64),
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Key::Str(v) => v.serialize(s),
            Key::Char(v) => v.serialize(s),
            Key::Bool(v) => v.serialize(s),
            Key::I8(v) => v.serialize(s),
            Key::I16(v) => v.serialize(s),
            Key::I32(v) => v.serialize(s),
            Key::I64(v) => v.serialize(s),
            Key::I128(v) => v.serialize(s),
            Key::U8(v) => v.serialize(s),
            Key::U16(v) => v.serialize(s),
            Key::U32(v) => v.serialize(s),
            Key::U64(v) => v.serialize(s),
            Key::U128(v) => v.serialize(s),
            Key::F32(v) => v.serialize(s),
            Key::F64(v) => v.serialize(s),
            Key::Variant(v) => v.serialize(s),
            Key::Newtype(v) => v.serialize(s),
            Key::Some(v) => Some(v).serialize(s),
            Key::Shown(v) => s.collect_str(v),
        }
    }
}

/// Entries in the order given, keys of any kind.
struct Entries(Vec<(Key, i32)>);

impl Serialize for Entries {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[test]
fn map_keys_of_every_kind() {
    let entries = Entries(vec![
        (Key::Str("s \"q\" é\n"), 1),
        (Key::Char('c'), 2),
        (Key::Char('"'), 3),
        (Key::Bool(true), 4),
        (Key::Bool(false), 5),
        (Key::I8(i8::MIN), 6),
        (Key::I16(i16::MIN), 7),
        (Key::I32(-1), 8),
        (Key::I64(i64::MIN), 9),
        (Key::I128(i128::MIN), 10),
        (Key::U8(u8::MAX), 11),
        (Key::U16(u16::MAX), 12),
        (Key::U32(u32::MAX), 13),
        (Key::U64(u64::MAX), 14),
        (Key::U128(u128::MAX), 15),
        (Key::F32(1.5), 16),
        (Key::F32(-0.0), 17),
        (Key::F64(1e300), 18),
        (Key::F64(0.1), 19),
        (Key::Variant(KeyVariant::Alpha), 20),
        (Key::Variant(KeyVariant::Beta), 21),
        (Key::Newtype(KeyNewtype(9)), 22),
        (Key::Some("some"), 23),
        (Key::Shown(2.5), 24),
    ]);
    same(&entries);
    same(&BTreeMap::from([
        (KeyVariant::Alpha, 1),
        (KeyVariant::Beta, 2),
    ]));
    same(&BTreeMap::from([(KeyNewtype(1), "a")]));
    same(&BTreeMap::from([(i128::MIN, 1), (0, 2)]));
    same(&BTreeMap::from([(true, 1)]));
    same(&BTreeMap::from([('k', 1)]));
    same(&HashMap::from([(Some(1u8), 1)]));
}

/// Asserts that the bridge rejects `value` with serde_json's message.
#[track_caller]
fn same_error<T: Serialize + ?Sized>(value: &T) {
    let theirs = serde_json::to_vec(value).expect_err("serde_json accepted it");
    let ours = json_runtime::to_vec(&Serde(value)).expect_err("the bridge accepted it");
    assert_eq!(ours.to_string(), theirs.to_string());
    let pretty = serde_json::to_vec_pretty(value).unwrap_err();
    let mut out = Vec::new();
    let streamed = json_runtime::to_writer_pretty(&mut out, &Serde(value)).unwrap_err();
    assert!(streamed.is_data());
    assert_eq!(streamed.to_string(), pretty.to_string());
}

#[test]
fn map_keys_serde_json_rejects() {
    same_error(&BTreeMap::from([(vec![1], 1)]));
    same_error(&BTreeMap::from([((1, 2), 1)]));
    same_error(&BTreeMap::from([((), 1)]));
    same_error(&BTreeMap::from([(None::<u8>, 1)]));
    same_error(&Entries(vec![(Key::F64(f64::NAN), 1)]));
    same_error(&Entries(vec![(Key::F32(f32::INFINITY), 1)]));
    same_error(&Entries(vec![(Key::F64(f64::NEG_INFINITY), 1)]));

    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    enum NotKey {
        New(u8),
        Tuple(u8, u8),
        Struct { a: u8 },
    }
    same_error(&BTreeMap::from([(NotKey::New(1), 1)]));
    same_error(&BTreeMap::from([(NotKey::Tuple(1, 2), 1)]));
    same_error(&BTreeMap::from([(NotKey::Struct { a: 1 }, 1)]));
    same_error(&BTreeMap::from([(KeyOf(Unit), 1)]));
    same_error(&BTreeMap::from([(KeyOf(Bytes(b"k")), 1)]));
    same_error(&BTreeMap::from([(KeyOf(Empty {}), 1)]));
}

/// Any `Serialize` value as a map key, for the rejection tests.
struct KeyOf<T>(T);

impl<T> PartialEq for KeyOf<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<T> Eq for KeyOf<T> {}
impl<T> PartialOrd for KeyOf<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for KeyOf<T> {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}
impl<T: Serialize> Serialize for KeyOf<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

#[test]
fn serde_json_values_and_raw_values() {
    let value = json!({
        "null": null,
        "bool": [true, false],
        "numbers": [0, -1, u64::MAX, i64::MIN, 1.5, -0.0, 1e-7],
        "string": "\"é\"\n\u{0}😀",
        "empty": {"a": [], "o": {}},
        "nested": [[[{"deep": [1, [2, [3]]]}]]],
    });
    same(&value);
    same(&Value::Null);
    same(&json!([]));
    same(&json!({}));

    #[derive(Serialize)]
    struct WithRaw<'a> {
        before: u8,
        #[serde(borrow)]
        raw: &'a RawValue,
        boxed: Box<RawValue>,
        list: Vec<Box<RawValue>>,
    }
    let raw = RawValue::from_string(" { \"a\" : [1, 2] } ".into()).unwrap();
    let with = WithRaw {
        before: 1,
        raw: &raw,
        boxed: RawValue::from_string("\"s\"".into()).unwrap(),
        list: vec![RawValue::from_string("[ ]".into()).unwrap()],
    };
    same(&with);
    same(&*raw);
}

/// Each escape mode gives the same bytes through the bridge as through
/// the native `ToJson` impls, which `tests/escape_modes.rs` compares with
/// a reference serde_json formatter.
#[test]
fn escape_modes_apply_to_strings_and_map_keys() {
    let value = json!({
        "é <key> & 'q'": ["</script>", "é😀", "\u{2028}\u{2029}", "\"\\\n"],
        "plain": {"ü": "<b>"},
    });
    #[derive(Serialize, ToJson)]
    struct Derived {
        text: String,
        map: BTreeMap<String, String>,
        list: Vec<char>,
    }
    let derived = Derived {
        text: "<a href='x'>é😀</a>\u{2028}".into(),
        map: BTreeMap::from([("<k>é".into(), "&v'".into())]),
        list: vec!['<', 'é', '😀', '\''],
    };
    for mode in [Escape::Default, Escape::Ascii, Escape::HtmlSafe] {
        for options in [
            Options::new().escape(mode),
            Options::new().escape(mode).pretty(),
            Options::new().escape(mode).indent(b"\t"),
        ] {
            let native = options.to_vec(&value).unwrap();
            assert_eq!(
                show(&options.to_vec(&Serde(&value)).unwrap()),
                show(&native),
                "{mode:?}"
            );
            let mut streamed = Vec::new();
            options.to_writer(&mut streamed, &Serde(&value)).unwrap();
            assert_eq!(show(&streamed), show(&native), "{mode:?}");
            assert_eq!(
                show(&options.to_vec(&Serde(&derived)).unwrap()),
                show(&options.to_vec(&derived).unwrap()),
                "{mode:?}"
            );
        }
    }
    assert_eq!(
        Options::new()
            .escape(Escape::Ascii)
            .to_string(&Serde(&value["plain"]))
            .unwrap(),
        r#"{"\u00fc":"<b>"}"#
    );
}

/// A value that fails with a custom error once `fail_at` of its elements
/// were written.
struct FailsAt {
    len: usize,
    fail_at: usize,
}

impl Serialize for FailsAt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len))?;
        for i in 0..self.len {
            if i == self.fail_at {
                return Err(serde::ser::Error::custom(format_args!(
                    "element {i} failed"
                )));
            }
            seq.serialize_element(&format!("element number {i:>8}"))?;
        }
        seq.end()
    }
}

/// Records what reaches it and whether anything came after `mark`.
#[derive(Default)]
struct Sink {
    bytes: Vec<u8>,
    flushes: Cell<usize>,
}

impl io::Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        self.flushes.set(self.flushes.get() + 1);
        Ok(())
    }
}

#[track_caller]
fn assert_serde_error(error: &json_runtime::Error, message: &str) {
    assert!(error.is_data(), "{error:?}");
    assert_eq!(error.io_error_kind(), None);
    assert_eq!(error.to_string(), message);
}

#[test]
fn custom_errors_in_memory() {
    let small = FailsAt { len: 3, fail_at: 1 };
    let error = json_runtime::to_vec(&Serde(&small)).unwrap_err();
    assert_eq!(error.to_string(), "element 1 failed");
    assert_eq!(
        error.to_string(),
        serde_json::to_vec(&small).unwrap_err().to_string()
    );
    assert_eq!(
        json_runtime::to_string(&vec![Serde(&small)])
            .unwrap_err()
            .to_string(),
        error.to_string()
    );
    let ok = FailsAt { len: 3, fail_at: 9 };
    assert_eq!(
        json_runtime::to_string(&Serde(&ok)).unwrap(),
        serde_json::to_string(&ok).unwrap()
    );

    // Every in-memory entry point returns it; none panics.
    for result in [
        json_runtime::to_string(&Serde(&small)),
        json_runtime::to_string_pretty(&Serde(&small)),
        Options::new()
            .escape(Escape::Ascii)
            .to_string(&Serde(&small)),
    ] {
        assert_eq!(result.unwrap_err().to_string(), "element 1 failed");
    }
}

#[test]
fn poisoned_mutex_is_an_error_as_in_serde_json() {
    let shared = Arc::new(Mutex::new(vec![1, 2]));
    same(&*shared);
    let clone = Arc::clone(&shared);
    let _ = std::thread::spawn(move || {
        let _guard = clone.lock().unwrap();
        panic!("poison the mutex on purpose");
    })
    .join();
    same_error(&*shared);
}

/// An error after the writer drained to its sink: the sink keeps what
/// came before, receives nothing after, is not flushed, and the error is
/// returned as `InvalidData` holding the serde error.
#[test]
fn streaming_stops_at_the_error() {
    // 27 bytes per element: about 1.3 MB before the failure, past several
    // drains of `to_writer`'s buffer.
    let value = FailsAt {
        len: 60_000,
        fail_at: 50_000,
    };
    let expected_prefix = {
        let ok = FailsAt {
            len: 50_000,
            fail_at: usize::MAX,
        };
        serde_json::to_vec(&ok).unwrap()
    };
    let mut sink = Sink::default();
    let error = json_runtime::to_writer(&mut sink, &Serde(&value)).unwrap_err();
    assert_serde_error(&error, "element 50000 failed");
    assert!(
        !sink.bytes.is_empty(),
        "the buffer drained before the error"
    );
    assert!(sink.bytes.len() < expected_prefix.len());
    assert_eq!(
        show(&sink.bytes),
        show(&expected_prefix[..sink.bytes.len()])
    );
    assert_eq!(sink.flushes.get(), 0);

    // The same through a derived struct holding it, after other fields.
    #[derive(ToJson)]
    struct Holder<'a> {
        name: &'a str,
        items: Serde<&'a FailsAt>,
        after: Vec<u32>,
    }
    let holder = Holder {
        name: "h",
        items: Serde(&value),
        after: vec![1; 100_000],
    };
    let mut sink = Sink::default();
    let error = json_runtime::to_writer_pretty(&mut sink, &holder).unwrap_err();
    assert_serde_error(&error, "element 50000 failed");
    assert!(sink
        .bytes
        .starts_with(b"{\n  \"name\": \"h\",\n  \"items\": [\n"));
    assert!(!show(&sink.bytes).contains("\"after\""));

    // Sequences and JSON Lines, and `Options`.
    let items = (0..10).map(|i| {
        Serde(FailsAt {
            len: 2,
            fail_at: if i == 7 { 0 } else { 9 },
        })
    });
    let error = json_runtime::Options::new()
        .to_writer_array(Sink::default(), items.clone())
        .unwrap_err();
    assert_serde_error(&error, "element 0 failed");
    let error = json_runtime::Options::new()
        .to_writer_lines(Sink::default(), items)
        .unwrap_err();
    assert_serde_error(&error, "element 0 failed");
    let error = Options::new()
        .escape(Escape::HtmlSafe)
        .to_writer(Sink::default(), &Serde(&value))
        .unwrap_err();
    assert_serde_error(&error, "element 50000 failed");
}

#[test]
fn an_io_error_before_the_serde_error_wins() {
    let value = FailsAt {
        len: 60_000,
        fail_at: 50_000,
    };
    let mut writer = json_tests::FailingWriter::new(1000);
    let error = json_runtime::to_writer(&mut writer, &Serde(&value)).unwrap_err();
    assert_eq!(error.to_string(), "disk full");
    assert!(!writer.called_after_error);
}

#[test]
fn write_file_leaves_the_old_file_on_a_serde_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.json");
    std::fs::write(&path, b"old").unwrap();
    let value = FailsAt { len: 5, fail_at: 3 };
    let error = json_runtime::write_file(&path, &Serde(&value)).unwrap_err();
    assert!(error.is_data());
    assert!(error.to_string().contains("element 3 failed"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn nothing_is_written_after_an_error_in_memory_either() {
    // The first error is kept; a later value written through serde is
    // skipped rather than run.
    struct Counts<'a>(&'a Cell<u32>);
    impl Serialize for Counts<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.0.set(self.0.get() + 1);
            s.serialize_unit()
        }
    }
    let calls = Cell::new(0);
    let value = (Serde(FailsAt { len: 1, fail_at: 0 }), Serde(Counts(&calls)));
    let error = json_runtime::to_vec(&value).unwrap_err();
    assert_eq!(error.to_string(), "element 0 failed");
    assert_eq!(calls.get(), 0);
}

#[test]
fn structs_with_skipped_fields_report_their_length() {
    // serde_derive passes the count of fields it will write; a struct
    // whose fields are all skipped is `{}` in pretty layout too.
    #[derive(Serialize)]
    struct AllSkipped {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
    }
    same(&AllSkipped { a: None });
    same(&vec![AllSkipped { a: None }, AllSkipped { a: Some(1) }]);

    /// A map that claims more entries than it writes, as serde_json's
    /// pretty layout has to handle.
    struct Liar;
    impl Serialize for Liar {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Liar", 3)?;
            st.skip_field("a")?;
            st.end()
        }
    }
    same(&Liar);
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".*".prop_map(Value::String),
        "[a-z\"\\\\é😀<>&'\u{0}-\u{1f}]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((".{0,6}", inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Random `serde_json::Value`s through the bridge: serde_json's bytes
    /// in every layout and entry point, and the native `Value` impl's
    /// bytes in every escape mode.
    #[test]
    fn random_values_match_serde_json(value in arb_value()) {
        same(&value);
        for mode in [Escape::Ascii, Escape::HtmlSafe] {
            let options = Options::new().escape(mode).indent(b" ");
            prop_assert_eq!(options.to_vec(&Serde(&value)).unwrap(), options.to_vec(&value).unwrap());
        }
    }
}

/// serde_json's `Number` under its `arbitrary_precision` feature is a
/// struct named by a private token holding the digits, which serde_json
/// then writes as they are. The workspace's serde_json is built without
/// that feature, so the token is emitted by hand here, as that `Number`
/// emits it.
#[test]
fn arbitrary_precision_number_token_is_written_verbatim() {
    struct Digits(&'static str);
    impl Serialize for Digits {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            const TOKEN: &str = "$serde_json::private::Number";
            let mut st = s.serialize_struct(TOKEN, 1)?;
            st.serialize_field(TOKEN, self.0)?;
            st.end()
        }
    }
    let value = vec![Digits("1.0e400"), Digits("123456789012345678901234567890")];
    assert_eq!(
        json_runtime::to_string(&Serde(&value)).unwrap(),
        "[1.0e400,123456789012345678901234567890]"
    );
    assert_eq!(
        json_runtime::to_string_pretty(&Serde(&value)).unwrap(),
        "[\n  1.0e400,\n  123456789012345678901234567890\n]"
    );
}
