//! String escaping through the public API, against serde_json.
//!
//! `single/*` encodes one string per call, as `to_vec(&s)`; its time
//! includes the 128-byte output allocation, which both libraries pay alike
//! and which is most of the time for 8- and 11-byte strings. On a busy
//! machine those cases swing by 20% or more between runs, as the two
//! libraries are timed one after the other.
//! `batch/*` encodes a slice of distinct strings of the same length in one
//! call, so the time is mostly escaping, and the branch predictor cannot
//! learn one string by heart.
//!
//! `clean` strings are printable ASCII only; `mixed` strings have about 5%
//! characters that need escaping and 5% non-ASCII characters.
//!
//! Run with
//! `cargo bench -p json-runtime --bench escape -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const LENGTHS: [usize; 5] = [8, 11, 32, 200, 5000];

/// Bytes of strings per batch, so every batch is about the same work.
const BATCH_BYTES: usize = 16 * 1024;

/// A small deterministic generator, so runs compare the same inputs.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    fn below(&mut self, n: u32) -> u32 {
        self.next() % n
    }
}

/// A string of exactly `len` bytes.
fn make_string(rng: &mut Lcg, len: usize, mixed: bool) -> String {
    const ESCAPED: [char; 6] = ['"', '\\', '\n', '\t', '\u{1}', '\u{1f}'];
    const NON_ASCII: [char; 4] = ['é', 'ß', '中', '😀'];
    let mut s = String::with_capacity(len);
    while s.len() < len {
        let roll = rng.below(100);
        let c = if mixed && roll < 5 {
            ESCAPED[rng.below(ESCAPED.len() as u32) as usize]
        } else if mixed && roll < 10 {
            NON_ASCII[rng.below(NON_ASCII.len() as u32) as usize]
        } else {
            // Printable ASCII that needs no escape: space to '~' minus '"' and '\'.
            loop {
                let c = (b' ' + rng.below(95) as u8) as char;
                if c != '"' && c != '\\' {
                    break c;
                }
            }
        };
        if s.len() + c.len_utf8() <= len {
            s.push(c);
        }
    }
    s
}

fn bench_escape(c: &mut Criterion) {
    let mut rng = Lcg(0x5eed);
    for (kind, mixed) in [("clean", false), ("mixed", true)] {
        let mut single = c.benchmark_group(format!("single/{kind}"));
        for len in LENGTHS {
            let s = make_string(&mut rng, len, mixed);
            assert_eq!(
                json_runtime::to_vec(s.as_str()).unwrap(),
                serde_json::to_vec(s.as_str()).unwrap(),
                "outputs differ for {s:?}",
            );
            single.throughput(Throughput::Bytes(len as u64));
            single.bench_with_input(BenchmarkId::new("json_runtime", len), &s, |b, s| {
                b.iter(|| json_runtime::to_vec(black_box(s.as_str())).unwrap())
            });
            single.bench_with_input(BenchmarkId::new("serde_json", len), &s, |b, s| {
                b.iter(|| serde_json::to_vec(black_box(s.as_str())).unwrap())
            });
        }
        single.finish();

        let mut batch = c.benchmark_group(format!("batch/{kind}"));
        for len in LENGTHS {
            let count = (BATCH_BYTES / len).max(4);
            let strings: Vec<String> = (0..count)
                .map(|_| make_string(&mut rng, len, mixed))
                .collect();
            assert_eq!(
                json_runtime::to_vec(&strings).unwrap(),
                serde_json::to_vec(&strings).unwrap(),
                "outputs differ for a batch of length {len}",
            );
            batch.throughput(Throughput::Bytes((count * len) as u64));
            batch.bench_with_input(BenchmarkId::new("json_runtime", len), &strings, |b, v| {
                b.iter(|| json_runtime::to_vec(black_box(v)).unwrap())
            });
            batch.bench_with_input(BenchmarkId::new("serde_json", len), &strings, |b, v| {
                b.iter(|| serde_json::to_vec(black_box(v)).unwrap())
            });
        }
        batch.finish();
    }
}

criterion_group!(benches, bench_escape);
criterion_main!(benches);
