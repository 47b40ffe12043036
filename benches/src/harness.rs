//! The main job's measuring loop: verify every method's bytes, measure its
//! allocations once, then time all methods in interleaved rounds, each in
//! a new order, and keep the median per-iteration time.

use std::fs::File;
use std::hint::black_box;
use std::io::{BufWriter, Read, Seek, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::alloc::{self, OpAllocs};
use crate::check::{first_difference, Difference};
use crate::os_counters::OsCounters;
use crate::prng::SplitMix64;
use crate::Value;

/// Who does the work in a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Library {
    /// serde_json, the reference.
    SerdeJson,
    /// sonic-rs.
    SonicRs,
    /// simd-json-derive's `Serialize`.
    SimdJsonDerive,
    /// Copying the expected bytes: the physical floor.
    Memcpy,
    /// This library.
    JsonRuntime,
    /// Part of the work alone (the canada floats formatted by zmij), a
    /// bound that shows where the time goes; its output is not the
    /// document, so it is not compared.
    Floor,
}

impl Library {
    /// Another fast serializer, compared against but not held to
    /// serde_json's bytes: a difference is reported, not fatal.
    pub fn is_peer(self) -> bool {
        matches!(self, Library::SonicRs | Library::SimdJsonDerive)
    }
}

/// Method names, shared by the table, the targets and the chart.
pub mod names {
    pub const SERDE_TO_VEC: &str = "serde_json to_vec";
    pub const SERDE_TO_WRITER_VEC: &str = "serde_json to_writer(Vec)";
    pub const SERDE_TO_WRITER_FILE: &str = "serde_json to_writer(BufWriter<File>)";
    pub const SONIC_TO_VEC: &str = "sonic_rs to_vec";
    pub const SIMD_JSON_VEC: &str = "simd_json_derive json_vec";
    pub const MEMCPY: &str = "memcpy";
    pub const RT_TO_VEC: &str = "json_runtime to_vec";
    pub const RT_TO_WRITER_VEC: &str = "json_runtime to_writer(Vec)";
    pub const RT_TO_WRITER_FILE: &str = "json_runtime to_writer(File)";
    pub const RT_TO_VEC_WRITE_ALL: &str = "json_runtime to_vec+write_all";

    pub const SERDE_TO_VEC_PRETTY: &str = "serde_json to_vec_pretty";
    pub const SERDE_TO_WRITER_PRETTY_VEC: &str = "serde_json to_writer_pretty(Vec)";
    pub const SONIC_TO_VEC_PRETTY: &str = "sonic_rs to_vec_pretty";
    pub const RT_TO_VEC_PRETTY: &str = "json_runtime to_vec_pretty";
    pub const RT_TO_WRITER_PRETTY_VEC: &str = "json_runtime to_writer_pretty(Vec)";
    pub const RT_TO_WRITER_PRETTY_FILE: &str = "json_runtime to_writer_pretty(File)";

    pub const RT_PAR_TO_VEC: &str = "json_runtime par::to_vec";
    pub const RT_PAR_TO_WRITER_FILE: &str = "json_runtime par::to_writer(File)";
    pub const RT_PAR_TO_VEC_PRETTY: &str = "json_runtime par::to_vec_pretty";

    pub const SERDE_LINES_FILE: &str = "serde_json lines(BufWriter<File>)";
    pub const RT_TO_WRITER_LINES_FILE: &str = "json_runtime to_writer_lines(File)";
    pub const RT_PAR_TO_WRITER_LINES_FILE: &str = "json_runtime par::to_writer_lines(File)";

    pub const FLOAT_FLOOR: &str = "zmij floats only (floor)";
    pub const VALUE_WALK_FLOOR: &str = "Value tree walked only (floor)";
    pub const DOC_WALK_FLOOR: &str = "document walked only (floor)";
}

/// One operation: `op(false)` does the work and discards the output;
/// `op(true)` does the same work and returns the bytes produced, for the
/// equality check.
type Op<'a> = Box<dyn FnMut(bool) -> Option<Vec<u8>> + 'a>;

/// A way of producing the JSON of a value.
pub struct Method<'a> {
    /// Table label.
    pub name: &'static str,
    /// Who does the work.
    pub library: Library,
    op: Op<'a>,
    /// The bytes this method must write, when they are not the workload's
    /// (serde_json's): the output options write other bytes on purpose,
    /// checked against a reference of their own.
    expected: Option<Vec<u8>>,
}

impl<'a> Method<'a> {
    /// A method whose output must equal the workload's expected bytes.
    pub fn new(
        name: &'static str,
        library: Library,
        op: impl FnMut(bool) -> Option<Vec<u8>> + 'a,
    ) -> Self {
        Method {
            name,
            library,
            op: Box::new(op),
            expected: None,
        }
    }

    /// A method whose output must equal `expected` rather than the
    /// workload's expected bytes.
    pub fn with_expected(
        name: &'static str,
        library: Library,
        expected: Vec<u8>,
        op: impl FnMut(bool) -> Option<Vec<u8>> + 'a,
    ) -> Self {
        Method {
            expected: Some(expected),
            ..Method::new(name, library, op)
        }
    }

    /// The bytes given to [`with_expected`](Self::with_expected), if any.
    pub fn expected_bytes(&self) -> Option<&[u8]> {
        self.expected.as_deref()
    }

    /// Runs the method once and returns its output.
    pub fn output(&mut self) -> Vec<u8> {
        (self.op)(true).expect("capture returns the output")
    }

    /// Whether the method writes to a file (the criterion suite leaves
    /// those to the main job).
    pub fn writes_file(&self) -> bool {
        self.name.contains("File") || self.name.contains("write_all")
    }

    /// Runs the method once.
    #[inline]
    pub fn run(&mut self) {
        black_box((self.op)(false));
    }
}

fn keep(capture: bool, bytes: Vec<u8>) -> Option<Vec<u8>> {
    if capture {
        Some(bytes)
    } else {
        black_box(&bytes);
        None
    }
}

fn keep_copy(capture: bool, bytes: &[u8]) -> Option<Vec<u8>> {
    if capture {
        Some(bytes.to_vec())
    } else {
        black_box(bytes);
        None
    }
}

/// Reads back what the last operation wrote to `file` (from the start to
/// the current position) and drops anything after it.
fn read_back(file: &mut File) -> Vec<u8> {
    let len = file.stream_position().expect("tell");
    file.set_len(len).expect("truncate");
    file.rewind().expect("rewind");
    let mut out = Vec::with_capacity(len as usize);
    file.read_to_end(&mut out).expect("read back");
    out
}

fn temp_file() -> File {
    tempfile::tempfile().expect("create a temporary file")
}

/// A file-writing op: rewinds `file` (the output is the same every time,
/// so rewriting in place replaces it), runs `write`, and reads the file
/// back when capturing.
fn file_op<'a>(mut write: impl FnMut(&mut File) + 'a) -> impl FnMut(bool) -> Option<Vec<u8>> + 'a {
    let mut file = temp_file();
    move |capture| {
        file.rewind().expect("rewind");
        write(&mut file);
        capture.then(|| read_back(&mut file))
    }
}

/// A memcpy of `expected` into a preallocated buffer.
fn memcpy_op(expected: &[u8]) -> impl FnMut(bool) -> Option<Vec<u8>> + '_ {
    let mut dst = Vec::with_capacity(expected.len());
    move |capture| {
        dst.clear();
        dst.extend_from_slice(expected);
        keep_copy(capture, &dst)
    }
}

/// The compact methods, serde_json `to_vec` first (the ratio baseline).
pub fn compact_methods<'a, T: Value + ?Sized>(value: &'a T, expected: &'a [u8]) -> Vec<Method<'a>> {
    use names::*;
    let mut serde_vec = Vec::new();
    let mut methods = vec![
        Method::new(SERDE_TO_VEC, Library::SerdeJson, move |c| {
            keep(c, serde_json::to_vec(value).expect("serde_json"))
        }),
        Method::new(SERDE_TO_WRITER_VEC, Library::SerdeJson, move |c| {
            serde_vec.clear();
            serde_json::to_writer(&mut serde_vec, value).expect("serde_json");
            keep_copy(c, &serde_vec)
        }),
        {
            let mut out = BufWriter::new(temp_file());
            Method::new(SERDE_TO_WRITER_FILE, Library::SerdeJson, move |c| {
                out.get_mut().rewind().expect("rewind");
                serde_json::to_writer(&mut out, value).expect("serde_json");
                out.flush().expect("flush");
                c.then(|| read_back(out.get_mut()))
            })
        },
        Method::new(SONIC_TO_VEC, Library::SonicRs, move |c| {
            keep(c, sonic_rs::to_vec(value).expect("sonic_rs"))
        }),
        Method::new(MEMCPY, Library::Memcpy, memcpy_op(expected)),
    ];
    methods.extend(json_runtime_compact(value));
    methods
}

/// simd-json-derive's `json_vec`, for the workloads whose types its derive
/// can express (see [`SimdJson`]).
pub fn simd_json_method<'a, T: simd_json_derive::Serialize + ?Sized>(value: &'a T) -> Method<'a> {
    Method::new(names::SIMD_JSON_VEC, Library::SimdJsonDerive, move |c| {
        keep(c, value.json_vec().expect("writing to a Vec"))
    })
}

/// Whether simd-json-derive takes part in a workload.
pub enum SimdJson<'a> {
    /// Its method, timed beside the others.
    Method(Method<'a>),
    /// Why it cannot, as a phrase following "simd-json-derive": shown in
    /// the summary instead of a speed-up.
    Unsupported(&'static str),
}

impl<'a> SimdJson<'a> {
    /// The method of a value whose type derives `simd_json_derive::Serialize`.
    pub fn of<T: simd_json_derive::Serialize + ?Sized>(value: &'a T) -> Self {
        SimdJson::Method(simd_json_method(value))
    }
}

fn json_runtime_compact<'a, T: Value + ?Sized>(value: &'a T) -> Vec<Method<'a>> {
    use names::*;
    let mut rt_vec = Vec::new();
    vec![
        Method::new(RT_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec(value).unwrap())
        }),
        Method::new(RT_TO_WRITER_VEC, Library::JsonRuntime, move |c| {
            rt_vec.clear();
            json_runtime::to_writer(&mut rt_vec, value).expect("writing to a Vec");
            keep_copy(c, &rt_vec)
        }),
        Method::new(
            RT_TO_WRITER_FILE,
            Library::JsonRuntime,
            file_op(move |f| json_runtime::to_writer(f, value).expect("write file")),
        ),
        Method::new(
            RT_TO_VEC_WRITE_ALL,
            Library::JsonRuntime,
            file_op(move |f| {
                f.write_all(&json_runtime::to_vec(value).unwrap())
                    .expect("write file")
            }),
        ),
    ]
}

/// The pretty methods, serde_json `to_vec_pretty` first (the baseline).
pub fn pretty_methods<'a, T: Value + ?Sized>(value: &'a T, expected: &'a [u8]) -> Vec<Method<'a>> {
    use names::*;
    let mut serde_vec = Vec::new();
    let mut methods = vec![
        Method::new(SERDE_TO_VEC_PRETTY, Library::SerdeJson, move |c| {
            keep(c, serde_json::to_vec_pretty(value).expect("serde_json"))
        }),
        Method::new(SERDE_TO_WRITER_PRETTY_VEC, Library::SerdeJson, move |c| {
            serde_vec.clear();
            serde_json::to_writer_pretty(&mut serde_vec, value).expect("serde_json");
            keep_copy(c, &serde_vec)
        }),
        Method::new(SONIC_TO_VEC_PRETTY, Library::SonicRs, move |c| {
            keep(c, sonic_rs::to_vec_pretty(value).expect("sonic_rs"))
        }),
        Method::new(MEMCPY, Library::Memcpy, memcpy_op(expected)),
    ];
    methods.extend(json_runtime_pretty(value));
    methods
}

fn json_runtime_pretty<'a, T: Value + ?Sized>(value: &'a T) -> Vec<Method<'a>> {
    use names::*;
    let mut rt_vec = Vec::new();
    vec![
        Method::new(RT_TO_VEC_PRETTY, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec_pretty(value).unwrap())
        }),
        Method::new(RT_TO_WRITER_PRETTY_VEC, Library::JsonRuntime, move |c| {
            rt_vec.clear();
            json_runtime::to_writer_pretty(&mut rt_vec, value).expect("writing to a Vec");
            keep_copy(c, &rt_vec)
        }),
        Method::new(
            RT_TO_WRITER_PRETTY_FILE,
            Library::JsonRuntime,
            file_op(move |f| json_runtime::to_writer_pretty(f, value).expect("write file")),
        ),
    ]
}

/// The shapes workloads' compact methods: serde_json `to_vec` first (the
/// baseline), then json_runtime `to_vec`, and nothing else, so that
/// fifty small workloads stay quick.
pub fn shape_methods<'a, T: Value + ?Sized>(value: &'a T) -> Vec<Method<'a>> {
    use names::*;
    vec![
        Method::new(SERDE_TO_VEC, Library::SerdeJson, move |c| {
            keep(c, serde_json::to_vec(value).expect("serde_json"))
        }),
        Method::new(RT_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec(value).unwrap())
        }),
    ]
}

/// The shapes workloads' pretty methods: serde_json `to_vec_pretty`
/// first (the baseline), then json_runtime `to_vec_pretty`.
pub fn shape_pretty_methods<'a, T: Value + ?Sized>(value: &'a T) -> Vec<Method<'a>> {
    use names::*;
    vec![
        Method::new(SERDE_TO_VEC_PRETTY, Library::SerdeJson, move |c| {
            keep(c, serde_json::to_vec_pretty(value).expect("serde_json"))
        }),
        Method::new(RT_TO_VEC_PRETTY, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec_pretty(value).unwrap())
        }),
    ]
}

/// `json_runtime::par` on a sequence, to follow [`compact_methods`].
pub fn parallel_methods<'a, T: Value + Sync>(items: &'a [T]) -> Vec<Method<'a>> {
    use names::*;
    vec![
        Method::new(RT_PAR_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::par::to_vec(items).unwrap())
        }),
        Method::new(
            RT_PAR_TO_WRITER_FILE,
            Library::JsonRuntime,
            file_op(move |f| json_runtime::par::to_writer(f, items).expect("write file")),
        ),
    ]
}

/// `json_runtime::par` on a sequence, to follow [`pretty_methods`].
pub fn parallel_pretty_methods<'a, T: Value + Sync>(items: &'a [T]) -> Vec<Method<'a>> {
    vec![Method::new(
        names::RT_PAR_TO_VEC_PRETTY,
        Library::JsonRuntime,
        move |c| keep(c, json_runtime::par::to_vec_pretty(items).unwrap()),
    )]
}

/// JSON Lines into a file, serde_json first (the baseline): one
/// `to_writer` per item into a `BufWriter`, then the sequential and the
/// parallel `to_writer_lines`.
pub fn lines_methods<'a, T: Value + Sync>(items: &'a [T]) -> Vec<Method<'a>> {
    use names::*;
    let mut out = BufWriter::new(temp_file());
    vec![
        Method::new(SERDE_LINES_FILE, Library::SerdeJson, move |c| {
            out.get_mut().rewind().expect("rewind");
            for item in items {
                serde_json::to_writer(&mut out, item).expect("serde_json");
                out.write_all(b"\n").expect("write file");
            }
            out.flush().expect("flush");
            c.then(|| read_back(out.get_mut()))
        }),
        Method::new(
            RT_TO_WRITER_LINES_FILE,
            Library::JsonRuntime,
            file_op(move |f| {
                json_runtime::Options::new()
                    .to_writer_lines(f, items)
                    .expect("write file")
            }),
        ),
        Method::new(
            RT_PAR_TO_WRITER_LINES_FILE,
            Library::JsonRuntime,
            file_op(move |f| json_runtime::par::to_writer_lines(f, items).expect("write file")),
        ),
    ]
}

/// zmij formatting every float of a document into a reused buffer, and
/// nothing else: the bound on a float-bound workload such as canada.
pub fn float_floor_method(floats: &[f64]) -> Method<'_> {
    let mut out = Vec::new();
    Method::new(names::FLOAT_FLOOR, Library::Floor, move |c| {
        out.clear();
        let mut buffer = zmij::Buffer::new();
        for &f in floats {
            out.extend_from_slice(buffer.format_finite(f).as_bytes());
        }
        keep_copy(c, &out)
    })
}

/// Every node of a `serde_json::Value` visited in the order a writer
/// visits them, each string's and key's length and first byte read, and
/// nothing written: the pointer chasing that any writer of the tree pays
/// (serde_json's, sonic-rs's and json_runtime's alike) before it formats a
/// byte. Its output is a checksum of what it read.
pub fn value_walk_floor_method(value: &serde_json::Value) -> Method<'_> {
    Method::new(names::VALUE_WALK_FLOOR, Library::Floor, move |c| {
        keep_copy(c, &walk_value(black_box(value)).to_le_bytes())
    })
}

fn walk_value(value: &serde_json::Value) -> u64 {
    use serde_json::Value;
    // Length plus first byte: the string's heap bytes are touched, as
    // escaping them would.
    fn text(s: &str) -> u64 {
        s.len() as u64 + u64::from(s.as_bytes().first().copied().unwrap_or(0))
    }
    match value {
        Value::Null => 1,
        Value::Bool(b) => 2 + u64::from(*b),
        Value::Number(n) => n.as_u64().unwrap_or(3),
        Value::String(s) => text(s),
        Value::Array(items) => items
            .iter()
            .fold(4, |sum, item| sum.wrapping_add(walk_value(item))),
        Value::Object(map) => map.iter().fold(5, |sum, (key, item)| {
            sum.wrapping_add(text(key)).wrapping_add(walk_value(item))
        }),
    }
}

/// Outputs of this size (10 MiB) and more are large: the harness runs at
/// least [`Config::large_min_rounds`] rounds of them, and the report shows
/// each method's worst round beside its median. Their operations take
/// milliseconds, longer than a sample, so a round is one operation and
/// its worst round one slow operation (a page-fault storm, a `realloc`
/// that copies, another process on the core).
pub const LARGE_OUTPUT: usize = 10 << 20;

/// The rounds of a large workload in a full run: the worst of fewer says
/// too little.
pub const WORST_OF_ROUNDS: usize = 7;

/// How long to measure.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Time to spend in the timed rounds of one workload.
    pub budget: Duration,
    /// Rounds to run even if that exceeds the budget.
    pub min_rounds: usize,
    /// Rounds never to exceed.
    pub max_rounds: usize,
    /// Rounds to run at least of a workload whose output is
    /// [`LARGE_OUTPUT`] or more, whose worst round is reported (a round of
    /// such a workload lasts longer than the budget allows for
    /// `min_rounds` alone).
    pub large_min_rounds: usize,
    /// A sample repeats the op until it lasts about this long, so the
    /// clock's overhead and resolution do not matter.
    pub sample: Duration,
}

impl Config {
    /// The default run.
    pub fn full() -> Self {
        Config {
            budget: Duration::from_millis(3500),
            min_rounds: 5,
            max_rounds: 301,
            large_min_rounds: WORST_OF_ROUNDS,
            sample: Duration::from_micros(500),
        }
    }

    /// `--quick`.
    pub fn quick() -> Self {
        Config {
            budget: Duration::from_millis(500),
            min_rounds: 3,
            max_rounds: 51,
            // As few as the other workloads: quick mode stays quick, and
            // the worst-of target says how many rounds it had.
            large_min_rounds: 3,
            sample: Duration::from_micros(200),
        }
    }

    /// The budget of one shapes workload: a tenth of `self`'s. The
    /// shapes group is some fifty workloads of two or three methods each,
    /// about 1 MB of output (a millisecond or two per operation), so a
    /// tenth still gives tens of rounds in a full run, and the group
    /// stays well under a minute.
    pub fn shapes(self) -> Self {
        Config {
            budget: self.budget / 10,
            ..self
        }
    }
}

/// One line of the results table.
#[derive(Debug, Clone)]
pub struct Row {
    /// Workload name.
    pub workload: String,
    /// Method name.
    pub method: &'static str,
    /// Who does the work.
    pub library: Library,
    /// Median per-iteration time, in nanoseconds.
    pub median_ns: f64,
    /// The slowest sample's per-iteration time, in nanoseconds: the worst
    /// of `samples` rounds (of `batch` iterations each; one iteration for
    /// the large workloads).
    pub worst_ns: f64,
    /// Output size in bytes.
    pub bytes: usize,
    /// `median_ns` divided by the baseline's (first method's) median.
    pub ratio: f64,
    /// Heap use of one operation.
    pub allocs: OpAllocs,
    /// Samples taken.
    pub samples: usize,
    /// Median minor page faults per operation (large workloads only).
    pub minor_faults: Option<f64>,
    /// Median system CPU time per operation, in nanoseconds: the kernel's
    /// share, mostly faulting in and zeroing fresh memory (large workloads
    /// only).
    pub system_ns: Option<f64>,
    /// Iterations per sample.
    pub batch: usize,
    /// How far the rounds disagree: the interquartile range ÷ the median
    /// of this method's per-round time ÷ the baseline's in the same round
    /// (of its per-round times, for the baseline itself). A few percent
    /// on a quiet machine; wide when other work shares the cores.
    pub spread: f64,
    /// Set when the output differs from serde_json's (peers only; any
    /// other method panics instead).
    pub difference: Option<Difference>,
}

/// Whether [`run_workload`] writes a line per step to stderr (the floor
/// rows it does not compare, the rounds it times) or only what went
/// wrong: the main job keeps one line per workload unless `--verbose`.
static PROGRESS_DETAIL: AtomicBool = AtomicBool::new(true);

/// Sets whether the progress on stderr has a line per step.
pub fn set_progress_detail(detail: bool) {
    PROGRESS_DETAIL.store(detail, Ordering::Relaxed);
}

/// Whether the progress on stderr has a line per step.
pub fn progress_detail() -> bool {
    PROGRESS_DETAIL.load(Ordering::Relaxed)
}

/// The median of `xs` (sorted in place).
pub fn median(xs: &mut [f64]) -> f64 {
    assert!(!xs.is_empty(), "median of nothing");
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// The interquartile range of `xs` ÷ its median (quartiles interpolated
/// linearly between the sorted values); 0 for fewer than two values or a
/// median of 0.
pub fn spread(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let pos = q * (sorted.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
    };
    let mid = at(0.5);
    if mid == 0.0 {
        return 0.0;
    }
    (at(0.75) - at(0.25)) / mid
}

/// Verifies, measures allocations of, and times every method on one
/// workload. The first method is the baseline for `ratio`.
///
/// Panics when a method other than a peer ([`Library::is_peer`]) writes
/// bytes different from `expected`; a peer's difference is recorded in
/// [`Row::difference`] and the peer is still timed.
pub fn run_workload(
    workload: &str,
    methods: &mut [Method<'_>],
    expected: &[u8],
    cfg: &Config,
) -> Vec<Row> {
    let n = methods.len();
    let mut differences = vec![None; n];

    // 1. Equality with serde_json, before anything is timed.
    for (m, diff) in methods.iter_mut().zip(&mut differences) {
        if m.library == Library::Floor {
            if progress_detail() {
                eprintln!("      floor {} (not compared)", m.name);
            }
            continue;
        }
        let out = m.output();
        let expected = m.expected.as_deref().unwrap_or(expected);
        if let Some(d) = first_difference(expected, &out) {
            if m.library.is_peer() {
                eprintln!("      note: {} differs from serde_json: {d}", m.name);
                *diff = Some(d);
            } else {
                panic!(
                    "[{workload}] {}: output differs from serde_json: {d}",
                    m.name
                );
            }
        }
    }

    // 2. Warm up and size the batches.
    let mut batch = vec![1usize; n];
    let mut one_op = vec![0f64; n];
    for (i, m) in methods.iter_mut().enumerate() {
        m.run();
        let start = Instant::now();
        m.run();
        let t = start.elapsed().max(Duration::from_nanos(1));
        one_op[i] = t.as_nanos() as f64;
        batch[i] = (cfg.sample.as_nanos() / t.as_nanos()).clamp(1, 1_000_000) as usize;
    }

    // 3. Heap use of one operation, outside the timed rounds.
    let allocs: Vec<OpAllocs> = methods
        .iter_mut()
        .map(|m| alloc::measure(|| m.run()).1)
        .collect();

    // 4. Interleaved rounds.
    let round_ns: f64 = (0..n).map(|i| one_op[i] * batch[i] as f64).sum();
    let mut rounds =
        ((cfg.budget.as_nanos() as f64 / round_ns) as usize).clamp(cfg.min_rounds, cfg.max_rounds);
    if expected.len() >= LARGE_OUTPUT {
        rounds = rounds.max(cfg.large_min_rounds);
    }
    if progress_detail() {
        eprintln!(
            "      bytes of {n} methods checked; timing {rounds} rounds (≈{:.1} s)",
            rounds as f64 * round_ns / 1e9
        );
    }
    let mut samples = vec![Vec::with_capacity(rounds); n];
    // Page faults and system time per operation, for the large workloads
    // only: reading them costs microseconds, nothing beside a large
    // operation's milliseconds.
    let large = expected.len() >= LARGE_OUTPUT;
    let mut faults = vec![Vec::with_capacity(rounds); n];
    let mut system = vec![Vec::with_capacity(rounds); n];
    // Each round runs the methods in a new order. Freshly freed memory is
    // slow to fault in again on some hosts (a VM whose balloon reports free
    // pages to the host: 54 huge-page faults took 9-44 ms of system time or
    // 300-360 ms, depending on what ran just before), so a fixed order
    // charged that to whichever method always followed a large free
    // (json_runtime to_vec, after simd_json's and memcpy's rows: products/
    // 1000000 measured 0.88 of serde_json, against 0.27 in the growth bin).
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = SplitMix64::new(0x0f_a1_7e_55);
    for _ in 0..rounds {
        rng.shuffle(&mut order);
        for &i in &order {
            let k = batch[i];
            let before = large.then(OsCounters::now);
            let start = Instant::now();
            for _ in 0..k {
                methods[i].run();
            }
            samples[i].push(start.elapsed().as_nanos() as f64 / k as f64);
            if let Some(before) = before {
                let spent = OsCounters::now().since(before);
                faults[i].push(spent.minor_faults as f64 / k as f64);
                system[i].push(spent.system_ns as f64 / k as f64);
            }
        }
    }

    // Each method's per-round time ÷ the baseline's in the same round,
    // taken before the samples are sorted for their medians.
    let spreads: Vec<f64> = (0..n)
        .map(|i| {
            if i == 0 {
                return spread(&samples[0]);
            }
            let per_round: Vec<f64> = samples[i]
                .iter()
                .zip(&samples[0])
                .map(|(ours, base)| ours / base)
                .collect();
            spread(&per_round)
        })
        .collect();
    let worst: Vec<f64> = samples
        .iter()
        .map(|s| s.iter().copied().fold(0.0, f64::max))
        .collect();
    let medians: Vec<f64> = samples.iter_mut().map(|s| median(s)).collect();
    let median_or_none = |xs: &mut Vec<f64>| (!xs.is_empty()).then(|| median(xs));
    let faults: Vec<Option<f64>> = faults.iter_mut().map(median_or_none).collect();
    let system: Vec<Option<f64>> = system.iter_mut().map(median_or_none).collect();
    let baseline = medians[0];
    methods
        .iter()
        .enumerate()
        .map(|(i, m)| Row {
            workload: workload.to_owned(),
            method: m.name,
            library: m.library,
            median_ns: medians[i],
            worst_ns: worst[i],
            bytes: m.expected.as_ref().map_or(expected.len(), Vec::len),
            ratio: medians[i] / baseline,
            allocs: allocs[i],
            samples: samples[i].len(),
            minor_faults: faults[i],
            system_ns: system[i],
            batch: batch[i],
            spread: spreads[i],
            difference: differences[i].take(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_is_iqr_over_median() {
        assert_eq!(spread(&[]), 0.0);
        assert_eq!(spread(&[5.0]), 0.0);
        // Quartiles 2 and 4 of 1..=5, median 3.
        assert!((spread(&[5.0, 1.0, 3.0, 2.0, 4.0]) - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(spread(&[2.0, 2.0, 2.0]), 0.0);
        // Three rounds: quartiles halfway between neighbours.
        assert!((spread(&[9.0, 10.0, 12.0]) - 0.15).abs() < 1e-12);
    }

    #[test]
    fn median_odd_even() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    /// A method that copies `expected`, for the harness's own tests.
    fn copy_method(expected: &[u8]) -> Method<'_> {
        Method::new(names::RT_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, expected.to_vec())
        })
    }

    #[test]
    fn large_outputs_get_their_rounds_and_a_worst() {
        let cfg = Config {
            budget: Duration::ZERO,
            min_rounds: 1,
            max_rounds: 301,
            large_min_rounds: WORST_OF_ROUNDS,
            sample: Duration::from_micros(1),
        };
        let small = vec![b'1'; 100];
        let rows = run_workload("small", &mut [copy_method(&small)], &small, &cfg);
        assert_eq!(rows[0].samples, 1);
        let large = vec![b'1'; LARGE_OUTPUT];
        let rows = run_workload("large", &mut [copy_method(&large)], &large, &cfg);
        let row = &rows[0];
        assert_eq!(row.samples, WORST_OF_ROUNDS);
        assert_eq!(row.batch, 1);
        assert!(
            row.worst_ns >= row.median_ns && row.median_ns > 0.0,
            "{row:?}"
        );
    }

    #[test]
    fn methods_agree_on_small_workloads() {
        let colleges = crate::workloads::colleges::build(3);
        let expected = serde_json::to_vec(&colleges).unwrap();
        for mut m in compact_methods(&colleges, &expected) {
            let out = m.output();
            if !m.library.is_peer() {
                crate::check::assert_same_bytes(m.name, &expected, &out);
            }
            // Twice, to exercise reuse of buffers and files.
            let again = m.output();
            assert_eq!(out, again, "{}", m.name);
        }
        let records = crate::workloads::records::build(20_000);
        let expected = serde_json::to_vec(&records).unwrap();
        for mut m in parallel_methods(&records) {
            crate::check::assert_same_bytes(m.name, &expected, &m.output());
        }
        let pretty = serde_json::to_vec_pretty(&records).unwrap();
        for mut m in parallel_pretty_methods(&records) {
            crate::check::assert_same_bytes(m.name, &pretty, &m.output());
        }
        let lines = crate::workloads::parallel::serde_lines(&records);
        for mut m in lines_methods(&records) {
            crate::check::assert_same_bytes(m.name, &lines, &m.output());
        }
        // The floor's output is the floats alone, one after another.
        let mut floor = float_floor_method(&[1.5, 0.25, 1e300]);
        assert_eq!(floor.output(), b"1.50.251e+300");
        assert_eq!(floor.library, Library::Floor);
        // The walk's checksum: 5 for the object, 1 + b'a' for its key, 4
        // for the array, 1 for the number 1, 2 + b'x' for "xy", 1 for null.
        let tree = serde_json::json!({"a": [1, "xy", null]});
        let mut walk = value_walk_floor_method(&tree);
        let sum: u64 = 5 + (1 + 97) + 4 + 1 + (2 + 120) + 1;
        assert_eq!(walk.output(), sum.to_le_bytes());
        assert_eq!(walk.library, Library::Floor);

        let pretty = serde_json::to_vec_pretty(&colleges).unwrap();
        for mut m in pretty_methods(&colleges, &pretty) {
            let out = m.output();
            if !m.library.is_peer() {
                crate::check::assert_same_bytes(m.name, &pretty, &out);
            }
        }
    }
}
