//! What derived code names and users do not: the dispatch that writes a
//! field through `ToJson` when its type implements it and through serde
//! otherwise, and serde itself for `#[serde(serialize_with)]` wrappers.
//!
//! The dispatch is autoref-based specialization. Derived code writes
//!
//! ```text
//! ::json_runtime::__private::Via(&self.url).write_json_or_serialize(w);
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

use crate::{Format, JsonWriter, ToJson};

#[cfg(feature = "serde")]
pub use serde;

/// A field's value, for the dispatch. See the module docs.
pub struct Via<'a, T: ?Sized>(pub &'a T);

/// The first choice: the field's own `ToJson` impl.
pub trait WriteToJson {
    /// `ToJson::write_json` of the field.
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>);
}

impl<T: ToJson + ?Sized> WriteToJson for Via<'_, T> {
    // As the writer's methods: inlined into optimized code; out of line in
    // unoptimized code, where inlining would give every encoder frame room
    // for the temporaries of every field it writes.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_json_or_serialize<F: Format>(self, w: &mut JsonWriter<'_, F>) {
        self.0.write_json(w);
    }
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
