//! Colleges (500 × 25 × 3, PascalCase keys), compact and pretty.

mod common;

use json_bench::workloads::colleges;

fn main() {
    let mut c = common::criterion();
    let value = colleges::build(colleges::COLLEGES);
    common::compact(&mut c.benchmark_group("colleges"), None, &value);
    let mut pretty = c.benchmark_group("colleges_pretty");
    // Pretty output is about three times slower: fewer samples fit in the
    // default measurement time.
    pretty.sample_size(15);
    common::pretty(&mut pretty, None, &value);
    pretty.finish();
    c.final_summary();
}
