//! A flattened value written as entries of an object the caller opened,
//! as serde's `FlatMapSerializer` writes it.

use serde::ser::{self, Impossible, Serialize};

use crate::__private_0_1_0::EntriesOf;
use crate::{Error, Format, JsonWriter};

use super::key::MapKeySerializer;
use super::value::{Compound, Serializer};

impl<F: Format> JsonWriter<'_, F> {
    /// Writes `value`, through its `serde::Serialize` impl, as entries of
    /// the object being written (`first` says whether it has none yet), as
    /// serde's flatten and internal tagging do; anything not made of
    /// entries is serde's error.
    #[inline]
    pub(crate) fn write_serde_entries<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
        first: &mut bool,
        of: EntriesOf,
    ) {
        if self.failed() {
            return;
        }
        // As `write_serde`: serde orders the entries, unchecked.
        self.check_suspend();
        let result = value.serialize(EntriesSerializer { w: self, first, of });
        self.check_resume();
        if let Err(error) = result {
            self.fail(error);
        }
    }

    /// The key of one entry written by [`EntriesSerializer`].
    fn entry_name(&mut self, first: &mut bool, name: &str) {
        self.object_entry(*first);
        *first = false;
        self.write_name(name);
        self.colon();
    }
}

/// serde's `FlatMapSerializer` and `TaggedSerializer` over serde_json's
/// map: maps and structs as their entries, enum variants as one entry.
struct EntriesSerializer<'w, 'a, 'f, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
    first: &'f mut bool,
    of: EntriesOf,
}

/// The entries of a map or struct written by [`EntriesSerializer`].
struct EntriesCompound<'w, 'a, 'f, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
    first: &'f mut bool,
}

/// The value of a tuple or struct variant's entry: the array or object
/// without the externally tagged variant's braces around it.
struct VariantValue<'w, 'a, F: Format>(Compound<'w, 'a, F>);

impl<'w, 'a, 'f, F: Format> ser::Serializer for EntriesSerializer<'w, 'a, 'f, F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = VariantValue<'w, 'a, F>;
    type SerializeMap = EntriesCompound<'w, 'a, 'f, F>;
    type SerializeStruct = EntriesCompound<'w, 'a, 'f, F>;
    type SerializeStructVariant = VariantValue<'w, 'a, F>;

    fn serialize_bool(self, _: bool) -> Result<(), Error> {
        Err(self.of.bad_type("a boolean"))
    }
    fn serialize_i8(self, _: i8) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_i16(self, _: i16) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_i32(self, _: i32) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_i64(self, _: i64) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_u8(self, _: u8) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_u16(self, _: u16) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_u32(self, _: u32) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    fn serialize_u64(self, _: u64) -> Result<(), Error> {
        Err(self.of.bad_type("an integer"))
    }
    // `serialize_i128` and `serialize_u128` keep serde's default, the
    // error "i128 is not supported", as serde's serializers do.
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        Err(self.of.bad_type("a float"))
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        Err(self.of.bad_type("a float"))
    }
    fn serialize_char(self, _: char) -> Result<(), Error> {
        Err(self.of.bad_type("a char"))
    }
    fn serialize_str(self, _: &str) -> Result<(), Error> {
        Err(self.of.bad_type("a string"))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        Err(self.of.bad_type("a byte array"))
    }

    fn serialize_none(self) -> Result<(), Error> {
        match self.of {
            EntriesOf::Flatten => Ok(()),
            EntriesOf::Tagged { .. } => Err(self.of.bad_type("an optional")),
        }
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        match self.of {
            EntriesOf::Flatten => value.serialize(self),
            EntriesOf::Tagged { .. } => Err(self.of.bad_type("an optional")),
        }
    }

    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Ok(())
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.w.entry_name(self.first, variant);
        self.w.write_null();
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.entry_name(self.first, variant);
        value.serialize(Serializer { w: &mut *self.w })?;
        self.w.flush_point();
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(self.of.bad_type("a sequence"))
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(self.of.bad_type("a tuple"))
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(self.of.bad_type("a tuple struct"))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        self.w.entry_name(self.first, variant);
        Ok(VariantValue(Serializer { w: self.w }.seq(Some(len))))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(EntriesCompound {
            w: self.w,
            first: self.first,
        })
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Ok(EntriesCompound {
            w: self.w,
            first: self.first,
        })
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        self.w.entry_name(self.first, variant);
        Ok(VariantValue(Serializer { w: self.w }.map(Some(len))))
    }
}

impl<F: Format> ser::SerializeMap for EntriesCompound<'_, '_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.w.object_entry(*self.first);
        *self.first = false;
        key.serialize(MapKeySerializer { w: &mut *self.w })
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.w.colon();
        value.serialize(Serializer { w: &mut *self.w })?;
        self.w.flush_point();
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl<F: Format> ser::SerializeStruct for EntriesCompound<'_, '_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.w.entry_name(self.first, key);
        value.serialize(Serializer { w: &mut *self.w })?;
        self.w.flush_point();
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

impl<F: Format> ser::SerializeTupleVariant for VariantValue<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.0.element(value)
    }

    fn end(self) -> Result<(), Error> {
        self.0.end_seq()
    }
}

impl<F: Format> ser::SerializeStructVariant for VariantValue<'_, '_, F> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(&mut self.0, key, value)
    }

    fn end(self) -> Result<(), Error> {
        self.0.end_map()
    }
}
