//! `rust_decimal::Decimal`, written as rust_decimal's own `Serialize` impl
//! makes serde_json write it.
//!
//! That impl has three forms, chosen by rust_decimal's features. Cargo
//! unifies features, so any crate in the build can pick one; json-runtime
//! therefore does not guess. The first time a `Decimal` is written, it runs
//! rust_decimal's `Serialize` impl once against a probe serializer and
//! records which form it chose; after that each value costs one relaxed
//! atomic load on top of the formatting, which is done here, on the stack.
//!
//! | rust_decimal features | JSON for `Decimal::new(-1050, 2)` | as a map key |
//! |---|---|---|
//! | `serde` (the default) | `"-10.50"`, the `Display` text, scale kept | `"-10.50"` |
//! | `serde-float` | `-10.5`, through `f64` (so precision can be lost) | `"-10.5"` |
//! | `serde-float` + `serde-arbitrary-precision` | `-10.50`, the text as a number | `"-10.50"` (serde_json rejects it) |
//!
//! The string form is the default and the one json-runtime's tests compare
//! with rust_decimal itself; the other two are checked against serde_json
//! writing what rust_decimal hands it (an `f64`, or the text unquoted, as
//! serde_json's `arbitrary_precision` writes a `Number`).
//!
//! rust_decimal's `serde-with-*` features only add modules for
//! `#[serde(with = ...)]` and do not change the form.
//!
//! A `Decimal` is a [`ToJsonKey`] in every form. serde_json quotes a float
//! key, so the second form's key is the float's text in quotes. In the
//! third form serde_json returns an error for a key, which in-memory
//! encoding has no way to return; json-runtime writes the text quoted.

use crate::writer::{ValueWriter, Written};
use ::rust_decimal::prelude::ToPrimitive;
use ::rust_decimal::Decimal;

use super::display_text::with_display_text;
use super::serde_probe::{self, Probed};
use crate::writer::write_f64;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// How rust_decimal's `Serialize` impl writes a `Decimal` in this build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Form {
    /// `serialize_str` of the `Display` text.
    String = 1,
    /// `serialize_f64`.
    Float = 2,
    /// serde_json's arbitrary-precision `Number` of the `Display` text.
    Number = 3,
}

impl From<serde_probe::Form> for Form {
    /// Anything but the three forms (one a later rust_decimal might add)
    /// reads as the string form, rust_decimal's default.
    fn from(form: serde_probe::Form) -> Self {
        match form {
            serde_probe::Form::F64 => Form::Float,
            serde_probe::Form::SerdeJsonNumber => Form::Number,
            serde_probe::Form::Str | serde_probe::Form::Other => Form::String,
        }
    }
}

static FORM: Probed = Probed::new();

#[inline]
fn form() -> Form {
    FORM.form(|| Decimal::ONE).into()
}

#[inline]
fn write_decimal<F: Format>(w: &mut JsonWriter<'_, F>, value: &Decimal, form: Form, key: bool) {
    match form {
        Form::String => with_display_text(value, |text| w.write_str(text)),
        Form::Float => {
            // rust_decimal's impl unwraps `to_f64`, which is always `Some`.
            let float = value.to_f64().unwrap_or(f64::NAN);
            if key {
                w.write_raw("\"");
                write_f64(w, float);
                w.write_raw("\"");
            } else {
                write_f64(w, float);
            }
        }
        Form::Number if key => with_display_text(value, |text| w.write_str(text)),
        // The `Display` text is digits, an optional `-` and `.`: a valid
        // JSON number, which serde_json's `arbitrary_precision` writes as
        // it is.
        Form::Number => with_display_text(value, |text| w.write_raw(text)),
    }
}

impl ToJson for Decimal {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_decimal(w, self, form(), false);
        Written(())
    }
}

impl ToJsonKey for Decimal {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_decimal(w, self, form(), true);
    }
}

/// The float and arbitrary-precision forms, which this workspace's
/// rust_decimal features do not select, checked by calling the writer
/// with each form; tests/foreign_types.rs compares the string form with
/// rust_decimal's own impl.
#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use ::rust_decimal::prelude::ToPrimitive;
    use serde::ser::{Serialize, SerializeStruct, Serializer};

    use super::*;
    use crate::{Compact, Pretty};

    fn form_of<T: Serialize + ?Sized>(value: &T) -> Form {
        serde_probe::form_of(value).into()
    }

    fn ours(value: &Decimal, form: Form, key: bool) -> String {
        let mut w = JsonWriter::<Compact>::in_memory(&crate::writer::Config::DEFAULT, Vec::new());
        write_decimal(&mut w, value, form, key);
        let compact = String::from_utf8(w.into_buf()).unwrap();
        let mut w = JsonWriter::<Pretty>::in_memory(&crate::writer::Config::DEFAULT, Vec::new());
        write_decimal(&mut w, value, form, key);
        assert_eq!(String::from_utf8(w.into_buf()).unwrap(), compact);
        compact
    }

    fn samples() -> Vec<Decimal> {
        let mut values: Vec<Decimal> = [
            "0",
            "-0",
            "0.00",
            "1",
            "-1",
            "1.50",
            "-10.50",
            "0.1",
            "0.3",
            "1e-28",
            "2.5e15",
            "123456789012345678.9",
        ]
        .iter()
        .map(|text| {
            Decimal::from_str(text)
                .or_else(|_| Decimal::from_scientific(text))
                .unwrap()
        })
        .collect();
        values.extend([Decimal::MAX, Decimal::MIN, Decimal::new(i64::MAX, 28)]);
        let mut negative_zero = Decimal::ZERO;
        negative_zero.set_sign_negative(true);
        values.push(negative_zero);
        values
    }

    /// A one-entry map with an `f64` key: serde_json writes the key as
    /// the float's text in quotes.
    struct FloatKey(f64);

    impl Serialize for FloatKey {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_map([(self.0, 0u8)])
        }
    }

    #[test]
    fn float_form_is_what_serde_json_writes_for_the_f64() {
        for value in samples() {
            let float = value.to_f64().unwrap();
            assert_eq!(
                ours(&value, Form::Float, false),
                serde_json::to_string(&float).unwrap()
            );
            assert_eq!(
                format!("{{{}:0}}", ours(&value, Form::Float, true)),
                serde_json::to_string(&FloatKey(float)).unwrap()
            );
        }
        assert_eq!(ours(&Decimal::new(-1050, 2), Form::Float, false), "-10.5");
    }

    #[test]
    fn number_form_is_the_text_unquoted() {
        for value in samples() {
            let text = value.to_string();
            let written = ours(&value, Form::Number, false);
            assert_eq!(written, text);
            assert!(serde_json::from_str::<serde_json::Value>(&written)
                .unwrap()
                .is_number());
            assert_eq!(
                ours(&value, Form::Number, true),
                serde_json::to_string(&text).unwrap()
            );
        }
        assert_eq!(ours(&Decimal::new(-1050, 2), Form::Number, false), "-10.50");
    }

    #[test]
    fn string_form_is_the_text_quoted() {
        for value in samples() {
            let quoted = serde_json::to_string(&value.to_string()).unwrap();
            assert_eq!(ours(&value, Form::String, false), quoted);
            assert_eq!(ours(&value, Form::String, true), quoted);
        }
    }

    /// Stand-ins for each way a `Serialize` impl can write a decimal.
    enum Writes {
        Str,
        Float,
        SerdeJsonNumber,
        OtherStruct,
        Integer,
    }

    impl Serialize for Writes {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Writes::Str => serializer.serialize_str("1.5"),
                Writes::Float => serializer.serialize_f64(1.5),
                Writes::SerdeJsonNumber | Writes::OtherStruct => {
                    let name = match self {
                        Writes::SerdeJsonNumber => "$serde_json::private::Number",
                        _ => "Decimal",
                    };
                    let mut number = serializer.serialize_struct(name, 1)?;
                    number.serialize_field(name, "1.5")?;
                    number.end()
                }
                Writes::Integer => serializer.serialize_u64(1),
            }
        }
    }

    #[test]
    fn probe_tells_the_forms_apart() {
        assert_eq!(form_of(&Writes::Str), Form::String);
        assert_eq!(form_of(&Writes::Float), Form::Float);
        assert_eq!(form_of(&Writes::SerdeJsonNumber), Form::Number);
        assert_eq!(form_of(&Writes::OtherStruct), Form::String);
        assert_eq!(form_of(&Writes::Integer), Form::String);
    }

    /// The probe agrees with what rust_decimal's `Serialize` does in this
    /// build, checked independently through serde_json.
    #[test]
    fn probe_matches_serde_json() {
        // The three forms write 1.50 as `"1.50"`, `1.5` and `1.50`.
        let expected = match serde_json::to_string(&Decimal::new(150, 2))
            .unwrap()
            .as_str()
        {
            "\"1.50\"" => Form::String,
            "1.5" => Form::Float,
            "1.50" => Form::Number,
            other => panic!("unexpected form {other}"),
        };
        assert_eq!(form(), expected);
        assert_eq!(form_of(&Decimal::MAX), expected);
    }
}
