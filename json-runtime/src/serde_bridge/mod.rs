//! A `serde::Serializer` that writes into a [`JsonWriter`], so that any
//! type implementing `serde::Serialize` can be written, byte for byte as
//! serde_json 1.0.154 writes it.
//!
//! It follows the rules of serde_json's `src/ser.rs`: map keys go through
//! a key serializer that quotes integers, bools and finite floats and
//! rejects anything that is not string-like with "key must be a string";
//! enums use serde's externally tagged representation; bytes are an array
//! of numbers; NaN and infinities are `null`; serde_json's `RawValue` and
//! `arbitrary_precision` `Number` tokens are written verbatim.
//!
//! All structure goes through the writer's own methods (`begin_array`,
//! `object_entry`, `colon`, …), so pretty layout, any indent and the
//! streaming flush points behave exactly as for native encoders. Strings
//! and map keys are escaped by [`JsonWriter::write_str`], so the
//! [`Escape`](crate::Escape) mode applies to them; struct field names and
//! variant names, which serde hands over as `&'static str` from the type's
//! definition, are escaped as serde_json does whatever the mode, as a
//! derived `ToJson` writes its field and variant names.
//!
//! One serializer a file: `value.rs` (any value), `key.rs` (map keys),
//! `entries.rs` (a flattened value's entries), `tokens.rs` (serde_json's
//! `RawValue` and `arbitrary_precision` number tokens), over `text.rs`
//! (names and variants through the writer) and `errors.rs`;
//! `wrapper.rs` holds the public face, [`Serde`] and
//! `JsonWriter::write_serde`.

mod entries;
mod errors;
mod key;
mod text;
mod tokens;
mod value;
mod wrapper;

pub use wrapper::Serde;

#[cfg(test)]
mod tests {
    use super::Serde;

    #[test]
    fn struct_variant_pretty_matches_serde_json() {
        #[derive(serde::Serialize)]
        enum E {
            S { a: u8, b: Vec<u8> },
            T(u8, (), Vec<u8>),
        }
        for value in [
            E::S { a: 1, b: vec![] },
            E::T(1, (), vec![2]),
            E::S { a: 2, b: vec![3] },
        ] {
            let ours = crate::to_vec_pretty(&Serde(&value)).unwrap();
            let theirs = serde_json::to_vec_pretty(&value).unwrap();
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(theirs).unwrap()
            );
        }
    }
}
