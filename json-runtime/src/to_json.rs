//! The traits a type implements to be written: [`ToJson`] for a value,
//! [`ToJsonKey`] for an object key; and [`DynToJson`], `ToJson` for trait
//! objects.

use crate::writer::{
    Format, JsonWriter, PerFormat, Pieces, Scalar, Selected, ValueWriter, Written,
};

/// A value that can be written as JSON.
///
/// Derive it with `#[derive(ToJson)]`. A hand-written impl writes one
/// JSON value with one call of its [`ValueWriter`]:
/// [`object`](ValueWriter::object), [`array`](ValueWriter::array),
/// [`value`](ValueWriter::value) and the others, each of which consumes
/// the writer and returns the [`Written`] that `write_json` returns. So an
/// impl that writes no value, or two, does not compile, as a serde
/// `Serializer` is consumed by its one `serialize_*` call. Keys are
/// escaped at run time, and brackets and separators are the writer's:
///
/// ```
/// use json_runtime::{Format, ToJson, ValueWriter, Written};
///
/// struct Celsius(f64);
///
/// impl ToJson for Celsius {
///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
///         w.object(|o| {
///             o.field("celsius", &self.0);
///         })
///     }
/// }
///
/// assert_eq!(json_runtime::to_string(&Celsius(21.5))?, r#"{"celsius":21.5}"#);
/// assert_eq!(json_runtime::to_string_pretty(&Celsius(21.5))?, "{\n  \"celsius\": 21.5\n}");
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// The trait cannot be made into an object (`dyn ToJson`, error E0038),
/// since [`write_json`](Self::write_json) is generic over the layout; write
/// trait objects as [`dyn DynToJson`](DynToJson), which every `ToJson` type
/// implements.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToJson`",
    label = "`{Self}` cannot be written as JSON",
    note = "for a type of your own, add `#[derive(ToJson)]` to `{Self}`, or implement `json_runtime::ToJson` for it by hand",
    note = "for a type that implements `serde::Serialize`, write it through serde: wrap the value in `json_runtime::Serde`; a derived field does so by itself, unless its type has `#[json(no_serde_fallback)]`",
    note = "for another crate's type, turn on json-runtime's cargo feature for it if it has one (`url`, `semver`, `camino`, `indexmap`, `chrono`, `uuid`, `rust_decimal` and others: see \"Other crates' types\" in the crate docs), or that crate's `serde` feature"
)]
pub trait ToJson {
    /// Writes `self` as one JSON value, with one call of a [`ValueWriter`]
    /// method, whose [`Written`] it returns.
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written;

    /// Writes `self` in pieces, for writers that await between them (the
    /// `to_async_writer` functions), so that a long sequence is not held
    /// in memory whole. Each call continues where `pieces` says the last
    /// one stopped, stops once `w` holds the piece's worth of bytes, and
    /// returns `true` when the value is complete.
    ///
    /// Not part of the public API: the default, which writes the whole
    /// value in one piece, is right for every type but the sequences the
    /// crate streams itself.
    #[doc(hidden)]
    #[inline]
    fn write_json_piece<F: Format>(&self, w: &mut JsonWriter<'_, F>, pieces: &mut Pieces) -> bool {
        let _ = pieces;
        self.write_json(ValueWriter { w: &mut *w });
        true
    }

    /// Writes `items` as one JSON array: what `[Self]`, `[Self; N]` and
    /// `Vec<Self>` write.
    ///
    /// Not part of the public API: the default writes each item with
    /// [`write_json`](Self::write_json); the integer types write the whole
    /// slice in one loop of their own.
    ///
    /// The default is the loop itself, by index: no iterator or item
    /// temporaries in the frame, which for recursive types (`Vec<Self>`)
    /// is what each level of nesting costs on the stack in debug builds
    /// (with the sequence impls inlined, 288 -> 160 bytes a level for an
    /// untagged enum of `Vec`s). Forwarding to a function with the loop
    /// instead cost 32 bytes more a level there, the arguments' copies.
    #[doc(hidden)]
    #[inline]
    fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self])
    where
        Self: Sized,
    {
        w.begin_array();
        if items.is_empty() {
            w.end_array(true);
            return;
        }
        // The first item is peeled off so the loop writes its `,`
        // unconditionally.
        w.array_value(true);
        w.check_begin::<Self>();
        items[0].write_json(ValueWriter { w: &mut *w });
        w.check_end();
        w.flush_point();
        let mut i = 1;
        while i < items.len() {
            w.array_value(false);
            w.check_begin::<Self>();
            items[i].write_json(ValueWriter { w: &mut *w });
            w.check_end();
            w.flush_point();
            i += 1;
        }
        w.end_array(false);
    }

    /// Writes `rows` as one JSON array of arrays, each row as
    /// [`write_json_slice`](Self::write_json_slice) writes it, and returns
    /// `true`; or writes nothing and returns `false`, and the caller writes
    /// them as any slice of values. What `Vec<Vec<Self>>`, `[Vec<Self>]`
    /// and `Vec<[Self; N]>` ask first.
    ///
    /// Not part of the public API: the default returns `false`; the
    /// integer types write compact rows in one loop of their own, so that
    /// a short row costs no call of its own.
    #[doc(hidden)]
    #[inline]
    fn write_json_rows<F: Format, R: AsRef<[Self]>>(w: &mut JsonWriter<'_, F>, rows: &[R]) -> bool
    where
        Self: Sized,
    {
        let _ = (w, rows);
        false
    }

    /// Writes `items`, the elements of a collection other than a slice (a
    /// set, a `VecDeque`, a list), as one JSON array and returns `Ok`; or
    /// writes nothing and gives them back, and the caller writes them as
    /// any sequence of values.
    ///
    /// Not part of the public API: the default gives them back; integers
    /// and `bool` write them in the loop of their slices.
    #[doc(hidden)]
    #[inline]
    fn write_json_iter<'a, F: Format, I>(w: &mut JsonWriter<'_, F>, items: I) -> Result<(), I>
    where
        Self: Sized + 'a,
        I: ExactSizeIterator<Item = &'a Self>,
    {
        let _ = w;
        Err(items)
    }

    /// Writes `items` as one JSON array, as `[Option<Self>]` writes it, and
    /// returns `true`; or writes nothing and returns `false`, and the
    /// caller writes them as any slice of values. What `Option<Self>`'s
    /// [`write_json_slice`](Self::write_json_slice) asks first.
    ///
    /// Not part of the public API: the default returns `false`; integers
    /// and `bool` write the array in one loop of their own, as they write
    /// a slice of themselves.
    #[doc(hidden)]
    #[inline]
    fn write_json_option_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Option<Self>]) -> bool
    where
        Self: Sized,
    {
        let _ = (w, items);
        false
    }

    /// Which scalar `Self` is, if an integer or a `bool`: a tuple of
    /// scalars (`Vec<(u32, i64)>`) then writes in the integer arrays'
    /// loop, each element from its [`scalar_bits`](Self::scalar_bits).
    ///
    /// Not part of the public API: the default, `Scalar::None`, keeps
    /// tuples of `Self` on the usual path.
    #[doc(hidden)]
    const SCALAR: Scalar = Scalar::None;

    /// `self` as the bits its [`SCALAR`](Self::SCALAR) kind writes: the
    /// integer, sign-extended, or 0 or 1.
    ///
    /// Not part of the public API: the default, 0, is never read, as the
    /// default kind is no scalar.
    #[doc(hidden)]
    #[inline(always)]
    fn scalar_bits(&self) -> u64 {
        0
    }

    /// Writes a key literal of a derived encoder (`,"key":`, as
    /// [`JsonWriter::key`] takes it), then `self`.
    ///
    /// Not part of the public API: the default writes the two one after
    /// the other; strings and floats write both in the one shared call
    /// they make for the value, so that such a field costs its encoder one
    /// call and no code of its own for the key.
    #[doc(hidden)]
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        w.key(key);
        // Debug builds check that the impl wrote one value.
        w.check_begin::<Self>();
        self.write_json(ValueWriter { w: &mut *w });
        w.check_end();
    }
}

/// A value that can be a JSON object key, written as serde_json's map key
/// serializer writes it: a JSON string.
///
/// | key | written |
/// |---|---|
/// | `String`, `str`, `char`, `Cow<str>`, paths, `format_args!` | as they are |
/// | integers (`NonZero` ones too), `bool` | quoted: `"42"`, `"true"` |
/// | `f32`, `f64` | quoted, with the value's digits: `"1.5"`, `"1e+20"` |
/// | a derived enum whose variants are all unit variants | the variant's name, after `rename`/`rename_all` |
/// | a derived newtype or `transparent` struct | its field's key |
/// | IP and socket addresses; chrono, uuid, time `Weekday`/`Month` (features) | their string form |
///
/// Through references, `Box`, `Rc`, `Arc`, `Cow`, `Wrapping`, `Saturating`
/// and `Reverse`, a key is its target's key.
///
/// Where serde_json returns an error instead of a key, so does this: a
/// float NaN or infinity ("float key must be finite (got NaN or +/-inf)")
/// and a skipped (`#[serde(skip)]`) variant of a unit-only enum ("the enum
/// variant Level::Unknown cannot be serialized").
///
/// Types that serde_json rejects as keys whatever their value (sequences,
/// tuples, maps, structs with named fields, unit structs) do not implement
/// it, so using them as keys is a compile error rather than an error at
/// run time. Nor do enums with a variant that holds data: serde_json
/// accepts their unit variants as keys and rejects the others at run time.
///
/// ```
/// use std::collections::BTreeMap;
///
/// use json_runtime::ToJson;
///
/// #[derive(ToJson, PartialEq, Eq, PartialOrd, Ord)]
/// #[serde(rename_all = "lowercase")]
/// enum Level { Low, High }
///
/// #[derive(ToJson, PartialEq, Eq, PartialOrd, Ord)]
/// struct UserId(u32);
///
/// let levels = BTreeMap::from([(Level::Low, 1), (Level::High, 2)]);
/// assert_eq!(json_runtime::to_string(&levels)?, r#"{"low":1,"high":2}"#);
/// let users = BTreeMap::from([(UserId(7), "ann")]);
/// assert_eq!(json_runtime::to_string(&users)?, r#"{"7":"ann"}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a JSON object key",
    label = "`{Self}` does not implement `ToJsonKey`",
    note = "json_runtime writes these as JSON object keys: strings, chars, integers, floats, bools, enums whose variants are all unit variants, and newtype or `transparent` structs over a key; serde_json returns the error \"key must be a string\" at run time for a key serialized as a sequence, tuple, map or struct. Convert the key to one of those types, or implement `json_runtime::ToJsonKey` for it"
)]
pub trait ToJsonKey {
    /// Whether keys of this type are integers written as strings, which
    /// [`Options::sort_keys`](crate::Options::sort_keys) then orders by value (`"9"` before `"10"`), as
    /// a `BTreeMap` of integers orders them. True for the integer types and
    /// wrappers of them; other keys are ordered by their text.
    const SORTS_AS_INTEGER: bool = false;

    /// Whether [`write_json_entry_key`](Self::write_json_entry_key) starts
    /// loading its `next` key (strings do), so that a map loop pays to
    /// find the key a few entries on.
    #[doc(hidden)]
    const HINTS_NEXT: bool = false;

    /// Writes `self` as a quoted JSON string.
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>);

    /// Writes what comes before an object entry's value: `,` unless
    /// `first`, `self` as [`write_json_key`](Self::write_json_key) writes
    /// it, and the colon. Maps and `serde_json::Value` objects call this;
    /// strings override it to write all three in one call, and start
    /// loading `next`, the key written after this one where the caller
    /// knows it.
    #[doc(hidden)]
    #[inline]
    fn write_json_entry_key<F: Format>(
        &self,
        w: &mut JsonWriter<'_, F>,
        first: bool,
        next: Option<&Self>,
    ) {
        let _ = next;
        w.object_entry(first);
        self.write_json_key(w);
        w.colon();
    }
}

/// [`ToJson`] for trait objects: `Box<dyn DynToJson>`, `&dyn DynToJson`,
/// `Vec<Box<dyn DynToJson + Send + Sync>>` are written as the values they
/// point to, as `erased_serde::Serialize` does for serde.
///
/// `dyn ToJson` is not a type: [`ToJson::write_json`] is generic over the
/// layout, so the trait cannot be made into an object (error E0038). This
/// trait has one method per layout instead, and is implemented for every
/// `ToJson` type; use it wherever a `dyn` value is needed.
///
/// ```
/// use json_runtime::{DynToJson, ToJson};
///
/// #[derive(ToJson, serde::Serialize)]
/// struct Circle { radius: f64 }
///
/// #[derive(ToJson, serde::Serialize)]
/// struct Label(String);
///
/// let shapes: Vec<Box<dyn DynToJson>> = vec![
///     Box::new(Circle { radius: 1.5 }),
///     Box::new(Label("origin".into())),
///     Box::new(42),
/// ];
/// let expected = r#"[{"radius":1.5},"origin",42]"#;
/// assert_eq!(json_runtime::to_string(&shapes)?, expected);
///
/// // serde_json writes the same values, in a tuple, alike.
/// let tuple = (Circle { radius: 1.5 }, Label("origin".into()), 42);
/// assert_eq!(serde_json::to_string(&tuple).unwrap(), expected);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// The trait is sealed, implemented only by the blanket impl for `ToJson`
/// types.
pub trait DynToJson: dyn_sealed::Sealed {}

mod dyn_sealed {
    use crate::writer::{Canonical, Compact, JsonWriter, Pretty};

    /// The seal of [`DynToJson`](super::DynToJson), and its methods, one
    /// per layout: no other crate can name them, and a `dyn DynToJson`
    /// calls them through its vtable all the same.
    pub trait Sealed {
        fn write_json_compact(&self, w: &mut JsonWriter<'_, Compact>);
        fn write_json_pretty(&self, w: &mut JsonWriter<'_, Pretty>);
        fn write_json_canonical(&self, w: &mut JsonWriter<'_, Canonical>);
    }

    impl<T: super::ToJson> Sealed for T {
        fn write_json_compact(&self, w: &mut JsonWriter<'_, Compact>) {
            w.value(self);
        }

        fn write_json_pretty(&self, w: &mut JsonWriter<'_, Pretty>) {
            w.value(self);
        }

        fn write_json_canonical(&self, w: &mut JsonWriter<'_, Canonical>) {
            w.value(self);
        }
    }
}

impl<T: ToJson> DynToJson for T {}

/// A writer of each layout, for `Format`'s `select`.
struct WriterOf<'w, 'a>(std::marker::PhantomData<&'w mut JsonWriter<'a>>);

impl<'w, 'a> PerFormat for WriterOf<'w, 'a> {
    type Of<F: Format> = &'w mut JsonWriter<'a, F>;
}

macro_rules! dyn_to_json {
    ($($object:ty),*) => {$(
        impl ToJson for $object {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                match F::select::<WriterOf<'_, '_>>(w.w) {
                    Selected::Compact(w) => self.write_json_compact(w),
                    Selected::Pretty(w) => self.write_json_pretty(w),
                    Selected::Canonical(w) => self.write_json_canonical(w),
                }
                Written(())
            }
        }
    )*};
}

dyn_to_json!(
    dyn DynToJson,
    dyn DynToJson + Send,
    dyn DynToJson + Sync,
    dyn DynToJson + Send + Sync
);
