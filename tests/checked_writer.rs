//! The checked writer API for hand-written impls (`object`, `array`,
//! `value`, `entries`), the structure checks of debug builds, and `dyn`
//! values through `DynToJson`.
//!
//! Each hand-written `ToJson` impl here has a hand-written `Serialize` twin
//! (`serialize_map`, `serialize_seq`), and both must write the same bytes
//! through every entry point.

use std::collections::BTreeMap;

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{
    DynToJson, Escape, Format, JsonWriter, Options, PrettyFormatter, ToJson, ToJsonFields,
    ValueWriter, Written,
};
use json_tests::assert_same_as;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

// ------------------------------------------------------ the checked API

/// A record with keys that need escaping, nested values and an optional
/// entry.
struct Record {
    name: String,
    tags: Vec<&'static str>,
    scores: BTreeMap<u32, f64>,
    note: Option<String>,
    nested: Vec<Point>,
}

struct Point {
    x: i32,
    y: i32,
}

impl ToJson for Point {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.array(|a| {
            a.element(&self.x).element(&self.y);
        })
    }
}

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(2))?;
        seq.serialize_element(&self.x)?;
        seq.serialize_element(&self.y)?;
        seq.end()
    }
}

impl ToJson for Record {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.object(|o| {
            o.field("name", &self.name);
            o.field("tags \"quoted\"\n\u{1}é", &self.tags);
            o.field_with("scores", |w| {
                w.object(|o| {
                    for (player, score) in &self.scores {
                        o.entry(player, score);
                    }
                })
            });
            if let Some(note) = &self.note {
                o.field("note", note);
            }
            o.field_with("empty object", |w| w.object(|_| {}));
            o.field_with("empty array", |w| w.array(|_| {}));
            o.field("nested", &self.nested);
            o.field_with("count", |w| w.value(&self.nested.len()));
            o.field_with("null", |w| w.write_null());
        })
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("tags \"quoted\"\n\u{1}é", &self.tags)?;
        map.serialize_entry("scores", &self.scores)?;
        if let Some(note) = &self.note {
            map.serialize_entry("note", note)?;
        }
        map.serialize_entry("empty object", &BTreeMap::<String, i32>::new())?;
        map.serialize_entry("empty array", &Vec::<i32>::new())?;
        map.serialize_entry("nested", &self.nested)?;
        map.serialize_entry("count", &self.nested.len())?;
        map.serialize_entry("null", &())?;
        map.end()
    }
}

fn record(note: Option<&str>) -> Record {
    Record {
        name: "ann</script>".into(),
        tags: vec!["a", "b\tc"],
        scores: BTreeMap::from([(7, 1.5), (10, -0.0)]),
        note: note.map(Into::into),
        nested: vec![Point { x: 1, y: -2 }, Point { x: 3, y: 4 }],
    }
}

#[test]
fn object_and_array_match_serialize_map_and_seq() {
    assert_same_as(&record(None), &record(None));
    assert_same_as(&record(Some("n")), &record(Some("n")));
    let both = || vec![record(None), record(Some("x"))];
    assert_same_as(&both(), &both());
    assert_same_as(&Point { x: 0, y: 0 }, &Point { x: 0, y: 0 });
}

/// An empty object and array, alone: `{}` and `[]` in every layout.
struct Empty<const OBJECT: bool>;

impl<const OBJECT: bool> ToJson for Empty<OBJECT> {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        if OBJECT {
            w.object(|_| {})
        } else {
            w.array(|_| {})
        }
    }
}

impl<const OBJECT: bool> Serialize for Empty<OBJECT> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if OBJECT {
            s.serialize_map(Some(0))?.end()
        } else {
            s.serialize_seq(Some(0))?.end()
        }
    }
}

#[test]
fn empty_containers_match() {
    assert_same_as(&Empty::<true>, &Empty::<true>);
    assert_same_as(&Empty::<false>, &Empty::<false>);
    assert_same_as(&[Empty::<true>], &[Empty::<true>]);
}

/// The same shape as `Record`'s first entries, derived, to compare with
/// under the options serde_json does not have.
#[derive(ToJson)]
struct Derived {
    name: String,
    #[json(rename = "tags \"quoted\"\n\u{1}é")]
    tags: Vec<&'static str>,
    scores: BTreeMap<u32, f64>,
    #[json(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[json(rename = "empty object")]
    empty_object: BTreeMap<String, i32>,
    #[json(rename = "empty array")]
    empty_array: Vec<i32>,
    nested: Vec<Point>,
    count: usize,
    null: (),
}

fn derived(note: Option<&str>) -> Derived {
    let r = record(note);
    Derived {
        name: r.name,
        tags: r.tags,
        scores: r.scores,
        note: r.note,
        empty_object: BTreeMap::new(),
        empty_array: Vec::new(),
        count: r.nested.len(),
        nested: r.nested,
        null: (),
    }
}

#[test]
fn options_apply_to_hand_written_impls() {
    for note in [None, Some("n")] {
        let (ours, twin) = (record(note), derived(note));
        let options = Options::new().sort_keys(true);
        assert_eq!(
            options.to_vec(&ours).unwrap(),
            options.to_vec(&twin).unwrap()
        );
        assert_eq!(
            options.pretty().to_vec(&ours).unwrap(),
            options.pretty().to_vec(&twin).unwrap()
        );
        let inline = PrettyFormatter::new().inline_arrays(40);
        let inlined = inline.to_string(&ours).unwrap();
        assert_eq!(inlined, inline.to_string(&twin).unwrap());
        assert!(inlined.contains("[1, -2]"), "{inlined}");
        // Canonical output sorts the hand-written object's keys too.
        let canonical = json_runtime::Options::new()
            .canonical()
            .to_string(&ours)
            .unwrap();
        assert_eq!(
            canonical,
            json_runtime::Options::new()
                .canonical()
                .to_string(&twin)
                .unwrap()
        );
        let sorted: serde_json::Value = serde_json::from_str(&canonical).unwrap();
        assert_eq!(canonical, serde_json::to_string(&sorted).unwrap());
    }
}

/// Keys escaped at run time follow the escape mode, as map keys do (the
/// derive's keys are literals, written as declared).
struct Keys(Vec<&'static str>);

impl ToJson for Keys {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.object(|o| {
            for key in &self.0 {
                o.field(key, key);
            }
        })
    }
}

#[test]
fn keys_follow_the_escape_mode() {
    let keys = vec!["é", "</script>", "a&b", "\u{2028}", "😀", "\"\n", "plain"];
    let map: indexmap::IndexMap<&str, &str> = keys.iter().map(|k| (*k, *k)).collect();
    for escape in [Escape::Default, Escape::Ascii, Escape::HtmlSafe] {
        let options = Options::new().escape(escape);
        let ours = options.to_string(&Keys(keys.clone())).unwrap();
        assert_eq!(ours, options.to_string(&map).unwrap(), "{escape:?}");
        assert_eq!(
            options.pretty().to_string(&Keys(keys.clone())).unwrap(),
            options.pretty().to_string(&map).unwrap()
        );
        if escape == Escape::Ascii {
            assert!(ours.is_ascii(), "{ours}");
        }
    }
    assert_same_as(&Keys(keys.clone()), &map);
}

#[test]
fn canonical_reports_duplicate_hand_written_keys() {
    struct Twice;
    impl ToJson for Twice {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            w.object(|o| {
                o.field("a", &1).field("a", &2);
            })
        }
    }
    let error = json_runtime::Options::new()
        .canonical()
        .to_vec(&Twice)
        .unwrap_err();
    assert!(error.to_string().contains("\"a\""), "{error}");
}

/// Entries joined into an enclosing object, as a flattened field.
struct Extra {
    level: u8,
}

impl ToJsonFields for Extra {
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        w.entries(first, |o| {
            o.field("level", &self.level).field("ok", &true);
        });
    }
}

#[derive(ToJson)]
struct WithExtra {
    id: u32,
    #[json(flatten)]
    extra: Extra,
}

#[derive(ToJson)]
struct OnlyExtra {
    #[json(flatten)]
    extra: Extra,
}

#[derive(Serialize)]
struct WithExtraTwin {
    id: u32,
    level: u8,
    ok: bool,
}

#[derive(Serialize)]
struct OnlyExtraTwin {
    level: u8,
    ok: bool,
}

#[test]
fn entries_join_the_enclosing_object() {
    assert_same_as(
        &WithExtra {
            id: 1,
            extra: Extra { level: 3 },
        },
        &WithExtraTwin {
            id: 1,
            level: 3,
            ok: true,
        },
    );
    assert_same_as(
        &OnlyExtra {
            extra: Extra { level: 3 },
        },
        &OnlyExtraTwin { level: 3, ok: true },
    );
}

// -------------------------------------------------------- dyn values

#[derive(ToJson, Serialize)]
struct Circle {
    radius: f64,
}

#[derive(ToJson, Serialize)]
#[serde(tag = "kind")]
enum Shape {
    Square { side: u32 },
}

/// serde's side of the boxed values: a tuple writes the same array.
type Twin = (Circle, Shape, &'static str, Option<i32>, Vec<u8>);

fn twin() -> Twin {
    (
        Circle { radius: 1.5 },
        Shape::Square { side: 2 },
        "a\"b",
        None,
        vec![1, 2],
    )
}

#[test]
fn boxed_dyn_values_match_serde() {
    let values: Vec<Box<dyn DynToJson>> = vec![
        Box::new(Circle { radius: 1.5 }),
        Box::new(Shape::Square { side: 2 }),
        Box::new("a\"b"),
        Box::new(None::<i32>),
        Box::new(vec![1u8, 2]),
    ];
    assert_same_as(&values, &twin());

    let shared: Vec<Box<dyn DynToJson + Send + Sync>> = vec![
        Box::new(Circle { radius: 1.5 }),
        Box::new(Shape::Square { side: 2 }),
        Box::new("a\"b"),
        Box::new(None::<i32>),
        Box::new(vec![1u8, 2]),
    ];
    assert_same_as(&shared, &twin());
    let send: &dyn DynToJson = &Circle { radius: 1.5 };
    assert_same_as(send, &Circle { radius: 1.5 });
    let send: Box<dyn DynToJson + Send> = Box::new(3);
    assert_same_as(&send, &3);
    let sync: &(dyn DynToJson + Sync) = &[1, 2];
    assert_same_as(sync, &[1, 2]);

    // In maps and canonical output too.
    let map: BTreeMap<&str, Box<dyn DynToJson>> = BTreeMap::from([
        ("b", Box::new(1) as Box<dyn DynToJson>),
        ("a", Box::new("x")),
    ]);
    assert_eq!(json_runtime::to_string(&map).unwrap(), r#"{"a":"x","b":1}"#);
    let canonical: Box<dyn DynToJson> = Box::new(derived(None));
    assert_eq!(
        json_runtime::Options::new()
            .canonical()
            .to_string(&canonical)
            .unwrap(),
        json_runtime::Options::new()
            .canonical()
            .to_string(&derived(None))
            .unwrap(),
    );
}

/// A hand-written impl that writes a `dyn` value in a field.
struct Holder {
    inner: Box<dyn DynToJson>,
}

impl ToJson for Holder {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        w.object(|o| {
            o.field("inner", &self.inner);
        })
    }
}

#[test]
fn dyn_values_in_hand_written_impls() {
    let holder = Holder {
        inner: Box::new(Circle { radius: 2.0 }),
    };
    assert_same_as(
        &holder,
        &BTreeMap::from([("inner", Circle { radius: 2.0 })]),
    );
}

// ------------------------------------------ the checks of debug builds

#[derive(ToJson)]
struct Outer<T> {
    before: u8,
    field: T,
}

#[cfg(debug_assertions)]
mod debug_checks {
    use super::*;

    /// A `#[json(serialize_with)]` function that forgets its value. Only
    /// the derive's private protocol can make a `Written` without writing
    /// one; a hand-written impl cannot (see `tests/ui/write_json_*.rs`).
    fn writes_nothing<F: Format>(_: &u8, w: ValueWriter<'_, '_, F>) -> Written {
        w.into_writer().written()
    }

    #[derive(ToJson)]
    struct WithEmptyFn {
        #[json(serialize_with = "writes_nothing")]
        a: u8,
        b: u8,
    }

    #[test]
    #[should_panic(
        expected = "`checked_writer::debug_checks::WithEmptyFn` wrote an object key with no value after it"
    )]
    fn serialize_with_function_that_writes_nothing() {
        let _ = json_runtime::to_vec(&WithEmptyFn { a: 1, b: 2 });
    }

    /// Writes nothing at all: `{"x":}` or `[,]` without the checks.
    struct WritesNothing;

    impl ToJson for WritesNothing {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            w.into_writer().written()
        }
    }

    /// Writes two values: `{"x":12}` without the checks.
    struct WritesTwo;

    impl ToJson for WritesTwo {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            let w = w.into_writer();
            w.value_writer().value(&1);
            w.value_writer().value(&2);
            w.written()
        }
    }

    /// A key literal without its `{`: `"a":1` without the checks.
    struct KeyWithoutBrace;

    impl ToJson for KeyWithoutBrace {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            let w = w.into_writer();
            w.key(",\"a\":");
            w.value_writer().value(&1);
            w.end_object();
            w.written()
        }
    }

    /// A key literal that is not one: `"a":1}`.
    struct BareKey;

    impl ToJson for BareKey {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            let w = w.into_writer();
            w.key("\"a\":");
            w.value_writer().value(&1);
            w.end_object();
            w.written()
        }
    }

    /// A forgotten `end_object`: `{"a":1` without the checks.
    struct Unclosed;

    impl ToJson for Unclosed {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            let w = w.into_writer();
            w.key("{\"a\":");
            w.value_writer().value(&1);
            w.written()
        }
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesNothing` wrote no value")]
    fn empty_write_json_in_a_struct_field() {
        let _ = json_runtime::to_vec(&Outer {
            before: 1,
            field: WritesNothing,
        });
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesNothing` wrote no value")]
    fn empty_write_json_in_a_vec() {
        let _ = json_runtime::to_vec(&vec![WritesNothing]);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesNothing` wrote no value")]
    fn empty_write_json_at_the_top_streamed() {
        let _ = json_runtime::to_writer(Vec::new(), &WritesNothing);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesNothing` wrote no value")]
    fn empty_write_json_in_a_checked_field() {
        struct Wrapper;
        impl ToJson for Wrapper {
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                w.object(|o| {
                    o.field("x", &WritesNothing);
                })
            }
        }
        let _ = json_runtime::to_vec_pretty(&Wrapper);
    }

    #[test]
    #[should_panic(expected = "{{closure}}` wrote no value")]
    fn empty_field_with_closure() {
        struct Wrapper;
        impl ToJson for Wrapper {
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                w.object(|o| {
                    o.field_with("x", |w| w.into_writer().written());
                })
            }
        }
        let _ = json_runtime::to_vec(&Wrapper);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesTwo` wrote 2 values")]
    fn two_values_in_an_element() {
        let _ = json_runtime::to_vec(&[WritesTwo]);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::WritesTwo` wrote 2 values")]
    fn two_values_at_the_top() {
        let _ = json_runtime::to_vec(&WritesTwo);
    }

    #[test]
    #[should_panic(
        expected = "`checked_writer::debug_checks::WritesTwo` wrote a value where an object key belongs"
    )]
    fn two_values_in_a_struct_field() {
        let _ = json_runtime::to_vec(&Outer {
            before: 1,
            field: WritesTwo,
        });
    }

    #[test]
    #[should_panic(
        expected = "`checked_writer::debug_checks::KeyWithoutBrace` wrote an object key in the document, outside any object"
    )]
    fn key_without_brace() {
        let _ = json_runtime::to_vec(&KeyWithoutBrace);
    }

    #[test]
    #[should_panic(
        expected = "`checked_writer::debug_checks::BareKey` wrote a key literal that starts with neither `{` nor `,`"
    )]
    fn key_literal_without_brace_or_comma() {
        let _ = json_runtime::to_vec(&BareKey);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::Unclosed` left an object open")]
    fn forgotten_end_object() {
        let _ = json_runtime::to_vec(&Unclosed);
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::Unclosed` left an object open")]
    fn forgotten_end_object_in_a_field() {
        let _ = json_runtime::to_vec(&Outer {
            before: 1,
            field: Unclosed,
        });
    }

    #[test]
    #[should_panic(expected = "`checked_writer::debug_checks::Unclosed` left an object open")]
    fn forgotten_end_object_in_a_dyn_value() {
        let values: Vec<Box<dyn DynToJson>> = vec![Box::new(1), Box::new(Unclosed)];
        let _ = json_runtime::to_vec(&values);
    }

    #[test]
    #[should_panic(expected = "::ClosesTwice` closed an object that it did not open")]
    fn closing_what_it_did_not_open() {
        struct ClosesTwice;
        impl ToJson for ClosesTwice {
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.into_writer();
                w.value_writer().object(|_| {});
                w.end_object();
                w.written()
            }
        }
        let _ = json_runtime::to_vec(&Outer {
            before: 1,
            field: ClosesTwice,
        });
    }
}

/// A value written through serde that fails half-way leaves its map open;
/// that is an error, not a bug, and the checks must not panic on it.
#[test]
fn a_failing_serialize_impl_is_an_error_not_a_panic() {
    struct FailsInside;
    impl Serialize for FailsInside {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(None)?;
            map.serialize_entry("a", &1)?;
            Err(serde::ser::Error::custom("gave up"))
        }
    }
    let value = Outer {
        before: 1,
        field: json_runtime::Serde(FailsInside),
    };
    let error = json_runtime::to_vec(&value).unwrap_err();
    assert_eq!(error.to_string(), "gave up");
    let error = json_runtime::to_writer(Vec::new(), &vec![value]).unwrap_err();
    assert!(error.to_string().contains("gave up"), "{error}");
}

/// Bounded streaming and the async pieces go on working with the checks:
/// a long array of hand-written values, streamed.
#[test]
fn checks_follow_streaming() {
    let records: Vec<Record> = (0..3000)
        .map(|i| record(Some(&"x".repeat(i % 300))))
        .collect();
    let mut out = Vec::new();
    json_runtime::to_writer_pretty(&mut out, &records).unwrap();
    assert_eq!(out, serde_json::to_vec_pretty(&records).unwrap());
}
