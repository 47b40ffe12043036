//! Chooses `json_runtime::par`'s chunk size: times `par::to_vec` and
//! `par::to_writer` into a file at several chunk sizes against the
//! sequential `to_vec` and `to_writer`, in interleaved rounds, on
//! products/1000000 and records x100.
//!
//! ```text
//! cargo run --release -p json-bench --bin par_chunks              # both, 64 KiB to 1 MiB
//! cargo run --release -p json-bench --bin par_chunks -- records 128 256
//! ```
//!
//! Besides wall-clock medians it prints the CPU time of all the process's
//! threads (from `/proc/self/task/*/schedstat`, Linux only): on a loaded
//! machine the wall-clock speedup is capped by the CPU share the process
//! gets, while the CPU time shows what the parallel form costs in work.

use std::collections::HashMap;
use std::io::Seek;
use std::time::Instant;

use json_bench::workloads::{parallel, products, records};
use json_runtime::par::Encoder;
use json_runtime::ToJson;

/// CPU time of all threads of this process, in milliseconds (0 where
/// `/proc` is unavailable).
fn process_cpu_ms() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    let ns: u64 = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    ns as f64 / 1e6
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Wall-clock samples and total CPU time of one method.
#[derive(Default)]
struct Samples {
    wall: Vec<f64>,
    cpu: f64,
}

fn sweep<T: ToJson + Sync>(name: &str, items: &[T], kib: &[usize], rounds: usize) {
    let bytes = json_runtime::to_vec(items).unwrap().len();
    let per_element = bytes as f64 / items.len() as f64;
    let mut file = tempfile::tempfile().expect("temporary file");
    let mut samples: HashMap<String, Samples> = HashMap::new();
    let mut time = |label: String, op: &mut dyn FnMut()| {
        let cpu = process_cpu_ms();
        let start = Instant::now();
        op();
        let wall = start.elapsed().as_secs_f64() * 1e3;
        let s = samples.entry(label).or_default();
        s.wall.push(wall);
        s.cpu += process_cpu_ms() - cpu;
    };
    for _ in 0..rounds {
        time("to_vec".into(), &mut || {
            std::hint::black_box(json_runtime::to_vec(items).unwrap());
        });
        time("to_writer".into(), &mut || {
            file.rewind().expect("rewind");
            json_runtime::to_writer(&mut file, items).expect("write");
        });
        for &k in kib {
            let chunk_len = ((k * 1024) as f64 / per_element).max(1.0) as usize;
            let encoder = Encoder::array().chunk_len(chunk_len);
            time(format!("par::to_vec {k}"), &mut || {
                std::hint::black_box(encoder.to_vec(items).unwrap());
            });
            time(format!("par::to_writer {k}"), &mut || {
                file.rewind().expect("rewind");
                encoder.to_writer(&mut file, items).expect("write");
            });
        }
    }
    let stat = |label: &str| {
        let s = &samples[label];
        (median(s.wall.clone()), s.cpu / rounds as f64)
    };
    let (vec_ms, vec_cpu) = stat("to_vec");
    let (file_ms, file_cpu) = stat("to_writer");
    println!(
        "{name}: {} items, {bytes} bytes, {} rayon threads, median of {rounds}",
        items.len(),
        rayon::current_num_threads()
    );
    println!("  sequential       to_vec {vec_ms:7.1} ms (cpu {vec_cpu:6.1})   to_writer(File) {file_ms:7.1} ms (cpu {file_cpu:6.1})");
    for &k in kib {
        let (pv, pv_cpu) = stat(&format!("par::to_vec {k}"));
        let (pf, pf_cpu) = stat(&format!("par::to_writer {k}"));
        println!(
            "  chunk {k:5} KiB  to_vec {pv:7.1} ms (cpu {pv_cpu:6.1}) {:4.2}x   to_writer(File) {pf:7.1} ms (cpu {pf_cpu:6.1}) {:4.2}x",
            vec_ms / pv,
            file_ms / pf
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let only = match args.peek().map(String::as_str) {
        Some("products" | "records") => args.next(),
        _ => None,
    };
    let mut kib: Vec<usize> = args.map(|a| a.parse().expect("a size in KiB")).collect();
    if kib.is_empty() {
        kib = vec![64, 128, 256, 512, 1024];
    }
    if let Some(load) = json_bench::report::load_average() {
        println!("load average {load}");
    }
    if only.as_deref() != Some("records") {
        sweep(
            "products/1000000",
            &products::build(parallel::PARALLEL_PRODUCTS),
            &kib,
            7,
        );
    }
    if only.as_deref() != Some("products") {
        sweep(
            parallel::LARGE_RECORDS_NAME,
            &records::build(parallel::LARGE_RECORDS),
            &kib,
            7,
        );
    }
}
