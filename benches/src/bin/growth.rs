//! Where the time of in-memory output of many megabytes goes: `to_vec`
//! against `to_writer` into a fresh `Vec`, a `Vec` sized for the output and
//! one reused `Vec` (as the main job's `to_writer(Vec)` row does), beside
//! serde_json's `to_vec`, in interleaved rounds, with the minor page faults
//! each call took (from `/proc/self/stat`, Linux only). Prints the median
//! and the worst of the rounds for each method.
//!
//! `faults` times fresh memory alone: 128 MiB from the allocator, one byte
//! written per 4 KiB page, with 4 KiB pages and with huge-page advice,
//! every round printed, so that the first touch of memory in a process can
//! be told from memory the process freed and got back.
//!
//! ```text
//! cargo run --release -p json-bench --bin growth                   # products/1000000 and records x100
//! cargo run --release -p json-bench --bin growth -- products 15    # one workload, 15 rounds
//! cargo run --release -p json-bench --bin growth -- faults 6 2500  # 6 rounds, 2.5 s apart
//! ```

use std::time::{Duration, Instant};

use json_bench::harness::median;
use json_bench::os_counters::OsCounters;
use json_bench::workloads::{parallel, products, records};
use json_runtime::ToJson;

fn minor_faults() -> u64 {
    OsCounters::now().minor_faults
}

/// One method: its name, and what it does, returning the output's length.
type Op<'a, T> = (&'static str, Box<dyn FnMut(&T) -> usize + 'a>);

fn run<T: ToJson + serde::Serialize + ?Sized>(label: &str, value: &T, rounds: usize) {
    let expected = serde_json::to_vec(value).expect("serde_json");
    let len = expected.len();
    assert!(
        json_runtime::to_vec(value).expect("to_vec") == expected,
        "{label}: to_vec differs from serde_json"
    );
    drop(expected);
    let mut reused = Vec::new();
    let mut ops: Vec<Op<'_, T>> = vec![
        (
            "serde_json to_vec",
            Box::new(|v| serde_json::to_vec(v).expect("serde_json").len()),
        ),
        (
            "to_vec",
            Box::new(|v| json_runtime::to_vec(v).expect("to_vec").len()),
        ),
        (
            "to_writer(Vec::new())",
            Box::new(|v| {
                let mut out = Vec::new();
                json_runtime::to_writer(&mut out, v).expect("to_writer");
                out.len()
            }),
        ),
        (
            "to_writer(Vec::with_capacity(len))",
            Box::new(move |v| {
                let mut out = Vec::with_capacity(len);
                json_runtime::to_writer(&mut out, v).expect("to_writer");
                out.len()
            }),
        ),
        (
            "to_writer(reused Vec)",
            Box::new(move |v| {
                reused.clear();
                json_runtime::to_writer(&mut reused, v).expect("to_writer");
                reused.len()
            }),
        ),
    ];
    let mut ms = vec![Vec::new(); ops.len()];
    let mut faults = vec![Vec::new(); ops.len()];
    for round in 0..rounds {
        for k in 0..ops.len() {
            // Rotated, so that no method always follows the same one.
            let i = (k + round) % ops.len();
            let f0 = minor_faults();
            let start = Instant::now();
            let n = std::hint::black_box((ops[i].1)(value));
            ms[i].push(start.elapsed().as_secs_f64() * 1e3);
            faults[i].push((minor_faults() - f0) as f64);
            assert_eq!(n, len, "{label}: {} wrote {n} bytes", ops[i].0);
        }
    }
    let serde = median(&mut ms[0]);
    println!("{label}: {:.2} MB, {rounds} rounds", len as f64 / 1e6);
    for (i, (name, _)) in ops.iter().enumerate() {
        let worst = ms[i].iter().copied().fold(0.0, f64::max);
        let med = median(&mut ms[i]);
        println!(
            "  {name:36} median {med:7.2} ms ({:.3} of serde_json)  worst {worst:7.2} ms ({:.3})  faults {:6.0}",
            med / serde,
            worst / serde,
            median(&mut faults[i]),
        );
    }
}

/// Touches `bytes` of fresh capacity, one byte per 4 KiB page, after
/// advising huge pages for it if `huge`.
fn touch_fresh(bytes: usize, huge: bool) {
    let mut v: Vec<u8> = Vec::with_capacity(bytes);
    if huge {
        advise_huge_pages(&mut v);
    }
    for byte in v.spare_capacity_mut().iter_mut().step_by(4096) {
        byte.write(1);
    }
    std::hint::black_box(&mut v);
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(v: &mut Vec<u8>) {
    const PAGE: usize = 4096;
    let start = v.as_mut_ptr() as usize & !(PAGE - 1);
    let end = (v.as_mut_ptr() as usize + v.capacity()).next_multiple_of(PAGE);
    // SAFETY: MADV_HUGEPAGE only changes how the kernel backs the pages of
    // `v`'s allocation (rounded out to whole pages, all mapped); it
    // changes no byte, so no memory the program can see changes.
    unsafe {
        libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_v: &mut Vec<u8>) {}

fn fault_costs(rounds: usize, pause: Duration) {
    const SIZE: usize = 128 * 1024 * 1024 - 64;
    for round in 1..=rounds {
        std::thread::sleep(pause);
        for (mode, huge) in [("4 KiB pages", false), ("huge-page advice", true)] {
            let f0 = minor_faults();
            let start = Instant::now();
            touch_fresh(SIZE, huge);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            println!(
                "  round {round}  {mode:16} {ms:8.2} ms  faults {}",
                minor_faults() - f0
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map_or("all", String::as_str);
    let rounds = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(11);
    match which {
        "faults" => {
            let pause = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(0);
            fault_costs(rounds, Duration::from_millis(pause));
        }
        "products" | "records" | "all" => {
            if which != "records" {
                let items = products::build(parallel::PARALLEL_PRODUCTS);
                run("products/1000000", &items[..], rounds);
            }
            if which != "products" {
                let items = records::build(parallel::LARGE_RECORDS);
                run("records x100", &items[..], rounds);
            }
        }
        other => {
            eprintln!("unknown workload {other}: products, records, all or faults");
            std::process::exit(2);
        }
    }
}
