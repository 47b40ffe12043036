//! The main job: a quick comparison of json_runtime against serde_json,
//! sonic-rs and a memcpy floor on every workload.
//!
//! ```text
//! cargo run --release -p json-bench                      # everything, < 2 min
//! cargo run --release -p json-bench -- --quick           # shorter rounds
//! cargo run --release -p json-bench -- colleges records  # a subset
//! JSON_BENCH_DATA=/path/to/data cargo run --release -p json-bench -- corpora
//! ```
//!
//! Every method's bytes are first checked against serde_json's; a mismatch
//! (other than sonic-rs, which is only reported) aborts the run. Then the
//! methods run in interleaved rounds and the median per-iteration time is
//! reported with allocations per operation, as a table on stdout, as
//! Markdown in `target/json-bench/results.md` and as a chart in
//! `target/json-bench/ratios.svg`, followed by PASS/MISS lines for the
//! performance targets. A MISS does not change the exit status.

use std::path::PathBuf;
use std::time::Instant;

use json_bench::alloc::CountingAlloc;
use json_bench::harness::{self, Config, Row};
use json_bench::report;
use json_bench::workloads::{
    self, canada, citm, colleges, mixed, parallel, products, records, twitter, Corpus,
};
use json_bench::Value;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

const USAGE: &str = "\
usage: json-bench [--quick] [WORKLOAD...]

WORKLOAD selects workloads by name or group: colleges, pretty, products,
products/10, products/1000, products/100000, products/1000000, records,
mixed, corpora, twitter, citm_catalog, canada, parallel (the workloads with
json_runtime::par rows: products/1000000, products/100000 (pretty),
records x100, records x100 (lines)). Default: all.

Environment:
  JSON_BENCH_FILTER  workloads as above, separated by commas or spaces
  JSON_BENCH_QUICK   set to 1 for --quick
  JSON_BENCH_DATA    folder with twitter.json, citm_catalog.json, canada.json
                     (default: ../shared/data relative to the workspace root)";

struct Args {
    filters: Vec<String>,
    quick: bool,
}

fn parse_args() -> Args {
    let mut args = Args {
        filters: Vec::new(),
        quick: std::env::var("JSON_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0"),
    };
    if let Ok(f) = std::env::var("JSON_BENCH_FILTER") {
        args.filters.extend(
            f.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
    }
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--quick" | "-q" => args.quick = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            // Passed by `cargo bench` to every target; harmless here.
            "--bench" => {}
            s if s.starts_with('-') => {
                eprintln!("unknown option {s}\n\n{USAGE}");
                std::process::exit(2);
            }
            s => args.filters.push(s.to_owned()),
        }
    }
    args
}

impl Args {
    fn selects(&self, name: &str) -> bool {
        let corpus = Corpus::ALL.iter().any(|c| c.name() == name);
        self.filters.is_empty()
            || self.filters.iter().any(|f| {
                name == f
                    || name.starts_with(&format!("{f}/"))
                    || name.starts_with(&format!("{f} "))
                    || (f == "corpora" && corpus)
                    || (f == "pretty" && name.ends_with("(pretty)"))
                    || (f == "parallel" && parallel::HAS_PAR_ROWS.contains(&name))
            })
    }
}

struct Run {
    cfg: Config,
    started: Instant,
    rows: Vec<Row>,
}

impl Run {
    fn progress(&self, msg: &str) {
        eprintln!("[{:6.1} s] {msg}", self.started.elapsed().as_secs_f64());
    }

    fn compact<T: Value + ?Sized>(&mut self, name: &str, value: &T) {
        let expected = serde_json::to_vec(value).expect("serde_json");
        self.progress(&format!("{name}: {} bytes compact", expected.len()));
        let mut methods = harness::compact_methods(value, &expected);
        let rows = harness::run_workload(name, &mut methods, &expected, &self.cfg);
        self.rows.extend(rows);
    }

    fn pretty<T: Value + ?Sized>(&mut self, name: &str, value: &T) {
        let expected = serde_json::to_vec_pretty(value).expect("serde_json");
        self.progress(&format!("{name}: {} bytes pretty", expected.len()));
        let mut methods = harness::pretty_methods(value, &expected);
        let rows = harness::run_workload(name, &mut methods, &expected, &self.cfg);
        self.rows.extend(rows);
    }

    /// The compact methods, then `extra` (parallel or floor rows).
    fn compact_plus<'a, T: Value + ?Sized>(
        &mut self,
        name: &str,
        value: &'a T,
        extra: impl FnOnce(&'a T) -> Vec<harness::Method<'a>>,
    ) {
        let expected = serde_json::to_vec(value).expect("serde_json");
        self.progress(&format!("{name}: {} bytes compact", expected.len()));
        let mut methods = harness::compact_methods(value, &expected);
        methods.extend(extra(value));
        let rows = harness::run_workload(name, &mut methods, &expected, &self.cfg);
        self.rows.extend(rows);
    }

    /// A long sequence: the compact methods and the parallel ones.
    fn sequence<T: Value + Sync>(&mut self, name: &str, items: &[T]) {
        self.compact_plus(name, items, harness::parallel_methods);
    }

    /// A long sequence, pretty: the pretty methods and the parallel one.
    fn pretty_sequence<T: Value + Sync>(&mut self, name: &str, items: &[T]) {
        let expected = serde_json::to_vec_pretty(items).expect("serde_json");
        self.progress(&format!("{name}: {} bytes pretty", expected.len()));
        let mut methods = harness::pretty_methods(items, &expected);
        methods.extend(harness::parallel_pretty_methods(items));
        let rows = harness::run_workload(name, &mut methods, &expected, &self.cfg);
        self.rows.extend(rows);
    }

    /// A long sequence as JSON Lines.
    fn lines<T: Value + Sync>(&mut self, name: &str, items: &[T]) {
        let expected = parallel::serde_lines(items);
        self.progress(&format!("{name}: {} bytes of lines", expected.len()));
        let mut methods = harness::lines_methods(items);
        let rows = harness::run_workload(name, &mut methods, &expected, &self.cfg);
        self.rows.extend(rows);
    }

    fn corpus<T: Value + serde::de::DeserializeOwned>(&mut self, corpus: Corpus) {
        self.progress(&format!(
            "{}: loading {}",
            corpus.name(),
            corpus.file_name()
        ));
        match corpus.load::<T>() {
            Ok(value) => self.compact(corpus.name(), &value),
            Err(e) => {
                println!("skipping {}: {e}", corpus.name());
                eprintln!("skipping {}: {e}", corpus.name());
            }
        }
    }

    /// canada, with the floor row: its floats formatted by zmij alone.
    fn canada(&mut self) {
        let corpus = Corpus::Canada;
        self.progress(&format!(
            "{}: loading {}",
            corpus.name(),
            corpus.file_name()
        ));
        match corpus.load::<canada::FeatureCollection>() {
            Ok(value) => {
                let floats = value.floats();
                self.compact_plus(corpus.name(), &value, |_| {
                    vec![harness::float_floor_method(&floats)]
                });
            }
            Err(e) => {
                println!("skipping {}: {e}", corpus.name());
                eprintln!("skipping {}: {e}", corpus.name());
            }
        }
    }
}

fn output_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target")));
    target.join("json-bench")
}

fn main() -> std::io::Result<()> {
    let args = parse_args();
    let machine = report::machine();
    let mode = if args.quick { "quick" } else { "full" };
    println!("Machine: {machine}");
    let load_before = report::load_average();
    if let Some(load) = &load_before {
        println!("Load average before: {load}");
    }
    println!(
        "Mode: {mode}{}",
        if args.filters.is_empty() {
            String::new()
        } else {
            format!(", workloads: {}", args.filters.join(" "))
        }
    );
    if cfg!(debug_assertions) {
        println!("WARNING: debug build; run with --release for meaningful numbers");
    }
    println!();

    let mut run = Run {
        cfg: if args.quick {
            Config::quick()
        } else {
            Config::full()
        },
        started: Instant::now(),
        rows: Vec::new(),
    };

    if args.selects("colleges") || args.selects(report::PRETTY_WORKLOAD) {
        run.progress("colleges: building");
        let value = colleges::build(colleges::COLLEGES);
        if args.selects("colleges") {
            run.compact("colleges", &value);
        }
        if args.selects(report::PRETTY_WORKLOAD) {
            run.pretty(report::PRETTY_WORKLOAD, &value);
        }
    }
    for n in products::SIZES {
        let name = format!("products/{n}");
        let pretty = n == parallel::PRETTY_PRODUCTS && args.selects(parallel::PRETTY_PRODUCTS_NAME);
        if args.selects(&name) || pretty {
            run.progress(&format!("{name}: building"));
            let value = products::build(n);
            if args.selects(&name) {
                if n == parallel::PARALLEL_PRODUCTS {
                    run.sequence(&name, &value);
                } else {
                    run.compact(&name, &value);
                }
            }
            if pretty {
                run.pretty_sequence(parallel::PRETTY_PRODUCTS_NAME, &value);
            }
        }
    }
    if args.selects("records") {
        let value = records::build(records::RECORDS);
        run.compact("records", &value);
    }
    let large = args.selects(parallel::LARGE_RECORDS_NAME);
    let lines = args.selects(parallel::LINES_NAME);
    if large || lines {
        run.progress(&format!("{}: building", parallel::LARGE_RECORDS_NAME));
        let value = records::build(parallel::LARGE_RECORDS);
        if large {
            run.sequence(parallel::LARGE_RECORDS_NAME, &value);
        }
        if lines {
            run.lines(parallel::LINES_NAME, &value);
        }
    }
    if args.selects("mixed") {
        let value = mixed::build(0x5EED);
        run.compact("mixed", &value);
    }
    if Corpus::ALL.iter().any(|c| args.selects(c.name())) {
        let dir = workloads::data_dir();
        if dir.is_dir() {
            if args.selects(Corpus::Twitter.name()) {
                run.corpus::<twitter::Twitter>(Corpus::Twitter);
            }
            if args.selects(Corpus::Citm.name()) {
                run.corpus::<citm::CitmCatalog>(Corpus::Citm);
            }
            if args.selects(Corpus::Canada.name()) {
                run.canada();
            }
        } else {
            let msg = format!(
                "skipping corpora (twitter, citm_catalog, canada): data folder {} not found; set {} to the folder holding the files",
                dir.display(),
                workloads::DATA_ENV
            );
            println!("{msg}\n");
            eprintln!("{msg}");
        }
    }
    run.progress("done");
    let load_after = report::load_average();

    println!(
        "Parallel rows (json_runtime par::*): rayon pool of {} threads.",
        report::rayon_threads()
    );
    println!();
    let rows = run.rows;
    if rows.is_empty() {
        println!("no workload selected\n\n{USAGE}");
        return Ok(());
    }
    let table = report::table(&rows);
    let targets = report::targets(&rows);
    println!("{table}");
    println!("Median of per-iteration times over interleaved rounds. MB/s = 10^6 bytes of output per second.");
    println!(
        "Ratio = median / serde_json to_vec median (pretty rows: / serde_json to_vec_pretty)."
    );
    println!("Allocated = bytes allocated by one operation; Peak heap = highest live heap during it, above the heap before it.");
    println!();
    if let Some(load) = &load_after {
        println!("Load average after: {load}");
        println!();
    }
    println!("Targets:");
    for t in &targets {
        println!("{t}");
    }

    let dir = output_dir();
    std::fs::create_dir_all(&dir)?;
    let dir = dir.canonicalize()?;
    let load = match (&load_before, &load_after) {
        (Some(before), Some(after)) => format!("  \nLoad average: {before} before, {after} after"),
        _ => String::new(),
    };
    let mut md = format!(
        "# json-bench results\n\nMachine: {machine}  \nMode: {mode}{load}\n\n{table}\n## Targets\n\n"
    );
    for t in &targets {
        md.push_str(&format!("- {t}\n"));
    }
    let md_path = dir.join("results.md");
    std::fs::write(&md_path, md)?;
    let svg_path = dir.join("ratios.svg");
    std::fs::write(
        &svg_path,
        report::svg(
            &rows,
            &format!("json-bench: time ratio vs serde_json ({machine})"),
        ),
    )?;
    println!();
    println!("Chart: {}", svg_path.display());
    println!("Table: {}", md_path.display());
    Ok(())
}
