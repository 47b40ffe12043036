//! Enum representations (`tag`, `tag` + `content`, `untagged`, variant
//! `untagged`) and `tag` on structs, against serde_json byte for byte in
//! every layout.
//!
//! Each group of types is written once inside a `macro_rules!` whose `$a`
//! is the attribute namespace, and compiled twice: in `serde_form` with
//! `#[serde(...)]`, deriving `Serialize` and `ToJson`, and in `json_form`
//! with `#[json(...)]`, deriving only `ToJson`. The `#[json]` twin is
//! compared with what serde_json writes for the `#[serde]` type.

#![allow(dead_code, clippy::enum_variant_names)]

use std::collections::BTreeMap;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::Serialize;

/// Checks every serde-form value against serde_json, and every json-form
/// value against its serde-form twin; returns the compact texts.
fn compare<O: ToJson, S: Serialize + ToJson>(ours: &[O], theirs: &[S]) -> Vec<String> {
    assert_eq!(ours.len(), theirs.len());
    for (ours, theirs) in ours.iter().zip(theirs) {
        assert_same(theirs);
        assert_same_as(ours, theirs);
    }
    ours.iter()
        .map(|v| json_runtime::to_string(v).unwrap())
        .collect()
}

/// Compiles the types `$types!` defines in both forms.
macro_rules! both_forms {
    ($types:ident) => {
        mod serde_form {
            use super::*;
            $types!(serde, Serialize, ToJson);
        }
        mod json_form {
            use super::*;
            $types!(json, ToJson);
        }
    };
}

// ------------------------------------------------------------ internally tagged

mod internal {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            pub struct Point {
                pub x: i32,
                pub y: i32,
            }

            #[derive($($derive),*)]
            pub struct Nothing;

            #[derive($($derive),*)]
            #[$a(tag = "kind", rename = "named-point")]
            pub struct TaggedPoint {
                pub x: i32,
            }

            #[derive($($derive),*)]
            pub enum External {
                Unit,
                New(u8),
                Tuple(u8, u8),
                Struct { a: u8 },
            }

            #[derive($($derive),*)]
            #[$a(tag = "inner")]
            pub enum Nested {
                Leaf { value: bool },
                Empty,
            }

            #[derive($($derive),*)]
            #[$a(tag = "type")]
            pub enum Shape {
                Empty,
                Circle {
                    radius: f64,
                },
                EmptyStruct {},
                Rect {
                    #[$a(skip_serializing_if = "Option::is_none")]
                    w: Option<u32>,
                    h: u32,
                },
                AllOptional {
                    #[$a(skip_serializing_if = "Option::is_none")]
                    w: Option<u32>,
                },
                #[$a(rename = "pt")]
                At(Point),
                Boxed(Box<Point>),
                Map(BTreeMap<String, u8>),
                IntKeys(BTreeMap<u32, u8>),
                Unit(Nothing),
                Tagged(TaggedPoint),
                Nested(Nested),
                External(External),
                Skipped(#[$a(skip)] Point),
                #[$a(skip)]
                Hidden(String),
            }

            pub fn shapes() -> Vec<Shape> {
                let mut map = BTreeMap::new();
                map.insert("a".to_string(), 1);
                map.insert("b\n".to_string(), 2);
                vec![
                    Shape::Empty,
                    Shape::Circle { radius: 1.5 },
                    Shape::EmptyStruct {},
                    Shape::Rect { w: Some(2), h: 3 },
                    Shape::Rect { w: None, h: 3 },
                    Shape::AllOptional { w: Some(1) },
                    Shape::AllOptional { w: None },
                    Shape::At(Point { x: 1, y: -2 }),
                    Shape::Boxed(Box::new(Point { x: 0, y: 0 })),
                    Shape::Map(map),
                    Shape::Map(BTreeMap::new()),
                    Shape::IntKeys([(7, 1)].into_iter().collect()),
                    Shape::Unit(Nothing),
                    Shape::Tagged(TaggedPoint { x: 5 }),
                    Shape::Nested(Nested::Leaf { value: true }),
                    Shape::Nested(Nested::Empty),
                    Shape::External(External::Unit),
                    Shape::External(External::New(1)),
                    Shape::External(External::Tuple(1, 2)),
                    Shape::External(External::Struct { a: 3 }),
                    Shape::Skipped(Point { x: 9, y: 9 }),
                ]
            }

            pub fn tagged_points() -> Vec<TaggedPoint> {
                vec![TaggedPoint { x: 1 }]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn internally_tagged_enum() {
        let texts = compare(&json_form::shapes(), &serde_form::shapes());
        assert_eq!(texts[0], r#"{"type":"Empty"}"#);
        assert_eq!(texts[1], r#"{"type":"Circle","radius":1.5}"#);
        assert_eq!(texts[7], r#"{"type":"pt","x":1,"y":-2}"#);
        assert_eq!(texts[13], r#"{"type":"Tagged","kind":"named-point","x":5}"#);
        assert_eq!(texts[16], r#"{"type":"External","Unit":null}"#);
        assert_eq!(texts[20], r#"{"type":"Skipped"}"#);
    }

    #[test]
    fn tag_on_a_struct_writes_its_name() {
        let texts = compare(&json_form::tagged_points(), &serde_form::tagged_points());
        assert_eq!(texts, [r#"{"kind":"named-point","x":1}"#]);
    }

    /// Both return serde_derive's error for a skipped variant.
    #[test]
    fn skipped_variant_is_serdes_error() {
        let hidden = serde_form::Shape::Hidden("x".into());
        let theirs = serde_json::to_vec(&hidden).unwrap_err();
        let ours = json_runtime::to_vec(&hidden).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string());
    }

    /// serde refuses an internally tagged newtype variant holding an
    /// `Option`, whatever its value, and so does json_runtime.
    #[test]
    fn option_content_is_serdes_error() {
        #[derive(Serialize, ToJson)]
        #[serde(tag = "t")]
        enum E {
            V(Option<BTreeMap<String, u8>>),
        }
        for value in [
            E::V(None),
            E::V(Some([("a".into(), 1)].into_iter().collect())),
        ] {
            let theirs = serde_json::to_vec(&value).unwrap_err();
            let ours = json_runtime::to_vec(&value).unwrap_err();
            assert_eq!(ours.to_string(), theirs.to_string());
        }
    }
}

// ------------------------------------------------------------ adjacently tagged

mod adjacent {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            pub struct Point {
                pub x: i32,
            }

            #[derive($($derive),*)]
            #[$a(tag = "t", content = "c")]
            pub enum Message {
                Ping,
                Text(String),
                Maybe(Option<u8>),
                Move(i32, i32),
                EmptyTuple(),
                At(Point),
                Edit {
                    id: u32,
                    #[$a(skip_serializing_if = "Vec::is_empty")]
                    tags: Vec<String>,
                },
                EmptyStruct {},
                Skipped(#[$a(skip)] u8),
                #[$a(rename = "quote\"d")]
                Quoted,
            }

            pub fn messages() -> Vec<Message> {
                vec![
                    Message::Ping,
                    Message::Text("hi".into()),
                    Message::Maybe(None),
                    Message::Maybe(Some(1)),
                    Message::Move(-1, 2),
                    Message::EmptyTuple(),
                    Message::At(Point { x: 3 }),
                    Message::Edit { id: 1, tags: vec![] },
                    Message::Edit { id: 1, tags: vec!["a".into()] },
                    Message::EmptyStruct {},
                    Message::Skipped(5),
                    Message::Quoted,
                ]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn adjacently_tagged_enum() {
        let texts = compare(&json_form::messages(), &serde_form::messages());
        assert_eq!(texts[0], r#"{"t":"Ping"}"#);
        assert_eq!(texts[1], r#"{"t":"Text","c":"hi"}"#);
        assert_eq!(texts[4], r#"{"t":"Move","c":[-1,2]}"#);
        assert_eq!(texts[7], r#"{"t":"Edit","c":{"id":1}}"#);
        assert_eq!(texts[10], r#"{"t":"Skipped"}"#);
        assert_eq!(texts[11], r#"{"t":"quote\"d"}"#);
    }
}

// ------------------------------------------------------------ untagged

mod untagged {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            #[$a(untagged)]
            pub enum Value {
                Null,
                Int(i64),
                Text(String),
                Pair(u8, u8),
                Object {
                    a: u8,
                    #[$a(skip_serializing_if = "Option::is_none")]
                    b: Option<u8>,
                },
                EmptyStruct {},
                EmptyTuple(),
                List(Vec<Value>),
                Skipped(#[$a(skip)] u8),
            }

            pub fn values() -> Vec<Value> {
                vec![
                    Value::Null,
                    Value::Int(-3),
                    Value::Text("x".into()),
                    Value::Pair(1, 2),
                    Value::Object { a: 1, b: None },
                    Value::Object { a: 1, b: Some(2) },
                    Value::EmptyStruct {},
                    Value::EmptyTuple(),
                    Value::List(vec![Value::Null, Value::Int(1), Value::List(vec![])]),
                    Value::Skipped(1),
                ]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn untagged_enum() {
        let texts = compare(&json_form::values(), &serde_form::values());
        assert_eq!(
            texts,
            [
                "null",
                "-3",
                r#""x""#,
                "[1,2]",
                r#"{"a":1}"#,
                r#"{"a":1,"b":2}"#,
                "{}",
                "[]",
                "[null,1,[]]",
                "null",
            ]
        );
    }
}

// ------------------------------------------------------------ variant-level untagged

mod variant_untagged {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            pub enum External {
                Known { id: u8 },
                #[$a(untagged)]
                Other(String),
                #[$a(untagged)]
                Nothing,
            }

            #[derive($($derive),*)]
            #[$a(tag = "type")]
            pub enum Internal {
                Known { id: u8 },
                #[$a(untagged)]
                Raw(u32),
            }

            #[derive($($derive),*)]
            #[$a(tag = "t", content = "c")]
            pub enum Adjacent {
                Known(u8),
                #[$a(untagged)]
                Other { text: String },
            }

            pub fn externals() -> Vec<External> {
                vec![External::Known { id: 1 }, External::Other("o".into()), External::Nothing]
            }

            pub fn internals() -> Vec<Internal> {
                vec![Internal::Known { id: 1 }, Internal::Raw(7)]
            }

            pub fn adjacents() -> Vec<Adjacent> {
                vec![Adjacent::Known(1), Adjacent::Other { text: "t".into() }]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn untagged_variants_after_tagged_ones() {
        assert_eq!(
            compare(&json_form::externals(), &serde_form::externals()),
            [r#"{"Known":{"id":1}}"#, r#""o""#, "null"]
        );
        assert_eq!(
            compare(&json_form::internals(), &serde_form::internals()),
            [r#"{"type":"Known","id":1}"#, "7"]
        );
        assert_eq!(
            compare(&json_form::adjacents(), &serde_form::adjacents()),
            [r#"{"t":"Known","c":1}"#, r#"{"text":"t"}"#]
        );
    }
}

// ------------------------------------------------------------ renaming with tags

mod renames {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            #[$a(tag = "Type", rename_all = "kebab-case", rename_all_fields = "camelCase")]
            pub enum Internal {
                FirstKind { some_field: u8 },
                #[$a(rename_all = "SCREAMING_SNAKE_CASE")]
                SecondKind { some_field: u8 },
                #[$a(rename = "third")]
                ThirdKind,
            }

            #[derive($($derive),*)]
            #[$a(tag = "tag", content = "body", rename_all = "snake_case", rename_all_fields = "PascalCase")]
            pub enum Adjacent {
                FirstKind { some_field: u8 },
                UnitKind,
            }

            #[derive($($derive),*)]
            #[$a(untagged, rename_all = "UPPERCASE", rename_all_fields = "kebab-case")]
            pub enum Untagged {
                FirstKind { some_field: u8 },
            }

            pub fn internals() -> Vec<Internal> {
                vec![
                    Internal::FirstKind { some_field: 1 },
                    Internal::SecondKind { some_field: 2 },
                    Internal::ThirdKind,
                ]
            }

            pub fn adjacents() -> Vec<Adjacent> {
                vec![Adjacent::FirstKind { some_field: 1 }, Adjacent::UnitKind]
            }

            pub fn untaggeds() -> Vec<Untagged> {
                vec![Untagged::FirstKind { some_field: 1 }]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn rename_all_and_rename_all_fields_with_tags() {
        assert_eq!(
            compare(&json_form::internals(), &serde_form::internals()),
            [
                r#"{"Type":"first-kind","someField":1}"#,
                r#"{"Type":"second-kind","SOME_FIELD":2}"#,
                r#"{"Type":"third"}"#,
            ]
        );
        assert_eq!(
            compare(&json_form::adjacents(), &serde_form::adjacents()),
            [
                r#"{"tag":"first_kind","body":{"SomeField":1}}"#,
                r#"{"tag":"unit_kind"}"#,
            ]
        );
        assert_eq!(
            compare(&json_form::untaggeds(), &serde_form::untaggeds()),
            [r#"{"some-field":1}"#]
        );
    }
}

// ------------------------------------------------------------ #[json] overriding #[serde]

/// A type deriving both can write another representation through
/// json_runtime on purpose.
#[test]
fn json_tag_overrides_serde_tag() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    #[json(tag = "kind")]
    enum E {
        A { x: u8 },
    }
    assert_compact(&E::A { x: 1 }, r#"{"kind":"A","x":1}"#);
    assert_eq!(
        serde_json::to_string(&E::A { x: 1 }).unwrap(),
        r#"{"type":"A","x":1}"#
    );
}

/// Generic content in every representation gets the bound it needs:
/// `ToJsonFields` for the content of an internally tagged newtype variant.
#[test]
fn generic_tagged_enums() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t")]
    enum Internal<T> {
        V(T),
        W { value: Vec<T> },
    }
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent<T> {
        V(T),
    }
    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    enum Untagged<T> {
        V(T),
    }
    #[derive(Serialize, ToJson)]
    struct S {
        a: u8,
    }
    assert_same(&Internal::V(S { a: 1 }));
    assert_same(&Internal::<S>::W { value: vec![] });
    assert_same(&Adjacent::V(5));
    assert_same(&Untagged::V("x"));
}

/// The generated method's generic parameters (`F`, `OBJECT`) are renamed
/// when the type already uses those names, for a parameter or a field.
#[test]
fn generated_parameter_names_do_not_clash() {
    #[derive(Serialize, ToJson)]
    #[allow(non_snake_case)]
    #[serde(tag = "t")]
    enum E {
        V { OBJECT: u8, F: u8 },
    }
    #[derive(Serialize, ToJson)]
    struct S<OBJECT, const F: usize> {
        a: OBJECT,
        #[serde(skip)]
        b: [u8; F],
    }
    #[derive(Serialize, ToJson)]
    struct C<const OBJECT: bool> {
        b: u8,
    }
    assert_same(&E::V { OBJECT: 1, F: 2 });
    assert_same(&S { a: 1, b: [0; 2] });
    assert_same(&C::<true> { b: 3 });
}
