//! Attribute forms beyond the core list that serde users write and the
//! derive accepts: split `serialize`/`deserialize` values, `rename_all_fields`,
//! variant `rename_all`, field and variant `bound`, `#[json]` overriding
//! `#[serde]`, attributes produced by `macro_rules!`. Each is compared byte
//! for byte with serde_json.

#![allow(dead_code)]

use std::marker::PhantomData;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::Serialize;

#[test]
fn rename_with_serialize_and_deserialize_names() {
    #[derive(Serialize, ToJson)]
    struct Form {
        #[serde(rename(serialize = "ser_name", deserialize = "de_name"))]
        both: u8,
        #[serde(rename(deserialize = "only_de"))]
        de_only: u8,
        #[serde(rename(serialize = "only_ser"))]
        ser_only: u8,
    }
    let v = Form {
        both: 1,
        de_only: 2,
        ser_only: 3,
    };
    assert_same(&v);
    assert_compact(&v, r#"{"ser_name":1,"de_only":2,"only_ser":3}"#);
}

#[test]
fn rename_all_with_serialize_and_deserialize_styles() {
    #[derive(Serialize, ToJson)]
    #[serde(rename_all(serialize = "SCREAMING_SNAKE_CASE", deserialize = "camelCase"))]
    struct Split {
        my_field: u8,
    }
    #[derive(Serialize, ToJson)]
    #[serde(rename_all(deserialize = "camelCase"))]
    struct DeOnly {
        my_field: u8,
    }
    assert_same(&Split { my_field: 1 });
    assert_same(&DeOnly { my_field: 1 });
    assert_compact(&Split { my_field: 1 }, r#"{"MY_FIELD":1}"#);
    assert_compact(&DeOnly { my_field: 1 }, r#"{"my_field":1}"#);
}

#[test]
fn rename_all_fields_on_enum() {
    #[derive(Serialize, ToJson)]
    #[serde(rename_all_fields = "camelCase", rename_all = "kebab-case")]
    enum SerdeForm {
        FirstKind {
            some_field: u8,
            other_field: u8,
        },
        Second(u8),
        ThirdOne {
            #[serde(rename = "kept")]
            renamed_field: u8,
        },
    }
    #[derive(ToJson)]
    #[json(rename_all_fields = "camelCase", rename_all = "kebab-case")]
    enum JsonForm {
        FirstKind {
            some_field: u8,
            other_field: u8,
        },
        Second(u8),
        ThirdOne {
            #[json(rename = "kept")]
            renamed_field: u8,
        },
    }
    let pairs = [
        (
            JsonForm::FirstKind {
                some_field: 1,
                other_field: 2,
            },
            SerdeForm::FirstKind {
                some_field: 1,
                other_field: 2,
            },
        ),
        (JsonForm::Second(3), SerdeForm::Second(3)),
        (
            JsonForm::ThirdOne { renamed_field: 4 },
            SerdeForm::ThirdOne { renamed_field: 4 },
        ),
    ];
    for (ours, theirs) in &pairs {
        assert_same(theirs);
        assert_same_as(ours, theirs);
    }
}

#[test]
fn variant_rename_all_renames_its_fields() {
    #[derive(Serialize, ToJson)]
    enum SerdeForm {
        #[serde(rename_all = "PascalCase")]
        Struct {
            inner_field: u8,
        },
        Other {
            inner_field: u8,
        },
    }
    #[derive(ToJson)]
    enum JsonForm {
        #[json(rename_all = "PascalCase")]
        Struct {
            inner_field: u8,
        },
        Other {
            inner_field: u8,
        },
    }
    assert_same(&SerdeForm::Struct { inner_field: 1 });
    assert_same(&SerdeForm::Other { inner_field: 1 });
    assert_same_as(
        &JsonForm::Struct { inner_field: 1 },
        &SerdeForm::Struct { inner_field: 1 },
    );
    assert_same_as(
        &JsonForm::Other { inner_field: 1 },
        &SerdeForm::Other { inner_field: 1 },
    );
    assert_compact(
        &JsonForm::Struct { inner_field: 1 },
        r#"{"Struct":{"InnerField":1}}"#,
    );
}

/// Implements neither `ToJson` nor `Serialize`.
struct Opaque;

#[test]
fn field_bound_replaces_inferred_bound_for_that_field() {
    #[derive(ToJson)]
    struct JsonForm<T, U> {
        #[json(bound = "")]
        marker: PhantomData<T>,
        value: U,
    }
    #[derive(Serialize)]
    struct SerdeForm<T, U> {
        #[serde(bound = "")]
        marker: PhantomData<T>,
        value: U,
    }
    assert_same_as(
        &JsonForm::<Opaque, u8> {
            marker: PhantomData,
            value: 1,
        },
        &SerdeForm::<Opaque, u8> {
            marker: PhantomData,
            value: 1,
        },
    );
}

#[test]
fn variant_bound() {
    #[derive(ToJson)]
    enum JsonForm<T> {
        #[json(bound = "T: ToJson")]
        A(T),
        B,
    }
    #[derive(Serialize)]
    enum SerdeForm<T> {
        #[serde(bound = "T: Serialize")]
        A(T),
        B,
    }
    assert_same_as(&JsonForm::A(1), &SerdeForm::A(1));
    assert_same_as(&JsonForm::<u8>::B, &SerdeForm::<u8>::B);
}

#[test]
fn json_attribute_overrides_serde_attribute() {
    // A type may write different JSON through this library on purpose.
    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    #[json(rename_all = "SCREAMING_SNAKE_CASE")]
    struct Overridden {
        #[serde(rename = "serdeName")]
        #[json(rename = "jsonName")]
        renamed: u8,
        plain_field: u8,
    }
    let v = Overridden {
        renamed: 1,
        plain_field: 2,
    };
    assert_compact(&v, r#"{"jsonName":1,"PLAIN_FIELD":2}"#);
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"{"serdeName":1,"plainField":2}"#
    );
}

#[test]
fn serde_crate_attribute_is_accepted() {
    #[derive(Serialize, ToJson)]
    #[serde(crate = "serde")]
    struct Form {
        a: u8,
    }
    assert_same(&Form { a: 1 });
}

#[test]
fn json_crate_attribute_names_the_runtime() {
    mod renamed {
        pub use json_runtime as my_runtime;
    }
    #[derive(ToJson)]
    #[json(crate = "renamed::my_runtime")]
    struct Form {
        a: u8,
    }
    #[derive(Serialize)]
    struct Twin {
        a: u8,
    }
    assert_same_as(&Form { a: 1 }, &Twin { a: 1 });
}

#[test]
fn newtype_with_skipped_field_is_written_as_serde_does() {
    #[derive(Serialize, ToJson)]
    struct Form(#[serde(skip)] u8);
    assert_same(&Form(5));
}

#[test]
fn skip_serializing_none_keeps_an_explicit_skip_serializing_if() {
    fn is_some_zero(v: &Option<u8>) -> bool {
        *v == Some(0)
    }
    #[derive(ToJson)]
    #[json(skip_serializing_none)]
    struct JsonForm {
        #[json(skip_serializing_if = "is_some_zero")]
        explicit: Option<u8>,
        implicit: Option<u8>,
    }
    #[derive(Serialize)]
    struct SerdeForm {
        #[serde(skip_serializing_if = "is_some_zero")]
        explicit: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        implicit: Option<u8>,
    }
    for explicit in [None, Some(0), Some(1)] {
        for implicit in [None, Some(0)] {
            assert_same_as(
                &JsonForm { explicit, implicit },
                &SerdeForm { explicit, implicit },
            );
        }
    }
}

macro_rules! from_macro {
    ($name:ident, $style:literal, $key:literal, $field:ident) => {
        #[derive(Serialize, ToJson)]
        #[serde(rename_all = $style)]
        struct $name {
            #[serde(rename = $key)]
            $field: u8,
            other_field: u8,
        }
    };
}

from_macro!(FromMacro, "PascalCase", "custom key", my_field);

#[test]
fn attributes_from_macro_rules_literals() {
    let v = FromMacro {
        my_field: 1,
        other_field: 2,
    };
    assert_same(&v);
    assert_compact(&v, r#"{"custom key":1,"OtherField":2}"#);
}

// The derive's own locals are `w`, `first` and `run`, with mixed-site
// hygiene: fields of those names, written in the type itself or passed in
// as a macro's arguments, are read as the type's fields, never as the
// locals.
macro_rules! named_like_locals {
    ($name:ident, $a:ident, $b:ident, $c:ident) => {
        #[derive(Serialize, ToJson)]
        struct $name {
            $a: u64,
            $b: String,
            $c: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            w2: Option<bool>,
        }
    };
}

named_like_locals!(LikeLocals, w, first, run);

#[test]
fn fields_named_like_the_derives_locals() {
    #[derive(Serialize, ToJson)]
    struct Direct {
        w: u64,
        first: bool,
        run: Vec<u8>,
    }
    let v = LikeLocals {
        w: 1,
        first: "a".into(),
        run: Some(2),
        w2: None,
    };
    assert_same(&v);
    assert_compact(&v, r#"{"w":1,"first":"a","run":2}"#);
    assert_same(&Direct {
        w: 3,
        first: true,
        run: vec![4],
    });
}

#[test]
fn doc_comments_and_other_attributes_are_ignored() {
    /// A documented type.
    #[derive(Serialize, ToJson, Debug, Clone, PartialEq)]
    #[allow(non_snake_case)]
    #[repr(C)]
    struct Documented {
        /// A documented field.
        #[allow(unused)]
        Field: u8,
        #[cfg(test)]
        present: u8,
        #[cfg(not(test))]
        absent: u8,
    }
    let v = Documented {
        Field: 1,
        present: 2,
    };
    assert_same(&v);
    assert_compact(&v, r#"{"Field":1,"present":2}"#);
}

#[test]
fn empty_serde_and_json_attributes_are_accepted() {
    #[derive(Serialize, ToJson)]
    #[serde()]
    #[json()]
    struct Form {
        #[serde()]
        #[json()]
        a: u8,
    }
    assert_same(&Form { a: 1 });
}

macro_rules! rename_all_edge_cases {
    ($($test:ident: $style:tt,)*) => {$(
        #[test]
        fn $test() {
            #[derive(Serialize, ToJson)]
            #[serde(rename_all = $style)]
            #[allow(non_snake_case)]
            struct Fields {
                café_au_lait: u8,
                x_ñ: u8,
                _leading: u8,
                trailing_: u8,
                double__under: u8,
                a1_b2: u8,
                r#type: u8,
                Capital_start: u8,
                already_camelCase: u8,
            }
            #[derive(Serialize, ToJson)]
            #[serde(rename_all = $style)]
            #[allow(non_camel_case_types)]
            enum Variants {
                CaféBar,
                XÑo,
                AB,
                ABc,
                X2Y,
                Ipv4Addr,
                r#Loop,
                lower_snake,
                V,
            }
            assert_same(&Fields {
                café_au_lait: 1,
                x_ñ: 2,
                _leading: 3,
                trailing_: 4,
                double__under: 5,
                a1_b2: 6,
                r#type: 7,
                Capital_start: 8,
                already_camelCase: 9,
            });
            for v in [
                Variants::CaféBar,
                Variants::XÑo,
                Variants::AB,
                Variants::ABc,
                Variants::X2Y,
                Variants::Ipv4Addr,
                Variants::r#Loop,
                Variants::lower_snake,
                Variants::V,
            ] {
                assert_same(&v);
            }
        }
    )*};
}

rename_all_edge_cases! {
    rename_all_edge_cases_lowercase: "lowercase",
    rename_all_edge_cases_uppercase: "UPPERCASE",
    rename_all_edge_cases_pascal_case: "PascalCase",
    rename_all_edge_cases_camel_case: "camelCase",
    rename_all_edge_cases_snake_case: "snake_case",
    rename_all_edge_cases_screaming_snake_case: "SCREAMING_SNAKE_CASE",
    rename_all_edge_cases_kebab_case: "kebab-case",
    rename_all_edge_cases_screaming_kebab_case: "SCREAMING-KEBAB-CASE",
}

#[test]
fn tuple_struct_with_every_field_skipped() {
    #[derive(Serialize, ToJson)]
    struct Form(#[serde(skip)] u8, #[serde(skip_serializing)] u8);
    assert_same(&Form(1, 2));
    assert_compact(&Form(1, 2), "[]");
}

#[test]
fn type_parameter_only_in_skipped_field_needs_no_bound() {
    #[derive(Serialize, ToJson)]
    struct Form<T> {
        #[serde(skip)]
        hidden: Option<T>,
        shown: u8,
    }
    assert_same(&Form::<Opaque> {
        hidden: None,
        shown: 1,
    });
}

#[test]
fn raw_identifier_variants() {
    #[derive(Serialize, ToJson)]
    #[allow(non_camel_case_types)]
    enum Form {
        r#match,
        r#Type(u8),
        r#fn { r#in: u8 },
    }
    for v in [Form::r#match, Form::r#Type(1), Form::r#fn { r#in: 2 }] {
        assert_same(&v);
    }
    assert_compact(&Form::r#fn { r#in: 2 }, r#"{"fn":{"in":2}}"#);
}
