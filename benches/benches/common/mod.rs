// Each bench file includes this module and uses only part of it.
#![allow(dead_code)]

//! Shared by the criterion benches: each method of
//! [`json_bench::harness`] that stays in memory becomes one benchmark, after
//! its bytes are checked against serde_json's.

use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use json_bench::check::first_difference;
use json_bench::harness::{compact_methods, pretty_methods, Method};
use json_bench::Value;

/// Short enough that `cargo bench -p json-bench` takes a few minutes;
/// `--measurement-time` and friends on the command line still override it.
pub fn criterion() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
        .configure_from_args()
}

/// Checks each method's output, then benchmarks it as `method/param` (or
/// `method` when `param` is `None`). A peer's (sonic-rs) difference is
/// printed, not fatal; any other difference panics.
fn bench_methods(
    group: &mut BenchmarkGroup<'_, WallTime>,
    param: Option<&str>,
    methods: Vec<Method<'_>>,
    expected: &[u8],
) {
    group.throughput(Throughput::Bytes(expected.len() as u64));
    for mut m in methods.into_iter().filter(|m| !m.writes_file()) {
        let out = m.output();
        if let Some(d) = first_difference(expected, &out) {
            if m.library.is_peer() {
                eprintln!("NOTE: {} differs from serde_json: {d}", m.name);
            } else {
                panic!("{}: output differs from serde_json: {d}", m.name);
            }
        }
        match param {
            Some(p) => group.bench_function(BenchmarkId::new(m.name, p), |b| b.iter(|| m.run())),
            None => group.bench_function(m.name, |b| b.iter(|| m.run())),
        };
    }
}

/// Compact output of `value`.
pub fn compact<T: Value + ?Sized>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    param: Option<&str>,
    value: &T,
) {
    let expected = serde_json::to_vec(value).expect("serde_json");
    bench_methods(group, param, compact_methods(value, &expected), &expected);
}

/// Pretty output of `value`.
pub fn pretty<T: Value + ?Sized>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    param: Option<&str>,
    value: &T,
) {
    let expected = serde_json::to_vec_pretty(value).expect("serde_json");
    bench_methods(group, param, pretty_methods(value, &expected), &expected);
}
