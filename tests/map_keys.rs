//! Map keys that serde_json accepts beyond strings and integers: derived
//! unit-only enums, newtype and `transparent` structs over a key, and
//! floats, each compared with serde_json byte for byte in every layout;
//! and serde_json's errors where it refuses a key (a NaN or infinite float
//! key, a skipped variant as a key).

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same};
use serde::Serialize;

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord, Hash, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Level {
    Low,
    VeryHigh,
    #[serde(rename = "mid-level")]
    Mid,
}

#[test]
fn unit_only_enum_keys_use_the_variant_name_after_renames() {
    let map = BTreeMap::from([(Level::Low, 1), (Level::VeryHigh, 2), (Level::Mid, 3)]);
    assert_same(&map);
    assert_compact(&map, r#"{"LOW":1,"VERY_HIGH":2,"mid-level":3}"#);
    let hash: HashMap<Level, Vec<u8>> = HashMap::from([(Level::Mid, vec![1, 2])]);
    assert_same(&hash);
    // Keys of a map inside a derived struct, and the enum as a value too.
    #[derive(Serialize, ToJson)]
    struct Report {
        by_level: BTreeMap<Level, u32>,
        worst: Level,
    }
    assert_same(&Report {
        by_level: BTreeMap::from([(Level::Low, 7), (Level::VeryHigh, 0)]),
        worst: Level::VeryHigh,
    });
    assert_same(&Report {
        by_level: BTreeMap::new(),
        worst: Level::Low,
    });
}

/// Keys whose text needs escaping are escaped as serde_json escapes them.
#[test]
fn enum_keys_are_escaped() {
    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    enum Odd {
        #[serde(rename = "quote\"and\\slash\n")]
        A,
        #[serde(rename = "é\u{1}")]
        B,
    }
    assert_same(&BTreeMap::from([(Odd::A, 1), (Odd::B, 2)]));
}

/// A newtype variant whose field is skipped is written as a unit variant,
/// so serde_json accepts it as a key.
#[test]
fn newtype_variant_with_a_skipped_field_is_a_key() {
    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    enum Slot {
        Empty,
        Cached(#[serde(skip)] u8),
    }
    assert_same(&BTreeMap::from([
        (Slot::Empty, "e"),
        (Slot::Cached(9), "c"),
    ]));
}

/// serde_json returns an error for a skipped variant, as a value and as a
/// key, and so does json-runtime, with the same message.
#[test]
fn skipped_variant_key_is_serdes_error() {
    #[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Read,
        #[serde(skip)]
        Internal,
        Write,
    }
    let shown = BTreeMap::from([(Mode::Read, 1), (Mode::Write, 2)]);
    assert_same(&shown);
    assert_compact(&shown, r#"{"read":1,"write":2}"#);

    let hidden = BTreeMap::from([(Mode::Read, 1), (Mode::Internal, 2)]);
    let theirs = serde_json::to_vec(&hidden).unwrap_err();
    let ours = json_runtime::to_vec(&hidden).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
    assert_eq!(
        ours.to_string(),
        "the enum variant Mode::Internal cannot be serialized"
    );
}

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct UserId(u64);

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Name(String);

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Flag(bool);

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Initial(char);

/// A newtype over a newtype over a unit-only enum.
#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Outer(Inner);
#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Inner(Level);

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
struct Id<T>(T);

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
#[serde(transparent)]
struct Tagged<T> {
    marker: PhantomData<T>,
    id: u32,
}

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
#[serde(transparent)]
struct Code {
    #[serde(skip)]
    _cache: (),
    code: &'static str,
}

#[test]
fn newtype_and_transparent_keys_are_their_field() {
    assert_same(&BTreeMap::from([(UserId(7), "a"), (UserId(u64::MAX), "b")]));
    assert_same(&HashMap::from([(UserId(0), 1)]));
    assert_same(&BTreeMap::from([
        (Name("x\"y".into()), 1),
        (Name(String::new()), 2),
    ]));
    assert_same(&BTreeMap::from([(Flag(true), 1), (Flag(false), 2)]));
    assert_same(&BTreeMap::from([(Initial('\n'), 1), (Initial('é'), 2)]));
    assert_same(&BTreeMap::from([(Outer(Inner(Level::Mid)), 1)]));
    assert_same(&BTreeMap::from([(Id(-5i8), 1), (Id(3), 2)]));
    assert_same(&BTreeMap::from([(Id(Level::Low), 1)]));
    assert_same(&BTreeMap::from([(Id(Id(UserId(3))), 1)]));
    assert_same(&BTreeMap::from([(
        Tagged::<String> {
            marker: PhantomData,
            id: 12,
        },
        1,
    )]));
    assert_same(&BTreeMap::from([(
        Code {
            _cache: (),
            code: "c",
        },
        1,
    )]));
    assert_compact(&BTreeMap::from([(UserId(7), 1)]), r#"{"7":1}"#);
}

/// A generic derived struct whose map is keyed by its parameter: the
/// parameter is bounded by `ToJsonKey`, which a derived newtype meets.
#[test]
fn generic_key_parameter_takes_derived_keys() {
    #[derive(Serialize, ToJson)]
    struct Index<K: Ord> {
        entries: BTreeMap<K, u32>,
    }
    assert_same(&Index {
        entries: BTreeMap::from([(UserId(1), 10), (UserId(2), 20)]),
    });
    assert_same(&Index {
        entries: BTreeMap::from([(Level::VeryHigh, 1)]),
    });
}

/// `f64` is neither `Ord` nor `Hash`, so float keys reach a map through a
/// wrapper ordered by `total_cmp`: derived here on both sides, so serde
/// hands the float to serde_json's key serializer.
#[derive(Serialize, ToJson, Clone, Copy)]
struct F64Key(f64);
#[derive(Serialize, ToJson, Clone, Copy)]
struct F32Key(f32);

macro_rules! total_order {
    ($($t:ident)*) => {$(
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.cmp(other) == Ordering::Equal
            }
        }
        impl Eq for $t {}
        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $t {
            fn cmp(&self, other: &Self) -> Ordering {
                self.0.total_cmp(&other.0)
            }
        }
    )*};
}
total_order!(F64Key F32Key);

const F64S: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.5,
    0.1,
    1e-7,
    1e15,
    1e16,
    1e21,
    1e22,
    123_456_789.125,
    f64::MAX,
    f64::MIN,
    f64::MIN_POSITIVE,
    5e-324,
    f64::EPSILON,
    std::f64::consts::PI,
];

#[test]
fn finite_float_keys_match_serde_json() {
    let map: BTreeMap<F64Key, usize> = F64S.iter().map(|&f| (F64Key(f), 1)).collect();
    assert_same(&map);
    let map: BTreeMap<F32Key, usize> = F64S
        .iter()
        .map(|&f| f as f32)
        .filter(|f| f.is_finite())
        .map(|f| (F32Key(f), 1))
        .collect();
    assert_same(&map);
    let extra: BTreeMap<F32Key, usize> = [f32::MAX, f32::MIN_POSITIVE, 1e-45, 16_777_217.0, 0.3]
        .iter()
        .map(|&f| (F32Key(f), 2))
        .collect();
    assert_same(&extra);
    assert_compact(
        &BTreeMap::from([(F64Key(1.5), 1), (F64Key(1e20), 2)]),
        r#"{"1.5":1,"1e+20":2}"#,
    );
}

/// A pseudo-random sweep over bit patterns, every finite one compared with
/// serde_json as a key.
#[test]
fn float_keys_match_serde_json_on_a_sweep() {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut f64_keys = BTreeMap::new();
    let mut f32_keys = BTreeMap::new();
    for i in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let f = f64::from_bits(x);
        if f.is_finite() {
            f64_keys.insert(F64Key(f), i);
        }
        let g = f32::from_bits((x >> 32) as u32);
        if g.is_finite() {
            f32_keys.insert(F32Key(g), i);
        }
    }
    assert_eq!(
        json_runtime::to_vec(&f64_keys).unwrap(),
        serde_json::to_vec(&f64_keys).unwrap()
    );
    assert_eq!(
        json_runtime::to_vec(&f32_keys).unwrap(),
        serde_json::to_vec(&f32_keys).unwrap()
    );
}

/// serde_json returns "float key must be finite (got NaN or +/-inf)", and
/// so does json_runtime.
#[test]
fn non_finite_float_keys_are_serde_jsons_error() {
    for key in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let map = BTreeMap::from([(F64Key(2.5), 0), (F64Key(key), 1)]);
        let theirs = serde_json::to_vec(&map).unwrap_err();
        let ours = json_runtime::to_vec(&map).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string());
        let map = BTreeMap::from([(F32Key(key as f32), 1)]);
        let theirs = serde_json::to_vec(&map).unwrap_err();
        let ours = json_runtime::to_vec(&map).unwrap_err();
        assert_eq!(ours.to_string(), theirs.to_string());
    }
}

/// Integer keys of every width, at their extremes and every digit count,
/// first and later in a map, quoted as serde_json quotes them; one
/// capacity check writes the separator, the quoted digits and the colon.
#[test]
fn integer_keys_of_every_width() {
    macro_rules! keys {
        ($($t:ty),*) => {$({
            let mut map = BTreeMap::new();
            let mut p: $t = 1;
            map.insert(<$t>::MIN, "min");
            map.insert(<$t>::MAX, "max");
            map.insert(0, "zero");
            while let Some(next) = p.checked_mul(10) {
                map.insert(p - 1, "below");
                map.insert(p, "at");
                p = next;
            }
            assert_same(&map);
            assert_same(&BTreeMap::from([(<$t>::MAX, 1)]));
            let hash: HashMap<$t, Vec<$t>> = HashMap::from([(<$t>::MIN, vec![<$t>::MAX])]);
            assert_same(&hash);
        })*};
    }
    keys!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    assert_compact(
        &BTreeMap::from([(-5i32, 'a'), (7, 'b'), (1_000_000, 'c')]),
        r#"{"-5":"a","7":"b","1000000":"c"}"#,
    );
}
