//! The JSON-agnostic half of writing a file: replacing it safely. The new
//! contents go to a temporary file in the same folder, which is synced and
//! then renamed over the target, so a reader sees either the old file or
//! the new one, never a part.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, RandomState};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// Removes the temporary files that [`write_file`](crate::write_file) and
/// the other file writers left beside `path` because the process writing
/// them was killed, if they were last modified at least `older_than` ago.
/// Returns how many it removed.
///
/// A write that fails or panics removes its temporary file itself; only a
/// process that is killed (`SIGKILL`, the OOM killer, power loss) leaves
/// one, named `.{file name}.{random}.tmp`. Nothing removes them
/// automatically, because another process may be writing the same file at
/// that moment: its temporary file looks the same. Choose `older_than`
/// longer than any write of this file takes, or call this when no other
/// writer can be running (for example at start-up, under your own lock).
/// Removing a temporary file that is still being written never damages
/// `path`: that writer's rename then fails and it returns an error.
///
/// Only files whose names have exactly the form these functions give are
/// touched; `path` itself and anything else in the folder are not.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-stale-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// use std::time::Duration;
///
/// let path = dir.join("state.json");
/// json_runtime::write_file(&path, &[1, 2, 3])?;
/// // At start-up: anything an earlier run left more than an hour ago.
/// let removed = json_runtime::fs::remove_stale_temp_files(&path, Duration::from_secs(3600))?;
/// assert_eq!(removed, 0);
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn remove_stale_temp_files<P: AsRef<Path>>(path: P, older_than: Duration) -> io::Result<usize> {
    let path = path.as_ref();
    let (dir, name) = split(path)?;
    let prefix = temp_prefix(name);
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if !is_temp_name(&entry.file_name(), &prefix) {
            continue;
        }
        let meta = match entry.metadata() {
            Ok(meta) => meta,
            // Removed meanwhile, by its writer or another cleaner.
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err),
        };
        let age = meta
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok());
        if !meta.is_file() || age.is_none_or(|age| age < older_than) {
            continue;
        }
        match fs::remove_file(entry.path()) {
            Ok(()) => removed += 1,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => return Err(err),
        }
    }
    Ok(removed)
}

/// Tries this many names before giving up on creating a temporary file.
/// Names are random, so a second attempt is already rare.
const NAME_ATTEMPTS: u32 = 100;

/// The longest file name most file systems accept, in bytes (ext4, XFS,
/// Btrfs, tmpfs, APFS; NTFS counts UTF-16 units, which are never more).
const NAME_MAX: usize = 255;

/// Random characters in a temporary file name: 60 bits.
const TOKEN_LEN: usize = 12;

/// What a temporary name adds to the file name: `.`, `.`, the token and
/// `.tmp`.
const TEMP_OVERHEAD: usize = 2 + TOKEN_LEN + 4;

/// Lowercase only, so names differ on case-insensitive file systems too.
const TOKEN_ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

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

/// The folder and the file name of `path`.
fn split(path: &Path) -> io::Result<(&Path, &OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file")
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    Ok((dir, name))
}

/// What writing to a path means, decided from what is there now.
enum Target {
    /// Replace this regular file (or create it): `path` itself, or the
    /// file a symbolic link leads to, so that the link keeps pointing at
    /// the new contents.
    Replace {
        path: PathBuf,
        permissions: Option<fs::Permissions>,
    },
    /// A FIFO or a device (reached directly or through links): opened and
    /// written in place, since replacing it would destroy it.
    WriteThrough,
}

/// Where `path` leads. Symbolic links are followed, as editors and
/// `install` do; a link that leads nowhere, and a socket, are refused.
fn target(path: &Path) -> io::Result<Target> {
    match fs::metadata(path) {
        // A folder is left to the rename, which reports it as the system
        // does (`EISDIR`).
        Ok(meta) if meta.is_file() || meta.is_dir() => {
            let permissions = Some(meta.permissions());
            let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            let path = if is_link {
                fs::canonicalize(path)?
            } else {
                path.to_owned()
            };
            Ok(Target::Replace { path, permissions })
        }
        Ok(meta) => {
            if is_socket(&meta) {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "the path is a socket, which cannot be written as a file",
                ));
            }
            Ok(Target::WriteThrough)
        }
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    let to = fs::read_link(path)?;
                    Err(io::Error::new(
                        io::ErrorKind::NotFound,
                        format!(
                            "the path is a symbolic link to {}, which does not exist",
                            to.display()
                        ),
                    ))
                }
                // A new file.
                _ => Ok(Target::Replace {
                    path: path.to_owned(),
                    permissions: None,
                }),
            }
        }
        // Not allowed to look (a folder without search permission, a link
        // loop): the writes below report it, as they did before.
        Err(_) => Ok(Target::Replace {
            path: path.to_owned(),
            permissions: None,
        }),
    }
}

#[cfg(unix)]
fn is_socket(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    meta.file_type().is_socket()
}

#[cfg(not(unix))]
fn is_socket(_meta: &fs::Metadata) -> bool {
    false
}

/// Every file writer's one path: [`write_with`](super::write_with) calls it, and all
/// the others call `write_with`.
pub(super) fn replace<W>(path: &Path, write: W) -> io::Result<()>
where
    W: FnOnce(&mut File) -> io::Result<()>,
{
    // Checked before anything else, so that a path without a file name is
    // always `InvalidInput`.
    split(path)?;
    match target(path)? {
        Target::Replace { path, permissions } => replace_file(&path, permissions.as_ref(), write),
        Target::WriteThrough => write_through(path, write),
    }
}

/// Writes into the FIFO or device at `path` as it is: no temporary file,
/// no truncation (meaningless there), and no sync, which pipes and most
/// character devices reject (`EINVAL`); `write`'s own flush is all there
/// is. Opening a FIFO waits until a reader opens it, as any writer does.
fn write_through<W>(path: &Path, write: W) -> io::Result<()>
where
    W: FnOnce(&mut File) -> io::Result<()>,
{
    let mut file = OpenOptions::new().write(true).open(path)?;
    write(&mut file)
}

/// Replaces the regular file at `path`, or creates it, through a
/// temporary file beside it.
fn replace_file<W>(path: &Path, permissions: Option<&fs::Permissions>, write: W) -> io::Result<()>
where
    W: FnOnce(&mut File) -> io::Result<()>,
{
    let (dir, name) = split(path)?;
    let mut temp = create_temp(dir, name, permissions)?;
    let file = temp.file.as_mut().expect("the temporary file is open");
    write(file)?;
    file.sync_all()?;
    drop(temp.file.take());
    fs::rename(&temp.path, path)?;
    temp.remove = false;
    sync_dir(dir);
    Ok(())
}

/// Creates a new temporary file beside the target named `name`, with
/// `permissions` (the target's, if it exists).
fn create_temp(
    dir: &Path,
    name: &OsStr,
    permissions: Option<&fs::Permissions>,
) -> io::Result<TempFile> {
    let prefix = temp_prefix(name);
    let mut last_err = None;
    for _ in 0..NAME_ATTEMPTS {
        let temp_path = dir.join(temp_name(&prefix, random_u64()));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if let Some(permissions) = permissions {
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            // Created with the final mode (less what the umask removes),
            // so it is never more open than the target, not even before
            // the `set_permissions` below.
            options.mode(permissions.mode() & 0o7777);
        }
        match options.open(&temp_path) {
            Ok(file) => {
                let temp = TempFile {
                    path: temp_path,
                    file: Some(file),
                    remove: true,
                };
                if let (Some(permissions), Some(file)) = (permissions, &temp.file) {
                    // Exactly the target's mode, bits the umask cleared
                    // included. Best effort: the file is already no more
                    // open than the target.
                    let _ = file.set_permissions(permissions.clone());
                }
                return Ok(temp);
            }
            // Made by another writer or program: try another name.
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last_err = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last_err.expect("at least one attempt was made"))
}

/// `.{name}.`, the start of every temporary file name for the target
/// `name`. A name too long to leave room for the rest is cut at a
/// character boundary and completed with a hash of the whole name, so
/// different long names still get different prefixes, and the same name
/// always the same one ([`remove_stale_temp_files`] relies on that).
fn temp_prefix(name: &OsStr) -> OsString {
    let keep = NAME_MAX - TEMP_OVERHEAD;
    let mut prefix = OsString::from(".");
    if name.len() <= keep {
        prefix.push(name);
    } else {
        // `~` and 16 hex digits stand for the part cut off.
        let cut = keep - 17;
        prefix.push(cut_name(name, cut));
        prefix.push(format!("~{:016x}", fnv1a(name.as_encoded_bytes())));
    }
    prefix.push(".");
    prefix
}

/// The first at most `max` bytes of `name`, ending at a character
/// boundary when the name is Unicode.
#[cfg(unix)]
fn cut_name(name: &OsStr, max: usize) -> &OsStr {
    use std::os::unix::ffi::OsStrExt;
    let bytes = name.as_bytes();
    let mut end = max.min(bytes.len());
    // Back off the continuation bytes of a UTF-8 character cut in two.
    while end > 0 && end < bytes.len() && bytes[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    OsStr::from_bytes(&bytes[..end])
}

#[cfg(not(unix))]
fn cut_name(name: &OsStr, max: usize) -> OsString {
    let name = name.to_string_lossy();
    let mut end = max.min(name.len());
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    OsString::from(&name[..end])
}

/// FNV-1a, 64 bits: a hash that is the same in every run and every
/// version, unlike std's `DefaultHasher`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn temp_name(prefix: &OsStr, random: u64) -> OsString {
    let mut name = OsString::with_capacity(prefix.len() + TOKEN_LEN + 4);
    name.push(prefix);
    let token: String = (0..TOKEN_LEN)
        .map(|i| char::from(TOKEN_ALPHABET[(random >> (5 * i)) as usize & 31]))
        .collect();
    name.push(token);
    name.push(".tmp");
    name
}

/// Whether `name` is a temporary name made by [`temp_name`] from `prefix`.
fn is_temp_name(name: &OsStr, prefix: &OsStr) -> bool {
    let (name, prefix) = (name.as_encoded_bytes(), prefix.as_encoded_bytes());
    name.len() == prefix.len() + TOKEN_LEN + 4
        && name.starts_with(prefix)
        && name.ends_with(b".tmp")
        && name[prefix.len()..prefix.len() + TOKEN_LEN]
            .iter()
            .all(|b| TOKEN_ALPHABET.contains(b))
}

/// 64 unpredictable bits for a temporary name, without a dependency:
/// std's `RandomState` is seeded from the operating system's random source
/// once per thread and moves on with every instance, and SipHash mixes in a
/// counter, the process id and the time. Unpredictable names mean another
/// program cannot make `write_file` fail by creating them first.
fn random_u64() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let time = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    RandomState::new().hash_one((count, std::process::id(), time))
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
    use crate::file::{write_file, write_with};

    fn scratch(name: &str) -> PathBuf {
        static SCRATCH: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "json-runtime-file-{name}-{}-{}",
            std::process::id(),
            SCRATCH.fetch_add(1, Ordering::Relaxed)
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
    fn temp_name_is_hidden_random_and_recognized() {
        let dir = scratch("names");
        let a = create_temp(&dir, "x.json".as_ref(), None).unwrap();
        let b = create_temp(&dir, "x.json".as_ref(), None).unwrap();
        let a_name = a.path.file_name().unwrap().to_str().unwrap().to_owned();
        assert!(
            a_name.starts_with(".x.json.") && a_name.ends_with(".tmp"),
            "{a_name}"
        );
        assert_eq!(a_name.len(), ".x.json.".len() + TOKEN_LEN + 4);
        assert!(!a_name.contains(&std::process::id().to_string()));
        assert_ne!(a.path, b.path);
        let prefix = temp_prefix("x.json".as_ref());
        assert!(is_temp_name(a.path.file_name().unwrap(), &prefix));
        for other in [
            "x.json",
            ".x.json.tmp",
            ".x.json.abcdefghijkl.tmp.bak",
            ".x.json.ABCDEFGHIJKL.tmp",
            ".y.json.abcdefghijkl.tmp",
            ".x.json.123.0.tmp",
        ] {
            assert!(!is_temp_name(other.as_ref(), &prefix), "{other}");
        }
        drop((a, b));
        assert!(
            entries(&dir).is_empty(),
            "dropped temporary files are removed"
        );
        fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn long_names_are_cut_and_hashed() {
        for name in [
            "a".repeat(255),
            "é".repeat(127),
            format!("{}{}", "b".repeat(230), "😀".repeat(6)),
        ] {
            let prefix = temp_prefix(name.as_ref());
            let temp = temp_name(&prefix, u64::MAX);
            assert!(temp.len() <= NAME_MAX, "{} bytes", temp.len());
            let text = temp.to_str().expect("cut at a character boundary");
            assert!(text.starts_with('.') && text.ends_with(".tmp"));
            assert!(is_temp_name(&temp, &prefix));
            assert_eq!(prefix, temp_prefix(name.as_ref()), "the same every time");
        }
        // Names that differ only past the cut get different prefixes.
        let a = temp_prefix(format!("{}a", "x".repeat(250)).as_ref());
        let b = temp_prefix(format!("{}b", "x".repeat(250)).as_ref());
        assert_ne!(a, b);
        // Names that fit are kept whole.
        let fits = "c".repeat(NAME_MAX - TEMP_OVERHEAD);
        assert_eq!(
            temp_prefix(fits.as_ref()),
            OsString::from(format!(".{fits}."))
        );
    }

    #[test]
    fn failing_write_keeps_old_file_and_removes_temp() {
        let dir = scratch("fail");
        let path = dir.join("doc.json");
        fs::write(&path, b"old").unwrap();
        let err = write_with(&path, |file| {
            io::Write::write_all(file, b"[1,2,")?;
            Err(io::Error::other("disk full").into())
        })
        .unwrap_err();
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::Other));
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
        let err = write_with("/", |_| Ok(())).unwrap_err();
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::InvalidInput));
        assert!(err.to_string().starts_with("writing /: "), "{err}");
        assert_eq!(split(Path::new("a.json")).unwrap().0, Path::new("."));
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_of_the_old_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let path = dir.join("secret.json");
        fs::write(&path, b"{}").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_file(&path, &[1]).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(fs::read(&path).unwrap(), b"[1]");
        fs::remove_dir_all(&dir).unwrap();
    }
}
