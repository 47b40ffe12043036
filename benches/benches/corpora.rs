//! twitter.json, citm_catalog.json and canada.json, through typed structs,
//! read from `benches/data/` or `$JSON_BENCH_DATA`.

mod common;

use criterion::Criterion;
use json_bench::workloads::{canada, citm, twitter, Corpus};
use json_bench::Value;
use serde::de::DeserializeOwned;

fn corpus<T: Value + DeserializeOwned>(c: &mut Criterion, corpus: Corpus) {
    let value = corpus.load::<T>().unwrap_or_else(|e| panic!("{e}"));
    common::compact(&mut c.benchmark_group(corpus.name()), None, &value);
}

fn main() {
    let mut c = common::criterion();
    corpus::<twitter::Twitter>(&mut c, Corpus::Twitter);
    corpus::<citm::CitmCatalog>(&mut c, Corpus::Citm);
    corpus::<canada::FeatureCollection>(&mut c, Corpus::Canada);
    c.final_summary();
}
