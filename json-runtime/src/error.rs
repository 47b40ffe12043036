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
