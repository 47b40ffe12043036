//! `flatten` of the types serde flattens beyond derived structs and std
//! maps: `serde_json::Map` and `Value`, newtype and `transparent` structs
//! over an object type, and newtypes as the content of internally tagged
//! newtype variants; each compared with serde_json byte for byte in every
//! layout. Also what a flattened non-object `Value` writes, where
//! serde_json returns an error.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same};
use serde::Serialize;
use serde_json::{json, Map, Value};

#[derive(Serialize, ToJson)]
struct WithMap {
    id: u32,
    #[serde(flatten)]
    extra: Map<String, Value>,
    last: bool,
}

#[derive(Serialize, ToJson)]
struct WithValue {
    #[serde(flatten)]
    extra: Value,
    id: u32,
}

#[test]
fn serde_json_map_flattens() {
    let extra = json!({"b": [1, {"c": null}], "a": "x", "n": 1.5})
        .as_object()
        .cloned()
        .unwrap();
    assert_same(&WithMap {
        id: 1,
        extra,
        last: true,
    });
    assert_same(&WithMap {
        id: 2,
        extra: Map::new(),
        last: false,
    });
}

#[test]
fn serde_json_value_object_and_null_flatten() {
    assert_same(&WithValue {
        extra: json!({"k": {"deep": [true]}, "e": {}}),
        id: 3,
    });
    assert_same(&WithValue {
        extra: json!({}),
        id: 4,
    });
    // serde writes no entry for a flattened unit, and `null` is one.
    assert_same(&WithValue {
        extra: Value::Null,
        id: 5,
    });
    // Nothing written before or after: `{}`.
    #[derive(Serialize, ToJson)]
    struct Only {
        #[serde(flatten)]
        v: Value,
    }
    assert_same(&Only { v: Value::Null });
    assert_same(&Only { v: json!({"a": 1}) });
}

/// serde_json returns "can only flatten structs and maps (got ..)" for
/// these, and so does json-runtime, word for word.
#[test]
fn non_object_values_are_serdes_error() {
    for extra in [json!(true), json!(7), json!("s"), json!([1, 2])] {
        let value = WithValue { extra, id: 6 };
        let theirs = serde_json::to_vec(&value).unwrap_err();
        let ours = json_runtime::to_vec(&value).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string());
    }
}

#[test]
fn std_maps_with_string_keys_flatten() {
    #[derive(Serialize, ToJson)]
    struct S {
        #[serde(flatten)]
        hash: HashMap<String, i32>,
        #[serde(flatten)]
        tree: BTreeMap<&'static str, Vec<u8>>,
        #[serde(flatten)]
        chars: BTreeMap<char, ()>,
    }
    assert_same(&S {
        hash: HashMap::from([("h".into(), 1)]),
        tree: BTreeMap::from([("t1", vec![1]), ("t2", vec![])]),
        chars: BTreeMap::from([('c', ())]),
    });
    assert_same(&S {
        hash: HashMap::new(),
        tree: BTreeMap::new(),
        chars: BTreeMap::new(),
    });
}

#[derive(Serialize, ToJson)]
struct Inner {
    a: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<u8>,
}

/// Newtype structs over each kind of object type.
#[derive(Serialize, ToJson)]
struct Wrapper(Inner);
#[derive(Serialize, ToJson)]
struct Attributes(BTreeMap<String, String>);
#[derive(Serialize, ToJson)]
struct Dynamic(Map<String, Value>);
#[derive(Serialize, ToJson)]
struct Twice(Wrapper);
#[derive(Serialize, ToJson)]
struct Generic<T>(T);

#[derive(Serialize, ToJson)]
#[serde(transparent)]
struct Transparent {
    #[serde(skip)]
    cache: u8,
    inner: Inner,
}

#[test]
fn newtype_and_transparent_structs_flatten_as_their_field() {
    #[derive(Serialize, ToJson)]
    struct S {
        id: u8,
        #[serde(flatten)]
        wrapper: Wrapper,
        #[serde(flatten)]
        attributes: Attributes,
        #[serde(flatten)]
        dynamic: Dynamic,
        #[serde(flatten)]
        twice: Option<Twice>,
        #[serde(flatten)]
        generic: Generic<BTreeMap<String, u8>>,
        #[serde(flatten)]
        transparent: Transparent,
    }
    assert_same(&S {
        id: 1,
        wrapper: Wrapper(Inner { a: 1, b: Some(2) }),
        attributes: Attributes(BTreeMap::from([("x".into(), "y".into())])),
        dynamic: Dynamic(json!({"d": [null]}).as_object().cloned().unwrap()),
        twice: Some(Twice(Wrapper(Inner { a: 3, b: None }))),
        generic: Generic(BTreeMap::from([("g".into(), 4)])),
        transparent: Transparent {
            cache: 0,
            inner: Inner { a: 5, b: None },
        },
    });
    assert_same(&S {
        id: 1,
        wrapper: Wrapper(Inner { a: 1, b: None }),
        attributes: Attributes(BTreeMap::new()),
        dynamic: Dynamic(Map::new()),
        twice: None,
        generic: Generic(BTreeMap::new()),
        transparent: Transparent {
            cache: 0,
            inner: Inner { a: 5, b: Some(6) },
        },
    });
    // Flattened first, so the newtype opens the object.
    #[derive(Serialize, ToJson)]
    struct First {
        #[serde(flatten)]
        wrapper: Wrapper,
    }
    assert_same(&First {
        wrapper: Wrapper(Inner { a: 9, b: None }),
    });
}

/// serde writes an internally tagged newtype variant over a newtype struct
/// as the tag followed by the inner struct's fields.
#[test]
fn newtypes_are_content_of_internally_tagged_variants() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t")]
    enum Content {
        A(Wrapper),
        B(Twice),
        C(Attributes),
        D(Dynamic),
        T(Transparent),
        F(Generic<Inner>),
    }
    assert_same(&Content::A(Wrapper(Inner { a: 1, b: Some(2) })));
    assert_same(&Content::B(Twice(Wrapper(Inner { a: 1, b: None }))));
    assert_same(&Content::C(Attributes(BTreeMap::from([(
        "k".into(),
        "v".into(),
    )]))));
    assert_same(&Content::C(Attributes(BTreeMap::new())));
    assert_same(&Content::D(Dynamic(
        json!({"z": 0}).as_object().cloned().unwrap(),
    )));
    assert_same(&Content::T(Transparent {
        cache: 1,
        inner: Inner { a: 2, b: None },
    }));
    assert_same(&Content::F(Generic(Inner { a: 3, b: Some(4) })));
    assert_compact(
        &Content::A(Wrapper(Inner { a: 1, b: None })),
        r#"{"t":"A","a":1}"#,
    );
}

/// A generic struct flattening its parameter through `Option` spelled in
/// any way: the bound is on the field's whole type, so no spelling is
/// special.
#[test]
fn flattened_option_bounds_do_not_depend_on_its_name() {
    type StdOption<T> = Option<T>;
    use std::option::Option as Maybe;

    #[derive(Serialize, ToJson)]
    struct S<A, B, C, D> {
        #[serde(flatten, skip_serializing_if = "StdOption::is_none")]
        alias: StdOption<A>,
        #[serde(flatten)]
        renamed: Maybe<B>,
        #[serde(flatten)]
        full: core::option::Option<C>,
        #[serde(flatten)]
        boxed: std::boxed::Box<D>,
    }
    assert_same(&S {
        alias: Some(Inner { a: 1, b: None }),
        renamed: Some(Wrapper(Inner { a: 2, b: None })),
        full: Some(BTreeMap::from([("c", 3)])),
        boxed: Box::new(json!({"d": 4})),
    });
    assert_same(&S::<Inner, Wrapper, BTreeMap<&str, i32>, Value> {
        alias: None,
        renamed: None,
        full: None,
        boxed: Box::new(Value::Null),
    });
}
