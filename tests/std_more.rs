//! The rest of the standard library types serde supports: number
//! wrappers, cells and locks, ranges, `Bound`, `Result`, time, network
//! addresses, paths, OS and C strings and `format_args!`, each compared
//! byte for byte with serde_json, compact and pretty.
//!
//! Where serde_json returns an error, a test pins down what json-runtime
//! writes instead (see the impls' docs for why).

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap};
use std::ffi::{CStr, CString, OsStr, OsString};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};
use std::ops::Bound;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{
    AtomicBool, AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32,
    AtomicU64, AtomicU8, AtomicUsize,
};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, ToJson, ToJsonKey, ValueWriter, Written};
use json_tests::{assert_compact, assert_same, assert_same_as, same};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// A one-entry object, to check a key type that is neither `Ord` nor
/// `Hash` (or to pin one key) against serde_json's map key serializer.
struct OneEntry<K, V>(K, V);

impl<K: ToJsonKey, V: ToJson> ToJson for OneEntry<K, V> {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.into_writer();
        w.begin_object();
        w.object_entry(true);
        self.0.write_json_key(w);
        w.colon();
        self.1.write_json(w.value_writer());
        w.end_object_dyn(false);
        w.written()
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

/// Both fail with "already mutably borrowed", in memory and streamed,
/// nested too.
#[test]
fn ref_cell_mutably_borrowed_is_serdes_error() {
    let cell = RefCell::new(5);
    let _guard = cell.borrow_mut();
    let error = serde_json::to_string(&cell).unwrap_err();
    assert_eq!(error.to_string(), "already mutably borrowed");
    let ours = json_runtime::to_string(&cell).unwrap_err();
    assert_eq!(ours.to_string(), error.to_string());

    let list = RefCell::new(vec![1]);
    let outer = vec![Some(&list)];
    let _guard = list.borrow_mut();
    let error = json_runtime::to_writer_pretty(Vec::new(), &outer).unwrap_err();
    assert_eq!(error.to_string(), "already mutably borrowed");
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

/// Both fail with "lock poison error while serializing".
#[test]
fn poisoned_locks_are_serdes_error() {
    let mutex = Mutex::new(vec![1, 2]);
    poison(|| mutex.lock().unwrap());
    assert!(mutex.is_poisoned());
    let error = serde_json::to_string(&mutex).unwrap_err();
    assert_eq!(error.to_string(), "lock poison error while serializing");
    let ours = json_runtime::to_string(&mutex).unwrap_err();
    assert_eq!(ours.to_string(), error.to_string());

    let lock = RwLock::new(Some("x"));
    poison(|| lock.write().unwrap());
    assert!(lock.is_poisoned());
    let error = serde_json::to_string(&lock).unwrap_err();
    assert_eq!(error.to_string(), "lock poison error while serializing");
    let ours = json_runtime::to_string(&lock).unwrap_err();
    assert_eq!(ours.to_string(), error.to_string());
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

// ------------------------------------------------------------ ranges, Bound, Result

#[test]
fn ranges() {
    same!(
        0..10,
        -5i64..i64::MAX,
        1.5..f64::NAN,
        "a".."z",
        String::from("\"")..String::new(),
        vec![1]..vec![],
        (0..1)..(2..3),
        0u8..=255,
        'a'..='z',
        i128::MIN..=i128::MAX,
        5..,
        "x"..,
        ..7,
        ..vec![Some(1)],
        vec![0..1, 2..3],
    );
    assert_compact(&(1..2), r#"{"start":1,"end":2}"#);
    assert_compact(&(1..), r#"{"start":1}"#);
    assert_compact(&(..2), r#"{"end":2}"#);
    // Iteration moves `start()`; an exhausted inclusive range shows no
    // sign of it, in serde_json's output as in ours.
    let mut range = 3..=5;
    range.next();
    same!(range);
    assert_compact(&range, r#"{"start":4,"end":5}"#);
    range.by_ref().for_each(drop);
    assert!(range.is_empty());
    same!(range);
    assert_compact(&range, r#"{"start":5,"end":5}"#);
}

#[test]
fn bounds() {
    same!(
        Bound::<i32>::Unbounded,
        Bound::Included(1),
        Bound::Excluded(-1),
        Bound::Included("s"),
        Bound::Excluded(vec![1, 2]),
        Bound::Included(Vec::<u8>::new()),
        Bound::Included(Bound::Excluded(Bound::<()>::Unbounded)),
        (Bound::Included(0), Bound::<i32>::Unbounded),
        vec![
            Bound::Unbounded,
            Bound::Included(1.5),
            Bound::Excluded(f64::NAN)
        ],
        Some(Bound::Excluded(BTreeMap::from([("k", 1)]))),
    );
    assert_compact(&Bound::<u8>::Unbounded, r#""Unbounded""#);
    assert_compact(&Bound::Included(1), r#"{"Included":1}"#);
    assert_compact(&Bound::Excluded(1), r#"{"Excluded":1}"#);
    // What `RangeBounds` gives, written out.
    let r = 1..=5;
    same!((
        std::ops::RangeBounds::start_bound(&r),
        std::ops::RangeBounds::end_bound(&r)
    ));
}

#[test]
fn results() {
    same!(
        Ok::<i32, String>(1),
        Err::<i32, String>("bad\n".into()),
        Ok::<(), ()>(()),
        Err::<(), ()>(()),
        Ok::<Vec<u8>, u8>(vec![]),
        Ok::<Vec<u8>, u8>(vec![1, 2]),
        Err::<u8, BTreeMap<&str, i32>>(BTreeMap::new()),
        Err::<u8, BTreeMap<&str, i32>>(BTreeMap::from([("code", 7)])),
        Ok::<Result<u8, u8>, u8>(Err(3)),
        vec![Ok(1), Err("e"), Ok(2)],
        Some(Ok::<f32, ()>(f32::NAN)),
        BTreeMap::from([("a", Ok::<u8, u8>(1)), ("b", Err(2))]),
    );
    assert_compact(&Ok::<u8, ()>(1), r#"{"Ok":1}"#);
    assert_compact(&Err::<(), u8>(1), r#"{"Err":1}"#);
}

// ------------------------------------------------------------ time

#[test]
fn durations() {
    same!(
        Duration::ZERO,
        Duration::MAX,
        Duration::from_nanos(1),
        Duration::new(1, 999_999_999),
        Duration::from_millis(1500),
        Duration::from_secs(u64::MAX),
        Duration::from_secs_f64(0.25),
        vec![Duration::ZERO, Duration::MAX],
        Some(Duration::from_micros(7)),
        Ok::<Duration, ()>(Duration::new(3, 4)),
    );
    assert_compact(&Duration::new(1, 5), r#"{"secs":1,"nanos":5}"#);
    assert_compact(
        &Duration::MAX,
        r#"{"secs":18446744073709551615,"nanos":999999999}"#,
    );
}

#[test]
fn system_times() {
    same!(
        UNIX_EPOCH,
        UNIX_EPOCH + Duration::from_nanos(1),
        UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789),
        SystemTime::now(),
        vec![UNIX_EPOCH, SystemTime::now()],
    );
    assert_compact(
        &(UNIX_EPOCH + Duration::new(2, 3)),
        r#"{"secs_since_epoch":2,"nanos_since_epoch":3}"#,
    );
    // The latest time the platform has, if it has this one.
    let latest = UNIX_EPOCH.checked_add(Duration::new(i64::MAX as u64, 999_999_999));
    assert!(latest.is_some() || !cfg!(target_os = "linux"));
    if let Some(late) = latest {
        same!(late);
    }
}

/// serde_json's error, from every entry point, with nothing written after
/// what serde_json had written before it.
#[track_caller]
fn same_error<T: ToJson + Serialize + ?Sized>(value: &T, message: &str) {
    let theirs = serde_json::to_string(value).unwrap_err();
    assert_eq!(theirs.to_string(), message);
    let ours = json_runtime::to_string(value).unwrap_err();
    assert_eq!(ours.to_string(), message);
    assert!(ours.is_data());
    let pretty = json_runtime::to_string_pretty(value).unwrap_err();
    assert_eq!(pretty.to_string(), message);
    let mut streamed = Vec::new();
    let error = json_runtime::to_writer(&mut streamed, value).unwrap_err();
    assert_eq!(error.to_string(), message);
    assert!(
        streamed.is_empty(),
        "nothing reaches the writer for a value this small"
    );
}

#[test]
fn system_times_before_the_epoch_are_serdes_error() {
    let message = "SystemTime must be later than UNIX_EPOCH";
    same_error(&(UNIX_EPOCH - Duration::from_nanos(1)), message);
    same_error(&(UNIX_EPOCH - Duration::from_millis(1500)), message);
    same_error(&[UNIX_EPOCH, UNIX_EPOCH - Duration::from_secs(1)], message);
    // The epoch itself is a time like any other.
    assert_same_as(&UNIX_EPOCH, &UNIX_EPOCH);
}

// ------------------------------------------------------------ network addresses

/// A fixed pseudo-random sequence, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 16
    }
}

#[test]
fn ipv4() {
    same!(
        Ipv4Addr::UNSPECIFIED,
        Ipv4Addr::LOCALHOST,
        Ipv4Addr::BROADCAST,
        Ipv4Addr::new(1, 2, 3, 4),
        Ipv4Addr::new(10, 0, 100, 9),
        Ipv4Addr::new(192, 168, 99, 255),
    );
    assert_compact(&Ipv4Addr::new(10, 0, 100, 9), r#""10.0.100.9""#);
    for octet in 0..=u8::MAX {
        same!(
            Ipv4Addr::new(octet, 0, 0, 0),
            Ipv4Addr::new(0, octet, 255, octet)
        );
    }
    let mut rng = Lcg(4);
    for _ in 0..2000 {
        let ip = Ipv4Addr::from(rng.next() as u32);
        assert_same(&ip);
        assert_same(&IpAddr::V4(ip));
    }
}

#[test]
fn ipv6() {
    let cases: &[(&str, &str)] = &[
        ("::", "::"),
        ("::1", "::1"),
        ("1::", "1::"),
        ("1:0:0:2::3", "1:0:0:2::3"),
        ("1:0:2:0:0:0:3:4", "1:0:2::3:4"),
        ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
        ("1:2:3:4:5:6:0:8", "1:2:3:4:5:6:0:8"),
        ("2001:db8::ff00:42:8329", "2001:db8::ff00:42:8329"),
        ("fe80::1", "fe80::1"),
        (
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        ),
        (
            "1001:1002:1003:1004:1005:1006:1007:1008",
            "1001:1002:1003:1004:1005:1006:1007:1008",
        ),
        ("::ffff:1.2.3.4", "::ffff:1.2.3.4"),
        ("::ffff:0.0.0.0", "::ffff:0.0.0.0"),
        ("::ffff:255.255.255.255", "::ffff:255.255.255.255"),
    ];
    for (input, text) in cases {
        let ip: Ipv6Addr = input.parse().unwrap();
        same!(ip, IpAddr::V6(ip), Some(ip), [ip, ip]);
        assert_compact(&ip, &format!("\"{text}\""));
    }
    same!(
        Ipv6Addr::UNSPECIFIED,
        Ipv6Addr::LOCALHOST,
        Ipv4Addr::new(1, 2, 3, 4).to_ipv6_mapped(),
        Ipv4Addr::new(1, 2, 3, 4).to_ipv6_compatible(),
        Ipv6Addr::from(u128::MAX),
    );
    // Random addresses with runs of zero groups of every length and place.
    let mut rng = Lcg(6);
    for _ in 0..5000 {
        let mut segments = [0u16; 8];
        for segment in &mut segments {
            *segment = match rng.next() % 4 {
                0 | 1 => 0,
                2 => (rng.next() % 16) as u16,
                _ => rng.next() as u16,
            };
        }
        if rng.next().is_multiple_of(8) {
            segments[..5].fill(0);
            segments[5] = 0xffff;
        }
        let ip = Ipv6Addr::from(segments);
        assert_same(&ip);
    }
}

#[test]
fn socket_addresses() {
    let v4 = SocketAddrV4::new(Ipv4Addr::new(101, 102, 103, 104), 65000);
    let v6 = SocketAddrV6::new(
        "1001:1002:1003:1004:1005:1006:1007:1008".parse().unwrap(),
        65535,
        0,
        u32::MAX,
    );
    same!(
        v4,
        v6,
        SocketAddr::V4(v4),
        SocketAddr::V6(v6),
        SocketAddrV4::new(Ipv4Addr::UNSPECIFIED, 0),
        SocketAddrV6::new(Ipv6Addr::UNSPECIFIED, 0, 0, 0),
        SocketAddrV6::new(Ipv6Addr::LOCALHOST, 8080, 7, 0),
        SocketAddrV6::new("fe80::1".parse().unwrap(), 443, 0xfffff, 2),
        SocketAddrV6::new(Ipv4Addr::new(9, 8, 7, 6).to_ipv6_mapped(), 1, 0, 3),
        vec![SocketAddr::V4(v4), SocketAddr::V6(v6)],
    );
    assert_compact(&v4, r#""101.102.103.104:65000""#);
    assert_compact(
        &v6,
        r#""[1001:1002:1003:1004:1005:1006:1007:1008%4294967295]:65535""#,
    );
    assert_compact(
        &SocketAddrV6::new("fe80::1".parse().unwrap(), 443, 0xfffff, 0),
        r#""[fe80::1]:443""#,
    );
    let mut rng = Lcg(9);
    for _ in 0..2000 {
        let ip = Ipv6Addr::from(u128::from(rng.next()) << (rng.next() % 80));
        let scope = if rng.next().is_multiple_of(2) {
            0
        } else {
            rng.next() as u32
        };
        let port = rng.next() as u16;
        same!(
            SocketAddrV6::new(ip, port, 0, scope),
            SocketAddrV4::new(Ipv4Addr::from(rng.next() as u32), port)
        );
    }
}

#[test]
fn address_keys() {
    let by_ip: BTreeMap<IpAddr, u8> = [
        (IpAddr::V4(Ipv4Addr::LOCALHOST), 1),
        (IpAddr::V6(Ipv6Addr::LOCALHOST), 2),
        (IpAddr::V6(Ipv4Addr::new(1, 2, 3, 4).to_ipv6_mapped()), 3),
    ]
    .into();
    same!(by_ip);
    assert_compact(&by_ip, r#"{"127.0.0.1":1,"::1":2,"::ffff:1.2.3.4":3}"#);
    let by_v4: BTreeMap<Ipv4Addr, Vec<u16>> = [(Ipv4Addr::new(8, 8, 8, 8), vec![53])].into();
    same!(by_v4);
    let by_v6: HashMap<Ipv6Addr, ()> = [(Ipv6Addr::UNSPECIFIED, ())].into();
    same!(by_v6);
    let by_socket: BTreeMap<SocketAddr, &str> = [
        ("127.0.0.1:80".parse().unwrap(), "http"),
        ("[fe80::1%3]:443".parse().unwrap(), "https"),
    ]
    .into();
    same!(by_socket);
    same_key(SocketAddrV4::new(Ipv4Addr::BROADCAST, 1));
    same_key(SocketAddrV6::new(Ipv6Addr::LOCALHOST, 1, 2, 3));
}

// ------------------------------------------------------------ paths, OS and C strings

#[test]
fn paths() {
    same!(
        Path::new(""),
        Path::new("/"),
        Path::new("dir/file.txt"),
        Path::new("C:\\Windows\\\"quoted\""),
        Path::new("tab\there\nnewline\u{1}"),
        Path::new("ünïcødé/日本/😀"),
        PathBuf::from("/usr/lib"),
        PathBuf::new(),
        vec![PathBuf::from("a"), PathBuf::from("b/c")],
        Some(Path::new("x")),
    );
    let boxed: Box<Path> = PathBuf::from("boxed").into_boxed_path();
    same!(boxed);
    let cow: Cow<'_, Path> = Cow::Borrowed(Path::new("borrowed"));
    same!(cow, Cow::<Path>::Owned(PathBuf::from("owned")));
    assert_compact(Path::new("a\\b"), r#""a\\b""#);
}

#[test]
fn path_keys() {
    let by_path: BTreeMap<PathBuf, u64> =
        [(PathBuf::from("/tmp/a"), 1), (PathBuf::from("b\"c"), 2)].into();
    same!(by_path);
    let by_ref: HashMap<&Path, bool> = [(Path::new("x\\y"), true)].into();
    same!(by_ref);
    same_key(Path::new("\u{7f}\u{1f}"));
}

/// serde_json fails with "path contains invalid UTF-8 characters", and so
/// does json-runtime, as a value and as a map key; the `OsStr` keeps every
/// byte.
#[cfg(unix)]
#[test]
fn non_utf8_paths_are_serdes_error() {
    use std::os::unix::ffi::OsStrExt;
    let path = Path::new(OsStr::from_bytes(b"dir/a\xffb\xc3"));
    let message = "path contains invalid UTF-8 characters";
    same_error(path, message);
    same_error(&path.to_path_buf(), message);
    same_error(&BTreeMap::from([(path, 1)]), message);
    // Every byte survives as an `OsStr`, in serde's form.
    same!(path.as_os_str());
    assert_compact(
        path.as_os_str(),
        r#"{"Unix":[100,105,114,47,97,255,98,195]}"#,
    );
}

#[cfg(any(unix, windows))]
#[test]
fn os_strings() {
    same!(
        OsStr::new(""),
        OsStr::new("plain"),
        OsStr::new("ünï\u{0}"),
        OsString::from("owned"),
        OsString::new(),
        vec![OsString::from("a"), OsString::from("")],
        Some(OsStr::new("😀")),
    );
    let cow: Cow<'_, OsStr> = Cow::Borrowed(OsStr::new("cow"));
    same!(cow);
    let boxed: Box<OsStr> = OsString::from("boxed").into_boxed_os_str();
    same!(boxed);
}

#[cfg(unix)]
#[test]
fn os_strings_unix() {
    use std::os::unix::ffi::OsStrExt;
    same!(OsStr::from_bytes(b"\x00\x80\xff"));
    assert_compact(OsStr::new("ab"), r#"{"Unix":[97,98]}"#);
    assert_compact(OsStr::new(""), r#"{"Unix":[]}"#);
    let all: Vec<u8> = (0..=u8::MAX).collect();
    same!(OsStr::from_bytes(&all));
}

#[cfg(windows)]
#[test]
fn os_strings_windows() {
    use std::os::windows::ffi::OsStringExt;
    same!(OsString::from_wide(&[0xd800, 0x61, 0xdfff]));
    assert_compact(OsStr::new("ab"), r#"{"Windows":[97,98]}"#);
}

#[test]
fn c_strings() {
    let all: Vec<u8> = (1..=u8::MAX).collect();
    same!(
        CString::new("").unwrap(),
        CString::new("abc").unwrap(),
        CString::new(all).unwrap(),
        vec![CString::new("x").unwrap()],
        Some(CString::new([0xff]).unwrap()),
    );
    let literal: &CStr = c"hi";
    same!(literal);
    assert_compact(literal, "[104,105]");
    let boxed: Box<CStr> = CString::new("boxed").unwrap().into_boxed_c_str();
    same!(boxed);
    let cow: Cow<'_, CStr> = Cow::Borrowed(literal);
    same!(cow);
    assert_compact(&CString::new("").unwrap(), "[]");
}

// ------------------------------------------------------------ format_args!, slices

#[test]
fn format_args() {
    assert_same(&format_args!("plain literal"));
    assert_same(&format_args!(""));
    assert_same(&format_args!("{} \"{}\"\n{:?}\u{1}", 1, "quoted", 'c'));
    assert_same(&format_args!("{:>8.3}|{:#x}", 1.23456, 255));
    assert_same(&[format_args!("a{}", 1), format_args!("b")]);
    assert_same(&OneEntry(
        format_args!("key {}\t", 7),
        format_args!("value"),
    ));
    assert_compact(&format_args!("{}\"", 1), r#""1\"""#);
}

#[test]
fn boxed_and_borrowed_slices() {
    let empty: Box<[i32]> = Box::new([]);
    let full: Box<[String]> = vec!["a".to_string(), "b\n".to_string()].into_boxed_slice();
    same!(empty, full);
    let nested: Box<[Box<[u8]>]> = vec![vec![1u8].into_boxed_slice()].into_boxed_slice();
    same!(nested);
    let borrowed: Cow<'_, [i32]> = Cow::Borrowed(&[1, 2]);
    let owned: Cow<'_, [i32]> = Cow::Owned(vec![]);
    same!(borrowed, owned);
    let rc: Rc<[Duration]> = Rc::from(vec![Duration::ZERO]);
    same!(rc);
}

// ------------------------------------------------------------ in a derived struct

#[derive(Serialize, ToJson)]
struct Service {
    name: String,
    listen: Vec<SocketAddr>,
    peers: BTreeMap<IpAddr, Duration>,
    timeout: Duration,
    workers: NonZeroUsize,
    config: PathBuf,
    started: SystemTime,
    last: Result<u16, String>,
    ports: std::ops::RangeInclusive<u16>,
    retries: Mutex<Wrapping<u8>>,
    hits: AtomicU64,
    cache: RefCell<Option<Cell<i32>>>,
}

#[test]
fn derived_struct_of_std_types() {
    let service = Service {
        name: "api".into(),
        listen: vec!["0.0.0.0:80".parse().unwrap(), "[::]:80".parse().unwrap()],
        peers: [
            ("10.0.0.2".parse().unwrap(), Duration::from_millis(3)),
            ("fe80::2".parse().unwrap(), Duration::MAX),
        ]
        .into(),
        timeout: Duration::new(30, 0),
        workers: NonZeroUsize::new(8).unwrap(),
        config: "/etc/api.toml".into(),
        started: UNIX_EPOCH + Duration::new(1_700_000_000, 1),
        last: Err("timeout".into()),
        ports: 8000..=8999,
        retries: Mutex::new(Wrapping(255)),
        hits: AtomicU64::new(u64::MAX),
        cache: RefCell::new(Some(Cell::new(-1))),
    };
    same!(service);
}
