//! Presenting results: the BenchmarkDotNet-style table, the SVG chart of
//! ratios, the machine description and the PASS/MISS targets.

use std::fmt::Write as _;

use crate::harness::{names, Library, Row, LARGE_OUTPUT, WORST_OF_ROUNDS};
use crate::workloads::shapes::{self, Family};

/// CPU model and core count, from `/proc/cpuinfo` where available.
pub fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let logical = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let available = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(0);
    format!(
        "{model}, {logical} logical cores ({available} available), {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// The 1, 5 and 15 minute load averages from `/proc/loadavg`, if readable.
/// Other processes competing for the cores make medians noisier.
pub fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let fields: Vec<&str> = text.split_whitespace().take(3).collect();
    (fields.len() == 3).then(|| fields.join(" "))
}

/// The 1-minute load average from `/proc/loadavg`, if readable (Linux).
pub fn load_1min() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A load average per core above which the machine counts as busy, once
/// the benchmark's own thread is taken out: other work then competes for
/// the cores and the figures move (a loaded run printed 18.51× where a
/// quiet one prints 4.22×).
pub const BUSY_LOAD_PER_CORE: f64 = 0.5;

/// A spread between rounds above which the figures count as unreliable:
/// the median, over the workloads, of the interquartile range ÷ median of
/// json_runtime's per-round time ÷ serde_json's ([`Row::spread`]). A few
/// percent on a quiet machine.
pub const WIDE_SPREAD: f64 = 0.10;

/// How much the rounds of a run disagree: json_runtime's main row
/// (`to_vec`, or `to_vec_pretty` for the pretty workloads) of each
/// workload compared with serde_json.
#[derive(Debug, Clone, PartialEq)]
pub struct Spread {
    /// The median of the workloads' spreads.
    pub median: f64,
    /// The widest spread, and its workload.
    pub widest: f64,
    pub widest_workload: String,
}

/// The spread of `rows` (see [`Spread`]), if a workload has
/// json_runtime's main row and at least three rounds.
pub fn run_spread(rows: &[Row]) -> Option<Spread> {
    let mut spreads: Vec<(f64, &str)> = rows
        .iter()
        .filter(|r| {
            (r.method == names::RT_TO_VEC || r.method == names::RT_TO_VEC_PRETTY) && r.samples >= 3
        })
        .map(|r| (r.spread, r.workload.as_str()))
        .collect();
    if spreads.is_empty() {
        return None;
    }
    spreads.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = spreads.len();
    let median = if n % 2 == 1 {
        spreads[n / 2].0
    } else {
        (spreads[n / 2 - 1].0 + spreads[n / 2].0) / 2.0
    };
    let (widest, workload) = spreads[n - 1];
    Some(Spread {
        median,
        widest,
        widest_workload: workload.to_owned(),
    })
}

/// How busy the machine was: its cores, the 1-minute load average before
/// and after the run, and the cores' worth of CPU other processes used
/// during it ([`crate::load::CpuTimes::others_since`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Load {
    pub cores: usize,
    pub before: Option<f64>,
    pub after: Option<f64>,
    pub others: Option<f64>,
}

impl Load {
    /// Busy: other processes used more than [`BUSY_LOAD_PER_CORE`] ×
    /// `cores` of CPU during the run; or, where that was not measured, the
    /// load average was above it before the run, or above it plus one
    /// (the benchmark's own thread) after.
    pub fn busy(&self) -> bool {
        let limit = self.limit();
        match self.others {
            Some(others) => others > limit,
            None => {
                self.before.is_some_and(|l| l > limit)
                    || self.after.is_some_and(|l| l - 1.0 > limit)
            }
        }
    }

    fn limit(&self) -> f64 {
        BUSY_LOAD_PER_CORE * self.cores.max(1) as f64
    }
}

/// The warning line for a busy machine ([`Load::busy`]) or rounds that
/// disagree (the median spread above [`WIDE_SPREAD`]), or `None` when
/// neither.
pub fn noise_warning(load: &Load, spread: Option<&Spread>) -> Option<String> {
    let busy = load.busy();
    let wide = spread.is_some_and(|s| s.median > WIDE_SPREAD);
    if !busy && !wide {
        return None;
    }
    let mut why = Vec::new();
    if let Some(others) = load.others {
        why.push(format!(
            "other processes used {others:.2} of {} cores during the run{}",
            load.cores,
            if busy {
                format!(" (busy above {:.1})", load.limit())
            } else {
                String::new()
            }
        ));
    }
    if load.before.is_some() || load.after.is_some() {
        let show = |l: Option<f64>| l.map_or_else(|| "?".to_owned(), |l| format!("{l:.2}"));
        why.push(format!(
            "load average {} before, {} after{}",
            show(load.before),
            show(load.after),
            if busy && load.others.is_none() {
                format!(
                    " on {} cores (busy above {:.1} besides the benchmark's own thread)",
                    load.cores,
                    load.limit()
                )
            } else {
                String::new()
            }
        ));
    }
    if let Some(s) = spread {
        why.push(format!(
            "rounds disagree by {:.0}% (median interquartile range ÷ median of json_runtime ÷ serde_json per round{}; widest {:.0}% on {})",
            s.median * 100.0,
            if wide {
                format!(", wide above {:.0}%", WIDE_SPREAD * 100.0)
            } else {
                String::new()
            },
            s.widest * 100.0,
            s.widest_workload
        ));
    }
    Some(format!(
        "WARNING: {}: {}. The figures may be unreliable; rerun on a quiet machine.",
        if busy && wide {
            "busy machine and wide spread between rounds"
        } else if busy {
            "busy machine"
        } else {
            "wide spread between rounds"
        },
        why.join("; ")
    ))
}

/// Today's date in UTC, as `YYYY-MM-DD`.
pub fn utc_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date_from_days(secs / 86_400)
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn date_from_days(days: u64) -> String {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `1234.5` ns as `1.235 μs`, with four significant digits.
pub fn format_time(ns: f64) -> String {
    let (v, unit) = if ns < 1e3 {
        (ns, "ns")
    } else if ns < 1e6 {
        (ns / 1e3, "μs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let decimals = if v < 10.0 {
        3
    } else if v < 100.0 {
        2
    } else {
        1
    };
    format!("{v:.decimals$} {unit}")
}

/// Bytes with binary units, as BenchmarkDotNet's memory diagnoser.
pub fn format_bytes(b: usize) -> String {
    const KB: f64 = 1024.0;
    let f = b as f64;
    if b < 1024 {
        format!("{b} B")
    } else if f < KB * KB {
        format!("{:.2} KB", f / KB)
    } else if f < KB * KB * KB {
        format!("{:.2} MB", f / KB / KB)
    } else {
        format!("{:.2} GB", f / KB / KB / KB)
    }
}

/// MB/s (10^6 bytes per second) of output.
pub fn throughput(row: &Row) -> f64 {
    row.bytes as f64 / row.median_ns * 1e3
}

fn method_label(row: &Row) -> String {
    if row.difference.is_some() {
        format!("{} (bytes differ*)", row.method)
    } else {
        row.method.to_owned()
    }
}

/// An aligned Markdown table. `right` marks right-aligned columns; an
/// empty row goes before each index in `gaps`, as BenchmarkDotNet
/// separates groups.
fn markdown_table(
    header: &[&str],
    right: &[bool],
    cells: &[Vec<String>],
    gaps: &[usize],
) -> String {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in cells {
        for (w, c) in width.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let pad = |s: &str, w: usize, right: bool| {
        let fill = " ".repeat(w - s.chars().count());
        if right {
            format!("{fill}{s}")
        } else {
            format!("{s}{fill}")
        }
    };
    let mut out = String::new();
    let line = |out: &mut String, cells: &[String]| {
        out.push('|');
        for (i, c) in cells.iter().enumerate() {
            let _ = write!(out, " {} |", pad(c, width[i], right[i]));
        }
        out.push('\n');
    };
    line(
        &mut out,
        &header.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
    );
    out.push('|');
    for (i, w) in width.iter().enumerate() {
        if right[i] {
            let _ = write!(out, "{}:|", "-".repeat(w + 1));
        } else {
            let _ = write!(out, "{} |", "-".repeat(w + 1));
        }
    }
    out.push('\n');
    for (i, c) in cells.iter().enumerate() {
        if gaps.contains(&i) {
            line(&mut out, &vec![String::new(); header.len()]);
        }
        line(&mut out, c);
    }
    out
}

/// The results as an aligned Markdown table in BenchmarkDotNet's layout.
pub fn table(rows: &[Row]) -> String {
    let header = [
        "Workload",
        "Method",
        "Median",
        "MB/s",
        "Speed-up",
        "Allocated",
        "Peak heap",
    ];
    let right = [false, false, true, true, true, true, true];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.workload.clone(),
                method_label(r),
                format_time(r.median_ns),
                format!("{:.1}", throughput(r)),
                format!("{:.2}×", 1.0 / r.ratio),
                format_bytes(r.allocs.allocated),
                format_bytes(r.allocs.peak),
            ]
        })
        .collect();
    let gaps: Vec<usize> = (1..rows.len())
        .filter(|&i| rows[i].workload != rows[i - 1].workload)
        .collect();
    let mut out = markdown_table(&header, &right, &cells, &gaps);
    let diffs: Vec<&Row> = rows.iter().filter(|r| r.difference.is_some()).collect();
    if !diffs.is_empty() {
        out.push('\n');
        for r in diffs {
            let d = r.difference.as_ref().expect("filtered on it");
            let _ = writeln!(
                out,
                "\\* {} / {}: {}",
                r.workload,
                r.method,
                d.to_string().replace('\n', "\n    ")
            );
        }
    }
    out
}

/// The large workloads' rows (output of [`LARGE_OUTPUT`] or more), with
/// each method's worst round beside its median: what a caller waits in a
/// bad round, which the median hides. The medians of page faults and
/// system time per operation say how much of it was the kernel handing
/// out fresh memory. Empty if no large workload ran.
pub fn worst_table(rows: &[Row]) -> String {
    let header = [
        "Workload",
        "Method",
        "Rounds",
        "Median",
        "Worst",
        "Worst ÷ median",
        "Worst ÷ baseline median",
        "Page faults",
        "System time",
    ];
    let right = [false, false, true, true, true, true, true, true, true];
    let large: Vec<&Row> = rows.iter().filter(|r| r.bytes >= LARGE_OUTPUT).collect();
    let cells: Vec<Vec<String>> = large
        .iter()
        .map(|r| {
            let baseline = rows
                .iter()
                .find(|b| b.workload == r.workload)
                .expect("its own workload");
            vec![
                r.workload.clone(),
                method_label(r),
                r.samples.to_string(),
                format_time(r.median_ns),
                format_time(r.worst_ns),
                format!("{:.2}", r.worst_ns / r.median_ns),
                format!("{:.2}", r.worst_ns / baseline.median_ns),
                r.minor_faults
                    .map_or_else(String::new, |f| format!("{f:.0}")),
                r.system_ns.map_or_else(String::new, format_time),
            ]
        })
        .collect();
    if cells.is_empty() {
        return String::new();
    }
    let gaps: Vec<usize> = (1..large.len())
        .filter(|&i| large[i].workload != large[i - 1].workload)
        .collect();
    markdown_table(&header, &right, &cells, &gaps)
}

/// Workload names in the order they first appear in `rows`.
fn workload_names<'r>(rows: impl IntoIterator<Item = &'r Row>) -> Vec<&'r str> {
    let mut names: Vec<&str> = Vec::new();
    for r in rows {
        if !names.contains(&r.workload.as_str()) {
            names.push(&r.workload);
        }
    }
    names
}

/// `s` as Markdown code, whatever backticks and pipes it holds.
fn code(s: &str) -> String {
    let s = s.replace('|', "\\|");
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

/// One line per workload: json_runtime's median and its speed-up against
/// serde_json, sonic-rs and simd-json-derive (their median ÷ ours, so
/// above 1 means json_runtime is faster), and the ratio target.
///
/// `unsupported` lists the workloads simd-json-derive cannot express, with
/// the reason (a phrase following "simd-json-derive"), given in a note
/// under the table. A peer whose bytes differ from serde_json's keeps its
/// speed-up, marked, with the first difference in a note.
pub fn summary(rows: &[Row], unsupported: &[(String, &str)]) -> String {
    use names::*;
    let header = [
        "workload",
        "output",
        "json_runtime",
        "vs serde_json",
        "vs sonic-rs",
        "vs simd-json-derive",
        "goal: speed-up over serde_json",
    ];
    let right = [false, true, true, true, true, true, false];
    let targets = targets(rows);
    // Notes by text: the workloads that share one share its number.
    let mut notes: Vec<(Vec<String>, String)> = Vec::new();
    let mut note = |w: &str, text: String| -> usize {
        match notes.iter().position(|(_, t)| *t == text) {
            Some(i) => {
                notes[i].0.push(w.to_owned());
                i + 1
            }
            None => {
                notes.push((vec![w.to_owned()], text));
                notes.len()
            }
        }
    };
    let mut cells = Vec::new();
    for w in workload_names(rows) {
        // The output options and the shapes have tables of their own.
        if w.starts_with("options/") || w.starts_with(shapes::PREFIX) {
            continue;
        }
        let pretty = w.ends_with("(pretty)");
        let (ours, serde, sonic) = if pretty {
            (RT_TO_VEC_PRETTY, SERDE_TO_VEC_PRETTY, SONIC_TO_VEC_PRETTY)
        } else {
            (RT_TO_VEC, SERDE_TO_VEC, SONIC_TO_VEC)
        };
        let Some(ours) = find(rows, w, ours) else {
            continue;
        };
        let mut speedup = |method: &str| -> Option<String> {
            let other = find(rows, w, method)?;
            let mut cell = format!("{:.2}×", other.median_ns / ours.median_ns);
            if let Some(d) = &other.difference {
                let n = note(
                    w,
                    format!(
                        "{}: bytes differ from serde_json's at byte {}: serde_json {}, {} {}.",
                        other.method,
                        d.offset,
                        code(&d.expected_near),
                        other.method.split(' ').next().unwrap_or_default(),
                        code(&d.actual_near),
                    ),
                );
                let _ = write!(cell, " (bytes differ [{n}])");
            }
            Some(cell)
        };
        let vs_serde = speedup(serde).map(|c| format!("**{c}**"));
        let vs_sonic = speedup(sonic);
        let vs_simd = speedup(SIMD_JSON_VEC).or_else(|| {
            let (_, why) = unsupported.iter().find(|(name, _)| name == w)?;
            let n = note(w, format!("simd-json-derive {why}."));
            Some(format!("n/a [{n}]"))
        });
        let target = targets
            .iter()
            .find(|t| t.goal == Goal::Speedup && t.workload == w && t.met.is_some())
            .map_or_else(String::new, Target::cell);
        let dash = || "–".to_owned();
        cells.push(vec![
            w.to_owned(),
            format_bytes(ours.bytes),
            format_time(ours.median_ns),
            vs_serde.unwrap_or_else(dash),
            vs_sonic.unwrap_or_else(dash),
            vs_simd.unwrap_or_else(dash),
            target,
        ]);
    }
    // Empty when only the options or the shapes ran: their own tables
    // follow.
    let mut out = shapes_range(rows).unwrap_or_default();
    if !cells.is_empty() {
        out.push_str(&markdown_table(&header, &right, &cells, &[]));
    }
    if !notes.is_empty() {
        out.push('\n');
    }
    for (i, (workloads, text)) in notes.iter().enumerate() {
        let _ = writeln!(out, "- [{}] {}: {text}", i + 1, workloads.join(", "));
    }
    let options = options_summary(rows);
    if !options.is_empty() {
        let _ = write!(
            out,
            "\nThe output options, each against json_runtime's default output of the same value (time ÷ the default's):\n\n{options}"
        );
    }
    let shapes = shapes_summary(rows);
    if !shapes.is_empty() {
        let _ = write!(
            out,
            "\nEvery shape of type (`shapes/<family>`), json_runtime's speed-up over serde_json alone (`to_vec`, or `to_vec_pretty` for pretty); floor = the floor row's speed-up, compact / pretty, a bound and not a goal:\n\n{shapes}"
        );
    }
    out
}

/// Issue 40: json_runtime `to_vec` ÷ serde_json `to_vec` on each shapes
/// family (but those of [`SHAPE_FLOOR_TARGETS`]).
pub const SHAPE_COMPACT_TARGET: f64 = 0.33;
/// Issue 40: json_runtime `to_vec_pretty` ÷ serde_json `to_vec_pretty` on
/// each shapes family (but those of [`SHAPE_FLOOR_TARGETS`]).
pub const SHAPE_PRETTY_TARGET: f64 = 0.40;

/// The target of a shapes family bound by part of its work, which its
/// floor row does alone: json_runtime's ratio at most the floor row's
/// ratio (both ÷ serde_json's time, in the same workload) plus `margin`,
/// and, while the floor's ratio is below `cap.0`, at most `cap.1`.
#[derive(Debug, Clone, Copy)]
pub struct FloorTarget {
    /// The family's name.
    pub family: &'static str,
    /// How far above its floor's ratio json_runtime's may be.
    pub margin: f64,
    /// `(floor ratio, limit)`: the limit holds while the floor's ratio is
    /// below the first number.
    pub cap: Option<(f64, f64)>,
}

/// Issue 40: the shapes families held to their floor rows instead of
/// [`SHAPE_COMPACT_TARGET`] and [`SHAPE_PRETTY_TARGET`], compact and
/// pretty alike.
pub const SHAPE_FLOOR_TARGETS: &[FloorTarget] = &[
    // zmij formatting the same floats alone.
    FloorTarget {
        family: "floats",
        margin: 0.05,
        cap: None,
    },
    // The document's HashMaps walked without writing.
    FloorTarget {
        family: "large_doc_hash",
        margin: 0.15,
        cap: Some((0.30, 0.45)),
    },
    // The Value tree walked without writing.
    FloorTarget {
        family: "value",
        margin: 0.15,
        cap: Some((0.35, 0.50)),
    },
];

/// One shapes workload's result against its target.
struct ShapeResult<'r> {
    workload: String,
    ours: &'r Row,
    base: &'r Row,
    /// json_runtime's median ÷ serde_json's.
    ratio: f64,
    /// The floor row and its median ÷ serde_json's.
    floor: Option<(&'r Row, f64)>,
    met: bool,
    /// The target as a speed-up, for a table cell: `≥ 3.03×`, or
    /// `≥ 2.56× (floor)` for a family held to its floor row.
    target: String,
    /// The target in full: how a floor target is reckoned.
    target_text: String,
}

/// `family`'s compact or pretty workload against its target, if it ran.
fn shape_result(rows: &[Row], family: Family, pretty: bool) -> Option<ShapeResult<'_>> {
    use names::*;
    let (workload, ours, base, fixed) = if pretty {
        (
            family.pretty_workload(),
            RT_TO_VEC_PRETTY,
            SERDE_TO_VEC_PRETTY,
            SHAPE_PRETTY_TARGET,
        )
    } else {
        (
            family.workload(),
            RT_TO_VEC,
            SERDE_TO_VEC,
            SHAPE_COMPACT_TARGET,
        )
    };
    let ours = find(rows, &workload, ours)?;
    let base = find(rows, &workload, base)?;
    let ratio = ours.median_ns / base.median_ns;
    let floor = rows
        .iter()
        .find(|r| r.workload == workload && r.library == Library::Floor)
        .map(|f| (f, f.median_ns / base.median_ns));
    let floor_target = SHAPE_FLOOR_TARGETS
        .iter()
        .find(|t| t.family == family.name());
    let (met, target, target_text) = match (floor_target, floor) {
        (Some(t), Some((_, f))) => {
            let mut limit = f + t.margin;
            let mut met = ratio <= limit;
            let mut text = format!(
                "floor's time + {:.2} × serde_json's, its ratio {f:.3} + {:.2} = {:.3}",
                t.margin,
                t.margin,
                f + t.margin
            );
            if let Some((below, cap)) = t.cap {
                if f < below {
                    met &= ratio <= cap;
                    limit = limit.min(cap);
                    let _ = write!(
                        text,
                        ", and {} while the floor's ratio is below {below:.2}",
                        speedup_limit(cap)
                    );
                }
            }
            let short = format!("{} (floor)", speedup_limit(limit));
            (met, short.clone(), format!("{short}: {text}"))
        }
        _ => (ratio <= fixed, speedup_limit(fixed), speedup_limit(fixed)),
    };
    Some(ShapeResult {
        workload,
        ours,
        base,
        ratio,
        floor,
        met,
        target,
        target_text,
    })
}

/// The slowest shapes family beside the fastest, compact and pretty, as
/// the summary's first line: the corpora below were tuned on, the shapes
/// were not, so a claim read off the corpora alone would overstate.
fn shapes_range(rows: &[Row]) -> Option<String> {
    let ran = Family::ALL
        .into_iter()
        .filter(|&f| {
            shape_result(rows, f, false).is_some() || shape_result(rows, f, true).is_some()
        })
        .count();
    let range = |pretty: bool| -> Option<String> {
        let results: Vec<(Family, f64)> = Family::ALL
            .into_iter()
            .filter_map(|f| Some((f, shape_result(rows, f, pretty)?.ratio)))
            .collect();
        let slowest = results.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        let fastest = results.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(format!(
            "{:.2}× ({}) to {:.2}× ({})",
            1.0 / slowest.1,
            slowest.0.name(),
            1.0 / fastest.1,
            fastest.0.name()
        ))
    };
    let compact = range(false);
    let pretty = range(true);
    if compact.is_none() && pretty.is_none() {
        return None;
    }
    let mut line = format!("**Every shape of type** ({ran} of {} families, below): speed-up against serde_json from the slowest family to the fastest", Family::ALL.len());
    if let Some(c) = compact {
        let _ = write!(line, ", compact {c}");
    }
    if let Some(p) = pretty {
        let _ = write!(line, ", pretty {p}");
    }
    line.push_str(".\n\n");
    Some(line)
}

/// One line per shapes family: its output, the compact and pretty ratios
/// and speed-ups, the floor row's ratios, and the targets.
fn shapes_summary(rows: &[Row]) -> String {
    let header = [
        "family", "output", "compact", "goal", "pretty", "goal", "floor",
    ];
    let right = [false, true, true, false, true, false, true];
    let mut cells = Vec::new();
    for family in Family::ALL {
        let compact = shape_result(rows, family, false);
        let pretty = shape_result(rows, family, true);
        let Some(any) = compact.as_ref().or(pretty.as_ref()) else {
            continue;
        };
        let output = match &compact {
            Some(c) => format_bytes(c.ours.bytes),
            None => format!("{} pretty", format_bytes(any.ours.bytes)),
        };
        let dash = || "–".to_owned();
        let speedup = |r: &Option<ShapeResult>| {
            r.as_ref().map_or_else(dash, |r| {
                format!("**{:.2}×**", r.base.median_ns / r.ours.median_ns)
            })
        };
        let goal = |r: &Option<ShapeResult>| {
            r.as_ref().map_or_else(String::new, |r| {
                let tag = if r.met {
                    Verdict::Pass.tag().to_owned()
                } else {
                    format!("**{}**", Verdict::Miss.tag())
                };
                format!("{} {tag}", r.target)
            })
        };
        let floor_of = |r: &Option<ShapeResult>| {
            r.as_ref()
                .and_then(|r| r.floor)
                .map(|(_, f)| format!("{:.2}×", 1.0 / f))
        };
        let floor = match (floor_of(&compact), floor_of(&pretty)) {
            (None, None) => String::new(),
            (c, p) => format!("{} / {}", c.unwrap_or_else(dash), p.unwrap_or_else(dash)),
        };
        cells.push(vec![
            family.name().to_owned(),
            output,
            speedup(&compact),
            goal(&compact),
            speedup(&pretty),
            goal(&pretty),
            floor,
        ]);
    }
    if cells.is_empty() {
        return String::new();
    }
    markdown_table(&header, &right, &cells, &[])
}

/// One line per output-option workload: the option's time against the
/// default output of the same value, the workload's first method.
fn options_summary(rows: &[Row]) -> String {
    let header = ["workload", "output", "default", "with the option", "ratio"];
    let right = [false, true, true, true, true];
    let mut cells = Vec::new();
    for w in workload_names(rows) {
        if !w.starts_with("options/") {
            continue;
        }
        let mut of = rows.iter().filter(|r| r.workload == w);
        let (Some(base), Some(option)) = (of.next(), of.next()) else {
            continue;
        };
        cells.push(vec![
            w.to_owned(),
            format_bytes(option.bytes),
            format_time(base.median_ns),
            format!("{} ({})", format_time(option.median_ns), option.method),
            format!("{:.2}×", option.median_ns / base.median_ns),
        ]);
    }
    if cells.is_empty() {
        return String::new();
    }
    markdown_table(&header, &right, &cells, &[])
}

/// The bar colour of a row, and what that colour stands for in the legend.
/// What the summary table does not show, in a few sentences: how streaming
/// into a file compares with building the whole output first, and the
/// heap each needs for the largest workload.
pub fn highlights(rows: &[Row]) -> String {
    use names::*;
    let mut out = String::new();
    let mut streaming: Vec<(&str, f64)> = workload_names(rows)
        .into_iter()
        .filter_map(|w| {
            let stream = find(rows, w, RT_TO_WRITER_FILE)?;
            let whole = find(rows, w, RT_TO_VEC_WRITE_ALL)?;
            Some((w, whole.median_ns / stream.median_ns))
        })
        .collect();
    if !streaming.is_empty() {
        // Fastest first, as a speed-up over building the output first.
        streaming.sort_by(|a, b| b.1.total_cmp(&a.1));
        let (fastest, slowest) = (streaming[0], streaming[streaming.len() - 1]);
        let _ = writeln!(
            out,
            "- Streaming: json_runtime `to_writer` into a `File` ran at {:.2}× ({}) to {:.2}× ({}) the speed of `to_vec` then `write_all`.",
            fastest.1, fastest.0, slowest.1, slowest.0
        );
    }
    if let (Some(stream), Some(vec)) = (
        find(rows, STREAM_WORKLOAD, RT_TO_WRITER_FILE),
        find(rows, STREAM_WORKLOAD, RT_TO_VEC),
    ) {
        let _ = writeln!(
            out,
            "- Memory: for {STREAM_WORKLOAD} ({} of output), `to_writer` into a `File` peaked at {} of heap; `to_vec` at {}.",
            format_bytes(vec.bytes),
            format_bytes(stream.allocs.peak),
            format_bytes(vec.allocs.peak),
        );
    }
    out
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Where the chart's scale ends: a longer bar is cut there and marked, so
/// that one very fast row cannot squeeze every other bar to a sliver.
pub const SVG_MAX_SPEEDUP: f64 = 8.0;

/// One bar of the chart: a speed-up over serde_json, its colour and what
/// the colour stands for.
struct Bar {
    speedup: f64,
    fill: &'static str,
    legend: &'static str,
}

/// The chart's rows, each a label and its bars: one row per workload
/// compared with serde_json (json_runtime's main method, sonic-rs,
/// simd-json-derive and the floor rows), then one row per shapes family
/// (json_runtime compact and pretty, and the floors). The other methods
/// (into a file, parallel, memcpy) are in the full table only.
fn chart_rows(rows: &[Row]) -> Vec<(String, Vec<Bar>)> {
    use names::*;
    let speedup = |w: &str, base: &str, method: &str| -> Option<f64> {
        Some(find(rows, w, base)?.median_ns / find(rows, w, method)?.median_ns)
    };
    let floors = |w: &str, base: &str| -> Vec<Bar> {
        rows.iter()
            .filter(|r| r.workload == w && r.library == Library::Floor)
            .filter_map(|f| {
                Some(Bar {
                    speedup: find(rows, w, base)?.median_ns / f.median_ns,
                    fill: "#8cd17d",
                    legend: "part of the work alone (floor)",
                })
            })
            .collect()
    };
    let mut out = Vec::new();
    for w in workload_names(rows) {
        if w.starts_with("options/") || w.starts_with(shapes::PREFIX) {
            continue;
        }
        let (base, methods) = if w.ends_with("(pretty)") {
            (
                SERDE_TO_VEC_PRETTY,
                [RT_TO_VEC_PRETTY, SONIC_TO_VEC_PRETTY, SIMD_JSON_VEC],
            )
        } else {
            (SERDE_TO_VEC, [RT_TO_VEC, SONIC_TO_VEC, SIMD_JSON_VEC])
        };
        let legends = [
            ("#1f5fa8", "json_runtime"),
            ("#f28e2b", "sonic-rs"),
            ("#b07aa1", "simd-json-derive"),
        ];
        let mut bars: Vec<Bar> = methods
            .iter()
            .zip(legends)
            .filter_map(|(m, (fill, legend))| {
                Some(Bar {
                    speedup: speedup(w, base, m)?,
                    fill,
                    legend,
                })
            })
            .collect();
        bars.extend(floors(w, base));
        if !bars.is_empty() {
            out.push((w.to_owned(), bars));
        }
    }
    for family in Family::ALL {
        let (compact, pretty) = (family.workload(), family.pretty_workload());
        let mut bars = Vec::new();
        if let Some(s) = speedup(&compact, SERDE_TO_VEC, RT_TO_VEC) {
            bars.push(Bar {
                speedup: s,
                fill: "#1f5fa8",
                legend: "json_runtime",
            });
        }
        if let Some(s) = speedup(&pretty, SERDE_TO_VEC_PRETTY, RT_TO_VEC_PRETTY) {
            bars.push(Bar {
                speedup: s,
                fill: "#76b7e4",
                legend: "json_runtime, pretty (shapes)",
            });
        }
        bars.extend(floors(&compact, SERDE_TO_VEC));
        bars.extend(floors(&pretty, SERDE_TO_VEC_PRETTY));
        if !bars.is_empty() {
            out.push((compact, bars));
        }
    }
    out
}

/// A horizontal bar chart of speed-ups over serde_json (serde_json's
/// median time ÷ the method's, as in the summary table; longer is
/// faster), one row of thin bars per workload and per shapes family, with
/// a dashed line at 1× (serde_json), a legend of the colours, and the
/// scale at the top and the bottom. About 20 px per workload: the whole
/// run fits two screens.
///
/// The output options' workloads (`options/...`) are compared with
/// json_runtime's default output, not serde_json, and have a table of
/// their own. The scale ends at [`SVG_MAX_SPEEDUP`]; a longer bar is cut
/// there and marked, with its value written beside it.
pub fn svg(rows: &[Row], title: &str) -> String {
    const LABEL: f64 = 200.0;
    const PLOT: f64 = 560.0;
    const BAR: f64 = 9.0;
    const PITCH: f64 = 10.0;
    const ROW_GAP: f64 = 4.0;
    const LEGEND: f64 = 58.0;
    const TOP: f64 = 96.0;
    // Value labels stay readable where they cross a grid or the 1× line.
    const HALO: &str = r#"stroke="white" stroke-width="3" paint-order="stroke""#;
    let chart = chart_rows(rows);
    let max = chart
        .iter()
        .flat_map(|(_, bars)| bars.iter().map(|b| b.speedup))
        .fold(2.0f64, f64::max)
        .min(SVG_MAX_SPEEDUP);
    // At most about ten grid lines, whatever the largest speed-up.
    let step = [0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0]
        .into_iter()
        .find(|step| max / step <= 10.0)
        .unwrap_or(max / 10.0);
    let scale_max = (max / step).ceil() * step;
    let x = |speedup: f64| LABEL + speedup.min(scale_max) / scale_max * PLOT;

    let bars: usize = chart.iter().map(|(_, b)| b.len()).sum();
    // The shapes families under a heading of their own, after the
    // workloads.
    const HEADING: f64 = 22.0;
    let shapes_at = chart
        .iter()
        .position(|(label, _)| label.starts_with(shapes::PREFIX));
    let height = TOP
        + chart.len() as f64 * ROW_GAP
        + bars as f64 * PITCH
        + if shapes_at.is_some() { HEADING } else { 0.0 }
        + 40.0;
    // Legend: each colour in use, in the order the rows first use it.
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for b in chart.iter().flat_map(|(_, bars)| bars) {
        if !seen.contains(&(b.fill, b.legend)) {
            seen.push((b.fill, b.legend));
        }
    }
    let legend_width: f64 = seen
        .iter()
        .map(|(_, name)| 14.0 + name.chars().count() as f64 * 6.0 + 16.0)
        .sum();
    let width = (LABEL + PLOT + 110.0).max(10.0 + legend_width);

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="15" font-weight="bold">{}</text>"#,
        xml_escape(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="10" y="38" fill="#555">speed-up over serde_json: its median time ÷ each library's (to_vec, or to_vec_pretty for pretty); longer is faster</text>"##
    );
    let mut lx = 10.0;
    for (fill, name) in seen {
        let _ = writeln!(
            s,
            r#"<rect x="{lx:.1}" y="{:.1}" width="10" height="10" fill="{fill}"/><text x="{:.1}" y="{LEGEND:.1}">{}</text>"#,
            LEGEND - 9.0,
            lx + 14.0,
            xml_escape(name)
        );
        lx += 14.0 + name.chars().count() as f64 * 6.0 + 16.0;
    }
    let plot_bottom = height - 30.0;
    let ticks = (scale_max / step).round() as usize;
    for tick in (0..=ticks).map(|i| i as f64 * step) {
        let tx = x(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{tx:.1}" y1="{TOP:.1}" x2="{tx:.1}" y2="{plot_bottom:.1}" stroke="#e5e5e5"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick}×</text><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick}×</text>"##,
            TOP - 6.0,
            plot_bottom + 14.0
        );
    }
    let one = x(1.0);
    let _ = writeln!(
        s,
        r##"<line x1="{one:.1}" y1="{TOP:.1}" x2="{one:.1}" y2="{plot_bottom:.1}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="5,3"/><text x="{:.1}" y="{:.1}" fill="#d62728">serde_json = 1×</text>"##,
        one + 4.0,
        TOP - 20.0
    );
    let mut y = TOP;
    for (i, (label, bars)) in chart.iter().enumerate() {
        if shapes_at == Some(i) {
            y += HEADING;
            let _ = writeln!(
                s,
                r#"<text x="10" y="{:.1}" font-weight="bold" font-size="12">Every shape of type: json_runtime compact, then pretty</text>"#,
                y - 4.0
            );
        }
        y += ROW_GAP;
        let mid = y + bars.len() as f64 * PITCH / 2.0 + 4.0;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{mid:.1}" text-anchor="end">{}</text>"#,
            LABEL - 6.0,
            xml_escape(label)
        );
        for b in bars {
            let bw = (x(b.speedup) - LABEL).max(1.0);
            let cut = if b.speedup > scale_max {
                " (off the scale)"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                r#"<rect x="{LABEL}" y="{y:.1}" width="{bw:.1}" height="{BAR}" fill="{}"/><text x="{:.1}" y="{:.1}" font-size="9" {HALO}>{:.2}×{cut}</text>"#,
                b.fill,
                LABEL + bw + 4.0,
                y + BAR - 1.0,
                b.speedup
            );
            y += PITCH;
        }
    }
    s.push_str("</svg>\n");
    s
}

/// What a target line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Met.
    Pass,
    /// Missed.
    Miss,
    /// Missed, but the workload's floor row (part of the work done alone)
    /// misses the same target, and json_runtime is within
    /// [`BOUND_MARGIN`] of that floor: the target is out of reach of any
    /// writer built on that part, not a regression.
    Bound,
    /// Not measured in this run.
    NotRun,
}

impl Verdict {
    /// The tag printed before the target's text.
    pub fn tag(self) -> &'static str {
        match self {
            Verdict::Pass => "PASS",
            Verdict::Miss => "MISS",
            Verdict::Bound => "BOUND",
            Verdict::NotRun => "SKIP",
        }
    }
}

/// How far above its floor row's ratio (both ÷ serde_json's time)
/// json_runtime's may be for a missed target to count as bounded by that
/// floor ([`Verdict::Bound`]) rather than missed. The tightest margin of
/// [`SHAPE_FLOOR_TARGETS`].
pub const BOUND_MARGIN: f64 = 0.05;

/// Which goal a target line belongs to. One goal may be checked on many
/// workloads; the summary prints one verdict per goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// json_runtime's speed-up over serde_json on one workload: the goal
    /// column of the summary table.
    Speedup,
    /// A shapes family's speed-up, compact or pretty: the shapes table.
    Shape,
    /// The median and worst round of [`WORST_WORKLOAD`].
    Worst,
    /// The lead over serde_json does not shrink with the output's size.
    Growth,
    /// `to_vec` against `to_writer` into a reused `Vec`.
    ToVecOverWriter,
    /// The parallel methods against their sequential counterparts.
    Parallel,
    /// Faster than sonic-rs.
    Sonic,
    /// Streaming into a file no slower than `to_vec` then `write_all`.
    Streaming,
    /// The peak heap of streaming [`STREAM_WORKLOAD`] into a file.
    StreamPeak,
}

impl Goal {
    /// The goal in a few words, for its one line in the summary.
    fn title(self) -> String {
        match self {
            Goal::Speedup => "speed-up over serde_json".to_owned(),
            Goal::Shape => "speed-up over serde_json on every shape of type".to_owned(),
            Goal::Worst => format!("{WORST_WORKLOAD}, median and worst round"),
            Goal::Growth => "products growth".to_owned(),
            Goal::ToVecOverWriter => format!(
                "json_runtime to_vec ≤ {TO_VEC_OVER_WRITER:.2}× the time of to_writer into a reused Vec"
            ),
            Goal::Parallel => format!(
                "json_runtime par::* ≥ {PAR_SPEEDUP:.2}× the throughput of its sequential method ({} threads)",
                rayon_threads()
            ),
            Goal::Sonic => "json_runtime faster than sonic-rs".to_owned(),
            Goal::Streaming => "to_writer(File) no slower than to_vec+write_all".to_owned(),
            Goal::StreamPeak => format!("{STREAM_WORKLOAD}, peak heap of to_writer(File)"),
        }
    }

    /// Shown in a table of the summary, one cell per workload, rather
    /// than as a line of the goals list.
    pub fn in_table(self) -> bool {
        matches!(self, Goal::Speedup | Goal::Shape)
    }
}

/// One target line.
#[derive(Debug, Clone)]
pub struct Target {
    /// The goal it checks.
    pub goal: Goal,
    /// The workload it was checked on (empty for goals over several).
    pub workload: String,
    /// `Some(true)` met, `Some(false)` missed, `None` not measured in this run.
    pub met: Option<bool>,
    /// Set on a miss bounded by the workload's floor row: that row and its
    /// speed-up over serde_json, as `zmij floats only (floor) 1.04×`.
    pub bound: Option<String>,
    /// The target in a few characters, for a table cell: `≥ 3.03×`.
    pub short: String,
    /// What was compared, with the numbers.
    pub text: String,
}

impl Target {
    /// Met, missed, bounded by a floor, or not run.
    pub fn verdict(&self) -> Verdict {
        match (self.met, &self.bound) {
            (Some(true), _) => Verdict::Pass,
            (Some(false), Some(_)) => Verdict::Bound,
            (Some(false), None) => Verdict::Miss,
            (None, _) => Verdict::NotRun,
        }
    }

    /// A target of `goal` on `workload`, not yet run or checked.
    fn new(goal: Goal, workload: &str, met: Option<bool>, text: String) -> Self {
        Target {
            goal,
            workload: workload.to_owned(),
            met,
            bound: None,
            short: String::new(),
            text,
        }
    }

    /// The table cell: the target and its verdict, as `≥ 3.03× PASS`.
    pub fn cell(&self) -> String {
        let verdict = self.verdict();
        let tag = match verdict {
            Verdict::Miss => format!("**{}**", verdict.tag()),
            _ => verdict.tag().to_owned(),
        };
        match &self.bound {
            Some(floor) if verdict == Verdict::Bound => {
                format!(
                    "{} {tag} (floor {})",
                    self.short,
                    floor.rsplit(' ').next().unwrap_or(floor)
                )
            }
            _ => format!("{} {tag}", self.short),
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:<5}  {}", self.verdict().tag(), self.text)?;
        if let (Verdict::Bound, Some(floor)) = (self.verdict(), &self.bound) {
            write!(
                f,
                "; bounded by its floor: {floor}, which misses the target too"
            )?;
        }
        Ok(())
    }
}

/// A speed-up target from a time-ratio limit: `≤ 0.33` of serde_json's
/// time is `≥ 3.03×` its speed.
pub fn speedup_limit(ratio_limit: f64) -> String {
    format!("≥ {:.2}×", 1.0 / ratio_limit)
}

fn find<'a>(rows: &'a [Row], workload: &str, method: &str) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.workload == workload && r.method == method)
}

/// `ours`'s median ÷ `base`'s on `workload`, if both ran.
fn median_ratio(rows: &[Row], workload: &str, ours: &str, base: &str) -> Option<f64> {
    Some(find(rows, workload, ours)?.median_ns / find(rows, workload, base)?.median_ns)
}

/// Ratio targets of json_runtime `to_vec` against serde_json `to_vec`.
pub const RATIO_TARGETS: &[(&str, f64)] = &[
    ("colleges", 0.33),
    ("records", 0.33),
    ("twitter", 0.33),
    ("citm_catalog", 0.30),
    ("products/10", 0.45),
    ("products/1000", 0.45),
    ("products/10000", 0.45),
    ("products/100000", 0.45),
    ("products/1000000", 0.45),
    // Bound by float formatting: zmij's own API on the floats alone (the
    // floor row) takes about as long.
    ("canada", 0.88),
    // Issue 21: the same three files as `serde_json::Value`, json_runtime's
    // `ToJson` impl for the tree against serde_json's own `Serialize`.
    ("value/twitter", 0.50),
    ("value/citm_catalog", 0.50),
    ("value/canada", 0.50),
    // Issue 21: a large real-shaped document, rustdoc's JSON output.
    ("rustdoc", 0.35),
];

/// Name of the pretty workload.
pub const PRETTY_WORKLOAD: &str = "colleges (pretty)";
/// Ratio target of json_runtime `to_vec_pretty` against serde_json's.
pub const PRETTY_TARGET: f64 = 0.40;
/// The workload of the streaming-memory target.
pub const STREAM_WORKLOAD: &str = "products/1000000";
/// Peak heap allowed for streaming into a file.
pub const STREAM_PEAK: usize = 1 << 20;

/// The workload of the worst-round target.
pub const WORST_WORKLOAD: &str = "products/1000000";
/// Issue 21: json_runtime `to_vec` ÷ serde_json `to_vec`, both medians.
pub const WORST_MEDIAN_TARGET: f64 = 0.40;
/// Issue 21: json_runtime `to_vec`'s worst round ÷ serde_json `to_vec`'s
/// median, over at least [`WORST_OF_ROUNDS`] rounds.
pub const WORST_TARGET: f64 = 0.50;

/// Issue 21, growth: the products ratio (json_runtime `to_vec` ÷
/// serde_json `to_vec`) at [`GROWTH_LARGE`] may be at most this multiple
/// of the ratio at [`GROWTH_SMALL`]: the lead must not shrink as the
/// output grows a hundredfold.
pub const GROWTH_LIMIT: f64 = 1.15;
/// The small end of the growth target.
pub const GROWTH_SMALL: &str = "products/10000";
/// The large end of the growth target.
pub const GROWTH_LARGE: &str = "products/1000000";

/// Issue 21, growth: json_runtime `to_vec` may take at most this multiple
/// of json_runtime `to_writer` into a reused `Vec`, on every workload that
/// has both rows: what building a fresh `Vec` costs over writing into one
/// that already has the capacity.
pub const TO_VEC_OVER_WRITER: f64 = 1.15;

/// Ratio target of json_runtime `to_vec_pretty` against serde_json's on
/// the pretty products workload.
pub const PRETTY_PRODUCTS_TARGET: f64 = 0.40;

/// Throughput a parallel method must reach, as a multiple of its
/// sequential counterpart's in the same run.
pub const PAR_SPEEDUP: f64 = 1.7;

/// `(workload, parallel method, sequential method)` pairs held to
/// [`PAR_SPEEDUP`].
pub const PAR_TARGETS: &[(&str, &str, &str)] = &[
    ("products/1000000", names::RT_PAR_TO_VEC, names::RT_TO_VEC),
    (
        "products/1000000",
        names::RT_PAR_TO_WRITER_FILE,
        names::RT_TO_WRITER_FILE,
    ),
    ("records x100", names::RT_PAR_TO_VEC, names::RT_TO_VEC),
    (
        "records x100",
        names::RT_PAR_TO_WRITER_FILE,
        names::RT_TO_WRITER_FILE,
    ),
    (
        "records x100 (lines)",
        names::RT_PAR_TO_WRITER_LINES_FILE,
        names::RT_TO_WRITER_LINES_FILE,
    ),
];

/// The median and worst-round target of [`WORST_WORKLOAD`]. The number of
/// rounds is in the text; with fewer than [`WORST_OF_ROUNDS`] (quick mode)
/// the text says the worst is of too few rounds to hold to the target.
fn worst_target(rows: &[Row]) -> Target {
    use names::*;
    let w = WORST_WORKLOAD;
    let (median_limit, worst_limit) = (
        speedup_limit(WORST_MEDIAN_TARGET),
        speedup_limit(WORST_TARGET),
    );
    let (Some(ours), Some(base)) = (find(rows, w, RT_TO_VEC), find(rows, w, SERDE_TO_VEC)) else {
        return Target::new(
            Goal::Worst,
            w,
            None,
            format!(
                "{w}: {RT_TO_VEC} over {SERDE_TO_VEC}: median {median_limit} and worst of ≥ {WORST_OF_ROUNDS} rounds {worst_limit} (not run)"
            ),
        );
    };
    let median = ours.median_ns / base.median_ns;
    let worst = ours.worst_ns / base.median_ns;
    let rounds = ours.samples;
    let few = if rounds < WORST_OF_ROUNDS {
        format!("; only {rounds} rounds, the target asks for ≥ {WORST_OF_ROUNDS}")
    } else {
        String::new()
    };
    Target::new(
        Goal::Worst,
        w,
        Some(median <= WORST_MEDIAN_TARGET && worst <= WORST_TARGET),
        format!(
            "{w}: {RT_TO_VEC} over {SERDE_TO_VEC}: median {:.2}× (target {median_limit}), \
             worst of {rounds} rounds {:.2}× (serde_json's median {} ÷ json_runtime's slowest round {}, target {worst_limit}{few})",
            1.0 / median,
            1.0 / worst,
            format_time(base.median_ns),
            format_time(ours.worst_ns),
        ),
    )
}

/// The growth targets: the products speed-up at [`GROWTH_LARGE`] against
/// the one at [`GROWTH_SMALL`], and `to_vec` against `to_writer(Vec)` on
/// every workload that has both.
fn growth_targets(rows: &[Row], out: &mut Vec<Target>) {
    use names::*;
    let ratio = |w: &str| median_ratio(rows, w, RT_TO_VEC, SERDE_TO_VEC);
    let (small, large) = (GROWTH_SMALL, GROWTH_LARGE);
    out.push(match (ratio(small), ratio(large)) {
        // Ratio l ≤ limit × s is speed-up 1/l ≥ (1/s) ÷ limit.
        (Some(s), Some(l)) => Target::new(
            Goal::Growth,
            "",
            Some(l <= GROWTH_LIMIT * s),
            format!(
                "products growth: speed-up over serde_json at {large} {:.2}× ≥ the one at {small} {:.2}× ÷ {GROWTH_LIMIT:.2} = {:.2}× (lead shrank {:.2}×, target ≤ {GROWTH_LIMIT:.2}×)",
                1.0 / l,
                1.0 / s,
                1.0 / (GROWTH_LIMIT * s),
                l / s,
            ),
        ),
        _ => Target::new(
            Goal::Growth,
            "",
            None,
            format!(
                "products growth: speed-up over serde_json at {large} ≥ the one at {small} ÷ {GROWTH_LIMIT:.2} (not run)"
            ),
        ),
    });
    for w in workload_names(rows) {
        let (Some(vec), Some(writer)) = (find(rows, w, RT_TO_VEC), find(rows, w, RT_TO_WRITER_VEC))
        else {
            continue;
        };
        let r = vec.median_ns / writer.median_ns;
        out.push(Target { short: format!("{r:.2}×"), ..Target::new(
            Goal::ToVecOverWriter,
            w,
            Some(r <= TO_VEC_OVER_WRITER),
            format!(
                "{w}: {RT_TO_VEC} {} ≤ {TO_VEC_OVER_WRITER:.2}× {RT_TO_WRITER_VEC} {} ({r:.2}×; to_writer(Vec) writes into one cleared Vec reused across iterations, which keeps its capacity)",
                format_time(vec.median_ns),
                format_time(writer.median_ns),
            ),
        ) });
    }
}

fn parallel_targets(rows: &[Row], out: &mut Vec<Target>) {
    for &(workload, par, seq) in PAR_TARGETS {
        out.push(match (find(rows, workload, par), find(rows, workload, seq)) {
            (Some(p), Some(s)) => {
                let speedup = s.median_ns / p.median_ns;
                let short = format!("{} {speedup:.2}×", par.trim_start_matches("json_runtime "));
                Target { short, ..Target::new(
                    Goal::Parallel,
                    workload,
                    Some(speedup >= PAR_SPEEDUP),
                    format!(
                        "{workload}: {par} {} = {speedup:.2}× the throughput of {seq} {} (target ≥ {PAR_SPEEDUP:.2}×, {} threads)",
                        format_time(p.median_ns),
                        format_time(s.median_ns),
                        rayon_threads(),
                    ),
                ) }
            }
            _ => Target::new(
                Goal::Parallel,
                workload,
                None,
                format!("{workload}: {par} ≥ {PAR_SPEEDUP:.2}× the throughput of {seq} (not run)"),
            ),
        });
    }
}

/// The shapes families' targets, one line per workload that ran (the
/// floor row's speed-up shown beside json_runtime's, as the bound it is),
/// or one line saying none ran.
fn shape_targets(rows: &[Row], out: &mut Vec<Target>) {
    let before = out.len();
    for family in Family::ALL {
        for pretty in [false, true] {
            let Some(r) = shape_result(rows, family, pretty) else {
                continue;
            };
            let floor = r.floor.map_or_else(String::new, |(row, f)| {
                format!("; {} {:.2}×", row.method, 1.0 / f)
            });
            out.push(Target {
                short: r.target.clone(),
                ..Target::new(
                    Goal::Shape,
                    &r.workload,
                    Some(r.met),
                    format!(
                        "{}: {} over {} {:.2}× (target {}{floor})",
                        r.workload,
                        r.ours.method,
                        r.base.method,
                        1.0 / r.ratio,
                        r.target_text
                    ),
                )
            });
        }
    }
    if out.len() == before {
        out.push(Target::new(
            Goal::Shape,
            "",
            None,
            format!(
                "{}<family>: json_runtime over serde_json {} compact, {} pretty, {} against their floor rows (not run)",
                shapes::PREFIX,
                speedup_limit(SHAPE_COMPACT_TARGET),
                speedup_limit(SHAPE_PRETTY_TARGET),
                SHAPE_FLOOR_TARGETS
                    .iter()
                    .map(|t| t.family)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
}

/// A target on json_runtime's speed-up over serde_json on `workload`: its
/// time at most `limit` × serde_json's. A miss is [`Verdict::Bound`] when
/// the workload's floor row misses `limit` too and json_runtime is within
/// [`BOUND_MARGIN`] of it.
fn speedup_target(rows: &[Row], workload: &str, ours: &str, base: &str, limit: f64) -> Target {
    let short = speedup_limit(limit);
    let (Some(o), Some(b)) = (find(rows, workload, ours), find(rows, workload, base)) else {
        return Target {
            short: short.clone(),
            ..Target::new(
                Goal::Speedup,
                workload,
                None,
                format!("{workload}: {ours} over {base} {short} (not run)"),
            )
        };
    };
    let ratio = o.median_ns / b.median_ns;
    let met = ratio <= limit;
    let bound = rows
        .iter()
        .find(|r| r.workload == workload && r.library == Library::Floor)
        .map(|f| (f, f.median_ns / b.median_ns))
        .filter(|&(_, floor)| !met && floor > limit && ratio <= floor + BOUND_MARGIN)
        .map(|(f, floor)| format!("{} {:.2}×", f.method, 1.0 / floor));
    Target {
        bound,
        short: short.clone(),
        ..Target::new(
            Goal::Speedup,
            workload,
            Some(met),
            format!(
                "{workload}: {ours} over {base} {:.2}× (target {short})",
                1.0 / ratio
            ),
        )
    }
}

/// The threads of rayon's global pool, which the parallel rows use.
pub fn rayon_threads() -> usize {
    rayon::current_num_threads()
}

/// Every target, evaluated on `rows`, grouped by [`Goal`].
pub fn targets(rows: &[Row]) -> Vec<Target> {
    use names::*;
    let mut out = Vec::new();
    for &(w, limit) in RATIO_TARGETS {
        out.push(speedup_target(rows, w, RT_TO_VEC, SERDE_TO_VEC, limit));
    }
    out.push(speedup_target(
        rows,
        PRETTY_WORKLOAD,
        RT_TO_VEC_PRETTY,
        SERDE_TO_VEC_PRETTY,
        PRETTY_TARGET,
    ));
    out.push(speedup_target(
        rows,
        crate::workloads::parallel::PRETTY_PRODUCTS_NAME,
        RT_TO_VEC_PRETTY,
        SERDE_TO_VEC_PRETTY,
        PRETTY_PRODUCTS_TARGET,
    ));
    out.push(worst_target(rows));
    growth_targets(rows, &mut out);
    parallel_targets(rows, &mut out);
    shape_targets(rows, &mut out);

    let workloads = workload_names(rows);
    for w in &workloads {
        let pair = find(rows, w, RT_TO_VEC)
            .zip(find(rows, w, SONIC_TO_VEC))
            .or_else(|| find(rows, w, RT_TO_VEC_PRETTY).zip(find(rows, w, SONIC_TO_VEC_PRETTY)));
        if let Some((ours, sonic)) = pair {
            out.push(Target {
                short: format!("{:.2}×", sonic.median_ns / ours.median_ns),
                ..Target::new(
                    Goal::Sonic,
                    w,
                    Some(ours.median_ns < sonic.median_ns),
                    format!(
                        "{w}: faster than sonic-rs: {:.2}× ({} {} vs {} {})",
                        sonic.median_ns / ours.median_ns,
                        ours.method,
                        format_time(ours.median_ns),
                        sonic.method,
                        format_time(sonic.median_ns),
                    ),
                )
            });
        }
    }
    for w in &workloads {
        if let (Some(stream), Some(buffered)) = (
            find(rows, w, RT_TO_WRITER_FILE),
            find(rows, w, RT_TO_VEC_WRITE_ALL),
        ) {
            out.push(Target {
                short: format!("{:.2}×", stream.median_ns / buffered.median_ns),
                ..Target::new(
                    Goal::Streaming,
                    w,
                    Some(stream.median_ns <= buffered.median_ns),
                    format!(
                    "{w}: to_writer(File) {} no slower than to_vec+write_all {} ({:.2}× the time)",
                    format_time(stream.median_ns),
                    format_time(buffered.median_ns),
                    stream.median_ns / buffered.median_ns
                ),
                )
            });
        }
    }
    match (find(rows, STREAM_WORKLOAD, RT_TO_WRITER_FILE), find(rows, STREAM_WORKLOAD, RT_TO_VEC)) {
        (Some(stream), Some(vec)) => out.push(Target::new(
            Goal::StreamPeak,
            STREAM_WORKLOAD,
            Some(stream.allocs.peak <= STREAM_PEAK && vec.allocs.peak >= vec.bytes),
            format!(
                "{STREAM_WORKLOAD}: peak heap of to_writer(File) {} ≤ {} while to_vec holds the whole output ({} peak for {} of output)",
                format_bytes(stream.allocs.peak),
                format_bytes(STREAM_PEAK),
                format_bytes(vec.allocs.peak),
                format_bytes(vec.bytes)
            ),
        )),
        _ => out.push(Target::new(
            Goal::StreamPeak,
            STREAM_WORKLOAD,
            None,
            format!("{STREAM_WORKLOAD}: peak heap of to_writer(File) ≤ 1 MiB (not run)"),
        )),
    }
    out
}

/// One verdict per goal: each goal shown in a table (one per workload,
/// [`Goal::in_table`]) as itself, and each other goal as one line over
/// the workloads it ran on: met where all of them met it, missed where
/// one missed it (the line names them), not run where none ran.
pub fn goal_verdicts(targets: &[Target]) -> Vec<(Goal, Verdict, String)> {
    let mut out = Vec::new();
    let mut goals: Vec<Goal> = Vec::new();
    for t in targets {
        if t.goal.in_table() {
            out.push((t.goal, t.verdict(), t.to_string()));
        } else if !goals.contains(&t.goal) {
            goals.push(t.goal);
        }
    }
    for goal in goals {
        let of: Vec<&Target> = targets.iter().filter(|t| t.goal == goal).collect();
        if let [one] = of[..] {
            out.push((goal, one.verdict(), one.text.clone()));
            continue;
        }
        let ran: Vec<&&Target> = of.iter().filter(|t| t.met.is_some()).collect();
        let missed: Vec<&&Target> = ran
            .iter()
            .copied()
            .filter(|t| t.met == Some(false))
            .collect();
        let verdict = if ran.is_empty() {
            Verdict::NotRun
        } else if missed.is_empty() {
            Verdict::Pass
        } else {
            Verdict::Miss
        };
        let mut text = format!(
            "{}: met on {} of {}",
            goal.title(),
            ran.len() - missed.len(),
            ran.len()
        );
        if !missed.is_empty() {
            let names: Vec<String> = missed
                .iter()
                .map(|t| format!("{} ({})", t.workload, t.short))
                .collect();
            let _ = write!(text, "; missed on {}", names.join(", "));
        }
        if ran.len() < of.len() {
            let _ = write!(text, " ({} not run)", of.len() - ran.len());
        }
        out.push((goal, verdict, text));
    }
    out
}

/// `PASS n / MISS m` over `verdicts`, with the bounded and the not-run
/// ones where there are any.
pub fn tally(verdicts: &[(Goal, Verdict, String)]) -> String {
    let count = |v: Verdict| verdicts.iter().filter(|(_, w, _)| *w == v).count();
    let mut line = format!(
        "PASS {} / MISS {}",
        count(Verdict::Pass),
        count(Verdict::Miss)
    );
    let bound = count(Verdict::Bound);
    if bound > 0 {
        let _ = write!(
            line,
            " / BOUND {bound} (missed, as does the floor row alone, json_runtime within {BOUND_MARGIN:.2} of it)"
        );
    }
    let skipped = count(Verdict::NotRun);
    if skipped > 0 {
        let _ = write!(line, " / not run {skipped}");
    }
    line
}

/// The goals outside the tables, one line each with its verdict (those
/// not run counted in one line), then the floor rows.
pub fn goals_text(verdicts: &[(Goal, Verdict, String)], floors: &[String]) -> String {
    let mut out = String::new();
    let mut not_run = 0;
    for (goal, verdict, text) in verdicts {
        if goal.in_table() {
            continue;
        }
        if *verdict == Verdict::NotRun {
            not_run += 1;
        } else {
            let _ = writeln!(out, "{:<5}  {text}", verdict.tag());
        }
    }
    if not_run > 0 {
        let _ = writeln!(
            out,
            "({not_run} more not run: their workloads were not selected)"
        );
    }
    for f in floors {
        let _ = writeln!(out, "{f}");
    }
    out
}

/// The floor rows, each a reference and not a goal: part of the work done
/// alone, with its speed-up over serde_json beside json_runtime's.
pub fn floors(rows: &[Row]) -> Vec<String> {
    use names::*;
    rows.iter()
        .filter(|r| r.library == Library::Floor)
        .filter_map(|f| {
            let pretty = f.workload.ends_with("(pretty)");
            let (ours, base) = if pretty {
                (RT_TO_VEC_PRETTY, SERDE_TO_VEC_PRETTY)
            } else {
                (RT_TO_VEC, SERDE_TO_VEC)
            };
            let base = find(rows, &f.workload, base)?;
            let ours = find(rows, &f.workload, ours).map_or_else(String::new, |o| {
                format!(", json_runtime {:.2}×", base.median_ns / o.median_ns)
            });
            Some(format!(
                "FLOOR  {}: {} {:.2}× over serde_json{ours}",
                f.workload,
                f.method,
                base.median_ns / f.median_ns
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alloc::OpAllocs;

    fn row(workload: &str, method: &'static str, library: Library, ns: f64) -> Row {
        Row {
            workload: workload.to_owned(),
            method,
            library,
            median_ns: ns,
            worst_ns: ns,
            bytes: 1000,
            ratio: ns / 100.0,
            allocs: OpAllocs::default(),
            samples: 1,
            minor_faults: None,
            system_ns: None,
            batch: 1,
            spread: 0.0,
            difference: None,
        }
    }

    #[test]
    fn noise_warning_on_load_or_spread() {
        let spread = |median: f64| Spread {
            median,
            widest: 0.4,
            widest_workload: "canada".to_owned(),
        };
        let load = |before, after, others| Load {
            cores: 2,
            before,
            after,
            others,
        };
        // Quiet: no line, with or without a load average (not Linux).
        let quiet = load(Some(0.3), Some(1.2), Some(0.1));
        assert_eq!(noise_warning(&quiet, Some(&spread(0.02))), None);
        assert_eq!(noise_warning(&Load::default(), Some(&spread(0.02))), None);
        assert_eq!(noise_warning(&Load::default(), None), None);
        // Without the CPU counters: on 2 cores, busy above 1.0 before, or
        // above 2.0 after (the benchmark's own thread is one of them).
        assert_eq!(noise_warning(&load(Some(1.0), Some(2.0), None), None), None);
        let before = noise_warning(&load(Some(1.1), Some(1.5), None), Some(&spread(0.03))).unwrap();
        assert!(
            before.starts_with("WARNING: busy machine: load average 1.10 before, 1.50 after on 2 cores (busy above 1.0 besides"),
            "{before}"
        );
        assert!(before.contains("rounds disagree by 3%"), "{before}");
        assert!(
            before.ends_with("The figures may be unreliable; rerun on a quiet machine."),
            "{before}"
        );
        assert!(noise_warning(&load(Some(0.2), Some(2.1), None), None).is_some());
        // With them, they decide: a high load average left by a build
        // that has ended is not a busy run, other work during it is.
        assert_eq!(
            noise_warning(&load(Some(3.5), Some(2.4), Some(0.3)), None),
            None
        );
        let others = noise_warning(&load(Some(0.2), Some(1.0), Some(1.4)), None).unwrap();
        assert!(
            others.starts_with("WARNING: busy machine: other processes used 1.40 of 2 cores during the run (busy above 1.0); load average 0.20 before, 1.00 after."),
            "{others}"
        );
        // More cores take more load.
        let big = Load {
            cores: 8,
            ..load(Some(3.9), Some(4.9), None)
        };
        assert_eq!(noise_warning(&big, None), None);
        // A wide spread alone.
        let wide = noise_warning(&quiet, Some(&spread(0.12))).unwrap();
        assert!(
            wide.starts_with("WARNING: wide spread between rounds: "),
            "{wide}"
        );
        assert!(wide.contains("rounds disagree by 12% ("), "{wide}");
        assert!(wide.contains("widest 40% on canada"), "{wide}");
        assert!(!wide.contains("busy above"), "{wide}");
        let both = noise_warning(&load(Some(4.2), None, None), Some(&spread(0.5))).unwrap();
        assert!(
            both.starts_with("WARNING: busy machine and wide spread"),
            "{both}"
        );
        assert!(both.contains("4.20 before, ? after"), "{both}");
    }

    #[test]
    fn spread_of_a_run() {
        let with = |w: &str, method, spread, samples| Row {
            spread,
            samples,
            ..row(w, method, Library::JsonRuntime, 1.0)
        };
        assert_eq!(run_spread(&[]), None);
        let rows = vec![
            with("a", names::RT_TO_VEC, 0.02, 5),
            with("b", names::RT_TO_VEC, 0.30, 5),
            with("c (pretty)", names::RT_TO_VEC_PRETTY, 0.04, 5),
            // Not json_runtime's main row, or too few rounds: left out.
            with("a", names::RT_TO_WRITER_FILE, 0.90, 5),
            with("d", names::RT_TO_VEC, 0.90, 2),
        ];
        assert_eq!(
            run_spread(&rows),
            Some(Spread {
                median: 0.04,
                widest: 0.30,
                widest_workload: "b".to_owned(),
            })
        );
    }

    /// A target below what the floor row reaches alone is BOUND, not
    /// MISS, while json_runtime is within BOUND_MARGIN of that floor; the
    /// check itself is the same.
    #[test]
    fn misses_bounded_by_a_floor() {
        let rows = |ours: f64, floor: f64| {
            vec![
                row("canada", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
                row("canada", names::RT_TO_VEC, Library::JsonRuntime, ours),
                row("canada", names::FLOAT_FLOOR, Library::Floor, floor),
            ]
        };
        let canada = |rows: &[Row]| {
            targets(rows)
                .into_iter()
                .find(|t| t.goal == Goal::Speedup && t.workload == "canada")
                .unwrap()
        };
        let bound = canada(&rows(98.0, 96.0));
        assert_eq!(bound.met, Some(false));
        assert_eq!(bound.verdict(), Verdict::Bound, "{bound}");
        assert_eq!(bound.cell(), "≥ 1.14× BOUND (floor 1.04×)");
        assert!(
            bound.to_string().starts_with("BOUND  canada: json_runtime to_vec over serde_json to_vec 1.02× (target ≥ 1.14×); bounded by its floor: zmij floats only (floor) 1.04×"),
            "{bound}"
        );
        // Far above the floor: a miss.
        assert_eq!(canada(&rows(120.0, 96.0)).verdict(), Verdict::Miss);
        // A floor that meets the target bounds nothing.
        assert_eq!(canada(&rows(98.0, 80.0)).verdict(), Verdict::Miss);
        assert_eq!(canada(&rows(85.0, 96.0)).verdict(), Verdict::Pass);
        let floors = floors(&rows(98.0, 96.0));
        assert_eq!(
            floors,
            ["FLOOR  canada: zmij floats only (floor) 1.04× over serde_json, json_runtime 1.02×"]
        );
        // The tally counts it apart.
        let verdicts = goal_verdicts(&targets(&rows(98.0, 96.0)));
        let tally = tally(&verdicts);
        assert!(tally.starts_with("PASS 0 / MISS 0 / BOUND 1 "), "{tally}");
        assert!(tally.contains(" / not run "), "{tally}");
    }

    /// Every goal has one verdict: a goal over many workloads is one line.
    #[test]
    fn one_verdict_per_goal() {
        let rows = vec![
            row("a", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("a", names::SONIC_TO_VEC, Library::SonicRs, 90.0),
            row("a", names::RT_TO_VEC, Library::JsonRuntime, 30.0),
            row("b", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("b", names::SONIC_TO_VEC, Library::SonicRs, 20.0),
            row("b", names::RT_TO_VEC, Library::JsonRuntime, 30.0),
        ];
        let verdicts = goal_verdicts(&targets(&rows));
        let sonic: Vec<_> = verdicts
            .iter()
            .filter(|(g, _, _)| *g == Goal::Sonic)
            .collect();
        assert_eq!(sonic.len(), 1);
        assert_eq!(sonic[0].1, Verdict::Miss);
        assert_eq!(
            sonic[0].2,
            "json_runtime faster than sonic-rs: met on 1 of 2; missed on b (0.67×)"
        );
        // No goal outside the tables has two lines.
        let mut goals: Vec<Goal> = verdicts
            .iter()
            .filter(|(g, _, _)| !g.in_table())
            .map(|(g, _, _)| *g)
            .collect();
        let n = goals.len();
        goals.dedup();
        assert_eq!(goals.len(), n, "{verdicts:?}");
        let parallel: Vec<_> = verdicts
            .iter()
            .filter(|(g, _, _)| *g == Goal::Parallel)
            .collect();
        assert_eq!(parallel.len(), 1);
        assert_eq!(parallel[0].1, Verdict::NotRun);
        assert!(
            tally(&verdicts).starts_with("PASS 0 / MISS 1 / not run "),
            "{}",
            tally(&verdicts)
        );
    }

    #[test]
    fn speedup_limits() {
        assert_eq!(speedup_limit(0.33), "≥ 3.03×");
        assert_eq!(speedup_limit(0.50), "≥ 2.00×");
        assert_eq!(speedup_limit(0.88), "≥ 1.14×");
    }

    #[test]
    fn dates() {
        assert_eq!(date_from_days(0), "1970-01-01");
        assert_eq!(date_from_days(59), "1970-03-01");
        assert_eq!(date_from_days(11_016), "2000-02-29");
        assert_eq!(date_from_days(20_787), "2026-11-30");
    }

    #[test]
    fn formats() {
        assert_eq!(format_time(12.0), "12.00 ns");
        assert_eq!(format_time(1234.5), "1.234 μs");
        assert_eq!(format_time(250e6), "250.0 ms");
        assert_eq!(format_bytes(10), "10 B");
        assert_eq!(format_bytes(2048), "2.00 KB");
    }

    #[test]
    fn table_svg_and_targets() {
        let rows = vec![
            row("colleges", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("colleges", names::SONIC_TO_VEC, Library::SonicRs, 50.0),
            row("colleges", names::RT_TO_VEC, Library::JsonRuntime, 30.0),
            row("records", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("records", names::RT_TO_VEC, Library::JsonRuntime, 40.0),
        ];
        let t = table(&rows);
        assert!(t.contains("| colleges |"), "{t}");
        assert!(t.lines().all(|l| l.starts_with('|')), "{t}");
        let svg = svg(&rows, "test");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let targets = targets(&rows);
        let colleges = targets
            .iter()
            .find(|t| t.text.starts_with("colleges: json_runtime"))
            .unwrap();
        assert_eq!(colleges.met, Some(true));
        let records = targets
            .iter()
            .find(|t| t.text.starts_with("records: json_runtime"))
            .unwrap();
        assert_eq!(records.met, Some(false));
        assert!(targets.iter().any(|t| t.met.is_none()));
    }

    #[test]
    fn value_and_rustdoc_targets() {
        let rows = vec![
            row(
                "value/twitter",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row(
                "value/twitter",
                names::RT_TO_VEC,
                Library::JsonRuntime,
                45.0,
            ),
            row(
                "value/canada",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row("value/canada", names::RT_TO_VEC, Library::JsonRuntime, 51.0),
        ];
        let targets = targets(&rows);
        let of = |w: &str| {
            targets
                .iter()
                .find(|t| {
                    t.text
                        .starts_with(&format!("{w}: json_runtime to_vec over serde_json to_vec"))
                })
                .unwrap_or_else(|| panic!("no target for {w}"))
        };
        let twitter = of("value/twitter");
        assert_eq!(twitter.met, Some(true), "{twitter}");
        assert!(
            twitter.text.contains(" 2.22× (target ≥ 2.00×)"),
            "{twitter}"
        );
        assert_eq!(of("value/canada").met, Some(false));
        let citm = of("value/citm_catalog");
        assert_eq!(citm.met, None);
        assert!(citm.text.ends_with("≥ 2.00× (not run)"), "{citm}");
        assert_eq!(citm.verdict(), Verdict::NotRun);
        let rustdoc_rows = [
            row("rustdoc", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("rustdoc", names::RT_TO_VEC, Library::JsonRuntime, 35.0),
        ];
        let rustdoc = super::targets(&rustdoc_rows);
        let rustdoc = rustdoc
            .iter()
            .find(|t| t.text.starts_with("rustdoc: json_runtime to_vec"))
            .unwrap();
        assert_eq!(rustdoc.met, Some(true), "{rustdoc}");
        assert!(rustdoc.text.ends_with("(target ≥ 2.86×)"), "{rustdoc}");
        // The summary's target column has them too.
        let text = summary(&rows, &[]);
        let line = |w: &str| {
            text.lines()
                .find(|l| l.starts_with(&format!("| {w} ")))
                .unwrap()
        };
        let twitter = line("value/twitter");
        assert!(
            twitter.contains("**2.22×**") && twitter.contains("| ≥ 2.00× PASS "),
            "{text}"
        );
        let canada = line("value/canada");
        assert!(
            canada.contains("**1.96×**") && canada.contains("| ≥ 2.00× **MISS** "),
            "{text}"
        );
    }

    #[test]
    fn worst_of_large_workloads() {
        let large = |method, library, median: f64, worst: f64, rounds| Row {
            bytes: LARGE_OUTPUT,
            worst_ns: worst,
            samples: rounds,
            minor_faults: Some(1078.0),
            system_ns: Some(20e6),
            ..row(WORST_WORKLOAD, method, library, median)
        };
        let rows = |ours_worst: f64, rounds| {
            vec![
                row("small", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
                large(
                    names::SERDE_TO_VEC,
                    Library::SerdeJson,
                    100.0,
                    130.0,
                    rounds,
                ),
                large(
                    names::RT_TO_VEC,
                    Library::JsonRuntime,
                    38.0,
                    ours_worst,
                    rounds,
                ),
            ]
        };
        let table = worst_table(&rows(45.0, 7));
        assert!(!table.contains("small"), "{table}");
        assert_eq!(table.lines().count(), 4, "{table}");
        assert!(
            table.contains(" 7 |") && table.contains("1.30 |") && table.contains("0.45 |"),
            "{table}"
        );
        assert!(
            table.contains(" 1078 |") && table.contains(" 20.00 ms |"),
            "{table}"
        );
        assert_eq!(worst_table(&rows(45.0, 7)[..1]), "");

        let of = |rows: &[Row]| {
            targets(rows)
                .into_iter()
                .find(|t| t.text.contains("worst of"))
                .unwrap()
        };
        let met = of(&rows(45.0, 7));
        assert_eq!(met.met, Some(true), "{met}");
        assert!(met.text.contains("median 2.63× (target ≥ 2.50×)"), "{met}");
        assert!(met.text.contains("worst of 7 rounds 2.22×"), "{met}");
        assert!(met.text.contains("target ≥ 2.00×"), "{met}");
        assert!(!met.text.contains("only"), "{met}");
        let missed = of(&rows(51.0, 7));
        assert_eq!(missed.met, Some(false), "{missed}");
        let quick = of(&rows(45.0, 3));
        assert!(quick.text.contains("worst of 3 rounds"), "{quick}");
        assert!(
            quick
                .text
                .contains("only 3 rounds, the target asks for ≥ 7"),
            "{quick}"
        );
        // The median alone can miss it too.
        let mut slow = rows(45.0, 7);
        slow[2].median_ns = 41.0;
        assert_eq!(of(&slow).met, Some(false));
    }

    #[test]
    fn growth() {
        let rows = |large: f64| {
            vec![
                row(GROWTH_SMALL, names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
                row(GROWTH_SMALL, names::RT_TO_VEC, Library::JsonRuntime, 40.0),
                row(
                    GROWTH_SMALL,
                    names::RT_TO_WRITER_VEC,
                    Library::JsonRuntime,
                    30.0,
                ),
                row(
                    GROWTH_LARGE,
                    names::SERDE_TO_VEC,
                    Library::SerdeJson,
                    1000.0,
                ),
                row(GROWTH_LARGE, names::RT_TO_VEC, Library::JsonRuntime, large),
                row(
                    GROWTH_LARGE,
                    names::RT_TO_WRITER_VEC,
                    Library::JsonRuntime,
                    400.0,
                ),
                // No to_writer(Vec) row: no target.
                row("options/x", names::RT_TO_VEC, Library::JsonRuntime, 1.0),
            ]
        };
        let of = |rows: &[Row], prefix: &str| {
            targets(rows)
                .into_iter()
                .find(|t| t.text.starts_with(prefix))
                .unwrap_or_else(|| panic!("no target {prefix}"))
        };
        let met = of(&rows(450.0), "products growth");
        assert_eq!(met.met, Some(true), "{met}");
        assert!(
            met.text.contains("at products/1000000 2.22× ≥ the one at products/10000 2.50× ÷ 1.15 = 2.17× (lead shrank 1.12×"),
            "{met}"
        );
        assert_eq!(of(&rows(470.0), "products growth").met, Some(false));
        let not_run = of(&rows(460.0)[3..], "products growth");
        assert_eq!(not_run.met, None, "{not_run}");

        let small = of(&rows(460.0), "products/10000: json_runtime to_vec 40.00 ns ≤ 1.15× json_runtime to_writer(Vec) 30.00 ns");
        assert_eq!(small.met, Some(false), "{small}");
        assert!(
            small
                .text
                .contains("(1.33×; to_writer(Vec) writes into one cleared Vec reused"),
            "{small}"
        );
        let large = of(
            &rows(460.0),
            "products/1000000: json_runtime to_vec 460.0 ns ≤ 1.15×",
        );
        assert_eq!(large.met, Some(true), "{large}");
        assert!(!targets(&rows(460.0))
            .iter()
            .any(|t| t.text.starts_with("options/x")));

        // One verdict per goal: the two to_vec-over-writer checks are one
        // line, missed, naming the workload that missed.
        let verdicts = goal_verdicts(&targets(&rows(450.0)));
        let over: Vec<_> = verdicts
            .iter()
            .filter(|(g, _, _)| *g == Goal::ToVecOverWriter)
            .collect();
        assert_eq!(over.len(), 1, "{over:?}");
        assert_eq!(over[0].1, Verdict::Miss);
        assert!(
            over[0]
                .2
                .ends_with("met on 1 of 2; missed on products/10000 (1.33×)"),
            "{}",
            over[0].2
        );
        let growth: Vec<_> = verdicts
            .iter()
            .filter(|(g, _, _)| *g == Goal::Growth)
            .collect();
        assert_eq!(growth.len(), 1);
        assert_eq!(growth[0].1, Verdict::Pass);
    }

    #[test]
    fn summary_one_line_per_workload() {
        let mut simd = row(
            "colleges",
            names::SIMD_JSON_VEC,
            Library::SimdJsonDerive,
            60.0,
        );
        simd.difference = crate::check::first_difference(b"[1.0]", b"[1]");
        let rows = vec![
            row("colleges", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("colleges", names::SONIC_TO_VEC, Library::SonicRs, 50.0),
            simd,
            row("colleges", names::RT_TO_VEC, Library::JsonRuntime, 25.0),
            row("records", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("records", names::RT_TO_VEC, Library::JsonRuntime, 40.0),
        ];
        let unsupported = [("records".to_owned(), "cannot express it")];
        let text = summary(&rows, &unsupported);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2 + 2 + 3, "{text}");
        let colleges = lines[2];
        assert!(colleges.contains("**4.00×**"), "{colleges}");
        assert!(colleges.contains("2.00×"), "{colleges}");
        assert!(colleges.contains("2.40× (bytes differ [1])"), "{colleges}");
        assert!(colleges.contains("| ≥ 3.03× PASS "), "{colleges}");
        let records = lines[3];
        assert!(records.contains("**2.50×**"), "{records}");
        assert!(records.contains("n/a [2]"), "{records}");
        assert!(records.contains("| ≥ 3.03× **MISS** "), "{records}");
        assert!(
            records.contains("| – |") || records.contains(" – |"),
            "{records}"
        );
        assert_eq!(
            lines[5],
            "- [1] colleges: simd_json_derive json_vec: bytes differ from serde_json's at byte 2: serde_json `[1.0]`, simd_json_derive `[1]`."
        );
        assert_eq!(
            lines[6],
            "- [2] records: simd-json-derive cannot express it."
        );
    }

    #[test]
    fn shapes_have_their_own_table_and_targets() {
        let floor = |w: &str, method, ns| Row {
            bytes: 0,
            ..row(w, method, Library::Floor, ns)
        };
        let rows = vec![
            row("colleges", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("colleges", names::RT_TO_VEC, Library::JsonRuntime, 30.0),
            row(
                "shapes/ints",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row("shapes/ints", names::RT_TO_VEC, Library::JsonRuntime, 25.0),
            row(
                "shapes/ints (pretty)",
                names::SERDE_TO_VEC_PRETTY,
                Library::SerdeJson,
                100.0,
            ),
            row(
                "shapes/ints (pretty)",
                names::RT_TO_VEC_PRETTY,
                Library::JsonRuntime,
                41.0,
            ),
            row(
                "shapes/floats",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row(
                "shapes/floats",
                names::RT_TO_VEC,
                Library::JsonRuntime,
                78.0,
            ),
            floor("shapes/floats", names::FLOAT_FLOOR, 74.0),
            row(
                "shapes/large_doc_hash",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row(
                "shapes/large_doc_hash",
                names::RT_TO_VEC,
                Library::JsonRuntime,
                38.0,
            ),
            floor("shapes/large_doc_hash", names::DOC_WALK_FLOOR, 24.0),
            row(
                "shapes/value",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                100.0,
            ),
            row("shapes/value", names::RT_TO_VEC, Library::JsonRuntime, 52.0),
            floor("shapes/value", names::VALUE_WALK_FLOOR, 40.0),
        ];
        let text = summary(&rows, &[]);
        let (range, text) = text.split_once("\n\n").expect("{text}");
        // The slowest family beside the fastest, first.
        assert!(
            range.starts_with("**Every shape of type** (")
                && range.contains("compact 1.28× (floats) to 4.00× (ints), pretty 2.44× (ints)"),
            "{range}"
        );
        let (main, shapes) = text.split_once("Every shape of type").expect("{text}");
        assert!(main.contains("| colleges "), "{main}");
        assert!(!main.contains("shapes/"), "{main}");
        // Each line with its padding collapsed.
        let line = |family: &str| {
            shapes
                .lines()
                .find(|l| l.starts_with(&format!("| {family} ")))
                .unwrap_or_else(|| panic!("no line for {family}: {shapes}"))
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        let ints = line("ints");
        assert!(
            ints.contains("| **4.00×** | ≥ 3.03× PASS | **2.44×** | ≥ 2.50× **MISS** |"),
            "{ints}"
        );
        let floats = line("floats");
        assert!(floats.ends_with("| 1.35× / – |"), "{floats}");
        // Time within 0.05 × serde_json's of the floor's: 0.79 of it.
        assert!(
            floats.contains("| **1.28×** | ≥ 1.27× (floor) PASS | – | |"),
            "{floats}"
        );
        // Within 0.15 of a floor of 0.24, and at most 0.45 with the floor
        // below 0.30: 0.39.
        let doc = line("large_doc_hash");
        assert!(doc.contains("≥ 2.56× (floor) PASS"), "{doc}");
        // A floor of 0.40 is above 0.35: within 0.15 of it alone, 0.55.
        let value = line("value");
        assert!(value.contains("≥ 1.82× (floor) PASS"), "{value}");
        assert!(!shapes.contains("| bools "), "{shapes}");

        let targets = targets(&rows);
        let of = |w: &str| {
            targets
                .iter()
                .find(|t| t.text.starts_with(&format!("{w}: ")))
                .unwrap_or_else(|| panic!("no target for {w}"))
        };
        assert_eq!(of("shapes/ints").met, Some(true));
        assert_eq!(
            of("shapes/ints").text,
            "shapes/ints: json_runtime to_vec over serde_json to_vec 4.00× (target ≥ 3.03×)"
        );
        assert_eq!(of("shapes/ints (pretty)").met, Some(false));
        let floats = of("shapes/floats");
        assert_eq!(floats.met, Some(true), "{floats}");
        assert!(
            floats.text.ends_with("; zmij floats only (floor) 1.35×)"),
            "{floats}"
        );
        assert!(
            of("shapes/large_doc_hash").text.contains(
                "(target ≥ 2.56× (floor): floor's time + 0.15 × serde_json's, its ratio 0.240 + 0.15 = 0.390, and ≥ 2.22× while the floor's ratio is below 0.30;"
            ),
            "{}",
            of("shapes/large_doc_hash")
        );
        // The floor rows are bounds, never targets of their own.
        assert!(!targets
            .iter()
            .any(|t| t.text.starts_with("zmij") || t.text.contains("(floor) /")));
        let mut slow = rows.clone();
        slow[7].median_ns = 80.0;
        assert_eq!(
            super::targets(&slow)
                .iter()
                .find(|t| t.text.starts_with("shapes/floats: "))
                .unwrap()
                .met,
            Some(false)
        );
        // No shapes run: one line says so.
        let none = super::targets(&rows[..2]);
        let skipped: Vec<&Target> = none
            .iter()
            .filter(|t| t.text.starts_with("shapes/"))
            .collect();
        assert_eq!(skipped.len(), 1, "{skipped:?}");
        assert_eq!(skipped[0].met, None);
        assert!(!summary(&rows[..2], &[]).contains("Every shape"));
        // The chart draws one row per family, compact and pretty bars.
        let chart = svg(&rows, "test");
        assert!(chart.contains(">shapes/ints<"), "{chart}");
        assert!(!chart.contains(">shapes/ints (pretty)<"), "{chart}");
        assert!(
            chart.contains(">4.00×<") && chart.contains(">2.44×<"),
            "{chart}"
        );
        assert_eq!(chart.matches(">Every shape of type").count(), 1, "{chart}");
        // The shapes alone: no empty table above theirs.
        let alone = summary(&rows[2..], &[]);
        let (range, alone) = alone.split_once("\n\n").expect("{alone}");
        assert!(range.starts_with("**Every shape of type**"), "{range}");
        assert!(
            alone.trim_start().starts_with("Every shape of type"),
            "{alone}"
        );
    }

    #[test]
    fn highlights_streaming_and_memory() {
        let mut stream = row(
            STREAM_WORKLOAD,
            names::RT_TO_WRITER_FILE,
            Library::JsonRuntime,
            30.0,
        );
        stream.allocs.peak = 512 << 10;
        let mut vec = row(
            STREAM_WORKLOAD,
            names::RT_TO_VEC,
            Library::JsonRuntime,
            70.0,
        );
        vec.allocs.peak = 128 << 20;
        let rows = vec![
            row("a", names::RT_TO_WRITER_FILE, Library::JsonRuntime, 105.0),
            row("a", names::RT_TO_VEC_WRITE_ALL, Library::JsonRuntime, 100.0),
            vec,
            stream,
            row(
                STREAM_WORKLOAD,
                names::RT_TO_VEC_WRITE_ALL,
                Library::JsonRuntime,
                75.0,
            ),
        ];
        let text = highlights(&rows);
        assert!(
            text.contains("ran at 2.50× (products/1000000) to 0.95× (a) the speed of"),
            "{text}"
        );
        assert!(
            text.contains("peaked at 512.00 KB of heap; `to_vec` at 128.00 MB"),
            "{text}"
        );
    }

    #[test]
    fn svg_draws_speedups_of_the_main_rows_only() {
        let rows = vec![
            row("w", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("w", names::SONIC_TO_VEC, Library::SonicRs, 50.0),
            row("w", names::MEMCPY, Library::Memcpy, 1.0),
            row("w", names::RT_TO_VEC, Library::JsonRuntime, 10.0),
            row("w", names::RT_TO_WRITER_FILE, Library::JsonRuntime, 30.0),
            row(
                "options/x",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                9_999.0,
            ),
        ];
        let svg = svg(&rows, "test");
        assert!(!svg.contains("options/x"), "{svg}");
        // json_runtime's to_vec and sonic-rs: two bars, not memcpy's nor
        // the file method's.
        assert_eq!(svg.matches("<rect x=\"200\"").count(), 2, "{svg}");
        assert!(svg.contains(">2.00×<"), "{svg}");
        assert!(svg.contains(">10.00× (off the scale)<"), "{svg}");
        assert!(!svg.contains(">100.00×"), "{svg}");
        // The scale ends at SVG_MAX_SPEEDUP, not at the fastest row.
        assert!(svg.contains(">8×<") && !svg.contains(">10×<"), "{svg}");
        assert!(svg.contains("serde_json = 1×"), "{svg}");
    }

    /// About 20 px a workload: the whole run, some 20 workloads and 30
    /// shapes families, fits two screens.
    #[test]
    fn svg_fits_two_screens() {
        let mut rows = Vec::new();
        for i in 0..20 {
            let w = format!("w{i}");
            rows.push(row(&w, names::SERDE_TO_VEC, Library::SerdeJson, 100.0));
            rows.push(row(&w, names::SONIC_TO_VEC, Library::SonicRs, 90.0));
            rows.push(row(&w, names::SIMD_JSON_VEC, Library::SimdJsonDerive, 60.0));
            rows.push(row(&w, names::RT_TO_VEC, Library::JsonRuntime, 30.0));
            rows.push(row(
                &w,
                names::RT_TO_WRITER_FILE,
                Library::JsonRuntime,
                30.0,
            ));
            rows.push(row(
                &w,
                names::RT_TO_VEC_WRITE_ALL,
                Library::JsonRuntime,
                30.0,
            ));
        }
        for family in Family::ALL {
            let (c, p) = (family.workload(), family.pretty_workload());
            rows.push(row(&c, names::SERDE_TO_VEC, Library::SerdeJson, 100.0));
            rows.push(row(&c, names::RT_TO_VEC, Library::JsonRuntime, 30.0));
            rows.push(row(
                &p,
                names::SERDE_TO_VEC_PRETTY,
                Library::SerdeJson,
                100.0,
            ));
            rows.push(row(&p, names::RT_TO_VEC_PRETTY, Library::JsonRuntime, 40.0));
        }
        let svg = svg(&rows, "test");
        let height: f64 = svg
            .split("height=\"")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .and_then(|h| h.parse().ok())
            .expect("a height");
        assert!(height <= 1600.0, "{height}");
    }

    #[test]
    fn svg_grid_stays_readable() {
        for fastest in [1.0, 3.0, 7.5, 400.0] {
            let rows = vec![
                row("w", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
                row("w", names::RT_TO_VEC, Library::JsonRuntime, 100.0 / fastest),
            ];
            let svg = svg(&rows, "test");
            let grid = svg.matches(r##"stroke="#e5e5e5""##).count();
            assert!((3..=11).contains(&grid), "{grid} grid lines for {fastest}");
        }
    }
}
