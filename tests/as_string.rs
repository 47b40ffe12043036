//! `as_string`: integers written as JSON strings, so that JavaScript keeps
//! every digit of a 64-bit id (serde-rs/json#329). Compared byte for byte
//! with a serde twin whose `serialize_with` writes the digits as a string.
//!
//! serde_derive rejects keys it does not know, so a type deriving
//! `Serialize` can only write `#[json(as_string)]`; a type deriving only
//! `ToJson` may write either form.

#![allow(dead_code)]

use std::collections::VecDeque;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same_as};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

fn str_serde<S: Serializer, T: ToString>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&value.to_string())
}

fn opt_serde<S: Serializer, T: ToString>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.serialize_str(&v.to_string()),
        None => s.serialize_none(),
    }
}

fn seq_serde<'a, S, T, I>(values: I, s: S) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: ToString + 'a,
    I: IntoIterator<Item = &'a T>,
{
    let mut seq = s.serialize_seq(None)?;
    for v in values {
        seq.serialize_element(&v.to_string())?;
    }
    seq.end()
}

fn vec_serde<S: Serializer, T: ToString>(values: &[T], s: S) -> Result<S::Ok, S::Error> {
    seq_serde(values, s)
}

fn deque_serde<S: Serializer, T: ToString>(values: &VecDeque<T>, s: S) -> Result<S::Ok, S::Error> {
    seq_serde(values, s)
}

#[derive(Serialize)]
struct Theirs {
    #[serde(serialize_with = "str_serde")]
    id: u64,
    #[serde(serialize_with = "str_serde")]
    signed: i64,
    #[serde(serialize_with = "str_serde")]
    wide: u128,
    #[serde(serialize_with = "str_serde")]
    tiny: i8,
    #[serde(serialize_with = "str_serde")]
    size: usize,
    #[serde(serialize_with = "opt_serde")]
    reply_to: Option<u64>,
    #[serde(serialize_with = "vec_serde")]
    mentions: Vec<u64>,
    #[serde(serialize_with = "vec_serde")]
    pair: [u32; 2],
    #[serde(serialize_with = "deque_serde")]
    queue: VecDeque<i16>,
    #[serde(serialize_with = "str_serde")]
    boxed: Box<u64>,
    #[serde(serialize_with = "opt_serde", skip_serializing_if = "Option::is_none")]
    skipped: Option<u64>,
    plain: u64,
}

#[derive(ToJson)]
struct Ours {
    #[json(as_string)]
    id: u64,
    #[json(as_string)]
    signed: i64,
    #[json(as_string)]
    wide: u128,
    #[json(as_string)]
    tiny: i8,
    #[json(as_string)]
    size: usize,
    #[json(as_string)]
    reply_to: Option<u64>,
    #[json(as_string)]
    mentions: Vec<u64>,
    #[json(as_string)]
    pair: [u32; 2],
    #[json(as_string)]
    queue: VecDeque<i16>,
    #[json(as_string)]
    boxed: Box<u64>,
    #[json(as_string, skip_serializing_if = "Option::is_none")]
    skipped: Option<u64>,
    plain: u64,
}

macro_rules! both {
    ($($field:ident: $value:expr),* $(,)?) => {
        (Ours { $($field: $value),* }, Theirs { $($field: $value),* })
    };
}

#[test]
fn integers_and_containers_as_strings() {
    let cases = [
        both! {
            id: u64::MAX, signed: i64::MIN, wide: u128::MAX, tiny: -128, size: 0,
            reply_to: Some(9_007_199_254_740_993), mentions: vec![1, u64::MAX],
            pair: [0, u32::MAX], queue: VecDeque::from([-1, 1]), boxed: Box::new(12),
            skipped: Some(3), plain: u64::MAX,
        },
        both! {
            id: 0, signed: 0, wide: 0, tiny: 0, size: usize::MAX,
            reply_to: None, mentions: vec![], pair: [1, 2], queue: VecDeque::new(),
            boxed: Box::new(0), skipped: None, plain: 0,
        },
    ];
    for (ours, theirs) in &cases {
        assert_same_as(ours, theirs);
    }
    let text = json_runtime::to_string(&cases[0].0).unwrap();
    assert!(text.starts_with(r#"{"id":"18446744073709551615","signed":"-9223372036854775808","#));
    assert!(text.ends_with(r#""skipped":"3","plain":18446744073709551615}"#));
}

#[test]
fn serde_namespace_on_a_type_deriving_only_to_json() {
    #[derive(ToJson)]
    struct Id {
        #[serde(as_string)]
        id: u64,
    }
    assert_compact(&Id { id: 1 }, r#"{"id":"1"}"#);
}

#[test]
fn as_string_in_tuples_and_enum_variants() {
    #[derive(Serialize)]
    struct TupleTheirs(#[serde(serialize_with = "str_serde")] u64, u64);
    #[derive(ToJson)]
    struct TupleOurs(#[json(as_string)] u64, u64);
    assert_same_as(&TupleOurs(1, 2), &TupleTheirs(1, 2));

    #[derive(Serialize)]
    struct NewtypeTheirs(#[serde(serialize_with = "str_serde")] u64);
    #[derive(ToJson)]
    struct NewtypeOurs(#[json(as_string)] u64);
    assert_same_as(&NewtypeOurs(7), &NewtypeTheirs(7));

    #[derive(Serialize)]
    #[serde(tag = "t", content = "c")]
    enum EnumTheirs {
        New(#[serde(serialize_with = "str_serde")] u64),
        Struct {
            #[serde(serialize_with = "opt_serde")]
            id: Option<i64>,
        },
    }
    #[derive(ToJson)]
    #[json(tag = "t", content = "c")]
    enum EnumOurs {
        New(#[json(as_string)] u64),
        Struct {
            #[json(as_string)]
            id: Option<i64>,
        },
    }
    assert_same_as(&EnumOurs::New(5), &EnumTheirs::New(5));
    assert_same_as(
        &EnumOurs::Struct { id: Some(-5) },
        &EnumTheirs::Struct { id: Some(-5) },
    );
}

#[test]
fn generic_as_string_field() {
    #[derive(ToJson)]
    struct Id<T> {
        #[json(as_string)]
        id: T,
    }
    assert_compact(&Id { id: 5u8 }, r#"{"id":"5"}"#);
    assert_compact(
        &Id {
            id: vec![Some(1i32), None],
        },
        r#"{"id":["1",null]}"#,
    );
}
