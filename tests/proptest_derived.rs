//! Property tests over random values of derived types (deriving both
//! `serde::Serialize` and `ToJson`): strings from all of Unicode including
//! control characters, every float class of f32 and f64, integer extremes
//! up to i128/u128, nested options, vectors, maps with string and integer
//! keys, tuples and enums of every variant shape, and recursion. Compact,
//! pretty and streamed output must equal serde_json's, 10 000 cases per
//! type.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use proptest::collection::{btree_map, vec};
use proptest::prelude::*;

// ------------------------------------------------------------ strategies

/// Any char, with the ones that need escaping or are multi-byte drawn
/// often: controls, quote, backslash, DEL, line separators, surrogate
/// neighbours, astral planes.
fn any_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => any::<char>(),
        2 => (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap()),
        1 => prop::sample::select(vec![
            '"', '\\', '/', '\u{7f}', '\u{80}', '\u{9f}', '\u{a0}', '\u{2028}', '\u{2029}',
            '\u{d7ff}', '\u{e000}', '\u{fffd}', '\u{feff}', '\u{ffff}', '\u{10000}',
            '\u{1f600}', '\u{10ffff}',
        ]),
        2 => (0x20u32..0x7f).prop_map(|c| char::from_u32(c).unwrap()),
    ]
}

fn any_string() -> impl Strategy<Value = String> {
    vec(any_char(), 0..12).prop_map(String::from_iter)
}

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => any::<u64>().prop_map(f64::from_bits),
        3 => proptest::num::f64::ANY,
        1 => (1u64..1 << 52, any::<bool>()).prop_map(|(m, neg)| {
            let sub = f64::from_bits(m);
            if neg { -sub } else { sub }
        }),
        1 => prop::sample::select(vec![
            f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0,
            f64::MIN, f64::MAX, f64::MIN_POSITIVE, f64::EPSILON, 5e-324, 1e16, 1e15,
            0.1, 1.0, -1.0, 9007199254740993.0,
        ]),
        2 => (-1e6f64..1e6).prop_map(|x| (x * 1000.0).round() / 1000.0),
    ]
}

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => any::<u32>().prop_map(f32::from_bits),
        3 => proptest::num::f32::ANY,
        1 => (1u32..1 << 23, any::<bool>()).prop_map(|(m, neg)| {
            let sub = f32::from_bits(m);
            if neg { -sub } else { sub }
        }),
        1 => prop::sample::select(vec![
            f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0, f32::MIN, f32::MAX,
            f32::MIN_POSITIVE, 1e-45, 16777217.0, 0.1,
        ]),
    ]
}

macro_rules! extremes {
    ($name:ident, $t:ty) => {
        fn $name() -> impl Strategy<Value = $t> {
            prop_oneof![
                3 => any::<$t>(),
                1 => prop::sample::select(vec![<$t>::MIN, <$t>::MAX, 0 as $t, 1 as $t, <$t>::MAX / 2]),
                1 => (0u8..20).prop_map(|x| x as $t),
            ]
        }
    };
}
extremes!(any_i8, i8);
extremes!(any_i16, i16);
extremes!(any_i32, i32);
extremes!(any_i64, i64);
extremes!(any_i128, i128);
extremes!(any_isize, isize);
extremes!(any_u8, u8);
extremes!(any_u16, u16);
extremes!(any_u32, u32);
extremes!(any_u64, u64);
extremes!(any_u128, u128);
extremes!(any_usize, usize);

// ------------------------------------------------------------ types

#[derive(serde::Serialize, ToJson, Debug, Clone)]
struct Scalars {
    text: String,
    letter: char,
    flag: bool,
    i8_: i8,
    i16_: i16,
    i32_: i32,
    i64_: i64,
    i128_: i128,
    isize_: isize,
    u8_: u8,
    u16_: u16,
    u32_: u32,
    u64_: u64,
    u128_: u128,
    usize_: usize,
    single: f32,
    double: f64,
    unit: (),
}

fn scalars() -> impl Strategy<Value = Scalars> {
    (
        (any_string(), any_char(), any::<bool>()),
        (
            any_i8(),
            any_i16(),
            any_i32(),
            any_i64(),
            any_i128(),
            any_isize(),
        ),
        (
            any_u8(),
            any_u16(),
            any_u32(),
            any_u64(),
            any_u128(),
            any_usize(),
        ),
        (any_f32(), any_f64()),
    )
        .prop_map(
            |((text, letter, flag), (a, b, c, d, e, f), (g, h, i, j, k, l), (single, double))| {
                Scalars {
                    text,
                    letter,
                    flag,
                    i8_: a,
                    i16_: b,
                    i32_: c,
                    i64_: d,
                    i128_: e,
                    isize_: f,
                    u8_: g,
                    u16_: h,
                    u32_: i,
                    u64_: j,
                    u128_: k,
                    usize_: l,
                    single,
                    double,
                    unit: (),
                }
            },
        )
}

#[derive(serde::Serialize, ToJson, Debug, Clone)]
#[serde(rename_all = "camelCase")]
struct Containers {
    maybe_maybe: Option<Option<i32>>,
    texts: Vec<Option<String>>,
    by_name: BTreeMap<String, Vec<f64>>,
    by_i64: BTreeMap<i64, Option<bool>>,
    by_u128: BTreeMap<u128, f32>,
    by_i8: BTreeMap<i8, String>,
    grid: Vec<Vec<u8>>,
    pair: (i128, String, Option<f32>),
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped_when_none: Option<String>,
    #[serde(rename = "renamed \"key\"\n")]
    renamed: Option<Vec<char>>,
}

fn containers() -> impl Strategy<Value = Containers> {
    (
        (
            proptest::option::of(proptest::option::of(any_i32())),
            vec(proptest::option::of(any_string()), 0..4),
            btree_map(any_string(), vec(any_f64(), 0..3), 0..3),
            btree_map(any_i64(), proptest::option::of(any::<bool>()), 0..3),
            btree_map(any_u128(), any_f32(), 0..3),
        ),
        (
            btree_map(any_i8(), any_string(), 0..3),
            vec(vec(any_u8(), 0..3), 0..3),
            (any_i128(), any_string(), proptest::option::of(any_f32())),
            proptest::option::of(any_string()),
            proptest::option::of(vec(any_char(), 0..3)),
        ),
    )
        .prop_map(
            |(
                (maybe_maybe, texts, by_name, by_i64, by_u128),
                (by_i8, grid, pair, skipped_when_none, renamed),
            )| {
                Containers {
                    maybe_maybe,
                    texts,
                    by_name,
                    by_i64,
                    by_u128,
                    by_i8,
                    grid,
                    pair,
                    skipped_when_none,
                    renamed,
                }
            },
        )
}

#[derive(serde::Serialize, ToJson, Debug, Clone)]
struct Unit;

#[derive(serde::Serialize, ToJson, Debug, Clone)]
struct Newtype(f64);

#[derive(serde::Serialize, ToJson, Debug, Clone)]
struct Pair(String, Option<u64>);

#[derive(serde::Serialize, ToJson, Debug, Clone)]
enum Shape {
    Unit,
    Newtype(f32),
    NewtypeOfStruct(Pair),
    Tuple(i128, String, Option<bool>),
    Struct {
        id: u128,
        tags: Vec<String>,
    },
    EmptyTuple(),
    EmptyStruct {},
    #[serde(rename = "r\u{e9}nam\u{e9}")]
    Renamed {
        x: i8,
    },
    Nested(Option<Box<Shape>>),
    Map(BTreeMap<String, Unit>),
    Wrapped(Newtype),
}

fn shape() -> impl Strategy<Value = Shape> {
    let leaf = prop_oneof![
        Just(Shape::Unit),
        any_f32().prop_map(Shape::Newtype),
        (any_string(), proptest::option::of(any_u64()))
            .prop_map(|(s, n)| Shape::NewtypeOfStruct(Pair(s, n))),
        (
            any_i128(),
            any_string(),
            proptest::option::of(any::<bool>())
        )
            .prop_map(|(a, b, c)| Shape::Tuple(a, b, c)),
        (any_u128(), vec(any_string(), 0..3)).prop_map(|(id, tags)| Shape::Struct { id, tags }),
        Just(Shape::EmptyTuple()),
        Just(Shape::EmptyStruct {}),
        any_i8().prop_map(|x| Shape::Renamed { x }),
        btree_map(any_string(), Just(Unit), 0..3).prop_map(Shape::Map),
        any_f64().prop_map(|x| Shape::Wrapped(Newtype(x))),
        Just(Shape::Nested(None)),
    ];
    leaf.prop_recursive(4, 16, 2, |inner| {
        inner.prop_map(|s| Shape::Nested(Some(Box::new(s))))
    })
}

/// A recursive tree mixing everything above.
#[derive(serde::Serialize, ToJson, Debug, Clone)]
struct Tree {
    label: String,
    shape: Shape,
    weight: Option<f64>,
    children: Vec<Tree>,
    index: BTreeMap<u16, Option<Box<Tree>>>,
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (any_string(), shape(), proptest::option::of(any_f64())).prop_map(
        |(label, shape, weight)| Tree {
            label,
            shape,
            weight,
            children: vec![],
            index: BTreeMap::new(),
        },
    );
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            any_string(),
            shape(),
            vec(inner.clone(), 0..3),
            btree_map(
                any_u16(),
                proptest::option::of(inner.prop_map(Box::new)),
                0..2,
            ),
        )
            .prop_map(|(label, shape, children, index)| Tree {
                label,
                shape,
                weight: None,
                children,
                index,
            })
    })
}

// ------------------------------------------------------------ checks

fn check<T: ToJson + serde::Serialize>(value: &T) -> Result<(), TestCaseError> {
    let compact = serde_json::to_vec(value).unwrap();
    let ours = json_runtime::to_vec(value).unwrap();
    prop_assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&compact)
    );
    let pretty = serde_json::to_vec_pretty(value).unwrap();
    let ours = json_runtime::to_vec_pretty(value).unwrap();
    prop_assert_eq!(
        String::from_utf8_lossy(&ours),
        String::from_utf8_lossy(&pretty)
    );
    let mut streamed = Vec::new();
    json_runtime::to_writer(&mut streamed, value).unwrap();
    prop_assert!(streamed == compact, "to_writer differs");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn random_scalars(value in scalars()) {
        check(&value)?;
    }

    #[test]
    fn random_containers(value in containers()) {
        check(&value)?;
    }

    #[test]
    fn random_enum_shapes(value in shape()) {
        check(&value)?;
    }

    #[test]
    fn random_trees(value in tree()) {
        check(&value)?;
    }

    #[test]
    fn random_strings_and_chars(s in any_string(), c in any_char()) {
        check(&s)?;
        check(&c)?;
        check(&BTreeMap::from([(s.clone(), c)]))?;
    }

    #[test]
    fn random_floats(a in any_f64(), b in any_f32()) {
        check(&a)?;
        check(&b)?;
        check(&(a, b, [a], Some(b)))?;
    }
}
