//! What derived code names and users do not: the dispatch that writes a
//! field through `ToJson` when its type implements it and through serde
//! otherwise, and serde itself for `#[serde(serialize_with)]` wrappers.
//!
//! The dispatch is autoref-based specialization. Derived code writes
//!
//! ```text
//! Via(&self.url).write_json_or_serialize(w);
//! ```
//!
//! Method lookup tries the receiver `Via<T>` by value first, which only
//! [`WriteToJson`]'s impl for `Via<T>` accepts, and only when `T: ToJson`:
//! then the call is `ToJson::write_json` itself, inlined, with nothing
//! added at run time. Otherwise lookup goes on to `&Via<T>` (autoref),
//! which [`WriteSerialize`] accepts for every `T`; its method then requires
//! `T: SerializeFallback`, which holds for `serde::Serialize` types when
//! the `serde` feature is on. A type with neither trait therefore gets one
//! error, about `SerializeFallback`, whose message names both traits.

use std::marker::PhantomData;

use crate::framing::write_seq;
use crate::{Error, Format, JsonWriter, ToJson, ToJsonFields, ToJsonKey, ValueWriter, Written};

#[cfg(feature = "serde")]
pub use serde;

pub use crate::fields::{Braces, Entries, Object};
pub use crate::writer::{Bounded, Pieces, Reserved, Scalar};

/// The dispatch's four traits, for derived code to import with one glob:
/// they come into scope for method calls without binding any name that
/// could shadow the user's own (`as _`), and one glob import is one item
/// where a list of two is three, each of which the user's crate records in
/// its metadata: one glob instead of the lists took 52 KiB (0.9%) off the
/// release rlib of the compile-time benchmark's 200 mixed types.
pub mod dispatch {
    // This module's parent, by the name lib.rs gives it.
    pub use crate::__private_0_1_0::{
        Bounded, IntoWriter as _, Via, WriteSerialize as _, WriteSerializeFields as _,
        WriteSerializeSlice as _, WriteToJson as _, WriteToJsonFields as _, WriteToJsonSlice as _,
        WriterProtocol as _,
    };
}

/// A unit variant's name, already quoted and escaped: the whole `ToJson`
/// of a derived enum whose variants all write their name. `names` holds
/// every variant's name one after the other, and the `index`-th is
/// `names[ends[index]..ends[index + 1]]`. A function and not a
/// [`WriterProtocol`] call, so that those impls need no import.
#[inline(always)]
pub fn unit_variant<F: Format>(
    w: ValueWriter<'_, '_, F>,
    names: &'static str,
    ends: &'static [u32],
    index: usize,
) -> Written {
    w.w.unit_variant_of(names, ends, index);
    Written(())
}

/// The whole `ToJson` of a derived type that writes an object: its
/// entries between braces. A function, so that those impls need no
/// import either.
#[inline(always)]
pub fn object<F: Format, T: ToJsonFields + ?Sized>(
    value: &T,
    w: ValueWriter<'_, '_, F>,
) -> Written {
    value.write_json_entries::<F, Object>(w.w, &mut true);
    Written(())
}

/// The whole `ToJsonKey` of a derived enum of unit variants: what its
/// `ToJson` writes, the variant's quoted name.
///
/// Out of line, as is [`unit_variant_entry`], so that each such enum's
/// impl holds one call and not the inlined body of its `ToJson`: the
/// optimized MIR of every generic method is kept in the user's crate
/// metadata. The two took 0.56 KiB per enum off the release rlib
/// (`compile_time.py --shape unit_enum`, 100 enums of 3 to 10 variants),
/// for one call more per key or flattened enum.
#[inline(never)]
pub fn unit_variant_key<F: Format, T: ToJson + ?Sized>(value: &T, w: &mut JsonWriter<'_, F>) {
    value.write_json(ValueWriter { w });
}

/// The writer under a [`ValueWriter`], for a derived `write_json` whose
/// body writes through the [`WriterProtocol`] and then returns
/// [`WriterProtocol::written`].
pub trait IntoWriter<'w, 'a, F: Format> {
    /// The writer, for the body to write one value with.
    fn into_writer(self) -> &'w mut JsonWriter<'a, F>;
}

impl<'w, 'a, F: Format> IntoWriter<'w, 'a, F> for ValueWriter<'w, 'a, F> {
    #[inline(always)]
    fn into_writer(self) -> &'w mut JsonWriter<'a, F> {
        self.w
    }
}

/// The same enum flattened, as serde writes a unit variant there: the name
/// as a key (after `{`, which `*first` asks for, or `,`) with `null`. The
/// key is the enum's own [`ToJsonKey`] impl, its name, so that the impl
/// holds no second `match` of the names. Out of line: see
/// [`unit_variant_key`].
#[inline(never)]
pub fn unit_variant_entry<F: Format, T: ToJsonKey + ?Sized>(
    value: &T,
    w: &mut JsonWriter<'_, F>,
    first: &mut bool,
) {
    value.write_json_entry_key(w, *first, None);
    *first = false;
    w.write_null();
}

/// The writer's methods that generated code calls: key literals made at
/// compile time, the structure of objects and arrays around them, unit
/// variants, and runs of bounded values under one capacity check. They
/// are methods of this trait, which generated code brings into scope with
/// [`dispatch`], and not of `JsonWriter` itself, so that hand-written
/// impls meet only the checked API (`object`, `array`, `value`). Each
/// forwards to the writer's own method of the same name, in
/// `writer/derive_protocol.rs` (and `reserve` in `writer/reserved.rs`),
/// which the crate's impls call directly.
pub trait WriterProtocol<'a, F: Format> {
    /// An object key with what precedes it, from one literal of the form
    /// `{"key":` (the first key) or `,"key":` (any later key), with the
    /// key already escaped.
    fn key(&mut self, literal: &str);
    /// A key given quoted and escaped, after `{` (`*first`, which it
    /// clears) or `,`, and the colon.
    fn key_dyn(&mut self, first: &mut bool, quoted_key: &str);
    /// Constant entries: `compact` as it is, or in pretty layout each of
    /// `pretty`'s lines.
    fn static_entries(&mut self, compact: &str, pretty: &[&str]);
    /// `{`, for an object whose keys are written by other means.
    fn begin_object(&mut self);
    /// `,` unless `first`, before a key written by other means.
    fn object_entry(&mut self, first: bool);
    /// The colon after a key written by other means.
    fn colon(&mut self);
    /// `}` of an object that has at least one entry.
    fn end_object(&mut self);
    /// `}`, or `{}` completed for an object with no entry (`empty`).
    fn end_object_dyn(&mut self, empty: bool);
    /// `[`.
    fn begin_array(&mut self);
    /// `,` unless `first`, before an element.
    fn array_value(&mut self, first: bool);
    /// [`array_value`](Self::array_value) of `*first`, which it clears.
    fn array_value_dyn(&mut self, first: &mut bool);
    /// `]`, after the elements (or none, `empty`).
    fn end_array(&mut self, empty: bool);
    /// A unit variant's name, already quoted and escaped.
    fn unit_variant(&mut self, quoted_name: &str);
    /// Room for `bound` bytes at once, for a run of key literals and
    /// [`Bounded`] values written through the returned [`Reserved`].
    fn reserve(&mut self, bound: usize) -> Reserved<'_, 'a, F>;
    /// `null`.
    fn write_null(&mut self);
    /// JSON text as it is.
    fn write_raw(&mut self, json: &str);
    /// A value through its `serde::Serialize` impl.
    #[cfg(feature = "serde")]
    fn write_serde<T: serde::Serialize + ?Sized>(&mut self, value: &T);
    /// A [`ValueWriter`] here, for a `#[json(serialize_with)]` function.
    fn value_writer(&mut self) -> ValueWriter<'_, 'a, F>;
    /// What a derived `write_json` returns once its body has written the
    /// value.
    fn written(&mut self) -> Written;
}

// Forwarders only: inlined into optimized code, which then is what calling
// the writer's methods directly was. Unoptimized builds keep them out of
// line: inlined there, each call left its arguments' slots in the frame of
// the encoder that made it, and recursive types pay frames per level
// (10,000 levels of an untagged enum of `Vec`s overflowed the test stack).
impl<'a, F: Format> WriterProtocol<'a, F> for JsonWriter<'a, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key(&mut self, literal: &str) {
        JsonWriter::key(self, literal);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn key_dyn(&mut self, first: &mut bool, quoted_key: &str) {
        JsonWriter::key_dyn(self, first, quoted_key);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn static_entries(&mut self, compact: &str, pretty: &[&str]) {
        JsonWriter::static_entries(self, compact, pretty);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn begin_object(&mut self) {
        JsonWriter::begin_object(self);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn object_entry(&mut self, first: bool) {
        JsonWriter::object_entry(self, first);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn colon(&mut self) {
        JsonWriter::colon(self);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_object(&mut self) {
        JsonWriter::end_object(self);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_object_dyn(&mut self, empty: bool) {
        JsonWriter::end_object_dyn(self, empty);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn begin_array(&mut self) {
        JsonWriter::begin_array(self);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn array_value(&mut self, first: bool) {
        JsonWriter::array_value(self, first);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn array_value_dyn(&mut self, first: &mut bool) {
        JsonWriter::array_value_dyn(self, first);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end_array(&mut self, empty: bool) {
        JsonWriter::end_array(self, empty);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unit_variant(&mut self, quoted_name: &str) {
        JsonWriter::unit_variant(self, quoted_name);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn reserve(&mut self, bound: usize) -> Reserved<'_, 'a, F> {
        JsonWriter::reserve(self, bound)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_null(&mut self) {
        JsonWriter::write_null(self);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_raw(&mut self, json: &str) {
        JsonWriter::write_raw(self, json);
    }

    #[cfg(feature = "serde")]
    #[inline]
    fn write_serde<T: serde::Serialize + ?Sized>(&mut self, value: &T) {
        JsonWriter::write_serde(self, value);
    }

    #[inline(always)]
    fn value_writer(&mut self) -> ValueWriter<'_, 'a, F> {
        ValueWriter { w: self }
    }

    #[inline(always)]
    fn written(&mut self) -> Written {
        Written(())
    }
}

/// A field's value, for the dispatch. See the module docs.
pub struct Via<'a, T: ?Sized>(pub &'a T);

/// The first choice: the field's own `ToJson` impl.
pub trait WriteToJson {
    /// `ToJson::write_json` of the field.
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>);

    /// The same through [`write_json_outlined`], for small-code encoders.
    fn write_json_or_serialize_outlined<F: Format>(self, w: &mut JsonWriter<'_, F>);

    /// A key literal (`,"key":`), then the field, through
    /// `ToJson::write_json_keyed`.
    fn write_keyed_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>, key: &str);
}

impl<T: ToJson + ?Sized> WriteToJson for Via<'_, T> {
    // As the writer's methods: inlined into optimized code; out of line in
    // unoptimized code, where inlining would give every encoder frame room
    // for the temporaries of every field it writes.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>) {
        // Debug builds check that the field's impl wrote one value.
        w.check_begin::<T>();
        self.0.write_json(ValueWriter { w: &mut *w });
        w.check_end();
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_json_or_serialize_outlined<F: Format>(self, w: &mut JsonWriter<'_, F>) {
        write_json_outlined(self.0, w);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_keyed_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>, key: &str) {
        self.0.write_json_keyed(w, key);
    }
}

/// A field's value through its `ToJson` impl, never inlined: in a
/// small-code encoder (`#[json(small_code)]` or the `small-code` feature)
/// every field of one type, in every encoder of the crate, calls this one
/// instance (per format) instead of carrying its own copy of the impl.
#[inline(never)]
pub fn write_json_outlined<F: Format, T: ToJson + ?Sized>(value: &T, w: &mut JsonWriter<'_, F>) {
    // Debug builds check that the field's impl wrote one value.
    w.value(value);
}

/// A key literal (`,"key":`) for small-code encoders, in one shared call
/// per format that copies it by length, so that a field holds no key
/// stores and no capacity check; its value follows through
/// [`write_json_outlined`]. Not one call per field type for both: that
/// made a second function for every type, and the binary larger than the
/// stores it saved. Two calls from the encoder, not one that makes the
/// other, so that a recursive value's levels hold no extra frame.
#[inline(always)]
pub fn write_key_outlined<F: Format>(w: &mut JsonWriter<'_, F>, key: &str) {
    w.key_copied_out_of_line(key);
}

/// The fallback, chosen only when the field's type does not implement
/// `ToJson`.
pub trait WriteSerialize {
    /// The field's type.
    type Value: ?Sized;

    /// The field through its `serde::Serialize` impl.
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>)
    where
        Self::Value: SerializeFallback;

    /// The same: serde's path is out of line already.
    fn write_json_or_serialize_outlined<F: Format>(self, w: &mut JsonWriter<'_, F>)
    where
        Self::Value: SerializeFallback;

    /// A key literal (`,"key":`), then the field through serde.
    fn write_keyed_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>, key: &str)
    where
        Self::Value: SerializeFallback;
}

impl<T: ?Sized> WriteSerialize for &Via<'_, T> {
    type Value = T;

    #[inline]
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>)
    where
        T: SerializeFallback,
    {
        self.0.write_serialize(w);
    }

    #[inline]
    fn write_json_or_serialize_outlined<F: Format>(self, w: &mut JsonWriter<'_, F>)
    where
        T: SerializeFallback,
    {
        self.write_json_or_serialize(w);
    }

    #[inline]
    fn write_keyed_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>, key: &str)
    where
        T: SerializeFallback,
    {
        w.key(key);
        self.0.write_serialize(w);
    }
}

/// A slice of a derived newtype, for its `write_json_slice`: the elements
/// and how to reach each one's field. Its field's type writes them where
/// it has a loop of its own for them (`ToJson::write_json_iter`: integers
/// and `bool`), else they go element by element. A `Vec<UserId>` of
/// `UserId(u64)` went element by element and took 0.45 of serde_json's
/// time where a `Vec<u64>` took 0.18.
pub struct NewtypeSlice<'a, N, T: ?Sized, G>(&'a [N], G, PhantomData<fn(&T)>);

/// A [`NewtypeSlice`] of `items`, whose field `field` reaches.
#[inline(always)]
pub fn newtype_slice<'a, N, T: ?Sized + 'a, G: Fn(&'a N) -> &'a T>(
    items: &'a [N],
    field: G,
) -> NewtypeSlice<'a, N, T, G> {
    NewtypeSlice(items, field, PhantomData)
}

/// The first choice: the field's type's own loop, if it has one.
pub trait WriteToJsonSlice {
    /// Writes the slice as a JSON array.
    fn write_newtype_slice<F: Format>(self, w: &mut JsonWriter<'_, F>);
}

impl<'a, N: ToJson, T: ToJson + 'a, G: Fn(&'a N) -> &'a T> WriteToJsonSlice
    for NewtypeSlice<'a, N, T, G>
{
    #[inline]
    fn write_newtype_slice<F: Format>(self, w: &mut JsonWriter<'_, F>) {
        let NewtypeSlice(items, field, _) = self;
        if T::write_json_iter(w, items.iter().map(field)).is_err() {
            write_seq(w, items);
        }
    }
}

/// The fallback, for a field whose type does not implement `ToJson`:
/// element by element.
pub trait WriteSerializeSlice {
    /// Writes the slice as a JSON array.
    fn write_newtype_slice<F: Format>(self, w: &mut JsonWriter<'_, F>);
}

impl<N: ToJson, T: ?Sized, G> WriteSerializeSlice for &NewtypeSlice<'_, N, T, G> {
    #[inline]
    fn write_newtype_slice<F: Format>(self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self.0);
    }
}

/// A type a derived field can be written as when it does not implement
/// `ToJson`: any `serde::Serialize` type, with the `serde` feature.
#[cfg_attr(
    feature = "serde",
    diagnostic::on_unimplemented(
        message = "`{Self}` implements neither `ToJson` nor `serde::Serialize`",
        label = "`{Self}` cannot be written as JSON",
        note = "a field is written through its type's `ToJson` impl, or else through its `serde::Serialize` impl",
        note = "for a type of your own, derive `ToJson` (or `serde::Serialize`) for it",
        note = "for another crate's type, turn on json-runtime's cargo feature for it if it has one (`url`, `semver`, `camino`, `indexmap`, `chrono`, `uuid`, `rust_decimal` and others: see \"Other crates' types\" in the crate docs), or that crate's `serde` feature",
        note = "or write the field with `#[json(serialize_with = \"path\")]`, a `fn<F: json_runtime::Format>(&T, &mut json_runtime::JsonWriter<'_, F>)`"
    )
)]
#[cfg_attr(
    not(feature = "serde"),
    diagnostic::on_unimplemented(
        message = "`{Self}` does not implement `ToJson`",
        label = "`{Self}` cannot be written as JSON",
        note = "json-runtime is built without its `serde` feature, so fields whose types implement only `serde::Serialize` cannot fall back to it; turn the feature on to allow that",
        note = "for a type of your own, derive `ToJson` for it",
        note = "for another crate's type, turn on json-runtime's cargo feature for it if it has one (`url`, `semver`, `camino`, `indexmap`, `chrono`, `uuid`, `rust_decimal` and others: see \"Other crates' types\" in the crate docs)",
        note = "or write the field with `#[json(serialize_with = \"path\")]`, a `fn<F: json_runtime::Format>(&T, &mut json_runtime::JsonWriter<'_, F>)`"
    )
)]
pub trait SerializeFallback {
    /// Writes `self` through serde.
    fn write_serialize<F: Format>(&self, w: &mut JsonWriter<'_, F>);
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize + ?Sized> SerializeFallback for T {
    #[inline]
    fn write_serialize<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_serde(self);
    }
}

/// The same dispatch for a value written as entries of the enclosing
/// object (a flattened field, an internally tagged newtype variant's
/// content):
///
/// ```text
/// Via(&self.extra).write_entries_or_serialize(w, first, ::json_runtime::__private_0_1_0::EntriesOf::Flatten);
/// ```
///
/// Its `ToJsonFields` impl when the type has one; otherwise its
/// `serde::Serialize` impl, read as serde reads a flattened or tagged value,
/// so that a value which is not made of entries is serde's run-time error.
pub trait WriteToJsonFields {
    /// `ToJsonFields::write_json_fields` of the value.
    fn write_entries_or_serialize<F: Format>(
        self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        of: EntriesOf,
    );
}

impl<T: ToJsonFields + ?Sized> WriteToJsonFields for Via<'_, T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_entries_or_serialize<F: Format>(
        self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        _: EntriesOf,
    ) {
        self.0.write_json_fields(w, first);
    }
}

/// The fallback of [`WriteToJsonFields`], chosen only when the value's
/// type does not implement `ToJsonFields`.
pub trait WriteSerializeFields {
    /// The value's type.
    type Value: ?Sized;

    /// The value's entries through its `serde::Serialize` impl.
    fn write_entries_or_serialize<F: Format>(
        self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        of: EntriesOf,
    ) where
        Self::Value: SerializeFieldsFallback;
}

impl<T: ?Sized> WriteSerializeFields for &Via<'_, T> {
    type Value = T;

    #[inline]
    fn write_entries_or_serialize<F: Format>(
        self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        of: EntriesOf,
    ) where
        T: SerializeFieldsFallback,
    {
        self.0.write_serialize_fields(w, first, of);
    }
}

/// A type whose values can be written as entries when it does not
/// implement `ToJsonFields`: any `serde::Serialize` type, with the `serde`
/// feature.
#[cfg_attr(
    feature = "serde",
    diagnostic::on_unimplemented(
        message = "`{Self}` cannot be flattened into a JSON object",
        label = "`{Self}` implements neither `ToJsonFields` nor `serde::Serialize`",
        note = "flattened fields and the content of internally tagged newtype variants are written as object entries: through the type's `ToJsonFields` impl (a struct with named fields deriving `ToJson`, a newtype struct over one, a map with string-like keys, an `Option` of those), or else through its `serde::Serialize` impl, as serde flattens it"
    )
)]
#[cfg_attr(
    not(feature = "serde"),
    diagnostic::on_unimplemented(
        message = "`{Self}` cannot be flattened into a JSON object",
        label = "`{Self}` does not implement `ToJsonFields`",
        note = "flattened fields and the content of internally tagged newtype variants must be written as object entries: a struct with named fields deriving `ToJson`, a newtype struct over one, a map with string-like keys, an `Option` of those, or a type implementing `json_runtime::ToJsonFields` by hand",
        note = "json-runtime is built without its `serde` feature, so values whose types implement only `serde::Serialize` cannot fall back to it"
    )
)]
pub trait SerializeFieldsFallback {
    /// Writes `self`'s entries through serde.
    fn write_serialize_fields<F: Format>(
        &self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        of: EntriesOf,
    );
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize + ?Sized> SerializeFieldsFallback for T {
    #[inline]
    fn write_serialize_fields<F: Format>(
        &self,
        w: &mut JsonWriter<'_, F>,
        first: &mut bool,
        of: EntriesOf,
    ) {
        w.write_serde_entries(self, first, of);
    }
}

/// Writes `value`, whose `Serialize` impl is a `serialize_with` wrapper,
/// as entries: a flattened field or an internally tagged variant written
/// by a function with serde's signature.
#[cfg(feature = "serde")]
#[inline]
pub fn write_serde_entries<F: Format, T: serde::Serialize + ?Sized>(
    w: &mut JsonWriter<'_, F>,
    value: &T,
    first: &mut bool,
    of: EntriesOf,
) {
    w.write_serde_entries(value, first, of);
}

/// How a value written as entries of an enclosing object is read, as the
/// two serializers serde_derive hands such values to: `FlatMapSerializer`
/// for `#[serde(flatten)]` fields, and `TaggedSerializer` for the content
/// of an internally tagged newtype variant (or a variant written by a
/// `serialize_with` function), whose tag is already written.
#[derive(Clone, Copy)]
pub enum EntriesOf {
    /// A flattened field: `None` and units write nothing.
    Flatten,
    /// Internally tagged variant `type_name::variant`: an `Option` is an
    /// error, as in serde.
    Tagged {
        type_name: &'static str,
        variant: &'static str,
    },
}

#[cfg(feature = "serde")]
impl EntriesOf {
    /// serde's error for a value that is not made of entries.
    pub(crate) fn bad_type(self, what: &str) -> Error {
        match self {
            EntriesOf::Flatten => Error::new(format_args!(
                "can only flatten structs and maps (got {what})"
            )),
            EntriesOf::Tagged { type_name, variant } => Error::new(format_args!(
                "cannot serialize tagged newtype variant {type_name}::{variant} containing {what}"
            )),
        }
    }
}

/// A variant of a `#[non_exhaustive]` remote enum that its mirror does not
/// list: serde's error, `enum variant cannot be serialized: {value:?}`.
#[cold]
pub fn unrecognized_variant<F: Format, T: core::fmt::Debug + ?Sized>(
    w: &mut JsonWriter<'_, F>,
    value: &T,
) {
    w.fail(Error::new(format_args!(
        "enum variant cannot be serialized: {value:?}"
    )));
}

/// A variant marked `#[serde(skip)]` or `skip_serializing`, met at run time
/// (as a value, as entries or as a map key): serde_derive's error, `the
/// enum variant {type_name}::{variant} cannot be serialized`, with the
/// type's and the variant's Rust names as serde_derive writes them.
#[cold]
pub fn unserializable_variant<F: Format>(
    w: &mut JsonWriter<'_, F>,
    type_name: &'static str,
    variant: &'static str,
) {
    w.fail(Error::new(format_args!(
        "the enum variant {type_name}::{variant} cannot be serialized"
    )));
}

/// The content of an internally tagged newtype variant, asked whether
/// serde's `TaggedSerializer` refuses it: an `Option` whatever its value
/// (behind `&`, `Box`, `Rc` or `Arc` too), and, with the `serde_json`
/// feature, a `Value` that is a bool, number, string or array. Derived
/// code writes
///
/// ```text
/// { use ::json_runtime::__private_0_1_0::{TaggedContentRefused as _, TaggedContentAccepted as _};
///   (&::json_runtime::__private_0_1_0::Content(f0)).tagged_content_refusal() }
/// ```
///
/// and calls [`tagged_newtype_refused`] with the answer when there is one.
/// As in [`Via`]'s dispatch, method lookup takes [`TaggedContentRefused`]
/// when the type is one of those, else [`TaggedContentAccepted`], whose
/// answer is a constant `None`.
pub struct Content<'a, T: ?Sized>(pub &'a T);

/// The contents serde may refuse. See [`Content`].
pub trait TaggedContentRefused {
    /// What serde's error calls the content (`an optional`), if it
    /// refuses it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tagged_content_refusal(&self) -> Option<&'static str> {
        Some("an optional")
    }
}

impl<T> TaggedContentRefused for Content<'_, Option<T>> {}
impl<T> TaggedContentRefused for Content<'_, &Option<T>> {}
impl<T> TaggedContentRefused for Content<'_, &mut Option<T>> {}
impl<T> TaggedContentRefused for Content<'_, Box<Option<T>>> {}
impl<T> TaggedContentRefused for Content<'_, std::rc::Rc<Option<T>>> {}
impl<T> TaggedContentRefused for Content<'_, std::sync::Arc<Option<T>>> {}

/// Every other content, which serde writes. See [`Content`].
pub trait TaggedContentAccepted {
    /// `None`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tagged_content_refusal(&self) -> Option<&'static str> {
        None
    }
}

impl<T: ?Sized> TaggedContentAccepted for &Content<'_, T> {}

/// serde's error for the content of an internally tagged newtype variant
/// that it refuses: `cannot serialize tagged newtype variant
/// {type_name}::{variant} containing {what}`.
#[cold]
pub fn tagged_newtype_refused<F: Format>(
    w: &mut JsonWriter<'_, F>,
    type_name: &'static str,
    variant: &'static str,
    what: &'static str,
) {
    w.fail(Error::new(format_args!(
        "cannot serialize tagged newtype variant {type_name}::{variant} containing {what}"
    )));
}

/// Takes what a `#[json(serialize_with)]` or `#[json(with)]` function
/// returned, which is [`Written`] for json_runtime's signature. Derived
/// code writes `json_with_returns(path(value, ValueWriter { w: &mut *w }))`, so that
/// a function with serde's signature, which returns a `Result`, is also
/// told what to do instead (next to rustc's error that `ValueWriter` is
/// not a `Serializer`).
#[inline(always)]
pub fn json_with_returns<R: JsonWithReturns>(_: R) {}

/// What a `#[json(serialize_with)]` or `#[json(with)]` function returns:
/// [`Written`]. See [`json_with_returns`].
#[diagnostic::on_unimplemented(
    message = "`#[json(serialize_with)]` and `#[json(with)]` take a function with json_runtime's signature, not serde's",
    label = "this returns `{Self}`, so it is not a json_runtime writer",
    note = "json_runtime's signature is `fn<F: json_runtime::Format>(value: &T, w: json_runtime::ValueWriter<'_, '_, F>) -> json_runtime::Written`; `with = \"module\"` calls `module::serialize`",
    note = "a function or module with serde's signature (`fn<S: serde::Serializer>(&T, S) -> Result<S::Ok, S::Error>`, as `chrono::serde::ts_seconds`) goes in `#[serde(serialize_with = \"...\")]` or `#[serde(with = \"...\")]`, which json_runtime calls through its serde bridge"
)]
pub trait JsonWithReturns {}

// Not listed in the error: the notes say what to write.
#[diagnostic::do_not_recommend]
impl JsonWithReturns for Written {}
