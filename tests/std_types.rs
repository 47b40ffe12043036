//! Standard library types, each compared byte for byte with serde_json,
//! compact and pretty.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use json_tests::{assert_compact, assert_same, assert_same_as, same};

#[test]
fn bools() {
    same!(true, false);
    assert_compact(&true, "true");
}

#[test]
fn unit() {
    same!(());
    assert_compact(&(), "null");
}

macro_rules! int_extremes {
    ($($name:ident: $t:ty,)*) => {$(
        #[test]
        fn $name() {
            same!(<$t>::MIN, <$t>::MAX, 0 as $t, 1 as $t, <$t>::MAX - 1, <$t>::MIN + 1);
            same!(<$t>::MAX / 2, <$t>::MIN / 2, 9 as $t, 10 as $t, 99 as $t, 100 as $t, 127 as $t);
            for shift in 0..<$t>::BITS {
                let v: $t = 1 << shift;
                same!(v, v.wrapping_sub(1), v.wrapping_add(1), v.wrapping_neg());
            }
            let mut p: $t = 1;
            while let Some(next) = p.checked_mul(10) {
                same!(p, next, next - 1, p.wrapping_neg());
                p = next;
            }
            same!([<$t>::MIN, <$t>::MAX], vec![<$t>::MIN, 0, <$t>::MAX]);
        }
    )*};
}

int_extremes! {
    ints_i8: i8,
    ints_i16: i16,
    ints_i32: i32,
    ints_i64: i64,
    ints_i128: i128,
    ints_isize: isize,
    ints_u8: u8,
    ints_u16: u16,
    ints_u32: u32,
    ints_u64: u64,
    ints_u128: u128,
    ints_usize: usize,
}

#[test]
fn int_128_exact_text() {
    assert_compact(&i128::MIN, "-170141183460469231731687303715884105728");
    assert_compact(&u128::MAX, "340282366920938463463374607431768211455");
}

#[test]
fn floats_basic() {
    same!(0.0f64, -0.0f64, 1.0f64, -1.5f64, 0.1f64, 1e300f64, f64::NAN);
    same!(0.0f32, -0.0f32, 1.0f32, -1.5f32, 0.1f32, f32::NAN);
}

#[test]
fn chars() {
    same!('a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', '\r', '\u{8}', '\u{c}');
    same!('\0', '\u{1}', '\u{1f}', '\u{7f}', '\u{80}', 'é', 'ß', '€', '中', '😀');
    same!('\u{2028}', '\u{2029}', '\u{fffd}', '\u{ffff}', '\u{10ffff}');
    for c in (0u32..0x80).filter_map(char::from_u32) {
        same!(c);
    }
}

#[test]
fn strs_and_strings() {
    same!(
        "",
        "a",
        "hello world",
        "quote\"backslash\\",
        "tab\tnewline\n"
    );
    same!(
        String::new(),
        String::from("owned"),
        String::from("ünïcödé 中文 😀")
    );
    let s: &str = "slice";
    assert_same(s);
    assert_same(&s);
    assert_same(&String::from("x")[..]);
}

#[test]
fn options() {
    same!(
        Some(1),
        None::<i32>,
        Some("s"),
        None::<&str>,
        Some(Some(true)),
        Some(None::<bool>),
        None::<Option<bool>>,
        Some(()),
        Some(vec![1, 2]),
        None::<Vec<u8>>,
        vec![Some(1), None, Some(3)],
    );
}

#[test]
fn references() {
    let x = 5u8;
    let r = &x;
    same!(r, &r, &&&"deep");
    let mut y = String::from("mutable");
    let m = &mut y;
    same!(m);
    let mut v = [1, 2, 3];
    let m = &mut v[..];
    same!(m);
    let mut opt = Some(&mut y);
    same!(opt, Some(&x), &mut opt);
}

#[test]
fn smart_pointers() {
    same!(
        Box::new(1),
        Box::new("boxed"),
        Box::new(vec![Box::new(1)]),
        Rc::new(2),
        Rc::new(String::from("rc")),
        Arc::new(3),
        Arc::new(vec![Arc::new("x")]),
        Box::new(Some(Rc::new(Arc::new(4u8)))),
    );
    let b: Box<str> = "boxed str".into();
    let r: Rc<str> = "rc str".into();
    let a: Arc<str> = "arc str".into();
    let bs: Box<[u32]> = vec![1, 2].into_boxed_slice();
    let rs: Rc<[u32]> = Rc::from(vec![3, 4]);
    let as_: Arc<[u32]> = Arc::from(vec![]);
    same!(b, r, a, bs, rs, as_);
}

#[test]
fn cows() {
    let borrowed: Cow<'_, str> = Cow::Borrowed("borrowed");
    let owned: Cow<'_, str> = Cow::Owned(String::from("owned"));
    let slice: Cow<'_, [i32]> = Cow::Borrowed(&[1, 2, 3]);
    let owned_slice: Cow<'_, [i32]> = Cow::Owned(vec![4]);
    // A Cow of an owned type is unusual but valid, and serde supports it.
    #[allow(clippy::owned_cow)]
    let cow_string: Cow<'_, String> = Cow::Owned(String::from("s"));
    same!(borrowed, owned, slice, owned_slice, cow_string);
}

#[test]
fn vecs_and_slices() {
    same!(
        Vec::<i32>::new(),
        vec![1],
        vec![1, 2, 3],
        vec!["a", "b"],
        vec![(); 3],
        vec![true; 40],
    );
    let s: &[u8] = &[];
    let t: &[u8] = &[1, 2, 255];
    same!(s, t);
    let long: Vec<u64> = (0..1000).map(|i| i * 7919).collect();
    same!(long);
}

#[test]
fn arrays() {
    let a0: [i32; 0] = [];
    let s0: [String; 0] = [];
    same!(a0, s0, [1], [1, 2], [1, 2, 3], [0u8; 16], [7i64; 32]);
    same!([[1, 2], [3, 4]], [[0u8; 0]; 3], [a0; 2]);
    // Serde implements `Serialize` for arrays up to 32 elements only; a
    // longer array is compared with its slice, which serde_json writes alike.
    let a33: [u32; 33] = std::array::from_fn(|i| i as u32);
    let a100: [i8; 100] = std::array::from_fn(|i| i as i8 - 50);
    let a33_nested: [[u16; 33]; 2] = [[9; 33]; 2];
    assert_same_as(&a33, &a33[..]);
    assert_same_as(&a100, &a100[..]);
    assert_same_as(&a33_nested, &[&a33_nested[0][..], &a33_nested[1][..]]);
    same!(["x"; 5], [Some(1), None], [(); 2]);
}

#[test]
fn vecdeque_and_linked_list() {
    let mut dq = VecDeque::new();
    same!(dq);
    dq.push_back(2);
    dq.push_front(1);
    dq.push_back(3);
    same!(dq);
    // Wrap the ring buffer around so its contents sit in two slices.
    let mut wrapped: VecDeque<u32> = VecDeque::with_capacity(4);
    for i in 0..4 {
        wrapped.push_back(i);
    }
    wrapped.pop_front();
    wrapped.pop_front();
    wrapped.push_back(4);
    wrapped.push_back(5);
    same!(wrapped);
    let ll: LinkedList<&str> = ["a", "b"].into_iter().collect();
    same!(ll, LinkedList::<u8>::new());
}

#[test]
fn binary_heap() {
    // Serde writes the heap's internal order; both iterate the same instance.
    let heap: BinaryHeap<i32> = [5, 1, 8, 3, 9, 2].into_iter().collect();
    same!(heap, BinaryHeap::<i32>::new());
}

#[test]
fn hash_sets() {
    same!(HashSet::<i32>::new(), HashSet::from([42]));
    // Many elements: both encoders iterate this same instance, so the order
    // agrees even though it is arbitrary.
    let many: HashSet<String> = (0..50).map(|i| format!("item{i}")).collect();
    same!(many);
}

#[test]
fn btree_sets() {
    same!(
        BTreeSet::<u8>::new(),
        BTreeSet::from([3, 1, 2]),
        BTreeSet::from(["b", "a"]),
        BTreeSet::from([vec![1], vec![]]),
    );
}

#[test]
fn tuples_1_to_16() {
    same!((1,), ("a",), ((),));
    same!((1, "two"));
    same!((1, "two", 3.0));
    same!((1, "two", 3.0, '4'));
    same!((1, "two", 3.0, '4', true));
    same!((1, "two", 3.0, '4', true, None::<u8>));
    same!((1, "two", 3.0, '4', true, None::<u8>, Some(7)));
    same!((1, "two", 3.0, '4', true, None::<u8>, Some(7), [8]));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
    same!((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    same!((
        1,
        "2",
        3u128,
        -4i8,
        5.5f32,
        '6',
        (7, (8,)),
        [9],
        vec![10],
        Some(11),
        (),
        true,
        "13",
        14usize,
        BTreeMap::from([(15, 15)]),
        Box::new(16)
    ));
}

#[test]
fn nested_tuples() {
    same!(((1, 2), (3, (4, 5))), vec![(1, "a"), (2, "b")], ((),));
}

macro_rules! int_key_maps {
    ($($name:ident: $t:ty,)*) => {$(
        #[test]
        fn $name() {
            let btree: BTreeMap<$t, &str> = [
                (<$t>::MIN, "min"),
                (0 as $t, "zero"),
                (1 as $t, "one"),
                (<$t>::MAX, "max"),
            ]
            .into_iter()
            .collect();
            same!(btree);
            let hash: HashMap<$t, Vec<$t>> = [
                (<$t>::MIN, vec![<$t>::MIN]),
                (<$t>::MAX, vec![<$t>::MAX, 0 as $t]),
                (7 as $t, vec![]),
            ]
            .into_iter()
            .collect();
            same!(hash, HashMap::<$t, u8>::new(), HashMap::from([(<$t>::MAX, ())]));
        }
    )*};
}

int_key_maps! {
    map_keys_i8: i8,
    map_keys_i16: i16,
    map_keys_i32: i32,
    map_keys_i64: i64,
    map_keys_i128: i128,
    map_keys_isize: isize,
    map_keys_u8: u8,
    map_keys_u16: u16,
    map_keys_u32: u32,
    map_keys_u64: u64,
    map_keys_u128: u128,
    map_keys_usize: usize,
}

#[test]
fn int_128_key_exact_text() {
    assert_compact(
        &BTreeMap::from([(i128::MIN, 1)]),
        r#"{"-170141183460469231731687303715884105728":1}"#,
    );
}

#[test]
fn map_keys_strings() {
    same!(
        BTreeMap::from([("b".to_string(), 2), ("a".to_string(), 1)]),
        HashMap::from([(String::from("only"), "one")]),
        BTreeMap::from([("x", 1.5), ("", 0.0)]),
        HashMap::<&str, i32>::new(),
        BTreeMap::<String, String>::new(),
    );
    let many: HashMap<String, usize> = (0..40).map(|i| (format!("k{i}"), i)).collect();
    same!(many);
    let cow_keys: BTreeMap<Cow<'_, str>, u8> =
        BTreeMap::from([(Cow::Borrowed("b"), 1), (Cow::Owned("a".into()), 2)]);
    let box_keys: BTreeMap<Box<str>, u8> = BTreeMap::from([("k".into(), 1)]);
    let rc_keys: BTreeMap<Rc<str>, u8> = BTreeMap::from([("k".into(), 1)]);
    let arc_keys: HashMap<Arc<String>, u8> = HashMap::from([(Arc::new("k".into()), 1)]);
    same!(cow_keys, box_keys, rc_keys, arc_keys);
    let s1 = String::from("ref");
    let ref_keys: BTreeMap<&String, u8> = BTreeMap::from([(&s1, 1)]);
    same!(ref_keys);
}

#[test]
fn map_keys_chars() {
    same!(
        BTreeMap::from([
            ('a', 1),
            ('"', 2),
            ('\n', 3),
            ('é', 4),
            ('😀', 5),
            ('\0', 6)
        ]),
        HashMap::from([('z', "zed")]),
    );
}

#[test]
fn map_keys_bools() {
    same!(
        BTreeMap::from([(true, "yes"), (false, "no")]),
        HashMap::from([(false, 0)]),
        HashMap::from([(true, vec![1])]),
    );
    assert_compact(
        &BTreeMap::from([(false, 0), (true, 1)]),
        r#"{"false":0,"true":1}"#,
    );
}

#[test]
fn phantom_data() {
    same!(
        PhantomData::<i32>,
        PhantomData::<String>,
        (PhantomData::<u8>, 1)
    );
    // Serde's impl has no bound on T, and neither has ours.
    struct NotSerializable;
    let _ = json_runtime::to_vec(&PhantomData::<NotSerializable>).unwrap();
    assert_compact(&PhantomData::<NotSerializable>, "null");
    assert_compact(&PhantomData::<str>, "null");
}

#[test]
fn empty_containers() {
    same!(
        Vec::<u8>::new(),
        VecDeque::<u8>::new(),
        BTreeSet::<u8>::new(),
        HashSet::<u8>::new(),
        BTreeMap::<u8, u8>::new(),
        HashMap::<String, u8>::new(),
        [0u8; 0],
        vec![Vec::<u8>::new()],
        vec![BTreeMap::<u8, u8>::new(), BTreeMap::new()],
        BTreeMap::from([("empty", Vec::<u8>::new())]),
        BTreeMap::from([("e", BTreeMap::<u8, u8>::new())]),
        (Vec::<u8>::new(), BTreeMap::<u8, u8>::new()),
        Some(Vec::<u8>::new()),
    );
}

#[test]
fn nested_containers() {
    same!(
        vec![vec![1, 2], vec![], vec![3]],
        vec![vec![vec![vec![0]]]],
        vec![vec![Vec::<u8>::new()]],
    );
    let map_of_vecs: BTreeMap<&str, Vec<i32>> =
        BTreeMap::from([("a", vec![1, 2]), ("b", vec![]), ("c", vec![3])]);
    same!(map_of_vecs);
    let opt_map: Option<BTreeMap<u32, Option<Vec<&str>>>> = Some(BTreeMap::from([
        (1, Some(vec!["x"])),
        (2, None),
        (3, Some(vec![])),
    ]));
    same!(opt_map, None::<BTreeMap<u8, u8>>);
    type Deep = BTreeMap<String, BTreeMap<String, Vec<Option<(u8, String)>>>>;
    let mut deep = Deep::new();
    deep.entry("outer".into()).or_default().insert(
        "inner".into(),
        vec![Some((1, "one".into())), None, Some((2, "two\n".into()))],
    );
    deep.entry("empty".into()).or_default();
    same!(deep);
    let vec_of_maps: Vec<HashMap<char, BTreeSet<i64>>> = vec![
        HashMap::from([('k', BTreeSet::from([1, -1]))]),
        HashMap::new(),
    ];
    same!(vec_of_maps);
}

#[test]
fn unsized_top_level() {
    let s: &str = "unsized";
    assert_same(s);
    let slice: &[Option<u8>] = &[Some(1), None];
    assert_same(slice);
}

/// The helper itself must notice a difference, in compact and in pretty.
#[test]
#[should_panic(expected = "json-runtime differs from serde_json")]
fn harness_detects_compact_mismatch() {
    assert_same_as(&1, &2);
}

#[test]
#[should_panic(expected = "to_vec_pretty")]
fn harness_detects_pretty_mismatch() {
    // Same compact text, different pretty text.
    struct Raw;
    impl json_runtime::ToJson for Raw {
        fn write_json<F: json_runtime::Format>(
            &self,
            w: json_runtime::ValueWriter<'_, '_, F>,
        ) -> json_runtime::Written {
            w.write_raw("[1]")
        }
    }
    assert_same_as(&Raw, &[1]);
}

#[test]
fn pretty_with_non_utf8_indent_matches_serde_bytes() {
    let value = (vec![1, 2], BTreeMap::from([("k", vec![true])]));
    for indent in [&b"\xff"[..], b"\xc3", b" \x80 "] {
        let expected = json_tests::serde_pretty_with_indent(&value, indent);
        let formatter = json_runtime::PrettyFormatter::with_indent(indent);
        assert_eq!(formatter.to_vec(&value).unwrap(), expected);
        let mut streamed = Vec::new();
        formatter.to_writer(&mut streamed, &value).unwrap();
        assert_eq!(streamed, expected);
        // to_string cannot hold these bytes, and replaces them lossily.
        assert_eq!(
            formatter.to_string(&value).unwrap(),
            String::from_utf8_lossy(&expected)
        );
    }
}

mod random {
    use std::collections::{BTreeMap, HashMap, HashSet};

    use json_tests::assert_same;
    use proptest::collection::{btree_map, hash_map, hash_set, vec};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn nested_maps_of_vecs(
            m in btree_map(any::<String>(), vec((any::<Option<f64>>(), any::<String>()), 0..4), 0..6)
        ) {
            assert_same(&m);
        }

        #[test]
        fn hash_maps_with_integer_keys(
            m in hash_map(any::<i64>(), vec(any::<char>(), 0..4), 0..6)
        ) {
            let m: HashMap<i64, Vec<char>> = m;
            assert_same(&m);
        }

        #[test]
        fn u128_keyed_maps_of_sets(
            m in btree_map(any::<u128>(), hash_set(any::<i16>(), 0..4), 0..6)
        ) {
            let m: BTreeMap<u128, HashSet<i16>> = m;
            assert_same(&m);
        }

        #[test]
        fn tuples_of_mixed_values(
            t in (any::<bool>(), any::<i128>(), any::<f32>(), any::<Option<String>>(), vec(any::<u8>(), 0..8))
        ) {
            assert_same(&t);
        }
    }
}
