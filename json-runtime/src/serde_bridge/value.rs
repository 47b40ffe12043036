//! The serializer for one value, and its compounds (sequences, maps,
//! structs, variants).

use std::fmt::Display;

use serde::ser::{self, Serialize};

use crate::writer::{write_f32, write_f64, write_int, ValueWriter};
use crate::{Error, Format, JsonWriter, ToJson};

use super::errors::{token_error, token_misuse, NUMBER_TOKEN, RAW_VALUE_TOKEN};
use super::key::MapKeySerializer;
use super::tokens::TokenSerializer;

/// The serializer for one value. Constructed for each value, so nested
/// values reborrow the writer.
pub(super) struct Serializer<'w, 'a, F: Format> {
    pub(super) w: &'w mut JsonWriter<'a, F>,
}

/// serde_json's `State`: whether a sequence or map was closed already
/// because its length was 0, or has had no element yet, or has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    Empty,
    First,
    Rest,
}

/// The serializer of a sequence, tuple, map or struct, and of the content
/// of tuple and struct variants.
pub(super) enum Compound<'w, 'a, F: Format> {
    Map {
        w: &'w mut JsonWriter<'a, F>,
        state: State,
    },
    /// A serde_json token struct (`RawValue` or `Number`), whose one field
    /// holds JSON text to write as it is.
    Token {
        w: &'w mut JsonWriter<'a, F>,
        token: &'static str,
    },
}

impl<'w, 'a, F: Format> Serializer<'w, 'a, F> {
    pub(super) fn seq(self, len: Option<usize>) -> Compound<'w, 'a, F> {
        self.w.begin_array();
        let state = if len == Some(0) {
            self.w.end_array(true);
            State::Empty
        } else {
            State::First
        };
        Compound::Map { w: self.w, state }
    }

    pub(super) fn map(self, len: Option<usize>) -> Compound<'w, 'a, F> {
        self.w.begin_object();
        let state = if len == Some(0) {
            self.w.end_object_dyn(true);
            State::Empty
        } else {
            State::First
        };
        Compound::Map { w: self.w, state }
    }
}

impl<'w, 'a, F: Format> ser::Serializer for Serializer<'w, 'a, F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'w, 'a, F>;
    type SerializeTuple = Compound<'w, 'a, F>;
    type SerializeTupleStruct = Compound<'w, 'a, F>;
    type SerializeTupleVariant = Compound<'w, 'a, F>;
    type SerializeMap = Compound<'w, 'a, F>;
    type SerializeStruct = Compound<'w, 'a, F>;
    type SerializeStructVariant = Compound<'w, 'a, F>;

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        value.write_json(ValueWriter { w: &mut *self.w });
        Ok(())
    }

    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_i128(self, value: i128) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    fn serialize_u128(self, value: u128) -> Result<(), Error> {
        write_int(self.w, value);
        Ok(())
    }

    /// NaN and the infinities are `null`, as in serde_json.
    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        write_f32(self.w, value);
        Ok(())
    }

    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        write_f64(self.w, value);
        Ok(())
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.w.write_char(value);
        Ok(())
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.w.write_str(value);
        Ok(())
    }

    /// An array of numbers, as serde_json's default `write_byte_array`.
    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        self.w.begin_array();
        for (i, byte) in value.iter().enumerate() {
            self.w.array_value(i == 0);
            write_int(self.w, *byte);
        }
        self.w.end_array(value.is_empty());
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.w.write_null();
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.w.write_null();
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.w.write_null();
        Ok(())
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
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.begin_variant(variant);
        value.serialize(Serializer { w: &mut *self.w })?;
        self.w.end_variant();
        Ok(())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Ok(self.seq(len))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, Error> {
        Ok(self.seq(Some(len)))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Ok(self.seq(Some(len)))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.w.begin_variant(variant);
        Ok(self.seq(Some(len)))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(self.map(len))
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        match name {
            RAW_VALUE_TOKEN | NUMBER_TOKEN => Ok(Compound::Token {
                w: self.w,
                token: name,
            }),
            _ => Ok(self.map(Some(len))),
        }
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.w.begin_variant(variant);
        Ok(self.map(Some(len)))
    }

    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        self.w.write_display(value)
    }
}

impl<F: Format> Compound<'_, '_, F> {
    pub(super) fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let Compound::Map { w, state } = self else {
            return Err(token_misuse());
        };
        w.array_value(*state == State::First);
        *state = State::Rest;
        value.serialize(Serializer { w: &mut **w })?;
        w.flush_point();
        Ok(())
    }

    pub(super) fn end_seq(self) -> Result<(), Error> {
        match self {
            Compound::Map { w, state } => {
                if state != State::Empty {
                    w.end_array(state == State::First);
                }
                Ok(())
            }
            Compound::Token { .. } => Err(token_misuse()),
        }
    }

    pub(super) fn end_map(self) -> Result<(), Error> {
        match self {
            Compound::Map { w, state } => {
                if state != State::Empty {
                    w.end_object_dyn(state == State::First);
                }
                Ok(())
            }
            Compound::Token { .. } => Ok(()),
        }
    }
}

impl<F: Format> ser::SerializeSeq for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.end_seq()
    }
}

impl<F: Format> ser::SerializeTuple for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.end_seq()
    }
}

impl<F: Format> ser::SerializeTupleStruct for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.end_seq()
    }
}

impl<F: Format> ser::SerializeTupleVariant for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }

    fn end(self) -> Result<(), Error> {
        let Compound::Map { w, state } = self else {
            return Err(token_misuse());
        };
        if state != State::Empty {
            w.end_array(state == State::First);
        }
        w.end_variant();
        Ok(())
    }
}

impl<F: Format> ser::SerializeMap for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let Compound::Map { w, state } = self else {
            return Err(token_misuse());
        };
        w.object_entry(*state == State::First);
        *state = State::Rest;
        key.serialize(MapKeySerializer { w: &mut **w })
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let Compound::Map { w, .. } = self else {
            return Err(token_misuse());
        };
        w.colon();
        value.serialize(Serializer { w: &mut **w })?;
        w.flush_point();
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        self.end_map()
    }
}

impl<F: Format> ser::SerializeStruct for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        match self {
            Compound::Map { w, state } => {
                w.object_entry(*state == State::First);
                *state = State::Rest;
                w.write_name(key);
                w.colon();
                value.serialize(Serializer { w: &mut **w })?;
                w.flush_point();
                Ok(())
            }
            Compound::Token { w, token } if key == *token => {
                value.serialize(TokenSerializer { w: &mut **w, token })
            }
            Compound::Token { token, .. } => Err(token_error(token)),
        }
    }

    fn end(self) -> Result<(), Error> {
        self.end_map()
    }
}

impl<F: Format> ser::SerializeStructVariant for Compound<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result<(), Error> {
        let Compound::Map { w, state } = self else {
            return Err(token_misuse());
        };
        if state != State::Empty {
            w.end_object_dyn(state == State::First);
        }
        w.end_variant();
        Ok(())
    }
}
