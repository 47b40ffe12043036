//! Presenting results: the BenchmarkDotNet-style table, the SVG chart of
//! ratios, the machine description and the PASS/MISS targets.

use std::fmt::Write as _;

use crate::harness::{names, Library, Row};

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
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|r| {
            [
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
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &cells {
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
    line(&mut out, &header.map(String::from));
    out.push('|');
    for (i, w) in width.iter().enumerate() {
        if right[i] {
            let _ = write!(out, "{}:|", "-".repeat(w + 1));
        } else {
            let _ = write!(out, "{} |", "-".repeat(w + 1));
        }
    }
    out.push('\n');
    let mut last = None;
    for (row, c) in rows.iter().zip(&cells) {
        // An empty row between workloads, as BenchmarkDotNet separates groups.
        if last.is_some() && last != Some(&row.workload) {
            line(&mut out, &[(); 7].map(|_| String::new()));
        }
        last = Some(&row.workload);
        line(&mut out, c);
    }
    let diffs: Vec<&Row> = rows.iter().filter(|r| r.difference.is_some()).collect();
    if !diffs.is_empty() {
        out.push('\n');
        for r in diffs {
            let _ = writeln!(
                out,
                "\\* {} / {}: {}",
                r.workload,
                r.method,
                r.difference
                    .as_deref()
                    .unwrap_or_default()
                    .replace('\n', "\n    ")
            );
        }
    }
    out
}

fn color(row: &Row) -> &'static str {
    match (row.library, row.method) {
        (Library::SerdeJson, _) => "#9e9e9e",
        (Library::SonicRs, _) => "#f28e2b",
        (Library::Memcpy | Library::Floor, _) => "#59a14f",
        (Library::JsonRuntime, m) if m.contains("File") || m.contains("write_all") => "#76b7e4",
        (Library::JsonRuntime, _) => "#1f5fa8",
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A horizontal bar chart of each row's ratio, grouped by workload, with a
/// reference line at 1.0 (serde_json).
pub fn svg(rows: &[Row], title: &str) -> String {
    const LABEL: f64 = 330.0;
    const PLOT: f64 = 560.0;
    const BAR: f64 = 14.0;
    const GAP: f64 = 4.0;
    const GROUP: f64 = 26.0;
    const TOP: f64 = 64.0;
    let max_ratio = rows.iter().map(|r| r.ratio).fold(1.25f64, f64::max);
    let scale_max = (max_ratio * 4.0).ceil() / 4.0;
    let x = |ratio: f64| LABEL + ratio / scale_max * PLOT;

    let mut workloads: Vec<&str> = Vec::new();
    for r in rows {
        if workloads.last() != Some(&r.workload.as_str()) {
            workloads.push(&r.workload);
        }
    }
    let height = TOP + workloads.len() as f64 * GROUP + rows.len() as f64 * (BAR + GAP) + 40.0;
    let width = LABEL + PLOT + 90.0;

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
        r##"<text x="10" y="38" fill="#555">median time ÷ serde_json (to_vec, or to_vec_pretty for pretty rows); lower is faster</text>"##
    );
    let plot_bottom = height - 30.0;
    // Grid every 0.25.
    let mut tick = 0.0;
    while tick <= scale_max + 1e-9 {
        let tx = x(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{tx:.1}" y1="{TOP:.1}" x2="{tx:.1}" y2="{plot_bottom:.1}" stroke="#e5e5e5"/><text x="{tx:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick:.2}</text>"##,
            plot_bottom + 14.0
        );
        tick += 0.25;
    }
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
            let _ = writeln!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect x="{LABEL}" y="{y:.1}" width="{bw:.1}" height="{BAR}" fill="{}"/><text x="{:.1}" y="{:.1}">{:.2}×</text>"#,
                LABEL - 6.0,
                y + BAR - 3.0,
                xml_escape(&method_label(r)),
                color(r),
                LABEL + bw + 4.0,
                y + BAR - 3.0,
                r.ratio
            );
            y += BAR + GAP;
        }
    }
    let one = x(1.0);
    let _ = writeln!(
        s,
        r##"<line x1="{one:.1}" y1="{:.1}" x2="{one:.1}" y2="{plot_bottom:.1}" stroke="#d62728" stroke-width="1.5" stroke-dasharray="5,3"/><text x="{one:.1}" y="{:.1}" text-anchor="middle" fill="#d62728">1.0 = serde_json</text>"##,
        TOP - 4.0,
        TOP - 8.0
    );
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

/// Ratio targets of json_runtime `to_vec` against serde_json `to_vec`.
pub const RATIO_TARGETS: &[(&str, f64)] = &[
    ("colleges", 0.33),
    ("records", 0.33),
    ("twitter", 0.33),
    ("citm_catalog", 0.30),
    ("products/10", 0.45),
    ("products/1000", 0.45),
    ("products/100000", 0.45),
    ("products/1000000", 0.45),
    // Bound by float formatting: zmij's own API on the floats alone (the
    // floor row) takes about as long.
    ("canada", 0.88),
];

/// Name of the pretty workload.
pub const PRETTY_WORKLOAD: &str = "colleges (pretty)";
/// Ratio target of json_runtime `to_vec_pretty` against serde_json's.
pub const PRETTY_TARGET: f64 = 0.40;
/// The workload of the streaming-memory target.
pub const STREAM_WORKLOAD: &str = "products/1000000";
/// Peak heap allowed for streaming into a file.
pub const STREAM_PEAK: usize = 1 << 20;

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

/// The threads of rayon's global pool, which the parallel rows use.
pub fn rayon_threads() -> usize {
    rayon::current_num_threads()
}

/// Every target, evaluated on `rows`.
pub fn targets(rows: &[Row]) -> Vec<Target> {
    use names::*;
    let mut out = Vec::new();
    let ratio_target = |workload: &str, ours: &str, base: &str, limit: f64| match (
        find(rows, workload, ours),
        find(rows, workload, base),
    ) {
        (Some(o), Some(b)) => {
            let ratio = o.median_ns / b.median_ns;
            Target {
                met: Some(ratio <= limit),
                text: format!("{workload}: {ours} / {base} = {ratio:.3} (target ≤ {limit:.2})"),
            }
        }
        _ => Target {
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
    parallel_targets(rows, &mut out);

    let mut workloads: Vec<&str> = Vec::new();
    for r in rows {
        if !workloads.contains(&r.workload.as_str()) {
            workloads.push(&r.workload);
        }
    }
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
            bytes: 1000,
            ratio: ns / 100.0,
            allocs: OpAllocs::default(),
            samples: 1,
            batch: 1,
            difference: None,
        }
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
}
