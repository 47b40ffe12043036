//! 12 000 flat records, and the mixed "MainTestObject".

mod common;

use json_bench::workloads::{mixed, records};

fn main() {
    let mut c = common::criterion();
    let value = records::build(records::RECORDS);
    common::compact(&mut c.benchmark_group("records"), None, &value);
    let value = mixed::build(0x5EED);
    common::compact(&mut c.benchmark_group("mixed"), None, &value);
    c.final_summary();
}
