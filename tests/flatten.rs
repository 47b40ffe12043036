//! `flatten`, for structs, maps, `Option`s and enums, in structs and in the
//! struct variants of every enum representation, against serde_json byte
//! for byte in every layout. serde writes a struct with a flattened field
//! as a map; serde_json's bytes for that are a struct's, compact and
//! pretty, including `{}` when nothing is written.
//!
//! As in `representations.rs`, each group of types is compiled in a
//! `#[serde]` form deriving `Serialize` and `ToJson`, and a `#[json]` form
//! deriving only `ToJson` that is compared with the first.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap};

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::WriterProtocol as _;
use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::Serialize;

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

fn map(entries: &[(&str, i32)]) -> BTreeMap<String, i32> {
    entries.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

// ------------------------------------------------------------ structs

mod structs {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            #[$a(rename_all = "camelCase")]
            pub struct Paging {
                pub page_size: u32,
                #[$a(skip_serializing_if = "Option::is_none")]
                pub cursor: Option<String>,
            }

            #[derive($($derive),*)]
            pub struct Empty {}

            #[derive($($derive),*)]
            pub struct Unit;

            #[derive($($derive),*)]
            #[$a(tag = "kind")]
            pub struct Tagged {
                pub n: u8,
            }

            #[derive($($derive),*)]
            pub struct Middle {
                pub m: u8,
                #[$a(flatten)]
                pub paging: Paging,
            }

            #[derive($($derive),*)]
            pub struct Request {
                pub query: String,
                #[$a(flatten)]
                pub paging: Paging,
                #[$a(flatten)]
                pub extra: BTreeMap<String, i32>,
                pub last: bool,
            }

            /// Flattened fields first, so nothing is certain until run time.
            #[derive($($derive),*)]
            pub struct FlattenFirst {
                #[$a(flatten)]
                pub extra: BTreeMap<String, i32>,
                #[$a(flatten)]
                pub maybe: Option<Paging>,
                #[$a(skip_serializing_if = "Option::is_none")]
                pub note: Option<String>,
                #[$a(flatten)]
                pub empty: Empty,
                #[$a(flatten)]
                pub unit: Unit,
            }

            #[derive($($derive),*)]
            pub struct Nested {
                #[$a(flatten)]
                pub middle: Middle,
                #[$a(flatten)]
                pub boxed: Box<Tagged>,
                #[$a(flatten, skip_serializing_if = "BTreeMap::is_empty")]
                pub ints: BTreeMap<u16, bool>,
            }

            pub fn requests() -> Vec<Request> {
                vec![
                    Request {
                        query: "q".into(),
                        paging: Paging { page_size: 10, cursor: None },
                        extra: map(&[("a", 1), ("z\"", -2)]),
                        last: true,
                    },
                    Request {
                        query: String::new(),
                        paging: Paging { page_size: 0, cursor: Some("c".into()) },
                        extra: BTreeMap::new(),
                        last: false,
                    },
                ]
            }

            pub fn flatten_firsts() -> Vec<FlattenFirst> {
                let p = || Some(Paging { page_size: 1, cursor: None });
                vec![
                    FlattenFirst { extra: map(&[]), maybe: None, note: None, empty: Empty {}, unit: Unit },
                    FlattenFirst { extra: map(&[("x", 1)]), maybe: None, note: None, empty: Empty {}, unit: Unit },
                    FlattenFirst { extra: map(&[]), maybe: p(), note: None, empty: Empty {}, unit: Unit },
                    FlattenFirst { extra: map(&[]), maybe: None, note: Some("n".into()), empty: Empty {}, unit: Unit },
                    FlattenFirst { extra: map(&[("x", 1)]), maybe: p(), note: Some("n".into()), empty: Empty {}, unit: Unit },
                ]
            }

            pub fn nesteds() -> Vec<Nested> {
                vec![
                    Nested {
                        middle: Middle { m: 1, paging: Paging { page_size: 2, cursor: Some("c".into()) } },
                        boxed: Box::new(Tagged { n: 3 }),
                        ints: [(1, true), (20, false)].into_iter().collect(),
                    },
                    Nested {
                        middle: Middle { m: 1, paging: Paging { page_size: 2, cursor: None } },
                        boxed: Box::new(Tagged { n: 3 }),
                        ints: BTreeMap::new(),
                    },
                ]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn flattened_struct_and_map() {
        let texts = compare(&json_form::requests(), &serde_form::requests());
        assert_eq!(
            texts[0],
            r#"{"query":"q","pageSize":10,"a":1,"z\"":-2,"last":true}"#
        );
        assert_eq!(
            texts[1],
            r#"{"query":"","pageSize":0,"cursor":"c","last":false}"#
        );
    }

    #[test]
    fn flattened_fields_that_may_write_nothing() {
        let texts = compare(&json_form::flatten_firsts(), &serde_form::flatten_firsts());
        assert_eq!(texts[0], "{}");
        assert_eq!(texts[4], r#"{"x":1,"pageSize":1,"note":"n"}"#);
        assert_eq!(
            json_runtime::to_string_pretty(&json_form::flatten_firsts()[0]).unwrap(),
            "{}"
        );
    }

    #[test]
    fn nested_flattening_with_tags_and_integer_keys() {
        let texts = compare(&json_form::nesteds(), &serde_form::nesteds());
        assert_eq!(
            texts[0],
            r#"{"m":1,"pageSize":2,"cursor":"c","kind":"Tagged","n":3,"1":true,"20":false}"#
        );
    }
}

#[test]
fn flattened_hash_map() {
    #[derive(Serialize, ToJson)]
    struct S {
        id: u8,
        #[serde(flatten)]
        rest: HashMap<String, Vec<u8>>,
    }
    let mut rest = HashMap::new();
    rest.insert("k".to_string(), vec![1, 2]);
    rest.insert("l".to_string(), vec![]);
    // One value, so both encoders see the same iteration order.
    assert_same(&S { id: 1, rest });
}

#[test]
fn generic_flattened_fields() {
    #[derive(Serialize, ToJson)]
    struct Envelope<T, M> {
        version: u8,
        #[serde(flatten)]
        body: T,
        #[serde(flatten)]
        meta: Option<M>,
    }
    #[derive(Serialize, ToJson)]
    struct Body {
        text: &'static str,
    }
    assert_same(&Envelope {
        version: 1,
        body: Body { text: "hi" },
        meta: Some(map(&[("m", 1)])),
    });
    assert_same(&Envelope::<_, Body> {
        version: 1,
        body: map(&[]),
        meta: None,
    });
}

#[test]
fn skip_serializing_none_on_a_flattened_option() {
    #[derive(Serialize)]
    struct Theirs {
        a: u8,
        #[serde(flatten, skip_serializing_if = "Option::is_none")]
        b: Option<BTreeMap<String, i32>>,
    }
    #[derive(ToJson)]
    #[json(skip_serializing_none)]
    struct Ours {
        a: u8,
        #[json(flatten)]
        b: Option<BTreeMap<String, i32>>,
    }
    assert_same_as(&Ours { a: 1, b: None }, &Theirs { a: 1, b: None });
    let b = || Some(map(&[("c", 3)]));
    assert_same_as(&Ours { a: 1, b: b() }, &Theirs { a: 1, b: b() });
}

// ------------------------------------------------------------ enums

mod enums {
    use super::*;

    macro_rules! types {
        ($a:ident, $($derive:ident),*) => {
            #[derive($($derive),*)]
            pub struct Meta {
                pub id: u32,
            }

            #[derive($($derive),*)]
            pub enum External {
                Unit,
                New(u8),
                Tuple(u8, u8),
                Struct {
                    a: u8,
                    #[$a(flatten)]
                    meta: Meta,
                },
                Skipped(#[$a(skip)] u8),
            }

            #[derive($($derive),*)]
            #[$a(tag = "type")]
            pub enum Internal {
                Unit,
                New(Meta),
                Struct {
                    #[$a(flatten)]
                    meta: Meta,
                    b: bool,
                },
            }

            #[derive($($derive),*)]
            #[$a(tag = "t", content = "c")]
            pub enum Adjacent {
                Unit,
                New(String),
                Struct {
                    #[$a(flatten)]
                    extra: BTreeMap<String, i32>,
                },
            }

            #[derive($($derive),*)]
            #[$a(untagged)]
            pub enum Untagged {
                Unit,
                Struct {
                    #[$a(flatten)]
                    meta: Meta,
                    #[$a(skip_serializing_if = "Option::is_none")]
                    more: Option<u8>,
                },
            }

            /// Every representation, flattened into one object.
            #[derive($($derive),*)]
            pub struct Holder {
                pub name: &'static str,
                #[$a(flatten)]
                pub external: External,
                #[$a(flatten)]
                pub internal: Internal,
                #[$a(flatten)]
                pub adjacent: Adjacent,
                #[$a(flatten)]
                pub untagged: Untagged,
            }

            pub fn holders() -> Vec<Holder> {
                let meta = || Meta { id: 7 };
                vec![
                    Holder {
                        name: "units",
                        external: External::Unit,
                        internal: Internal::Unit,
                        adjacent: Adjacent::Unit,
                        untagged: Untagged::Unit,
                    },
                    Holder {
                        name: "newtypes",
                        external: External::New(1),
                        internal: Internal::New(meta()),
                        adjacent: Adjacent::New("s".into()),
                        untagged: Untagged::Struct { meta: meta(), more: Some(1) },
                    },
                    Holder {
                        name: "structs",
                        external: External::Struct { a: 1, meta: meta() },
                        internal: Internal::Struct { meta: meta(), b: true },
                        adjacent: Adjacent::Struct { extra: map(&[("e", 5)]) },
                        untagged: Untagged::Struct { meta: meta(), more: None },
                    },
                    Holder {
                        name: "tuple",
                        external: External::Tuple(1, 2),
                        internal: Internal::Unit,
                        adjacent: Adjacent::Struct { extra: map(&[]) },
                        untagged: Untagged::Unit,
                    },
                    Holder {
                        name: "skipped newtype",
                        external: External::Skipped(1),
                        internal: Internal::Unit,
                        adjacent: Adjacent::Unit,
                        untagged: Untagged::Unit,
                    },
                ]
            }

            pub fn externals() -> Vec<External> {
                vec![External::Struct { a: 1, meta: Meta { id: 2 } }]
            }

            pub fn internals() -> Vec<Internal> {
                vec![Internal::Struct { meta: Meta { id: 2 }, b: false }]
            }

            pub fn adjacents() -> Vec<Adjacent> {
                vec![Adjacent::Struct { extra: map(&[("x", 1)]) }, Adjacent::Struct { extra: map(&[]) }]
            }

            pub fn untaggeds() -> Vec<Untagged> {
                vec![Untagged::Struct { meta: Meta { id: 2 }, more: None }]
            }
        };
    }
    both_forms!(types);

    #[test]
    fn flattened_enums_of_every_representation() {
        let texts = compare(&json_form::holders(), &serde_form::holders());
        assert_eq!(
            texts[0],
            r#"{"name":"units","Unit":null,"type":"Unit","t":"Unit"}"#
        );
        assert_eq!(
            texts[2],
            r#"{"name":"structs","Struct":{"a":1,"id":7},"type":"Struct","id":7,"b":true,"t":"Struct","c":{"e":5},"id":7}"#
        );
    }

    #[test]
    fn flattened_fields_in_struct_variants() {
        assert_eq!(
            compare(&json_form::externals(), &serde_form::externals()),
            [r#"{"Struct":{"a":1,"id":2}}"#]
        );
        assert_eq!(
            compare(&json_form::internals(), &serde_form::internals()),
            [r#"{"type":"Struct","id":2,"b":false}"#]
        );
        assert_eq!(
            compare(&json_form::adjacents(), &serde_form::adjacents()),
            [r#"{"t":"Struct","c":{"x":1}}"#, r#"{"t":"Struct","c":{}}"#]
        );
        assert_eq!(
            compare(&json_form::untaggeds(), &serde_form::untaggeds()),
            [r#"{"id":2}"#]
        );
    }
}

/// An untagged enum whose variants are not all objects is not
/// `ToJsonFields`; one whose variants are objects or units is.
#[test]
fn untagged_enum_of_objects_flattens() {
    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    enum Either {
        Left { l: u8 },
        Right { r: u8 },
        Neither,
    }
    #[derive(Serialize, ToJson)]
    struct S {
        #[serde(flatten)]
        either: Either,
        z: u8,
    }
    assert_same(&S {
        either: Either::Left { l: 1 },
        z: 0,
    });
    assert_same(&S {
        either: Either::Neither,
        z: 0,
    });
    assert_compact(
        &S {
            either: Either::Right { r: 2 },
            z: 0,
        },
        r#"{"r":2,"z":0}"#,
    );
}

/// Hand-written `ToJsonFields`, as the trait's docs show.
#[test]
fn hand_written_fields() {
    use json_runtime::{Format, JsonWriter, ToJsonFields};

    struct Pair(&'static str, u8);

    impl ToJsonFields for Pair {
        fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
            w.object_entry(*first);
            *first = false;
            w.write_str(self.0);
            w.colon();
            self.1.write_json(w.value_writer());
        }
    }

    #[derive(ToJson)]
    struct S {
        #[json(flatten)]
        pair: Pair,
        #[json(flatten)]
        again: Pair,
    }
    let s = S {
        pair: Pair("a", 1),
        again: Pair("b", 2),
    };
    assert_compact(&s, r#"{"a":1,"b":2}"#);
    assert_eq!(
        json_runtime::to_string_pretty(&s).unwrap(),
        "{\n  \"a\": 1,\n  \"b\": 2\n}"
    );
}

/// An enum of unit variants only, flattened: serde writes the variant's
/// name as a key with `null`, in the holder's object, compact and pretty;
/// canonical output sorts it among the holder's keys.
#[test]
fn flattened_unit_only_enum() {
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "kebab-case")]
    enum Level {
        Low,
        VeryHigh,
    }

    #[derive(Serialize, ToJson)]
    struct Holder {
        #[serde(flatten)]
        level: Level,
        name: &'static str,
        #[serde(flatten)]
        also: Option<Level>,
    }

    let holders = [
        Holder {
            level: Level::VeryHigh,
            name: "a",
            also: None,
        },
        Holder {
            level: Level::Low,
            name: "b\"q",
            also: Some(Level::VeryHigh),
        },
    ];
    for holder in &holders {
        assert_same(holder);
    }
    assert_eq!(
        json_runtime::to_string(&holders[1]).unwrap(),
        r#"{"low":null,"name":"b\"q","very-high":null}"#
    );
    for holder in &holders {
        let sorted = serde_json::to_value(holder).unwrap().to_string();
        assert_eq!(
            json_runtime::Options::new()
                .canonical()
                .to_string(holder)
                .unwrap(),
            sorted
        );
    }
}
