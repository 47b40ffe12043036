//! Streaming a lazily generated sequence of a million records to a file
//! holds flat memory: a counting global allocator checks that the peak heap
//! stays within the 512 KiB output buffer plus the record being encoded
//! while the file grows to about 100 MB.
//!
//! This binary has a single test so that no other test thread allocates
//! while the peak is measured.

use std::io::{BufRead, BufReader, Read, Seek};

use json_tests::heap::peak_during;
use json_tests::record::{record, Record};

#[global_allocator]
static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;

const RECORDS: u64 = 1_000_000;
/// The output buffer's bound, plus room for the record being encoded.
const LIMIT: usize = 512 * 1024 + 4 * 1024;

fn file_len(file: &std::fs::File) -> u64 {
    file.metadata().unwrap().len()
}

#[test]
fn million_records_stream_to_a_file_in_flat_memory() {
    let mut file = tempfile::tempfile().unwrap();

    // Compact array.
    let peak = peak_during(|| {
        json_runtime::Options::new()
            .to_writer_array(&mut file, (0..RECORDS).map(record))
            .unwrap();
    });
    let len = file_len(&file);
    eprintln!("to_writer_array: {RECORDS} records, {len} bytes, peak heap {peak} bytes");
    assert!(len > 50_000_000, "the file holds the whole array");
    assert!(
        peak < LIMIT,
        "peak heap {peak} bytes for a {len}-byte array"
    );

    // Spot-check the file: its start and end equal serde_json's for the
    // same records.
    file.rewind().unwrap();
    let mut head = vec![0; 200];
    file.read_exact(&mut head).unwrap();
    let first_two = serde_json::to_vec(&[record(0), record(1)]).unwrap();
    assert_eq!(
        head[..first_two.len() - 1],
        first_two[..first_two.len() - 1]
    );
    let last = serde_json::to_vec(&record(RECORDS - 1)).unwrap();
    file.seek(std::io::SeekFrom::End(-(last.len() as i64 + 2)))
        .unwrap();
    let mut tail = Vec::new();
    file.read_to_end(&mut tail).unwrap();
    assert_eq!(tail[0], b',');
    assert_eq!(tail[1..tail.len() - 1], last[..]);
    assert_eq!(tail.last(), Some(&b']'));

    // Pretty array, into a fresh file.
    let mut file = tempfile::tempfile().unwrap();
    let peak = peak_during(|| {
        json_runtime::Options::new()
            .pretty()
            .to_writer_array(&mut file, (0..RECORDS).map(record))
            .unwrap();
    });
    let len = file_len(&file);
    eprintln!("to_writer_array_pretty: {len} bytes, peak heap {peak} bytes");
    assert!(
        peak < LIMIT,
        "peak heap {peak} bytes for a {len}-byte pretty array"
    );

    // JSON Lines, then count the lines.
    let mut file = tempfile::tempfile().unwrap();
    let peak = peak_during(|| {
        json_runtime::Options::new()
            .to_writer_lines(&mut file, (0..RECORDS).map(record))
            .unwrap();
    });
    let len = file_len(&file);
    eprintln!("to_writer_lines: {len} bytes, peak heap {peak} bytes");
    assert!(
        peak < LIMIT,
        "peak heap {peak} bytes for {len} bytes of lines"
    );
    file.rewind().unwrap();
    let mut lines = BufReader::new(&mut file).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first.as_bytes(), serde_json::to_vec(&record(0)).unwrap());
    assert_eq!(lines.count() as u64, RECORDS - 1);

    // The measure itself is sound: collecting the records first is far
    // above the limit.
    let peak = peak_during(|| {
        let all: Vec<Record> = (0..RECORDS / 10).map(record).collect();
        std::hint::black_box(&all);
    });
    assert!(peak > LIMIT, "collecting counted only {peak} bytes");
}
