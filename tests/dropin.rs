//! Gaps that kept real code from switching: `into` on every shape (on enums
//! it used to be ignored, writing `"Low"` where serde_json writes `1`),
//! `transparent` with `PhantomData`, `#[repr(packed)]`, `[T; 0]`, bound
//! inference that does not depend on how `Option` or a map is spelled,
//! `#[serde(bound)]` naming `Serialize`, `serde_json::value::RawValue`, and
//! `as_string` on `NonZero` integers and next to a serde `serialize_with`.
//! Each compared with serde_json byte for byte in every layout.

#![allow(dead_code)]
// `#[repr(packed)]` without `C` is tested on purpose: serde accepts it too.
#![allow(clippy::repr_packed_without_abi)]

use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use std::num::{NonZeroI64, NonZeroU128, NonZeroU64, NonZeroU8};

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A type that implements neither `ToJson` nor `Serialize`.
struct X;

mod into {
    use super::*;

    #[derive(Serialize, ToJson, Clone, Copy)]
    #[serde(into = "u8")]
    enum Level {
        Low,
        High,
    }

    impl From<Level> for u8 {
        fn from(level: Level) -> u8 {
            match level {
                Level::Low => 1,
                Level::High => 2,
            }
        }
    }

    /// The bug: `into` on an enum was ignored, and `"Low"` written.
    #[test]
    fn unit_enum_is_written_as_its_conversion() {
        assert_compact(&Level::Low, "1");
        assert_same(&Level::Low);
        assert_same(&Level::High);
        assert_same(&vec![Level::High, Level::Low]);
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "String")]
    #[serde(tag = "kind")]
    enum Tagged {
        A { x: i32 },
        B,
    }

    impl From<Tagged> for String {
        fn from(t: Tagged) -> String {
            match t {
                Tagged::A { x } => format!("a{x}"),
                Tagged::B => "b".into(),
            }
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "Vec<i32>", untagged)]
    enum Untagged {
        One(i32),
        Two(i32, i32),
    }

    impl From<Untagged> for Vec<i32> {
        fn from(u: Untagged) -> Vec<i32> {
            match u {
                Untagged::One(a) => vec![a],
                Untagged::Two(a, b) => vec![a, b],
            }
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "BTreeMap<String, i32>", tag = "t", content = "c")]
    enum Adjacent {
        P(i32),
    }

    impl From<Adjacent> for BTreeMap<String, i32> {
        fn from(a: Adjacent) -> Self {
            let Adjacent::P(n) = a;
            BTreeMap::from([("p".into(), n)])
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "Level")]
    struct Unit;

    impl From<Unit> for Level {
        fn from(_: Unit) -> Level {
            Level::High
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "i64")]
    struct Newtype(i32);

    impl From<Newtype> for i64 {
        fn from(n: Newtype) -> i64 {
            i64::from(n.0) * 10
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "String")]
    struct Tuple(u8, u8);

    impl From<Tuple> for String {
        fn from(t: Tuple) -> String {
            format!("{}.{}", t.0, t.1)
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "(u8, bool)")]
    struct Named {
        a: u8,
        b: bool,
    }

    impl From<Named> for (u8, bool) {
        fn from(n: Named) -> Self {
            (n.a, n.b)
        }
    }

    #[derive(Serialize, ToJson, Clone)]
    #[serde(into = "Option<T>")]
    struct Generic<T: Clone> {
        value: T,
        keep: bool,
    }

    impl<T: Clone> From<Generic<T>> for Option<T> {
        fn from(g: Generic<T>) -> Option<T> {
            g.keep.then_some(g.value)
        }
    }

    #[test]
    fn every_shape_is_written_as_its_conversion() {
        assert_same(&Tagged::A { x: 3 });
        assert_same(&Tagged::B);
        assert_same(&Untagged::One(1));
        assert_same(&Untagged::Two(1, 2));
        assert_same(&Adjacent::P(4));
        assert_same(&Unit);
        assert_compact(&Unit, "2");
        assert_same(&Newtype(-4));
        assert_same(&Tuple(1, 2));
        assert_same(&Named { a: 7, b: true });
        assert_same(&Generic {
            value: "s",
            keep: true,
        });
        assert_same(&Generic {
            value: 1.5,
            keep: false,
        });
        // Inside other values, and in `#[json]` form.
        #[derive(ToJson, Clone)]
        #[json(into = "u8")]
        enum JsonLevel {
            Low,
        }
        impl From<JsonLevel> for u8 {
            fn from(_: JsonLevel) -> u8 {
                1
            }
        }
        assert_same_as(
            &BTreeMap::from([("l", JsonLevel::Low)]),
            &BTreeMap::from([("l", Level::Low)]),
        );
    }
}

mod transparent {
    use super::*;

    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct After<T> {
        value: u32,
        marker: PhantomData<T>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct Before<T>(PhantomData<T>, Vec<u8>, #[serde(skip)] X);

    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    struct Qualified<'a, T> {
        marker: std::marker::PhantomData<&'a T>,
        #[serde(skip)]
        skipped: Option<X>,
        text: &'a str,
    }

    #[test]
    fn phantom_data_fields_are_left_out() {
        assert_same(&After::<X> {
            value: 5,
            marker: PhantomData,
        });
        assert_same(&Before::<X>(PhantomData, vec![1, 2], X));
        assert_same(&Qualified::<X> {
            marker: PhantomData,
            skipped: None,
            text: "t",
        });
        assert_compact(
            &After::<X> {
                value: 5,
                marker: PhantomData,
            },
            "5",
        );
    }
}

mod packed {
    use super::*;

    #[derive(Serialize, ToJson)]
    #[repr(C, packed)]
    struct Packed {
        x: u8,
        y: u64,
        #[serde(skip_serializing_if = "is_zero")]
        z: u16,
    }

    fn is_zero(n: &u16) -> bool {
        *n == 0
    }

    #[derive(Serialize, ToJson)]
    #[repr(packed(2))]
    struct Tuple(u8, u32, f64);

    #[derive(Serialize, ToJson)]
    #[repr(packed)]
    struct Newtype(u64);

    /// serde_derive borrows a transparent struct's field, so it cannot
    /// write this one; it is compared with its field's own output.
    #[derive(ToJson)]
    #[repr(packed)]
    #[json(transparent)]
    struct Transparent {
        marker: PhantomData<String>,
        value: i32,
    }

    /// serde_derive cannot write this one: its tagged struct code borrows
    /// the fields. The twin below is not packed.
    #[derive(ToJson)]
    #[repr(packed)]
    #[json(tag = "type")]
    struct Tagged<T: Copy> {
        value: T,
    }

    #[derive(Serialize)]
    #[serde(tag = "type", rename = "Tagged")]
    struct TaggedTwin<T> {
        value: T,
    }

    #[test]
    fn packed_structs_copy_their_fields() {
        assert_same(&Packed { x: 1, y: 2, z: 3 });
        assert_same(&Packed { x: 1, y: 2, z: 0 });
        assert_same(&Tuple(1, 2, 3.5));
        assert_same(&Newtype(7));
        assert_same_as(
            &Transparent {
                marker: PhantomData,
                value: -1,
            },
            &-1,
        );
        assert_same_as(&Tagged { value: 'c' }, &TaggedTwin { value: 'c' });
    }

    impl PartialEq for Newtype {
        fn eq(&self, other: &Self) -> bool {
            let (a, b) = (self.0, other.0);
            a == b
        }
    }
    impl Eq for Newtype {}
    impl PartialOrd for Newtype {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Newtype {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            let (a, b) = (self.0, other.0);
            a.cmp(&b)
        }
    }

    #[test]
    fn packed_newtype_is_a_key() {
        assert_same(&BTreeMap::from([(Newtype(3), 1), (Newtype(1), 2)]));
    }
}

mod empty_array {
    use super::*;

    #[derive(Serialize, ToJson)]
    struct EmptyArray {
        empty: [X; 0],
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        skipped: [X; 0],
        n: u8,
    }

    #[derive(Serialize, ToJson)]
    struct Generic<T> {
        nothing: [T; 0],
        n: Option<u8>,
    }

    #[derive(Serialize, ToJson)]
    enum E {
        New([X; 0]),
        Tuple([X; 0], u8),
        Struct { a: [X; 0] },
    }

    #[test]
    fn empty_arrays_need_nothing_of_their_element() {
        assert_same(&EmptyArray {
            empty: [],
            skipped: [],
            n: 1,
        });
        // serde bounds `T` here, so its side is `Generic<u8>`.
        assert_same_as(
            &Generic::<X> {
                nothing: [],
                n: Some(2),
            },
            &Generic::<u8> {
                nothing: [],
                n: Some(2),
            },
        );
        assert_same(&E::New([]));
        assert_same(&E::Tuple([], 3));
        assert_same(&E::Struct { a: [] });
        assert_same(&PrettyNested { a: [[]], b: [] });
    }

    #[derive(Serialize, ToJson)]
    struct PrettyNested {
        a: [[u8; 0]; 1],
        b: [String; 0],
    }
}

/// Bounds are inferred from how a field is written, not from the names of
/// the types around a parameter.
mod bounds {
    use super::*;

    type StdOption<T> = Option<T>;
    type FxHashMap<K, V> = HashMap<K, V>;
    use std::option::Option as Maybe;

    /// A type that is only a key, not a value.
    #[derive(PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
    struct KeyOnly(&'static str);

    impl json_runtime::ToJsonKey for KeyOnly {
        fn write_json_key<F: json_runtime::Format>(&self, w: &mut json_runtime::JsonWriter<'_, F>) {
            w.write_str(self.0);
        }
    }

    #[derive(Serialize, ToJson)]
    struct Spellings<A, B, C, D, E> {
        std: std::option::Option<A>,
        core: core::option::Option<B>,
        alias: StdOption<C>,
        renamed: Maybe<D>,
        boxed: std::boxed::Box<E>,
    }

    #[derive(Serialize, ToJson)]
    struct Maps<K1: Ord, K2: std::hash::Hash + Eq, K3: Ord, V> {
        tree: std::collections::BTreeMap<K1, V>,
        alias: FxHashMap<K2, Vec<V>>,
        nested: Option<BTreeMap<K3, BTreeMap<K3, V>>>,
    }

    #[test]
    fn option_under_any_name_bounds_its_parameter() {
        assert_same(&Spellings {
            std: Some(1),
            core: Some("b"),
            alias: Some(vec![3]),
            renamed: None::<u8>,
            boxed: Box::new(2.5),
        });
    }

    #[test]
    fn map_keys_are_bounded_by_to_json_key_under_any_map_name() {
        assert_same(&Maps {
            tree: BTreeMap::from([(KeyOnly("t"), 1)]),
            alias: HashMap::from([(KeyOnly("h"), vec![2])]),
            nested: Some(BTreeMap::from([(
                KeyOnly("o"),
                BTreeMap::from([(KeyOnly("i"), 3)]),
            )])),
        });
    }
}

/// `bound` in `#[serde]` names `Serialize`, and is kept as written: the
/// parameters are written through `ToJson` where the field's type has it
/// without the bound's help, else through serde.
mod serde_bounds {
    use super::*;

    trait Marker {}
    impl Marker for u8 {}

    #[derive(Serialize, ToJson)]
    #[serde(bound = "T: Serialize + Clone")]
    struct Container<T> {
        value: T,
    }

    #[derive(Serialize, ToJson)]
    #[serde(bound(serialize = "T: serde::Serialize, U: serde::ser::Serialize + Marker"))]
    struct Split<T, U> {
        t: T,
        u: U,
    }

    #[derive(Serialize, ToJson)]
    struct PerField<T, U> {
        #[serde(bound = "T: Serialize")]
        t: Vec<T>,
        #[serde(bound(serialize = "U: Serialize"))]
        u: Option<U>,
    }

    #[derive(Serialize, ToJson)]
    enum PerVariant<T> {
        #[serde(bound = "T: Serialize")]
        A(T),
        B,
    }

    /// A `#[json]` bound is taken as written; it wins over the serde one.
    #[derive(Serialize, ToJson)]
    #[serde(bound = "T: Serialize")]
    #[json(bound = "T: json_runtime::ToJson + Copy")]
    struct Both<T> {
        value: T,
    }

    #[test]
    fn serialize_bounds_are_kept() {
        assert_same(&Container { value: "v" });
        assert_same(&Split { t: [1, 2], u: 3u8 });
        assert_same(&PerField {
            t: vec![1],
            u: Some("u"),
        });
        assert_same(&PerVariant::A(1));
        assert_same(&PerVariant::<u8>::B);
        assert_same(&Both { value: 'x' });
    }
}

mod raw_value {
    use super::*;

    #[derive(Serialize, ToJson)]
    struct Reply<'a> {
        boxed: Box<RawValue>,
        borrowed: &'a RawValue,
        maybe: Option<Box<RawValue>>,
        list: Vec<Box<RawValue>>,
    }

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_owned()).unwrap()
    }

    #[test]
    fn raw_values_are_written_verbatim() {
        let borrowed = raw(" [1,  2] ");
        assert_same(&Reply {
            boxed: raw("{\"a\":  {\"b\": [true, null]}}"),
            borrowed: &borrowed,
            maybe: Some(raw("\"s\\u00e9\"")),
            list: vec![
                raw("1.50"),
                raw("1e-400"),
                raw("123456789012345678901234567890"),
            ],
        });
        assert_same(&Reply {
            boxed: raw("null"),
            borrowed: &borrowed,
            maybe: None,
            list: Vec::new(),
        });
    }
}

mod as_string {
    use super::*;

    #[derive(ToJson)]
    struct NonZeroIds {
        #[json(as_string)]
        a: NonZeroU64,
        #[json(as_string)]
        b: Option<NonZeroI64>,
        #[json(as_string)]
        c: Vec<NonZeroU8>,
        #[json(as_string)]
        d: NonZeroU128,
    }

    #[derive(Serialize)]
    struct NonZeroIdsSerde {
        a: String,
        b: Option<String>,
        c: Vec<String>,
        d: String,
    }

    #[test]
    fn nonzero_integers_are_written_as_strings() {
        let ours = NonZeroIds {
            a: NonZeroU64::new(u64::MAX).unwrap(),
            b: NonZeroI64::new(i64::MIN),
            c: vec![NonZeroU8::new(1).unwrap(), NonZeroU8::new(255).unwrap()],
            d: NonZeroU128::new(u128::MAX).unwrap(),
        };
        let theirs = NonZeroIdsSerde {
            a: u64::MAX.to_string(),
            b: Some(i64::MIN.to_string()),
            c: vec!["1".into(), "255".into()],
            d: u128::MAX.to_string(),
        };
        assert_same_as(&ours, &theirs);
    }

    fn serialize_as_str<S: Serializer>(n: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(n)
    }

    fn serialize_opt_as_str<S: Serializer>(n: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
        match n {
            Some(n) => s.collect_str(n),
            None => s.serialize_none(),
        }
    }

    /// serde writes the field through its function and json_runtime
    /// through `as_string`, which no longer asks for a `#[json]` twin of
    /// the function.
    #[derive(Serialize, ToJson)]
    struct Tweet {
        #[serde(serialize_with = "serialize_as_str")]
        #[json(as_string)]
        id: u64,
        #[json(as_string)]
        #[serde(serialize_with = "serialize_opt_as_str")]
        reply_to: Option<u64>,
        likes: u32,
    }

    #[test]
    fn as_string_combines_with_a_serde_serialize_with() {
        assert_same(&Tweet {
            id: u64::MAX,
            reply_to: Some(1),
            likes: 2,
        });
        assert_same(&Tweet {
            id: 0,
            reply_to: None,
            likes: 0,
        });
    }
}
