//! Which form another crate's own `Serialize` impl picks for serde_json,
//! found out by running it once against a probe serializer, for the types
//! whose form that crate's features choose (time's `serde-human-readable`,
//! rust_decimal's `serde-float`): Cargo unifies features, so any crate in
//! the build may pick one, and json-runtime does not guess.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

use serde::ser::{self, Impossible, Serialize, SerializeStruct, Serializer};

/// What a `Serialize` impl handed the probe serializer, which says it is
/// human-readable, as serde_json's does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Form {
    /// `serialize_str` or `collect_str`.
    Str = 1,
    /// `serialize_f64`.
    F64 = 2,
    /// serde_json's arbitrary-precision `Number`: a struct of that name.
    SerdeJsonNumber = 3,
    /// Anything else: integers, sequences, other structs.
    Other = 4,
}

const UNKNOWN: u8 = 0;

/// The [`Form`] of one type, probed on first use; after that each value
/// costs one relaxed atomic load.
pub(crate) struct Probed(AtomicU8);

impl Probed {
    pub(crate) const fn new() -> Self {
        Probed(AtomicU8::new(UNKNOWN))
    }

    /// The form. `sample` is only run the first time (or by racing
    /// threads, which agree).
    #[inline]
    pub(crate) fn form<T: Serialize>(&self, sample: impl FnOnce() -> T) -> Form {
        match self.0.load(Ordering::Relaxed) {
            1 => Form::Str,
            2 => Form::F64,
            3 => Form::SerdeJsonNumber,
            4 => Form::Other,
            _ => self.probe(&sample()),
        }
    }

    #[cold]
    #[inline(never)]
    fn probe<T: Serialize>(&self, sample: &T) -> Form {
        let form = form_of(sample);
        self.0.store(form as u8, Ordering::Relaxed);
        form
    }
}

/// The struct name serde_json's `arbitrary_precision` `Number` is
/// serialized under, which its serializer recognizes.
const SERDE_JSON_NUMBER: &str = "$serde_json::private::Number";

pub(crate) fn form_of<T: Serialize + ?Sized>(value: &T) -> Form {
    value.serialize(FormProbe).unwrap_or(Form::Other)
}

#[derive(Debug)]
struct Other;

impl fmt::Display for Other {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("none of the forms probed for")
    }
}

impl std::error::Error for Other {}

impl ser::Error for Other {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Other
    }
}

struct FormProbe;

/// serde_json's number struct: its one field is the text.
struct NumberStruct;

impl SerializeStruct for NumberStruct {
    type Ok = Form;
    type Error = Other;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Other> {
        Ok(())
    }

    fn end(self) -> Result<Form, Other> {
        Ok(Form::SerdeJsonNumber)
    }
}

macro_rules! other {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<Form, Other> {
            Err(Other)
        }
    )*};
}

impl Serializer for FormProbe {
    type Ok = Form;
    type Error = Other;
    type SerializeSeq = Impossible<Form, Other>;
    type SerializeTuple = Impossible<Form, Other>;
    type SerializeTupleStruct = Impossible<Form, Other>;
    type SerializeTupleVariant = Impossible<Form, Other>;
    type SerializeMap = Impossible<Form, Other>;
    type SerializeStruct = NumberStruct;
    type SerializeStructVariant = Impossible<Form, Other>;

    /// As serde_json's serializer says.
    fn is_human_readable(&self) -> bool {
        true
    }

    fn serialize_str(self, _: &str) -> Result<Form, Other> {
        Ok(Form::Str)
    }

    fn collect_str<T: fmt::Display + ?Sized>(self, _: &T) -> Result<Form, Other> {
        Ok(Form::Str)
    }

    fn serialize_f64(self, _: f64) -> Result<Form, Other> {
        Ok(Form::F64)
    }

    fn serialize_struct(self, name: &'static str, _: usize) -> Result<NumberStruct, Other> {
        if name == SERDE_JSON_NUMBER {
            Ok(NumberStruct)
        } else {
            Err(Other)
        }
    }

    other! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_char(char);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<Form, Other> {
        Err(Other)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<Form, Other> {
        Err(Other)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Form, Other> {
        Err(Other)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Other> {
        Err(Other)
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Other> {
        Err(Other)
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Other> {
        Err(Other)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Other> {
        Err(Other)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Other> {
        Err(Other)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Other> {
        Err(Other)
    }
}
