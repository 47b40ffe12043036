//! Very deep nesting. Encoding recurses once per level, as serde_json's
//! serializer does, so the nesting depth is bounded by the thread's stack
//! (see "Nesting depth" in the json-runtime docs). These tests pin that
//! down:
//!
//! - the stack used per level is measured and stays within the documented
//!   figure;
//! - 10 000 levels encode on the default 2 MiB test-thread stack, for a
//!   recursive derived `Box` type and for `serde_json::Value` arrays;
//! - 100 000 levels encode on a thread given a large enough stack;
//! - going past the stack is never silent: a child process that tries it
//!   is stopped by Rust's stack guard with "has overflowed its stack".
//!
//! Dropping a 100 000-deep `Box` chain or `Value` recurses too, so every
//! deep value here is torn down iteratively.

use std::process::Command;

use json_runtime::{Format, JsonWriter, ToJson};
use serde_json::Value;

#[derive(serde::Serialize, ToJson)]
enum Nest {
    Leaf,
    Node(Box<Nest>),
}

impl Nest {
    fn deep(levels: usize) -> Nest {
        let mut nest = Nest::Leaf;
        for _ in 0..levels {
            nest = Nest::Node(Box::new(nest));
        }
        nest
    }
}

/// Tears the chain down one level at a time instead of recursively.
impl Drop for Nest {
    fn drop(&mut self) {
        if let Nest::Node(inner) = self {
            let mut next = std::mem::replace(&mut **inner, Nest::Leaf);
            while let Nest::Node(inner) = &mut next {
                // The node dropped by this assignment holds only a leaf.
                next = std::mem::replace(&mut **inner, Nest::Leaf);
            }
        }
    }
}

/// `{"Node":` × levels, `"Leaf"`, `}` × levels: what serde_json writes.
fn nest_expected(levels: usize) -> Vec<u8> {
    let mut out = b"{\"Node\":".repeat(levels);
    out.extend_from_slice(b"\"Leaf\"");
    out.extend(std::iter::repeat_n(b'}', levels));
    out
}

/// `levels` arrays, one inside the other, the innermost empty.
fn deep_array(levels: usize) -> Value {
    let mut v = Value::Array(vec![]);
    for _ in 1..levels {
        v = Value::Array(vec![v]);
    }
    v
}

/// Tears nested arrays down iteratively.
fn drop_value(mut v: Value) {
    while let Value::Array(mut items) = v {
        v = items.pop().unwrap_or(Value::Null);
    }
}

fn array_expected(levels: usize) -> Vec<u8> {
    let mut out = vec![b'['; levels];
    out.extend(std::iter::repeat_n(b']', levels));
    out
}

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

// ------------------------------------------------------------ stack per level

/// Like `Nest`, with a leaf that notes where the stack is when reached.
#[derive(ToJson)]
enum Probe {
    Leaf(StackMark),
    Node(Box<Probe>),
}

struct StackMark;

thread_local! {
    static LEAF_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl ToJson for StackMark {
    #[inline(never)]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let here = 0u8;
        LEAF_AT.with(|c| c.set(std::hint::black_box(&here) as *const u8 as usize));
        w.write_raw("null");
    }
}

/// A `ToJson` at the top of the stack, for the same measurement on
/// `Value` arrays: it writes its inner value and notes the stack there.
struct Top<'a, T: ?Sized>(&'a T, std::cell::Cell<usize>);

impl<T: ToJson + ?Sized> ToJson for Top<'_, T> {
    #[inline(never)]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let here = 0u8;
        self.1
            .set(std::hint::black_box(&here) as *const u8 as usize);
        self.0.write_json(w);
    }
}

/// Stack bytes per level of the derived recursive `Box` enum, measured.
fn nest_bytes_per_level(levels: usize) -> usize {
    let mut probe = Probe::Leaf(StackMark);
    for _ in 0..levels {
        probe = Probe::Node(Box::new(probe));
    }
    let top = Top(&probe, std::cell::Cell::new(0));
    json_runtime::to_vec(&top);
    let leaf = LEAF_AT.with(|c| c.get());
    let used = top.1.get() - leaf;
    // Iterative teardown.
    let mut next = probe;
    while let Probe::Node(inner) = next {
        next = *inner;
    }
    used / levels
}

/// Stack bytes per level of nested `Value` arrays, measured with a leaf
/// probe inside a `Value`-like chain: the deepest array's first element is
/// reached through the same impls as any other level, so measure the
/// stack at depth `levels` by encoding a value whose innermost element is
/// a `StackMark` behind the same number of `Vec<Value>` levels.
fn value_bytes_per_level(levels: usize) -> usize {
    // The Value impl recurses through write_seq over &Vec<Value>; mirror
    // that with `Vec<Probed>` so the leaf can be marked.
    enum Probed {
        Array(Vec<Probed>),
        Mark,
    }
    impl ToJson for Probed {
        fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
            match self {
                Probed::Array(items) => items.write_json(w),
                Probed::Mark => StackMark.write_json(w),
            }
        }
    }
    let mut v = Probed::Mark;
    for _ in 0..levels {
        v = Probed::Array(vec![v]);
    }
    let top = Top(&v, std::cell::Cell::new(0));
    json_runtime::to_vec(&top);
    let leaf = LEAF_AT.with(|c| c.get());
    let used = top.1.get() - leaf;
    let mut next = v;
    while let Probed::Array(mut items) = next {
        next = items.pop().unwrap_or(Probed::Mark);
    }
    used / levels
}

/// The figures documented in json-runtime's "Nesting depth" section, with
/// room for other compilers: at most this many bytes per level.
/// Debug builds: `Box` chains and `Value` arrays (which must fit 10 000
/// levels in a 2 MiB stack), then sequences of derived types.
const DOCUMENTED_BOX_DEBUG: usize = 200;
const DOCUMENTED_VEC_DEBUG: usize = 500;
const DOCUMENTED_PRETTY_DEBUG: usize = 2500;
/// Release builds, every shape.
const DOCUMENTED_RELEASE: usize = 100;

#[test]
fn stack_bytes_per_level() {
    let nest = nest_bytes_per_level(1000);
    let vec = value_bytes_per_level(1000);
    let value = measure_value_arrays(1000, |v| {
        std::hint::black_box(json_runtime::to_vec(v));
    });
    let value_pretty = measure_value_arrays(1000, |v| {
        std::hint::black_box(json_runtime::to_vec_pretty(v));
    });
    let serde = measure_value_arrays(1000, |v| {
        std::hint::black_box(serde_json::to_vec(v).unwrap());
    });
    eprintln!(
        "stack per level (debug_assertions: {}): derived Box enum {nest} B, \
         Vec of a ToJson enum {vec} B, serde_json::Value arrays {value} B \
         (pretty {value_pretty} B; serde_json itself {serde} B)",
        cfg!(debug_assertions)
    );
    let (max_box, max_vec, max_pretty) = if cfg!(debug_assertions) {
        (
            DOCUMENTED_BOX_DEBUG,
            DOCUMENTED_VEC_DEBUG,
            DOCUMENTED_PRETTY_DEBUG,
        )
    } else {
        (DOCUMENTED_RELEASE, DOCUMENTED_RELEASE, DOCUMENTED_RELEASE)
    };
    for (what, used, max) in [
        ("Box enum", nest, max_box),
        ("Value", value, max_box),
        ("Value pretty", value_pretty, max_pretty),
        ("Vec", vec, max_vec),
    ] {
        assert!(used > 0 && used <= max, "{what}: {used} bytes per level");
    }
}

/// Stack bytes per level of real `serde_json::Value` arrays, which offer
/// no hook at the leaf: a region of the stack below the caller is painted
/// with a pattern, the value is encoded, and the lowest overwritten byte
/// shows how deep the encoder reached. Done for 1 and `levels + 1` levels,
/// the difference is what the extra levels used.
fn measure_value_arrays(levels: usize, encode: fn(&Value)) -> usize {
    const REGION: usize = 4 * 1024 * 1024;
    const PAINT: u8 = 0xA5;

    /// Fills `REGION` bytes of stack just below the caller with `PAINT`,
    /// and returns the lowest address painted.
    #[inline(never)]
    fn paint() -> usize {
        let mut buf = [PAINT; REGION];
        std::hint::black_box(&mut buf);
        buf.as_ptr() as usize
    }

    #[inline(never)]
    fn reach(v: &Value, encode: fn(&Value)) -> usize {
        let low = paint();
        let here = 0u8;
        let top = std::hint::black_box(&here) as *const u8 as usize;
        encode(v);
        // SAFETY: the painted region lies within this thread's stack (16 MiB,
        // see below), between the stack pointer and this frame; reading it
        // back only inspects bytes the encoder's frames left there.
        let region = unsafe { std::slice::from_raw_parts(low as *const u8, REGION) };
        let first = region.iter().position(|&b| b != PAINT).unwrap_or(REGION);
        top - (low + first)
    }

    let shallow = deep_array(1);
    let deep = deep_array(levels + 1);
    let used = on_stack(16 * MIB, move || {
        let a = reach(&shallow, encode);
        let b = reach(&deep, encode);
        drop_value(deep);
        b.saturating_sub(a)
    });
    used / levels
}

// ------------------------------------------------------------ depth limits

#[test]
fn ten_thousand_levels_on_the_default_test_stack() {
    let levels = 10_000;
    let nest = Nest::deep(levels);
    assert!(json_runtime::to_vec(&nest) == nest_expected(levels));
    let mut streamed = Vec::new();
    json_runtime::to_writer(&mut streamed, &nest).unwrap();
    assert!(streamed == nest_expected(levels));

    let value = deep_array(levels);
    assert!(json_runtime::to_vec(&value) == array_expected(levels));
    streamed.clear();
    json_runtime::to_writer(&mut streamed, &value).unwrap();
    assert!(streamed == array_expected(levels));
    drop_value(value);
    // Pretty output takes several times more stack per level in debug
    // builds; it is checked on a larger stack below.
}

#[test]
fn ten_thousand_levels_equal_serde_json() {
    // serde_json recurses too, and more deeply in debug builds: give both
    // a big stack.
    on_stack(256 * MIB, || {
        let levels = 10_000;
        let nest = Nest::deep(levels);
        assert!(json_runtime::to_vec(&nest) == serde_json::to_vec(&nest).unwrap());
        assert!(json_runtime::to_vec_pretty(&nest) == serde_json::to_vec_pretty(&nest).unwrap());
        let value = deep_array(levels);
        assert!(json_runtime::to_vec(&value) == serde_json::to_vec(&value).unwrap());
        assert!(json_runtime::to_vec_pretty(&value) == serde_json::to_vec_pretty(&value).unwrap());
        drop_value(value);
    });
}

#[test]
fn hundred_thousand_levels_with_a_large_enough_stack() {
    let levels = 100_000;
    // The documented bound per level, plus room for the harness.
    let stack = levels * DOCUMENTED_VEC_DEBUG + 4 * MIB;
    on_stack(stack, move || {
        let nest = Nest::deep(levels);
        assert!(json_runtime::to_vec(&nest) == nest_expected(levels));
        let mut file = tempfile::tempfile().unwrap();
        json_runtime::to_writer(&mut file, &nest).unwrap();
        assert_eq!(
            file.metadata().unwrap().len(),
            nest_expected(levels).len() as u64
        );
        // No pretty output here: its indentation alone would be
        // 2 × (1 + 2 + … + 100 000) bytes, 10 GB.

        let value = deep_array(levels);
        assert!(json_runtime::to_vec(&value) == array_expected(levels));
        let mut streamed = Vec::new();
        json_runtime::to_writer(&mut streamed, &value).unwrap();
        assert!(streamed == array_expected(levels));
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
        let nest = Nest::deep(levels);
        let bytes = json_runtime::to_vec(&nest);
        // Not reached: the stack guard stops the process above.
        println!("encoded {} bytes", bytes.len());
        std::mem::forget(nest);
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
