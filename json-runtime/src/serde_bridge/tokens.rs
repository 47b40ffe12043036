//! serde_json's private token structs: a `RawValue`'s JSON text and an
//! `arbitrary_precision` number's digits, written as they are.

use std::fmt::Display;

use serde::ser::{self, Impossible, Serialize};

use crate::{Error, Format, JsonWriter};

use super::errors::token_error;

/// Writes the string held by a serde_json token struct as it is: the JSON
/// text of a `RawValue`, or the digits of an `arbitrary_precision` number.
pub(super) struct TokenSerializer<'w, 'a, F: Format> {
    pub(super) w: &'w mut JsonWriter<'a, F>,
    pub(super) token: &'static str,
}

impl<F: Format> TokenSerializer<'_, '_, F> {
    fn reject<T>(self) -> Result<T, Error> {
        Err(token_error(self.token))
    }
}

impl<F: Format> ser::Serializer for TokenSerializer<'_, '_, F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.w.write_raw(value);
        Ok(())
    }

    fn serialize_bool(self, _: bool) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_i8(self, _: i8) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_i16(self, _: i16) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_i32(self, _: i32) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_i64(self, _: i64) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_i128(self, _: i128) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_u8(self, _: u8) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_u16(self, _: u16) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_u32(self, _: u32) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_u64(self, _: u64) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_u128(self, _: u128) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_char(self, _: char) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        self.reject()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        self.reject()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        self.reject()
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        self.reject()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.reject()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        self.reject()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        self.reject()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.reject()
    }
    fn collect_str<T: Display + ?Sized>(self, _: &T) -> Result<(), Error> {
        self.reject()
    }
}
