// Types and checks shared by lints.rs and lints_strict.rs, included into
// both so each compiles them under its own crate-level lint settings.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::marker::PhantomData;

use json_runtime::ToJson;
use json_tests::{assert_same, assert_same_as};
use serde::Serialize;

#[derive(Serialize, ToJson)]
struct Plain {
    id: u64,
    name: String,
}

#[derive(Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct Renamed {
    first_name: String,
    #[serde(rename = "LAST")]
    last_name: String,
    #[serde(skip)]
    cache: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    middle_name: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tags: Vec<String>,
}

#[derive(Serialize, ToJson)]
struct Generic<'a, T, U: Clone>
where
    T: Clone,
{
    borrowed: &'a [T],
    owned: Vec<U>,
    cow: Cow<'a, str>,
    marker: PhantomData<fn() -> T>,
}

#[derive(Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
enum Event<T> {
    Started,
    Progress(u8),
    Pair(T, T),
    #[serde(rename = "done")]
    Finished {
        code: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<T>,
    },
    #[serde(skip)]
    Internal,
    Empty {},
    EmptyTuple(),
}

#[derive(Serialize, ToJson)]
struct Newtype(Plain);

#[derive(Serialize, ToJson)]
struct Tuple(u8, #[serde(skip)] u8, String);

#[derive(Serialize, ToJson)]
struct Unit;

#[derive(Serialize, ToJson)]
struct Empty {}

#[derive(Serialize, ToJson)]
#[serde(transparent)]
struct Transparent<T> {
    inner: T,
}

#[derive(ToJson)]
#[json(skip_serializing_none, rename_all = "kebab-case")]
struct SkipNone {
    some_value: Option<u8>,
    other_value: Option<String>,
    always_here: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
struct SkipNoneTwin {
    #[serde(skip_serializing_if = "Option::is_none")]
    some_value: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    other_value: Option<String>,
    always_here: bool,
}

#[derive(ToJson)]
#[json(bound = "T: ToJson")]
struct Bounded<T> {
    value: T,
}

#[derive(Serialize, ToJson)]
struct Recursive {
    children: Vec<Recursive>,
    parent: Option<Box<Recursive>>,
}

#[derive(Serialize, ToJson)]
struct AllSkippable {
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<u8>,
}

#[derive(Serialize, ToJson)]
struct ConstGeneric<const N: usize> {
    values: Vec<u8>,
}

#[derive(Serialize, ToJson)]
#[serde(deny_unknown_fields)]
struct DeOnly {
    #[serde(default, alias = "v")]
    value: u8,
}

mod nested {
    use json_runtime::ToJson;
    use serde::Serialize;

    #[derive(Serialize, ToJson)]
    pub struct Public {
        pub field: u8,
        pub(crate) crate_field: u8,
    }

    #[derive(Serialize, ToJson)]
    pub enum PublicEnum {
        A,
        B(Public),
    }
}

#[test]
fn derived_code_compiles_without_warnings_and_matches_serde() {
    assert_same(&Plain {
        id: 1,
        name: "p".into(),
    });
    let renamed = Renamed {
        first_name: "a".into(),
        last_name: "b".into(),
        cache: 0,
        middle_name: None,
        tags: vec![],
    };
    assert_eq!(renamed.cache, 0);
    assert_same(&renamed);
    assert_same(&Generic::<u8, char> {
        borrowed: &[1, 2],
        owned: vec!['c'],
        cow: Cow::Borrowed("cow"),
        marker: PhantomData,
    });
    for event in [
        Event::Started,
        Event::Progress(50),
        Event::Pair("a", "b"),
        Event::Finished {
            code: 0,
            detail: Some("ok"),
        },
        Event::Finished {
            code: 1,
            detail: None,
        },
        Event::Empty {},
        Event::EmptyTuple(),
    ] {
        assert_same(&event);
    }
    let internal: Event<u8> = Event::Internal;
    assert!(matches!(internal, Event::Internal));
    assert_same(&Newtype(Plain {
        id: 2,
        name: String::new(),
    }));
    let tuple = Tuple(1, 2, "t".into());
    assert_eq!(tuple.1, 2);
    assert_same(&tuple);
    assert_same(&Unit);
    assert_same(&Empty {});
    assert_same(&Transparent { inner: vec![1] });
    assert_same_as(
        &SkipNone {
            some_value: None,
            other_value: Some("o".into()),
            always_here: true,
        },
        &SkipNoneTwin {
            some_value: None,
            other_value: Some("o".into()),
            always_here: true,
        },
    );
    assert_eq!(
        json_runtime::to_string(&Bounded { value: 3 }).unwrap(),
        r#"{"value":3}"#
    );
    assert_same(&Recursive {
        children: vec![Recursive {
            children: vec![],
            parent: None,
        }],
        parent: None,
    });
    assert_same(&AllSkippable {
        a: None,
        b: Some(1),
    });
    assert_same(&ConstGeneric::<3> { values: vec![3] });
    assert_same(&DeOnly { value: 1 });
    let public = nested::Public {
        field: 1,
        crate_field: 2,
    };
    assert_same(&public);
    assert_same(&nested::PublicEnum::A);
    assert_same(&nested::PublicEnum::B(public));
    let map = BTreeMap::from([(
        "k",
        Plain {
            id: 3,
            name: "m".into(),
        },
    )]);
    assert_same(&map);
}

/// Deprecated types, variants and fields: the impls allow what the type
/// allows, as `serde_derive`'s do, so crates denying warnings still build.
/// Also the impls added for map keys, flattened newtypes, `into` on enums,
/// packed structs and empty arrays, under the same lints.
mod deprecated_and_new_impls {
    use std::collections::BTreeMap;
    use std::marker::PhantomData;

    use json_runtime::ToJson;
    use json_tests::assert_same;
    use serde::Serialize;

    #[deprecated = "use Plain"]
    #[derive(Serialize, ToJson)]
    pub struct OldStruct {
        pub id: u8,
    }

    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    pub enum OldVariant {
        New,
        #[deprecated]
        Old,
    }

    #[derive(Serialize, ToJson)]
    pub struct OldField {
        #[deprecated]
        pub old: u8,
        pub new: u8,
    }

    #[derive(Serialize, ToJson)]
    pub enum OldFieldInVariant {
        A {
            #[deprecated]
            x: u8,
        },
        B(#[deprecated] u8),
    }

    #[deprecated]
    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    pub struct OldKey(pub u32);

    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(transparent)]
    pub struct Key<T> {
        marker: PhantomData<T>,
        name: &'static str,
    }

    #[derive(Serialize, ToJson)]
    pub struct Flattened {
        #[serde(flatten)]
        extra: Extra,
    }

    #[derive(Serialize, ToJson)]
    pub struct Extra(BTreeMap<String, u8>);

    #[derive(Serialize, ToJson, Clone, Copy)]
    #[serde(into = "u8")]
    pub enum Into {
        A,
    }

    impl From<Into> for u8 {
        fn from(_: Into) -> u8 {
            1
        }
    }

    #[derive(Serialize, ToJson)]
    #[repr(C, packed)]
    pub struct Packed {
        a: u8,
        b: u64,
    }

    #[derive(Serialize, ToJson)]
    pub struct EmptyArray {
        empty: [String; 0],
    }

    #[test]
    #[allow(deprecated)]
    fn deprecated_items_and_new_impls_compile_without_warnings() {
        assert_same(&OldStruct { id: 1 });
        assert_same(&BTreeMap::from([(OldVariant::Old, 1), (OldVariant::New, 2)]));
        assert_same(&OldField { old: 1, new: 2 });
        assert_same(&OldFieldInVariant::A { x: 1 });
        assert_same(&OldFieldInVariant::B(2));
        assert_same(&BTreeMap::from([(OldKey(3), 1)]));
        let key = Key::<String> {
            marker: PhantomData,
            name: "k",
        };
        assert_same(&BTreeMap::from([(key, 1)]));
        assert_same(&Flattened {
            extra: Extra(BTreeMap::from([("e".to_owned(), 1)])),
        });
        assert_same(&Into::A);
        assert_same(&Packed { a: 1, b: 2 });
        assert_same(&EmptyArray { empty: [] });
    }
}

/// What serde's own test suite and real crates needed: flattened fields
/// and internally tagged content written through serde, `serialize_with`
/// on internally tagged variants and flattened fields, generic and
/// `#[non_exhaustive]` remote types, `Self` in a `serialize_with` field,
/// under the same lints.
mod through_serde {
    use std::collections::BTreeMap;

    use json_runtime::ToJson;
    use json_tests::assert_same;
    use serde::{Serialize, Serializer};

    /// Implements only `Serialize`, as another crate's map would.
    pub struct Foreign(pub BTreeMap<&'static str, u8>);

    impl Serialize for Foreign {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.0.serialize(s)
        }
    }

    // serde passes every field by reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn entries<S: Serializer>(value: &u8, s: S) -> Result<S::Ok, S::Error> {
        BTreeMap::from([("value", *value)]).serialize(s)
    }

    fn unit<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }

    fn first<T: Serialize, S: Serializer>(items: &[T], s: S) -> Result<S::Ok, S::Error> {
        items.first().serialize(s)
    }

    #[derive(Serialize, ToJson)]
    pub struct Flattened {
        pub id: u8,
        #[serde(flatten)]
        pub foreign: Foreign,
        #[serde(flatten, serialize_with = "entries")]
        pub with: u8,
        #[serde(serialize_with = "first")]
        pub children: Vec<Self>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    pub enum Tagged {
        Foreign(Foreign),
        #[serde(serialize_with = "entries")]
        With(u8),
        #[serde(serialize_with = "unit")]
        Unit,
    }

    pub struct Pair<A, B>(pub A, pub B);

    #[derive(Serialize, ToJson)]
    #[serde(remote = "Pair")]
    pub struct PairDef<A, B>(pub A, pub B);

    #[derive(Debug)]
    pub enum Level {
        Low,
        High,
    }

    #[derive(Serialize, ToJson)]
    #[serde(remote = "Level")]
    #[non_exhaustive]
    pub enum LevelDef {
        Low,
    }

    #[derive(Serialize, ToJson)]
    pub struct Remotes {
        #[serde(with = "PairDef")]
        pub pair: Pair<u8, bool>,
        #[serde(with = "LevelDef")]
        pub level: Level,
    }

    #[test]
    fn written_through_serde_compile_without_warnings() {
        let foreign = || Foreign(BTreeMap::from([("k", 1)]));
        assert_same(&Flattened {
            id: 1,
            foreign: foreign(),
            with: 2,
            children: Vec::new(),
        });
        assert_same(&Tagged::Foreign(foreign()));
        assert_same(&Tagged::With(3));
        assert_same(&Tagged::Unit);
        assert_same(&Remotes {
            pair: Pair(4, true),
            level: Level::Low,
        });
        let error = json_runtime::to_vec(&Remotes {
            pair: Pair(5, false),
            level: Level::High,
        });
        assert_eq!(
            error.map_err(|e| e.to_string()),
            Err("enum variant cannot be serialized: High".to_owned())
        );
    }
}
