//! `serde_json::Value`, `Map<String, Value>` and `Number` (feature
//! `serde_json`), alone and inside derived types, against serde_json.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use json_tests::{assert_same, same};
use serde_json::{json, Map, Number, Value};

#[test]
fn scalars() {
    same!(
        Value::Null,
        Value::Bool(true),
        Value::Bool(false),
        json!(""),
        json!("a\"b\\c\n\u{0}\u{1f}\u{7f}\u{2028}\u{1f600}"),
    );
}

#[test]
fn numbers() {
    let numbers = [
        json!(0),
        json!(-0),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(i64::MAX),
        json!(-1),
        json!(0.0),
        json!(-0.0),
        json!(1.0),
        json!(0.1),
        json!(1e16),
        json!(1e-7),
        json!(f64::MAX),
        json!(f64::MIN_POSITIVE),
        json!(5e-324),
        json!(123456789.125),
        json!(1.5f32),
    ];
    for n in &numbers {
        assert_same(n);
        if let Value::Number(number) = n {
            assert_same(number);
        }
    }
    // NaN and infinities cannot be Numbers: serde_json makes them null.
    assert_same(&json!(f64::NAN));
    assert_same(&json!(f64::INFINITY));
    assert!(Number::from_f64(f64::NAN).is_none());
}

#[test]
fn numbers_parsed_from_text() {
    let text = r#"[0, -0, 1, -1, 18446744073709551615, -9223372036854775808,
        18446744073709551616, -9223372036854775809, 1.0, -0.0, 1e3, 1E-3,
        2.5e+10, 0.30000000000000004, 1e308, 4.9e-324, 123456789012345678901234567890]"#;
    let value: Value = serde_json::from_str(text).unwrap();
    assert_same(&value);
}

#[test]
fn arrays_and_objects() {
    same!(
        json!([]),
        json!({}),
        json!([[]]),
        json!([{}]),
        json!({"a": {}}),
        json!({"a": []}),
        json!([1, "two", null, true, 3.5, [4], {"five": 5}]),
        json!({"z": 1, "a": 2, "m": {"y": [null], "b": {}}}),
        json!({"": "", "\n": "\u{0}", "k\"ey": [{"x": []}]}),
    );
}

/// Arrays whose second element is an object are written by a loop of
/// their own that hints the objects ahead (`impls/value.rs`): objects
/// and other values mixed in every position, empty and large objects,
/// and arrays of objects nested in one another.
#[test]
fn arrays_of_objects() {
    let record =
        |i: u64| json!({"id": i, "name": format!("n{i}"), "tags": ["a", i], "owner": {"id": i}});
    let many: Vec<Value> = (0..40).map(record).collect();
    let large: Map<String, Value> = (0..100).map(|i| (format!("k{i:03}"), json!(i))).collect();
    same!(
        json!([1, {}, 2]),
        json!([{}, {}, {}]),
        json!([null, {"a": 1}, "x", {"b": [{}]}, 3.5]),
        json!([{"a": 1}, {"b": 2}, [], {"c": 3}, true]),
        json!([{"a": [{"b": 1}, {"c": 2}, {"d": 3}]}, {"e": []}, {"f": {}}]),
        Value::Array(many.clone()),
        json!([many.clone(), {"x": many}, 7]),
        json!([{"x": 1}, large.clone(), large, {}]),
    );
}

#[test]
fn map_and_number_directly() {
    let mut map = Map::new();
    map.insert("b".into(), json!(1));
    map.insert("a".into(), json!([true]));
    assert_same(&map);
    assert_same(&Map::new());
    assert_same(&Number::from(7u8));
    assert_same(&Number::from_f64(-2.5).unwrap());
}

#[derive(serde::Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct Envelope {
    message_id: u64,
    payload: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    extra: Option<Value>,
    headers: Map<String, Value>,
    items: Vec<Value>,
    by_name: BTreeMap<String, Value>,
    count: Number,
    kind: Kind,
}

#[derive(serde::Serialize, ToJson)]
enum Kind {
    Plain,
    Raw(Value),
    Typed { schema: String, body: Value },
}

#[test]
fn derived_types_holding_values() {
    let headers: Map<String, Value> =
        serde_json::from_str(r#"{"content-type":"json","retries":3,"trace":[1,2]}"#).unwrap();
    for (extra, kind) in [
        (None, Kind::Plain),
        (Some(json!({"x": null})), Kind::Raw(json!([1, {"y": 2.5}]))),
        (
            Some(Value::Null),
            Kind::Typed {
                schema: "s".into(),
                body: json!({"nested": {"deep": [[], {}]}}),
            },
        ),
    ] {
        same!(Envelope {
            message_id: 42,
            payload: json!({"b": [1, 2, {"c": "d"}], "a": null}),
            extra,
            headers: headers.clone(),
            items: vec![json!(1), json!("two"), json!([]), json!({})],
            by_name: BTreeMap::from([("v".into(), json!(-1)), ("u".into(), json!({}))]),
            count: Number::from(u64::MAX),
            kind,
        });
    }
}

/// A large value streams through the bounded buffer identically.
#[test]
fn large_value_streams() {
    let rows: Vec<Value> = (0..5000)
        .map(|i| json!({"id": i, "name": format!("row {i}"), "score": i as f64 / 7.0, "tags": ["a", i % 3]}))
        .collect();
    let value = Value::Array(rows);
    assert!(serde_json::to_vec(&value).unwrap().len() > 4 * 64 * 1024);
    assert_same(&value);
    let mut out = Vec::new();
    let Value::Array(rows) = &value else {
        unreachable!()
    };
    json_runtime::Options::new()
        .to_writer_lines(&mut out, rows)
        .unwrap();
    let mut expected = Vec::new();
    for row in rows {
        expected.extend(serde_json::to_vec(row).unwrap());
        expected.push(b'\n');
    }
    assert!(out == expected);
}
