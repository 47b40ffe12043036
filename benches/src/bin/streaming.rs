//! Whole buffer versus streaming, writing a sequence of records to a file.
//!
//! ```text
//! cargo run --release -p json-bench --bin streaming                 # 10k, 1M, 10M
//! cargo run --release -p json-bench --bin streaming -- 10000 1000000
//! ```
//!
//! The 10 000 000 case writes a 942 MiB file into the temp folder and
//! peaks at about 2.7 GiB resident (1.8 GiB of heap for "collect, then
//! `to_vec`" on top of the prebuilt records).
//!
//! For each size, four methods write the same JSON array to a new file in
//! the system temp folder, in interleaved rounds:
//!
//! - `whole`: `json_runtime::to_vec(&records).unwrap()`, then `File::write_all`;
//! - `streaming`: `json_runtime::Options::new().to_writer_array(File, &records)`;
//! - `whole, generated`: the records come from a lazy generator, so the
//!   whole-buffer path first collects them into a `Vec`;
//! - `streaming, generated`: `Options::to_writer_array(File, generator)`, no `Vec`.
//!
//! The first two share one prebuilt `Vec` (not counted in their heap); the
//! last two include making the records. Every output is checked against
//! serde_json once. Reported: the median wall time, throughput, and the
//! peak heap above the heap live before the operation (counting global
//! allocator), then the streaming/whole time ratios.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use json_bench::alloc::{measure, CountingAlloc};
use json_runtime::ToJson;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[derive(serde::Serialize, ToJson)]
struct Record {
    id: u64,
    name: String,
    score: f64,
    active: bool,
    tags: [u16; 3],
    parent: Option<u64>,
}

fn record(i: u64) -> Record {
    Record {
        id: i,
        name: format!("user-{i:08}"),
        score: (i % 1000) as f64 / 8.0,
        active: !i.is_multiple_of(3),
        tags: [(i % 7) as u16, (i % 11) as u16, (i % 13) as u16],
        parent: i.checked_sub(1),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Whole,
    Streaming,
    WholeGenerated,
    StreamingGenerated,
}

impl Method {
    const ALL: [Method; 4] = [
        Method::Whole,
        Method::Streaming,
        Method::WholeGenerated,
        Method::StreamingGenerated,
    ];

    fn name(self) -> &'static str {
        match self {
            Method::Whole => "whole (to_vec + write_all)",
            Method::Streaming => "streaming (to_writer_array)",
            Method::WholeGenerated => "whole, generated (collect + to_vec + write_all)",
            Method::StreamingGenerated => "streaming, generated (to_writer_array of iterator)",
        }
    }

    fn run(self, path: &Path, records: &[Record]) {
        let n = records.len() as u64;
        let mut file = File::create(path).expect("create the output file");
        match self {
            Method::Whole => {
                let bytes = json_runtime::to_vec(records).unwrap();
                file.write_all(&bytes).expect("write_all");
            }
            Method::Streaming => {
                json_runtime::Options::new()
                    .to_writer_array(&mut file, records)
                    .expect("to_writer_array");
            }
            Method::WholeGenerated => {
                let collected: Vec<Record> = (0..n).map(record).collect();
                let bytes = json_runtime::to_vec(&collected).unwrap();
                file.write_all(&bytes).expect("write_all");
            }
            Method::StreamingGenerated => {
                json_runtime::Options::new()
                    .to_writer_array(&mut file, (0..n).map(record))
                    .expect("to_writer_array");
            }
        }
    }
}

struct Stats {
    times: Vec<Duration>,
    peak: usize,
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn rounds_for(n: usize) -> usize {
    match n {
        0..=100_000 => 21,
        100_001..=2_000_000 => 7,
        _ => 3,
    }
}

fn output_path() -> PathBuf {
    std::env::temp_dir().join(format!("json-bench-streaming-{}.json", std::process::id()))
}

fn main() {
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .map(|a| a.replace('_', "").parse().expect("sizes are numbers"))
        .collect();
    if sizes.is_empty() {
        sizes = vec![10_000, 1_000_000, 10_000_000];
    }
    let path = output_path();
    println!(
        "| elements | method | median | MB/s | peak heap | file |\n|---:|---|---:|---:|---:|---:|"
    );
    let mut ratios = Vec::new();
    for &n in &sizes {
        let records: Vec<Record> = (0..n as u64).map(record).collect();

        // Check the bytes once, against serde_json, for every method.
        let expected_len = if n <= 1_000_000 {
            let expected = serde_json::to_vec(&records).unwrap();
            for m in Method::ALL {
                m.run(&path, &records);
                assert!(
                    std::fs::read(&path).unwrap() == expected,
                    "{} differs",
                    m.name()
                );
            }
            expected.len()
        } else {
            json_runtime::to_vec(&records).unwrap().len()
        };

        let mut stats: Vec<Stats> = Method::ALL
            .iter()
            .map(|_| Stats {
                times: Vec::new(),
                peak: 0,
            })
            .collect();
        for round in 0..rounds_for(n) {
            // Rotate the order so no method always runs right after another.
            for k in 0..Method::ALL.len() {
                let i = (k + round) % Method::ALL.len();
                let m = Method::ALL[i];
                let started = Instant::now();
                let ((), allocs) = measure(|| m.run(&path, &records));
                let took = started.elapsed();
                std::fs::remove_file(&path).unwrap();
                stats[i].times.push(took);
                stats[i].peak = stats[i].peak.max(allocs.peak);
            }
        }
        let mut medians = Vec::new();
        for (m, s) in Method::ALL.iter().zip(&mut stats) {
            let t = median(&mut s.times);
            medians.push(t);
            println!(
                "| {n} | {} | {:.2} ms | {:.0} | {} | {} |",
                m.name(),
                t.as_secs_f64() * 1e3,
                expected_len as f64 / t.as_secs_f64() / 1e6,
                human(s.peak),
                human(expected_len),
            );
        }
        ratios.push((
            n,
            medians[1].as_secs_f64() / medians[0].as_secs_f64(),
            medians[3].as_secs_f64() / medians[2].as_secs_f64(),
        ));
    }
    println!();
    for (n, from_vec, generated) in ratios {
        println!(
            "{n} elements: streaming / whole time = {from_vec:.3} (from a Vec), {generated:.3} (generated)"
        );
    }
}

fn human(bytes: usize) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    } else {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    }
}
