//! Enums whose variants all write their name: one literal of every quoted
//! name and a table of offsets, which the writer copies from 16 bytes at
//! a time. Every name length around that width, names near the start and
//! the end of the literal, literals shorter than 16 bytes, escaped and
//! non-ASCII names and explicit discriminants, as values, map keys and
//! flattened entries, compared with serde_json byte for byte; and the
//! hidden entry point given offsets that pick no whole name.

use std::collections::BTreeMap;

use json_runtime::{ToJson, ValueWriter, Written};
use json_tests::{assert_compact, assert_same};
use serde::Serialize;

/// Shorter, all names together, than one 16-byte copy.
#[derive(Serialize, ToJson, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tiny {
    A,
    Bc,
}

/// Names of 1 to 17 characters, one of 40, escapes and non-ASCII text,
/// the shortest ones last so that they sit in the literal's last 16 bytes.
#[derive(Serialize, ToJson, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Lengths {
    #[serde(rename = "sixteen-bytes-xx")]
    Sixteen,
    #[serde(rename = "seventeen-bytes-x")]
    Seventeen,
    #[serde(rename = "fifteen-bytes-x")]
    Fifteen,
    #[serde(rename = "a name of exactly forty bytes, no more!!")]
    Forty,
    #[serde(rename = "quote\"and\\backslash")]
    Escaped,
    #[serde(rename = "tab\there\u{1}")]
    Control,
    #[serde(rename = "日本語")]
    Japanese,
    #[serde(rename = "🦀 crab")]
    Crab,
    #[serde(rename = "é")]
    Accent,
    Seven77,
    Two,
    Ab,
    Z,
}

const LENGTHS: [Lengths; 13] = [
    Lengths::Sixteen,
    Lengths::Seventeen,
    Lengths::Fifteen,
    Lengths::Forty,
    Lengths::Escaped,
    Lengths::Control,
    Lengths::Japanese,
    Lengths::Crab,
    Lengths::Accent,
    Lengths::Seven77,
    Lengths::Two,
    Lengths::Ab,
    Lengths::Z,
];

/// Discriminants that are not the variants' positions.
#[derive(Serialize, ToJson, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum Coded {
    Seven = 7,
    Two = 2,
    OneHundred = 100,
}

#[derive(Serialize, ToJson)]
struct Holder {
    id: u8,
    #[serde(flatten)]
    level: Lengths,
    tiny: Tiny,
}

#[test]
fn every_variant_as_a_value_matches_serde_json() {
    for variant in LENGTHS {
        assert_same(&variant);
        assert_same(&[variant, variant]);
    }
    assert_same(&LENGTHS);
    assert_same(&[Tiny::A, Tiny::Bc, Tiny::A]);
    assert_same(&[Coded::Seven, Coded::Two, Coded::OneHundred]);
    assert_compact(&[Tiny::Bc, Tiny::A], r#"["Bc","A"]"#);
    assert_compact(&Lengths::Escaped, r#""quote\"and\\backslash""#);
    assert_compact(&Lengths::Control, r#""tab\there\u0001""#);
    assert_compact(&Coded::OneHundred, r#""one-hundred""#);
}

#[test]
fn every_variant_as_a_map_key_matches_serde_json() {
    let map: BTreeMap<Lengths, usize> = LENGTHS.iter().enumerate().map(|(i, v)| (*v, i)).collect();
    assert_same(&map);
    assert_same(&BTreeMap::from([(Tiny::A, 1), (Tiny::Bc, 2)]));
}

#[test]
fn every_variant_flattened_matches_serde_json() {
    for level in LENGTHS {
        assert_same(&Holder {
            id: 1,
            level,
            tiny: Tiny::Bc,
        });
    }
}

/// A hand-written impl that reaches the derive's entry point with
/// `names`, `ends` and `index` of its own.
struct Picked(&'static str, &'static [u32], usize);

impl ToJson for Picked {
    fn write_json<F: json_runtime::Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        json_runtime::__private_0_1_0::unit_variant(w, self.0, self.1, self.2)
    }
}

#[test]
fn offsets_that_pick_no_whole_name_write_null() {
    let names = "\"a\"\"é\"";
    // The two names, as the derive passes them.
    assert_eq!(
        json_runtime::to_string(&Picked(names, &[0, 3, 7], 0)).unwrap(),
        "\"a\""
    );
    assert_eq!(
        json_runtime::to_string(&Picked(names, &[0, 3, 7], 1)).unwrap(),
        "\"é\""
    );
    for (ends, index) in [
        // Past the table, or at its last offset.
        (&[0, 3, 7][..], 2),
        (&[0, 3, 7][..], usize::MAX),
        (&[][..], 0),
        // Past the names.
        (&[0, 8][..], 0),
        // Inside `é`, which is two bytes.
        (&[0, 5][..], 0),
        (&[5, 7][..], 0),
        // Backwards, and empty.
        (&[3, 0][..], 0),
        (&[3, 3][..], 0),
    ] {
        let text = json_runtime::to_string(&[Picked(names, ends, index)]).unwrap();
        assert_eq!(text, "[null]", "{ends:?} {index}");
    }
}
