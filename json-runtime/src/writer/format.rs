//! The layouts a writer is compiled for. Each is a type, so the compact
//! path carries no layout branches at all; canonical output is compact
//! layout plus the hooks the writer runs for it (sorting, number checks),
//! all inside the writer's own files.

/// Chooses compact or pretty output at compile time, so the compact path
/// carries no layout branches at all.
///
/// This trait is sealed: the two layouts are [`Compact`] and [`Pretty`].
pub trait Format: private::Sealed + 'static {
    #[doc(hidden)]
    const PRETTY: bool;
    /// RFC 8785 output: every object's entries sorted, numbers as
    /// ECMAScript writes them. Only [`Canonical`] sets it.
    #[doc(hidden)]
    const CANONICAL: bool = false;

    /// `x`, whose type is made from `Self`, as the one of the three
    /// layouts `Self` is: lets code that is generic over the layout call
    /// code compiled for each (`DynToJson`'s methods), without a cast.
    #[doc(hidden)]
    fn select<T: PerFormat>(
        x: T::Of<Self>,
    ) -> Selected<T::Of<Compact>, T::Of<Pretty>, T::Of<Canonical>>
    where
        Self: Sized;

    /// Writes a key literal (`{"key":` or `,"key":`) as the pretty and
    /// canonical layouts do; `JsonWriter::key` copies compact keys itself.
    ///
    /// A call through the trait, not a branch on [`PRETTY`](Self::PRETTY)
    /// and [`CANONICAL`](Self::CANONICAL): derived encoders are generic
    /// over the layout, and the MIR inliner copies `key` into their
    /// generic bodies (the MIR kept in the rlib for later instantiation),
    /// at every field. A trait call cannot be resolved there, so those
    /// bodies hold the compact copy and one call, not every layout's key
    /// code. Once the layout is known, the call is inlined.
    #[doc(hidden)]
    fn write_key<W: KeyLayouts>(w: &mut W, literal: &str);

    /// Writes a bounded value of a run (`Reserved::value`) in pretty and
    /// canonical layout, through the writer's usual methods: a trait call
    /// for the reason given at [`write_key`](Self::write_key), so that the
    /// generic bodies hold one copy of the value's code, the compact one.
    #[doc(hidden)]
    #[inline(always)]
    fn write_bounded<W: BoundedLayouts<T>, T: ?Sized>(w: &mut W, value: &T) {
        w.usual_bounded(value);
    }
}

/// How the writer writes a bounded value outside a run, for
/// [`Format::write_bounded`]. Implemented by `JsonWriter` only.
#[doc(hidden)]
pub trait BoundedLayouts<T: ?Sized> {
    /// The value through the writer's usual methods.
    fn usual_bounded(&mut self, value: &T);
}

/// The writer's key code for each layout, which [`Format::write_key`]
/// picks from. Implemented by `JsonWriter` only.
#[doc(hidden)]
pub trait KeyLayouts {
    /// The literal as it is.
    fn compact_key(&mut self, literal: &str);
    /// The separator, a line break and indent, the key and `": "`.
    fn pretty_key(&mut self, literal: &str);
    /// The compact key, as an entry of a container to be sorted.
    fn canonical_key(&mut self, literal: &str);
}

/// A type made from a layout, for [`Format::select`]: a writer of that
/// layout, say.
#[doc(hidden)]
pub trait PerFormat {
    /// The type for layout `F`.
    type Of<F: Format>;
}

/// What [`Format::select`] returns: its argument, tagged with its layout.
#[doc(hidden)]
#[derive(Debug)]
pub enum Selected<C, P, K> {
    /// [`Compact`].
    Compact(C),
    /// [`Pretty`].
    Pretty(P),
    /// [`Canonical`].
    Canonical(K),
}

/// No whitespace at all, as `serde_json::to_vec`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Compact;

/// Newlines and indentation, as `serde_json::to_vec_pretty`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pretty;

impl Format for Compact {
    const PRETTY: bool = false;

    #[inline(always)]
    fn select<T: PerFormat>(
        x: T::Of<Self>,
    ) -> Selected<T::Of<Compact>, T::Of<Pretty>, T::Of<Canonical>> {
        Selected::Compact(x)
    }

    #[inline(always)]
    fn write_key<W: KeyLayouts>(w: &mut W, literal: &str) {
        w.compact_key(literal);
    }
}

impl Format for Pretty {
    const PRETTY: bool = true;

    #[inline(always)]
    fn select<T: PerFormat>(
        x: T::Of<Self>,
    ) -> Selected<T::Of<Compact>, T::Of<Pretty>, T::Of<Canonical>> {
        Selected::Pretty(x)
    }

    #[inline(always)]
    fn write_key<W: KeyLayouts>(w: &mut W, literal: &str) {
        w.pretty_key(literal);
    }
}

/// RFC 8785 canonical JSON (JCS), as written by
/// [`Options::canonical`](crate::Options::canonical): no whitespace, the
/// entries of every object sorted, numbers as ECMAScript writes them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Canonical;

impl Format for Canonical {
    const PRETTY: bool = false;
    const CANONICAL: bool = true;

    #[inline(always)]
    fn select<T: PerFormat>(
        x: T::Of<Self>,
    ) -> Selected<T::Of<Compact>, T::Of<Pretty>, T::Of<Canonical>> {
        Selected::Canonical(x)
    }

    #[inline(always)]
    fn write_key<W: KeyLayouts>(w: &mut W, literal: &str) {
        w.canonical_key(literal);
    }
}

mod private {
    pub trait Sealed {}
    impl Sealed for super::Compact {}
    impl Sealed for super::Pretty {}
    impl Sealed for super::Canonical {}
}
