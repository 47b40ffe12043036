//! The rest of the standard library types serde supports: number
//! wrappers, cells, locks, weak pointers and atomics, each compared byte
//! for byte with serde_json, compact and pretty.
//!
//! Where serde_json returns an error, a test pins down what json-runtime
//! writes instead (see the impls' docs for why).

use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};
use std::rc::Rc;
use std::sync::atomic::{
    AtomicBool, AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32,
    AtomicU64, AtomicU8, AtomicUsize,
};
use std::sync::{Arc, Mutex, RwLock};

use json_runtime::{Format, JsonWriter, ToJson, ToJsonKey};
use json_tests::{assert_compact, assert_same, assert_same_as, same};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A one-entry object, to check a key type that is neither `Ord` nor
/// `Hash` (or to pin one key) against serde_json's map key serializer.
struct OneEntry<K, V>(K, V);

impl<K: ToJsonKey, V: ToJson> ToJson for OneEntry<K, V> {
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.begin_object();
        w.object_entry(true);
        self.0.write_json_key(w);
        w.colon();
        self.1.write_json(w);
        w.end_object_dyn(false);
    }
}

impl<K: Serialize, V: Serialize> Serialize for OneEntry<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(&self.0, &self.1)?;
        map.end()
    }
}

/// Asserts that `key` is written as serde_json writes it as a map key.
#[track_caller]
fn same_key<K: ToJsonKey + Serialize>(key: K) {
    assert_same(&OneEntry(key, [1]));
}

// ------------------------------------------------------------ number wrappers

macro_rules! nonzero_extremes {
    ($($name:ident: $nz:ident($t:ty),)*) => {$(
        #[test]
        fn $name() {
            let values = [<$t>::MIN, <$t>::MAX, 1, 2, 9, 10, <$t>::MAX - 1, <$t>::MIN / 2]
                .into_iter()
                .filter_map($nz::new)
                .collect::<Vec<_>>();
            assert!(values.len() >= 6);
            for value in &values {
                same!(*value, Some(*value), [*value]);
                same_key(*value);
            }
            same!(values, None::<$nz>);
            let keyed: BTreeMap<$nz, $nz> = values.iter().map(|v| (*v, *v)).collect();
            same!(keyed);
        }
    )*};
}

nonzero_extremes! {
    nonzero_i8: NonZeroI8(i8),
    nonzero_i16: NonZeroI16(i16),
    nonzero_i32: NonZeroI32(i32),
    nonzero_i64: NonZeroI64(i64),
    nonzero_i128: NonZeroI128(i128),
    nonzero_isize: NonZeroIsize(isize),
    nonzero_u8: NonZeroU8(u8),
    nonzero_u16: NonZeroU16(u16),
    nonzero_u32: NonZeroU32(u32),
    nonzero_u64: NonZeroU64(u64),
    nonzero_u128: NonZeroU128(u128),
    nonzero_usize: NonZeroUsize(usize),
}

#[test]
fn nonzero_exact_text() {
    assert_compact(
        &NonZeroU128::new(u128::MAX),
        "340282366920938463463374607431768211455",
    );
    assert_compact(
        &OneEntry(NonZeroI8::new(i8::MIN).unwrap(), ()),
        r#"{"-128":null}"#,
    );
}

#[test]
fn wrapping_saturating_reverse() {
    same!(
        Wrapping(0u8),
        Wrapping(u64::MAX),
        Wrapping(i128::MIN),
        Wrapping(1.5f64),
        Wrapping("text"),
        Saturating(i32::MIN),
        Saturating(u16::MAX),
        Reverse(-7i64),
        Reverse(String::from("a\"b")),
        Reverse(vec![Reverse(1), Reverse(2)]),
        Reverse(Wrapping(Saturating(3u8))),
        Reverse(f64::NAN),
    );
    assert_compact(&Reverse(Wrapping(Saturating(3u8))), "3");
}

#[test]
fn wrapper_keys() {
    let reversed: BTreeMap<Reverse<i32>, &str> = [
        (Reverse(1), "one"),
        (Reverse(-20), "minus twenty"),
        (Reverse(300), "x"),
    ]
    .into();
    same!(reversed);
    assert_compact(&reversed, r#"{"300":"x","1":"one","-20":"minus twenty"}"#);
    let wrapped: HashMap<Wrapping<u8>, bool> = [(Wrapping(255), true)].into();
    same!(wrapped);
    let saturated: BTreeMap<Saturating<i64>, ()> = [(Saturating(i64::MIN), ())].into();
    same!(saturated);
    let strings: BTreeMap<Reverse<String>, u8> = [
        (Reverse("b\n".to_string()), 1),
        (Reverse("a".to_string()), 2),
    ]
    .into();
    same!(strings);
    same_key(Reverse('é'));
    same_key(Wrapping(true));
    same_key(Reverse(NonZeroU16::new(9).unwrap()));
}

// ------------------------------------------------------------ cells, locks, weak, atomics

#[test]
fn cells() {
    same!(
        Cell::new(5u8),
        Cell::new((1, 'x', false)),
        Cell::new(None::<i32>),
        vec![Cell::new(1.5), Cell::new(f64::INFINITY)],
        Cell::new([[0u8; 2]; 2]),
    );
    let cell = Cell::new(1);
    cell.set(2);
    assert_compact(&cell, "2");
}

#[test]
fn ref_cells() {
    same!(
        RefCell::new(1),
        RefCell::new(vec![RefCell::new("a"), RefCell::new("b")]),
        RefCell::new(BTreeMap::from([("k", RefCell::new(Some(2)))])),
        RefCell::new(Vec::<u8>::new()),
    );
    // Unsized contents, through a `Box`.
    let slice: Box<RefCell<[i32]>> = Box::new(RefCell::new([1, 2, 3]));
    same!(slice);
    // A shared borrow alive elsewhere does not stop the write.
    let cell = RefCell::new(vec![1, 2]);
    let shared = cell.borrow();
    same!(cell);
    drop(shared);
    cell.borrow_mut().push(3);
    assert_compact(&cell, "[1,2,3]");
}

/// serde_json fails with "already mutably borrowed"; json-runtime panics,
/// as `RefCell::borrow` does, rather than write a value it cannot read.
#[test]
fn ref_cell_mutably_borrowed_panics() {
    let cell = RefCell::new(5);
    let _guard = cell.borrow_mut();
    let error = serde_json::to_string(&cell).unwrap_err();
    assert_eq!(error.to_string(), "already mutably borrowed");
    let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        json_runtime::to_string(&cell)
    }))
    .unwrap_err();
    let message = panic.downcast_ref::<&str>().copied().unwrap_or_default();
    assert_eq!(
        message,
        "cannot write a RefCell as JSON while it is mutably borrowed"
    );
}

#[test]
#[should_panic(expected = "cannot write a RefCell as JSON while it is mutably borrowed")]
fn ref_cell_mutably_borrowed_panics_nested_and_streamed() {
    let cell = RefCell::new(vec![1]);
    let outer = vec![Some(&cell)];
    let _guard = cell.borrow_mut();
    let _ = json_runtime::to_writer_pretty(Vec::new(), &outer);
}

#[test]
fn mutexes_and_rwlocks() {
    same!(
        Mutex::new(1),
        Mutex::new(vec![Mutex::new("a"), Mutex::new("b")]),
        Arc::new(Mutex::new(BTreeMap::from([(1, vec![2.5])]))),
        RwLock::new(Some(true)),
        RwLock::new(vec![RwLock::new(()), RwLock::new(())]),
        Arc::new(RwLock::new(String::from("\u{0}"))),
        Mutex::new(RwLock::new(RefCell::new(Cell::new(7u8)))),
    );
    let slice: Box<Mutex<[u8]>> = Box::new(Mutex::new([1, 2]));
    same!(slice);
    let slice: Arc<RwLock<[u8]>> = Arc::new(RwLock::new([]));
    same!(slice);
    // Read locks held elsewhere do not block a read lock.
    let lock = RwLock::new(3);
    let held = lock.read().unwrap();
    same!(lock);
    drop(held);
}

/// Poisons a lock by panicking while holding the guard `lock` returns.
fn poison<G>(lock: impl FnOnce() -> G) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _guard = lock();
        panic!("poisoning the lock on purpose");
    }));
    assert!(result.is_err());
}

/// serde_json fails with "lock poison error while serializing";
/// json-runtime writes the value, which is still there.
#[test]
fn poisoned_locks_write_their_value() {
    let mutex = Mutex::new(vec![1, 2]);
    poison(|| mutex.lock().unwrap());
    assert!(mutex.is_poisoned());
    let error = serde_json::to_string(&mutex).unwrap_err();
    assert_eq!(error.to_string(), "lock poison error while serializing");
    assert_same_as(&mutex, &vec![1, 2]);
    assert_compact(&mutex, "[1,2]");

    let lock = RwLock::new(Some("x"));
    poison(|| lock.write().unwrap());
    assert!(lock.is_poisoned());
    let error = serde_json::to_string(&lock).unwrap_err();
    assert_eq!(error.to_string(), "lock poison error while serializing");
    assert_same_as(&lock, &Some("x"));
    assert_compact(&lock, "\"x\"");
}

#[test]
fn weak_pointers() {
    let strong = Rc::new(vec![1, 2]);
    let weak = Rc::downgrade(&strong);
    same!(weak);
    assert_compact(&weak, "[1,2]");
    drop(strong);
    same!(weak, std::rc::Weak::<i32>::new());
    assert_compact(&weak, "null");

    let strong: Arc<str> = Arc::from("shared\t");
    let weak = Arc::downgrade(&strong);
    same!(weak, vec![weak.clone(), weak.clone()]);
    drop(strong);
    same!(weak);
    let dead: Vec<std::sync::Weak<[u8]>> = vec![Arc::downgrade(&Arc::from(&[1u8][..]))];
    same!(dead);
    assert_compact(&dead, "[null]");
}

#[test]
fn atomics() {
    same!(AtomicBool::new(true), AtomicBool::new(false));
    same!(AtomicI8::new(i8::MIN), AtomicI8::new(i8::MAX));
    same!(AtomicU8::new(u8::MAX), AtomicU8::new(0));
    same!(AtomicI16::new(i16::MIN), AtomicU16::new(u16::MAX));
    same!(AtomicI32::new(i32::MIN), AtomicU32::new(u32::MAX));
    same!(AtomicI64::new(i64::MIN), AtomicU64::new(u64::MAX));
    same!(AtomicIsize::new(isize::MIN), AtomicUsize::new(usize::MAX));
    let counters = vec![AtomicUsize::new(1), AtomicUsize::new(2)];
    counters[0].fetch_add(10, std::sync::atomic::Ordering::SeqCst);
    same!(counters);
    assert_compact(&counters, "[11,2]");
}
