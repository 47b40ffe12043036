//! Runs of bounded writes: the keys and the integer, `bool` and `Option`
//! fields between two unbounded values are written with one capacity
//! check for the run (`JsonWriter::reserve`). The bytes are serde_json's
//! whatever the values, in every layout and entry point, when a run is
//! split for its length, when a streaming buffer drains at a run, and
//! next to every other kind of field.

use json_runtime::ToJson;
use json_tests::assert_same;
use proptest::prelude::*;
use serde::Serialize;

/// Every bounded type, with an unbounded field between two runs.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct AllBounded {
    u8_field: u8,
    u16_field: u16,
    u32_field: u32,
    u64_field: u64,
    usize_field: usize,
    i8_field: i8,
    i16_field: i16,
    i32_field: i32,
    i64_field: i64,
    isize_field: isize,
    flag: bool,
    name: String,
    maybe_u32: Option<u32>,
    maybe_i64: Option<i64>,
    maybe_flag: Option<bool>,
    nested_option: Option<Option<u8>>,
    std_option: std::option::Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conditional: Option<u64>,
    last: i64,
}

prop_compose! {
    fn all_bounded()(
        ints in (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<usize>()),
        signed in (any::<i8>(), any::<i16>(), any::<i32>(), any::<i64>(), any::<isize>()),
        flag in any::<bool>(),
        name in ".{0,8}",
        options in (any::<Option<u32>>(), any::<Option<i64>>(), any::<Option<bool>>(), any::<Option<Option<u8>>>()),
        more in (any::<Option<i16>>(), any::<Option<u64>>(), any::<i64>()),
    ) -> AllBounded {
        AllBounded {
            u8_field: ints.0,
            u16_field: ints.1,
            u32_field: ints.2,
            u64_field: ints.3,
            usize_field: ints.4,
            i8_field: signed.0,
            i16_field: signed.1,
            i32_field: signed.2,
            i64_field: signed.3,
            isize_field: signed.4,
            flag,
            name,
            maybe_u32: options.0,
            maybe_i64: options.1,
            maybe_flag: options.2,
            nested_option: options.3,
            std_option: more.0,
            conditional: more.1,
            last: more.2,
        }
    }
}

proptest! {
    #[test]
    fn bounded_fields_match_serde_json(value in all_bounded()) {
        assert_same(&value);
    }
}

#[test]
fn extremes_match_serde_json() {
    for (u, i) in [
        (0, 0),
        (u64::MAX, i64::MIN),
        (99_999_999, -100_000_000),
        (100_000_000, i64::MAX),
    ] {
        assert_same(&AllBounded {
            u8_field: u as u8,
            u16_field: u as u16,
            u32_field: u as u32,
            u64_field: u,
            usize_field: u as usize,
            i8_field: i as i8,
            i16_field: i as i16,
            i32_field: i as i32,
            i64_field: i,
            isize_field: i as isize,
            flag: u == 0,
            name: "\u{1F600}\"".into(),
            maybe_u32: None,
            maybe_i64: Some(i),
            maybe_flag: Some(false),
            nested_option: Some(None),
            std_option: Some(i16::MIN),
            conditional: Some(u),
            last: i,
        });
    }
}

/// A chain of levels, each with every bounded type.
#[derive(Serialize, ToJson)]
struct Level {
    depth: u32,
    fields: AllBounded,
    below: Option<Box<Level>>,
}

/// Pretty layout writes each bounded field's key line and value in one
/// shared call; a line break longer than the writer's padded copy (deep
/// nesting, a wide indent) takes its other branch. Depths 1 to 40 and
/// indents of 0 to 8 bytes, against serde_json's `PrettyFormatter`.
#[test]
fn pretty_bounded_fields_at_every_depth_and_indent() {
    let fields = |depth: u32| AllBounded {
        u8_field: depth as u8,
        u16_field: 600,
        u32_field: 100_000 + depth,
        u64_field: u64::MAX - u64::from(depth),
        usize_field: 0,
        i8_field: -1,
        i16_field: i16::MIN,
        i32_field: 123_456_789,
        i64_field: i64::MIN,
        isize_field: 99,
        flag: depth.is_multiple_of(2),
        name: "n".into(),
        maybe_u32: depth.is_multiple_of(3).then_some(depth),
        maybe_i64: Some(-100),
        maybe_flag: (depth % 2 == 1).then_some(true),
        nested_option: Some(Some(255)),
        std_option: None,
        conditional: Some(10_000_000_000),
        last: 1,
    };
    let mut chain = None;
    for depth in (0..40).rev() {
        chain = Some(Box::new(Level {
            depth,
            fields: fields(depth),
            below: chain,
        }));
    }
    let chain = chain.unwrap();
    for indent in [&b""[..], b"\t", b"    ", b"        "] {
        let expected = json_tests::serde_pretty_with_indent(&chain, indent);
        let formatter = json_runtime::PrettyFormatter::with_indent(indent);
        assert_eq!(
            String::from_utf8(formatter.to_vec(&chain).unwrap()).unwrap(),
            String::from_utf8(expected).unwrap(),
            "indent {indent:?}"
        );
    }
}

/// Keys long enough that the fields do not fit one run, which the derive
/// then splits.
#[derive(Serialize, ToJson)]
struct Wide {
    a_field_whose_name_is_long_enough_to_fill_runs_00: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_01: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_02: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_03: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_04: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_05: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_06: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_07: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_08: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_09: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_10: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_11: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_12: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_13: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_14: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_15: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_16: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_17: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_18: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_19: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_20: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_21: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_22: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_23: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_24: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_25: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_26: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_27: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_28: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_29: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_30: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_31: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_32: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_33: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_34: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_35: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_36: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_37: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_38: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_39: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_40: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_41: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_42: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_43: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_44: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_45: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_46: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_47: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_48: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_49: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_50: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_51: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_52: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_53: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_54: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_55: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_56: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_57: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_58: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_59: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_60: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_61: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_62: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_63: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_64: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_65: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_66: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_67: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_68: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_69: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_70: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_71: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_72: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_73: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_74: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_75: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_76: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_77: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_78: u64,
    a_field_whose_name_is_long_enough_to_fill_runs_79: u64,
}

#[test]
fn a_run_too_long_for_one_reservation_is_split() {
    for seed in [0u64, 1, 12_345_678_901_234_567] {
        assert_same(&Wide {
            a_field_whose_name_is_long_enough_to_fill_runs_00: seed.wrapping_mul(1),
            a_field_whose_name_is_long_enough_to_fill_runs_01: seed.wrapping_mul(2),
            a_field_whose_name_is_long_enough_to_fill_runs_02: seed.wrapping_mul(3),
            a_field_whose_name_is_long_enough_to_fill_runs_03: seed.wrapping_mul(4),
            a_field_whose_name_is_long_enough_to_fill_runs_04: seed.wrapping_mul(5),
            a_field_whose_name_is_long_enough_to_fill_runs_05: seed.wrapping_mul(6),
            a_field_whose_name_is_long_enough_to_fill_runs_06: seed.wrapping_mul(7),
            a_field_whose_name_is_long_enough_to_fill_runs_07: seed.wrapping_mul(8),
            a_field_whose_name_is_long_enough_to_fill_runs_08: seed.wrapping_mul(9),
            a_field_whose_name_is_long_enough_to_fill_runs_09: seed.wrapping_mul(10),
            a_field_whose_name_is_long_enough_to_fill_runs_10: seed.wrapping_mul(11),
            a_field_whose_name_is_long_enough_to_fill_runs_11: seed.wrapping_mul(12),
            a_field_whose_name_is_long_enough_to_fill_runs_12: seed.wrapping_mul(13),
            a_field_whose_name_is_long_enough_to_fill_runs_13: seed.wrapping_mul(14),
            a_field_whose_name_is_long_enough_to_fill_runs_14: seed.wrapping_mul(15),
            a_field_whose_name_is_long_enough_to_fill_runs_15: seed.wrapping_mul(16),
            a_field_whose_name_is_long_enough_to_fill_runs_16: seed.wrapping_mul(17),
            a_field_whose_name_is_long_enough_to_fill_runs_17: seed.wrapping_mul(18),
            a_field_whose_name_is_long_enough_to_fill_runs_18: seed.wrapping_mul(19),
            a_field_whose_name_is_long_enough_to_fill_runs_19: seed.wrapping_mul(20),
            a_field_whose_name_is_long_enough_to_fill_runs_20: seed.wrapping_mul(21),
            a_field_whose_name_is_long_enough_to_fill_runs_21: seed.wrapping_mul(22),
            a_field_whose_name_is_long_enough_to_fill_runs_22: seed.wrapping_mul(23),
            a_field_whose_name_is_long_enough_to_fill_runs_23: seed.wrapping_mul(24),
            a_field_whose_name_is_long_enough_to_fill_runs_24: seed.wrapping_mul(25),
            a_field_whose_name_is_long_enough_to_fill_runs_25: seed.wrapping_mul(26),
            a_field_whose_name_is_long_enough_to_fill_runs_26: seed.wrapping_mul(27),
            a_field_whose_name_is_long_enough_to_fill_runs_27: seed.wrapping_mul(28),
            a_field_whose_name_is_long_enough_to_fill_runs_28: seed.wrapping_mul(29),
            a_field_whose_name_is_long_enough_to_fill_runs_29: seed.wrapping_mul(30),
            a_field_whose_name_is_long_enough_to_fill_runs_30: seed.wrapping_mul(31),
            a_field_whose_name_is_long_enough_to_fill_runs_31: seed.wrapping_mul(32),
            a_field_whose_name_is_long_enough_to_fill_runs_32: seed.wrapping_mul(33),
            a_field_whose_name_is_long_enough_to_fill_runs_33: seed.wrapping_mul(34),
            a_field_whose_name_is_long_enough_to_fill_runs_34: seed.wrapping_mul(35),
            a_field_whose_name_is_long_enough_to_fill_runs_35: seed.wrapping_mul(36),
            a_field_whose_name_is_long_enough_to_fill_runs_36: seed.wrapping_mul(37),
            a_field_whose_name_is_long_enough_to_fill_runs_37: seed.wrapping_mul(38),
            a_field_whose_name_is_long_enough_to_fill_runs_38: seed.wrapping_mul(39),
            a_field_whose_name_is_long_enough_to_fill_runs_39: seed.wrapping_mul(40),
            a_field_whose_name_is_long_enough_to_fill_runs_40: seed.wrapping_mul(41),
            a_field_whose_name_is_long_enough_to_fill_runs_41: seed.wrapping_mul(42),
            a_field_whose_name_is_long_enough_to_fill_runs_42: seed.wrapping_mul(43),
            a_field_whose_name_is_long_enough_to_fill_runs_43: seed.wrapping_mul(44),
            a_field_whose_name_is_long_enough_to_fill_runs_44: seed.wrapping_mul(45),
            a_field_whose_name_is_long_enough_to_fill_runs_45: seed.wrapping_mul(46),
            a_field_whose_name_is_long_enough_to_fill_runs_46: seed.wrapping_mul(47),
            a_field_whose_name_is_long_enough_to_fill_runs_47: seed.wrapping_mul(48),
            a_field_whose_name_is_long_enough_to_fill_runs_48: seed.wrapping_mul(49),
            a_field_whose_name_is_long_enough_to_fill_runs_49: seed.wrapping_mul(50),
            a_field_whose_name_is_long_enough_to_fill_runs_50: seed.wrapping_mul(51),
            a_field_whose_name_is_long_enough_to_fill_runs_51: seed.wrapping_mul(52),
            a_field_whose_name_is_long_enough_to_fill_runs_52: seed.wrapping_mul(53),
            a_field_whose_name_is_long_enough_to_fill_runs_53: seed.wrapping_mul(54),
            a_field_whose_name_is_long_enough_to_fill_runs_54: seed.wrapping_mul(55),
            a_field_whose_name_is_long_enough_to_fill_runs_55: seed.wrapping_mul(56),
            a_field_whose_name_is_long_enough_to_fill_runs_56: seed.wrapping_mul(57),
            a_field_whose_name_is_long_enough_to_fill_runs_57: seed.wrapping_mul(58),
            a_field_whose_name_is_long_enough_to_fill_runs_58: seed.wrapping_mul(59),
            a_field_whose_name_is_long_enough_to_fill_runs_59: seed.wrapping_mul(60),
            a_field_whose_name_is_long_enough_to_fill_runs_60: seed.wrapping_mul(61),
            a_field_whose_name_is_long_enough_to_fill_runs_61: seed.wrapping_mul(62),
            a_field_whose_name_is_long_enough_to_fill_runs_62: seed.wrapping_mul(63),
            a_field_whose_name_is_long_enough_to_fill_runs_63: seed.wrapping_mul(64),
            a_field_whose_name_is_long_enough_to_fill_runs_64: seed.wrapping_mul(65),
            a_field_whose_name_is_long_enough_to_fill_runs_65: seed.wrapping_mul(66),
            a_field_whose_name_is_long_enough_to_fill_runs_66: seed.wrapping_mul(67),
            a_field_whose_name_is_long_enough_to_fill_runs_67: seed.wrapping_mul(68),
            a_field_whose_name_is_long_enough_to_fill_runs_68: seed.wrapping_mul(69),
            a_field_whose_name_is_long_enough_to_fill_runs_69: seed.wrapping_mul(70),
            a_field_whose_name_is_long_enough_to_fill_runs_70: seed.wrapping_mul(71),
            a_field_whose_name_is_long_enough_to_fill_runs_71: seed.wrapping_mul(72),
            a_field_whose_name_is_long_enough_to_fill_runs_72: seed.wrapping_mul(73),
            a_field_whose_name_is_long_enough_to_fill_runs_73: seed.wrapping_mul(74),
            a_field_whose_name_is_long_enough_to_fill_runs_74: seed.wrapping_mul(75),
            a_field_whose_name_is_long_enough_to_fill_runs_75: seed.wrapping_mul(76),
            a_field_whose_name_is_long_enough_to_fill_runs_76: seed.wrapping_mul(77),
            a_field_whose_name_is_long_enough_to_fill_runs_77: seed.wrapping_mul(78),
            a_field_whose_name_is_long_enough_to_fill_runs_78: seed.wrapping_mul(79),
            a_field_whose_name_is_long_enough_to_fill_runs_79: seed.wrapping_mul(80),
        });
    }
}

/// Well over the streaming buffer, so that it drains where runs begin.
#[test]
fn streaming_drains_between_runs() {
    let rows: Vec<Row> = (0..40_000)
        .map(|i| Row {
            id: i * 7_919,
            active: i % 3 == 0,
            score: Some(-(i as i32)),
            label: if i % 5 == 0 {
                "five".into()
            } else {
                String::new()
            },
            parent: (i % 2 == 0).then_some(i / 2),
        })
        .collect();
    assert_same(&rows);
}

#[derive(Serialize, ToJson)]
struct Row {
    id: u64,
    active: bool,
    score: Option<i32>,
    label: String,
    parent: Option<u64>,
}

/// Struct variants of every enum representation take runs too.
#[derive(Serialize, ToJson)]
#[serde(tag = "kind")]
enum Internal {
    Point { x: i32, y: i32, visible: bool },
}

#[derive(Serialize, ToJson)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Point { x: i32, y: i32 },
}

#[derive(Serialize, ToJson)]
enum External {
    Point { x: i32, y: Option<u8> },
}

#[derive(Serialize, ToJson)]
#[serde(untagged)]
enum Untagged {
    Point { x: i32, y: u16 },
}

#[test]
fn enum_variants_match_serde_json() {
    assert_same(&Internal::Point {
        x: -1,
        y: 2,
        visible: true,
    });
    assert_same(&Adjacent::Point {
        x: i32::MIN,
        y: i32::MAX,
    });
    assert_same(&External::Point { x: 0, y: None });
    assert_same(&Untagged::Point { x: 7, y: 65_535 });
}

/// A flattened struct's fields are written as entries of its parent's
/// object, where they still form runs.
#[derive(Serialize, ToJson)]
struct Parent {
    before: u8,
    #[serde(flatten)]
    child: Child,
    after: bool,
}

#[derive(Serialize, ToJson)]
struct Child {
    a: u64,
    b: Option<bool>,
}

#[test]
fn flattened_fields_match_serde_json() {
    assert_same(&Parent {
        before: 1,
        child: Child {
            a: 2,
            b: Some(true),
        },
        after: false,
    });
}

/// In a packed struct each field is copied before it is written.
#[derive(Serialize, ToJson)]
#[repr(C, packed)]
struct Packed {
    tag: u8,
    value: u64,
    flag: bool,
}

#[test]
fn packed_fields_match_serde_json() {
    assert_same(&Packed {
        tag: 3,
        value: u64::MAX,
        flag: true,
    });
}

/// Canonical output writes runs through the writer's usual methods, which
/// sort the entries.
#[test]
fn canonical_output_sorts_run_entries() {
    let row = Row {
        id: 5,
        active: true,
        score: None,
        label: "x".into(),
        parent: Some(1),
    };
    assert_eq!(
        json_runtime::Options::new()
            .canonical()
            .to_string(&row)
            .unwrap(),
        r#"{"active":true,"id":5,"label":"x","parent":1,"score":null}"#
    );
}

/// A lone integer or `Option` field between unbounded values is a run of
/// one keyed write: as the first entry of an object, of a flattened
/// struct's entries, in the middle and last.
#[derive(Serialize, ToJson)]
struct Lone {
    first: i64,
    name: String,
    middle: Option<u16>,
    tags: Vec<String>,
    last: usize,
}

#[derive(Serialize, ToJson)]
struct LoneParent {
    #[serde(flatten)]
    lone: Lone,
    note: String,
}

#[test]
fn lone_keyed_fields_match_serde_json() {
    for (first, middle, last) in [
        (i64::MIN, None, 0),
        (0, Some(0), usize::MAX),
        (-1, Some(u16::MAX), 9),
    ] {
        let lone = Lone {
            first,
            name: "n\"".into(),
            middle,
            tags: vec!["t".into()],
            last,
        };
        assert_same(&lone);
        assert_same(&LoneParent {
            lone,
            note: String::new(),
        });
    }
}

/// Arrays written by the derive (tuple structs, tuple variants) put their
/// brackets, separators and bounded elements in runs too: every mix of
/// bounded and unbounded elements, a tuple long enough to split its run,
/// under every entry point and layout.
#[test]
fn tuple_structs_and_variants_match_serde_json() {
    #[derive(Serialize, ToJson)]
    struct Pair(u32, i64);
    #[derive(Serialize, ToJson)]
    struct Mixed(bool, String, Option<u16>, Vec<u8>, i8);
    #[derive(Serialize, ToJson)]
    struct Unbounded(String, Vec<u32>);
    #[derive(Serialize, ToJson)]
    #[allow(clippy::type_complexity)]
    struct Long(
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
        u64,
    );
    #[derive(Serialize, ToJson)]
    enum Shape {
        Line(i32, i32),
        Named(String, u8),
        Flag(bool, Option<bool>),
    }
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t", content = "c")]
    enum Tagged {
        Move(i16, i16),
        Say(String, u64),
    }

    for i in [0u64, 1, 9, 10, 99_999, u64::MAX / 3, u64::MAX] {
        assert_same(&Pair(i as u32, -(i as i64)));
        assert_same(&Mixed(
            i % 2 == 0,
            format!("s\"{i}"),
            (i % 3 != 0).then_some(i as u16),
            vec![i as u8; (i % 5) as usize],
            i as i8,
        ));
        assert_same(&Unbounded(i.to_string(), vec![i as u32; (i % 3) as usize]));
        assert_same(&vec![
            Shape::Line(i as i32, -(i as i32)),
            Shape::Named(format!("n{i}"), i as u8),
            Shape::Flag(i % 2 == 0, (i % 3 != 0).then_some(i % 5 == 0)),
        ]);
        assert_same(&vec![
            Tagged::Move(i as i16, -(i as i16)),
            Tagged::Say(i.to_string(), i),
        ]);
    }
    let long = Long(
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        15,
        16,
        17,
        18,
        19,
        20,
        21,
        22,
        23,
        24,
        25,
        26,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
        34,
        35,
        36,
        37,
        38,
        39,
        40,
        41,
        42,
        43,
        44,
        45,
        46,
        47,
        48,
        49,
        50,
        51,
        52,
        53,
        54,
        55,
        56,
        57,
        58,
        59,
        60,
        61,
        62,
        63,
        64,
        65,
        66,
        67,
        68,
        u64::MAX,
    );
    assert_same(&long);
    let pairs: Vec<Pair> = (0..20_000u32)
        .map(|i| Pair(i.wrapping_mul(2_654_435_761), -i64::from(i)))
        .collect();
    assert_same(&pairs);
}
