//! RFC 8785 canonical JSON: the entry points. The output itself is the
//! writer's `Canonical` layout (`writer/canonical.rs`, `writer/sort.rs`).

use crate::buf::sizes::INITIAL_CAPACITY;
use crate::encode::into_string;
use crate::error::{CanonicalError, CanonicalErrorKind, Error};
use crate::writer::{Canonical, Config, JsonWriter};
use crate::ToJson;

/// Encodes `value` as canonical JSON, as RFC 8785 (the JSON
/// Canonicalization Scheme, JCS) defines it, for signing or hashing.
///
/// - The entries of every object are sorted by the UTF-16 code units of
///   their keys, at every level: derived structs (whatever the order their
///   fields are declared in), flattened fields, maps and
///   `serde_json::Value` objects alike.
/// - There is no whitespace.
/// - Strings are escaped as ECMAScript's `JSON.stringify` escapes them,
///   which is what serde_json does too: `\"`, `\\`, `\b \f \n \r \t`, other
///   control characters as `\u00xx`, everything else as it is.
/// - Numbers are written as ECMAScript's `Number.prototype.toString`
///   writes the IEEE 754 double they are: `1e+21`, `1e-7`,
///   `10000000000000000` for `1e16`, `4.5`, and `56` for `56.0`. `f32`s are
///   written as the double they convert to exactly (`0.1f32` is
///   `0.10000000149011612`).
/// - `HashSet` elements, whose iteration order changes from run to run,
///   are sorted, as with [`Options::sort_keys`](crate::Options::sort_keys),
///   so the bytes depend only on the value. Other arrays keep their order.
/// - [`RawJson`](crate::RawJson) is canonicalized as it is written.
///
/// # Errors
///
/// Where the value cannot be written without changing it, the [`Error`]
/// holds a [`CanonicalError`] ([`Error::canonical_error`]) that says what
/// and where (as a JSON Pointer):
///
/// - an integer of magnitude above 2<sup>53</sup>
///   (9 007 199 254 740 992). Every integer up to that is exactly a double
///   and is written as its digits. Above it, most integers are not doubles,
///   and the few that are would be written with other digits
///   (2<sup>60</sup> = 1152921504606846976 as `1152921504606847000`), so a
///   reader would get another number. Write such integers as strings
///   (`#[json(as_string)]`).
/// - a NaN or infinite float, which JSON cannot represent;
/// - two entries of one object with the same key (through `flatten`, or a
///   hand-written impl), which RFC 8785 forbids;
/// - in a [`RawJson`](crate::RawJson), a string with an unpaired surrogate
///   escape;
/// - a value written through serde that reports an error, as
///   [`to_vec`](crate::to_vec) would return it
///   ([`CanonicalErrorKind::Serialize`]).
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// struct Payment {
///     to: String,
///     amount: f64,
///     at: u64,
/// }
///
/// let payment = Payment { to: "Zoë".into(), amount: 1e21, at: 1_700_000_000 };
/// assert_eq!(
///     json_runtime::to_string_canonical(&payment)?,
///     r#"{"amount":1e+21,"at":1700000000,"to":"Zoë"}"#,
/// );
///
/// let err = json_runtime::to_vec_canonical(&[f64::NAN]).unwrap_err();
/// assert_eq!(err.canonical_error().unwrap().pointer(), "/0");
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_vec_canonical<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let buf = Vec::with_capacity(INITIAL_CAPACITY);
    let mut w = JsonWriter::<Canonical>::in_memory(&Config::DEFAULT, buf);
    value.write_json(&mut w);
    match w.take_canonical_error() {
        Some(error) => Err(error.into()),
        None => w.into_result().map_err(|error| {
            CanonicalError::new(
                CanonicalErrorKind::Serialize(error.to_string()),
                String::new(),
            )
            .into()
        }),
    }
}

/// Encodes `value` as canonical JSON text; see [`to_vec_canonical`].
///
/// ```
/// use std::collections::HashMap;
///
/// let value = HashMap::from([("b", [1.0, 0.000001, 1e-7]), ("a", [1e21, -0.0, 0.5])]);
/// assert_eq!(
///     json_runtime::to_string_canonical(&value)?,
///     r#"{"a":[1e+21,0,0.5],"b":[1,0.000001,1e-7]}"#,
/// );
/// # Ok::<(), json_runtime::Error>(())
/// ```
pub fn to_string_canonical<T: ToJson + ?Sized>(value: &T) -> Result<String, Error> {
    to_vec_canonical(value).map(into_string)
}
