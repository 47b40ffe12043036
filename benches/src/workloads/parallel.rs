//! The workloads of the parallel rows (`json_runtime::par`): long flat
//! sequences, where every core can take a share.

/// Records in the large records workload: 100 times the main records
/// workload, about 48 MB of output.
pub const LARGE_RECORDS: usize = super::records::RECORDS * 100;

/// The large records workload's name.
pub const LARGE_RECORDS_NAME: &str = "records x100";

/// The JSON Lines workload's name: the same records, one per line.
pub const LINES_NAME: &str = "records x100 (lines)";

/// Products in the pretty products workload.
pub const PRETTY_PRODUCTS: usize = 100_000;

/// The pretty products workload's name.
pub const PRETTY_PRODUCTS_NAME: &str = "products/100000 (pretty)";

/// The products list that gets parallel rows.
pub const PARALLEL_PRODUCTS: usize = 1_000_000;

/// The workloads with parallel rows, selected together by `parallel`.
pub const HAS_PAR_ROWS: &[&str] = &[
    "products/1000000",
    PRETTY_PRODUCTS_NAME,
    LARGE_RECORDS_NAME,
    LINES_NAME,
];

/// `serde_json::to_vec` of each item, each followed by `\n`: the JSON Lines
/// reference.
pub fn serde_lines<T: serde::Serialize>(items: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    for item in items {
        serde_json::to_writer(&mut out, item).expect("serde_json");
        out.push(b'\n');
    }
    out
}
