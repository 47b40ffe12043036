//! `write_file`, `write_file_pretty` and `write_file_with`: the file holds
//! serde_json's bytes, and whatever fails part-way (the encoder panicking,
//! the rename, the folder) leaves the old file as it was and no temporary
//! file behind.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use json_runtime::{Format, JsonWriter, ToJson};
use json_tests::{serde_compact, serde_pretty};

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

fn entries(dir: &Path) -> Vec<OsString> {
    let mut names: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    names
}

#[track_caller]
fn assert_only(dir: &Path, names: &[&str]) {
    let expected: Vec<OsString> = names.iter().map(OsString::from).collect();
    assert_eq!(entries(dir), expected, "files left in {}", dir.display());
}

#[test]
fn writes_compact_and_pretty() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    let value = doc(3000);
    json_runtime::write_file(&path, &value).unwrap();
    assert!(fs::read(&path).unwrap() == serde_compact(&value));
    json_runtime::write_file_pretty(&path, &value).unwrap();
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
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
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
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    let dir = tempfile::tempdir().unwrap();
    let err = json_runtime::write_file(dir.path().join(".."), &1).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
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
    assert_ne!(err.kind(), io::ErrorKind::NotFound);
    assert_eq!(fs::read(target.join("inside")).unwrap(), b"keep");
    assert_only(dir.path(), &["doc.json"]);
}

/// A `ToJson` impl that panics after writing `after` elements.
struct PanicsPartWay {
    after: usize,
}

impl ToJson for PanicsPartWay {
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
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
    let err = json_runtime::write_file_with(&path, |file| {
        json_runtime::to_writer(&mut *file, &doc(3000))?;
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "checksum mismatch",
        ))
    })
    .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
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
    assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
    assert_eq!(fs::read(&path).unwrap(), b"old");
    assert_only(dir.path(), &["doc.json"]);
}
