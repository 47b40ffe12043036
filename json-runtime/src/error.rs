//! The error a value can report while it is written.

use std::fmt;
use std::io;

/// An error reported by a value while it was being written.
///
/// [`ToJson`](crate::ToJson) impls cannot fail, but values written through
/// serde can: a `serde::Serialize` impl may return an error of its own (a
/// `Mutex` that is poisoned, a custom `S::Error::custom(..)`), and serde_json's
/// rules reject some values, such as a map whose keys are not strings
/// (`"key must be a string"`). Such values reach the output through
/// [`Serde`](crate::Serde), [`JsonWriter::write_serde`](crate::JsonWriter::write_serde)
/// or a derived field whose type implements only `Serialize`.
///
/// The streaming entry points ([`to_writer`](crate::to_writer) and the
/// others returning `io::Result`) return it as an [`io::Error`] of kind
/// [`InvalidData`](io::ErrorKind::InvalidData) that holds this error, as
/// serde_json's `From<serde_json::Error> for io::Error` does, and write
/// nothing after it. [`try_to_vec`](crate::try_to_vec) and
/// [`try_to_string`](crate::try_to_string) return it; [`to_vec`](crate::to_vec)
/// and [`to_string`](crate::to_string) panic with it.
///
/// ```
/// use std::collections::BTreeMap;
///
/// use json_runtime::Serde;
///
/// // serde_json rejects a map whose keys are arrays.
/// let map = BTreeMap::from([(vec![1], "one")]);
/// let error = json_runtime::try_to_vec(&Serde(&map)).unwrap_err();
/// assert_eq!(error.to_string(), "key must be a string");
///
/// let io_error = json_runtime::to_writer(Vec::new(), &Serde(&map)).unwrap_err();
/// assert_eq!(io_error.kind(), std::io::ErrorKind::InvalidData);
/// let inner = io_error.get_ref().and_then(|e| e.downcast_ref::<json_runtime::Error>());
/// assert_eq!(inner, Some(&error));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Error {
    message: Box<str>,
}

impl Error {
    pub(crate) fn new(message: impl fmt::Display) -> Self {
        Error {
            message: message.to_string().into_boxed_str(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Error").field(&self.message).finish()
    }
}

impl std::error::Error for Error {}

/// An [`io::Error`] of kind [`InvalidData`](io::ErrorKind::InvalidData)
/// holding the error, reachable through `get_ref`, `get_mut` and
/// `into_inner`, as serde_json converts its own errors.
impl From<Error> for io::Error {
    fn from(error: Error) -> Self {
        io::Error::new(io::ErrorKind::InvalidData, error)
    }
}

#[cfg(feature = "serde")]
impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::new(message)
    }
}

/// Why a value has no RFC 8785 canonical form, and where in it: returned by
/// [`to_vec_canonical`](crate::to_vec_canonical) and
/// [`to_string_canonical`](crate::to_string_canonical).
///
/// ```
/// use std::collections::BTreeMap;
///
/// let ids = BTreeMap::from([("big", vec![1, u64::MAX])]);
/// let err = json_runtime::to_vec_canonical(&ids).unwrap_err();
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
#[derive(Debug, Clone, PartialEq)]
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
                write!(f, ": {value} is not a finite number")
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

impl std::error::Error for CanonicalError {}
