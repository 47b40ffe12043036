//! Real I/O failures part-way through a file: the process's file size
//! limit (`RLIMIT_FSIZE`) makes the kernel refuse writes past a size with
//! `EFBIG`, as a full disk would refuse them with `ENOSPC`. This works as
//! root too, needs no special file system, and fails `write_file` after
//! part of the first 448 KiB chunk reached the temporary file.
//!
//! The limit applies to the whole process, so this binary holds one test.

#![cfg(unix)]

use std::ffi::OsString;
use std::fs;
use std::io;

use json_runtime::ToJson;

#[derive(serde::Serialize, ToJson)]
struct Row {
    id: u64,
    name: String,
    values: Vec<i64>,
}

fn rows(n: u64) -> Vec<Row> {
    (0..n)
        .map(|id| Row {
            id,
            name: format!("row {id}"),
            values: vec![id as i64, -(id as i64), 1 << 40],
        })
        .collect()
}

const LIMIT: u64 = 300_000;

/// Sets the soft file size limit, returning the old one.
fn set_file_size_limit(bytes: libc::rlim_t) -> libc::rlimit {
    // SAFETY: `getrlimit` writes into the zeroed `rlimit` it is given (all
    // zeros is a valid `rlimit`), `setrlimit` reads the one it is given;
    // both only act on this process's own limit.
    unsafe {
        let mut old = std::mem::zeroed::<libc::rlimit>();
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut old), 0);
        let new = libc::rlimit {
            rlim_cur: bytes.min(old.rlim_max),
            rlim_max: old.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &new), 0);
        old
    }
}

#[test]
fn file_size_limit_fails_writes_part_way() {
    // Without this, exceeding the limit kills the process with SIGXFSZ
    // instead of failing the write with EFBIG.
    // SAFETY: ignoring a signal installs no handler code; this test binary
    // has no other use for SIGXFSZ.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let small = rows(10);
    let large = rows(20_000);
    let large_len = serde_json::to_vec(&large).unwrap().len() as u64;
    assert!(large_len > 3 * LIMIT, "the document is {large_len} bytes");
    json_runtime::write_file(&path, &small).unwrap();
    let old = fs::read(&path).unwrap();

    let saved = set_file_size_limit(LIMIT);
    let compact = json_runtime::write_file(&path, &large);
    let pretty = json_runtime::Options::new()
        .pretty()
        .write_file(&path, &large);
    let lines = json_runtime::fs::write_with(&path, |file| {
        json_runtime::Options::new().to_writer_lines(file, &large)
    });
    // A streaming writer into a plain file fails the same way.
    let mut plain = tempfile::tempfile().unwrap();
    let streamed = json_runtime::Options::new().to_writer_array(&mut plain, &large);
    let plain_len = plain.metadata().unwrap().len();
    // Still under the limit: succeeds.
    let fits = json_runtime::write_file(dir.path().join("small.json"), &small);
    // SAFETY: restores the limit read above; `setrlimit` only reads it.
    unsafe {
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &saved), 0);
    }

    let efbig = io::Error::from_raw_os_error(libc::EFBIG);
    for (what, result) in [("compact", compact), ("pretty", pretty), ("lines", lines)] {
        let err = result.expect_err(what);
        assert_eq!(err.io_error_kind(), Some(efbig.kind()), "{what}: {err}");
        assert!(
            err.to_string()
                .starts_with(&format!("writing {}: ", path.display())),
            "{what}: {err}"
        );
        // The system's error code itself is kept.
        let cause = err.write_file_error().expect(what);
        assert_eq!(cause.io_error().raw_os_error(), Some(libc::EFBIG), "{what}");
        assert_eq!(cause.path(), path);
        assert_eq!(
            fs::read(&path).unwrap(),
            old,
            "{what}: the old file changed"
        );
    }
    let err = streamed.expect_err("to_writer_array into a plain file");
    assert_eq!(
        err.io_error().and_then(io::Error::raw_os_error),
        Some(libc::EFBIG)
    );
    assert_eq!(plain_len, LIMIT, "every byte up to the limit was written");
    fits.unwrap();

    let mut names: Vec<OsString> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["doc.json", "small.json"],
        "no temporary file is left"
    );
}
