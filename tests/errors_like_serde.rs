//! Values serde_json refuses are refused here too, with serde_json's own
//! message: a skipped enum variant (as a value, as entries, as a map key),
//! a mutably borrowed `RefCell`, a poisoned lock, a NaN or infinite float
//! map key, a flattened `serde_json::Value` that is not an object, an
//! internally tagged newtype variant holding an `Option` or such a `Value`.
//!
//! Each case compares the error's text with `serde_json::to_vec`'s, in
//! memory and streamed; streamed, the bytes that reached the writer are a
//! prefix of what serde_json had written when it failed, so nothing is
//! written after the error.

// The fields of skipped variants are never read: that is the point.
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, RwLock};

use json_runtime::ToJson;
use json_tests::assert_same;
use ordered_float::OrderedFloat;
use serde::Serialize;
use serde_json::{json, Value};

/// Asserts that both libraries refuse `value` with the same message, and
/// returns it.
#[track_caller]
fn refused<T: ToJson + Serialize + ?Sized>(value: &T) -> String {
    let theirs = serde_json::to_vec(value)
        .expect_err("serde_json accepted the value")
        .to_string();
    let ours = json_runtime::to_vec(value)
        .expect_err("json_runtime accepted the value")
        .to_string();
    assert_eq!(ours, theirs, "in memory");

    // What serde_json had written into its writer when it failed.
    let mut serde_partial = Vec::new();
    serde_json::to_writer(&mut serde_partial, value).unwrap_err();
    let mut streamed = Vec::new();
    let error = json_runtime::to_writer(&mut streamed, value).expect_err("to_writer accepted");
    assert!(error.is_data(), "{error:?}");
    assert_eq!(error.to_string(), theirs, "streamed");
    assert!(
        serde_partial.starts_with(&streamed),
        "written after the error: {:?}, serde_json had {:?}",
        String::from_utf8_lossy(&streamed),
        String::from_utf8_lossy(&serde_partial),
    );
    ours
}

// ------------------------------------------------------------ skipped variants

#[derive(Serialize, ToJson, PartialEq, Eq, PartialOrd, Ord)]
enum Cmd {
    Run,
    #[serde(skip_serializing)]
    Hidden,
    #[serde(skip)]
    Gone(u8),
    #[json(skip)]
    #[serde(skip)]
    Secret {
        code: u32,
    },
}

#[test]
fn a_skipped_variant_is_serde_derives_error() {
    assert_same(&Cmd::Run);
    assert_eq!(
        refused(&Cmd::Hidden),
        "the enum variant Cmd::Hidden cannot be serialized"
    );
    assert_eq!(
        refused(&Cmd::Gone(1)),
        "the enum variant Cmd::Gone cannot be serialized"
    );
    assert_eq!(
        refused(&Cmd::Secret { code: 7 }),
        "the enum variant Cmd::Secret cannot be serialized"
    );
    // Inside other values, and after a long first element, so that the
    // buffer has drained into the writer before the error.
    refused(&vec![Cmd::Run, Cmd::Hidden, Cmd::Run]);
    #[derive(Serialize, ToJson)]
    struct Job {
        log: String,
        cmd: Cmd,
        after: u8,
    }
    refused(&Job {
        log: "x".repeat(2 << 20),
        cmd: Cmd::Hidden,
        after: 1,
    });
}

#[test]
fn a_skipped_variant_is_an_error_in_every_representation() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t")]
    enum Internal {
        A {
            x: u8,
        },
        #[serde(skip)]
        B {
            y: u8,
        },
    }
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        A(u8),
        #[serde(skip_serializing)]
        B(u8),
    }
    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    enum Untagged {
        A(u8),
        #[serde(skip)]
        B(u8),
    }
    assert_same(&Internal::A { x: 1 });
    assert_eq!(
        refused(&Internal::B { y: 1 }),
        "the enum variant Internal::B cannot be serialized"
    );
    assert_same(&Adjacent::A(1));
    refused(&Adjacent::B(1));
    assert_same(&Untagged::A(1));
    refused(&Untagged::B(1));

    // Flattened: the enum writes entries of the enclosing object.
    #[derive(Serialize, ToJson)]
    struct Outer {
        id: u8,
        #[serde(flatten)]
        inner: Internal,
    }
    assert_same(&Outer {
        id: 1,
        inner: Internal::A { x: 2 },
    });
    assert_eq!(
        refused(&Outer {
            id: 1,
            inner: Internal::B { y: 2 },
        }),
        "the enum variant Internal::B cannot be serialized"
    );
}

#[test]
fn the_message_names_the_rust_type_and_variant_not_their_renames() {
    #[derive(Serialize, ToJson)]
    #[serde(rename = "command", rename_all = "lowercase")]
    enum Renamed<T> {
        Run(T),
        #[serde(skip)]
        Hidden,
    }
    assert_same(&Renamed::Run(1));
    assert_eq!(
        refused(&Renamed::<u8>::Hidden),
        "the enum variant Renamed::Hidden cannot be serialized"
    );
}

#[test]
fn a_skipped_variant_as_a_map_key_is_the_same_error() {
    let keys = BTreeMap::from([(Cmd::Run, 1)]);
    assert_same(&keys);
    let keys = BTreeMap::from([(Cmd::Run, 1), (Cmd::Hidden, 2)]);
    assert_eq!(
        refused(&keys),
        "the enum variant Cmd::Hidden cannot be serialized"
    );
}

// ------------------------------------------------------------ cells and locks

#[test]
fn a_mutably_borrowed_ref_cell_is_serdes_error() {
    let cell = RefCell::new(vec![1, 2]);
    assert_same(&cell);
    let guard = cell.borrow_mut();
    assert_eq!(refused(&cell), "already mutably borrowed");
    #[derive(Serialize, ToJson)]
    struct Holder<'a> {
        before: &'a str,
        cell: &'a RefCell<Vec<i32>>,
    }
    refused(&Holder {
        before: &"y".repeat(1 << 20),
        cell: &cell,
    });
    drop(guard);
    assert_same(&cell);
}

fn poison<T>(lock: &Arc<T>, hold: impl Fn(&T) + Send + 'static)
where
    T: Send + Sync + 'static,
{
    let lock = Arc::clone(lock);
    // `hold` panics while it holds the lock.
    let _ = std::thread::spawn(move || hold(&lock)).join();
}

#[test]
fn a_poisoned_lock_is_serdes_error() {
    let mutex = Arc::new(Mutex::new(vec![1, 2]));
    assert_same(&*mutex);
    poison(&mutex, |m| {
        let _guard = m.lock().unwrap();
        panic!("poisoning the mutex on purpose");
    });
    assert!(mutex.is_poisoned());
    assert_eq!(refused(&*mutex), "lock poison error while serializing");

    let rwlock = Arc::new(RwLock::new("text".to_string()));
    assert_same(&*rwlock);
    poison(&rwlock, |l| {
        let _guard = l.write().unwrap();
        panic!("poisoning the lock on purpose");
    });
    assert!(rwlock.is_poisoned());
    assert_eq!(refused(&*rwlock), "lock poison error while serializing");
}

// ------------------------------------------------------------ map keys

#[test]
fn a_non_finite_float_key_is_serde_jsons_error() {
    let finite = BTreeMap::from([(OrderedFloat(1.5), 1), (OrderedFloat(1e20), 2)]);
    assert_same(&finite);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let map = BTreeMap::from([(OrderedFloat(0.5), 1), (OrderedFloat(bad), 2)]);
        assert_eq!(
            refused(&map),
            "float key must be finite (got NaN or +/-inf)"
        );
    }
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        refused(&BTreeMap::from([(OrderedFloat(bad), 'x')]));
    }
}

// ------------------------------------------------------------ flattened Value

#[test]
fn a_flattened_value_that_is_not_an_object_is_serdes_error() {
    #[derive(Serialize, ToJson)]
    struct Event {
        kind: &'static str,
        #[serde(flatten)]
        extra: Value,
    }
    let event = |extra| Event {
        kind: "click",
        extra,
    };
    assert_same(&event(json!({"x": 1})));
    assert_same(&event(Value::Null));
    let cases = [
        (json!(true), "a boolean"),
        (json!(3), "an integer"),
        (json!(-3), "an integer"),
        (json!(2.5), "a float"),
        (json!("text"), "a string"),
        (json!([1, 2]), "a sequence"),
    ];
    for (extra, got) in cases {
        assert_eq!(
            refused(&event(extra)),
            format!("can only flatten structs and maps (got {got})")
        );
    }
}

// ------------------------------------------------------------ tagged Option

#[test]
fn an_internally_tagged_newtype_variant_holding_an_option_is_serdes_error() {
    #[derive(Serialize, ToJson)]
    struct Point {
        x: u8,
    }
    type Maybe = Option<Point>;
    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    enum Shape {
        Plain(Point),
        Optional(Option<Point>),
        Aliased(Maybe),
        Boxed(Box<Option<Point>>),
        Map(BTreeMap<String, u8>),
    }
    assert_same(&Shape::Plain(Point { x: 1 }));
    assert_same(&Shape::Map(BTreeMap::from([("a".into(), 1)])));
    for shape in [
        Shape::Optional(Some(Point { x: 1 })),
        Shape::Optional(None),
        Shape::Aliased(None),
        Shape::Boxed(Box::new(Some(Point { x: 2 }))),
    ] {
        let message = refused(&shape);
        assert!(
            message.starts_with("cannot serialize tagged newtype variant Shape::")
                && message.ends_with(" containing an optional"),
            "{message}"
        );
    }

    // A `Value` is refused when it is not made of entries.
    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    enum Dynamic {
        Any(Value),
    }
    assert_same(&Dynamic::Any(json!({"x": 1})));
    assert_same(&Dynamic::Any(Value::Null));
    for (value, got) in [
        (json!(false), "a boolean"),
        (json!(1), "an integer"),
        (json!(1.5), "a float"),
        (json!("s"), "a string"),
        (json!([]), "a sequence"),
    ] {
        assert_eq!(
            refused(&Dynamic::Any(value)),
            format!("cannot serialize tagged newtype variant Dynamic::Any containing {got}")
        );
    }

    // As entries of an enclosing object too.
    #[derive(Serialize, ToJson)]
    struct Outer {
        #[serde(flatten)]
        shape: Shape,
    }
    assert_same(&Outer {
        shape: Shape::Plain(Point { x: 3 }),
    });
    assert_eq!(
        refused(&Outer {
            shape: Shape::Optional(None)
        }),
        "cannot serialize tagged newtype variant Shape::Optional containing an optional"
    );
}
