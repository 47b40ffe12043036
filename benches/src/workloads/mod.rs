//! The workloads. Every type derives both `serde::Serialize` and
//! `json_runtime::ToJson` from the same `#[serde(...)]` attributes.

pub mod canada;
pub mod citm;
pub mod colleges;
pub mod links;
pub mod mixed;
pub mod parallel;
pub mod products;
pub mod records;
pub mod rustdoc;
pub mod shapes;
pub mod twitter;

use std::path::PathBuf;

use serde::de::DeserializeOwned;

/// Environment variable naming the folder with the corpus files.
pub const DATA_ENV: &str = "JSON_BENCH_DATA";

/// The corpora kept in the repository (see `benches/data/README.md`),
/// found from the crate's source folder so that any working directory will
/// do.
pub const DEFAULT_DATA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");

/// The corpus folder: `$JSON_BENCH_DATA` if set, else [`DEFAULT_DATA_DIR`].
pub fn data_dir() -> PathBuf {
    match std::env::var_os(DATA_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(DEFAULT_DATA_DIR),
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

    /// The name of the workload that writes the file parsed into a
    /// `serde_json::Value`: `value/` and [`name`](Self::name).
    pub fn value_name(self) -> &'static str {
        match self {
            Corpus::Twitter => "value/twitter",
            Corpus::Citm => "value/citm_catalog",
            Corpus::Canada => "value/canada",
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
        assert_same_bytes(what, &expected, &json_runtime::to_vec(value).unwrap());
        let expected = serde_json::to_vec_pretty(value).unwrap();
        assert_same_bytes(
            what,
            &expected,
            &json_runtime::to_vec_pretty(value).unwrap(),
        );
    }

    /// The types simd-json-derive can express are written by it as by
    /// serde_json: the main job times it as a like-for-like peer.
    fn simd_same<T: Value + simd_json_derive::Serialize + ?Sized>(what: &str, value: &T) {
        let expected = serde_json::to_vec(value).unwrap();
        assert_same_bytes(what, &expected, &value.json_vec().unwrap());
    }

    #[test]
    fn simd_json_derive_matches_serde_json() {
        simd_same("colleges", &colleges::build(3));
        simd_same("products", &products::build(100));
        simd_same("records", &records::build(100));
        simd_same(
            "twitter",
            &Corpus::Twitter.load::<twitter::Twitter>().unwrap(),
        );
        simd_same(
            "citm_catalog",
            &Corpus::Citm.load::<citm::CitmCatalog>().unwrap(),
        );
        simd_same(
            "canada",
            &Corpus::Canada.load::<canada::FeatureCollection>().unwrap(),
        );
    }

    #[test]
    fn generated_workloads_match_serde_json() {
        same("colleges", &colleges::build(3));
        same("products", &products::build(100));
        same("records", &records::build(100));
        same("links", &links::build(100));
        same("links native", &links::build_native(100));
        same("mixed", &mixed::build(1));
        same("mixed statuses", &mixed::statuses());
        same("rustdoc", &rustdoc::build(2_000));
        let mut m = mixed::build(2);
        m.note = Some("present".to_owned());
        m.ratio = None;
        m.updated_at = None;
        same("mixed variations", &m);
    }

    #[test]
    fn corpora_match_serde_json() {
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

    #[test]
    fn corpora_as_values_match_serde_json() {
        for corpus in Corpus::ALL {
            let value: serde_json::Value = corpus.load().unwrap();
            same(corpus.value_name(), &value);
            assert_eq!(corpus.value_name(), format!("value/{}", corpus.name()));
        }
    }
}
