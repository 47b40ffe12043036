//! JSON into a file, which [`replace`] swaps in whole: `write_file`, the
//! file sinks of [`Options`], and `fs::write_with` under them all.

mod replace;

pub use replace::remove_stale_temp_files;

use std::fs::File;
use std::io;
use std::path::Path;

use crate::encode;
use crate::error::{Error, WriteFileError};
use crate::options::Options;
use crate::to_json::ToJson;
use crate::writer::{Compact, Config};

use replace::replace;

/// Writes `value` as compact JSON to the file at `path`, replacing it
/// safely.
///
/// The JSON streams (through [`to_writer`](crate::to_writer), in bounded
/// memory) into a new temporary file in the same folder, named
/// `.{file name}.{random}.tmp` (a file name too long for that is cut and
/// completed with a hash of it). That file is flushed and synced to disk
/// (`File::sync_all`), then renamed over `path`; on Unix the folder is
/// synced too, on a best-effort basis. So after a crash, `path` holds
/// either its old contents or the complete new ones.
///
/// If encoding or I/O fails part-way (a full disk, a panicking `ToJson`
/// impl, a rename that fails), `path` is left as it was and the temporary
/// file is removed. A process that is killed (`SIGKILL`, power loss)
/// cannot remove it, so a `.{file name}.*.tmp` file may stay behind; see
/// [`fs::remove_stale_temp_files`](crate::fs::remove_stale_temp_files).
/// [`Options::write_file`] writes other layouts, and
/// [`Options::write_file_array`] and [`Options::write_file_lines`] any
/// iterator, the same way.
///
/// # Permissions
///
/// On Unix, when `path` exists, the temporary file is created with its
/// mode (and then given exactly that mode, which the umask may have
/// narrowed), so a file only its owner may read is never readable by others
/// while it is written, not even for a moment. A new file gets the usual
/// `0o666` minus the umask, as `File::create` gives. Elsewhere the
/// permissions are copied once the file exists. The owner and other
/// metadata are not copied.
///
/// # Links, FIFOs and devices
///
/// Only a regular file is replaced; what else `path` names decides what
/// happens, as it does for editors, `install` and a shell's `>`:
///
/// | `path` is | what happens |
/// |---|---|
/// | a regular file, or nothing | replaced or created, as above |
/// | a symbolic link (or a chain of them) to a regular file | the file it leads to is replaced, through a temporary file beside *it*; the link stays and shows the new contents |
/// | a FIFO, a character or block device, directly or through links (`/dev/null`, `/dev/stdout` when it is a pipe or a terminal) | written in place: opened for writing, without creating, truncating, renaming or syncing it, so it stays what it was |
/// | a symbolic link that leads nowhere | refused with an I/O error of kind [`NotFound`](io::ErrorKind::NotFound) ([`Error::io_error_kind`]): the file is not created at the far end of the link (as `cp` refuses to) |
/// | a socket | refused with an I/O error of kind [`InvalidInput`](io::ErrorKind::InvalidInput) |
/// | a folder | the rename fails, with the system's error |
///
/// Written in place, the output is not atomic: a reader of the FIFO sees
/// the bytes as they come, and an error part-way (`ENOSPC` from
/// `/dev/full`) leaves what was written so far. Opening a FIFO waits until
/// a reader opens it. `/dev/stdout` redirected to a regular file is such a
/// file, reached through a link, so it is replaced: the path holds the new
/// contents, but what the process wrote to its standard output before is
/// in the old file, which the rename unlinked; write to
/// [`io::stdout`] with [`to_writer`](crate::to_writer) instead when the
/// output may be a redirection.
///
/// ```
/// # #[cfg(unix)] {
/// use std::os::unix::fs::FileTypeExt;
///
/// json_runtime::write_file("/dev/null", &[1, 2, 3])?;
/// assert!(std::fs::metadata("/dev/null")?.file_type().is_char_device());
/// # }
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// # Errors
///
/// Every error holds a [`WriteFileError`] that names the path, with the
/// message `writing {path}: {error}`, and is classified by the failure
/// underneath (an I/O error, or a value refused as
/// [`to_vec`](crate::to_vec) refuses it). The original error, with its
/// [`raw_os_error`](io::Error::raw_os_error) or the custom error that
/// [`fs::write_with`](crate::fs::write_with)'s closure returned, is reached through
/// [`Error::write_file_error`], or, once converted to an `io::Error` (of
/// the same kind), through [`WriteFileError::of`]:
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// use json_runtime::WriteFileError;
///
/// let path = dir.join("settings.json");
/// json_runtime::write_file(&path, &[("volume", 11)])?;
/// assert_eq!(std::fs::read(&path)?, br#"[["volume",11]]"#);
///
/// // A failure names the path and keeps the system's error.
/// let err = json_runtime::write_file(dir.join("missing/x.json"), &1).unwrap_err();
/// assert_eq!(err.io_error_kind(), Some(std::io::ErrorKind::NotFound));
/// assert!(err.to_string().starts_with("writing "));
/// let cause = err.write_file_error().unwrap();
/// assert!(cause.path().ends_with("missing/x.json"));
/// assert!(cause.io_error().raw_os_error().is_some());
///
/// // In a function returning `io::Result`, `?` keeps the kind and the path.
/// let err = std::io::Error::from(err);
/// assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
/// assert!(WriteFileError::of(&err).unwrap().path().ends_with("missing/x.json"));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn write_file<P: AsRef<Path>, T: ToJson + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    write_with(path, |file| {
        encode::to_writer::<Compact, _, T>(&Config::DEFAULT, file, value)
    })
}

/// Replaces the file at `path` with whatever `write` writes, with the same
/// guarantees as [`write_file`]: `write` gets a new temporary file in the
/// same folder, which is synced and renamed over `path` only if `write`
/// returns `Ok`. If `write` returns an error or panics, `path` is left as
/// it was and the temporary file is removed.
///
/// Use it for what [`Options`]' file sinks do not write alone: a final
/// newline, several documents, a hand-written encoding. The closure
/// returns the encoders' [`Error`]; `?` turns an `io::Error` into one
/// there:
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-with-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// use std::io::Write as _;
///
/// use json_runtime::Options;
///
/// // Pretty, with a final newline, as an editor saves it.
/// let path = dir.join("settings.json");
/// json_runtime::fs::write_with(&path, |file| {
///     Options::new().pretty().to_writer(&mut *file, &[("volume", 11)])?;
///     Ok(file.write_all(b"\n")?)
/// })?;
/// assert_eq!(std::fs::read(&path)?, b"[\n  [\n    \"volume\",\n    11\n  ]\n]\n");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// An error the closure returns comes back inside a [`WriteFileError`],
/// whole, so a custom error can be downcast again:
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-with-err-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// #[derive(Debug)]
/// struct Checksum;
/// impl std::fmt::Display for Checksum {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         f.write_str("checksum mismatch")
///     }
/// }
/// impl std::error::Error for Checksum {}
///
/// let err = json_runtime::fs::write_with(dir.join("a.json"), |_| {
///     Err(std::io::Error::new(std::io::ErrorKind::InvalidData, Checksum).into())
/// })
/// .unwrap_err();
/// assert_eq!(err.io_error_kind(), Some(std::io::ErrorKind::InvalidData));
/// let inner = err.write_file_error().unwrap().io_error();
/// assert!(inner.get_ref().unwrap().downcast_ref::<Checksum>().is_some());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn write_with<P, W>(path: P, write: W) -> Result<(), Error>
where
    P: AsRef<Path>,
    W: FnOnce(&mut File) -> Result<(), Error>,
{
    let path = path.as_ref();
    // An I/O error comes back out of `io::Error::from` as it went in; a
    // value's error as an `InvalidData` error holding it.
    replace(path, |file| write(file).map_err(io::Error::from))
        .map_err(|error| WriteFileError::new(path, error).into())
}

/// The file sinks of [`Options`].
impl Options<'_> {
    /// Writes `value` to the file at `path`, replacing it safely as
    /// [`write_file`](crate::write_file) does: the JSON streams into a
    /// temporary file beside it, which is synced and renamed over `path`
    /// only once it is complete.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-options-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir)?;
    /// use json_runtime::{Escape, Options};
    ///
    /// let path = dir.join("names.json");
    /// Options::new().pretty().write_file(&path, &[1, 2])?;
    /// assert_eq!(std::fs::read(&path)?, b"[\n  1,\n  2\n]");
    /// Options::new().escape(Escape::Ascii).pretty().write_file(&path, &["Zoë"])?;
    /// assert_eq!(std::fs::read(&path)?, b"[\n  \"Zo\\u00eb\"\n]");
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn write_file<P: AsRef<Path>, T: ToJson + ?Sized>(
        &self,
        path: P,
        value: &T,
    ) -> Result<(), Error> {
        write_with(path, |file| self.to_writer(file, value))
    }

    /// Streams the items of any iterator as one JSON array into the file at
    /// `path`, replacing it safely as [`write_file`](crate::write_file)
    /// does.
    ///
    /// The file gets the bytes of [`to_vec`](Self::to_vec) of the items
    /// collected into a `Vec`, but nothing is collected: the items are
    /// encoded one by one as [`to_writer_array`](Self::to_writer_array)
    /// does, in bounded memory, so a lazily generated sequence of any
    /// length can be written. If the items fail part-way (an I/O error, an
    /// error reported through serde, a panic), the old file stays as it
    /// was.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-options-array-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir)?;
    /// use json_runtime::Options;
    ///
    /// let path = dir.join("squares.json");
    /// Options::new().write_file_array(&path, (1..=4).map(|i| i * i))?;
    /// assert_eq!(std::fs::read(&path)?, b"[1,4,9,16]");
    ///
    /// let path = dir.join("ids.json");
    /// Options::new().indent(b"\t").write_file_array(&path, 1..=2)?;
    /// assert_eq!(std::fs::read(&path)?, b"[\n\t1,\n\t2\n]");
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn write_file_array<P, I>(&self, path: P, items: I) -> Result<(), Error>
    where
        P: AsRef<Path>,
        I: IntoIterator,
        I::Item: ToJson,
    {
        write_with(path, |file| self.to_writer_array(file, items))
    }

    /// Streams the items of any iterator as [JSON Lines](https://jsonlines.org)
    /// into the file at `path`, replacing it safely as
    /// [`write_file`](crate::write_file) does: each item compact (whatever
    /// the layout chosen) and followed by `\n`, as
    /// [`to_writer_lines`](Self::to_writer_lines) writes them, in bounded
    /// memory. An empty iterator makes an empty file.
    ///
    /// `par::Encoder::lines().write_file` (feature `rayon`) encodes a slice
    /// on every core instead; this one takes any iterator, lazy ones
    /// included.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-file-lines-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir)?;
    /// use std::collections::BTreeMap;
    ///
    /// use json_runtime::Options;
    ///
    /// let path = dir.join("events.jsonl");
    /// Options::new().write_file_lines(&path, (1..=2).map(|id| BTreeMap::from([("id", id)])))?;
    /// assert_eq!(std::fs::read(&path)?, b"{\"id\":1}\n{\"id\":2}\n");
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    pub fn write_file_lines<P, I>(&self, path: P, items: I) -> Result<(), Error>
    where
        P: AsRef<Path>,
        I: IntoIterator,
        I::Item: ToJson,
    {
        write_with(path, |file| self.to_writer_lines(file, items))
    }
}
