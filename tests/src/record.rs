//! The record the memory tests stream by the million (`streaming_memory`,
//! `par_memory`, `web_memory`): a few fields of each kind, about 90 bytes
//! of JSON, built from its index so that no test holds the sequence.

use json_runtime::ToJson;

#[derive(serde::Serialize, ToJson)]
pub struct Record {
    pub id: u64,
    pub name: String,
    pub score: f64,
    pub flags: [bool; 2],
    pub parent: Option<u64>,
}

/// Record number `i`.
pub fn record(i: u64) -> Record {
    Record {
        id: i,
        name: format!("record number {i}"),
        score: i as f64 * 0.25,
        flags: [i.is_multiple_of(2), i.is_multiple_of(3)],
        parent: i.checked_sub(1),
    }
}
