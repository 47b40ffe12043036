//! `RawJson`: written as it is, like serde_json's `RawValue`, and checked
//! on construction by a validator that accepts exactly what serde_json
//! accepts as a `RawValue`, compared on fixed inputs and on random ones.

use json_runtime::{RawJson, ToJson};
use json_tests::{assert_compact, assert_same_as};
use proptest::prelude::*;
use serde::Serialize;
use serde_json::value::RawValue;

#[derive(ToJson)]
struct Ours<'a> {
    id: u32,
    owned: Box<RawJson>,
    borrowed: &'a RawJson,
    list: Vec<Box<RawJson>>,
    maybe: Option<Box<RawJson>>,
}

#[derive(Serialize)]
struct Theirs<'a> {
    id: u32,
    owned: Box<RawValue>,
    borrowed: &'a RawValue,
    list: Vec<Box<RawValue>>,
    maybe: Option<Box<RawValue>>,
}

const TEXTS: &[&str] = &[
    "null",
    " {\"a\" : [1, 2.5e-3, \"x\\u00e9\\ud800\"],\n \"b\": {}} ",
    "\t[ ]\r\n",
    "\"plain\"",
    "-0",
    "123456789012345678901234567890",
];

#[test]
fn written_as_is_in_every_layout() {
    for text in TEXTS {
        let ours = Ours {
            id: 1,
            owned: RawJson::from_string(text.to_string()).unwrap(),
            borrowed: RawJson::new(text).unwrap(),
            list: TEXTS
                .iter()
                .map(|t| RawJson::from_string(t.to_string()).unwrap())
                .collect(),
            maybe: text.parse().ok(),
        };
        let theirs = Theirs {
            id: 1,
            owned: RawValue::from_string(text.to_string()).unwrap(),
            borrowed: serde_json::from_str(text).unwrap(),
            list: TEXTS
                .iter()
                .map(|t| RawValue::from_string(t.to_string()).unwrap())
                .collect(),
            maybe: serde_json::from_str(text).ok(),
        };
        assert_same_as(&ours, &theirs);
    }
}

#[test]
fn whitespace_around_is_dropped_inside_is_kept() {
    let raw = RawJson::new("  [1,  2]\n").unwrap();
    assert_eq!(raw.get(), "[1,  2]");
    assert_compact(&raw, "[1,  2]");
    assert_eq!(
        json_runtime::to_string_pretty(&[raw]).unwrap(),
        "[\n  [1,  2]\n]"
    );
    // Without whitespace around it, the string's allocation is reused.
    let text = String::from("{}");
    let ptr = text.as_ptr();
    assert_eq!(RawJson::from_string(text).unwrap().get().as_ptr(), ptr);
}

#[test]
fn to_raw_json_matches_to_raw_value() {
    let value = (1, "two", [3.5], Option::<u8>::None);
    let ours = json_runtime::to_raw_json(&value).unwrap();
    let theirs = serde_json::value::to_raw_value(&value).unwrap();
    assert_eq!(ours.get(), theirs.get());
    assert_eq!(ours.to_string(), theirs.to_string());
    assert_eq!(
        format!("{:?}", RawJson::new("[1]").unwrap()),
        "RawJson([1])"
    );
    let default: Box<RawJson> = Default::default();
    assert_eq!(default.get(), "null");
    assert_eq!(ours.clone().get(), ours.get());
}

/// What serde_json makes of `text` as a `RawValue`, and as a `Value`.
fn serde_verdicts(text: &str) -> (Result<String, String>, Result<(), String>) {
    let raw = serde_json::from_str::<&RawValue>(text)
        .map(|raw| raw.get().to_owned())
        .map_err(|e| e.to_string());
    let value = serde_json::from_str::<serde_json::Value>(text)
        .map(drop)
        .map_err(|e| e.to_string());
    (raw, value)
}

/// Accepting exactly what `RawValue` accepts, with the same text kept;
/// and what `Value` accepts, except what only the tree needs: paired
/// surrogates, numbers within `f64`'s range, depth up to 128.
fn check_against_serde_json(text: &str) {
    let ours = RawJson::new(text).map(|raw| raw.get().to_owned());
    let (raw, value) = serde_verdicts(text);
    match (&ours, &raw) {
        (Ok(ours), Ok(raw)) => assert_eq!(ours, raw, "kept text differs for {text:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{text:?}: ours {ours:?}, serde_json RawValue {raw:?}"),
    }
    match (&ours, &value) {
        (Ok(_), Ok(())) | (Err(_), Err(_)) => {}
        (Ok(_), Err(why)) => assert!(
            [
                "surrogate",
                "hex escape",
                "unicode code point",
                "number out of range",
                "recursion limit"
            ]
            .iter()
            .any(|known| why.contains(known)),
            "{text:?}: accepted, but serde_json's Value says {why}"
        ),
        (Err(err), Ok(())) => panic!("{text:?}: rejected ({err}), but serde_json accepts it"),
    }
}

#[test]
fn fixed_inputs_agree_with_serde_json() {
    let inputs = [
        "",
        " ",
        "0",
        "-0",
        "01",
        "-01",
        "1.",
        ".1",
        "1.0",
        "1e5",
        "1E+5",
        "1e-5",
        "1e",
        "1e+",
        "-",
        "+1",
        "0x10",
        "1_000",
        "NaN",
        "Infinity",
        "1e400",
        "-1e400",
        "true",
        "false",
        "null",
        "tru",
        "nulll",
        "True",
        "\"\"",
        "\"a",
        "\"\\\"",
        "\"\\/\"",
        "\"\\a\"",
        "\"\\u00\"",
        "\"\\u00zz\"",
        "\"\\uD834\\uDD1E\"",
        "\"\\ud800\"",
        "\"\\udc00x\"",
        "\"\u{7f}\"",
        "\"\u{1}\"",
        "\"é😀\"",
        "[",
        "]",
        "[]",
        "[,]",
        "[1,]",
        "[1 2]",
        "[1,,2]",
        "{}",
        "{",
        "}",
        "{\"a\"}",
        "{\"a\":}",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:2}",
        "{\"a\":1 \"b\":2}",
        "{\"a\":[{\"b\":null}]}",
        "[1]]",
        "[1]x",
        "1 2",
        " \n\t\r1\n ",
        "\u{a0}1",
        "[\"\\n\"]",
        "{\"\":\"\"}",
        "[[[[[]]]]]",
        "[{}]",
        "{\"a\":{}}",
    ];
    for input in inputs {
        check_against_serde_json(input);
    }
    let deep = "[".repeat(200) + &"]".repeat(200);
    check_against_serde_json(&deep);
    let unclosed = "[".repeat(200);
    check_against_serde_json(&unclosed);
}

/// A valid JSON value as text, with random whitespace.
fn json_text() -> impl Strategy<Value = String> {
    let ws = prop::sample::select(vec!["", "", "", " ", "\n", "\t", "\r\n  "]);
    let number = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        prop::num::f64::NORMAL.prop_map(|f| format!("{f:e}")),
        "-?(0|[1-9][0-9]{0,25})(\\.[0-9]{1,5})?([eE][+-]?[0-9]{1,4})?",
    ];
    let string = "\"([a-z é😀]|\\\\[\"\\\\/bfnrt]|\\\\u[0-9a-fA-F]{4})*\"";
    let leaf = prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        Just("false".to_string()),
        number,
        string.prop_map(|s| s),
    ];
    leaf.prop_recursive(5, 64, 6, move |inner| {
        let ws = ws.clone();
        prop_oneof![
            prop::collection::vec((inner.clone(), ws.clone()), 0..6).prop_map(|items| {
                let items: Vec<String> = items
                    .into_iter()
                    .map(|(v, w)| format!("{w}{v}{w}"))
                    .collect();
                format!("[{}]", items.join(","))
            }),
            prop::collection::vec(("\"[a-z]{0,3}\"", inner, ws), 0..6).prop_map(|entries| {
                let entries: Vec<String> = entries
                    .into_iter()
                    .map(|(k, v, w)| format!("{w}{k}{w}:{w}{v}{w}"))
                    .collect();
                format!("{{{}}}", entries.join(","))
            }),
        ]
    })
}

/// One edit that often breaks JSON: a character deleted, inserted or
/// replaced by one of JSON's significant ones.
#[derive(Debug, Clone)]
enum Edit {
    Delete(prop::sample::Index),
    Insert(prop::sample::Index, char),
    Replace(prop::sample::Index, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = prop::sample::select(
        "{}[],:\"\\ 0123456789.eE+-tfnulx\u{1}\u{1f}\n\té"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Edit::Delete),
        (any::<prop::sample::Index>(), c.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<prop::sample::Index>(), c).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match edit {
        Edit::Delete(i) if !chars.is_empty() => {
            chars.remove(i.index(chars.len()));
        }
        Edit::Insert(i, c) => chars.insert(i.index(chars.len() + 1), *c),
        Edit::Replace(i, c) if !chars.is_empty() => {
            let at = i.index(chars.len());
            chars[at] = *c;
        }
        _ => {}
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn valid_json_is_accepted_as_serde_json_accepts_it(text in json_text(), before in "[ \t\n\r]{0,2}", after in "[ \t\n\r]{0,2}") {
        let text = format!("{before}{text}{after}");
        prop_assert!(RawJson::new(&text).is_ok(), "{:?}", text);
        check_against_serde_json(&text);
    }

    #[test]
    fn edited_json_agrees_with_serde_json(text in json_text(), edits in prop::collection::vec(edit(), 1..4)) {
        let mut text = text;
        for e in &edits {
            text = apply(&text, e);
        }
        check_against_serde_json(&text);
    }

    #[test]
    fn random_token_soup_agrees_with_serde_json(text in "([\\[\\]{},:\" 0-9.eE+\\-\\\\u]|true|null|fals|\"a\"){0,20}") {
        check_against_serde_json(&text);
    }
}
