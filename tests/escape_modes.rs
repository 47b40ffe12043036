//! The `Escape` modes of `json_runtime::Options`, compared byte for byte
//! with serde_json driven by a reference `Formatter` whose
//! `write_string_fragment` escapes non-ASCII (`Ascii`) or `<>&'` and
//! U+2028/U+2029 (`HtmlSafe`) itself. serde_json escapes `"`, `\` and
//! controls before a fragment reaches the formatter, so the reference
//! shares only those rules with the code under test.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use json_runtime::{Escape, Options, ToJson};
use proptest::prelude::*;
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

const MODES: [Escape; 3] = [Escape::Default, Escape::Ascii, Escape::HtmlSafe];

/// serde_json's formatter `inner`, with string fragments escaped per `mode`.
struct Reference<F> {
    inner: F,
    mode: Escape,
}

impl<F: Formatter> Reference<F> {
    fn must_escape(&self, c: char) -> bool {
        if self.mode == Escape::Ascii {
            !c.is_ascii()
        } else if self.mode == Escape::HtmlSafe {
            matches!(c, '<' | '>' | '&' | '\'' | '\u{2028}' | '\u{2029}')
        } else {
            false
        }
    }
}

impl<F: Formatter> Formatter for Reference<F> {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        for c in fragment.chars() {
            if self.must_escape(c) {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    write!(w, "\\u{unit:04x}")?;
                }
            } else {
                w.write_all(c.encode_utf8(&mut [0; 4]).as_bytes())?;
            }
        }
        Ok(())
    }

    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_array(w)
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_array(w)
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.inner.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_array_value(w)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_object(w)
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_object(w)
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.inner.begin_object_key(w, first)
    }
    fn end_object_key<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_object_key(w)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.inner.end_object_value(w)
    }
}

fn reference<T: Serialize + ?Sized, F: Formatter>(value: &T, inner: F, mode: Escape) -> Vec<u8> {
    let mut ser = serde_json::Serializer::with_formatter(Vec::new(), Reference { inner, mode });
    value.serialize(&mut ser).expect("serde_json failed");
    ser.into_inner()
}

#[track_caller]
fn check(what: &str, mode: Escape, ours: &[u8], expected: &[u8]) {
    assert!(
        ours == expected,
        "{what} in {mode:?}:\n ours: {}\n serde_json: {}",
        String::from_utf8_lossy(ours),
        String::from_utf8_lossy(expected),
    );
}

/// Compares `value` in `mode`, compact, pretty and tab-indented, through
/// `to_vec`, `to_string` and `to_writer`.
#[track_caller]
fn assert_mode<T: ToJson + Serialize + ?Sized>(value: &T, mode: Escape) {
    let layouts: [(&str, Options, Vec<u8>); 3] = [
        (
            "compact",
            Options::new().escape(mode),
            reference(value, CompactFormatter, mode),
        ),
        (
            "pretty",
            Options::new().escape(mode).pretty(),
            reference(value, PrettyFormatter::new(), mode),
        ),
        (
            "tabs",
            Options::new().escape(mode).indent(b"\t"),
            reference(value, PrettyFormatter::with_indent(b"\t"), mode),
        ),
    ];
    for (layout, options, expected) in layouts {
        check(
            &format!("{layout} to_vec"),
            mode,
            &options.to_vec(value).unwrap(),
            &expected,
        );
        check(
            &format!("{layout} to_string"),
            mode,
            options.to_string(value).unwrap().as_bytes(),
            &expected,
        );
        let mut streamed = Vec::new();
        options.to_writer(&mut streamed, value).unwrap();
        check(&format!("{layout} to_writer"), mode, &streamed, &expected);
    }
    if mode == Escape::Default {
        // The reference with no extra escaping is serde_json itself.
        check(
            "serde_json",
            mode,
            &Options::new().to_vec(value).unwrap(),
            &serde_json::to_vec(value).unwrap(),
        );
    }
}

#[track_caller]
fn assert_all_modes<T: ToJson + Serialize + ?Sized>(value: &T) {
    for mode in MODES {
        assert_mode(value, mode);
    }
}

#[test]
fn every_ascii_byte() {
    for b in 0u8..0x80 {
        let c = char::from(b);
        assert_all_modes(&c.to_string());
        assert_all_modes(&c);
        assert_all_modes(&format!("ab{c}cdefghijklmnopqrstuvwxyz{c}"));
    }
    let all: String = (0u8..0x80).map(char::from).collect();
    assert_all_modes(&all);
}

#[test]
fn ascii_and_html_escapes_spelled_out() {
    let s = "<a href='x'>&é中😀\u{2028}\u{2029}\"\\\n\u{1}</a>";
    assert_eq!(
        Options::new().escape(Escape::Ascii).to_string(s).unwrap(),
        r#""<a href='x'>&\u00e9\u4e2d\ud83d\ude00\u2028\u2029\"\\\n\u0001</a>""#
    );
    assert_eq!(
        Options::new().escape(Escape::HtmlSafe).to_string(s).unwrap(),
        "\"\\u003ca href=\\u0027x\\u0027\\u003e\\u0026é中😀\\u2028\\u2029\\\"\\\\\\n\\u0001\\u003c/a\\u003e\""
    );
    assert_eq!(
        Options::new().to_string(s).unwrap(),
        serde_json::to_string(s).unwrap()
    );
}

const CHARS: &[char] = &[
    '\u{80}',
    'é',
    '\u{7ff}',
    '\u{800}',
    '€',
    '中',
    '\u{d7ff}',
    '\u{e000}',
    '\u{fffd}',
    '\u{ffff}',
    '\u{10000}',
    '😀',
    '𝄞',
    '\u{10ffff}',
    '\u{2028}',
    '\u{2029}',
    '\u{feff}',
];

#[test]
fn multibyte_and_astral_chars() {
    for &c in CHARS {
        assert_all_modes(&c);
        assert_all_modes(&c.to_string());
        for pos in 0..20 {
            let s = format!("{}{c}{}<\n", "a".repeat(pos), "b".repeat(20 - pos));
            assert_all_modes(&s);
        }
    }
    let all: String = CHARS.iter().collect();
    assert_all_modes(&all);
}

#[test]
fn mixed_strings() {
    for s in [
        "",
        "plain",
        "<script>alert('x') && 1 > 0</script>",
        "line\u{2028}para\u{2029}end",
        "naïve café — “quotes” 😀😀 \u{0}\u{1f}\"\\/",
        "&&&&&&&&&&&&&&&&&&&&<<<<<<<<<<<>>>>>>>>>>''''''",
        "😀",
    ] {
        assert_all_modes(s);
        assert_all_modes(&s.repeat(50));
    }
}

#[test]
fn map_keys() {
    let mut btree = BTreeMap::new();
    let mut hash = HashMap::new();
    let mut chars = BTreeMap::new();
    for (i, key) in ["<k>", "é", "😀", "a&b", "'", "\u{2028}", "\"\n", "plain"]
        .into_iter()
        .enumerate()
    {
        btree.insert(key.to_string(), key.to_string());
        hash.insert(key.to_string(), i);
    }
    for &c in CHARS.iter().chain(&['<', '>', '&', '\'', '"', '\u{1}']) {
        chars.insert(c, c);
    }
    assert_all_modes(&btree);
    assert_all_modes(&chars);
    // One entry, so the order does not depend on the hasher.
    let one: HashMap<String, i32> = HashMap::from([("<é😀>".to_string(), 1)]);
    assert_all_modes(&one);
    // serde_json::Value objects go through the same key path.
    let value = serde_json::json!({ "<é>": ["😀", "&", { "\u{2028}": "'" }], "k": null });
    assert_all_modes(&value);
}

#[derive(ToJson, Serialize)]
struct Inner {
    name: String,
    tag: char,
    aliases: Vec<String>,
    extra: Option<BTreeMap<String, String>>,
}

#[derive(ToJson, Serialize)]
#[serde(tag = "kind")]
enum Item {
    Note { text: String },
    Link { href: String, title: Option<String> },
}

#[derive(ToJson, Serialize)]
struct Outer {
    title: String,
    inner: Inner,
    items: Vec<Item>,
    empty: Vec<String>,
    nested: Vec<Vec<Inner>>,
}

fn outer() -> Outer {
    let inner = || Inner {
        name: "Zoë <admin> & 'co' 😀".into(),
        tag: '€',
        aliases: vec!["\u{2028}".into(), "𝄞".into(), String::new()],
        extra: Some(BTreeMap::from([("ключ".into(), "</script>".into())])),
    };
    Outer {
        title: "Tom & Jerry's <café>".into(),
        inner: inner(),
        items: vec![
            Item::Note {
                text: "a > b".into(),
            },
            Item::Link {
                href: "https://e.x/?a=1&b=2".into(),
                title: Some("Ünïcödé".into()),
            },
            Item::Link {
                href: "x".into(),
                title: None,
            },
        ],
        empty: vec![],
        nested: vec![vec![inner(), inner()], vec![]],
    }
}

#[test]
fn nested_derived_structs() {
    assert_all_modes(&outer());
}

/// Field names are compile-time literals and are written as declared, in
/// every mode (documented on `Escape`).
#[derive(ToJson, Serialize)]
struct DeclaredNames {
    #[serde(rename = "café<&>")]
    cafe: String,
    #[serde(rename = "plain")]
    plain: String,
}

#[test]
fn derived_field_names_are_written_as_declared() {
    let v = DeclaredNames {
        cafe: "é<".into(),
        plain: "😀".into(),
    };
    assert_eq!(
        Options::new().escape(Escape::Ascii).to_string(&v).unwrap(),
        r#"{"café<&>":"\u00e9<","plain":"\ud83d\ude00"}"#
    );
    assert_eq!(
        Options::new()
            .escape(Escape::HtmlSafe)
            .to_string(&v)
            .unwrap(),
        r#"{"café<&>":"é\u003c","plain":"😀"}"#
    );
    assert_eq!(
        Options::new()
            .escape(Escape::HtmlSafe)
            .pretty()
            .to_string(&v)
            .unwrap(),
        "{\n  \"café<&>\": \"é\\u003c\",\n  \"plain\": \"😀\"\n}"
    );
    assert_mode(&v, Escape::Default);
}

#[test]
fn default_is_serde_json() {
    let o = outer();
    assert_eq!(
        Options::new().to_vec(&o).unwrap(),
        serde_json::to_vec(&o).unwrap()
    );
    assert_eq!(
        Options::default().to_vec(&o).unwrap(),
        json_runtime::to_vec(&o).unwrap()
    );
    assert_eq!(
        Options::new().pretty().to_vec(&o).unwrap(),
        serde_json::to_vec_pretty(&o).unwrap()
    );
    assert_eq!(Escape::default(), Escape::Default);
    let v = DeclaredNames {
        cafe: "é<".into(),
        plain: "😀".into(),
    };
    assert_eq!(
        Options::new().to_vec(&v).unwrap(),
        serde_json::to_vec(&v).unwrap()
    );
}

#[test]
fn streamed_past_the_buffer() {
    // More than to_writer's 448 KiB chunk, so the buffer drains mid-document.
    let many: Vec<String> = (0..40_000).map(|i| format!("<{i}é😀>")).collect();
    for mode in MODES {
        let options = Options::new().escape(mode);
        let mut streamed = Vec::new();
        options.to_writer(&mut streamed, &many).unwrap();
        let expected = reference(&many, CompactFormatter, mode);
        assert!(expected.len() > 448 * 1024 || mode != Escape::Ascii);
        check("streamed", mode, &streamed, &expected);
    }
}

fn biased_char() -> impl Strategy<Value = char> {
    prop_oneof![
        2 => (0u8..0x20).prop_map(char::from),
        3 => prop::sample::select(vec!['"', '\\', '<', '>', '&', '\'', '/', '\u{2028}', '\u{2029}']),
        4 => (0x20u8..0x80).prop_map(char::from),
        3 => any::<char>(),
    ]
}

fn biased_string() -> impl Strategy<Value = String> {
    prop::collection::vec(biased_char(), 0..60).prop_map(|c| c.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn any_string_ascii(s in any::<String>(), b in biased_string()) {
        assert_mode(&s, Escape::Ascii);
        assert_mode(&b, Escape::Ascii);
        assert_mode(&BTreeMap::from([(b.clone(), s.clone())]), Escape::Ascii);
    }

    #[test]
    fn any_string_html_safe(s in any::<String>(), b in biased_string()) {
        assert_mode(&s, Escape::HtmlSafe);
        assert_mode(&b, Escape::HtmlSafe);
        assert_mode(&BTreeMap::from([(b.clone(), s.clone())]), Escape::HtmlSafe);
    }

    #[test]
    fn any_string_default(s in any::<String>(), b in biased_string()) {
        assert_mode(&s, Escape::Default);
        assert_mode(&b, Escape::Default);
        assert_mode(&BTreeMap::from([(b.clone(), s.clone())]), Escape::Default);
    }
}

/// Every entry point takes the options: arrays from an iterator, JSON
/// Lines, files and the Tokio writers, compact and pretty where the entry
/// point has a layout, each against the reference (serde_json itself for
/// `Escape::Default`).
#[test]
fn every_entry_point_takes_the_options() {
    let items: Vec<Outer> = (0..3).map(|_| outer()).collect();
    let dir = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    for mode in MODES {
        let compact = reference(&items, CompactFormatter, mode);
        let pretty = reference(&items, PrettyFormatter::new(), mode);
        let tabs = reference(&items, PrettyFormatter::with_indent(b"\t"), mode);
        let mut lines = Vec::new();
        for item in &items {
            lines.extend(reference(item, CompactFormatter, mode));
            lines.push(b'\n');
        }
        if mode == Escape::Default {
            assert!(compact == serde_json::to_vec(&items).unwrap());
            assert!(pretty == serde_json::to_vec_pretty(&items).unwrap());
        }
        let options = Options::new().escape(mode);
        let layouts = [
            ("compact", options, &compact),
            ("pretty", options.pretty(), &pretty),
            ("tabs", options.indent(b"\t"), &tabs),
        ];

        for (layout, options, expected) in layouts {
            let mut out = Vec::new();
            options.to_writer_array(&mut out, items.iter()).unwrap();
            check(&format!("{layout} to_writer_array"), mode, &out, expected);

            let path = dir.path().join(format!("{mode:?}-{layout}.json"));
            options.write_file(&path, &items).unwrap();
            check(
                &format!("{layout} write_file"),
                mode,
                &std::fs::read(&path).unwrap(),
                expected,
            );

            let mut out = Vec::new();
            runtime
                .block_on(options.to_async_writer(&mut out, &items))
                .unwrap();
            check(&format!("{layout} to_async_writer"), mode, &out, expected);

            let mut out = Vec::new();
            runtime
                .block_on(options.to_async_writer_array(&mut out, items.iter()))
                .unwrap();
            check(
                &format!("{layout} to_async_writer_array"),
                mode,
                &out,
                expected,
            );

            // JSON Lines are compact whatever the layout.
            let mut out = Vec::new();
            options.to_writer_lines(&mut out, &items).unwrap();
            check(&format!("{layout} to_writer_lines"), mode, &out, &lines);
            let mut out = Vec::new();
            runtime
                .block_on(options.to_async_writer_lines(&mut out, &items))
                .unwrap();
            check(
                &format!("{layout} to_async_writer_lines"),
                mode,
                &out,
                &lines,
            );
        }
    }

    // Past the buffers: each entry point keeps the mode across drains and
    // async chunks.
    let many: Vec<String> = (0..40_000).map(|i| format!("<{i}é😀>")).collect();
    for mode in MODES {
        let options = Options::new().escape(mode);
        let expected = reference(&many, CompactFormatter, mode);
        let mut out = Vec::new();
        options.to_writer_array(&mut out, &many).unwrap();
        check("long to_writer_array", mode, &out, &expected);
        let mut out = Vec::new();
        runtime
            .block_on(options.to_async_writer(&mut out, &many))
            .unwrap();
        check("long to_async_writer", mode, &out, &expected);
    }
}
