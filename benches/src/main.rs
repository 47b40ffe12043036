//! The main job: json_runtime against serde_json, sonic-rs,
//! simd-json-derive and a memcpy floor on every workload.
//!
//! ```text
//! cargo run --release -p json-bench                      # everything, about a minute and a half
//! cargo run --release -p json-bench -- --quick           # a few rounds (what CI runs)
//! cargo run --release -p json-bench -- colleges records  # a subset
//! cargo run --release -p json-bench -- shapes            # one workload per shape of type, about 25 s
//! cargo run --release -p json-bench -- --update-docs     # also rewrite docs/performance.md's table
//! JSON_BENCH_DATA=/path/to/data cargo run --release -p json-bench -- corpora
//! ```
//!
//! Every method's bytes are first checked against serde_json's; a mismatch
//! (other than a peer's, sonic-rs or simd-json-derive, which is reported)
//! aborts the run with a non-zero status. Then the methods run in
//! interleaved rounds and the median per-iteration time is kept. stdout
//! gets a summary that fits two screens, in one convention, speed-up
//! over serde_json (serde_json's time ÷ the other's): one line per
//! workload and per shapes family with the goal's verdict, then one line
//! per other goal, the floor rows (references, not goals), a tally, and a
//! warning at the top and the bottom when the machine was busy or the
//! rounds disagree. Every method's row, the worst rounds and every target
//! are in `target/json-bench/results.md` (and on stdout with
//! `--verbose`); the chart is `target/json-bench/ratios.svg`. A MISS
//! does not change the exit status.

use std::path::{Path, PathBuf};
use std::time::Instant;

use json_bench::alloc::CountingAlloc;
use json_bench::harness::{self, Config, Library, Row, SimdJson};
use json_bench::load::CpuTimes;
use json_bench::report;
use json_bench::workloads::shapes::{self, Family};
use json_bench::workloads::{
    canada, citm, colleges, links, mixed, parallel, products, records, rustdoc, twitter, Corpus,
    DATA_ENV, DEFAULT_DATA_DIR,
};
use json_bench::Value;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

const USAGE: &str = "\
usage: json-bench [--quick] [--verbose] [--update-docs] [WORKLOAD...]

WORKLOAD selects workloads by name or group: colleges, records, twitter,
citm_catalog, canada, value (value/twitter, value/citm_catalog,
value/canada: the corpora as serde_json::Value), products, products/10,
products/1000, products/10000, products/100000, products/1000000, links
(links/serde-fallback, links/native), mixed, rustdoc (a crate's docs as
rustdoc's JSON output, 35 MB), pretty (the pretty workloads), corpora
(the three files, typed), parallel (the workloads with json_runtime::par
rows: products/1000000, products/100000 (pretty), records x100, records
x100 (lines)), options (the output options, each against the default
output of the same value), shapes (one workload per shape of type, each
compact and pretty, against serde_json alone: shapes/<family> for one:
ints, ids19, option_int, floats, bools, short_ascii, escape_heavy,
non_ascii, unit_enums, externally_tagged, internally_tagged,
adjacently_tagged, untagged, map_string_keys_hash, map_string_keys_btree,
map_int_keys_hash, map_int_keys_btree, recursive, flatten, vec_u32,
vec_i64, vec_vec_i32, vec_vec_u8_short, vec_option_u32, vec_vec_bool,
tuples, map_string_vecs, map_rows, large_doc_hash (23 MB), value).
Default: all.

  --quick        a few rounds per workload: checks every output against
                 serde_json and shows rough ratios in seconds, not a minute
  --verbose      also print every method's row, the worst rounds and every
                 target (they are always in target/json-bench/results.md),
                 and each step of each workload on stderr
  --update-docs  after a full run of every workload, write the summary into
                 docs/performance.md and the table and chart into docs/

Environment:
  JSON_BENCH_FILTER  workloads as above, separated by commas or spaces
  JSON_BENCH_QUICK   set to 1 for --quick
  JSON_BENCH_DATA    folder with twitter.json, citm_catalog.json, canada.json
                     (default: benches/data in the repository)";

/// Why simd-json-derive sits out the `mixed` workload: its derive knows
/// `rename`, `skip_serializing_if` and camelCase/lowercase `rename_all`,
/// and writes variants as they are named.
const MIXED_NOT_EXPRESSIBLE: &str = "cannot express these types: its derive has no `skip`, \
     no SCREAMING_SNAKE_CASE `rename_all` and does not rename enum variants";

/// Why simd-json-derive sits out the `value/...` workloads: it has no
/// `Serialize` impl for `serde_json::Value`, only for simd-json's own
/// trees.
const VALUE_NOT_EXPRESSIBLE: &str = "has no impl for `serde_json::Value` \
     (only for simd-json's own `OwnedValue` and `BorrowedValue`)";

/// Why simd-json-derive sits out the `rustdoc` workload: rustdoc-types
/// renames every enum's variants to snake_case.
const RUSTDOC_NOT_EXPRESSIBLE: &str = "cannot express these types: its derive has no snake_case \
     `rename_all` and does not rename enum variants, and rustdoc-types renames every enum's \
     variants to snake_case";

/// One workload: a name, and what runs it. The closure builds the value
/// and hands it to [`Run::compact`] or [`Run::pretty`], with
/// simd-json-derive's method or the reason it has none.
struct Workload {
    name: String,
    run: Box<dyn Fn(&mut Run)>,
}

impl Workload {
    fn new(name: impl Into<String>, run: impl Fn(&mut Run) + 'static) -> Self {
        Workload {
            name: name.into(),
            run: Box::new(run),
        }
    }
}

/// Every workload, in the order they run and are reported. A new one is
/// one more entry.
fn workloads() -> Vec<Workload> {
    let mut all = vec![
        Workload::new("colleges", |run| {
            let value = colleges::build(colleges::COLLEGES);
            run.compact(&value, SimdJson::of(&value));
        }),
        Workload::new("records", |run| {
            let value = records::build(records::RECORDS);
            run.compact(&value, SimdJson::of(&value));
        }),
        Workload::new(Corpus::Twitter.name(), |run| {
            let value: twitter::Twitter = load(Corpus::Twitter);
            run.compact(&value, SimdJson::of(&value));
        }),
        Workload::new(Corpus::Citm.name(), |run| {
            let value: citm::CitmCatalog = load(Corpus::Citm);
            run.compact(&value, SimdJson::of(&value));
        }),
        // With the floor row: canada's floats formatted by zmij alone.
        Workload::new(Corpus::Canada.name(), |run| {
            let value: canada::FeatureCollection = load(Corpus::Canada);
            let floats = value.floats();
            let floor = vec![harness::float_floor_method(&floats)];
            run.compact_plus(&value, SimdJson::of(&value), floor);
        }),
    ];
    // The same three files parsed into `serde_json::Value`: the untyped
    // tree, written by json_runtime's `ToJson` impl for it (feature
    // `serde_json`) and by serde_json's own `Serialize` impl. With the
    // floor row: the tree walked without writing anything.
    for corpus in Corpus::ALL {
        all.push(Workload::new(corpus.value_name(), move |run| {
            let value: serde_json::Value = load(corpus);
            let floor = vec![harness::value_walk_floor_method(&value)];
            run.compact_plus(&value, SimdJson::Unsupported(VALUE_NOT_EXPRESSIBLE), floor);
        }));
    }
    for n in products::SIZES {
        all.push(Workload::new(format!("products/{n}"), move |run| {
            let value = products::build(n);
            let par = if n == parallel::PARALLEL_PRODUCTS {
                harness::parallel_methods(&value)
            } else {
                Vec::new()
            };
            run.compact_plus(&value, SimdJson::of(&value), par);
        }));
    }
    all.push(Workload::new(parallel::PRETTY_PRODUCTS_NAME, |run| {
        let value = products::build(parallel::PRETTY_PRODUCTS);
        let par = harness::parallel_pretty_methods(&value);
        run.pretty_plus(&value, SimdJson::Unsupported("has no pretty writer"), par);
    }));
    all.push(Workload::new(parallel::LARGE_RECORDS_NAME, |run| {
        let value = records::build(parallel::LARGE_RECORDS);
        let par = harness::parallel_methods(&value);
        run.compact_plus(&value, SimdJson::of(&value), par);
    }));
    all.push(Workload::new(parallel::LINES_NAME, |run| {
        let value = records::build(parallel::LARGE_RECORDS);
        run.lines(&value);
    }));
    // A large real-shaped document: rustdoc's JSON output of a crate.
    all.push(Workload::new(rustdoc::NAME, |run| {
        let value = rustdoc::build(rustdoc::ITEMS);
        run.compact(&value, SimdJson::Unsupported(RUSTDOC_NOT_EXPRESSIBLE));
    }));
    all.push(Workload::new("mixed", |run| {
        let value = mixed::build(0x5EED);
        run.compact(&value, SimdJson::Unsupported(MIXED_NOT_EXPRESSIBLE));
    }));
    // A field whose type implements only `Serialize` (like `url::Url`),
    // written through the serde bridge, against the same data on the
    // `ToJson` fast path.
    all.push(Workload::new("links/serde-fallback", |run| {
        let value = links::build(links::LINKS);
        run.compact(&value, SimdJson::Unsupported(LINKS_JSON_RUNTIME_ONLY));
    }));
    all.push(Workload::new("links/native", |run| {
        let value = links::build_native(links::LINKS);
        run.compact(&value, SimdJson::Unsupported(LINKS_JSON_RUNTIME_ONLY));
    }));
    all.push(Workload::new(report::PRETTY_WORKLOAD, |run| {
        let value = colleges::build(colleges::COLLEGES);
        run.pretty(&value, SimdJson::Unsupported("has no pretty writer"));
    }));
    // The output options, each against the default output of its value.
    for name in json_bench::options::WORKLOADS {
        all.push(Workload::new(name, move |run| {
            json_bench::options::run(&|n| n == name, &mut |name, methods, expected| {
                if harness::progress_detail() {
                    eprintln!(
                        "      {} default output, {} methods",
                        report::format_bytes(expected.len()),
                        methods.len()
                    );
                }
                let rows = harness::run_workload(name, methods, expected, &run.cfg);
                run.rows.extend(rows);
            });
        }));
    }
    // One workload per shape of type, compact then pretty, each against
    // serde_json alone (with a floor row where part of the work bounds
    // it): a regression in one encoder shows in its own line.
    for family in Family::ALL {
        all.push(Workload::new(family.workload(), move |run| {
            family.run(shapes::Scale::Bench, &mut ShapeRun { run, pretty: false });
        }));
        all.push(Workload::new(family.pretty_workload(), move |run| {
            family.run(shapes::Scale::Bench, &mut ShapeRun { run, pretty: true });
        }));
    }
    all
}

/// Times a shapes family's value: serde_json and json_runtime `to_vec`
/// (or `to_vec_pretty`), then its floor rows, on a tenth of the budget
/// ([`Config::shapes`]).
struct ShapeRun<'r> {
    run: &'r mut Run,
    pretty: bool,
}

impl shapes::Sink for ShapeRun<'_> {
    fn shape<'a, T: Value + ?Sized>(&mut self, value: &'a T, floors: Vec<harness::Method<'a>>) {
        let (layout, expected, mut methods) = if self.pretty {
            (
                "pretty",
                serde_json::to_vec_pretty(value).expect("serde_json"),
                harness::shape_pretty_methods(value),
            )
        } else {
            (
                "compact",
                serde_json::to_vec(value).expect("serde_json"),
                harness::shape_methods(value),
            )
        };
        methods.extend(floors);
        let cfg = self.run.cfg.shapes();
        self.run.time(layout, methods, &expected, &cfg);
    }
}

/// Why the `links` workloads have no simd-json-derive row: they measure
/// json_runtime's serde fallback against its own fast path.
const LINKS_JSON_RUNTIME_ONLY: &str =
    "is not run here: this workload compares json_runtime's serde fallback with its own fast path";

/// Reads a corpus, or ends the run: a workload is never skipped quietly.
fn load<T: serde::de::DeserializeOwned>(corpus: Corpus) -> T {
    corpus.load().unwrap_or_else(|e| {
        eprintln!(
            "error: {e}\n(the corpora are kept in {DEFAULT_DATA_DIR}; {DATA_ENV} points elsewhere)"
        );
        std::process::exit(1)
    })
}

struct Args {
    filters: Vec<String>,
    quick: bool,
    update_docs: bool,
    verbose: bool,
}

fn parse_args() -> Args {
    let mut args = Args {
        filters: Vec::new(),
        quick: std::env::var("JSON_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0"),
        update_docs: false,
        verbose: false,
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
            "--update-docs" => args.update_docs = true,
            "--verbose" | "-v" => args.verbose = true,
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
    if args.update_docs && (args.quick || !args.filters.is_empty()) {
        eprintln!(
            "--update-docs needs a full run of every workload: drop --quick and the workload names"
        );
        std::process::exit(2);
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
    /// Workloads simd-json-derive cannot express, and why.
    simd_unsupported: Vec<(String, &'static str)>,
    /// The workload being run.
    workload: String,
}

impl Run {
    fn compact<T: Value + ?Sized>(&mut self, value: &T, simd: SimdJson<'_>) {
        self.compact_plus(value, simd, Vec::new());
    }

    /// The compact methods, then `extra` (parallel or floor rows).
    fn compact_plus<'a, T: Value + ?Sized>(
        &mut self,
        value: &'a T,
        simd: SimdJson<'a>,
        extra: Vec<harness::Method<'a>>,
    ) {
        let expected = serde_json::to_vec(value).expect("serde_json");
        let mut methods = harness::compact_methods(value, &expected);
        methods.extend(extra);
        self.measure("compact", methods, simd, &expected);
    }

    fn pretty<T: Value + ?Sized>(&mut self, value: &T, simd: SimdJson<'_>) {
        self.pretty_plus(value, simd, Vec::new());
    }

    /// The pretty methods, then `extra` (parallel rows).
    fn pretty_plus<'a, T: Value + ?Sized>(
        &mut self,
        value: &'a T,
        simd: SimdJson<'a>,
        extra: Vec<harness::Method<'a>>,
    ) {
        let expected = serde_json::to_vec_pretty(value).expect("serde_json");
        let mut methods = harness::pretty_methods(value, &expected);
        methods.extend(extra);
        self.measure("pretty", methods, simd, &expected);
    }

    /// A long sequence as JSON Lines, sequential and parallel.
    fn lines<T: Value + Sync>(&mut self, items: &[T]) {
        let expected = parallel::serde_lines(items);
        let methods = harness::lines_methods(items);
        let simd = SimdJson::Unsupported("has no JSON Lines writer");
        self.measure("JSON Lines", methods, simd, &expected);
    }

    fn measure<'a>(
        &mut self,
        layout: &str,
        mut methods: Vec<harness::Method<'a>>,
        simd: SimdJson<'a>,
        expected: &[u8],
    ) {
        match simd {
            SimdJson::Method(m) => {
                // Beside sonic-rs, the other peer.
                let at = methods
                    .iter()
                    .position(|m| m.library == Library::SonicRs)
                    .map_or(methods.len(), |i| i + 1);
                methods.insert(at, m);
            }
            SimdJson::Unsupported(why) => self.simd_unsupported.push((self.workload.clone(), why)),
        }
        let cfg = self.cfg;
        self.time(layout, methods, expected, &cfg);
    }

    /// Checks and times `methods` on the current workload.
    fn time(
        &mut self,
        layout: &str,
        mut methods: Vec<harness::Method<'_>>,
        expected: &[u8],
        cfg: &Config,
    ) {
        if harness::progress_detail() {
            eprintln!(
                "      {} of {layout} JSON, {} methods",
                report::format_bytes(expected.len()),
                methods.len()
            );
        }
        let rows = harness::run_workload(&self.workload, &mut methods, expected, cfg);
        self.rows.extend(rows);
    }
}

fn output_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target")));
    target.join("json-bench")
}

/// Where docs/performance.md's generated section starts and ends.
const README_BEGIN: &str = "<!-- json-bench summary: begin -->";
const README_END: &str = "<!-- json-bench summary: end -->";

/// Writes `summary` between the markers in docs/performance.md and the full results
/// and chart into docs/.
fn update_docs(summary: &str, results_md: &str, svg: &str) -> std::io::Result<()> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let readme_path = root.join("docs/performance.md");
    let readme = std::fs::read_to_string(&readme_path)?;
    let (Some(begin), Some(end)) = (readme.find(README_BEGIN), readme.find(README_END)) else {
        return Err(std::io::Error::other(format!(
            "{} has no {README_BEGIN} ... {README_END} section",
            readme_path.display()
        )));
    };
    let head = &readme[..begin + README_BEGIN.len()];
    let tail = &readme[end..];
    std::fs::write(&readme_path, format!("{head}\n{summary}{tail}"))?;
    std::fs::write(root.join("docs/bench-results.md"), results_md)?;
    std::fs::write(root.join("docs/bench-ratios.svg"), svg)?;
    println!("Updated docs/performance.md, docs/bench-results.md and docs/bench-ratios.svg");
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args = parse_args();
    let machine = report::machine();
    let rustc = env!("JSON_BENCH_RUSTC");
    let mode = if args.quick { "quick" } else { "full" };
    let date = report::utc_date();
    println!("Machine: {machine}, {rustc}");
    let load_before = report::load_average();
    let load1_before = report::load_1min();
    let cpu_before = CpuTimes::now();
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

    // One line per workload on stderr, unless --verbose.
    harness::set_progress_detail(args.verbose);
    let mut run = Run {
        cfg: if args.quick {
            Config::quick()
        } else {
            Config::full()
        },
        started: Instant::now(),
        rows: Vec::new(),
        simd_unsupported: Vec::new(),
        workload: String::new(),
    };
    let selected: Vec<Workload> = workloads()
        .into_iter()
        .filter(|w| args.selects(&w.name))
        .collect();
    if selected.is_empty() {
        println!("no workload selected\n\n{USAGE}");
        return Ok(());
    }
    for (i, w) in selected.iter().enumerate() {
        eprintln!(
            "[{}/{}] {} ({:.0} s elapsed)",
            i + 1,
            selected.len(),
            w.name,
            run.started.elapsed().as_secs_f64()
        );
        run.workload.clone_from(&w.name);
        (w.run)(&mut run);
    }
    eprintln!("done in {:.0} s\n", run.started.elapsed().as_secs_f64());
    let load_after = report::load_average();
    let load1_after = report::load_1min();

    let rows = run.rows;
    let table = report::table(&rows);
    let worst = report::worst_table(&rows);
    let targets = report::targets(&rows);
    let verdicts = report::goal_verdicts(&targets);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let machine_load = report::Load {
        cores,
        before: load1_before,
        after: load1_after,
        others: cpu_before
            .zip(CpuTimes::now())
            .and_then(|(before, after)| after.others_since(before, cores)),
    };
    let warning = report::noise_warning(&machine_load, report::run_spread(&rows).as_ref());
    let table_notes = "Median of per-iteration times over interleaved rounds. MB/s = 10^6 bytes of output per second.\n\
         Speed-up = the workload's first row's median ÷ this row's: serde_json to_vec (pretty rows: to_vec_pretty; options/...: json_runtime's default output).\n\
         Allocated = bytes allocated by one operation; Peak heap = highest live heap during it, above the heap before it.";
    let worst_heading = format!(
        "Worst of N rounds, the workloads of {} of output and more (each round one operation per method; baseline = the workload's first row):",
        report::format_bytes(harness::LARGE_OUTPUT)
    );
    if args.verbose {
        println!(
            "Parallel rows (json_runtime par::*): rayon pool of {} threads.\n",
            report::rayon_threads()
        );
        println!("{table}");
        println!("{table_notes}\n");
        if !worst.is_empty() {
            println!("{worst_heading}\n");
            println!("{worst}");
        }
    }

    let load = match (&load_before, &load_after) {
        (Some(before), Some(after)) => format!(" Load average {before} before, {after} after."),
        _ => String::new(),
    };
    let features = if cfg!(feature = "huge-pages") {
        "its default features and the opt-in `huge-pages`"
    } else {
        "its default features"
    };
    let command = format!(
        "cargo run --release -p json-bench{}{}",
        if cfg!(feature = "huge-pages") {
            " --features huge-pages"
        } else {
            ""
        },
        if args.quick { " -- --quick" } else { "" }
    );
    let warning_top = warning
        .as_ref()
        .map_or_else(String::new, |w| format!("**{w}**\n\n"));
    let summary = format!(
        "{warning_top}Measured with `{command}` on {date} (UTC): {machine}, {rustc}; json-runtime with {features}.{load}\n\
         Speed-up = serde_json's median time ÷ the other library's, in the same run; \
         above 1 means it is faster than serde_json; a goal is a speed-up to reach.\n\n{}\n{}",
        report::summary(&rows, &run.simd_unsupported),
        report::highlights(&rows)
    );
    println!("Summary ({mode} mode):\n");
    println!("{summary}");

    // One verdict per goal: the per-workload speed-ups are in the tables
    // above, the other goals one line each; then the floors, which are
    // references and not goals, and the tally.
    let goals = report::goals_text(&verdicts, &report::floors(&rows));
    let tally = format!(
        "Goals, one verdict each, the tables' goal columns included: {}",
        report::tally(&verdicts)
    );
    if args.quick {
        println!("Other goals (quick mode: few rounds, indicative only); FLOOR rows are references, not goals:");
    } else {
        println!("Other goals; FLOOR rows are references, not goals:");
    }
    print!("{goals}");
    println!();
    println!("{tally}");
    if let Some(w) = &warning {
        println!("{w}");
    }
    if args.verbose {
        println!("\nEvery target:");
        for t in &targets {
            println!("{t}");
        }
    }

    let dir = output_dir();
    std::fs::create_dir_all(&dir)?;
    let dir = dir.canonicalize()?;
    let mut md = format!(
        "# json-bench results\n\n{summary}\n## Goals\n\n```text\n{goals}```\n\n{tally}\n\n## Every method\n\n{table}\n{table_notes}\n\n"
    );
    if !worst.is_empty() {
        md.push_str(&format!("{worst_heading}\n\n{worst}\n"));
    }
    md.push_str("## Every target\n\n");
    for t in &targets {
        md.push_str(&format!("- {t}\n"));
    }
    let md_path = dir.join("results.md");
    std::fs::write(&md_path, &md)?;
    let svg = report::svg(
        &rows,
        &format!("json-bench: speed-up over serde_json ({machine})"),
    );
    let svg_path = dir.join("ratios.svg");
    std::fs::write(&svg_path, &svg)?;
    println!();
    println!("Chart: {}", svg_path.display());
    println!(
        "Table: {} (the summary, ready for docs/performance.md, then every method and every target{})",
        md_path.display(),
        if args.verbose {
            ""
        } else {
            "; --verbose prints them here"
        }
    );
    if args.update_docs {
        update_docs(&summary, &md, &svg)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(filters: &[&str]) -> Args {
        Args {
            filters: filters.iter().map(|f| f.to_string()).collect(),
            quick: true,
            update_docs: false,
            verbose: false,
        }
    }

    #[test]
    fn groups_select_their_workloads() {
        let names: Vec<String> = workloads().into_iter().map(|w| w.name).collect();
        let selected = |filters: &[&str]| -> Vec<&str> {
            let a = args(filters);
            names
                .iter()
                .map(String::as_str)
                .filter(|n| a.selects(n))
                .collect()
        };
        assert_eq!(
            selected(&["value"]),
            ["value/twitter", "value/citm_catalog", "value/canada"]
        );
        assert_eq!(
            selected(&["corpora"]),
            ["twitter", "citm_catalog", "canada"]
        );
        assert_eq!(selected(&["value/canada"]), ["value/canada"]);
        // Every family, compact then pretty; `value` stays the corpora's.
        let shapes: Vec<String> = Family::ALL
            .iter()
            .flat_map(|f| [f.workload(), f.pretty_workload()])
            .collect();
        assert_eq!(selected(&["shapes"]), shapes);
        assert_eq!(
            selected(&["shapes/ints"]),
            ["shapes/ints", "shapes/ints (pretty)"]
        );
        assert_eq!(
            selected(&["shapes/vec_vec_i32"]),
            ["shapes/vec_vec_i32", "shapes/vec_vec_i32 (pretty)"]
        );
        let pretty = selected(&["pretty"]);
        assert!(pretty.contains(&"colleges (pretty)"), "{pretty:?}");
        assert!(pretty.contains(&"shapes/value (pretty)"), "{pretty:?}");
        assert!(!pretty.contains(&"shapes/value"), "{pretty:?}");
    }

    /// The USAGE text names every family, so `--help` lists what
    /// `shapes/<family>` accepts.
    #[test]
    fn usage_names_every_family() {
        let usage = USAGE.split_whitespace().collect::<Vec<_>>().join(" ");
        let shapes = &usage[usage.find("shapes (").expect("the shapes group")..];
        for family in Family::ALL {
            let name = family.name();
            assert!(
                [",", " ", ")"]
                    .iter()
                    .any(|end| shapes.contains(&format!(" {name}{end}"))),
                "USAGE does not name {name}"
            );
        }
    }

    /// A target names a workload that exists, or it would say "not run"
    /// on every run.
    #[test]
    fn targets_name_workloads() {
        let names: Vec<String> = workloads().into_iter().map(|w| w.name).collect();
        let mut targeted: Vec<&str> = report::RATIO_TARGETS.iter().map(|&(w, _)| w).collect();
        targeted.extend(report::PAR_TARGETS.iter().map(|&(w, _, _)| w));
        targeted.extend([
            report::PRETTY_WORKLOAD,
            report::STREAM_WORKLOAD,
            report::WORST_WORKLOAD,
            report::GROWTH_SMALL,
            report::GROWTH_LARGE,
        ]);
        for w in targeted {
            assert!(names.iter().any(|n| n == w), "no workload named {w}");
        }
    }

    /// The summary of a full run, every workload with the rows a real run
    /// has (floors included), fits two screens: about 120 lines with the
    /// lines main prints around it.
    #[test]
    fn summary_fits_two_screens() {
        use json_bench::alloc::OpAllocs;
        use json_bench::harness::names::*;
        let row = |w: &str, method: &'static str, library: Library, ns: f64| Row {
            workload: w.to_owned(),
            method,
            library,
            median_ns: ns,
            worst_ns: ns,
            bytes: 1000,
            ratio: ns / 100.0,
            allocs: OpAllocs::default(),
            samples: 5,
            minor_faults: None,
            system_ns: None,
            batch: 1,
            spread: 0.02,
            difference: None,
        };
        let mut rows = Vec::new();
        let mut unsupported: Vec<(String, &str)> = Vec::new();
        for w in workloads().into_iter().map(|w| w.name) {
            if w.starts_with("options/") {
                rows.push(row(&w, RT_TO_VEC, Library::JsonRuntime, 100.0));
                rows.push(row(&w, RT_TO_VEC_PRETTY, Library::JsonRuntime, 150.0));
                continue;
            }
            let pretty = w.ends_with("(pretty)");
            let (serde, ours, sonic) = if pretty {
                (SERDE_TO_VEC_PRETTY, RT_TO_VEC_PRETTY, SONIC_TO_VEC_PRETTY)
            } else {
                (SERDE_TO_VEC, RT_TO_VEC, SONIC_TO_VEC)
            };
            rows.push(row(&w, serde, Library::SerdeJson, 100.0));
            if w.starts_with(shapes::PREFIX) {
                rows.push(row(&w, ours, Library::JsonRuntime, 30.0));
                if ["floats", "value", "large_doc_hash"]
                    .iter()
                    .any(|f| w.starts_with(&format!("shapes/{f}")))
                {
                    rows.push(row(&w, VALUE_WALK_FLOOR, Library::Floor, 25.0));
                }
                continue;
            }
            rows.push(row(&w, sonic, Library::SonicRs, 110.0));
            if pretty {
                unsupported.push((w.clone(), "has no pretty writer"));
            } else if w.starts_with("value/") {
                unsupported.push((w.clone(), VALUE_NOT_EXPRESSIBLE));
            } else if w == "rustdoc" {
                unsupported.push((w.clone(), RUSTDOC_NOT_EXPRESSIBLE));
            } else if w == "mixed" {
                unsupported.push((w.clone(), MIXED_NOT_EXPRESSIBLE));
            } else if w.starts_with("links/") {
                unsupported.push((w.clone(), LINKS_JSON_RUNTIME_ONLY));
            } else {
                rows.push(row(&w, SIMD_JSON_VEC, Library::SimdJsonDerive, 60.0));
            }
            rows.push(row(&w, MEMCPY, Library::Memcpy, 2.0));
            rows.push(row(&w, ours, Library::JsonRuntime, 30.0));
            rows.push(row(&w, RT_TO_WRITER_VEC, Library::JsonRuntime, 29.0));
            rows.push(row(&w, RT_TO_WRITER_FILE, Library::JsonRuntime, 35.0));
            rows.push(row(&w, RT_TO_VEC_WRITE_ALL, Library::JsonRuntime, 36.0));
            if w == "canada" {
                rows.push(row(&w, FLOAT_FLOOR, Library::Floor, 96.0));
            } else if w.starts_with("value/") {
                rows.push(row(&w, VALUE_WALK_FLOOR, Library::Floor, 20.0));
            }
        }
        let summary = report::summary(&rows, &unsupported);
        let targets = report::targets(&rows);
        let verdicts = report::goal_verdicts(&targets);
        let goals = report::goals_text(&verdicts, &report::floors(&rows));
        // Machine, load, mode, a blank, the heading and a blank; the
        // warning and a blank; measured, speed-up; the goals' heading, a
        // blank, the tally, the warning, a blank, the chart and the table.
        let around = 6 + 2 + 2 + 7;
        let lines = around + summary.lines().count() + goals.lines().count();
        assert!(
            (60..=120).contains(&lines),
            "{lines} lines:\n{summary}\n{goals}"
        );
        // One verdict line per goal outside the tables.
        for t in targets.iter().filter(|t| !t.goal.in_table()) {
            let n = verdicts.iter().filter(|(g, _, _)| *g == t.goal).count();
            assert_eq!(n, 1, "{:?}", t.goal);
        }
    }

    /// Every shapes family has both workloads, and each family held to
    /// its floor has one: its target would say "not run" forever, or fall
    /// back to the fixed ratio, otherwise.
    #[test]
    fn shapes_targets_name_workloads() {
        let names: Vec<String> = workloads().into_iter().map(|w| w.name).collect();
        for family in Family::ALL {
            for w in [family.workload(), family.pretty_workload()] {
                assert!(names.contains(&w), "no workload named {w}");
            }
        }
        for t in report::SHAPE_FLOOR_TARGETS {
            let family = Family::from_name(t.family)
                .unwrap_or_else(|| panic!("no shapes family named {}", t.family));
            assert!(family.floor().is_some(), "{} has no floor row", t.family);
        }
        // Workload names are unique, the shapes' included.
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
    }
}
