//! twitter.json, citm_catalog.json and canada.json, through typed structs.
//! Skipped, with a message, when the data folder is absent.

mod common;

use criterion::Criterion;
use json_bench::workloads::{canada, citm, data_dir, twitter, Corpus, DATA_ENV};
use json_bench::Value;
use serde::de::DeserializeOwned;

fn corpus<T: Value + DeserializeOwned>(c: &mut Criterion, corpus: Corpus) {
    match corpus.load::<T>() {
        Ok(value) => common::compact(&mut c.benchmark_group(corpus.name()), None, &value),
        Err(e) => eprintln!("skipping {}: {e}", corpus.name()),
    }
}

fn main() {
    let mut c = common::criterion();
    let dir = data_dir();
    if !dir.is_dir() {
        eprintln!(
            "skipping corpora: data folder {} not found; set {DATA_ENV} to the folder holding twitter.json, citm_catalog.json and canada.json",
            dir.display()
        );
        return;
    }
    corpus::<twitter::Twitter>(&mut c, Corpus::Twitter);
    corpus::<citm::CitmCatalog>(&mut c, Corpus::Citm);
    corpus::<canada::FeatureCollection>(&mut c, Corpus::Canada);
    c.final_summary();
}
