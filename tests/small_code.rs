//! `#[json(small_code)]` and `#[json(hot)]`: the encoder that writes each
//! field's value through one out-of-line function per field type writes
//! the same bytes as the inlined one, and as serde_json, for every kind of
//! field: integers, floats, strings, options, sequences, maps, nested and
//! generic types, serde-only fields, flattened and tagged content. Each
//! field's key goes into that call, long keys included.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use json_tests::assert_same;
use serde::Serialize;

/// A type with only `Serialize`: written through the serde fallback.
#[derive(Serialize)]
struct SerdeOnly {
    note: &'static str,
}

#[derive(Serialize, ToJson)]
#[json(small_code)]
#[serde(rename_all = "camelCase")]
struct Inner {
    id: u64,
    small: i8,
    ratio: f64,
    name_text: String,
}

#[derive(Serialize, ToJson)]
#[json(small_code)]
struct Outer<T> {
    flag: bool,
    inner: Inner,
    list: Vec<Inner>,
    maybe: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<u32>,
    map: BTreeMap<String, i64>,
    generic: T,
    serde_only: SerdeOnly,
    #[serde(flatten)]
    extra: Extra,
}

#[derive(Serialize, ToJson)]
#[json(small_code)]
struct Extra {
    flattened: u16,
}

#[derive(Serialize, ToJson)]
#[json(small_code)]
#[serde(tag = "type")]
enum Tagged {
    Unit,
    Named { a: u8, b: String },
    Newtype(Inner),
}

#[derive(Serialize, ToJson)]
#[json(small_code)]
enum External {
    Tuple(u64, String),
    Named { x: f32 },
    Newtype(Vec<u8>),
}

#[derive(Serialize, ToJson)]
#[json(small_code, no_serde_fallback)]
struct NoFallback {
    a: u128,
    b: Option<String>,
    empty: [u8; 0],
    a_key_longer_than_thirty_two_bytes_in_all: u32,
    nested: Inner,
}

#[derive(Serialize, ToJson)]
#[json(hot)]
struct Hot {
    a: u64,
    b: Vec<i32>,
}

fn inner(i: u64) -> Inner {
    Inner {
        id: i * 1_000_000_007,
        small: -(i as i8),
        ratio: i as f64 / 3.0,
        name_text: format!("name \"{i}\"\n\u{e9}"),
    }
}

#[test]
fn small_code_writes_serde_json_bytes() {
    let outer = Outer {
        flag: true,
        inner: inner(1),
        list: (0..3).map(inner).collect(),
        maybe: None,
        skipped: None,
        map: [("b".to_owned(), -2), ("a".to_owned(), 1)].into(),
        generic: vec![Some(1.5f64), None],
        serde_only: SerdeOnly { note: "via serde" },
        extra: Extra { flattened: 9 },
    };
    assert_same(&outer);
    assert_same(&Outer {
        maybe: Some(7),
        skipped: Some(8),
        list: Vec::new(),
        map: BTreeMap::new(),
        ..outer
    });
    for tagged in [
        Tagged::Unit,
        Tagged::Named {
            a: 1,
            b: "b".into(),
        },
        Tagged::Newtype(inner(4)),
    ] {
        assert_same(&tagged);
    }
    for external in [
        External::Tuple(u64::MAX, "t".into()),
        External::Named { x: 0.1 },
        External::Newtype(vec![1, 2]),
    ] {
        assert_same(&external);
    }
    assert_same(&NoFallback {
        a: u128::MAX,
        b: Some("x".into()),
        empty: [],
        a_key_longer_than_thirty_two_bytes_in_all: 7,
        nested: inner(5),
    });
    assert_same(&Hot {
        a: 1,
        b: vec![-1, 0],
    });
}
