//! Workloads and measuring tools shared by the `json-bench` main job
//! (`cargo run --release -p json-bench`) and the criterion suite
//! (`cargo bench -p json-bench`).
//!
//! Every workload type derives both `serde::Serialize` and
//! `json_runtime::ToJson` with the same attributes, and every measurement
//! first checks that the bytes equal `serde_json`'s.

pub mod alloc;
pub mod check;
pub mod harness;
pub mod load;
pub mod options;
pub mod os_counters;
pub mod prng;
pub mod report;
pub mod workloads;

/// A value both serializers can write: `serde::Serialize` for serde_json
/// and sonic-rs, `json_runtime::ToJson` for this library.
pub trait Value: serde::Serialize + json_runtime::ToJson {}
impl<T: serde::Serialize + json_runtime::ToJson + ?Sized> Value for T {}
