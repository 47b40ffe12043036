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

use std::fmt::{Display, Write as _};

use serde::ser::{self, Impossible, Serialize};

use crate::__private_0_1_0::EntriesOf;
use crate::writer::{write_f32, write_f64, write_int, write_int_quoted};
use crate::{escape, Error, Format, JsonWriter, ToJson};

/// The struct name and field serde_json's `RawValue` serializes as.
const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";
/// The struct name and field serde_json's `Number` serializes as with its
/// `arbitrary_precision` feature. Only that `Number` emits it, so
/// recognizing it always matches serde_json with or without the feature.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Writes a `serde::Serialize` value through [`ToJson`], with the bytes
/// serde_json would write.
///
/// Use it for values whose types implement `Serialize` but not `ToJson`,
/// such as another crate's types, where a derive cannot reach: as a
/// collection element, in a hand-written impl, or to pass such a value to
/// [`to_vec`](crate::to_vec) directly. Derived fields need no wrapper:
/// the derive writes a field whose type implements only `Serialize`
/// through serde by itself.
///
/// ```
/// use json_runtime::{Format, JsonWriter, Serde, ToJson};
///
/// /// Another crate's type, with only a `Serialize` impl.
/// #[derive(serde::Serialize)]
/// struct Url(String);
///
/// let urls = vec![Serde(Url("https://a.example/".into()))];
/// assert_eq!(json_runtime::to_string(&urls), r#"["https://a.example/"]"#);
///
/// struct Link {
///     url: Url,
/// }
///
/// impl ToJson for Link {
///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
///         w.key("{\"href\":");
///         Serde(&self.url).write_json(w); // or w.write_serde(&self.url)
///         w.end_object();
///     }
/// }
///
/// let link = Link { url: Url("https://b.example/".into()) };
/// assert_eq!(json_runtime::to_string(&link), r#"{"href":"https://b.example/"}"#);
/// ```
///
/// A `Serialize` impl can fail; see [`Error`] for what the entry points do
/// then.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Serde<T: ?Sized>(pub T);

impl<T: Serialize + ?Sized> ToJson for Serde<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_serde(&self.0);
    }
}

/// The entries of the value, as serde writes a flattened field: a struct's
/// fields, a map's entries, an enum variant as one entry, nothing for
/// `None` or a unit; anything else is serde's error ("can only flatten
/// structs and maps (got a string)"). This lets a `Serialize`-only type
/// fill a generic parameter that is flattened, whose inferred bound is
/// `ToJsonFields`.
impl<T: Serialize + ?Sized> crate::ToJsonFields for Serde<T> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        w.write_serde_entries(&self.0, first, EntriesOf::Flatten);
    }
}

impl<T: Serialize + ?Sized> Serialize for Serde<T> {
    #[inline]
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// Writes `value` through its `serde::Serialize` impl, as serde_json
    /// would write it.
    ///
    /// If the impl returns an error, it is kept: nothing more reaches the
    /// underlying writer, and the entry point returns it (streaming) or
    /// panics with it (`to_vec`); see [`Error`]. Once an error is kept,
    /// later calls write nothing.
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// struct Tagged<T>(&'static str, T);
    ///
    /// impl<T: serde::Serialize> ToJson for Tagged<T> {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.key("{\"tag\":");
    ///         w.write_str(self.0);
    ///         w.key(",\"value\":");
    ///         w.write_serde(&self.1);
    ///         w.end_object();
    ///     }
    /// }
    ///
    /// let json = json_runtime::to_string(&Tagged("pair", (1, 'x')));
    /// assert_eq!(json, r#"{"tag":"pair","value":[1,"x"]}"#);
    /// ```
    #[inline]
    pub fn write_serde<T: Serialize + ?Sized>(&mut self, value: &T) {
        if self.failed() {
            return;
        }
        if let Err(error) = value.serialize(Serializer { w: self }) {
            self.fail(error);
        }
    }

    /// A variant or field name from a type's definition: escaped as
    /// serde_json does, whatever the escape mode, as derived names are.
    #[inline]
    fn write_name(&mut self, name: &str) {
        escape::write_quoted(self.buf_mut(), name);
    }

    /// `{"variant":` of serde's externally tagged enum representation.
    #[inline]
    fn begin_variant(&mut self, variant: &str) {
        self.begin_object();
        self.object_entry(true);
        self.write_name(variant);
        self.colon();
    }

    /// Closes the object [`begin_variant`](Self::begin_variant) opened.
    #[inline]
    fn end_variant(&mut self) {
        self.end_object_dyn(false);
    }

    /// `value`'s `Display` output as one JSON string, as serde_json's
    /// `collect_str`.
    fn write_display<T: Display + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let mut text = String::new();
        write!(text, "{value}")
            .map_err(|_| Error::new("a Display implementation returned an error"))?;
        self.write_str(&text);
        Ok(())
    }
}

/// The serializer for one value. Constructed for each value, so nested
/// values reborrow the writer.
struct Serializer<'w, 'a, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
}

/// serde_json's `State`: whether a sequence or map was closed already
/// because its length was 0, or has had no element yet, or has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Empty,
    First,
    Rest,
}

/// The serializer of a sequence, tuple, map or struct, and of the content
/// of tuple and struct variants.
enum Compound<'w, 'a, F: Format> {
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

fn key_must_be_a_string() -> Error {
    Error::new("key must be a string")
}

impl<'w, 'a, F: Format> Serializer<'w, 'a, F> {
    fn seq(self, len: Option<usize>) -> Compound<'w, 'a, F> {
        self.w.begin_array();
        let state = if len == Some(0) {
            self.w.end_array(true);
            State::Empty
        } else {
            State::First
        };
        Compound::Map { w: self.w, state }
    }

    fn map(self, len: Option<usize>) -> Compound<'w, 'a, F> {
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
        value.write_json(self.w);
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
        self.w.write_str(value.encode_utf8(&mut [0; 4]));
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
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let Compound::Map { w, state } = self else {
            return Err(token_misuse());
        };
        w.array_value(*state == State::First);
        *state = State::Rest;
        value.serialize(Serializer { w: &mut **w })?;
        w.flush_point();
        Ok(())
    }

    fn end_seq(self) -> Result<(), Error> {
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

    fn end_map(self) -> Result<(), Error> {
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

/// Only `serialize_struct` makes a token compound, and serde_json's own
/// token structs call nothing but `serialize_field` on it.
fn token_misuse() -> Error {
    Error::new("invalid use of a serde_json private token struct")
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
        if let Err(error) = value.serialize(EntriesSerializer { w: self, first, of }) {
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

/// serde_json's messages for a token struct that does not hold a string.
fn token_error(token: &str) -> Error {
    if token == RAW_VALUE_TOKEN {
        Error::new("expected RawValue")
    } else {
        Error::new("invalid number")
    }
}

/// Writes map keys as serde_json's `MapKeySerializer` does: strings,
/// chars and unit variants as strings; integers, bools and finite floats
/// quoted; newtypes and `Some` as their content; anything else is the
/// error "key must be a string".
struct MapKeySerializer<'w, 'a, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
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

fn float_key_must_be_finite() -> Error {
    Error::new("float key must be finite (got NaN or +/-inf)")
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
        self.quoted(|w| value.write_json(w))
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
        self.w.write_str(value.encode_utf8(&mut [0; 4]));
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

/// Writes the string held by a serde_json token struct as it is: the JSON
/// text of a `RawValue`, or the digits of an `arbitrary_precision` number.
struct TokenSerializer<'w, 'a, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
    token: &'static str,
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
            let ours = crate::to_vec_pretty(&Serde(&value));
            let theirs = serde_json::to_vec_pretty(&value).unwrap();
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(theirs).unwrap()
            );
        }
    }
}
