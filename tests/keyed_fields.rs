//! Fields written with their key in one call (`ToJson::write_json_keyed`,
//! strings, floats and `Vec`s) and integer fields written with their key
//! in a run (`Reserved::keyed`), beside `Option` fields that are not.
//! Every spelling of a string type the derive recognizes, in every
//! position of an object, with keys short, exactly 32 bytes (the longest
//! copied in two moves) and longer, with strings that need escapes and
//! strings longer than a streamed piece; floats finite and not; sequences
//! empty and not; and types that are merely named `String`, `Vec`,
//! `Option` or `f64`, which must still be written by their own impls.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use json_runtime::ToJson;
use json_tests::assert_same;
use proptest::prelude::*;
use serde::Serialize;

#[allow(unused_parens)]
#[derive(Debug, Clone, Serialize, ToJson)]
struct Spellings<'a> {
    first: String,
    count: u32,
    borrowed: &'a str,
    boxed: Box<str>,
    counted: Rc<str>,
    shared: Arc<str>,
    cow: Cow<'a, str>,
    full_path: std::string::String,
    parens: (String),
    by_ref: &'a String,
    #[serde(skip_serializing_if = "str::is_empty")]
    maybe: &'a str,
    flag: bool,
    last: String,
}

fn spellings<'a>(s: &'a str, owned: &'a String) -> Spellings<'a> {
    Spellings {
        first: s.into(),
        count: 7,
        borrowed: s,
        boxed: s.into(),
        counted: s.into(),
        shared: s.into(),
        cow: Cow::Borrowed(s),
        full_path: s.into(),
        parens: s.into(),
        by_ref: owned,
        maybe: s,
        flag: true,
        last: s.into(),
    }
}

#[test]
fn every_spelling_in_every_position() {
    for s in [
        "",
        "plain",
        "quote \" and \\ and \n",
        "Zoë 😀 \u{2028}",
        "\u{1f}",
    ] {
        let owned = s.to_owned();
        assert_same(&spellings(s, &owned));
    }
}

/// Keys around 32 bytes (the longest copied in two moves, for `,"key":`), and keys
/// that need escapes or are not ASCII.
#[derive(Debug, Clone, Serialize, ToJson)]
struct Keys {
    a: String,
    #[serde(rename = "abcdefghijklmnopqrstuvwxyz0")]
    fits_with_room: String,
    #[serde(rename = "abcdefghijklmnopqrstuvwxyz01")]
    exactly_the_limit: String,
    #[serde(rename = "abcdefghijklmnopqrstuvwxyz012")]
    one_past_the_limit: String,
    #[serde(rename = "a key much longer than two moves of sixteen bytes copy, by far")]
    long: String,
    #[serde(rename = "ключ")]
    cyrillic: String,
    #[serde(rename = "quote\"back\\slash")]
    escaped: String,
}

#[test]
fn keys_short_exact_and_long() {
    for s in ["", "x", "needs \"escapes\"\t"] {
        assert_same(&keys(s));
    }
}

#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Tagged {
    Note {
        text: String,
        id: u64,
    },
    Link {
        id: u64,
        href: String,
        title: Option<String>,
    },
}

#[derive(Debug, Clone, Serialize, ToJson)]
struct Wrapper {
    #[serde(flatten)]
    inner: Flattened,
    after: String,
}

#[derive(Debug, Clone, Serialize, ToJson)]
struct Flattened {
    name: String,
    other: String,
}

#[derive(Debug, Clone, Serialize, ToJson)]
struct Generic<T> {
    value: T,
    label: String,
}

#[test]
fn enums_flatten_and_generics() {
    assert_same(&vec![
        Tagged::Note {
            text: "t".into(),
            id: 1,
        },
        Tagged::Link {
            id: 2,
            href: "h".into(),
            title: Some("x".into()),
        },
    ]);
    assert_same(&Wrapper {
        inner: Flattened {
            name: "n".into(),
            other: "o".into(),
        },
        after: "a".into(),
    });
    assert_same(&Generic {
        value: 3u8,
        label: "l".into(),
    });
}

/// Longer than the 64 KiB pieces that streaming escapes strings in, and
/// full of escapes, so that the keyed path's fallbacks all run.
#[test]
fn strings_longer_than_a_piece() {
    let long = "ab\"c\u{7}é".repeat(30_000);
    let owned = long.clone();
    assert_same(&spellings(&long, &owned));
    assert_same(&Keys {
        a: long.clone(),
        fits_with_room: String::new(),
        exactly_the_limit: long.clone(),
        one_past_the_limit: long.clone(),
        long: long.clone(),
        cyrillic: String::new(),
        escaped: long,
    });
}

mod named_string {
    use serde::Serialize;

    /// A type that implements only `Serialize`, named `String`.
    #[derive(Debug, Clone, Serialize)]
    pub struct String(pub u32);

    /// A type with its own `ToJson`, named `String` too.
    #[derive(Debug, Clone, Serialize, json_runtime::ToJson)]
    pub struct Wrapped {
        pub inner: u32,
    }
}

/// A path ending in `String` that is not std's.
#[derive(Debug, Clone, Serialize, ToJson)]
struct Qualified {
    id: u8,
    value: named_string::String,
}

/// `String` is only a name to the derive: another type of that name is
/// written by its own impls, `ToJson` or `Serialize`.
#[test]
fn types_merely_named_string() {
    assert_same(&Qualified {
        id: 1,
        value: named_string::String(5),
    });
    mod here {
        use super::named_string::Wrapped as String;
        #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
        pub struct Fields {
            pub id: u8,
            pub value: String,
            pub last: String,
        }
    }
    assert_same(&here::Fields {
        id: 1,
        value: named_string::Wrapped { inner: 2 },
        last: named_string::Wrapped { inner: 3 },
    });
    mod serde_only {
        use super::named_string::String;
        #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
        pub struct Fields {
            pub value: String,
            pub last: String,
        }
    }
    assert_same(&serde_only::Fields {
        value: named_string::String(2),
        last: named_string::String(3),
    });
}

#[derive(Debug, Clone, Serialize, ToJson)]
struct Numbers {
    first: f64,
    single: f32,
    id: u32,
    double: f64,
    #[serde(rename = "a float key longer than the two moves of thirty-two")]
    long_key: f64,
    maybe: Option<f64>,
    maybe_single: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<f64>,
    last: f64,
}

fn numbers(x: f64) -> Numbers {
    Numbers {
        first: x,
        single: x as f32,
        id: 1,
        double: -x,
        long_key: x * 3.0,
        maybe: Some(x),
        maybe_single: None,
        skipped: (x > 0.0).then_some(x),
        last: x / 7.0,
    }
}

#[test]
fn floats_finite_and_not() {
    for x in [
        0.0,
        -0.0,
        1.5,
        1e300,
        5e-324,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ] {
        assert_same(&numbers(x));
    }
}

#[derive(Debug, Clone, Serialize, ToJson)]
struct Sequences {
    first: Vec<u8>,
    names: Vec<String>,
    nested: Vec<Vec<f64>>,
    structs: Vec<Keys>,
    maybe: Option<Vec<String>>,
    maybe_name: Option<String>,
    maybe_ref: Option<&'static str>,
    deep: Option<Option<String>>,
    full_path: std::vec::Vec<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skipped: Vec<u32>,
    #[serde(rename = "a sequence key longer than the two moves of thirty-two")]
    long_key: Vec<u8>,
    last: Vec<bool>,
}

fn keys(s: &str) -> Keys {
    Keys {
        a: s.into(),
        fits_with_room: s.into(),
        exactly_the_limit: s.into(),
        one_past_the_limit: s.into(),
        long: s.into(),
        cyrillic: s.into(),
        escaped: s.into(),
    }
}

#[test]
fn sequences_and_options() {
    assert_same(&Sequences {
        first: vec![],
        names: vec!["a".into(), "\"b\"".into()],
        nested: vec![vec![], vec![1.5, f64::NAN]],
        structs: vec![keys("x"), keys("")],
        maybe: Some(vec![]),
        maybe_name: None,
        maybe_ref: Some("r"),
        deep: Some(None),
        full_path: vec![-1, 2],
        skipped: vec![],
        long_key: vec![],
        last: vec![true],
    });
    assert_same(&Sequences {
        first: (0..=255).collect(),
        names: vec![],
        nested: vec![],
        structs: vec![],
        maybe: None,
        maybe_name: Some("n".into()),
        maybe_ref: None,
        deep: Some(Some("d".into())),
        full_path: vec![],
        skipped: vec![7],
        long_key: vec![1, 2],
        last: vec![],
    });
}

mod other_names {
    /// Types named as the keyed ones but not them, each with its own
    /// `ToJson` (written as something else than the std type would be).
    #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
    pub struct Vec<T> {
        pub items: std::vec::Vec<T>,
    }

    #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
    pub struct Option<T>(pub T, pub u8);

    /// A type named `Vec` with only `Serialize`: the derive falls back to
    /// it for the field's value, after the key.
    #[derive(Debug, Clone, serde::Serialize)]
    pub struct SerdeVec<T>(pub T, pub T);

    #[allow(non_camel_case_types)]
    #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
    pub struct f64 {
        pub value: u8,
    }
}

#[test]
fn types_merely_named_vec_option_or_f64() {
    mod here {
        use super::other_names::{f64, Option, Vec};
        #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
        pub struct Fields {
            pub id: u8,
            pub list: Vec<u8>,
            pub maybe: Option<std::string::String>,
            pub float: f64,
        }
    }
    assert_same(&here::Fields {
        id: 1,
        list: other_names::Vec { items: vec![1, 2] },
        maybe: other_names::Option("o".into(), 3),
        float: other_names::f64 { value: 4 },
    });
    mod serde_only {
        use super::other_names::SerdeVec as Vec;
        #[derive(Debug, Clone, serde::Serialize, json_runtime::ToJson)]
        pub struct Fields {
            pub list: Vec<u8>,
            pub last: Vec<std::string::String>,
        }
    }
    assert_same(&serde_only::Fields {
        list: other_names::SerdeVec(1, 2),
        last: other_names::SerdeVec("a".into(), "b".into()),
    });
}

#[derive(Debug, Clone, Serialize, ToJson)]
#[json(no_serde_fallback)]
struct NoFallback<'a> {
    first: &'a str,
    second: String,
    third: Box<str>,
    float: f64,
    list: Vec<String>,
    maybe: Option<f32>,
}

#[test]
fn without_the_serde_fallback() {
    assert_same(&NoFallback {
        first: "a",
        second: "b\"".into(),
        third: "c".into(),
        float: 2.5,
        list: vec!["l".into()],
        maybe: Some(0.1),
    });
}

proptest! {
    #[test]
    fn any_floats_match_serde_json(x in any::<f64>()) {
        assert_same(&numbers(x));
    }

    #[test]
    fn any_strings_match_serde_json(a in any::<String>(), b in ".{0,40}", c in "[\"\\\\\u{0}-\u{1f}a-z]{0,70}") {
        let owned = b.clone();
        assert_same(&spellings(&a, &owned));
        assert_same(&Keys {
            a: a.clone(),
            fits_with_room: b.clone(),
            exactly_the_limit: c.clone(),
            one_past_the_limit: a.clone(),
            long: b,
            cyrillic: c.clone(),
            escaped: c,
        });
    }
}
