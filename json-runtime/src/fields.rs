//! Writing a value as entries of an object that its caller opened: what
//! `#[json(flatten)]` and internally tagged newtype variants need.

use std::marker::PhantomData;

use crate::{Format, JsonWriter};

/// A value that can be written as entries of an enclosing JSON object,
/// without braces of its own.
///
/// This is what a `#[json(flatten)]` field needs, and what the content of
/// an internally tagged newtype variant (`#[json(tag = "...")]`) needs: the
/// entries are written into the object that holds the other fields or the
/// tag, as serde does.
///
/// `#[derive(ToJson)]` implements it for
/// - structs with named fields, with or without `tag` (their fields, after
///   the tag), and unit structs (no entry);
/// - enums, as entries: externally tagged `"Variant":content` (a unit
///   variant is `"Variant":null`), internally tagged `"tag":"Variant"`
///   followed by the variant's fields, adjacently tagged
///   `"tag":"Variant","content":...`, and untagged struct variants by their
///   fields; an enum with an untagged tuple or newtype variant does not get
///   it, since such content is not made of entries;
/// - newtype and `transparent` structs whose field implements it (the
///   field's entries), as serde flattens a newtype struct.
///
/// This crate implements it for maps whose keys are [`ToJsonKey`](crate::ToJsonKey) (each
/// entry, keys written as map keys), for `Option<T>` (`None` writes no
/// entry), for `()` and `PhantomData` (no entry) and through references and
/// smart pointers; with the `serde_json` feature, for `Map<String, Value>`
/// and for `Value` (an object's entries; see its impl for other values);
/// with the `serde` feature, for [`Serde<T>`](crate::Serde), whose entries
/// are what serde's flatten makes of `T`'s `Serialize` impl.
///
/// A derived flattened field whose type does not implement this trait is
/// written through its `serde::Serialize` impl instead, as serde flattens
/// it; a generic parameter keeps its `T: ToJsonFields` bound, which
/// `Serde<T>` meets.
///
/// # Contract
///
/// Only entries are written, no braces, and `*first` says whether the
/// object has none yet (and is `false` once one is written).
/// [`JsonWriter::entries`] does all of that: each entry is one call, its
/// key escaped at run time.
///
/// ```
/// use json_runtime::{Format, JsonWriter, ToJson, ToJsonFields};
///
/// struct Point { x: i32, y: i32 }
///
/// impl ToJsonFields for Point {
///     fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
///         w.entries(first, |o| {
///             o.field("x", &self.x);
///             o.field("y", &self.y);
///         });
///     }
/// }
///
/// #[derive(ToJson)]
/// struct Pin {
///     label: String,
///     #[json(flatten)]
///     at: Point,
/// }
///
/// let pin = Pin { label: "home".into(), at: Point { x: 1, y: 2 } };
/// assert_eq!(json_runtime::to_string(&pin)?, r#"{"label":"home","x":1,"y":2}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// An impl must implement `write_json_fields`, although the method has a
/// default (kept for derived impls, see its docs). One that implements no
/// method passes `cargo check`, but its build fails where it is used, with
/// an error that names the method:
///
/// ```compile_fail,E0080
/// use json_runtime::{ToJson, ToJsonFields};
///
/// struct Nothing;
///
/// impl ToJsonFields for Nothing {}
///
/// #[derive(ToJson)]
/// struct Holder {
///     #[json(flatten)]
///     inner: Nothing,
/// }
///
/// // error[E0080]: evaluation panicked: an impl of `ToJsonFields` must
/// // implement `write_json_fields` ...
/// let _ = json_runtime::to_vec(&Holder { inner: Nothing });
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into a JSON object",
    label = "`{Self}` does not implement `ToJsonFields`",
    note = "flattened fields and the content of internally tagged newtype variants must be written as object entries: a struct with named fields deriving `ToJson`, a newtype struct over one, a map with string-like keys, an `Option` of those, or a type implementing `json_runtime::ToJsonFields` by hand"
)]
pub trait ToJsonFields {
    /// Writes `self` as zero or more entries of the enclosing object.
    /// `first` says whether no entry of that object was written yet, and
    /// is cleared by every entry written.
    ///
    /// Implement this method. It has a default only so that derived impls,
    /// which implement [`write_json_entries`](Self::write_json_entries)
    /// instead, need not repeat it: one function definition fewer per
    /// derived type in the crate's metadata. An impl that implements
    /// neither fails to build where this method is used, with an error
    /// that says so.
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        self.write_json_entries::<F, Entries>(w, first);
    }

    /// Writes `self` as a whole object when `B` is [`Object`], and as
    /// [`write_json_fields`](Self::write_json_fields) does when it is
    /// [`Entries`].
    ///
    /// `#[derive(ToJson)]` implements this one method, and both
    /// `ToJson::write_json` and the default `write_json_fields` call it, so
    /// one body is type-checked for both; `B::OBJECT` decides, at compile
    /// time, only how the object opens and closes. (An enum of unit
    /// variants, a newtype and a `transparent` struct are the exceptions:
    /// they implement `write_json_fields`.) Only derived code calls it, on
    /// its own type, so hand-written impls never reach this default.
    #[doc(hidden)]
    #[inline]
    fn write_json_entries<F: Format, B: Braces>(&self, _: &mut JsonWriter<'_, F>, _: &mut bool) {
        // Reached only through the default `write_json_fields` of an impl
        // that implements neither method: where the two defaults would
        // call each other for ever, the build fails instead.
        #[allow(clippy::let_unit_value)]
        let () = Unimplemented::<Self>::WRITE_JSON_FIELDS;
    }
}

/// A compile-time error for an impl of [`ToJsonFields`] that implements
/// neither of its methods, raised only where such an impl is used.
struct Unimplemented<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> Unimplemented<T> {
    const WRITE_JSON_FIELDS: () = panic!(
        "an impl of `ToJsonFields` must implement `write_json_fields` (only `#[derive(ToJson)]` implements `write_json_entries` instead)"
    );
}

/// Whether [`ToJsonFields::write_json_entries`] writes the braces of a
/// whole object ([`Object`]) or only entries ([`Entries`]).
///
/// A type and not a `const OBJECT: bool` parameter: every derived type
/// calls the method twice, and a literal `true` or `false` as a const
/// argument is an anonymous constant, an item of its own in the crate's
/// metadata, where a type is a path. In the compile-time benchmark's 200
/// mixed types, types instead took 105 KiB (1.9%) off the release rlib.
pub trait Braces {
    /// Whether the braces are written.
    const OBJECT: bool;
}

/// [`Braces`] for a whole object: `{`, the entries, `}`.
pub struct Object;

impl Braces for Object {
    const OBJECT: bool = true;
}

/// [`Braces`] for the entries alone, in an object the caller opened.
pub struct Entries;

impl Braces for Entries {
    const OBJECT: bool = false;
}
