//! The one error every entry point returns, and the errors it can hold.

use std::error::Error as StdError;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// The error every entry point returns: [`to_vec`](crate::to_vec),
/// [`to_string`](crate::to_string), [`to_writer`](crate::to_writer) and
/// their pretty forms, [`Options`](crate::Options),
/// [`PrettyFormatter`](crate::PrettyFormatter), the sequence and file
/// writers, canonical JSON, `par` and the Tokio writers. Like
/// `serde_json::Error`, it is one pointer wide, so `Result<Vec<u8>, Error>`
/// costs no more to return than the `Vec`.
///
/// It is one of:
///
/// - an I/O error of the writer or the file system, kept whole: its
///   [`kind`](io::Error::kind), [`raw_os_error`](io::Error::raw_os_error)
///   and source are those of the original [`io::Error`], which
///   [`io_error`](Self::io_error) returns and `io::Error::from` gives back;
/// - a value that cannot be written, as serde_json refuses it: a map key
///   that is not a string (`"key must be a string"`), a float key that is
///   not finite, an enum variant that cannot be serialized, a `RefCell`
///   that is mutably borrowed, a poisoned `Mutex`, or an error a
///   `serde::Serialize` impl returned (a custom `S::Error::custom(..)`),
///   with serde_json's message; or a [`Seq`](crate::Seq) written a second
///   time;
/// - a value without a canonical form, in
///   [`canonical`](crate::Options::canonical) output (see
///   [`canonical_error`](Self::canonical_error));
/// - one of these while a file was written by [`write_file`](crate::write_file)
///   or another file writer, with the path (see [`write_file_error`](Self::write_file_error)).
///
/// Nothing else makes an entry point fail, and nothing is written to the
/// writer after the first error.
///
/// It converts with `?` into an [`io::Error`] (in functions returning
/// `io::Result`) and, with the `serde_json` feature, into a
/// `serde_json::Error`, so code written for serde_json keeps compiling when
/// its path changes to `json_runtime`:
///
/// ```
/// use std::collections::BTreeMap;
///
/// use json_runtime::{Category, Serde};
///
/// // serde_json rejects a map whose keys are arrays.
/// let map = BTreeMap::from([(vec![1], "one")]);
/// let error = json_runtime::to_vec(&Serde(&map)).unwrap_err();
/// assert_eq!(error.to_string(), "key must be a string");
/// assert_eq!(error.classify(), Category::Data);
///
/// // In a function returning `io::Result`, it is an `InvalidData` error.
/// fn save(out: &mut Vec<u8>, map: &BTreeMap<Vec<i32>, &str>) -> std::io::Result<()> {
///     json_runtime::to_writer(out, &Serde(map))?;
///     Ok(())
/// }
/// let io_error = save(&mut Vec::new(), &map).unwrap_err();
/// assert_eq!(io_error.kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(io_error.to_string(), "key must be a string");
/// ```
///
/// An I/O error stays the writer's own:
///
/// ```
/// use std::io::{self, Write};
///
/// struct Full;
/// impl Write for Full {
///     fn write(&mut self, _: &[u8]) -> io::Result<usize> {
///         Err(io::Error::from_raw_os_error(28))
///     }
///     fn flush(&mut self) -> io::Result<()> {
///         Ok(())
///     }
/// }
///
/// let error = json_runtime::to_writer(Full, &[1, 2, 3]).unwrap_err();
/// assert!(error.is_io());
/// assert_eq!(error.io_error_kind(), Some(io::Error::from_raw_os_error(28).kind()));
/// assert_eq!(error.io_error().and_then(io::Error::raw_os_error), Some(28));
/// assert_eq!(io::Error::from(error).raw_os_error(), Some(28));
/// ```
pub struct Error {
    // Boxed, as serde_json's error is: the success path of every entry
    // point returns a `Result` of this, which stays as small as its `Ok`.
    inner: Box<ErrorImpl>,
}

enum ErrorImpl {
    /// A value that cannot be written, with serde_json's message.
    Message(Box<str>),
    Io(io::Error),
    Canonical(CanonicalError),
    WriteFile(WriteFileError),
}

/// What caused an [`Error`], as serde_json's `Category` says it for the
/// errors a serializer can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// Writing the output failed: the writer, or the file system.
    Io,
    /// The value cannot be written as JSON (or as canonical JSON): a map
    /// key that is not a string, an error a `Serialize` impl returned, a
    /// number without a canonical form, ...
    Data,
}

impl Error {
    /// An error about the value being written, with this message (the
    /// crate's refusals, and `serde::ser::Error::custom`).
    pub(crate) fn new(message: impl fmt::Display) -> Self {
        Error::from_impl(ErrorImpl::Message(message.to_string().into_boxed_str()))
    }

    #[cold]
    fn from_impl(inner: ErrorImpl) -> Self {
        Error {
            inner: Box::new(inner),
        }
    }

    /// Whether writing failed ([`Category::Io`]) or the value cannot be
    /// written ([`Category::Data`]). A [`write_file`](crate::write_file)
    /// error is classified by its cause.
    ///
    /// ```
    /// use json_runtime::Category;
    ///
    /// let err = json_runtime::write_file("/no/such/folder/x.json", &1).unwrap_err();
    /// assert_eq!(err.classify(), Category::Io);
    /// ```
    pub fn classify(&self) -> Category {
        match &*self.inner {
            ErrorImpl::Message(_) | ErrorImpl::Canonical(_) => Category::Data,
            ErrorImpl::Io(_) => Category::Io,
            ErrorImpl::WriteFile(file) => match held_error(&file.error) {
                Some(cause) => cause.classify(),
                None => Category::Io,
            },
        }
    }

    /// Whether writing the output failed (see [`classify`](Self::classify)).
    pub fn is_io(&self) -> bool {
        self.classify() == Category::Io
    }

    /// Whether the value cannot be written (see [`classify`](Self::classify)).
    pub fn is_data(&self) -> bool {
        self.classify() == Category::Data
    }

    /// The kind of the underlying I/O error, for an I/O error; `None`
    /// otherwise, as serde_json's `io_error_kind`.
    pub fn io_error_kind(&self) -> Option<io::ErrorKind> {
        self.io_error().map(io::Error::kind)
    }

    /// The original I/O error, as the writer or the operating system
    /// returned it (with its [`raw_os_error`](io::Error::raw_os_error)),
    /// for an I/O error; `None` otherwise. For a
    /// [`write_file`](crate::write_file) error it is the error underneath
    /// the path, as [`WriteFileError::io_error`] returns it.
    pub fn io_error(&self) -> Option<&io::Error> {
        match &*self.inner {
            ErrorImpl::Io(error) => Some(error),
            ErrorImpl::WriteFile(file) if held_error(&file.error).is_none() => Some(&file.error),
            ErrorImpl::WriteFile(_) | ErrorImpl::Message(_) | ErrorImpl::Canonical(_) => None,
        }
    }

    /// Why a value has no canonical form, for an error of
    /// [`Options::canonical`](crate::Options::canonical) output; `None`
    /// otherwise.
    ///
    /// ```
    /// let err = json_runtime::Options::new().canonical().to_vec(&[1.0, f64::NAN]).unwrap_err();
    /// assert_eq!(err.canonical_error().unwrap().pointer(), "/1");
    /// ```
    pub fn canonical_error(&self) -> Option<&CanonicalError> {
        match &*self.inner {
            ErrorImpl::Canonical(error) => Some(error),
            _ => None,
        }
    }

    /// The path and the original error, for an error of
    /// [`write_file`](crate::write_file) and its siblings; `None`
    /// otherwise.
    ///
    /// ```
    /// let err = json_runtime::write_file("/no/such/folder/x.json", &1).unwrap_err();
    /// let file = err.write_file_error().unwrap();
    /// assert_eq!(file.path(), std::path::Path::new("/no/such/folder/x.json"));
    /// assert_eq!(file.io_error().kind(), std::io::ErrorKind::NotFound);
    /// ```
    pub fn write_file_error(&self) -> Option<&WriteFileError> {
        match &*self.inner {
            ErrorImpl::WriteFile(error) => Some(error),
            _ => None,
        }
    }
}

/// The `Error` an `io::Error` made by `From<Error>` holds.
fn held_error(error: &io::Error) -> Option<&Error> {
    error.get_ref()?.downcast_ref()
}

/// The wrapped error's message, as serde_json shows an I/O error's.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.inner {
            ErrorImpl::Message(message) => f.write_str(message),
            ErrorImpl::Io(error) => fmt::Display::fmt(error, f),
            ErrorImpl::Canonical(error) => fmt::Display::fmt(error, f),
            ErrorImpl::WriteFile(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tuple = f.debug_tuple("Error");
        match &*self.inner {
            ErrorImpl::Message(message) => tuple.field(message),
            ErrorImpl::Io(error) => tuple.field(error),
            ErrorImpl::Canonical(error) => tuple.field(error),
            ErrorImpl::WriteFile(error) => tuple.field(error),
        };
        tuple.finish()
    }
}

/// The source is the wrapped error's source, since `Display` already
/// shows the wrapped error itself (serde_json does this for I/O errors);
/// the wrapped error is reached with [`io_error`](Error::io_error),
/// [`canonical_error`](Error::canonical_error) and
/// [`write_file_error`](Error::write_file_error).
impl StdError for Error {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        match &*self.inner {
            ErrorImpl::Message(_) => None,
            ErrorImpl::Io(error) => error.source(),
            ErrorImpl::Canonical(error) => error.source(),
            ErrorImpl::WriteFile(error) => error.source(),
        }
    }
}

/// An I/O error gives back the original [`io::Error`]. A
/// [`write_file`](crate::write_file) error is an `io::Error` of its cause's
/// kind holding the [`WriteFileError`], for [`WriteFileError::of`]. Any
/// other error is an `io::Error` of kind
/// [`InvalidData`](io::ErrorKind::InvalidData) holding this error, as
/// serde_json converts its own errors.
impl From<Error> for io::Error {
    #[cold]
    fn from(error: Error) -> Self {
        match *error.inner {
            ErrorImpl::Io(error) => error,
            ErrorImpl::WriteFile(file) => io::Error::new(file.error.kind(), file),
            inner @ (ErrorImpl::Message(_) | ErrorImpl::Canonical(_)) => {
                io::Error::new(io::ErrorKind::InvalidData, Error::from_impl(inner))
            }
        }
    }
}

/// An I/O error. An `io::Error` made by `From<Error> for io::Error` (one
/// that holds an `Error` or a [`WriteFileError`]) gives back what it holds,
/// so an error that goes through an `io::Result` (a writer, a
/// [`fs::write_with`](crate::fs::write_with) closure) keeps its category.
impl From<io::Error> for Error {
    // Only ever on the way out of a failed write.
    #[cold]
    fn from(error: io::Error) -> Self {
        let held = error
            .get_ref()
            .is_some_and(|inner| inner.is::<Error>() || inner.is::<WriteFileError>());
        if held {
            let kind = error.kind();
            if let Some(inner) = error.into_inner() {
                return match inner.downcast::<Error>() {
                    Ok(error) => *error,
                    Err(inner) => match inner.downcast::<WriteFileError>() {
                        Ok(file) => Error::from(*file),
                        Err(inner) => Error::from_impl(ErrorImpl::Io(io::Error::new(kind, inner))),
                    },
                };
            }
            // `get_ref` returned `Some`, so `into_inner` does too.
            return Error::from_impl(ErrorImpl::Io(io::Error::from(kind)));
        }
        Error::from_impl(ErrorImpl::Io(error))
    }
}

impl From<CanonicalError> for Error {
    fn from(error: CanonicalError) -> Self {
        Error::from_impl(ErrorImpl::Canonical(error))
    }
}

impl From<WriteFileError> for Error {
    fn from(error: WriteFileError) -> Self {
        Error::from_impl(ErrorImpl::WriteFile(error))
    }
}

/// An I/O error becomes `serde_json::Error::io` of the original
/// [`io::Error`] (or, from [`write_file`](crate::write_file), of the
/// `io::Error` holding the [`WriteFileError`]); any other error
/// `serde::ser::Error::custom` with the same message. So `?` works in
/// functions returning `serde_json::Result`. Requires the `serde_json`
/// feature.
///
/// ```
/// fn body(ids: &[u32]) -> serde_json::Result<String> {
///     let text = json_runtime::to_string(ids)?;
///     Ok(text)
/// }
/// assert_eq!(body(&[1, 2]).unwrap(), "[1,2]");
/// ```
#[cfg(feature = "serde_json")]
impl From<Error> for serde_json::Error {
    fn from(error: Error) -> Self {
        if error.is_io() {
            serde_json::Error::io(io::Error::from(error))
        } else {
            <serde_json::Error as serde::ser::Error>::custom(error)
        }
    }
}

#[cfg(feature = "serde")]
impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::new(message)
    }
}

/// What [`write_file`](crate::write_file), the file sinks of
/// [`Options`](crate::Options) and [`fs::write_with`](crate::fs::write_with)
/// return on failure,
/// inside their [`Error`] (see [`Error::write_file_error`]): the path, and
/// the original error, unchanged.
///
/// The operating system's error code, or a custom error returned by
/// `fs::write_with`'s closure, is on [`io_error`](Self::io_error). An
/// `io::Error` converted from such an `Error` (by `?` in a function
/// returning `io::Result`) has the kind of the original error and holds
/// this type: reach it with [`WriteFileError::of`], or take it out with
/// `err.into_inner().and_then(|e| e.downcast::<WriteFileError>().ok())`.
///
/// Its message is `writing {path}: {error}`, so printing the error alone
/// says what failed; [`source`](StdError::source) returns the original
/// error, for reporters that walk the chain.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("json-runtime-doc-err-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir)?;
/// use json_runtime::WriteFileError;
///
/// // A folder where the file should be: the rename fails.
/// let path = dir.join("taken");
/// std::fs::create_dir_all(path.join("inside"))?;
/// let err = json_runtime::write_file(&path, &1).unwrap_err();
/// assert_eq!(err.write_file_error().unwrap().path(), path);
///
/// let err = std::io::Error::from(err);
/// let cause: Box<WriteFileError> = err.into_inner().unwrap().downcast().unwrap();
/// assert_eq!(cause.path(), path);
/// assert!(cause.into_io_error().raw_os_error().is_some());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct WriteFileError {
    path: PathBuf,
    error: io::Error,
}

impl WriteFileError {
    pub(crate) fn new(path: &Path, error: io::Error) -> Self {
        WriteFileError {
            path: path.to_owned(),
            error,
        }
    }

    /// The `WriteFileError` inside an `io::Error` converted from an error
    /// of [`write_file`](crate::write_file) or its siblings; `None` for any
    /// other error. For the [`Error`] itself, see
    /// [`Error::write_file_error`].
    pub fn of(error: &io::Error) -> Option<&WriteFileError> {
        error.get_ref()?.downcast_ref()
    }

    /// The path that was being written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The error that stopped the write, as it was returned: by the
    /// operating system (with its [`raw_os_error`](io::Error::raw_os_error)),
    /// by the encoder's writer, or by `fs::write_with`'s closure. A value
    /// that could not be encoded is an error of kind
    /// [`InvalidData`](io::ErrorKind::InvalidData) holding its [`Error`].
    pub fn io_error(&self) -> &io::Error {
        &self.error
    }

    /// The original error, by value.
    pub fn into_io_error(self) -> io::Error {
        self.error
    }
}

impl fmt::Display for WriteFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "writing {}: {}", self.path.display(), self.error)
    }
}

impl StdError for WriteFileError {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        Some(&self.error)
    }
}

/// Why a value has no RFC 8785 canonical form, and where in it: held by
/// the [`Error`] that [`canonical`](crate::Options::canonical) output
/// returns, and reached with [`Error::canonical_error`]. The `Error`'s message is this
/// one's.
///
/// ```
/// use std::collections::BTreeMap;
///
/// let ids = BTreeMap::from([("big", vec![1, u64::MAX])]);
/// let error = json_runtime::Options::new().canonical().to_vec(&ids).unwrap_err();
/// assert!(error.is_data());
/// let err = error.canonical_error().unwrap();
/// assert_eq!(err.to_string(), error.to_string());
/// assert_eq!(err.pointer(), "/big/1");
/// assert!(matches!(err.kind(), json_runtime::CanonicalErrorKind::IntegerOutOfRange(digits) if digits == "18446744073709551615"));
/// assert_eq!(
///     err.to_string(),
///     "cannot write canonical JSON (RFC 8785) at /big/1: the integer 18446744073709551615 is \
///      beyond 2^53 in magnitude, so it is not exactly an IEEE 754 double",
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CanonicalError {
    kind: CanonicalErrorKind,
    pointer: String,
}

/// What made a value impossible to write as canonical JSON; see
/// [`CanonicalError`].
#[derive(Clone, PartialEq)]
#[non_exhaustive]
pub enum CanonicalErrorKind {
    /// An integer of magnitude above 2<sup>53</sup>, with its digits.
    IntegerOutOfRange(String),
    /// A NaN or an infinity.
    NotFinite(f64),
    /// An object with this key twice.
    DuplicateKey(String),
    /// A [`RawJson`](crate::RawJson) string with an unpaired UTF-16
    /// surrogate escape (`"\ud800"`), which has no canonical form.
    UnpairedSurrogate,
    /// A value written through its `serde::Serialize` impl (a field that
    /// falls back to serde, or [`Serde`](crate::Serde)) reported this
    /// error, as `serde_json::to_vec` would return it.
    Serialize(String),
}

impl CanonicalError {
    pub(crate) fn new(kind: CanonicalErrorKind, pointer: String) -> Self {
        CanonicalError { kind, pointer }
    }

    /// What went wrong.
    pub fn kind(&self) -> &CanonicalErrorKind {
        &self.kind
    }

    /// Where: a JSON Pointer (RFC 6901) to the value, such as `/items/3/id`;
    /// empty for the whole document. For a duplicate key, the object that
    /// holds it. Indices inside a `HashSet` count in the order the set was
    /// iterated.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }
}

impl fmt::Display for CanonicalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot write canonical JSON (RFC 8785)")?;
        if !self.pointer.is_empty() {
            write!(f, " at {}", self.pointer)?;
        }
        match &self.kind {
            CanonicalErrorKind::IntegerOutOfRange(digits) => write!(
                f,
                ": the integer {digits} is beyond 2^53 in magnitude, so it is not exactly an IEEE 754 double"
            ),
            CanonicalErrorKind::NotFinite(value) => {
                write!(f, ": {} is not a finite number", FloatText(*value))
            }
            CanonicalErrorKind::DuplicateKey(key) => {
                write!(f, ": the key {key:?} occurs twice in one object")
            }
            CanonicalErrorKind::UnpairedSurrogate => {
                f.write_str(": a string holds an unpaired UTF-16 surrogate")
            }
            CanonicalErrorKind::Serialize(message) => write!(f, ": {message}"),
        }
    }
}

impl StdError for CanonicalError {}

// As derived, but with the float through `FloatText`.
impl fmt::Debug for CanonicalErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::IntegerOutOfRange(digits) => {
                f.debug_tuple("IntegerOutOfRange").field(digits).finish()
            }
            Self::NotFinite(value) => f
                .debug_tuple("NotFinite")
                .field(&FloatText(*value))
                .finish(),
            Self::DuplicateKey(key) => f.debug_tuple("DuplicateKey").field(key).finish(),
            Self::UnpairedSurrogate => f.write_str("UnpairedSurrogate"),
            Self::Serialize(message) => f.debug_tuple("Serialize").field(message).finish(),
        }
    }
}

/// A float in an error's `Display` and `Debug` without core's float
/// formatting, which the error's `Debug` (reached by every `unwrap`) would
/// otherwise link into each program: 18 KB of `.text`, more than 100
/// derived encoders of `bool` fields take beyond serde's. NaN and the
/// infinities print as Rust prints them; a finite value, which only a
/// caller can put in `NotFinite`, in its shortest form.
struct FloatText(f64);

impl fmt::Display for FloatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = self.0;
        if value.is_nan() {
            f.write_str("NaN")
        } else if value.is_infinite() {
            f.write_str(if value > 0.0 { "inf" } else { "-inf" })
        } else {
            f.write_str(zmij::Buffer::new().format_finite(value))
        }
    }
}

impl fmt::Debug for FloatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::{CanonicalErrorKind, FloatText};

    /// The same text as core's float formatting, which these replace.
    #[test]
    fn floats_print_as_rust_prints_them() {
        for value in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1.5,
            -0.25,
            1.0,
            0.1,
        ] {
            assert_eq!(FloatText(value).to_string(), format!("{value:?}"));
            assert_eq!(
                format!("{:?}", CanonicalErrorKind::NotFinite(value)),
                format!("NotFinite({value:?})"),
            );
        }
    }
}
