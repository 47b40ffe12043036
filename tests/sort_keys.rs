//! `Options::sort_keys`: a sorted `HashMap` writes the bytes serde_json
//! writes for the `BTreeMap` with the same entries, and a sorted `HashSet`
//! those of the `BTreeSet`, compact and pretty, in memory and streamed.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::Hash;

use json_runtime::{Escape, Options, ToJson, ToJsonKey};
use serde::Serialize;

/// Counts allocations, to show that sorting allocates nothing per entry.
struct Counting;

thread_local! {
    /// Per thread, since tests run side by side.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_allocation() {
    // During thread teardown the counter may be gone; nothing to count then.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards to the system allocator unchanged; the counter has no
// effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_allocation();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn sorted() -> Options<'static> {
    Options::new().sort_keys(true)
}

/// Every way of writing with `options`: in memory, and streamed.
fn all_ways<T: ToJson + ?Sized>(options: Options<'_>, value: &T) -> Vec<u8> {
    let in_memory = options.to_vec(value).unwrap();
    let mut streamed = Vec::new();
    options.to_writer(&mut streamed, value).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&streamed),
        String::from_utf8_lossy(&in_memory)
    );
    in_memory
}

/// `value` sorted, compact and pretty, against serde_json's bytes for
/// `expected` (the same data in ordered collections).
fn check<T: ToJson + ?Sized, E: Serialize + ?Sized>(value: &T, expected: &E) {
    assert_eq!(
        String::from_utf8(all_ways(sorted(), value)).unwrap(),
        serde_json::to_string(expected).unwrap()
    );
    assert_eq!(
        String::from_utf8(all_ways(sorted().pretty(), value)).unwrap(),
        serde_json::to_string_pretty(expected).unwrap()
    );
}

fn as_btree<K: Ord + Clone, V: Clone>(map: &HashMap<K, V>) -> BTreeMap<K, V> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn map_of<K: Hash + Eq, V>(entries: impl IntoIterator<Item = (K, V)>) -> HashMap<K, V> {
    entries.into_iter().collect()
}

#[test]
fn string_keys_sort_as_in_a_btreemap() {
    let keys = [
        "",
        "a",
        "B",
        "b",
        "10",
        "9",
        "a\"",
        "a#",
        "a\\",
        "a\n",
        "\u{1}",
        "é",
        "z",
        "\u{fb33}",
        "\u{1f602}",
        "ab",
        "a b",
        "_",
    ];
    let map: HashMap<String, usize> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.to_string(), i))
        .collect();
    check(&map, &as_btree(&map));
    // Keys that are `&str`, `char`, `bool`.
    let map: HashMap<&str, u8> = keys.iter().map(|k| (*k, 1)).collect();
    check(&map, &as_btree(&map));
    let map: HashMap<char, u8> = "zyx\u{e9}\u{1f602}AB ".chars().map(|c| (c, 0)).collect();
    check(&map, &as_btree(&map));
    let map = map_of([(true, 1), (false, 0)]);
    check(&map, &as_btree(&map));
}

#[test]
fn integer_keys_sort_by_value_as_in_a_btreemap() {
    let map: HashMap<u32, u32> = (0..300).map(|i| (i * 7 % 1000, i)).collect();
    check(&map, &as_btree(&map));
    let map: HashMap<i64, bool> = [-100, -9, -10, 0, 9, 10, i64::MIN, i64::MAX]
        .into_iter()
        .map(|k| (k, k > 0))
        .collect();
    check(&map, &as_btree(&map));
    let map: HashMap<u128, ()> = [u128::MAX, 0, 1, 10, 2]
        .into_iter()
        .map(|k| (k, ()))
        .collect();
    check(&map, &as_btree(&map));
    let map: HashMap<std::num::NonZeroU16, i8> = (1..50)
        .map(|k| (std::num::NonZeroU16::new(k * 37).unwrap(), 0))
        .collect();
    check(&map, &as_btree(&map));
    // Through references and boxes too.
    let owned: Vec<u16> = (0..40).map(|i| i * 13 % 100).collect();
    let map: HashMap<&u16, Box<u16>> = owned.iter().map(|k| (k, Box::new(*k))).collect();
    let expected: BTreeMap<u16, u16> = owned.iter().map(|k| (*k, *k)).collect();
    check(&map, &expected);
    const _: () =
        assert!(<u8 as ToJsonKey>::SORTS_AS_INTEGER && !<String as ToJsonKey>::SORTS_AS_INTEGER);
}

/// A derived newtype (or `transparent` struct) over an integer is that
/// integer as a key: it sorts by value, as a `BTreeMap` of it orders it,
/// and one over a string by its text.
#[test]
fn derived_newtype_keys_sort_as_their_field() {
    #[derive(ToJson, Serialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct UserId(u32);
    #[derive(ToJson, Serialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[serde(transparent)]
    struct Offset {
        value: i64,
    }
    #[derive(ToJson, Serialize, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct Name(String);

    let map: HashMap<UserId, u8> = (0..200).map(|i| (UserId(i * 37 % 1000), 1)).collect();
    check(&map, &as_btree(&map));
    let map: HashMap<Offset, u8> = [-100, -9, -10, 0, 9, 10, i64::MIN, i64::MAX]
        .into_iter()
        .map(|value| (Offset { value }, 0))
        .collect();
    check(&map, &as_btree(&map));
    let map: HashMap<Name, u8> = ["b", "a", "10", "9", "B"]
        .into_iter()
        .map(|k| (Name(k.to_owned()), 0))
        .collect();
    check(&map, &as_btree(&map));
    const _: () =
        assert!(<UserId as ToJsonKey>::SORTS_AS_INTEGER && !<Name as ToJsonKey>::SORTS_AS_INTEGER);
}

#[test]
fn nested_maps_sort_at_every_level() {
    let mut outer: HashMap<String, HashMap<String, Vec<HashMap<u8, String>>>> = HashMap::new();
    for i in 0..20 {
        let inner = (0..i)
            .map(|j| {
                let list = (0..j % 4)
                    .map(|k| {
                        (0..k)
                            .map(|n| (n * 31 % 17, format!("{i}.{j}.{k}.{n}")))
                            .collect()
                    })
                    .collect();
                (format!("inner-{j}"), list)
            })
            .collect();
        outer.insert(format!("key {i}"), inner);
    }
    let expected: BTreeMap<_, BTreeMap<_, Vec<BTreeMap<_, _>>>> = outer
        .iter()
        .map(|(k, inner)| {
            let inner = inner
                .iter()
                .map(|(k, list)| (k.clone(), list.iter().map(as_btree).collect()))
                .collect();
            (k.clone(), inner)
        })
        .collect();
    check(&outer, &expected);
}

#[test]
fn derived_fields_keep_their_order_and_flattened_maps_sort_in_place() {
    #[derive(ToJson, Serialize)]
    struct Record {
        zeta: u8,
        labels: HashMap<String, String>,
        alpha: u8,
        #[serde(flatten)]
        extra: HashMap<String, i32>,
        omega: u8,
    }
    #[derive(Serialize)]
    struct Expected {
        zeta: u8,
        labels: BTreeMap<String, String>,
        alpha: u8,
        #[serde(flatten)]
        extra: BTreeMap<String, i32>,
        omega: u8,
    }
    let labels = map_of([
        ("y".to_owned(), "1".to_owned()),
        ("x".to_owned(), "2".to_owned()),
    ]);
    let extra: HashMap<String, i32> = (0..30).map(|i| (format!("e{i}"), i)).collect();
    let record = Record {
        zeta: 1,
        labels: labels.clone(),
        alpha: 2,
        extra: extra.clone(),
        omega: 3,
    };
    let expected = Expected {
        zeta: 1,
        labels: as_btree(&labels),
        alpha: 2,
        extra: as_btree(&extra),
        omega: 3,
    };
    check(&record, &expected);
    // A BTreeMap is written in its own order, which is already sorted.
    let btree: BTreeMap<String, i32> = as_btree(&extra);
    assert_eq!(
        sorted().to_vec(&btree).unwrap(),
        json_runtime::to_vec(&btree).unwrap()
    );
}

#[test]
fn sets_sort_as_a_btreeset() {
    let words: HashSet<String> = ["pear", "Apple", "apple", "10", "9", "a\"b", "é", ""]
        .map(String::from)
        .into();
    check(&words, &words.iter().collect::<BTreeSet<_>>());
    let numbers: HashSet<i32> = (-500..500).map(|i| i * 7919 % 3001).collect();
    check(&numbers, &numbers.iter().collect::<BTreeSet<_>>());
    let big: HashSet<u64> = [u64::MAX, 0, 1 << 60, 10, 9].into();
    check(&big, &big.iter().collect::<BTreeSet<_>>());
}

#[test]
fn sets_of_structs_sort_the_same_compact_and_pretty() {
    #[derive(ToJson, Serialize, PartialEq, Eq, Hash, Clone)]
    struct Point {
        x: i32,
        tags: Vec<String>,
    }
    let set: HashSet<Point> = (0..40)
        .map(|i| Point {
            x: i % 7 - 3,
            tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
        })
        .collect();
    // Ordered by their compact text: `{"x":-1,...` before `{"x":-2,...`,
    // and for equal `x`, `"tags":["t0","t1"]` before `"tags":["t0"]`.
    let mut by_text: Vec<&Point> = set.iter().collect();
    by_text.sort_by_key(|v| json_runtime::to_string(v).unwrap());
    check(&set, &by_text);
}

#[test]
fn keys_sort_by_their_text_whatever_the_escaping() {
    let map = map_of([("z", 1), ("é", 2), ("a", 3), ("<", 4), ("\u{1f602}", 5)]);
    // Escape::Ascii writes é as \u00e9, which as bytes would sort before z.
    assert_eq!(
        sorted().escape(Escape::Ascii).to_string(&map).unwrap(),
        r#"{"<":4,"a":3,"z":1,"\u00e9":2,"\ud83d\ude02":5}"#
    );
    assert_eq!(
        sorted().escape(Escape::HtmlSafe).to_string(&map).unwrap(),
        r#"{"\u003c":4,"a":3,"z":1,"é":2,"😂":5}"#
    );
}

#[test]
fn serde_json_values_stay_sorted() {
    let value = serde_json::json!({"b": {"d": [{"z": 1, "y": 2}], "c": null}, "a": 1});
    check(&value, &value);
}

#[test]
fn a_large_map_streams_sorted() {
    // Larger than the 448 KiB at which to_writer drains: the map is held
    // until it is complete, then drains as usual.
    let map: HashMap<String, String> = (0..40_000)
        .map(|i| (format!("key-{i:06}"), "v".repeat(i % 20)))
        .collect();
    let mut out = Vec::new();
    sorted().to_writer(&mut out, &vec![&map, &map]).unwrap();
    let expected = serde_json::to_vec(&vec![as_btree(&map), as_btree(&map)]).unwrap();
    assert!(expected.len() > 1 << 20);
    assert!(out == expected, "streamed output differs");
}

#[test]
fn sorting_allocates_nothing_per_entry() {
    let maps: Vec<HashMap<String, u32>> = (0..2000)
        .map(|i| {
            (0..10)
                .map(|j| (format!("k{}", (i * 7 + j * 13) % 50), j))
                .collect()
        })
        .collect();
    let count = |options: Options<'_>| {
        let mut out = Vec::with_capacity(1 << 20);
        let before = allocations();
        options.to_writer(&mut out, &maps).unwrap();
        allocations() - before
    };
    let plain = count(Options::new());
    let sorted = count(sorted());
    // 20 000 entries; the sort state grows a few times, then is reused.
    assert!(
        sorted <= plain + 16,
        "{plain} allocations unsorted, {sorted} sorted"
    );
}

mod prop {
    use std::collections::{BTreeMap, HashMap, HashSet};

    use proptest::prelude::*;

    use super::{check, sorted};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn string_maps(map in prop::collection::hash_map(any::<String>(), any::<i64>(), 0..20)) {
            let expected: BTreeMap<_, _> = map.iter().collect();
            check(&map, &expected);
        }

        #[test]
        fn integer_maps(map in prop::collection::hash_map(any::<i64>(), ".{0,3}", 0..20)) {
            let expected: BTreeMap<_, _> = map.iter().collect();
            check(&map, &expected);
        }

        #[test]
        fn nested(map in prop::collection::hash_map("[a-d]{0,2}", prop::collection::hash_map(any::<u16>(), prop::collection::hash_set(".{0,2}", 0..4), 0..4), 0..6)) {
            let expected: BTreeMap<_, BTreeMap<_, Vec<_>>> = map
                .iter()
                .map(|(k, inner)| {
                    let inner = inner
                        .iter()
                        .map(|(k, set): (&u16, &HashSet<String>)| {
                            let mut items: Vec<&String> = set.iter().collect();
                            items.sort();
                            (*k, items)
                        })
                        .collect();
                    (k, inner)
                })
                .collect();
            check(&map, &expected);
            // Deterministic: the same entries in another map give the same bytes.
            let copy: HashMap<_, _> = map.clone().into_iter().collect();
            prop_assert_eq!(sorted().to_vec(&map).unwrap(), sorted().to_vec(&copy).unwrap());
        }
    }
}
