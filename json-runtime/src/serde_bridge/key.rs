//! Map keys, as serde_json's `MapKeySerializer` writes them.

use std::fmt::Display;

use serde::ser::{self, Impossible, Serialize};

use crate::writer::{write_f32, write_f64, write_int_quoted};
use crate::{Error, Format, JsonWriter};

use super::errors::{float_key_must_be_finite, key_must_be_a_string};

/// Writes map keys as serde_json's `MapKeySerializer` does: strings,
/// chars and unit variants as strings; integers, bools and finite floats
/// quoted; newtypes and `Some` as their content; anything else is the
/// error "key must be a string".
pub(super) struct MapKeySerializer<'w, 'a, F: Format> {
    pub(super) w: &'w mut JsonWriter<'a, F>,
}

impl<F: Format> MapKeySerializer<'_, '_, F> {
    fn int<I: crate::number::Integer>(self, value: I) -> Result<(), Error> {
        write_int_quoted(self.w, value);
        Ok(())
    }

    fn quoted(self, write: impl FnOnce(&mut JsonWriter<'_, F>)) -> Result<(), Error> {
        self.w.buf_mut().push(b'"');
        write(self.w);
        self.w.buf_mut().push(b'"');
        Ok(())
    }
}

impl<F: Format> ser::Serializer for MapKeySerializer<'_, '_, F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.quoted(|w| w.value(&value))
    }

    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_i128(self, value: i128) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_u128(self, value: u128) -> Result<(), Error> {
        self.int(value)
    }

    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        if !value.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|w| write_f32(w, value))
    }

    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        if !value.is_finite() {
            return Err(float_key_must_be_finite());
        }
        self.quoted(|w| write_f64(w, value))
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.w.write_char(value);
        Ok(())
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.w.write_str(value);
        Ok(())
    }

    fn serialize_bytes(self, _value: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.w.write_name(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }

    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        self.w.write_display(value)
    }
}
