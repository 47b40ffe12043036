//! Colleges (500 × 25 × 3, PascalCase keys), compact and pretty.

mod common;

use json_bench::workloads::colleges;

fn main() {
    let mut c = common::criterion();
    let value = colleges::build(colleges::COLLEGES);
    common::compact(&mut c.benchmark_group("colleges"), None, &value);
    common::pretty(&mut c.benchmark_group("colleges_pretty"), None, &value);
    c.final_summary();
}
