//! Replacing a file safely: the new contents go to a temporary file in the
//! same folder, which is synced and then renamed over the target, so a
//! reader sees either the old file or the new one, never a part.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::{PrettyFormatter, ToJson};

/// Writes `value` as compact JSON to the file at `path`, replacing it
/// safely.
///
/// The JSON streams (through [`to_writer`](crate::to_writer), in bounded
/// memory) into a new temporary file in the same folder, named
/// `.{file name}.{process id}.{counter}.tmp`. That file is flushed and
/// synced to disk (`File::sync_all`), then renamed over `path`; on Unix the
/// folder is synced too, on a best-effort basis. So after a crash, `path`
/// holds either its old contents or the complete new ones.
///
/// If encoding or I/O fails part-way (a full disk, a panicking `ToJson`
/// impl, a rename that fails), `path` is left as it was and the temporary
/// file is removed. The error keeps its [`io::ErrorKind`] and its message
/// names the path: `writing {path}: {error}`.
///
/// When `path` exists, the new file gets its permissions (best effort); its
/// owner and other metadata are not copied. When `path` is a symbolic link,
/// the link itself is replaced by the new file.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let path = dir.join("settings.json");
/// json_runtime::write_file(&path, &[("volume", 11)])?;
/// assert_eq!(std::fs::read(&path)?, br#"[["volume",11]]"#);
///
/// // A failure names the path.
/// let err = json_runtime::write_file(dir.join("missing/x.json"), &1).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
/// assert!(err.to_string().starts_with("writing "));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_file<P: AsRef<Path>, T: ToJson + ?Sized>(path: P, value: &T) -> io::Result<()> {
    write_file_with(path, |file| crate::to_writer(file, value))
}

/// Writes `value` as pretty JSON, indented by two spaces, to the file at
/// `path`, replacing it safely as [`write_file`] does.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-pretty-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let path = dir.join("list.json");
/// json_runtime::write_file_pretty(&path, &[1, 2])?;
/// assert_eq!(std::fs::read(&path)?, b"[\n  1,\n  2\n]");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_file_pretty<P: AsRef<Path>, T: ToJson + ?Sized>(path: P, value: &T) -> io::Result<()> {
    write_file_with(path, |file| PrettyFormatter::new().to_writer(file, value))
}

/// Replaces the file at `path` with whatever `write` writes, with the same
/// guarantees as [`write_file`]: `write` gets a new temporary file in the
/// same folder, which is synced and renamed over `path` only if `write`
/// returns `Ok`. If `write` returns an error or panics, `path` is left as
/// it was and the temporary file is removed.
///
/// Use it for the other encoders, such as JSON Lines or a pretty layout
/// with another indent:
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-with-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// let path = dir.join("events.jsonl");
/// json_runtime::write_file_with(&path, |file| {
///     json_runtime::to_writer_lines(file, (1..=3).map(|id| [("id", id)]))
/// })?;
/// assert_eq!(std::fs::read(&path)?, b"[[\"id\",1]]\n[[\"id\",2]]\n[[\"id\",3]]\n");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_file_with<P, W>(path: P, write: W) -> io::Result<()>
where
    P: AsRef<Path>,
    W: FnOnce(&mut File) -> io::Result<()>,
{
    let path = path.as_ref();
    replace(path, write)
        .map_err(|err| io::Error::new(err.kind(), format!("writing {}: {err}", path.display())))
}

/// Numbers temporary files, so that threads of one process never pick the
/// same name.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Tries this many names before giving up on creating a temporary file.
const NAME_ATTEMPTS: u32 = 100;

/// A temporary file that is closed and removed when dropped, unless it was
/// renamed into place first. Dropping it on unwind is what cleans up after
/// a panicking encoder.
struct TempFile {
    path: PathBuf,
    file: Option<File>,
    /// Cleared once the file was renamed into place.
    remove: bool,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        // Closed first: Windows cannot remove an open file.
        drop(self.file.take());
        if self.remove {
            let _ = fs::remove_file(&self.path);
        }
    }
}

fn replace<W>(path: &Path, write: W) -> io::Result<()>
where
    W: FnOnce(&mut File) -> io::Result<()>,
{
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file")
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temp = create_temp(dir, name)?;
    let file = temp.file.as_mut().expect("the temporary file is open");
    if let Ok(meta) = fs::metadata(path) {
        // Best effort: the new contents keep the old file's mode.
        let _ = file.set_permissions(meta.permissions());
    }
    write(file)?;
    file.sync_all()?;
    drop(temp.file.take());
    fs::rename(&temp.path, path)?;
    temp.remove = false;
    sync_dir(dir);
    Ok(())
}

fn create_temp(dir: &Path, name: &std::ffi::OsStr) -> io::Result<TempFile> {
    let pid = std::process::id();
    let mut last_err = None;
    for _ in 0..NAME_ATTEMPTS {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut temp_name = OsString::with_capacity(name.len() + 32);
        temp_name.push(".");
        temp_name.push(name);
        temp_name.push(format!(".{pid}.{n}.tmp"));
        let temp_path = dir.join(temp_name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp_path)
        {
            Ok(file) => {
                return Ok(TempFile {
                    path: temp_path,
                    file: Some(file),
                    remove: true,
                })
            }
            // Left over by a process that had the same id, or made by
            // another program: try the next name.
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last_err = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last_err.expect("at least one attempt was made"))
}

/// Makes the rename itself durable. Best effort: some file systems cannot
/// open or sync a folder, and the data is already synced.
#[cfg(unix)]
fn sync_dir(dir: &Path) {
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) {}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "json-runtime-file-{name}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<OsString> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn temp_name_is_hidden_and_unique() {
        let dir = scratch("names");
        let a = create_temp(&dir, "x.json".as_ref()).unwrap();
        let b = create_temp(&dir, "x.json".as_ref()).unwrap();
        let a_name = a.path.file_name().unwrap().to_str().unwrap().to_owned();
        let prefix = format!(".x.json.{}.", std::process::id());
        assert!(
            a_name.starts_with(&prefix) && a_name.ends_with(".tmp"),
            "{a_name}"
        );
        assert_ne!(a.path, b.path);
        drop((a, b));
        assert!(
            entries(&dir).is_empty(),
            "dropped temporary files are removed"
        );
        fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn failing_write_keeps_old_file_and_removes_temp() {
        let dir = scratch("fail");
        let path = dir.join("doc.json");
        fs::write(&path, b"old").unwrap();
        let err = write_file_with(&path, |file| {
            io::Write::write_all(file, b"[1,2,")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Other);
        assert_eq!(
            err.to_string(),
            format!("writing {}: disk full", path.display())
        );
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(entries(&dir), [OsString::from("doc.json")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn relative_path_without_folder() {
        // A bare file name lives in the current folder; only check that the
        // folder is derived without writing there.
        let err = replace(Path::new(""), |_| Ok(())).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        let err = write_file_with("/", |_| Ok(())).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().starts_with("writing /: "), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_of_the_old_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("secret.json");
        fs::write(&path, b"{}").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        crate::write_file(&path, &[1]).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(fs::read(&path).unwrap(), b"[1]");
        fs::remove_dir_all(&dir).unwrap();
    }
}
