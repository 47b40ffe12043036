//! `write_file` and its siblings on what is not a regular file: devices and
//! FIFOs are written in place and stay what they were, symbolic links are
//! followed and keep pointing at the new contents, and a dangling link or a
//! socket is refused. Every file writer goes through the same code, so each
//! case is checked through several of them.

#![cfg(unix)]

use std::ffi::CString;
use std::fs;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{symlink, FileTypeExt, PermissionsExt};
use std::path::Path;
use std::thread;

use json_runtime::Options;
use json_tests::{assert_only, serde_compact, serde_pretty};

/// Big enough to pass through the output buffer more than once (about
/// 600 KB compact).
const ROWS: u32 = 30_000;

fn rows() -> Vec<(u32, String)> {
    (0..ROWS).map(|i| (i, format!("row {i}"))).collect()
}

/// Every file writer, each writing [`rows`] in its own way, with the bytes
/// serde_json gives for that way.
fn writers() -> Vec<(&'static str, WriteFn, Vec<u8>)> {
    let v = rows();
    let lines: Vec<u8> = v
        .iter()
        .flat_map(|row| {
            let mut line = serde_compact(row);
            line.push(b'\n');
            line
        })
        .collect();
    vec![
        (
            "write_file",
            |p, v| json_runtime::write_file(p, v),
            serde_compact(&v),
        ),
        (
            "write_file_pretty",
            |p, v| json_runtime::Options::new().pretty().write_file(p, v),
            serde_pretty(&v),
        ),
        (
            "write_file_with",
            |p, v| json_runtime::fs::write_with(p, |f| json_runtime::to_writer(f, v)),
            serde_compact(&v),
        ),
        (
            "Options::write_file",
            |p, v| Options::new().pretty().write_file(p, v),
            serde_pretty(&v),
        ),
        (
            "par::write_file",
            |p, v| json_runtime::par::write_file(p, v),
            serde_compact(&v),
        ),
        (
            "par::write_file_lines",
            |p, v| json_runtime::par::write_file_lines(p, v),
            lines,
        ),
    ]
}

type WriteFn = fn(&Path, &Vec<(u32, String)>) -> Result<(), json_runtime::Error>;

#[test]
fn dev_null_is_written_through_and_stays_a_device() {
    let v = rows();
    for (name, write, _) in writers() {
        write(Path::new("/dev/null"), &v).unwrap_or_else(|e| panic!("{name}: {e}"));
        let meta = fs::metadata("/dev/null").unwrap();
        assert!(
            meta.file_type().is_char_device(),
            "{name} replaced /dev/null"
        );
    }
}

/// `/dev/full` accepts the open and fails every write with `ENOSPC`; as
/// root, replacing it would have succeeded (root may rename in `/dev`).
#[test]
fn dev_full_returns_enospc_and_is_not_replaced() {
    let v = rows();
    for (name, write, _) in writers() {
        let err = write(Path::new("/dev/full"), &v).unwrap_err();
        let cause = err.write_file_error().expect("names the path");
        assert_eq!(cause.path(), Path::new("/dev/full"));
        assert_eq!(
            cause.io_error().raw_os_error(),
            Some(libc::ENOSPC),
            "{name}: {err}"
        );
        let meta = fs::metadata("/dev/full").unwrap();
        assert!(
            meta.file_type().is_char_device(),
            "{name} replaced /dev/full"
        );
    }
}

fn mkfifo(path: &Path) {
    let c = CString::new(path.as_os_str().as_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path that outlives the call.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(rc, 0, "mkfifo: {}", io::Error::last_os_error());
}

#[test]
fn fifo_receives_the_bytes_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.json");
    mkfifo(&fifo);
    let v = rows();
    for (name, write, expected) in writers() {
        let reader = {
            let fifo = fifo.clone();
            thread::spawn(move || {
                let mut got = Vec::new();
                fs::File::open(&fifo)
                    .unwrap()
                    .read_to_end(&mut got)
                    .unwrap();
                got
            })
        };
        write(&fifo, &v).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got = reader.join().unwrap();
        assert!(got == expected, "{name}: {} bytes read", got.len());
        assert!(
            fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(),
            "{name}"
        );
        assert_only(dir.path(), &["out.json"]);
    }
}

#[test]
fn symlink_to_a_regular_file_replaces_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let real_dir = dir.path().join("real");
    let link_dir = dir.path().join("links");
    fs::create_dir_all(&real_dir).unwrap();
    fs::create_dir_all(&link_dir).unwrap();
    let target = real_dir.join("config.json");
    fs::write(&target, b"old").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
    // A relative link, and a link to that link.
    let link = link_dir.join("config.json");
    symlink("../real/config.json", &link).unwrap();
    let chain = link_dir.join("chain.json");
    symlink("config.json", &chain).unwrap();
    let v = rows();
    for (name, write, expected) in writers() {
        for path in [&link, &chain] {
            fs::write(&target, b"old").unwrap();
            write(path, &v).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(fs::read(&target).unwrap() == expected, "{name}");
            assert!(fs::read(path).unwrap() == expected, "{name}");
            let meta = fs::symlink_metadata(path).unwrap();
            assert!(meta.file_type().is_symlink(), "{name} replaced the link");
            assert_eq!(
                fs::read_link(&link).unwrap(),
                Path::new("../real/config.json")
            );
            assert_eq!(fs::read_link(&chain).unwrap(), Path::new("config.json"));
            let mode = fs::metadata(&target).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640, "{name}: the target's mode is kept, {mode:o}");
            // The temporary file was made beside the target, and is gone.
            assert_only(&real_dir, &["config.json"]);
            assert_only(&link_dir, &["chain.json", "config.json"]);
        }
    }
}

#[test]
fn a_failed_write_through_a_link_keeps_the_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.json");
    let link = dir.path().join("link.json");
    fs::write(&target, b"old").unwrap();
    symlink("target.json", &link).unwrap();
    let err =
        json_runtime::fs::write_with(&link, |_| Err(io::Error::other("no").into())).unwrap_err();
    assert_eq!(err.to_string(), format!("writing {}: no", link.display()));
    assert_eq!(fs::read(&target).unwrap(), b"old");
    assert_only(dir.path(), &["link.json", "target.json"]);
}

#[test]
fn symlink_to_a_device_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("null.json");
    symlink("/dev/null", &link).unwrap();
    let v = rows();
    for (name, write, _) in writers() {
        write(&link, &v).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
        assert_only(dir.path(), &["null.json"]);
    }
}

/// `/dev/stdout` of a process whose standard output is a pipe: a chain of
/// links (`/dev/stdout`, `/proc/self/fd/1`) to the pipe, written through.
#[cfg(target_os = "linux")]
#[test]
fn proc_fd_link_to_a_pipe_is_written_through() {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors `pipe` writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just opened and are owned here only.
    let (read_end, write_end) = unsafe {
        use std::os::fd::FromRawFd;
        (fs::File::from_raw_fd(fds[0]), fs::File::from_raw_fd(fds[1]))
    };
    let reader = thread::spawn(move || {
        let mut got = Vec::new();
        let mut read_end = read_end;
        read_end.read_to_end(&mut got).unwrap();
        got
    });
    let path = format!("/proc/self/fd/{}", fds[1]);
    let v = rows();
    json_runtime::write_file(&path, &v).unwrap();
    drop(write_end);
    assert!(reader.join().unwrap() == serde_compact(&v));
}

#[test]
fn dangling_symlink_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("out.json");
    symlink("missing/target.json", &link).unwrap();
    fs::create_dir(dir.path().join("missing")).unwrap();
    let v = rows();
    for (name, write, _) in writers() {
        let err = write(&link, &v).unwrap_err();
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::NotFound), "{name}");
        let message = err.to_string();
        assert_eq!(
            message,
            format!(
                "writing {}: the path is a symbolic link to missing/target.json, which does not exist",
                link.display()
            ),
        );
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_only(&dir.path().join("missing"), &[]);
        assert_only(dir.path(), &["missing", "out.json"]);
    }
}

#[test]
fn socket_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sock");
    let _listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    let err = json_runtime::write_file(&path, &1).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidInput));
    assert!(err.to_string().contains("socket"), "{err}");
    assert!(fs::symlink_metadata(&path).unwrap().file_type().is_socket());
    assert_only(dir.path(), &["s.sock"]);
}
