//! Floats, compared byte for byte with serde_json: special values,
//! exponent thresholds, f32 and random bit patterns.

use std::collections::BTreeMap;

use json_tests::{assert_compact, assert_same, same};
use ordered_float::OrderedFloat;
use proptest::prelude::*;

#[test]
fn f64_subnormals() {
    same!(
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        5e-324f64,
        -5e-324f64,
        f64::from_bits(1),
        f64::from_bits(2),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        f64::MIN_POSITIVE / 2.0,
        2.225073858507201e-308f64,
    );
}

#[test]
fn f64_zeros() {
    same!(0.0f64, -0.0f64);
    assert_compact(&0.0f64, "0.0");
    assert_compact(&-0.0f64, "-0.0");
}

#[test]
fn f64_exponent_thresholds() {
    same!(
        1e15f64,
        1e16f64,
        1e17f64,
        9999999999999998.0f64,
        999999999999999.9f64,
        123456789012345680.0f64,
        1e-5f64,
        1e-6f64,
        1e-7f64,
        0.00001234f64,
        0.000001234f64,
        1e21f64,
        1e22f64,
        1e23f64,
        -1e16f64,
        -1e-7f64,
    );
    assert_compact(&1e15f64, "1000000000000000.0");
    assert_compact(&1e16f64, "1e+16");
    assert_compact(&1e-7f64, "1e-7");
}

#[test]
fn f64_common_values() {
    same!(
        0.1f64,
        0.2f64,
        0.1f64 + 0.2f64,
        1.0f64 / 3.0,
        2.0f64 / 3.0,
        std::f64::consts::PI,
        std::f64::consts::E,
        -1.5f64,
        100.25f64,
        1.7976931348623157e308f64,
    );
}

#[test]
fn f64_extremes() {
    same!(f64::MAX, f64::MIN, f64::EPSILON, 1.0f64 + f64::EPSILON);
}

#[test]
fn non_finite_are_null() {
    same!(f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY);
    same!(f32::NAN, f32::INFINITY, f32::NEG_INFINITY);
    same!(
        vec![f64::NAN, 1.0, f64::INFINITY],
        (f32::NEG_INFINITY, f64::NAN),
        Some(f64::INFINITY),
        BTreeMap::from([("nan", f64::NAN), ("inf", f64::INFINITY)]),
    );
    assert_compact(&f64::NAN, "null");
    assert_compact(&f64::NEG_INFINITY, "null");
    assert_compact(&f32::INFINITY, "null");
}

#[test]
fn f32_values() {
    same!(
        0.1f32,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        f32::EPSILON,
        f32::from_bits(1),
        1e13f32,
        1e-6f32,
        16777216f32,
        16777217f32,
        0.0f32,
        -0.0f32,
        1.0f32 / 3.0,
        1e7f32,
        1e16f32,
        1e17f32,
        1e-7f32,
        3.4028235e38f32,
    );
    assert_compact(&0.1f32, "0.1");
    assert_compact(&16777216f32, "16777216.0");
}

#[test]
fn integer_valued_floats() {
    for i in -1000i32..=1000 {
        same!(i as f64, i as f32);
    }
    for shift in 0..=1023 {
        let v = 2f64.powi(shift);
        same!(v, -v, v - 1.0, v + 1.0);
    }
    for shift in 0..=127 {
        let v = 2f32.powi(shift);
        same!(v, -v);
    }
    same!(9007199254740992.0f64, 9007199254740993.0f64, 1e300f64);
}

/// Whole numbers below 2^53 (2^24 for `f32`) are written by the integer
/// formatter rather than zmij: both sides of those bounds, and in fields,
/// map values and keys, `Value`s and pretty output.
#[test]
fn whole_floats_at_the_integer_path_bounds() {
    let big = 9_007_199_254_740_992.0f64; // 2^53
    same!(
        big - 1.0,
        -(big - 1.0),
        big,
        -big,
        big + 2.0,
        big / 2.0 + 0.5,
        16_777_215f32,
        -16_777_215f32,
        16_777_216f32,
        16_777_218f32,
        8_388_607.5f32,
        -0.0f64,
        -0.0f32,
        i64::MAX as f64,
        i64::MIN as f64,
        u64::MAX as f64,
    );

    #[derive(json_runtime::ToJson, serde::Serialize)]
    struct Price {
        amount: f64,
        units: f32,
        maybe: Option<f64>,
    }
    same!(
        Price {
            amount: 12.0,
            units: -3.0,
            maybe: Some(-0.0)
        },
        vec![Price {
            amount: 1e15,
            units: 16_777_215.0,
            maybe: Some(big - 1.0)
        }],
        BTreeMap::from([("a", 0.0f64), ("b", -7.0), ("c", 7.5)]),
        BTreeMap::from([
            (OrderedFloat(-0.0f64), 1),
            (OrderedFloat(3.0), 2),
            (OrderedFloat(big - 1.0), 3),
            (OrderedFloat(big), 4),
        ]),
        BTreeMap::from([(OrderedFloat(16_777_215f32), 1), (OrderedFloat(-2.0f32), 2)]),
        serde_json::json!({"n": 42.0, "m": [-1.0, 0.0, -0.0, 1e16]}),
    );
}

#[test]
fn powers_of_ten() {
    for exp in -325..=308 {
        let v: f64 = format!("1e{exp}").parse().unwrap();
        same!(v, -v, f64::from_bits(v.to_bits() + 1), v * 1.5);
    }
    for exp in -46..=38 {
        let v: f32 = format!("1e{exp}").parse().unwrap();
        same!(v, -v, f32::from_bits(v.to_bits() + 1));
    }
}

#[test]
fn floats_in_containers_pretty() {
    same!(
        vec![0.0, -0.0, 1e16, 1e-7],
        [0.1f32, 1e13f32],
        BTreeMap::from([(1, 1.5), (2, f64::MAX)]),
        (1.0f64, 2.0f32, Some(3.5f64)),
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn random_f64_bit_patterns(bits in any::<u64>()) {
        assert_same(&f64::from_bits(bits));
    }

    #[test]
    fn random_f32_bit_patterns(bits in any::<u32>()) {
        assert_same(&f32::from_bits(bits));
    }

    #[test]
    fn random_f64_values(v in any::<f64>()) {
        assert_same(&v);
    }

    #[test]
    fn random_whole_floats(v in any::<i64>(), shift in 0u32..64) {
        let v = v >> shift;
        assert_same(&(v as f64));
        assert_same(&(v as f32));
        assert_same(&(v as f64 + 0.5));
    }

    #[test]
    fn random_f64_vecs(v in proptest::collection::vec(any::<u64>().prop_map(f64::from_bits), 0..20)) {
        assert_same(&v);
    }
}
