//! `#[json(via_serde)]`: a type with a hand-written `serde::Serialize` impl
//! becomes a `ToJson` type with one line at the type, so that every
//! `json_runtime::` call site that replaces a `serde_json::` one compiles,
//! and writes serde_json's bytes.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use json_tests::assert_same;
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

/// A struct written by hand as an object with a computed entry.
#[derive(ToJson)]
#[json(via_serde)]
struct Span {
    start: u32,
    end: u32,
}

impl Serialize for Span {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Span", 3)?;
        s.serialize_field("start", &self.start)?;
        s.serialize_field("end", &self.end)?;
        s.serialize_field("len", &(self.end - self.start))?;
        s.end()
    }
}

/// An enum written by hand as a string.
#[derive(ToJson)]
#[json(via_serde)]
enum Level {
    Low,
    High(u8),
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Level::Low => serializer.serialize_str("low"),
            Level::High(n) => serializer.collect_str(&format_args!("high-{n}")),
        }
    }
}

/// A generic type: the impl is bounded on its own `Serialize`, not on
/// `T: ToJson`.
#[derive(ToJson)]
#[json(via_serde)]
struct Labeled<T> {
    label: &'static str,
    value: T,
}

impl<T: Serialize> Serialize for Labeled<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(self.label, &self.value)?;
        map.end()
    }
}

/// Serialize-only, with no `ToJson`: `Labeled<Opaque>` still works.
struct Opaque(f64);

impl Serialize for Opaque {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0)
    }
}

/// A derived type beside serde's own derive: serde's attributes are read
/// by serde's impl, and `via_serde` forwards to it.
#[derive(Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
#[json(via_serde)]
struct Both {
    first_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nick_name: Option<String>,
}

/// Uses of the types above in derived ones: as a field, an element, a
/// map value and flattened.
#[derive(Serialize, ToJson)]
struct Doc {
    span: Span,
    levels: Vec<Level>,
    by_name: BTreeMap<String, Span>,
    #[serde(flatten)]
    extra: Span,
}

#[test]
fn entry_points_write_serde_json_bytes() {
    assert_same(&Span { start: 3, end: 10 });
    assert_same(&Level::Low);
    assert_same(&Level::High(7));
    assert_same(&Labeled {
        label: "n",
        value: 42_u64,
    });
    assert_same(&Labeled {
        label: "x",
        value: Opaque(1.5),
    });
    assert_same(&Labeled {
        label: "span",
        value: Span { start: 0, end: 1 },
    });
    assert_same(&Both {
        first_name: "Ada".into(),
        nick_name: None,
    });
    assert_same(&Both {
        first_name: "Ada".into(),
        nick_name: Some("a\"b".into()),
    });
}

#[test]
fn fields_elements_and_flatten() {
    let doc = Doc {
        span: Span { start: 1, end: 4 },
        levels: vec![Level::Low, Level::High(2)],
        by_name: [("a".to_string(), Span { start: 0, end: 0 })].into(),
        extra: Span { start: 5, end: 9 },
    };
    assert_same(&doc);
    assert_same(&vec![Span { start: 1, end: 2 }, Span { start: 2, end: 5 }]);
    assert_eq!(
        json_runtime::to_string(&doc).unwrap(),
        r#"{"span":{"start":1,"end":4,"len":3},"levels":["low","high-2"],"by_name":{"a":{"start":0,"end":0,"len":0}},"start":5,"end":9,"len":4}"#
    );
}

/// A generic function that only knew `T: Serialize` keeps compiling with
/// `T: ToJson` once the type has the attribute.
fn encode<T: ToJson>(value: &T) -> String {
    json_runtime::to_string(value).unwrap()
}

#[test]
fn usable_where_to_json_is_required() {
    assert_eq!(encode(&Level::High(1)), r#""high-1""#);
    assert_eq!(
        json_runtime::to_string_pretty(&Span { start: 0, end: 2 }).unwrap(),
        serde_json::to_string_pretty(&Span { start: 0, end: 2 }).unwrap()
    );
}
