//! `write_file`, `Options::write_file` and `fs::write_with`: the file holds
//! serde_json's bytes, and whatever fails part-way (the encoder panicking,
//! the rename, the folder) leaves the old file as it was and no temporary
//! file behind.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, ToJson, ValueWriter, Written};
use json_tests::{assert_only, entries, serde_compact, serde_pretty};

#[derive(serde::Serialize, ToJson)]
struct Doc {
    title: String,
    rows: Vec<Row>,
}

#[derive(serde::Serialize, ToJson)]
struct Row {
    id: u32,
    cells: Vec<f64>,
    note: Option<String>,
}

/// About `rows` × 120 bytes compact.
fn doc(rows: u32) -> Doc {
    Doc {
        title: "t\u{e9}st \"doc\"".into(),
        rows: (0..rows)
            .map(|id| Row {
                id,
                cells: vec![id as f64 / 3.0, -1.5, 1e300],
                note: (id % 2 == 0).then(|| format!("row {id}\n")),
            })
            .collect(),
    }
}

#[test]
fn writes_compact_and_pretty() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let value = doc(3000);
    json_runtime::write_file(&path, &value).unwrap();
    assert!(fs::read(&path).unwrap() == serde_compact(&value));
    json_runtime::Options::new()
        .pretty()
        .write_file(&path, &value)
        .unwrap();
    assert!(fs::read(&path).unwrap() == serde_pretty(&value));
    assert_only(dir.path(), &["doc.json"]);
}

#[test]
fn replaces_an_existing_file_of_any_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, vec![b'x'; 1_000_000]).unwrap();
    json_runtime::write_file(&path, &[1, 2]).unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"[1,2]");
    json_runtime::write_file(&path, &BTreeMap::<String, u8>::new()).unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"{}");
    assert_only(dir.path(), &["doc.json"]);
}

#[test]
fn accepts_str_string_and_pathbuf() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.json");
    json_runtime::write_file(path.to_str().unwrap(), "s").unwrap();
    let owned: String = path.to_str().unwrap().into();
    json_runtime::write_file(owned, &'c').unwrap();
    json_runtime::write_file(path.clone(), &None::<u8>).unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"null");
}

#[test]
fn missing_folder_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no/such/folder/doc.json");
    let err = json_runtime::write_file(&path, &1).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::NotFound));
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("writing {}: ", path.display())),
        "{message}"
    );
    assert_only(dir.path(), &[]);
}

#[test]
fn path_without_file_name_is_rejected() {
    let err = json_runtime::write_file("/", &1).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidInput));
    let dir = tempfile::tempdir().unwrap();
    let err = json_runtime::write_file(dir.path().join(".."), &1).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidInput));
    assert_only(dir.path(), &[]);
}

/// The JSON encodes and is synced completely; only the final rename fails,
/// because the target is a folder that is not empty.
#[test]
fn failed_rename_keeps_the_target_and_removes_the_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("doc.json");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), b"keep").unwrap();

    let err = json_runtime::write_file(&target, &doc(3000)).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("writing {}: ", target.display())),
        "{err}"
    );
    assert_ne!(err.io_error_kind(), Some(io::ErrorKind::NotFound));
    assert_eq!(fs::read(target.join("inside")).unwrap(), b"keep");
    assert_only(dir.path(), &["doc.json"]);
}

/// A `ToJson` impl that panics after writing `after` elements.
struct PanicsPartWay {
    after: usize,
}

impl ToJson for PanicsPartWay {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.into_writer();
        w.begin_array();
        for i in 0..self.after {
            w.array_value(i == 0);
            w.write_str("a string of some length, so that the buffer drains");
            w.flush_point();
        }
        panic!("encoder failed after {} elements", self.after);
    }
}

#[test]
fn panicking_encoder_keeps_the_old_file_and_removes_the_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, b"old contents").unwrap();
    // 0 elements: nothing written yet; 20 000: the buffer drained to the
    // temporary file before the panic.
    for after in [0, 1, 20_000] {
        let result = catch_unwind(AssertUnwindSafe(|| {
            json_runtime::write_file(&path, &PanicsPartWay { after })
        }));
        assert!(result.is_err(), "the panic propagates");
        assert_eq!(fs::read(&path).unwrap(), b"old contents");
        assert_only(dir.path(), &["doc.json"]);
    }
}

#[test]
fn write_file_with_error_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, b"[]").unwrap();
    let err = json_runtime::fs::write_with(&path, |file| {
        json_runtime::to_writer(&mut *file, &doc(3000))?;
        Err(io::Error::new(io::ErrorKind::InvalidData, "checksum mismatch").into())
    })
    .unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidData));
    assert_eq!(
        err.to_string(),
        format!("writing {}: checksum mismatch", path.display())
    );
    assert_eq!(fs::read(&path).unwrap(), b"[]");
    assert_only(dir.path(), &["doc.json"]);
}

/// Readers never see a partial file, and concurrent writers never share a
/// temporary file: the result is one writer's complete document.
#[test]
fn concurrent_writers_and_readers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let docs: Vec<Vec<u8>> = (0..4).map(|i| serde_compact(&doc(500 + i * 100))).collect();
    json_runtime::write_file(&path, &doc(500)).unwrap();
    std::thread::scope(|s| {
        for i in 0..4u32 {
            let path = &path;
            s.spawn(move || {
                for _ in 0..10 {
                    json_runtime::write_file(path, &doc(500 + i * 100)).unwrap();
                }
            });
        }
        s.spawn(|| {
            for _ in 0..200 {
                let read = fs::read(&path).unwrap();
                assert!(docs.contains(&read), "a reader saw a partial file");
            }
        });
    });
    assert!(docs.contains(&fs::read(&path).unwrap()));
    assert_only(dir.path(), &["doc.json"]);
}

/// As root, permissions do not stop writes, so this only runs as another
/// user: a folder without write permission fails at creating the
/// temporary file, and the old file stays.
#[cfg(unix)]
#[test]
fn read_only_folder() {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: `geteuid` only reads the process's credentials.
    if unsafe { libc::geteuid() } == 0 {
        eprintln!("skipped: root ignores folder permissions");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, b"old").unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).unwrap();
    let err = json_runtime::write_file(&path, &doc(10)).unwrap_err();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::PermissionDenied));
    assert_eq!(fs::read(&path).unwrap(), b"old");
    assert_only(dir.path(), &["doc.json"]);
}

/// The temporary files in `dir` for the target `name`, as the closure of
/// `fs::write_with` sees them while it runs.
fn temp_files(dir: &Path, name: &str) -> Vec<std::path::PathBuf> {
    let prefix = format!(".{name}.");
    let mut found: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with(&prefix) && n.ends_with(".tmp")
        })
        .collect();
    found.sort();
    found
}

#[cfg(unix)]
fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// The temporary file has the target's mode from the moment it exists:
/// inside the closure, and for any mode the umask would narrow.
#[cfg(unix)]
#[test]
fn temporary_file_has_the_targets_mode_while_written() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("secret.json");
    // What `File::create` gives here: 0666 minus this process's umask.
    let probe = dir.path().join("probe");
    fs::File::create(&probe).unwrap();
    let created = mode_of(&probe);
    fs::remove_file(&probe).unwrap();

    for mode in [0o600, 0o640, 0o604, 0o666, 0o755] {
        fs::write(&path, b"{}").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        json_runtime::fs::write_with(&path, |file| {
            let temps = temp_files(dir.path(), "secret.json");
            assert_eq!(temps.len(), 1);
            assert_eq!(mode_of(&temps[0]), mode, "temporary file for {mode:o}");
            assert_eq!(file.metadata().unwrap().permissions().mode() & 0o7777, mode);
            json_runtime::to_writer(file, &[1])
        })
        .unwrap();
        assert_eq!(mode_of(&path), mode);
    }

    // A new file gets what `File::create` gives.
    fs::remove_file(&path).unwrap();
    json_runtime::fs::write_with(&path, |file| {
        let temps = temp_files(dir.path(), "secret.json");
        assert_eq!(mode_of(&temps[0]), created);
        json_runtime::to_writer(file, &[2])
    })
    .unwrap();
    assert_eq!(mode_of(&path), created);
}

/// Another user cannot open the temporary file of a 0600 target while it
/// is written: a child process with uid 65534 (`nobody`) gets "permission
/// denied". Needs root to change the uid, as CI has; skipped otherwise.
#[cfg(target_os = "linux")]
#[test]
fn another_user_cannot_read_the_temporary_file() {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::PermissionsExt;

    // SAFETY: `geteuid` only reads the process's credentials.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: only root can start a process as another user");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Let others reach the files, so only the file's own mode decides.
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let path = dir.path().join("secret.json");
    fs::write(&path, b"{\"token\":\"old\"}").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();

    /// Opens `path` for reading as uid and gid 65534 in a forked child and
    /// returns its `errno`, 0 when the open succeeded.
    fn open_as_nobody(path: &Path) -> i32 {
        let c_path = CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: the child calls only async-signal-safe functions
        // (`setgid`, `setuid`, `open`, `__errno_location`, `_exit`) on
        // data prepared before the fork, as required after forking a
        // multi-threaded process; the parent waits for it.
        unsafe {
            let pid = libc::fork();
            assert!(pid >= 0, "fork failed");
            if pid == 0 {
                if libc::setgid(65534) != 0 || libc::setuid(65534) != 0 {
                    libc::_exit(255);
                }
                let fd = libc::open(c_path.as_ptr(), libc::O_RDONLY);
                libc::_exit(if fd >= 0 {
                    0
                } else {
                    *libc::__errno_location()
                });
            }
            let mut status = 0;
            assert_eq!(libc::waitpid(pid, &mut status, 0), pid);
            assert!(libc::WIFEXITED(status));
            let code = libc::WEXITSTATUS(status);
            assert_ne!(code, 255, "the child could not change its uid");
            code
        }
    }

    // The check itself works: a world-readable file can be opened.
    let open = dir.path().join("public.json");
    fs::write(&open, b"{}").unwrap();
    fs::set_permissions(&open, fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(open_as_nobody(&open), 0);

    json_runtime::fs::write_with(&path, |file| {
        let temps = temp_files(dir.path(), "secret.json");
        assert_eq!(temps.len(), 1);
        assert_eq!(open_as_nobody(&temps[0]), libc::EACCES);
        json_runtime::to_writer(file, &("token", "new"))
    })
    .unwrap();
    assert_eq!(open_as_nobody(&path), libc::EACCES);
    assert_eq!(fs::read(&path).unwrap(), br#"["token","new"]"#);
}

/// Watches the folder with inotify while a 0600 file is rewritten many
/// times, and looks at each temporary file as soon as it appears: none is
/// ever readable by group or others. Creating the file first and changing
/// its mode afterwards would show its umask mode in that window.
#[cfg(target_os = "linux")]
#[test]
fn no_moment_where_the_temporary_file_is_readable_by_others() {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::PermissionsExt;
    use std::sync::atomic::{AtomicBool, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("secret.json");
    fs::write(&path, b"{}").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();

    let c_dir = CString::new(dir.path().as_os_str().as_bytes()).unwrap();
    // SAFETY: plain system calls on a valid C string; the descriptor is
    // closed below.
    let fd = unsafe { libc::inotify_init1(libc::IN_CLOEXEC) };
    assert!(fd >= 0);
    // SAFETY: as above.
    let watch = unsafe { libc::inotify_add_watch(fd, c_dir.as_ptr(), libc::IN_CREATE) };
    assert!(watch >= 0);

    let done = AtomicBool::new(false);
    let modes_seen = std::thread::scope(|s| {
        let watcher = s.spawn(|| {
            let mut seen = Vec::new();
            let mut events = [0u8; 64 * 1024];
            while !done.load(Ordering::Acquire) {
                // SAFETY: reads into a buffer of the length given.
                let n = unsafe { libc::read(fd, events.as_mut_ptr().cast(), events.len()) };
                assert!(n > 0, "inotify read failed");
                let mut at = 0;
                while at < n as usize {
                    // struct inotify_event: wd, mask, cookie, len, name[len].
                    let len = u32::from_ne_bytes(events[at + 12..at + 16].try_into().unwrap());
                    let name = &events[at + 16..at + 16 + len as usize];
                    let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                    at += 16 + len as usize;
                    if name.starts_with(b".secret.json.") {
                        let temp = dir.path().join(std::ffi::OsStr::from_bytes(name));
                        if let Ok(meta) = fs::metadata(&temp) {
                            seen.push(meta.permissions().mode() & 0o777);
                        }
                    }
                }
            }
            seen
        });
        for i in 0..300 {
            json_runtime::write_file(&path, &[i]).unwrap();
        }
        done.store(true, Ordering::Release);
        // Wakes the watcher for its last read.
        fs::write(dir.path().join("stop"), b"").unwrap();
        watcher.join().unwrap()
    });
    // SAFETY: closes the descriptor opened above, used by no one now.
    unsafe { libc::close(fd) };
    eprintln!("{} temporary files seen", modes_seen.len());
    for mode in &modes_seen {
        assert_eq!(mode & 0o077, 0, "a temporary file had mode {mode:o}");
    }
    assert_eq!(mode_of(&path), 0o600);
}

/// File names of 244 to 255 bytes, the longest most file systems allow,
/// ASCII and multi-byte: the temporary name is cut to fit, where
/// `.{name}.{random}.tmp` would be too long.
#[test]
fn names_up_to_255_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for len in [244, 250, 254, 255] {
        names.push(format!("{}.json", "a".repeat(len - 5)));
    }
    // 125 × 2 + 5 = 255 bytes, and 84 × 3 + 3 = 255 with a cut inside
    // a three-byte character.
    names.push(format!("{}.json", "é".repeat(125)));
    names.push(format!("{}.js", "中".repeat(84)));
    for name in &names {
        assert!(name.len() >= 244 && name.len() <= 255);
        let path = dir.path().join(name);
        // std can write it, so must we.
        fs::write(&path, b"old").unwrap();
        json_runtime::write_file(&path, &doc(3)).unwrap();
        assert!(fs::read(&path).unwrap() == serde_compact(&doc(3)), "{name}");
        json_runtime::Options::new()
            .pretty()
            .write_file(&path, &doc(3))
            .unwrap();
        assert!(fs::read(&path).unwrap() == serde_pretty(&doc(3)), "{name}");
        // A failure with such a name still cleans up.
        let err = json_runtime::fs::write_with(&path, |_| Err(io::Error::other("no").into()))
            .unwrap_err();
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::Other));
        fs::remove_file(&path).unwrap();
        assert_only(dir.path(), &[]);
    }
}

/// Temporary names are random: files made in advance under the names an
/// earlier version predicted (`.{name}.{pid}.{counter}.tmp`) do not stop
/// a write, and two writes use different names.
#[test]
fn predictable_temporary_names_do_not_block_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    let pid = std::process::id();
    for n in 0..1000 {
        fs::write(dir.path().join(format!(".t.json.{pid}.{n}.tmp")), b"").unwrap();
    }
    json_runtime::write_file(&path, &[1, 2]).unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"[1,2]");
    assert_eq!(entries(dir.path()).len(), 1001, "the decoys are untouched");

    let mut names = Vec::new();
    for _ in 0..2 {
        json_runtime::fs::write_with(&path, |file| {
            let before: Vec<_> = entries(dir.path());
            names.push(before);
            json_runtime::to_writer(file, &3)
        })
        .unwrap();
    }
    let new_names = |list: &Vec<OsString>| -> Vec<OsString> {
        list.iter()
            .filter(|n| {
                let n = n.to_string_lossy();
                n.starts_with(".t.json.") && !n.contains(&pid.to_string())
            })
            .cloned()
            .collect()
    };
    let (first, second) = (new_names(&names[0]), new_names(&names[1]));
    assert_eq!((first.len(), second.len()), (1, 1));
    assert_ne!(first, second);
    assert!(!first[0].to_string_lossy().contains(&pid.to_string()));
}

/// The error from the operating system is still there, with its errno.
#[cfg(unix)]
#[test]
fn the_os_error_code_is_reachable() {
    use json_runtime::WriteFileError;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing/doc.json");
    let err = json_runtime::write_file(&path, &1).unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::NotFound));
    assert_eq!(
        err.to_string(),
        format!(
            "writing {}: {}",
            path.display(),
            io::Error::from_raw_os_error(libc::ENOENT)
        )
    );
    let cause = err.write_file_error().expect("a WriteFileError inside");
    assert_eq!(cause.path(), path);
    assert_eq!(cause.io_error().raw_os_error(), Some(libc::ENOENT));
    // As the error chain's source, too.
    let source = std::error::Error::source(&err).expect("a source");
    let source = source.downcast_ref::<io::Error>().expect("the io::Error");
    assert_eq!(source.raw_os_error(), Some(libc::ENOENT));
    // And by value, through the `io::Error` that `?` makes of it.
    let err = io::Error::from(err);
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    assert_eq!(WriteFileError::of(&err).unwrap().path(), path);
    let inner = err
        .into_inner()
        .unwrap()
        .downcast::<WriteFileError>()
        .unwrap();
    assert_eq!(inner.into_io_error().raw_os_error(), Some(libc::ENOENT));

    // Other errors are not mistaken for one.
    assert!(WriteFileError::of(&io::Error::other("x")).is_none());
    assert!(WriteFileError::of(&io::Error::from(io::ErrorKind::NotFound)).is_none());
}

/// A custom error returned by `fs::write_with`'s closure comes back whole
/// and can be downcast.
#[test]
fn a_custom_error_from_the_closure_can_be_downcast() {
    #[derive(Debug, PartialEq)]
    struct Mismatch {
        expected: u32,
        found: u32,
    }
    impl std::fmt::Display for Mismatch {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "checksum {} != {}", self.found, self.expected)
        }
    }
    impl std::error::Error for Mismatch {}

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    fs::write(&path, b"[]").unwrap();
    let err = json_runtime::fs::write_with(&path, |file| {
        json_runtime::to_writer(&mut *file, &doc(10))?;
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            Mismatch {
                expected: 1,
                found: 2,
            },
        )
        .into())
    })
    .unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidData));
    assert_eq!(
        err.to_string(),
        format!("writing {}: checksum 2 != 1", path.display())
    );
    let inner = err.write_file_error().unwrap().io_error();
    assert_eq!(inner.kind(), io::ErrorKind::InvalidData);
    let mismatch = inner.get_ref().unwrap().downcast_ref::<Mismatch>().unwrap();
    assert_eq!(
        mismatch,
        &Mismatch {
            expected: 1,
            found: 2
        }
    );
    assert_eq!(fs::read(&path).unwrap(), b"[]");
}

/// The env var that makes [`killed_writer_child`] abort mid-write.
const KILLED_CHILD: &str = "JSON_RUNTIME_FILES_KILLED_WRITER";

/// Only does something in the child process started by
/// [`stale_temporary_files_are_removed_on_request`]: it starts replacing
/// the file named by the env var and aborts the process half-way, as a
/// `SIGKILL` would stop it, so its temporary file stays behind.
#[test]
fn killed_writer_child() {
    let Some(path) = std::env::var_os(KILLED_CHILD) else {
        return;
    };
    let _ = json_runtime::fs::write_with(Path::new(&path), |file| {
        io::Write::write_all(file, b"[1,2,")?;
        std::process::abort();
    });
}

#[test]
fn stale_temporary_files_are_removed_on_request() {
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    json_runtime::write_file(&path, &[1]).unwrap();
    fs::write(dir.path().join(".state.json.bak"), b"keep").unwrap();
    fs::write(dir.path().join(".other.json.abcdefghijkl.tmp"), b"keep").unwrap();
    for _ in 0..2 {
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "killed_writer_child", "--test-threads=1"])
            .env(KILLED_CHILD, &path)
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(!status.success(), "the child was not stopped");
    }
    let left = temp_files(dir.path(), "state.json");
    assert_eq!(left.len(), 2, "what a killed writer leaves behind");
    assert_eq!(fs::read(&path).unwrap(), b"[1]");

    // Fresh files are not old enough.
    let removed =
        json_runtime::fs::remove_stale_temp_files(&path, Duration::from_secs(3600)).unwrap();
    assert_eq!(removed, 0);
    assert_eq!(temp_files(dir.path(), "state.json"), left);

    let removed = json_runtime::fs::remove_stale_temp_files(&path, Duration::ZERO).unwrap();
    assert_eq!(removed, 2);
    assert_only(
        dir.path(),
        &[
            ".other.json.abcdefghijkl.tmp",
            ".state.json.bak",
            "state.json",
        ],
    );
    assert_eq!(fs::read(&path).unwrap(), b"[1]");

    // Long names are found too.
    let long = dir.path().join(format!("{}.json", "n".repeat(250)));
    fs::write(&long, b"[]").unwrap();
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "killed_writer_child", "--test-threads=1"])
        .env(KILLED_CHILD, &long)
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(!status.success());
    assert_eq!(entries(dir.path()).len(), 5);
    assert_eq!(
        json_runtime::fs::remove_stale_temp_files(&long, Duration::ZERO).unwrap(),
        1
    );
    assert_eq!(entries(dir.path()).len(), 4);

    // Removing the temporary file of a write in progress (too short an
    // age) fails that write, and never touches the target.
    let err = json_runtime::fs::write_with(&path, |file| {
        json_runtime::to_writer(&mut *file, &[2])?;
        let removed = json_runtime::fs::remove_stale_temp_files(&path, Duration::ZERO)?;
        assert_eq!(removed, 1);
        Ok(())
    })
    .unwrap_err();
    assert_eq!(err.io_error_kind(), Some(io::ErrorKind::NotFound), "{err}");
    assert_eq!(fs::read(&path).unwrap(), b"[1]");
}
