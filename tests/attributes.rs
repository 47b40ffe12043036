//! Attributes, each written as `#[serde(...)]` and separately as
//! `#[json(...)]`, compared byte for byte with serde_json, compact and
//! pretty.
//!
//! The `#[serde]` form derives both `Serialize` and `ToJson` on one type.
//! The `#[json]` form derives only `ToJson`, on a twin with the same body,
//! and is compared with what serde_json writes for the `#[serde]` type.

// Some types exist only to check that the derive accepts them.
#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::{Deserialize, Serialize};

/// Defines a named struct twice from one body: `$serde` with every `#[a(..)]`
/// written as `#[serde(..)]`, deriving `Serialize` and `ToJson`, and `$json`
/// with every `#[a(..)]` written as `#[json(..)]`, deriving only `ToJson`.
macro_rules! twins {
    (
        $(#[a($($cattr:tt)*)])*
        struct $serde:ident / $json:ident {
            $( $(#[a($($fattr:tt)*)])* $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        #[derive(Serialize, ToJson)]
        $(#[serde($($cattr)*)])*
        struct $serde {
            $( $(#[serde($($fattr)*)])* $field: $ty ),*
        }

        #[derive(ToJson)]
        $(#[json($($cattr)*)])*
        struct $json {
            $( $(#[json($($fattr)*)])* $field: $ty ),*
        }
    };
}

/// Builds one value of each twin from the same field values, checks both
/// against serde_json for the `#[serde]` twin, and returns our compact text.
macro_rules! check_twins {
    ($serde:ident / $json:ident { $($field:ident : $value:expr),* $(,)? }) => {{
        let theirs = $serde { $($field: $value),* };
        let ours = $json { $($field: $value),* };
        assert_same(&theirs);
        assert_same_as(&ours, &theirs);
        json_runtime::to_string(&ours).unwrap()
    }};
}

// ------------------------------------------------------------ rename_all

macro_rules! rename_all_struct {
    ($($test:ident: $style:tt => [$f1:literal, $f2:literal, $f3:literal],)*) => {$(
        #[test]
        fn $test() {
            twins! {
                #[a(rename_all = $style)]
                struct SerdeForm / JsonForm {
                    my_field_name: u8,
                    a: u8,
                    with_2_digits: u8,
                }
            }
            let text = check_twins!(SerdeForm / JsonForm { my_field_name: 1, a: 2, with_2_digits: 3 });
            assert_eq!(text, format!(r#"{{"{}":1,"{}":2,"{}":3}}"#, $f1, $f2, $f3));
        }
    )*};
}

rename_all_struct! {
    rename_all_struct_lowercase: "lowercase" => ["my_field_name", "a", "with_2_digits"],
    rename_all_struct_uppercase: "UPPERCASE" => ["MY_FIELD_NAME", "A", "WITH_2_DIGITS"],
    rename_all_struct_pascal_case: "PascalCase" => ["MyFieldName", "A", "With2Digits"],
    rename_all_struct_camel_case: "camelCase" => ["myFieldName", "a", "with2Digits"],
    rename_all_struct_snake_case: "snake_case" => ["my_field_name", "a", "with_2_digits"],
    rename_all_struct_screaming_snake_case: "SCREAMING_SNAKE_CASE" => ["MY_FIELD_NAME", "A", "WITH_2_DIGITS"],
    rename_all_struct_kebab_case: "kebab-case" => ["my-field-name", "a", "with-2-digits"],
    rename_all_struct_screaming_kebab_case: "SCREAMING-KEBAB-CASE" => ["MY-FIELD-NAME", "A", "WITH-2-DIGITS"],
}

macro_rules! rename_all_enum {
    ($($test:ident: $style:tt => [$v1:literal, $v2:literal, $v3:literal, $v4:literal],)*) => {$(
        #[test]
        fn $test() {
            #[derive(Serialize, ToJson)]
            #[serde(rename_all = $style)]
            enum SerdeForm {
                MyVariant,
                A(u8),
                HTTPServer { my_field: u8 },
                TupleVariant(u8, u8),
            }

            #[derive(ToJson)]
            #[json(rename_all = $style)]
            enum JsonForm {
                MyVariant,
                A(u8),
                HTTPServer { my_field: u8 },
                TupleVariant(u8, u8),
            }

            let pairs = [
                (JsonForm::MyVariant, SerdeForm::MyVariant),
                (JsonForm::A(1), SerdeForm::A(1)),
                (JsonForm::HTTPServer { my_field: 2 }, SerdeForm::HTTPServer { my_field: 2 }),
                (JsonForm::TupleVariant(3, 4), SerdeForm::TupleVariant(3, 4)),
            ];
            for (ours, theirs) in &pairs {
                assert_same(theirs);
                assert_same_as(ours, theirs);
            }
            let (ours, theirs): (Vec<_>, Vec<_>) = pairs.into_iter().unzip();
            assert_same(&theirs);
            assert_same_as(&ours, &theirs);
            // Container rename_all renames variants, not the fields inside them.
            assert_eq!(
                json_runtime::to_string(&ours).unwrap(),
                format!(
                    r#"["{}",{{"{}":1}},{{"{}":{{"my_field":2}}}},{{"{}":[3,4]}}]"#,
                    $v1, $v2, $v3, $v4
                ),
            );
        }
    )*};
}

rename_all_enum! {
    rename_all_enum_lowercase: "lowercase" => ["myvariant", "a", "httpserver", "tuplevariant"],
    rename_all_enum_uppercase: "UPPERCASE" => ["MYVARIANT", "A", "HTTPSERVER", "TUPLEVARIANT"],
    rename_all_enum_pascal_case: "PascalCase" => ["MyVariant", "A", "HTTPServer", "TupleVariant"],
    rename_all_enum_camel_case: "camelCase" => ["myVariant", "a", "hTTPServer", "tupleVariant"],
    rename_all_enum_snake_case: "snake_case" => ["my_variant", "a", "h_t_t_p_server", "tuple_variant"],
    rename_all_enum_screaming_snake_case: "SCREAMING_SNAKE_CASE" => ["MY_VARIANT", "A", "H_T_T_P_SERVER", "TUPLE_VARIANT"],
    rename_all_enum_kebab_case: "kebab-case" => ["my-variant", "a", "h-t-t-p-server", "tuple-variant"],
    rename_all_enum_screaming_kebab_case: "SCREAMING-KEBAB-CASE" => ["MY-VARIANT", "A", "H-T-T-P-SERVER", "TUPLE-VARIANT"],
}

#[test]
fn field_rename_overrides_rename_all() {
    twins! {
        #[a(rename_all = "camelCase")]
        struct SerdeForm / JsonForm {
            my_first: u8,
            #[a(rename = "Explicit_Name")]
            my_second: u8,
            my_third: u8,
        }
    }
    let text = check_twins!(
        SerdeForm
            / JsonForm {
                my_first: 1,
                my_second: 2,
                my_third: 3
            }
    );
    assert_eq!(text, r#"{"myFirst":1,"Explicit_Name":2,"myThird":3}"#);
}

#[test]
fn variant_rename_overrides_rename_all() {
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "snake_case")]
    enum SerdeForm {
        FirstOne,
        #[serde(rename = "SECOND")]
        SecondOne,
    }
    #[derive(ToJson)]
    #[json(rename_all = "snake_case")]
    enum JsonForm {
        FirstOne,
        #[json(rename = "SECOND")]
        SecondOne,
    }
    assert_same(&SerdeForm::FirstOne);
    assert_same(&SerdeForm::SecondOne);
    assert_same_as(&JsonForm::FirstOne, &SerdeForm::FirstOne);
    assert_same_as(&JsonForm::SecondOne, &SerdeForm::SecondOne);
    assert_compact(&JsonForm::SecondOne, r#""SECOND""#);
}

#[test]
fn rename_all_on_tuple_struct_and_unit_struct_changes_nothing() {
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "UPPERCASE")]
    struct SerdeTuple(u8, u8);
    #[derive(ToJson)]
    #[json(rename_all = "UPPERCASE")]
    struct JsonTuple(u8, u8);
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "UPPERCASE")]
    struct SerdeUnit;
    #[derive(ToJson)]
    #[json(rename_all = "UPPERCASE")]
    struct JsonUnit;
    assert_same(&SerdeTuple(1, 2));
    assert_same_as(&JsonTuple(1, 2), &SerdeTuple(1, 2));
    assert_same(&SerdeUnit);
    assert_same_as(&JsonUnit, &SerdeUnit);
}

// ------------------------------------------------------------ container rename

#[test]
fn container_rename_does_not_change_output() {
    twins! {
        #[a(rename = "SomethingElse")]
        struct SerdeForm / JsonForm {
            a: u8,
        }
    }
    let text = check_twins!(SerdeForm / JsonForm { a: 1 });
    assert_eq!(text, r#"{"a":1}"#);

    #[derive(Serialize, ToJson)]
    #[serde(rename = "Other")]
    enum SerdeEnum {
        A,
        B(u8),
    }
    #[derive(ToJson)]
    #[json(rename = "Other")]
    enum JsonEnum {
        A,
        B(u8),
    }
    assert_same(&SerdeEnum::A);
    assert_same(&SerdeEnum::B(1));
    assert_same_as(&JsonEnum::A, &SerdeEnum::A);
    assert_same_as(&JsonEnum::B(1), &SerdeEnum::B(1));

    #[derive(Serialize, ToJson)]
    #[serde(rename = "N")]
    struct SerdeNewtype(u8);
    #[derive(ToJson)]
    #[json(rename = "N")]
    struct JsonNewtype(u8);
    assert_same(&SerdeNewtype(3));
    assert_same_as(&JsonNewtype(3), &SerdeNewtype(3));
}

// ------------------------------------------------------------ transparent

#[derive(Serialize, ToJson)]
struct Point {
    x: i32,
    y: i32,
}

#[test]
fn transparent_newtype() {
    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct SerdeForm(u32);
    #[derive(ToJson)]
    #[json(transparent)]
    struct JsonForm(u32);
    assert_same(&SerdeForm(7));
    assert_same_as(&JsonForm(7), &SerdeForm(7));
    assert_compact(&JsonForm(7), "7");

    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct SerdeOfStruct(Point);
    #[derive(ToJson)]
    #[json(transparent)]
    struct JsonOfStruct(Point);
    let p = || Point { x: 1, y: -1 };
    assert_same(&SerdeOfStruct(p()));
    assert_same_as(&JsonOfStruct(p()), &SerdeOfStruct(p()));
}

#[test]
fn transparent_named_struct() {
    twins! {
        #[a(transparent)]
        struct SerdeForm / JsonForm {
            inner: Vec<Point>,
        }
    }
    let text = check_twins!(
        SerdeForm
            / JsonForm {
                inner: vec![Point { x: 1, y: 2 }]
            }
    );
    assert_eq!(text, r#"[{"x":1,"y":2}]"#);
    check_twins!(SerdeForm / JsonForm { inner: vec![] });
}

#[test]
fn transparent_with_skipped_phantom_data() {
    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct SerdeForm<U> {
        value: String,
        #[serde(skip)]
        marker: PhantomData<U>,
    }
    #[derive(ToJson)]
    #[json(transparent)]
    struct JsonForm<U> {
        value: String,
        #[json(skip)]
        marker: PhantomData<U>,
    }
    struct Opaque;
    let theirs = SerdeForm::<Opaque> {
        value: "v\"".into(),
        marker: PhantomData,
    };
    let ours = JsonForm::<Opaque> {
        value: "v\"".into(),
        marker: PhantomData,
    };
    assert_same(&theirs);
    assert_same_as(&ours, &theirs);
    assert_compact(&ours, r#""v\"""#);

    // The written field need not come first.
    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct SerdeSecond {
        #[serde(skip_serializing)]
        ignored: u8,
        value: Option<u8>,
    }
    #[derive(ToJson)]
    #[json(transparent)]
    struct JsonSecond {
        #[json(skip_serializing)]
        ignored: u8,
        value: Option<u8>,
    }
    for value in [None, Some(4)] {
        let theirs = SerdeSecond { ignored: 1, value };
        let ours = JsonSecond { ignored: 1, value };
        assert_same(&theirs);
        assert_same_as(&ours, &theirs);
    }
}

#[test]
fn transparent_generic() {
    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct SerdeForm<T> {
        t: T,
    }
    #[derive(ToJson)]
    #[json(transparent)]
    struct JsonForm<T> {
        t: T,
    }
    assert_same(&SerdeForm { t: vec![1, 2] });
    assert_same_as(&JsonForm { t: vec![1, 2] }, &SerdeForm { t: vec![1, 2] });
    assert_same_as(&JsonForm { t: "s" }, &SerdeForm { t: "s" });
    let map = || BTreeMap::from([("k", Point { x: 0, y: 0 })]);
    assert_same_as(&JsonForm { t: map() }, &SerdeForm { t: map() });
}

// ------------------------------------------------------------ bound

/// Implements neither `ToJson` nor `Serialize`.
struct Opaque;

#[test]
fn json_bound_replaces_inferred_bound() {
    #[derive(ToJson)]
    #[json(bound = "T: ToJson")]
    struct Bounded<T> {
        x: T,
    }
    #[derive(Serialize)]
    #[serde(bound(serialize = "T: Serialize"))]
    struct SerdeBounded<T> {
        x: T,
    }
    assert_same_as(&Bounded { x: 5 }, &SerdeBounded { x: 5 });
    assert_same_as(&Bounded { x: vec!["a"] }, &SerdeBounded { x: vec!["a"] });
}

#[test]
fn empty_bound_allows_parameters_that_are_not_to_json() {
    #[derive(ToJson)]
    #[json(bound = "")]
    struct JsonForm<T> {
        #[json(skip)]
        hidden: Option<T>,
        n: u8,
    }
    #[derive(Serialize)]
    #[serde(bound = "")]
    struct SerdeForm<T> {
        #[serde(skip)]
        hidden: Option<T>,
        n: u8,
    }
    assert_same_as(
        &JsonForm::<Opaque> {
            hidden: Some(Opaque),
            n: 1,
        },
        &SerdeForm::<Opaque> { hidden: None, n: 1 },
    );
}

#[test]
fn serde_bound_is_used_by_to_json_too() {
    #[derive(Serialize, ToJson)]
    #[serde(bound = "T: Serialize + ToJson")]
    struct SerdeForm<T> {
        x: Vec<T>,
    }
    assert_same(&SerdeForm { x: vec![1, 2] });

    #[derive(Serialize, ToJson)]
    #[serde(bound(serialize = "T: serde::Serialize + json_runtime::ToJson"))]
    struct SerdeSerializeForm<T> {
        x: Option<T>,
    }
    assert_same(&SerdeSerializeForm { x: Some("s") });
}

#[test]
fn bound_with_where_clause_on_other_types() {
    #[derive(ToJson)]
    #[json(bound = "Vec<T>: ToJson")]
    struct JsonForm<T> {
        items: Vec<T>,
    }
    #[derive(Serialize)]
    struct SerdeForm<T> {
        items: Vec<T>,
    }
    assert_same_as(
        &JsonForm { items: vec![1.5] },
        &SerdeForm { items: vec![1.5] },
    );
}

// ------------------------------------------------------------ field rename

#[test]
fn field_rename() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(rename = "renamed")]
            original: u8,
            kept: u8,
            #[a(rename = "UPPER")]
            lower: u8,
        }
    }
    let text = check_twins!(
        SerdeForm
            / JsonForm {
                original: 1,
                kept: 2,
                lower: 3
            }
    );
    assert_eq!(text, r#"{"renamed":1,"kept":2,"UPPER":3}"#);
}

#[test]
fn field_rename_to_keys_needing_escapes() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(rename = "quo\"te")]
            a: u8,
            #[a(rename = "back\\slash")]
            b: u8,
            #[a(rename = "new\nline\ttab")]
            c: u8,
            #[a(rename = "\u{0}\u{1f}")]
            d: u8,
            #[a(rename = "é€😀")]
            e: u8,
            #[a(rename = "")]
            f: u8,
            #[a(rename = "with space/slash")]
            g: u8,
            #[a(rename = "\u{2028}\u{7f}")]
            h: u8,
            #[a(rename = "{\"a\":")]
            i: u8,
        }
    }
    let text = check_twins!(
        SerdeForm
            / JsonForm {
                a: 1,
                b: 2,
                c: 3,
                d: 4,
                e: 5,
                f: 6,
                g: 7,
                h: 8,
                i: 9,
            }
    );
    assert!(text.starts_with(r#"{"quo\"te":1,"back\\slash":2,"new\nline\ttab":3,"\u0000\u001f":4"#));
}

#[test]
fn rename_in_enum_variants_and_their_fields() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        #[serde(rename = "unit-\"v\"")]
        Unit,
        #[serde(rename = "nt")]
        Newtype(u8),
        #[serde(rename = "tp")]
        Tuple(u8, u8),
        #[serde(rename = "st")]
        Struct {
            #[serde(rename = "X\n")]
            x: u8,
            y: u8,
        },
    }
    #[derive(ToJson)]
    enum JsonForm {
        #[json(rename = "unit-\"v\"")]
        Unit,
        #[json(rename = "nt")]
        Newtype(u8),
        #[json(rename = "tp")]
        Tuple(u8, u8),
        #[json(rename = "st")]
        Struct {
            #[json(rename = "X\n")]
            x: u8,
            y: u8,
        },
    }
    let pairs = [
        (JsonForm::Unit, SerdeForm::Unit),
        (JsonForm::Newtype(1), SerdeForm::Newtype(1)),
        (JsonForm::Tuple(1, 2), SerdeForm::Tuple(1, 2)),
        (
            JsonForm::Struct { x: 1, y: 2 },
            SerdeForm::Struct { x: 1, y: 2 },
        ),
    ];
    for (ours, theirs) in &pairs {
        assert_same(theirs);
        assert_same_as(ours, theirs);
    }
    assert_compact(&JsonForm::Unit, r#""unit-\"v\"""#);
    assert_compact(
        &JsonForm::Struct { x: 1, y: 2 },
        r#"{"st":{"X\n":1,"y":2}}"#,
    );
}

// ------------------------------------------------------------ skip

#[test]
fn skip_and_skip_serializing_fields() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip)]
            first: u8,
            kept: u8,
            #[a(skip_serializing)]
            middle: String,
            also_kept: u8,
            #[a(skip)]
            last: Vec<u8>,
        }
    }
    let text = check_twins!(
        SerdeForm
            / JsonForm {
                first: 1,
                kept: 2,
                middle: "m".into(),
                also_kept: 3,
                last: vec![4]
            }
    );
    assert_eq!(text, r#"{"kept":2,"also_kept":3}"#);
}

#[test]
fn skip_every_field() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip)]
            a: u8,
            #[a(skip_serializing)]
            b: u8,
        }
    }
    let text = check_twins!(SerdeForm / JsonForm { a: 1, b: 2 });
    assert_eq!(text, "{}");
    assert_eq!(
        json_runtime::to_string_pretty(&JsonForm { a: 1, b: 2 }).unwrap(),
        "{}"
    );
}

#[test]
fn skip_field_of_type_without_to_json() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip)]
            opaque: Option<Opaque>,
            n: u8,
        }
    }
    let text = check_twins!(SerdeForm / JsonForm { opaque: None, n: 1 });
    assert_eq!(text, r#"{"n":1}"#);
}

#[test]
fn skip_in_tuple_struct() {
    #[derive(Serialize, ToJson)]
    struct SerdeForm(#[serde(skip)] u8, u8, #[serde(skip_serializing)] u8, u8);
    #[derive(ToJson)]
    struct JsonForm(#[json(skip)] u8, u8, #[json(skip_serializing)] u8, u8);
    assert_same(&SerdeForm(1, 2, 3, 4));
    assert_same_as(&JsonForm(1, 2, 3, 4), &SerdeForm(1, 2, 3, 4));
    assert_compact(&JsonForm(1, 2, 3, 4), "[2,4]");
}

#[test]
fn skip_leaving_one_field_of_tuple_struct_is_still_an_array() {
    #[derive(Serialize, ToJson)]
    struct SerdeForm(u8, #[serde(skip)] PhantomData<Opaque>);
    #[derive(ToJson)]
    struct JsonForm(u8, #[json(skip)] PhantomData<Opaque>);
    assert_same(&SerdeForm(1, PhantomData));
    assert_same_as(&JsonForm(1, PhantomData), &SerdeForm(1, PhantomData));
    assert_compact(&JsonForm(1, PhantomData), "[1]");
}

#[test]
fn skip_in_enum_variant_fields() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        Struct {
            #[serde(skip)]
            a: u8,
            b: u8,
            #[serde(skip_serializing)]
            c: u8,
        },
        AllSkipped {
            #[serde(skip)]
            a: u8,
        },
        Tuple(#[serde(skip)] u8, u8, u8),
        TupleAllSkipped(#[serde(skip)] u8, #[serde(skip)] u8),
    }
    #[derive(ToJson)]
    enum JsonForm {
        Struct {
            #[json(skip)]
            a: u8,
            b: u8,
            #[json(skip_serializing)]
            c: u8,
        },
        AllSkipped {
            #[json(skip)]
            a: u8,
        },
        Tuple(#[json(skip)] u8, u8, u8),
        TupleAllSkipped(#[json(skip)] u8, #[json(skip)] u8),
    }
    let pairs = [
        (
            JsonForm::Struct { a: 1, b: 2, c: 3 },
            SerdeForm::Struct { a: 1, b: 2, c: 3 },
        ),
        (
            JsonForm::AllSkipped { a: 1 },
            SerdeForm::AllSkipped { a: 1 },
        ),
        (JsonForm::Tuple(1, 2, 3), SerdeForm::Tuple(1, 2, 3)),
        (
            JsonForm::TupleAllSkipped(1, 2),
            SerdeForm::TupleAllSkipped(1, 2),
        ),
    ];
    for (ours, theirs) in &pairs {
        assert_same(theirs);
        assert_same_as(ours, theirs);
    }
}

// ------------------------------------------------------------ skip_serializing_if

fn is_zero(n: &u32) -> bool {
    *n == 0
}

mod predicates {
    pub fn is_default<T: Default + PartialEq>(value: &T) -> bool {
        *value == T::default()
    }
}

#[test]
fn skip_serializing_if_option_is_none() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip_serializing_if = "Option::is_none")]
            maybe: Option<u8>,
            always: u8,
        }
    }
    assert_eq!(
        check_twins!(
            SerdeForm
                / JsonForm {
                    maybe: None,
                    always: 1
                }
        ),
        r#"{"always":1}"#
    );
    assert_eq!(
        check_twins!(
            SerdeForm
                / JsonForm {
                    maybe: Some(0),
                    always: 1
                }
        ),
        r#"{"maybe":0,"always":1}"#
    );
}

#[test]
fn skip_serializing_if_custom_paths() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip_serializing_if = "is_zero")]
            count: u32,
            #[a(skip_serializing_if = "Vec::is_empty")]
            items: Vec<u8>,
            #[a(skip_serializing_if = "String::is_empty")]
            name: String,
            #[a(skip_serializing_if = "predicates::is_default")]
            flag: bool,
            #[a(skip_serializing_if = "crate::predicates::is_default")]
            ratio: i64,
        }
    }
    for count in [0, 5] {
        for items in [vec![], vec![1]] {
            for name in ["", "n"] {
                for flag in [false, true] {
                    for ratio in [0, -1] {
                        check_twins!(
                            SerdeForm
                                / JsonForm {
                                    count: count,
                                    items: items.clone(),
                                    name: name.to_string(),
                                    flag: flag,
                                    ratio: ratio,
                                }
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn conditionally_skipped_first_fields_in_every_combination() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip_serializing_if = "Option::is_none")]
            first: Option<u8>,
            #[a(skip_serializing_if = "Option::is_none")]
            second: Option<String>,
            fixed: u8,
            #[a(skip_serializing_if = "Option::is_none")]
            fourth: Option<Vec<u8>>,
            #[a(skip)]
            hidden: u8,
            #[a(skip_serializing_if = "Option::is_none")]
            last: Option<bool>,
        }
    }
    for mask in 0u8..16 {
        let on = |bit: u8| mask & (1 << bit) != 0;
        check_twins!(
            SerdeForm
                / JsonForm {
                    first: on(0).then_some(1),
                    second: on(1).then(|| "two".to_string()),
                    fixed: 3,
                    fourth: on(2).then(|| vec![4]),
                    hidden: 5,
                    last: on(3).then_some(true),
                }
        );
    }
}

#[test]
fn conditionally_skipped_fields_all_or_none_present() {
    twins! {
        struct SerdeForm / JsonForm {
            #[a(skip_serializing_if = "Option::is_none")]
            a: Option<u8>,
            #[a(skip_serializing_if = "Option::is_none")]
            b: Option<u8>,
            #[a(skip_serializing_if = "Option::is_none")]
            c: Option<u8>,
        }
    }
    for mask in 0u8..8 {
        let on = |bit: u8| mask & (1 << bit) != 0;
        check_twins!(
            SerdeForm
                / JsonForm {
                    a: on(0).then_some(1),
                    b: on(1).then_some(2),
                    c: on(2).then_some(3),
                }
        );
    }
    assert_eq!(
        check_twins!(
            SerdeForm
                / JsonForm {
                    a: None,
                    b: None,
                    c: None
                }
        ),
        "{}"
    );
    assert_eq!(
        json_runtime::to_string_pretty(&JsonForm {
            a: None,
            b: None,
            c: None
        })
        .unwrap(),
        "{}"
    );
    assert_eq!(
        check_twins!(
            SerdeForm
                / JsonForm {
                    a: Some(1),
                    b: Some(2),
                    c: Some(3)
                }
        ),
        r#"{"a":1,"b":2,"c":3}"#
    );
}

#[test]
fn conditionally_skipped_fields_nested_pretty() {
    twins! {
        struct InnerSerde / InnerJson {
            #[a(skip_serializing_if = "Option::is_none")]
            x: Option<u8>,
            #[a(skip_serializing_if = "Option::is_none")]
            y: Option<u8>,
        }
    }
    #[derive(Serialize, ToJson)]
    struct OuterSerde {
        list: Vec<InnerSerde>,
        #[serde(skip_serializing_if = "Option::is_none")]
        opt: Option<InnerSerde>,
    }
    #[derive(ToJson)]
    struct OuterJson {
        list: Vec<InnerJson>,
        #[json(skip_serializing_if = "Option::is_none")]
        opt: Option<InnerJson>,
    }
    let theirs = OuterSerde {
        list: vec![
            InnerSerde { x: None, y: None },
            InnerSerde {
                x: Some(1),
                y: None,
            },
            InnerSerde {
                x: None,
                y: Some(2),
            },
        ],
        opt: Some(InnerSerde { x: None, y: None }),
    };
    let ours = OuterJson {
        list: vec![
            InnerJson { x: None, y: None },
            InnerJson {
                x: Some(1),
                y: None,
            },
            InnerJson {
                x: None,
                y: Some(2),
            },
        ],
        opt: Some(InnerJson { x: None, y: None }),
    };
    assert_same(&theirs);
    assert_same_as(&ours, &theirs);
}

#[test]
fn skip_serializing_if_in_enum_variants() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        S {
            #[serde(skip_serializing_if = "Option::is_none")]
            a: Option<u8>,
            #[serde(skip_serializing_if = "is_zero")]
            b: u32,
        },
    }
    #[derive(ToJson)]
    enum JsonForm {
        S {
            #[json(skip_serializing_if = "Option::is_none")]
            a: Option<u8>,
            #[json(skip_serializing_if = "is_zero")]
            b: u32,
        },
    }
    for (a, b) in [(None, 0), (Some(1), 0), (None, 2), (Some(1), 2)] {
        let theirs = SerdeForm::S { a, b };
        let ours = JsonForm::S { a, b };
        assert_same(&theirs);
        assert_same_as(&ours, &theirs);
    }
}

#[test]
fn skip_serializing_if_in_tuple_struct() {
    #[derive(Serialize, ToJson)]
    struct SerdeForm(
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
        u8,
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
    );
    #[derive(ToJson)]
    struct JsonForm(
        #[json(skip_serializing_if = "Option::is_none")] Option<u8>,
        u8,
        #[json(skip_serializing_if = "Option::is_none")] Option<u8>,
    );
    for (a, c) in [
        (None, None),
        (Some(1), None),
        (None, Some(3)),
        (Some(1), Some(3)),
    ] {
        assert_same(&SerdeForm(a, 2, c));
        assert_same_as(&JsonForm(a, 2, c), &SerdeForm(a, 2, c));
    }
}

// ------------------------------------------------------------ variant rename / skip

#[test]
fn variant_rename() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        #[serde(rename = "a")]
        A,
        #[serde(rename = "b")]
        B(u8),
        C,
    }
    #[derive(ToJson)]
    enum JsonForm {
        #[json(rename = "a")]
        A,
        #[json(rename = "b")]
        B(u8),
        C,
    }
    for (ours, theirs) in [
        (JsonForm::A, SerdeForm::A),
        (JsonForm::B(1), SerdeForm::B(1)),
        (JsonForm::C, SerdeForm::C),
    ] {
        assert_same(&theirs);
        assert_same_as(&ours, &theirs);
    }
    assert_compact(&JsonForm::B(1), r#"{"b":1}"#);
}

#[test]
fn variant_skip_leaves_other_variants_unchanged() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        #[serde(skip)]
        Hidden(Opaque),
        Shown,
        #[serde(skip_serializing)]
        AlsoHidden {
            x: u8,
        },
        Data(u8),
    }
    #[derive(ToJson)]
    enum JsonForm {
        #[json(skip)]
        Hidden(Opaque),
        Shown,
        #[json(skip_serializing)]
        AlsoHidden {
            x: u8,
        },
        Data(u8),
    }
    assert_same(&SerdeForm::Shown);
    assert_same(&SerdeForm::Data(1));
    assert_same_as(&JsonForm::Shown, &SerdeForm::Shown);
    assert_same_as(&JsonForm::Data(1), &SerdeForm::Data(1));
    assert_compact(&JsonForm::Shown, r#""Shown""#);
}

// ------------------------------------------------------------ deserialization-only attributes

fn default_count() -> u32 {
    42
}

fn de_upper<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|s| s.to_uppercase())
}

#[derive(Deserialize)]
struct RawConfig {
    name: String,
}

impl From<RawConfig> for FromConfig {
    fn from(raw: RawConfig) -> Self {
        FromConfig { name: raw.name }
    }
}

#[derive(Serialize, Deserialize, ToJson)]
#[serde(from = "RawConfig")]
struct FromConfig {
    name: String,
}

impl TryFrom<RawConfig> for TryFromConfig {
    type Error = String;
    fn try_from(raw: RawConfig) -> Result<Self, String> {
        Ok(TryFromConfig { name: raw.name })
    }
}

#[derive(Serialize, Deserialize, ToJson)]
#[serde(try_from = "RawConfig")]
struct TryFromConfig {
    name: String,
}

#[derive(Serialize, Deserialize, ToJson, Default)]
#[serde(default, deny_unknown_fields)]
struct DeOnly<'a> {
    #[serde(default = "default_count")]
    count: u32,
    #[serde(alias = "nm", alias = "n")]
    name: String,
    #[serde(borrow)]
    label: Cow<'a, str>,
    #[serde(deserialize_with = "de_upper")]
    shout: String,
    #[serde(skip_deserializing)]
    computed: u8,
    #[serde(default)]
    extra: Option<u8>,
}

#[derive(Serialize, Deserialize, ToJson)]
enum DeOnlyEnum {
    #[serde(alias = "first")]
    First,
    #[serde(skip_deserializing)]
    Second(u8),
    #[serde(other)]
    Unknown,
}

/// The same body as `DeOnly` without any attribute.
#[derive(Serialize)]
struct Plain<'a> {
    count: u32,
    name: String,
    label: Cow<'a, str>,
    shout: String,
    computed: u8,
    extra: Option<u8>,
}

#[derive(ToJson)]
#[json(default, deny_unknown_fields)]
struct JsonDeOnly<'a> {
    #[json(default = "default_count")]
    count: u32,
    #[json(alias = "nm", alias = "n")]
    name: String,
    #[json(borrow)]
    label: Cow<'a, str>,
    #[json(deserialize_with = "de_upper")]
    shout: String,
    #[json(skip_deserializing)]
    computed: u8,
    #[json(default)]
    extra: Option<u8>,
}

#[derive(ToJson)]
#[json(from = "RawConfig", try_from = "RawConfig")]
struct JsonFromConfig {
    name: String,
}

#[test]
fn deserialization_only_attributes_leave_output_unchanged() {
    let value = DeOnly {
        count: 1,
        name: "n".into(),
        label: Cow::Borrowed("label"),
        shout: "quiet".into(),
        computed: 9,
        extra: None,
    };
    let plain = Plain {
        count: 1,
        name: "n".into(),
        label: Cow::Borrowed("label"),
        shout: "quiet".into(),
        computed: 9,
        extra: None,
    };
    assert_same(&value);
    assert_same_as(&value, &plain);
    let json_form = JsonDeOnly {
        count: 1,
        name: "n".into(),
        label: Cow::Borrowed("label"),
        shout: "quiet".into(),
        computed: 9,
        extra: None,
    };
    assert_same_as(&json_form, &plain);
    assert_compact(
        &json_form,
        r#"{"count":1,"name":"n","label":"label","shout":"quiet","computed":9,"extra":null}"#,
    );
}

#[test]
fn deserialization_only_attributes_round_trip_through_serde() {
    let value = DeOnly {
        count: 7,
        name: "name".into(),
        label: Cow::Borrowed("lbl"),
        shout: "loud".into(),
        computed: 0,
        extra: Some(1),
    };
    let text = json_runtime::to_string(&value).unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        serde_json::to_value(&value).unwrap()
    );
    // The output minus the skip_deserializing field, which
    // deny_unknown_fields rejects, reads back through serde's derive.
    let without_computed = text.replace(r#","computed":0"#, "");
    let back: DeOnly<'_> = serde_json::from_str(&without_computed).unwrap();
    assert_eq!(back.count, 7);
    assert_eq!(back.shout, "LOUD");
    assert!(matches!(back.label, Cow::Borrowed("lbl")));
}

#[test]
fn from_and_try_from_leave_output_unchanged() {
    let f = FromConfig { name: "f".into() };
    let t = TryFromConfig { name: "t".into() };
    assert_same(&f);
    assert_same(&t);
    assert_same_as(&JsonFromConfig { name: "f".into() }, &f);
    assert_compact(&f, r#"{"name":"f"}"#);
}

#[test]
fn deserialization_only_variant_attributes_leave_output_unchanged() {
    assert_same(&DeOnlyEnum::First);
    assert_same(&DeOnlyEnum::Second(2));
    assert_same(&DeOnlyEnum::Unknown);
    assert_compact(&DeOnlyEnum::First, r#""First""#);
}

// ------------------------------------------------------------ skip_serializing_none

#[derive(ToJson)]
#[json(skip_serializing_none)]
struct Teacher {
    name: String,
    courses: Option<Vec<String>>,
    office: std::option::Option<u16>,
    phone: core::option::Option<String>,
    nested: Option<Option<u8>>,
    not_an_option: Vec<Option<u8>>,
    last: Option<bool>,
}

#[derive(Serialize)]
struct TeacherTwin {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    courses: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    office: std::option::Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: core::option::Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nested: Option<Option<u8>>,
    not_an_option: Vec<Option<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last: Option<bool>,
}

macro_rules! teachers {
    ($($field:ident : $value:expr),* $(,)?) => {
        (
            Teacher { $($field: $value),* },
            TeacherTwin { $($field: $value),* },
        )
    };
}

#[test]
fn skip_serializing_none_omits_none_options() {
    let (ours, theirs) = teachers! {
        name: "John".into(),
        courses: None,
        office: None,
        phone: None,
        nested: None,
        not_an_option: vec![None],
        last: None,
    };
    assert_same_as(&ours, &theirs);
    assert_compact(&ours, r#"{"name":"John","not_an_option":[null]}"#);
}

#[test]
fn skip_serializing_none_keeps_some_options() {
    let (ours, theirs) = teachers! {
        name: "Jane".into(),
        courses: Some(vec!["math".into()]),
        office: Some(101),
        phone: Some("555".into()),
        nested: Some(None),
        not_an_option: vec![],
        last: Some(false),
    };
    assert_same_as(&ours, &theirs);
    assert_compact(
        &ours,
        r#"{"name":"Jane","courses":["math"],"office":101,"phone":"555","nested":null,"not_an_option":[],"last":false}"#,
    );
}

#[test]
fn skip_serializing_none_every_combination() {
    for mask in 0u8..32 {
        let on = |bit: u8| mask & (1 << bit) != 0;
        let (ours, theirs) = teachers! {
            name: String::new(),
            courses: on(0).then(Vec::new),
            office: on(1).then_some(1),
            phone: on(2).then(String::new),
            nested: on(3).then_some(Some(3)),
            not_an_option: vec![Some(1)],
            last: on(4).then_some(true),
        };
        assert_same_as(&ours, &theirs);
    }
}

#[test]
fn skip_serializing_none_when_options_come_first() {
    #[derive(ToJson)]
    #[json(skip_serializing_none)]
    struct JsonForm {
        a: Option<u8>,
        b: Option<u8>,
        c: u8,
    }
    #[derive(Serialize)]
    struct SerdeForm {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u8>,
        c: u8,
    }
    for (a, b) in [
        (None, None),
        (Some(1), None),
        (None, Some(2)),
        (Some(1), Some(2)),
    ] {
        assert_same_as(&JsonForm { a, b, c: 3 }, &SerdeForm { a, b, c: 3 });
    }
}

#[test]
fn skip_serializing_none_with_only_options() {
    #[derive(ToJson)]
    #[json(skip_serializing_none)]
    struct JsonForm {
        a: Option<u8>,
        b: Option<String>,
    }
    #[derive(Serialize)]
    struct SerdeForm {
        #[serde(skip_serializing_if = "Option::is_none")]
        a: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<String>,
    }
    assert_same_as(
        &JsonForm { a: None, b: None },
        &SerdeForm { a: None, b: None },
    );
    assert_compact(&JsonForm { a: None, b: None }, "{}");
    assert_eq!(
        json_runtime::to_string_pretty(&JsonForm { a: None, b: None }).unwrap(),
        "{}"
    );
    assert_same_as(
        &JsonForm {
            a: Some(1),
            b: Some("b".into()),
        },
        &SerdeForm {
            a: Some(1),
            b: Some("b".into()),
        },
    );
}

#[test]
fn skip_serializing_none_with_generic_option_and_other_attributes() {
    #[derive(ToJson)]
    #[json(skip_serializing_none, rename_all = "camelCase")]
    struct JsonForm<T> {
        first_value: Option<T>,
        #[json(rename = "Second")]
        second_value: Option<u8>,
        #[json(skip)]
        hidden_value: Option<u8>,
        #[json(skip_serializing_if = "is_zero")]
        count_value: u32,
        plain_value: T,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct SerdeForm<T> {
        #[serde(skip_serializing_if = "Option::is_none")]
        first_value: Option<T>,
        #[serde(rename = "Second", skip_serializing_if = "Option::is_none")]
        second_value: Option<u8>,
        #[serde(skip)]
        hidden_value: Option<u8>,
        #[serde(skip_serializing_if = "is_zero")]
        count_value: u32,
        plain_value: T,
    }
    for (first, second, count) in [
        (None, None, 0),
        (Some("f"), None, 1),
        (None, Some(2), 0),
        (Some("f"), Some(2), 3),
    ] {
        assert_same_as(
            &JsonForm {
                first_value: first,
                second_value: second,
                hidden_value: Some(9),
                count_value: count,
                plain_value: "p",
            },
            &SerdeForm {
                first_value: first,
                second_value: second,
                hidden_value: Some(9),
                count_value: count,
                plain_value: "p",
            },
        );
    }
}

#[test]
fn skip_serializing_none_does_not_see_through_type_aliases() {
    // As serde_with's, the option is recognized by the name of the type.
    type Maybe<T> = Option<T>;
    #[derive(ToJson)]
    #[json(skip_serializing_none)]
    struct JsonForm {
        aliased: Maybe<u8>,
        direct: Option<u8>,
    }
    #[derive(Serialize)]
    struct SerdeForm {
        aliased: Maybe<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        direct: Option<u8>,
    }
    assert_same_as(
        &JsonForm {
            aliased: None,
            direct: None,
        },
        &SerdeForm {
            aliased: None,
            direct: None,
        },
    );
    assert_compact(
        &JsonForm {
            aliased: None,
            direct: None,
        },
        r#"{"aliased":null}"#,
    );
}

#[test]
fn skip_serializing_none_alongside_serde_attributes() {
    // A type deriving both, with serde's attributes and the json-only one.
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "PascalCase")]
    #[json(skip_serializing_none)]
    struct Both {
        my_name: String,
        my_office: Option<u16>,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "PascalCase")]
    struct Twin {
        my_name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        my_office: Option<u16>,
    }
    for office in [None, Some(7)] {
        assert_same_as(
            &Both {
                my_name: "n".into(),
                my_office: office,
            },
            &Twin {
                my_name: "n".into(),
                my_office: office,
            },
        );
    }
    // serde itself still writes the None.
    assert_eq!(
        serde_json::to_string(&Both {
            my_name: "n".into(),
            my_office: None
        })
        .unwrap(),
        r#"{"MyName":"n","MyOffice":null}"#
    );
}

// ------------------------------------------------------------ both namespaces

#[test]
fn serde_and_json_attributes_combine() {
    #[derive(ToJson)]
    #[serde(rename_all = "camelCase")]
    struct Mixed {
        #[json(rename = "ID")]
        record_id: u8,
        #[serde(skip)]
        secret: u8,
        #[json(skip_serializing_if = "Option::is_none")]
        maybe_value: Option<u8>,
        plain_field: u8,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Twin {
        #[serde(rename = "ID")]
        record_id: u8,
        #[serde(skip)]
        secret: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe_value: Option<u8>,
        plain_field: u8,
    }
    for maybe in [None, Some(1)] {
        assert_same_as(
            &Mixed {
                record_id: 1,
                secret: 2,
                maybe_value: maybe,
                plain_field: 3,
            },
            &Twin {
                record_id: 1,
                secret: 2,
                maybe_value: maybe,
                plain_field: 3,
            },
        );
    }
}
