//! Like `lints.rs`, under stricter settings that some crates use: the
//! 2018 idioms (elided lifetimes in paths), no unsafe code, trivial casts,
//! unused results and lifetimes, and clippy's pedantic group.

#![deny(warnings, unused_qualifications)]
#![deny(clippy::all, clippy::pedantic)]
#![deny(
    rust_2018_idioms,
    trivial_casts,
    trivial_numeric_casts,
    unused_results,
    unused_lifetimes,
    unused_import_braces,
    let_underscore_drop,
    meta_variable_misuse
)]
#![forbid(unsafe_code)]

include!("lints/cases.rs");

/// Enum representations, `flatten`, `serialize_with`, `as_string`, `into`
/// and `RawJson`, under the same lints.
mod model {
    use std::collections::BTreeMap;

    use json_runtime::{Format, RawJson, ToJson, ValueWriter, Written};
    use json_tests::{assert_same, assert_same_as};
    use serde::{Serialize, Serializer};

    fn len_json<F: Format>(value: &str, w: ValueWriter<'_, '_, F>) -> Written {
        value.len().write_json(w)
    }

    fn len_serde<S: Serializer>(value: &str, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(value.len() as u64)
    }

    // serde passes every field by reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn id_serde<S: Serializer>(value: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    #[derive(Serialize, ToJson)]
    struct Meta {
        version: u8,
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    enum Internal<'a, T> {
        Unit,
        Struct {
            value: T,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: Option<&'a str>,
        },
        New(Meta),
        #[serde(untagged)]
        Other(u8),
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        Unit,
        Pair(u8, u8),
        #[serde(serialize_with = "len_serde")]
        #[json(serialize_with = "len_json")]
        Text(String),
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    enum Untagged {
        Unit,
        Struct { a: u8 },
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "kind")]
    struct Document<T> {
        #[serde(flatten)]
        meta: Meta,
        #[serde(flatten)]
        extra: BTreeMap<String, u8>,
        #[serde(flatten)]
        body: T,
        #[serde(flatten)]
        choice: Untagged,
        #[serde(with = "len_module")]
        #[json(with = "len_module_json")]
        title: String,
    }

    mod len_module {
        pub(super) fn serialize<S: serde::Serializer>(v: &str, s: S) -> Result<S::Ok, S::Error> {
            super::len_serde(v, s)
        }
    }

    mod len_module_json {
        pub(super) fn serialize<F: json_runtime::Format>(
            v: &str,
            w: json_runtime::ValueWriter<'_, '_, F>,
        ) -> json_runtime::Written {
            super::len_json(v, w)
        }
    }

    #[derive(Serialize)]
    struct IdsTwin {
        #[serde(serialize_with = "id_serde")]
        id: u64,
    }

    #[derive(ToJson)]
    struct Ids {
        #[json(as_string)]
        id: u64,
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "Meta")]
    struct Version(u8);

    impl From<Version> for Meta {
        fn from(v: Version) -> Meta {
            Meta { version: v.0 }
        }
    }

    #[derive(ToJson)]
    struct Raw<'a> {
        raw: &'a RawJson,
    }

    #[test]
    fn wider_model_compiles_without_warnings_and_matches_serde() {
        assert_same(&Internal::<'_, u8>::Unit);
        assert_same(&Internal::Struct {
            value: 1_u8,
            note: None,
        });
        assert_same(&Internal::<'_, u8>::New(Meta { version: 1 }));
        assert_same(&Internal::<'_, u8>::Other(1));
        assert_same(&Adjacent::Unit);
        assert_same(&Adjacent::Pair(1, 2));
        assert_same(&Adjacent::Text("abc".into()));
        assert_same(&Document {
            meta: Meta { version: 2 },
            extra: BTreeMap::from([("x".to_owned(), 1)]),
            body: Untagged::Struct { a: 3 },
            choice: Untagged::Unit,
            title: "title".into(),
        });
        assert_same_as(&Ids { id: u64::MAX }, &IdsTwin { id: u64::MAX });
        assert_same(&Version(4));
        let raw = RawJson::new("[1]").expect("valid JSON");
        assert_eq!(
            json_runtime::to_string(&Raw { raw }).unwrap(),
            r#"{"raw":[1]}"#
        );
    }
}
