//! String escaping, compared byte for byte with serde_json: every ASCII
//! byte alone and in context, multi-byte UTF-8, long strings with escapes
//! at every position, chars and map keys.

use std::collections::{BTreeMap, HashMap};

use json_tests::{assert_compact, assert_same, same};
use proptest::prelude::*;

/// Every ASCII character, 0x00 to 0x7F.
fn ascii() -> impl DoubleEndedIterator<Item = char> {
    (0u8..0x80).map(char::from)
}

/// Characters that exercise each escape class and each UTF-8 width.
const INTERESTING: &[char] = &[
    '\0',
    '\u{1}',
    '\u{7}',
    '\u{8}',
    '\t',
    '\n',
    '\u{b}',
    '\u{c}',
    '\r',
    '\u{e}',
    '\u{1b}',
    '\u{1f}',
    ' ',
    '"',
    '/',
    '\\',
    'a',
    '~',
    '\u{7f}',
    '\u{80}',
    'é',
    '\u{7ff}',
    '\u{800}',
    '€',
    '\u{2028}',
    '\u{2029}',
    '\u{fffd}',
    '\u{ffff}',
    '\u{10000}',
    '😀',
    '\u{10ffff}',
];

#[test]
fn every_ascii_byte_as_one_char_string() {
    for c in ascii() {
        let s = c.to_string();
        same!(s, s.as_str());
    }
}

#[test]
fn every_ascii_byte_as_char() {
    for c in ascii() {
        same!(c, Some(c), [c, c]);
    }
}

#[test]
fn every_ascii_byte_inside_longer_strings() {
    for c in ascii() {
        same!(
            format!("a{c}"),
            format!("{c}b"),
            format!("ab{c}cd"),
            format!("{c}{c}{c}"),
            format!("é{c}😀"),
            format!("{c}\u{2028}{c}"),
        );
    }
}

#[test]
fn all_ascii_in_one_string() {
    let s: String = ascii().collect();
    same!(s);
    let reversed: String = ascii().rev().collect();
    same!(reversed);
}

#[test]
fn control_characters_exact_text() {
    assert_compact("\u{0}", r#""\u0000""#);
    assert_compact("\u{1f}", r#""\u001f""#);
    assert_compact("\u{1a}", r#""\u001a""#);
    assert_compact("\u{8}\u{c}\n\r\t", r#""\b\f\n\r\t""#);
    assert_compact("\u{b}", r#""\u000b""#);
    assert_compact("\"\\/\u{7f}", "\"\\\"\\\\/\u{7f}\"");
}

#[test]
fn multi_byte_utf8() {
    same!(
        "é",
        "ß",
        "\u{80}",
        "\u{7ff}",
        "\u{800}",
        "€",
        "中文字符",
        "\u{ffff}",
        "\u{10000}",
        "😀",
        "👨‍👩‍👧‍👦",
        "\u{10ffff}",
        "mixed é € 😀 ascii",
        "é\"€\\😀\n",
    );
}

#[test]
fn line_and_paragraph_separators_are_not_escaped() {
    same!(
        "\u{2028}",
        "\u{2029}",
        "a\u{2028}b\u{2029}c",
        '\u{2028}',
        '\u{2029}'
    );
    assert_compact("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\"");
}

#[test]
fn del_and_slash_are_not_escaped() {
    same!("\u{7f}", "/", "</script>", "a/b/c\u{7f}", '/', '\u{7f}');
    assert_compact("/", "\"/\"");
}

#[test]
fn every_unicode_scalar_value() {
    let all: String = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
    same!(all);
}

#[test]
fn every_char_up_to_0x800_alone() {
    for c in (0..0x800u32).filter_map(char::from_u32) {
        same!(c, c.to_string());
    }
}

#[test]
fn long_strings_with_one_escape_at_every_position() {
    for len in [63, 64, 65, 100, 129, 200] {
        for &special in INTERESTING {
            for pos in 0..len {
                let s: String = (0..len)
                    .map(|i| if i == pos { special } else { 'x' })
                    .collect();
                assert_same(&s);
            }
        }
    }
}

#[test]
fn long_strings_with_escape_runs() {
    for len in [0, 1, 15, 16, 17, 31, 32, 33, 64, 65, 1000] {
        for &special in INTERESTING {
            let all_special: String = std::iter::repeat_n(special, len).collect();
            let alternating: String = (0..len)
                .map(|i| if i % 2 == 0 { special } else { 'y' })
                .collect();
            same!(all_special, alternating);
        }
    }
}

#[test]
fn long_strings_of_every_escape_sequence() {
    let s: String = INTERESTING.iter().cycle().take(5000).collect();
    same!(s);
    let big = "a\"b\\c\nd\u{1}e/é€😀".repeat(10_000);
    same!(big);
}

#[test]
fn strings_inside_containers() {
    same!(
        vec!["\"", "\\", "\n", "\u{0}"],
        ("\t", Some("\r")),
        [String::from("\u{1f}"), String::from("\u{2028}")],
    );
}

#[test]
fn chars_needing_escapes() {
    same!('"', '\\', '\n', '\r', '\t', '\u{8}', '\u{c}', '\0', '\u{1f}', '\u{b}');
    assert_compact(&'"', r#""\"""#);
    assert_compact(&'\0', r#""\u0000""#);
}

#[test]
fn map_keys_needing_escapes() {
    let mut keys: BTreeMap<String, u32> = BTreeMap::new();
    for c in ascii() {
        keys.insert(format!("k{c}"), c as u32);
        keys.insert(c.to_string(), c as u32);
    }
    for &c in INTERESTING {
        keys.insert(format!("{c}key{c}"), c as u32);
    }
    same!(keys);
    let char_keys: BTreeMap<char, char> = ascii().map(|c| (c, c)).collect();
    same!(char_keys);
    let str_keys: HashMap<&str, &str> =
        HashMap::from([("\"quoted\"", "\"v\""), ("back\\slash", "\\"), ("", "")]);
    same!(str_keys);
    assert_compact(&BTreeMap::from([("\n", 1)]), r#"{"\n":1}"#);
}

#[test]
fn nested_keys_and_values_needing_escapes_pretty() {
    let nested: BTreeMap<&str, BTreeMap<char, Vec<&str>>> = BTreeMap::from([
        ("\u{0}outer\"", BTreeMap::from([('\t', vec!["\n", "\\"])])),
        ("😀", BTreeMap::from([('é', vec![])])),
    ]);
    same!(nested);
}

/// Map keys longer than the 64 KiB piece the writer escapes in one go,
/// clean and with escapes at the ends, as the first and a later entry,
/// in a map and in a `serde_json::Value` object.
#[test]
fn keys_longer_than_a_piece() {
    let long = "k".repeat(70_000);
    let escaped = format!("\"{}\n", "é".repeat(40_000));
    let map = BTreeMap::from([(long.clone(), 1), (escaped.clone(), 2), ("a".to_owned(), 3)]);
    same!(map);
    let value = serde_json::json!({ long: [1], escaped: {"\t": null}, "a": "b" });
    same!(value);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn random_strings(s in any::<String>()) {
        assert_same(&s);
    }

    #[test]
    fn random_ascii_heavy_strings(s in "[\\x00-\\x7f]{0,300}") {
        assert_same(&s);
    }

    #[test]
    fn random_chars(c in any::<char>()) {
        assert_same(&c);
    }

    #[test]
    fn random_string_keys(m in proptest::collection::btree_map(any::<String>(), any::<String>(), 0..8)) {
        assert_same(&m);
    }
}
