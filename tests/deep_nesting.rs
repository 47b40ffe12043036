//! Very deep nesting. Encoding recurses once per level, as serde_json's
//! serializer does, so the nesting depth is bounded by the thread's stack
//! (see "Nesting depth" in the json-runtime docs). These tests pin that
//! down:
//!
//! - the stack used per level is measured for six shapes of recursive
//!   value, compact and pretty, and stays within the figures documented
//!   in docs/streaming.md and the crate docs, in debug and in release builds
//!   (`cargo test --release -p json-tests --test deep_nesting`);
//! - 10 000 levels (8 000 in debug builds) encode on the default 2 MiB
//!   test-thread stack for every shape documented to fit there, compact
//!   and pretty;
//! - 100 000 levels encode on a thread given a large enough stack;
//! - going past the stack is never silent: a child process that tries it
//!   is stopped by Rust's stack guard with "has overflowed its stack".
//!
//! Dropping a deep `Box` chain or `Value` recurses too, so every deep value
//! here is torn down iteratively.

use std::io::{self, Write};

use std::process::Command;

use json_runtime::ToJson;
use serde_json::{Map, Value};

// ------------------------------------------------------------ the shapes

/// A struct linked through `Option<Box<Self>>`: `{"value":1,"label":"n","next":{...}}`.
#[derive(serde::Serialize, ToJson)]
struct Chain {
    value: u32,
    label: String,
    next: Option<Box<Chain>>,
}

/// A cons list: `{"Cons":[1,{"Cons":[2,{"End":"leaf"}]}]}`.
#[derive(serde::Serialize, ToJson)]
enum List {
    End(String),
    Cons(u32, Box<List>),
}

/// A chain of newtype variants: `{"Node":{"Node":{"Leaf":"leaf"}}}`.
#[derive(serde::Serialize, ToJson)]
enum Nest {
    Leaf(String),
    Node(Box<Nest>),
}

/// Nested `Vec`s: `[[["leaf"]]]`.
#[derive(serde::Serialize, ToJson)]
#[serde(untagged)]
enum Tree {
    Leaf(String),
    Branch(Vec<Tree>),
}

impl Drop for Chain {
    fn drop(&mut self) {
        let mut next = self.next.take();
        while let Some(mut node) = next {
            next = node.next.take();
        }
    }
}

impl Drop for List {
    fn drop(&mut self) {
        if let List::Cons(_, tail) = self {
            let mut next = std::mem::replace(&mut **tail, List::End(String::new()));
            while let List::Cons(_, tail) = &mut next {
                // The node dropped by this assignment holds only an end.
                next = std::mem::replace(&mut **tail, List::End(String::new()));
            }
        }
    }
}

impl Drop for Nest {
    fn drop(&mut self) {
        if let Nest::Node(inner) = self {
            let mut next = std::mem::replace(&mut **inner, Nest::Leaf(String::new()));
            while let Nest::Node(inner) = &mut next {
                // The node dropped by this assignment holds only a leaf.
                next = std::mem::replace(&mut **inner, Nest::Leaf(String::new()));
            }
        }
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        if let Tree::Branch(items) = self {
            let mut stack = std::mem::take(items);
            while let Some(mut tree) = stack.pop() {
                if let Tree::Branch(items) = &mut tree {
                    stack.append(items);
                }
            }
        }
    }
}

/// Builds one shape `levels` deep around a leaf string.
type Build<T> = fn(levels: usize, leaf: &str) -> T;

fn chain(levels: usize, leaf: &str) -> Chain {
    let mut c = Chain {
        value: 0,
        label: leaf.to_owned(),
        next: None,
    };
    for i in 0..levels {
        c = Chain {
            value: i as u32,
            label: "n".into(),
            next: Some(Box::new(c)),
        };
    }
    c
}

fn list(levels: usize, leaf: &str) -> List {
    let mut l = List::End(leaf.to_owned());
    for i in 0..levels {
        l = List::Cons(i as u32, Box::new(l));
    }
    l
}

fn nest(levels: usize, leaf: &str) -> Nest {
    let mut n = Nest::Leaf(leaf.to_owned());
    for _ in 0..levels {
        n = Nest::Node(Box::new(n));
    }
    n
}

fn tree(levels: usize, leaf: &str) -> Tree {
    let mut t = Tree::Leaf(leaf.to_owned());
    for _ in 0..levels {
        t = Tree::Branch(vec![t]);
    }
    t
}

/// `serde_json::Value` arrays, `[[["leaf"]]]`. Dropped with [`drop_value`].
fn value_arrays(levels: usize, leaf: &str) -> Value {
    let mut v = Value::String(leaf.to_owned());
    for _ in 0..levels {
        v = Value::Array(vec![v]);
    }
    v
}

/// `serde_json::Value` objects, `{"k":{"k":"leaf"}}`. Dropped with
/// [`drop_value`].
fn value_objects(levels: usize, leaf: &str) -> Value {
    let mut v = Value::String(leaf.to_owned());
    for _ in 0..levels {
        v = Value::Object(Map::from_iter([("k".to_owned(), v)]));
    }
    v
}

/// Tears nested arrays and objects down iteratively.
fn drop_value(v: Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

// ------------------------------------------------------------ stack per level

/// Notes the lowest stack address from which the encoder called `write`.
struct StackFloor {
    lowest: usize,
}

impl Write for StackFloor {
    #[inline(never)]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let here = 0u8;
        let at = std::hint::black_box(&here) as *const u8 as usize;
        self.lowest = self.lowest.min(at);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The stack address of the deepest `write` while `encode` writes `value`.
#[inline(never)]
fn deepest_write<T: ?Sized>(value: &T, encode: Encode<T>) -> usize {
    let mut floor = StackFloor { lowest: usize::MAX };
    encode(&mut floor, value);
    assert_ne!(floor.lowest, usize::MAX, "nothing was written");
    floor.lowest
}

type Encode<T> = fn(&mut StackFloor, &T);

/// The leaf string: long enough that every encoder writes from inside it,
/// at the deepest level (json-runtime drains its 512 KiB buffer there;
/// serde_json writes every token).
fn leaf() -> String {
    "x".repeat(1 << 20)
}

/// Stack bytes per level, as [ours compact, ours pretty, serde_json
/// compact, serde_json pretty]: the deepest `write` of a value one level
/// deep and of one `LEVELS + 1` deep, encoded from the same frame, differ
/// by what `LEVELS` levels use. Measured without reading any stack memory.
fn per_level<T: ToJson + serde::Serialize>(build: Build<T>, teardown: fn(T)) -> [usize; 4] {
    const LEVELS: usize = 1000;
    let leaf = leaf();
    let shallow = build(1, &leaf);
    let deep = build(LEVELS + 1, &leaf);
    let encoders: [Encode<T>; 4] = [
        |w, v| json_runtime::to_writer(w, v).unwrap(),
        |w, v| json_runtime::to_writer_pretty(w, v).unwrap(),
        |w, v| serde_json::to_writer(w, v).unwrap(),
        |w, v| serde_json::to_writer_pretty(w, v).unwrap(),
    ];
    let used = encoders.map(|encode| {
        let top = deepest_write(&shallow, encode);
        let bottom = deepest_write(&deep, encode);
        top.saturating_sub(bottom) / LEVELS
    });
    // The bytes at this depth are serde_json's, compact and pretty.
    assert!(json_runtime::to_vec(&deep).unwrap() == serde_json::to_vec(&deep).unwrap());
    assert!(
        json_runtime::to_vec_pretty(&deep).unwrap() == serde_json::to_vec_pretty(&deep).unwrap()
    );
    teardown(shallow);
    teardown(deep);
    used
}

/// The figures documented in docs/streaming.md ("Nesting depth") and the crate
/// docs: stack bytes per level, as [compact, pretty], in debug and in
/// release builds (rustc 1.95, x86_64). The test allows a quarter more,
/// for other compiler versions.
struct Documented {
    shape: &'static str,
    debug: [usize; 2],
    release: [usize; 2],
}

const DOCUMENTED: [Documented; 6] = [
    Documented {
        shape: "struct with next: Option<Box<Self>>",
        // 160 before its `value` field and the keys around it became a
        // run of bounded writes: the run's `Reserved` is on the stack in
        // debug builds.
        debug: [224, 224],
        release: [32, 48],
    },
    Documented {
        shape: "enum cons list, Cons(u32, Box<Self>)",
        debug: [208, 208],
        release: [32, 48],
    },
    Documented {
        shape: "enum newtype chain, Node(Box<Self>)",
        debug: [192, 192],
        release: [32, 32],
    },
    Documented {
        shape: "untagged enum of Vec<Self>",
        debug: [240, 240],
        release: [48, 64],
    },
    Documented {
        shape: "serde_json::Value arrays",
        debug: [144, 144],
        release: [48, 64],
    },
    Documented {
        shape: "serde_json::Value objects",
        // 400 and 64/96 before the next entry's prefetch: out of line in
        // debug builds, it took the loop's lookahead with it.
        debug: [336, 336],
        release: [80, 112],
    },
];

/// The documented figure for this build, the larger of the two layouts.
fn documented_max(d: &Documented) -> usize {
    let [compact, pretty] = if cfg!(debug_assertions) {
        d.debug
    } else {
        d.release
    };
    compact.max(pretty)
}

#[test]
fn stack_bytes_per_level() {
    // serde_json needs more than a test thread's stack in debug builds.
    let measured = on_stack(256 * MIB, || {
        [
            per_level(chain, drop),
            per_level(list, drop),
            per_level(nest, drop),
            per_level(tree, drop),
            per_level(value_arrays, drop_value),
            per_level(value_objects, drop_value),
        ]
    });
    let debug = cfg!(debug_assertions);
    eprintln!("stack bytes per level (debug_assertions: {debug}): ours compact, ours pretty, serde_json compact, serde_json pretty");
    for (documented, used) in DOCUMENTED.iter().zip(&measured) {
        eprintln!("  {}: {used:?}", documented.shape);
    }
    for (documented, used) in DOCUMENTED.iter().zip(measured) {
        let limits = if debug {
            documented.debug
        } else {
            documented.release
        };
        for (layout, used, limit) in [
            ("compact", used[0], limits[0]),
            ("pretty", used[1], limits[1]),
        ] {
            assert!(
                used > 0 && used <= limit + limit / 4,
                "{}, {layout}: {used} bytes per level, documented {limit}",
                documented.shape
            );
        }
    }
}

// ------------------------------------------------------------ depth limits

/// Runs `f` on a new thread with `stack` bytes of stack.
fn on_stack<R: Send + 'static>(stack: usize, f: impl FnOnce() -> R + Send + 'static) -> R {
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

const MIB: usize = 1024 * 1024;

/// Pretty layout with an empty indent: the same code path as any indent,
/// whose output does not grow with the square of the depth.
const NO_INDENT: &[u8] = b"";

/// Encodes `value` on the current thread, compact into memory and
/// streamed, and pretty (with [`NO_INDENT`]), and checks each against
/// serde_json's compact bytes (computed by the caller on a large stack).
/// With an empty indent, pretty output is the compact output with a line
/// break before each entry and closing bracket and `": "` for `":"`; the
/// shapes here have no such text in their strings. (serde_json itself
/// takes minutes to write 10 000 levels with an empty indent in debug
/// builds: it writes the empty indent once per level on every line.)
fn check_here<T: ToJson>(what: &str, value: &T, compact: &[u8]) {
    assert!(
        json_runtime::to_vec(value).unwrap() == compact,
        "{what} compact"
    );
    let mut streamed = Vec::new();
    json_runtime::to_writer(&mut streamed, value).unwrap();
    assert!(streamed == compact, "{what} streamed");
    let pretty = json_runtime::PrettyFormatter::with_indent(NO_INDENT)
        .to_string(value)
        .unwrap();
    assert!(pretty.matches('\n').count() >= 2 * 8_000, "{what} pretty");
    let flattened = pretty.replace('\n', "").replace("\": ", "\":");
    assert!(flattened.as_bytes() == compact, "{what} pretty");
}

/// serde_json's compact bytes for `value`, on a stack large enough for
/// its debug builds.
fn serde_bytes<T: serde::Serialize + Sync>(value: &T) -> Vec<u8> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 * MIB)
            .spawn_scoped(s, || serde_json::to_vec(value).unwrap())
            .unwrap()
            .join()
            .unwrap()
    })
}

/// 10 000 levels (8 000 in debug builds) of every shape documented to fit
/// a 2 MiB stack at that depth (all of them in release builds; in debug
/// builds all but `Value` objects, at 336 bytes a level) encode on the test thread itself, compact
/// and pretty, and equal serde_json. (Pretty output with the usual indent
/// would hold 2 × (1 + 2 + … + 10 000) bytes of indentation, 100 MB; the
/// stack it uses is the same with an empty one. Pretty output is compared
/// with serde_json's at 1000 levels, in `stack_bytes_per_level`.)
#[test]
fn thousands_of_levels_on_the_default_test_stack() {
    // Debug builds keep the `ValueWriter` each level passes on in their
    // frames (up to 240 B a level, see `DOCUMENTED`).
    const LEVELS: usize = if cfg!(debug_assertions) {
        8_000
    } else {
        10_000
    };
    let leaf = "leaf";

    let value = chain(LEVELS, leaf);
    let compact = serde_bytes(&value);
    check_here("chain", &value, &compact);

    let value = list(LEVELS, leaf);
    let compact = serde_bytes(&value);
    check_here("cons list", &value, &compact);

    let value = nest(LEVELS, leaf);
    let compact = serde_bytes(&value);
    check_here("newtype chain", &value, &compact);

    let value = tree(LEVELS, leaf);
    let compact = serde_bytes(&value);
    check_here("nested Vec", &value, &compact);

    let value = value_arrays(LEVELS, leaf);
    let compact = serde_bytes(&value);
    check_here("Value arrays", &value, &compact);
    drop_value(value);

    let value = value_objects(LEVELS, leaf);
    let compact = serde_bytes(&value);
    if cfg!(debug_assertions) {
        let value = std::sync::Arc::new(value);
        let shared = value.clone();
        on_stack(
            4 * MIB + LEVELS * documented_max(&DOCUMENTED[5]),
            move || {
                check_here("Value objects", &*shared, &compact);
            },
        );
        drop_value(std::sync::Arc::into_inner(value).unwrap());
    } else {
        check_here("Value objects", &value, &compact);
        drop_value(value);
    }
}

#[test]
fn hundred_thousand_levels_with_a_large_enough_stack() {
    const LEVELS: usize = 100_000;
    // The documented bound per level, plus room for the harness.
    let per_level = DOCUMENTED.iter().map(documented_max).max().unwrap();
    let stack = LEVELS * (per_level + per_level / 4) + 4 * MIB;
    on_stack(stack, || {
        // No pretty output here: its indentation alone would be
        // 2 × (1 + 2 + … + 100 000) bytes, 10 GB.
        let value = chain(LEVELS, "leaf");
        let out = json_runtime::to_vec(&value).unwrap();
        assert!(out.starts_with(br#"{"value":99999,"label":"n","next":{"value":99998,"#));
        let mut tail = br#""label":"leaf","next":null}"#.to_vec();
        tail.extend(std::iter::repeat_n(b'}', LEVELS));
        assert!(out.ends_with(&tail));
        let mut file = tempfile::tempfile().unwrap();
        json_runtime::to_writer(&mut file, &value).unwrap();
        assert_eq!(file.metadata().unwrap().len(), out.len() as u64);
        drop(value);

        let value = tree(LEVELS, "leaf");
        let mut expected = vec![b'['; LEVELS];
        expected.extend_from_slice(b"\"leaf\"");
        expected.extend(std::iter::repeat_n(b']', LEVELS));
        assert!(json_runtime::to_vec(&value).unwrap() == expected);
        drop(value);

        let value = value_objects(LEVELS, "leaf");
        let mut expected = b"{\"k\":".repeat(LEVELS);
        expected.extend_from_slice(b"\"leaf\"");
        expected.extend(std::iter::repeat_n(b'}', LEVELS));
        assert!(json_runtime::to_vec(&value).unwrap() == expected);
        drop_value(value);
    });
}

/// The env var that makes [`overflow_child`] overflow its stack.
const CHILD: &str = "JSON_RUNTIME_DEEP_NESTING_CHILD";

/// Only does something in the child process started by
/// [`too_deep_for_the_stack_is_stopped_not_silent`].
#[test]
fn overflow_child() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let levels = 1_000_000;
    on_stack(256 * 1024, move || {
        let value = nest(levels, "leaf");
        let bytes = json_runtime::to_vec(&value).unwrap();
        // Not reached: the stack guard stops the process above.
        println!("encoded {} bytes", bytes.len());
        std::mem::forget(value);
    });
}

#[test]
fn too_deep_for_the_stack_is_stopped_not_silent() {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "overflow_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "the child finished: {stdout}");
    assert!(
        stderr.contains("has overflowed its stack"),
        "the child stopped another way: {:?}\n{stderr}",
        out.status
    );
    assert!(!stdout.contains("encoded"), "{stdout}");
}
