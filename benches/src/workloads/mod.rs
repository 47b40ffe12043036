//! The workloads. Every type derives both `serde::Serialize` and
//! `json_runtime::ToJson` from the same `#[serde(...)]` attributes.

pub mod canada;
pub mod citm;
pub mod colleges;
pub mod mixed;
pub mod parallel;
pub mod products;
pub mod records;
pub mod twitter;

use std::path::PathBuf;

use serde::de::DeserializeOwned;

/// Environment variable naming the folder with the corpus files.
pub const DATA_ENV: &str = "JSON_BENCH_DATA";

/// The corpus folder: `$JSON_BENCH_DATA`, else `../shared/data` next to the
/// workspace root.
pub fn data_dir() -> PathBuf {
    match std::env::var_os(DATA_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data")),
    }
}

/// The three corpus files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corpus {
    /// `twitter.json`.
    Twitter,
    /// `citm_catalog.json`.
    Citm,
    /// `canada.json`.
    Canada,
}

impl Corpus {
    /// All corpora.
    pub const ALL: [Corpus; 3] = [Corpus::Twitter, Corpus::Citm, Corpus::Canada];

    /// The workload name.
    pub fn name(self) -> &'static str {
        match self {
            Corpus::Twitter => "twitter",
            Corpus::Citm => "citm_catalog",
            Corpus::Canada => "canada",
        }
    }

    /// The file name in [`data_dir`].
    pub fn file_name(self) -> &'static str {
        match self {
            Corpus::Twitter => "twitter.json",
            Corpus::Citm => "citm_catalog.json",
            Corpus::Canada => "canada.json",
        }
    }

    /// Reads and parses the file into `T`. `Err` says why (missing folder or
    /// file, or a parse error).
    pub fn load<T: DeserializeOwned>(self) -> Result<T, String> {
        let path = data_dir().join(self.file_name());
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::assert_same_bytes;
    use crate::Value;

    fn same<T: Value + ?Sized>(what: &str, value: &T) {
        let expected = serde_json::to_vec(value).unwrap();
        assert_same_bytes(what, &expected, &json_runtime::to_vec(value));
        let expected = serde_json::to_vec_pretty(value).unwrap();
        assert_same_bytes(what, &expected, &json_runtime::to_vec_pretty(value));
    }

    #[test]
    fn generated_workloads_match_serde_json() {
        same("colleges", &colleges::build(3));
        same("products", &products::build(100));
        same("records", &records::build(100));
        same("mixed", &mixed::build(1));
        same("mixed statuses", &mixed::statuses());
        let mut m = mixed::build(2);
        m.note = Some("present".to_owned());
        m.ratio = None;
        m.updated_at = None;
        same("mixed variations", &m);
    }

    #[test]
    fn corpora_match_serde_json() {
        if !data_dir().is_dir() {
            eprintln!("skipping: no data folder at {}", data_dir().display());
            return;
        }
        same(
            "twitter",
            &Corpus::Twitter.load::<twitter::Twitter>().unwrap(),
        );
        same(
            "citm_catalog",
            &Corpus::Citm.load::<citm::CitmCatalog>().unwrap(),
        );
        same(
            "canada",
            &Corpus::Canada.load::<canada::FeatureCollection>().unwrap(),
        );
    }
}
