//! 12 000 small flat records.

use json_runtime::ToJson;
use serde::Serialize;

/// A record.
#[derive(Debug, Clone, Serialize, ToJson, simd_json_derive::Serialize)]
pub struct Record {
    /// `i`.
    pub id: u64,
    /// `"item-{i:05}"`.
    pub name: String,
    /// `i % 3 == 0`.
    pub active: bool,
}

/// Records in the workload.
pub const RECORDS: usize = 12_000;

/// Records `0..n`.
pub fn build(n: usize) -> Vec<Record> {
    (0..n as u64)
        .map(|i| Record {
            id: i,
            name: format!("item-{i:05}"),
            active: i % 3 == 0,
        })
        .collect()
}
