//! Slices of integers, `bool`s and `Option`s of them, which json-runtime
//! writes in one loop per element type and layout rather than element by
//! element: every width and digit count, every length around the loop's
//! group size, at depths whose line breaks are longer than the writer's
//! fixed-size copy, against serde_json through every entry point.

use json_runtime::{Options, PrettyFormatter, ToJson};
use json_tests::{assert_same, serde_pretty_with_indent};
use proptest::prelude::*;
use serde::Serialize;

/// Every digit count of `T`, its extremes, and the powers of ten and
/// their neighbours in between.
macro_rules! edges {
    ($t:ty) => {{
        let mut v: Vec<$t> = vec![<$t>::MIN, <$t>::MAX, 0, 1];
        let mut p: $t = 1;
        while let Some(next) = p.checked_mul(10) {
            v.extend([p - 1, p, p + 1]);
            p = next;
        }
        v.extend([p - 1, p]);
        #[allow(unused_comparisons)]
        if <$t>::MIN < 0 {
            let negatives: Vec<$t> = v.iter().filter_map(|x| x.checked_neg()).collect();
            v.extend(negatives);
        }
        v
    }};
}

#[test]
fn every_width_and_digit_count() {
    assert_same(&edges!(u8));
    assert_same(&edges!(u16));
    assert_same(&edges!(u32));
    assert_same(&edges!(u64));
    assert_same(&edges!(usize));
    assert_same(&edges!(u128));
    assert_same(&edges!(i8));
    assert_same(&edges!(i16));
    assert_same(&edges!(i32));
    assert_same(&edges!(i64));
    assert_same(&edges!(isize));
    assert_same(&edges!(i128));
}

/// `Option`s of every integer width, `None` among every digit count, and
/// of `bool`.
#[test]
fn options_of_every_width() {
    macro_rules! options {
        ($($t:ty)*) => {$({
            let values = edges!($t);
            let some: Vec<Option<$t>> = values.iter().copied().map(Some).collect();
            assert_same(&some);
            let mixed: Vec<Option<$t>> = values
                .iter()
                .enumerate()
                .flat_map(|(i, &v)| [Some(v), None].into_iter().take(1 + i % 2))
                .collect();
            assert_same(&mixed);
            assert_same(&vec![None::<$t>; 40]);
        })*};
    }
    options!(u8 u16 u32 u64 usize u128 i8 i16 i32 i64 isize i128);
    assert_same(&[Some(true), None, Some(false), None, None]);
    assert_same(&Vec::<Option<bool>>::new());
}

#[test]
fn bools() {
    assert_same(&[true, false, false, true]);
    assert_same(&Vec::<bool>::new());
    assert_same(&vec![vec![true], vec![], vec![false, true]]);
    let long: Vec<bool> = (0..3_000u32).map(|i| i.count_ones() % 2 == 0).collect();
    assert_same(&long);
}

/// Sets, deques and lists of integers and `bool`s, gathered into groups
/// of 64 on the way: every length around that, a deque whose elements
/// wrap around its buffer, and a `HashSet` sorted by `sort_keys`.
#[test]
fn collections_other_than_slices() {
    use std::collections::{BTreeSet, BinaryHeap, HashSet, LinkedList, VecDeque};
    for len in [
        0usize, 1, 2, 16, 17, 32, 33, 63, 64, 65, 127, 128, 129, 200, 1000,
    ] {
        let values: Vec<u64> = (0..len as u64)
            .map(|i| (u64::MAX >> (i * 7 % 64)).wrapping_sub(i))
            .collect();
        assert_same(&values.iter().copied().collect::<BTreeSet<u64>>());
        assert_same(&values.iter().map(|&v| v as i32).collect::<BTreeSet<i32>>());
        assert_same(&values.iter().map(|&v| v as u8).collect::<HashSet<u8>>());
        assert_same(
            &values
                .iter()
                .map(|&v| v as i16)
                .collect::<LinkedList<i16>>(),
        );
        assert_same(
            &values
                .iter()
                .map(|&v| v as u32)
                .collect::<BinaryHeap<u32>>(),
        );
        let mut deque: VecDeque<i64> = values.iter().map(|&v| v as i64).collect();
        deque.rotate_left(len / 3);
        for v in values.iter().take(len / 2) {
            deque.pop_front();
            deque.push_back(*v as i64);
        }
        assert_same(&deque);
        let flags: VecDeque<bool> = values.iter().map(|&v| v % 3 == 0).collect();
        assert_same(&flags);
        let set: HashSet<u64> = values.iter().copied().collect();
        assert_eq!(
            Options::new().sort_keys(true).to_string(&set).unwrap(),
            serde_json::to_string(&set.iter().copied().collect::<BTreeSet<u64>>()).unwrap()
        );
        let small: BTreeSet<u32> = values.iter().map(|&v| v as u32 >> 12).collect();
        assert_eq!(
            Options::new().canonical().to_string(&small).unwrap(),
            serde_json::to_string(&small).unwrap()
        );
        let inline = PrettyFormatter::new()
            .inline_arrays(usize::MAX)
            .to_string(&small)
            .unwrap();
        let expected: Vec<String> = small.iter().map(u32::to_string).collect();
        assert_eq!(inline, format!("[{}]", expected.join(", ")));
    }
}

#[test]
fn empty_and_single() {
    assert_same(&Vec::<u32>::new());
    assert_same(&[0u8; 0]);
    assert_same(&vec![7i64]);
    assert_same(&vec![Vec::<i32>::new(), vec![], vec![1]]);
}

/// Lengths around the loop's group sizes (a few hundred elements in
/// compact layout, fewer in pretty), so that groups end everywhere.
#[test]
fn lengths_across_groups() {
    for len in [
        1, 2, 16, 17, 32, 33, 63, 64, 65, 70, 71, 72, 150, 157, 158, 160, 170, 171, 341, 1000, 5000,
    ] {
        let v: Vec<u64> = (0..len as u64).map(|i| i * 7_919 % 1_000_003).collect();
        assert_same(&v);
        let v: Vec<i8> = (0..len).map(|i| (i % 256) as u8 as i8).collect();
        assert_same(&v);
        let v: Vec<bool> = (0..len).map(|i| i % 3 == 0).collect();
        assert_same(&v);
        let v: Vec<Option<i32>> = (0..len)
            .map(|i| (i % 3 != 0).then_some(i * -7_919))
            .collect();
        assert_same(&v);
    }
}

/// Arrays whose numbers' lengths mix across eight digits take another
/// digit writer where the processor has AVX-512 IFMA, picked from a
/// sample of the elements: the same text whichever it picks, with the
/// long numbers where the sample sees them, where it does not, and
/// nowhere.
#[test]
fn lengths_mixed_wherever_a_sample_looks() {
    let long = |i: u64| 10_000_000_000_000 * (i + 1) + i;
    for len in [17u64, 24, 33, 40, 100, 1000] {
        for stride in [1, 2, 3, 5, 12, 13, 125] {
            for offset in [0, 1, 5] {
                let v: Vec<u64> = (0..len)
                    .map(|i| {
                        if i % stride == offset {
                            long(i)
                        } else {
                            i % 1000
                        }
                    })
                    .collect();
                assert_same(&v);
                let signed: Vec<i64> = v.iter().map(|&x| -(x as i64)).collect();
                assert_same(&signed);
                let options: Vec<Option<u32>> = v
                    .iter()
                    .map(|&x| (x % 7 != 3).then_some(x as u32))
                    .collect();
                assert_same(&options);
                let set: std::collections::BTreeSet<u64> = v.iter().copied().collect();
                assert_same(&set);
            }
        }
    }
}

/// Rows of up to 32 elements write their comma with the row, longer
/// ones before their own call: every order of short, long and empty rows,
/// first and last.
#[test]
fn short_and_long_rows_in_every_order() {
    let short: Vec<u8> = vec![0, 9, 10, 99, 100, 255];
    let edge: Vec<u8> = (0..32).collect();
    let long: Vec<u8> = (0..33).collect();
    let kinds = [Vec::new(), vec![7], short, edge, long];
    for a in &kinds {
        for b in &kinds {
            for c in &kinds {
                assert_same(&vec![a.clone(), b.clone(), c.clone()]);
                let wide: Vec<Vec<i64>> = [a, b, c]
                    .iter()
                    .map(|row| row.iter().map(|&x| -(i64::from(x) << 40)).collect())
                    .collect();
                assert_same(&wide);
            }
        }
    }
}

/// Fixed-size arrays of scalars as rows (`Vec<[i32; 3]>`), which take
/// the rows' loop as `Vec<Vec<T>>` does: short and long, empty, nested.
#[test]
fn rows_of_fixed_size_arrays() {
    let values = edges!(i64);
    let rows: Vec<[i64; 3]> = values.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    assert_same(&rows);
    let rows: Vec<[u32; 20]> = (0..50u32)
        .map(|i| std::array::from_fn(|j| i.wrapping_mul(2_654_435_761) >> (j as u32 % 32)))
        .collect();
    assert_same(&rows);
    assert_same(&vec![[true, false]; 7]);
    assert_same(&vec![[0u8; 0]; 3]);
    assert_same(&[[1u8, 2], [3, 4], [255, 0]]);
    assert_same(&vec![[Some(1u16), None]; 2]);
    assert_same(&vec![vec![[1i8, -128]; 2], vec![]]);
    assert_same(&Vec::<[u64; 4]>::new());
}

/// Slices of tuples of integers or `bool`s take the scalars' loop in
/// compact output: every width in every place, every digit count, the
/// groups' lengths, every arity, and tuples with an element that is no
/// such scalar (a string, an `Option`, a float, a 128-bit integer),
/// which take the usual path.
#[test]
fn tuples_of_scalars() {
    let longs = edges!(i64);
    let ints = edges!(u32);
    let pairs: Vec<(u32, i64)> = (0..longs.len().max(ints.len()))
        .map(|i| (ints[i % ints.len()], longs[i % longs.len()]))
        .collect();
    assert_same(&pairs);
    let swapped: Vec<(i64, u32)> = pairs.iter().map(|&(a, b)| (b, a)).collect();
    assert_same(&swapped);
    assert_same(&edges!(u8).into_iter().zip(edges!(i8)).collect::<Vec<_>>());
    assert_same(
        &edges!(u128)
            .into_iter()
            .zip(edges!(i16))
            .collect::<Vec<_>>(),
    );
    assert_same(
        &edges!(usize)
            .into_iter()
            .zip(edges!(isize))
            .collect::<Vec<_>>(),
    );
    let flags: Vec<(bool, u64)> = edges!(u64).into_iter().map(|v| (v % 2 == 0, v)).collect();
    assert_same(&flags);
    assert_same(&flags.iter().map(|&(b, _)| (b, !b)).collect::<Vec<_>>());
    for len in [0, 1, 2, 16, 17, 32, 33, 150, 171, 1000] {
        let v: Vec<(u16, i32)> = (0..len).map(|i: i32| (i as u16, -i * 7_919)).collect();
        assert_same(&v);
        assert_same(&vec![v.clone(), Vec::new(), v]);
    }
    assert_same(&[(1u8, 2u8); 3]);
    assert_same(&vec![(1u32, "one".to_string()), (2, "two\n".to_string())]);
    assert_same(&vec![("one".to_string(), 1u32)]);
    assert_same(&vec![(1u32, Some(2u64)), (3, None)]);
    assert_same(&vec![(Some(1u32), 2u64)]);
    assert_same(&vec![(1.5f64, 2u64)]);
    // Other arities: one element, three, sixteen.
    assert_same(&edges!(i64).into_iter().map(|v| (v,)).collect::<Vec<_>>());
    let triples: Vec<(u8, i32, u64)> = edges!(u64)
        .into_iter()
        .enumerate()
        .map(|(i, v)| (i as u8, (v as i32).wrapping_neg(), v))
        .collect();
    assert_same(&triples);
    let wide = (
        1u8,
        -2i8,
        3u16,
        -4i16,
        5u32,
        -6i32,
        7u64,
        -8i64,
        9usize,
        -10isize,
        true,
        false,
        u64::MAX,
        i64::MIN,
        0u8,
        255u8,
    );
    assert_same(&vec![wide; 40]);
    assert_same(&vec![(1u32, 2u128)]);
}

/// Nested deep enough that a pretty line break (newline and indent) is
/// longer than the 32 bytes the writer copies at a fixed size.
#[test]
fn deep_line_breaks() {
    #[derive(ToJson, Serialize)]
    struct Level {
        values: Vec<i32>,
        inner: Option<Box<Level>>,
    }
    let mut level = Level {
        values: vec![-1, 22, -333],
        inner: None,
    };
    for depth in 0..24 {
        level = Level {
            values: (0..depth).map(|i| i * 1_000 - 5).collect(),
            inner: Some(Box::new(level)),
        };
    }
    assert_same(&level);
    for indent in [&b"        "[..], b"\t\t\t", b""] {
        let expected = serde_pretty_with_indent(&level, indent);
        let ours = PrettyFormatter::with_indent(indent).to_vec(&level).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(expected).unwrap()
        );
    }
}

/// Fields, arrays and nested vectors: the derive's keyed path reaches the
/// same loop.
#[test]
fn inside_derived_types() {
    #[derive(ToJson, Serialize)]
    struct Row {
        ids: Vec<u32>,
        deltas: [i16; 4],
        grid: Vec<Vec<i64>>,
        bytes: Vec<u8>,
        none: Vec<u16>,
        flags: Vec<bool>,
        gaps: [Option<u64>; 3],
    }
    let row = Row {
        ids: vec![1, 20, 300, 4_000, 50_000],
        deltas: [-1, 0, 1, i16::MIN],
        grid: vec![vec![], vec![i64::MIN], vec![1, -2, 3]],
        bytes: b"json".to_vec(),
        none: vec![],
        flags: vec![true, false],
        gaps: [None, Some(u64::MAX), None],
    };
    assert_same(&row);
    assert_same(&vec![row]);
}

/// Slices of derived newtypes and `transparent` structs go through their
/// field's loop where it has one (integers, `bool`), element by element
/// otherwise, a field that implements only `Serialize` included.
#[test]
fn newtypes_of_scalars() {
    #[derive(ToJson, Serialize, Clone, Copy)]
    struct UserId(u64);
    #[derive(ToJson, Serialize, Clone, Copy)]
    struct Flag(bool);
    #[derive(ToJson, Serialize, Clone)]
    struct Name(String);
    #[derive(ToJson, Serialize, Clone)]
    #[serde(transparent)]
    struct Tagged<T> {
        value: T,
        marker: std::marker::PhantomData<T>,
    }
    #[derive(Serialize, Clone, Copy)]
    struct SerdeOnly(i16);
    #[derive(ToJson, Serialize, Clone, Copy)]
    struct Wrapped(SerdeOnly);
    #[derive(ToJson, Serialize, Clone, Copy)]
    struct Shown(#[json(as_string)] u32);

    for len in [0usize, 1, 16, 17, 32, 33, 63, 64, 65, 200] {
        let ids: Vec<UserId> = (0..len as u64)
            .map(|i| UserId(u64::MAX >> (i % 64)))
            .collect();
        assert_same(&ids);
        assert_same(&vec![ids.clone(), vec![], ids[..len / 2].to_vec()]);
        let flags: Vec<Flag> = (0..len).map(|i| Flag(i % 3 == 0)).collect();
        assert_same(&flags);
        let names: Vec<Name> = (0..len).map(|i| Name(format!("n\"{i}"))).collect();
        assert_same(&names);
        let tagged: Vec<Tagged<i32>> = (0..len as i32)
            .map(|i| Tagged {
                value: -i * 1_001,
                marker: std::marker::PhantomData,
            })
            .collect();
        assert_same(&tagged);
        let wrapped: Vec<Wrapped> = (0..len as i16).map(|i| Wrapped(SerdeOnly(-i))).collect();
        assert_same(&wrapped);
    }
    let shown = vec![Shown(7), Shown(u32::MAX)];
    assert_eq!(
        json_runtime::to_string(&shown).unwrap(),
        r#"["7","4294967295"]"#
    );
}

/// The other outputs that reach slices of integers: inline arrays, sorted
/// keys and canonical output, which checks every number itself.
#[test]
fn other_outputs() {
    let v: Vec<Vec<i64>> = vec![vec![1, -2, 3], (0..40).collect(), vec![]];
    let inline = PrettyFormatter::new()
        .inline_arrays(40)
        .to_string(&v)
        .unwrap();
    assert!(
        inline.starts_with("[\n  [1, -2, 3],\n  [\n    0,\n"),
        "{inline}"
    );
    assert!(inline.ends_with("\n  ],\n  []\n]"), "{inline}");
    assert_eq!(
        Options::new().sort_keys(true).to_string(&v).unwrap(),
        serde_json::to_string(&v).unwrap()
    );
    let flags = vec![vec![Some(true), None], vec![]];
    let inline = PrettyFormatter::new()
        .inline_arrays(40)
        .to_string(&flags)
        .unwrap();
    assert_eq!(inline, "[\n  [true, null],\n  []\n]");
    let big: Vec<u64> = vec![1, 1 << 53, (1 << 53) + 1];
    assert!(json_runtime::Options::new()
        .canonical()
        .to_vec(&big)
        .is_err());
    assert_eq!(
        json_runtime::Options::new()
            .canonical()
            .to_string(&v)
            .unwrap(),
        serde_json::to_string(&v).unwrap()
    );
}

proptest! {
    #[test]
    fn random_u64(v in proptest::collection::vec(any::<u64>(), 0..600)) {
        assert_same(&v);
    }

    #[test]
    fn random_i32_rows(v in proptest::collection::vec(proptest::collection::vec(any::<i32>(), 0..20), 0..40)) {
        assert_same(&v);
    }

    #[test]
    fn random_lengths(v in proptest::collection::vec(any::<u64>().prop_map(|x| x >> (x % 64)), 0..600)) {
        assert_same(&v);
        let signed: Vec<i64> = v.iter().map(|&x| (x as i64).wrapping_neg()).collect();
        assert_same(&signed);
        let options: Vec<Option<u64>> = v.iter().map(|&x| (x % 3 != 0).then_some(x)).collect();
        assert_same(&options);
        // 32 bits and less: `null` or the digits, with no branch on which.
        let narrow: Vec<Option<u32>> = v.iter().map(|&x| (x % 3 != 0).then_some(x as u32)).collect();
        assert_same(&narrow);
        let signed: Vec<Option<i32>> = v.iter().map(|&x| (x % 5 != 0).then_some(x as i32)).collect();
        assert_same(&signed);
        let short: Vec<Option<i16>> = v.iter().map(|&x| (x % 2 != 0).then_some(x as i16)).collect();
        assert_same(&short);
    }

    #[test]
    fn random_pairs(v in proptest::collection::vec(any::<(u64, i32)>().prop_map(|(x, y)| (x >> (x % 64), y)), 0..600)) {
        assert_same(&v);
    }

    #[test]
    fn random_small(v in proptest::collection::vec(0u16..1_000, 0..600)) {
        assert_same(&v);
    }

    #[test]
    fn random_options(v in proptest::collection::vec(any::<Option<i64>>(), 0..600)) {
        assert_same(&v);
    }

    #[test]
    fn random_bools(v in proptest::collection::vec(any::<Option<bool>>(), 0..600)) {
        assert_same(&v);
    }

    #[test]
    fn random_sets(v in proptest::collection::btree_set(any::<i64>(), 0..300)) {
        assert_same(&v);
        assert_same(&v.iter().copied().collect::<std::collections::VecDeque<i64>>());
    }
}
