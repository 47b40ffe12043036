//! `json_runtime::par`'s streaming forms hold only the chunks in flight: a
//! counting global allocator checks that writing 300 000 records, generated
//! on the fly by a parallel iterator, to a file peaks at a few chunks per
//! thread while the file grows to 20 MB; and that `par::to_vec` holds about
//! the output once, not the output and a copy.
//!
//! This binary has a single test so that no other test allocates while the
//! peak is measured (rayon's own threads are counted, as they should be).

use json_runtime::par::{self, Encoder, CHUNKS_PER_THREAD, CHUNK_BYTES};
use rayon::prelude::*;

use json_tests::heap::peak_during;
use json_tests::record::{record, Record};

#[global_allocator]
static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;

const RECORDS: u32 = 300_000;

#[test]
fn streaming_holds_only_the_chunks_in_flight() {
    // Build the pool before measuring: its threads' stacks and queues are
    // not part of an encoding.
    let threads = rayon::current_num_threads();
    // Queued and being encoded, the one being written, as many spare, and
    // chunks overshooting their target by up to a quarter.
    let bound = (2 * CHUNKS_PER_THREAD * threads + 2) * (CHUNK_BYTES + CHUNK_BYTES / 4) + (1 << 20);

    let mut file = tempfile::tempfile().unwrap();
    let generated = || (0..RECORDS).into_par_iter().map(|i| record(u64::from(i)));
    let peak = peak_during(|| Encoder::array().to_writer(&mut file, generated()).unwrap());
    let len = file.metadata().unwrap().len();
    eprintln!("par to_writer: {RECORDS} records, {len} bytes, peak heap {peak} bytes (bound {bound}, {threads} threads)");
    assert!(len > 15_000_000, "the file holds the whole array");
    assert!(
        peak < bound,
        "peak heap {peak} bytes for a {len}-byte array"
    );

    let mut file = tempfile::tempfile().unwrap();
    let peak = peak_during(|| Encoder::lines().to_writer(&mut file, generated()).unwrap());
    eprintln!("par lines: peak heap {peak} bytes");
    assert!(peak < bound, "peak heap {peak} bytes for JSON Lines");

    // A slice: the same bound, on top of the slice itself.
    let records: Vec<Record> = (0..u64::from(RECORDS)).map(record).collect();
    let mut file = tempfile::tempfile().unwrap();
    let peak = peak_during(|| par::to_writer(&mut file, &records).unwrap());
    eprintln!("par::to_writer of a slice: peak heap {peak} bytes");
    assert!(peak < bound, "peak heap {peak} bytes for a slice");

    // In memory: the output once (rounded up to whole 2 MiB, with the
    // estimate's margin), not the output and a copy of it.
    let mut out_len = 0;
    let peak = peak_during(|| out_len = par::to_vec(&records).unwrap().len());
    eprintln!("par::to_vec: {out_len} bytes, peak heap {peak} bytes");
    assert!(peak > out_len, "the output is counted");
    assert!(
        peak < out_len + out_len / 4 + bound,
        "peak heap {peak} bytes for {out_len} bytes of output"
    );
}
