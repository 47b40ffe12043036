//! Product lists of 10 to 1 000 000 elements.

mod common;

use std::time::Duration;

use criterion::SamplingMode;
use json_bench::workloads::products;

fn main() {
    let mut c = common::criterion();
    let mut group = c.benchmark_group("products");
    for n in products::SIZES {
        if n >= 100_000 {
            // An iteration takes milliseconds to a tenth of a second:
            // the same few iterations per sample, fewer samples.
            group.sampling_mode(SamplingMode::Flat).sample_size(10);
            group.measurement_time(Duration::from_secs(if n >= 1_000_000 { 6 } else { 2 }));
        }
        let value = products::build(n);
        common::compact(&mut group, Some(&n.to_string()), &value);
    }
    group.finish();
    c.final_summary();
}
