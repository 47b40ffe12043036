//! serde_json's error messages for what it refuses, and the names of its
//! private token structs, which those messages tell apart.

use crate::Error;

/// The struct name and field serde_json's `RawValue` serializes as.
pub(super) const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";
/// The struct name and field serde_json's `Number` serializes as with its
/// `arbitrary_precision` feature. Only that `Number` emits it, so
/// recognizing it always matches serde_json with or without the feature.
pub(super) const NUMBER_TOKEN: &str = "$serde_json::private::Number";

pub(super) fn key_must_be_a_string() -> Error {
    Error::new("key must be a string")
}

pub(super) fn float_key_must_be_finite() -> Error {
    Error::new("float key must be finite (got NaN or +/-inf)")
}

/// Only `serialize_struct` makes a token compound, and serde_json's own
/// token structs call nothing but `serialize_field` on it.
pub(super) fn token_misuse() -> Error {
    Error::new("invalid use of a serde_json private token struct")
}

/// serde_json's messages for a token struct that does not hold a string.
pub(super) fn token_error(token: &str) -> Error {
    if token == RAW_VALUE_TOKEN {
        Error::new("expected RawValue")
    } else {
        Error::new("invalid number")
    }
}
