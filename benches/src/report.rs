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
        "Ratio",
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
                format!("{:.2}", r.ratio),
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
        "target: time ÷ serde_json",
    ];
    let right = [false, true, true, true, true, true, false];
    let mut notes: Vec<String> = Vec::new();
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
                notes.push(format!(
                    "{w}, {}: bytes differ from serde_json's at byte {}: serde_json {}, {} {}.",
                    other.method,
                    d.offset,
                    code(&d.expected_near),
                    other.method.split(' ').next().unwrap_or_default(),
                    code(&d.actual_near),
                ));
                let _ = write!(cell, " (bytes differ [{}])", notes.len());
            }
            Some(cell)
        };
        let vs_serde = speedup(serde).map(|c| format!("**{c}**"));
        let vs_sonic = speedup(sonic);
        let vs_simd = speedup(SIMD_JSON_VEC).or_else(|| {
            let (_, why) = unsupported.iter().find(|(name, _)| name == w)?;
            notes.push(format!("{w}: simd-json-derive {why}."));
            Some(format!("n/a [{}]", notes.len()))
        });
        let limit = if w == PRETTY_WORKLOAD {
            Some(PRETTY_TARGET)
        } else if w == crate::workloads::parallel::PRETTY_PRODUCTS_NAME {
            Some(PRETTY_PRODUCTS_TARGET)
        } else {
            RATIO_TARGETS.iter().find(|(t, _)| *t == w).map(|&(_, l)| l)
        };
        let target = match (limit, find(rows, w, serde)) {
            (Some(limit), Some(base)) => {
                let ratio = ours.median_ns / base.median_ns;
                if ratio <= limit {
                    format!("≤ {limit:.2}: met ({ratio:.2})")
                } else {
                    format!("≤ {limit:.2}: **missed** ({ratio:.2})")
                }
            }
            _ => String::new(),
        };
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
    for (i, note) in notes.iter().enumerate() {
        let _ = write!(out, "\n[{}] {note}\n", i + 1);
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
            "\nEvery shape of type (`shapes/<family>`), json_runtime against serde_json alone: ratio = json_runtime's time ÷ serde_json's (`to_vec`, or `to_vec_pretty` for pretty), speed-up = its inverse; floor = the floor row's time ÷ serde_json's, compact / pretty, a bound and not a target:\n\n{shapes}"
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
    /// The target, as `≤ 0.33` or `≤ floor 0.240 + 0.15 = 0.390 ...`.
    target: String,
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
    let (met, target) = match (floor_target, floor) {
        (Some(t), Some((_, f))) => {
            let limit = f + t.margin;
            let mut met = ratio <= limit;
            let mut target = format!("≤ floor {f:.3} + {:.2} = {limit:.3}", t.margin);
            if let Some((below, cap)) = t.cap {
                if f < below {
                    met &= ratio <= cap;
                    let _ = write!(target, " and ≤ {cap:.2} (floor below {below:.2})");
                }
            }
            (met, target)
        }
        _ => (ratio <= fixed, format!("≤ {fixed:.2}")),
    };
    Some(ShapeResult {
        workload,
        ours,
        base,
        ratio,
        floor,
        met,
        target,
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
        "family",
        "output",
        "compact ratio",
        "compact speed-up",
        "pretty ratio",
        "pretty speed-up",
        "floor",
        "targets",
    ];
    let right = [false, true, true, true, true, true, true, false];
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
        let ratio =
            |r: &Option<ShapeResult>| r.as_ref().map_or_else(dash, |r| format!("{:.2}", r.ratio));
        let speedup = |r: &Option<ShapeResult>| {
            r.as_ref().map_or_else(dash, |r| {
                format!("**{:.2}×**", r.base.median_ns / r.ours.median_ns)
            })
        };
        let floor_of = |r: &Option<ShapeResult>| {
            r.as_ref()
                .and_then(|r| r.floor)
                .map(|(_, f)| format!("{f:.2}"))
        };
        let floor = match (floor_of(&compact), floor_of(&pretty)) {
            (None, None) => dash(),
            (c, p) => format!("{} / {}", c.unwrap_or_else(dash), p.unwrap_or_else(dash)),
        };
        let targets: Vec<String> = [("compact", &compact), ("pretty", &pretty)]
            .into_iter()
            .filter_map(|(layout, r)| {
                let r = r.as_ref()?;
                let verdict = if r.met { "met" } else { "**missed**" };
                Some(format!("{layout} {} {verdict}", r.target))
            })
            .collect();
        cells.push(vec![
            family.name().to_owned(),
            output,
            ratio(&compact),
            speedup(&compact),
            ratio(&pretty),
            speedup(&pretty),
            floor,
            targets.join("; "),
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
            Some((w, stream.median_ns / whole.median_ns))
        })
        .collect();
    if !streaming.is_empty() {
        streaming.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (fastest, slowest) = (streaming[0], streaming[streaming.len() - 1]);
        let _ = writeln!(
            out,
            "- Streaming: json_runtime `to_writer` into a `File` took {:.2}× ({}) to {:.2}× ({}) the time of `to_vec` then `write_all`.",
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

fn color(row: &Row) -> (&'static str, &'static str) {
    match (row.library, row.method) {
        (Library::SerdeJson, _) => ("#9e9e9e", "serde_json"),
        (Library::SonicRs, _) => ("#f28e2b", "sonic-rs"),
        (Library::SimdJsonDerive, _) => ("#b07aa1", "simd-json-derive"),
        (Library::Memcpy, _) => ("#59a14f", "memcpy of the output (floor)"),
        (Library::Floor, _) => ("#8cd17d", "part of the work alone (floor)"),
        (Library::JsonRuntime, m) if m.contains("File") || m.contains("write_all") => {
            ("#76b7e4", "json_runtime, into a file")
        }
        (Library::JsonRuntime, _) => ("#1f5fa8", "json_runtime, in memory"),
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Where the chart's scale ends: every json_runtime row and most others are
/// well below it.
pub const SVG_MAX_RATIO: f64 = 2.0;

/// A horizontal bar chart of each row's ratio, grouped by workload, with a
/// reference line at 1.0 (serde_json), a legend of the colours, and the
/// scale at the top and the bottom.
///
/// Only rows compared with serde_json are drawn: the output options'
/// workloads (`options/...`) are ratios to json_runtime's default output,
/// and have a table of their own. The scale ends at [`SVG_MAX_RATIO`]; a
/// longer bar is cut there and marked, with its value written beside it,
/// so that one slow method cannot squeeze every other bar to a sliver.
pub fn svg(rows: &[Row], title: &str) -> String {
    let rows: Vec<&Row> = rows
        .iter()
        .filter(|r| !r.workload.starts_with("options/"))
        .collect();
    const LABEL: f64 = 330.0;
    const PLOT: f64 = 560.0;
    const BAR: f64 = 14.0;
    const GAP: f64 = 4.0;
    const GROUP: f64 = 26.0;
    const LEGEND: f64 = 58.0;
    const TOP: f64 = 96.0;
    // Value labels stay readable where they cross a grid or the 1.0 line.
    const HALO: &str = r#"stroke="white" stroke-width="3" paint-order="stroke""#;
    let max_ratio = rows
        .iter()
        .map(|r| r.ratio)
        .fold(1.25f64, f64::max)
        .min(SVG_MAX_RATIO);
    // At most about ten grid lines, whatever the largest ratio.
    let step = [0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0]
        .into_iter()
        .find(|step| max_ratio / step <= 10.0)
        .unwrap_or(max_ratio / 10.0);
    let scale_max = (max_ratio / step).ceil() * step;
    let x = |ratio: f64| LABEL + ratio.min(scale_max) / scale_max * PLOT;

    let workloads = workload_names(rows.iter().copied());
    let height = TOP + workloads.len() as f64 * GROUP + rows.len() as f64 * (BAR + GAP) + 40.0;
    // Legend: each colour in use, in the order the rows first use it.
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for r in &rows {
        let c = color(r);
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    let legend_width: f64 = seen
        .iter()
        .map(|(_, name)| 14.0 + name.chars().count() as f64 * 6.0 + 16.0)
        .sum();
    // Wide enough for the plot and its labels, and for the whole legend.
    let width = (LABEL + PLOT + 90.0).max(10.0 + legend_width);

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
        r##"<text x="10" y="38" fill="#555">median time ÷ serde_json's (to_vec, or to_vec_pretty for pretty rows); shorter is faster</text>"##
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
    // The grid, labelled above and below.
    let ticks = (scale_max / step).round() as usize;
    for tick in (0..=ticks).map(|i| i as f64 * step) {
        let tx = x(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{tx:.1}" y1="{TOP:.1}" x2="{tx:.1}" y2="{plot_bottom:.1}" stroke="#e5e5e5"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick:.2}</text><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick:.2}</text>"##,
            TOP - 6.0,
            plot_bottom + 14.0
        );
    }
    let one = x(1.0);
    let _ = writeln!(
        s,
        r##"<line x1="{one:.1}" y1="{TOP:.1}" x2="{one:.1}" y2="{plot_bottom:.1}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="5,3"/><text x="{:.1}" y="{:.1}" fill="#d62728">serde_json = 1.00</text>"##,
        one + 4.0,
        TOP - 20.0
    );
    let mut y = TOP;
    for w in &workloads {
        y += GROUP;
        let _ = writeln!(
            s,
            r#"<text x="10" y="{:.1}" font-weight="bold" font-size="12">{}</text>"#,
            y - 8.0,
            xml_escape(w)
        );
        for r in rows.iter().filter(|r| r.workload == *w) {
            let bw = (x(r.ratio) - LABEL).max(1.0);
            // A bar cut at the end of the scale says so.
            let cut = if r.ratio > scale_max {
                " (off the scale)"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect x="{LABEL}" y="{y:.1}" width="{bw:.1}" height="{BAR}" fill="{}"/><text x="{:.1}" y="{:.1}" {HALO}>{:.2}×{cut}</text>"#,
                LABEL - 6.0,
                y + BAR - 3.0,
                xml_escape(&method_label(r)),
                color(r).0,
                LABEL + bw + 4.0,
                y + BAR - 3.0,
                r.ratio
            );
            y += BAR + GAP;
        }
    }
    s.push_str("</svg>\n");
    s
}

/// One target line.
#[derive(Debug, Clone)]
pub struct Target {
    /// `Some(true)` met, `Some(false)` missed, `None` not measured in this run.
    pub met: Option<bool>,
    /// What was compared, with the numbers.
    pub text: String,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tag = match self.met {
            Some(true) => "PASS",
            Some(false) => "MISS",
            None => "SKIP",
        };
        write!(f, "{tag}  {}", self.text)
    }
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
    let (Some(ours), Some(base)) = (find(rows, w, RT_TO_VEC), find(rows, w, SERDE_TO_VEC)) else {
        return Target {
            met: None,
            text: format!(
                "{w}: {RT_TO_VEC} / {SERDE_TO_VEC}: median ≤ {WORST_MEDIAN_TARGET:.2} and worst of ≥ {WORST_OF_ROUNDS} rounds ≤ {WORST_TARGET:.2} (not run)"
            ),
        };
    };
    let median = ours.median_ns / base.median_ns;
    let worst = ours.worst_ns / base.median_ns;
    let rounds = ours.samples;
    let few = if rounds < WORST_OF_ROUNDS {
        format!("; only {rounds} rounds, the target asks for ≥ {WORST_OF_ROUNDS}")
    } else {
        String::new()
    };
    Target {
        met: Some(median <= WORST_MEDIAN_TARGET && worst <= WORST_TARGET),
        text: format!(
            "{w}: {RT_TO_VEC} / {SERDE_TO_VEC}: median {median:.3} (target ≤ {WORST_MEDIAN_TARGET:.2}), \
             worst of {rounds} rounds {worst:.3} (json_runtime's slowest round {} ÷ serde_json's median {}, target ≤ {WORST_TARGET:.2}{few})",
            format_time(ours.worst_ns),
            format_time(base.median_ns),
        ),
    }
}

/// The growth targets: the products ratio at [`GROWTH_LARGE`] against
/// the one at [`GROWTH_SMALL`], and `to_vec` against `to_writer(Vec)` on
/// every workload that has both.
fn growth_targets(rows: &[Row], out: &mut Vec<Target>) {
    use names::*;
    let ratio = |w: &str| median_ratio(rows, w, RT_TO_VEC, SERDE_TO_VEC);
    let (small, large) = (GROWTH_SMALL, GROWTH_LARGE);
    out.push(match (ratio(small), ratio(large)) {
        (Some(s), Some(l)) => Target {
            met: Some(l <= GROWTH_LIMIT * s),
            text: format!(
                "products growth: {RT_TO_VEC} / {SERDE_TO_VEC} at {large} {l:.3} ≤ {GROWTH_LIMIT:.2} × the ratio at {small} {s:.3} = {:.3} ({:.2}×, target ≤ {GROWTH_LIMIT:.2}×)",
                GROWTH_LIMIT * s,
                l / s,
            ),
        },
        _ => Target {
            met: None,
            text: format!(
                "products growth: {RT_TO_VEC} / {SERDE_TO_VEC} at {large} ≤ {GROWTH_LIMIT:.2} × the ratio at {small} (not run)"
            ),
        },
    });
    for w in workload_names(rows) {
        let (Some(vec), Some(writer)) = (find(rows, w, RT_TO_VEC), find(rows, w, RT_TO_WRITER_VEC))
        else {
            continue;
        };
        let r = vec.median_ns / writer.median_ns;
        out.push(Target {
            met: Some(r <= TO_VEC_OVER_WRITER),
            text: format!(
                "{w}: {RT_TO_VEC} {} ≤ {TO_VEC_OVER_WRITER:.2}× {RT_TO_WRITER_VEC} {} ({r:.3}×; to_writer(Vec) writes into one cleared Vec reused across iterations, which keeps its capacity)",
                format_time(vec.median_ns),
                format_time(writer.median_ns),
            ),
        });
    }
}

fn parallel_targets(rows: &[Row], out: &mut Vec<Target>) {
    for &(workload, par, seq) in PAR_TARGETS {
        out.push(match (find(rows, workload, par), find(rows, workload, seq)) {
            (Some(p), Some(s)) => {
                let speedup = s.median_ns / p.median_ns;
                Target {
                    met: Some(speedup >= PAR_SPEEDUP),
                    text: format!(
                        "{workload}: {par} {} = {speedup:.2}× the throughput of {seq} {} (target ≥ {PAR_SPEEDUP:.2}×, {} threads)",
                        format_time(p.median_ns),
                        format_time(s.median_ns),
                        rayon_threads(),
                    ),
                }
            }
            _ => Target {
                met: None,
                text: format!("{workload}: {par} ≥ {PAR_SPEEDUP:.2}× the throughput of {seq} (not run)"),
            },
        });
    }
}

/// The shapes families' targets, one line per workload that ran (the
/// floor row's ratio shown beside json_runtime's, as the bound it is), or
/// one line saying none ran.
fn shape_targets(rows: &[Row], out: &mut Vec<Target>) {
    let before = out.len();
    for family in Family::ALL {
        for pretty in [false, true] {
            let Some(r) = shape_result(rows, family, pretty) else {
                continue;
            };
            let floor = r
                .floor
                .map_or_else(String::new, |(row, f)| format!("; {} {f:.3}", row.method));
            out.push(Target {
                met: Some(r.met),
                text: format!(
                    "{}: {} / {} = {:.3} (target {}{floor})",
                    r.workload, r.ours.method, r.base.method, r.ratio, r.target
                ),
            });
        }
    }
    if out.len() == before {
        out.push(Target {
            met: None,
            text: format!(
                "{}<family>: json_runtime / serde_json ≤ {SHAPE_COMPACT_TARGET:.2} compact, ≤ {SHAPE_PRETTY_TARGET:.2} pretty, {} against their floor rows (not run)",
                shapes::PREFIX,
                SHAPE_FLOOR_TARGETS
                    .iter()
                    .map(|t| t.family)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
}

/// The threads of rayon's global pool, which the parallel rows use.
pub fn rayon_threads() -> usize {
    rayon::current_num_threads()
}

/// Every target, evaluated on `rows`.
pub fn targets(rows: &[Row]) -> Vec<Target> {
    use names::*;
    let mut out = Vec::new();
    let ratio_target = |workload: &str, ours: &str, base: &str, limit: f64| match median_ratio(
        rows, workload, ours, base,
    ) {
        Some(ratio) => Target {
            met: Some(ratio <= limit),
            text: format!("{workload}: {ours} / {base} = {ratio:.3} (target ≤ {limit:.2})"),
        },
        None => Target {
            met: None,
            text: format!("{workload}: {ours} / {base} ≤ {limit:.2} (not run)"),
        },
    };
    for &(w, limit) in RATIO_TARGETS {
        out.push(ratio_target(w, RT_TO_VEC, SERDE_TO_VEC, limit));
    }
    out.push(ratio_target(
        PRETTY_WORKLOAD,
        RT_TO_VEC_PRETTY,
        SERDE_TO_VEC_PRETTY,
        PRETTY_TARGET,
    ));
    out.push(ratio_target(
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
                met: Some(ours.median_ns < sonic.median_ns),
                text: format!(
                    "{w}: faster than sonic-rs: {} {} vs {} {} ({:.2}×)",
                    ours.method,
                    format_time(ours.median_ns),
                    sonic.method,
                    format_time(sonic.median_ns),
                    ours.median_ns / sonic.median_ns
                ),
            });
        }
    }
    for w in &workloads {
        if let (Some(stream), Some(buffered)) = (
            find(rows, w, RT_TO_WRITER_FILE),
            find(rows, w, RT_TO_VEC_WRITE_ALL),
        ) {
            out.push(Target {
                met: Some(stream.median_ns <= buffered.median_ns),
                text: format!(
                    "{w}: to_writer(File) {} no slower than to_vec+write_all {} ({:.2}×)",
                    format_time(stream.median_ns),
                    format_time(buffered.median_ns),
                    stream.median_ns / buffered.median_ns
                ),
            });
        }
    }
    match (find(rows, STREAM_WORKLOAD, RT_TO_WRITER_FILE), find(rows, STREAM_WORKLOAD, RT_TO_VEC)) {
        (Some(stream), Some(vec)) => out.push(Target {
            met: Some(stream.allocs.peak <= STREAM_PEAK && vec.allocs.peak >= vec.bytes),
            text: format!(
                "{STREAM_WORKLOAD}: peak heap of to_writer(File) {} ≤ {} while to_vec holds the whole output ({} peak for {} of output)",
                format_bytes(stream.allocs.peak),
                format_bytes(STREAM_PEAK),
                format_bytes(vec.allocs.peak),
                format_bytes(vec.bytes)
            ),
        }),
        _ => out.push(Target {
            met: None,
            text: format!("{STREAM_WORKLOAD}: peak heap of to_writer(File) ≤ 1 MiB (not run)"),
        }),
    }
    out
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
            difference: None,
        }
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
                        .starts_with(&format!("{w}: json_runtime to_vec / serde_json to_vec"))
                })
                .unwrap_or_else(|| panic!("no target for {w}"))
        };
        let twitter = of("value/twitter");
        assert_eq!(twitter.met, Some(true), "{twitter}");
        assert!(
            twitter.text.contains("= 0.450 (target ≤ 0.50)"),
            "{twitter}"
        );
        assert_eq!(of("value/canada").met, Some(false));
        let citm = of("value/citm_catalog");
        assert_eq!(citm.met, None);
        assert!(citm.text.ends_with("≤ 0.50 (not run)"), "{citm}");
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
        assert!(rustdoc.text.ends_with("(target ≤ 0.35)"), "{rustdoc}");
        // The summary's target column has them too.
        let text = summary(&rows, &[]);
        assert!(text.contains("≤ 0.50: met (0.45)"), "{text}");
        assert!(text.contains("≤ 0.50: **missed** (0.51)"), "{text}");
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
        assert!(met.text.contains("median 0.380 (target ≤ 0.40)"), "{met}");
        assert!(met.text.contains("worst of 7 rounds 0.450"), "{met}");
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
            met.text.contains("at products/1000000 0.450 ≤ 1.15 × the ratio at products/10000 0.400 = 0.460 (1.12×"),
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
                .contains("(1.333×; to_writer(Vec) writes into one cleared Vec reused"),
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
        assert_eq!(lines.len(), 2 + 2 + 4, "{text}");
        let colleges = lines[2];
        assert!(colleges.contains("**4.00×**"), "{colleges}");
        assert!(colleges.contains("2.00×"), "{colleges}");
        assert!(colleges.contains("2.40× (bytes differ [1])"), "{colleges}");
        assert!(colleges.contains("≤ 0.33: met (0.25)"), "{colleges}");
        let records = lines[3];
        assert!(records.contains("**2.50×**"), "{records}");
        assert!(records.contains("n/a [2]"), "{records}");
        assert!(records.contains("**missed** (0.40)"), "{records}");
        assert!(
            records.contains("| – |") || records.contains(" – |"),
            "{records}"
        );
        assert_eq!(
            lines[5],
            "[1] colleges, simd_json_derive json_vec: bytes differ from serde_json's at byte 2: serde_json `[1.0]`, simd_json_derive `[1]`."
        );
        assert_eq!(lines[7], "[2] records: simd-json-derive cannot express it.");
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
            ints.contains("| 0.25 |") && ints.contains("**4.00×**"),
            "{ints}"
        );
        assert!(
            ints.contains("| 0.41 |") && ints.contains("**2.44×**"),
            "{ints}"
        );
        assert!(
            ints.contains("compact ≤ 0.33 met; pretty ≤ 0.40 **missed**"),
            "{ints}"
        );
        let floats = line("floats");
        assert!(floats.contains("| 0.74 / – |"), "{floats}");
        assert!(
            floats.contains("compact ≤ floor 0.740 + 0.05 = 0.790 met"),
            "{floats}"
        );
        assert!(!floats.contains("pretty ≤"), "{floats}");
        // Within 0.15 of a floor of 0.24, and at most 0.45 with the floor
        // below 0.30.
        let doc = line("large_doc_hash");
        assert!(
            doc.contains("≤ floor 0.240 + 0.15 = 0.390 and ≤ 0.45 (floor below 0.30) met"),
            "{doc}"
        );
        // A floor of 0.40 is above 0.35: within 0.15 of it alone.
        let value = line("value");
        assert!(
            value.contains("≤ floor 0.400 + 0.15 = 0.550 met"),
            "{value}"
        );
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
            "shapes/ints: json_runtime to_vec / serde_json to_vec = 0.250 (target ≤ 0.33)"
        );
        assert_eq!(of("shapes/ints (pretty)").met, Some(false));
        let floats = of("shapes/floats");
        assert_eq!(floats.met, Some(true), "{floats}");
        assert!(
            floats.text.ends_with("; zmij floats only (floor) 0.740)"),
            "{floats}"
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
        // The chart draws them as any workload compared with serde_json.
        let chart = svg(&rows, "test");
        assert!(chart.contains(">shapes/ints (pretty)<"), "{chart}");
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
            text.contains("took 0.40× (products/1000000) to 1.05× (a)"),
            "{text}"
        );
        assert!(
            text.contains("peaked at 512.00 KB of heap; `to_vec` at 128.00 MB"),
            "{text}"
        );
    }

    #[test]
    fn svg_leaves_out_option_rows_and_marks_cut_bars() {
        let rows = vec![
            row("w", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
            row("w", names::SONIC_TO_VEC, Library::SonicRs, 4_290.0),
            row(
                "options/x",
                names::SERDE_TO_VEC,
                Library::SerdeJson,
                9_999.0,
            ),
        ];
        let svg = svg(&rows, "test");
        assert!(!svg.contains("options/x"), "{svg}");
        assert!(svg.contains("42.90× (off the scale)"), "{svg}");
        assert!(svg.contains(">1.00×<"), "{svg}");
        // The scale ends at SVG_MAX_RATIO, not at the slowest row.
        assert!(svg.contains(">2.00<"), "{svg}");
        assert!(!svg.contains(">5.00<"), "{svg}");
    }

    #[test]
    fn svg_grid_stays_readable() {
        for slowest in [1.0, 3.0, 12.0, 400.0] {
            let rows = vec![
                row("w", names::SERDE_TO_VEC, Library::SerdeJson, 100.0),
                row("w", names::SONIC_TO_VEC, Library::SonicRs, slowest * 100.0),
            ];
            let svg = svg(&rows, "test");
            let grid = svg.matches(r##"stroke="#e5e5e5""##).count();
            assert!((5..=11).contains(&grid), "{grid} grid lines for {slowest}");
        }
    }
}
