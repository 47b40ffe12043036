//! The layouts a writer is compiled for. Each is a type, so the compact
//! path carries no layout branches at all; canonical output is compact
//! layout plus the hooks the writer runs for it (sorting, number checks),
//! all inside the writer's own files.

/// Chooses the layout at compile time, so the compact path carries no
/// layout branches at all.
///
/// This trait is sealed: the three layouts are [`Compact`], [`Pretty`] and
/// [`Canonical`]. What the writer asks of a layout is in the sealing
/// trait, out of reach of other crates.
pub trait Format: private::Sealed + 'static {}

/// How the writer writes a bounded value outside a run, for
/// `Sealed::write_bounded`. Implemented by `JsonWriter` only.
pub trait BoundedLayouts<T: ?Sized> {
    /// The value through the writer's usual methods.
    fn usual_bounded(&mut self, value: &T);
    /// A key literal's pretty line (as [`KeyLayouts::pretty_key`]) and the
    /// value after it, in one shared call.
    fn pretty_keyed_bounded(&mut self, literal: &str, value: &T);
}

/// The writer's key code for each layout, which `Sealed::write_key`
/// picks from. Implemented by `JsonWriter` only.
pub trait KeyLayouts {
    /// The literal as it is.
    fn compact_key(&mut self, literal: &str);
    /// The separator, a line break and indent, the key and `": "`.
    fn pretty_key(&mut self, literal: &str);
    /// The compact key, as an entry of a container to be sorted.
    fn canonical_key(&mut self, literal: &str);
}

/// A type made from a layout, for `Sealed::select`: a writer of that
/// layout, say.
pub trait PerFormat {
    /// The type for layout `F`.
    type Of<F: Format>;
}

/// What `Sealed::select` returns: its argument, tagged with its layout.
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

impl Format for Compact {}

impl private::Sealed for Compact {
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

impl Format for Pretty {}

impl private::Sealed for Pretty {
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

    #[inline(always)]
    fn write_keyed_bounded<W: KeyLayouts + BoundedLayouts<T>, T: ?Sized>(
        w: &mut W,
        literal: &str,
        value: &T,
    ) {
        w.pretty_keyed_bounded(literal, value);
    }
}

/// RFC 8785 canonical JSON (JCS), as written by
/// [`Options::canonical`](crate::Options::canonical): no whitespace, the
/// entries of every object sorted, numbers as ECMAScript writes them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Canonical;

impl Format for Canonical {}

impl private::Sealed for Canonical {
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
    use crate::writer::format::{
        BoundedLayouts, Canonical, Compact, Format, KeyLayouts, PerFormat, Pretty, Selected,
    };

    /// The seal of [`Format`], and what the writer asks of
    /// a layout: no other crate can name it, so its items are no API, and
    /// code generic over `F: Format` reaches them all the same (`F::PRETTY`).
    pub trait Sealed {
        /// Pretty layout: line breaks and indentation.
        const PRETTY: bool;
        /// RFC 8785 output: every object's entries sorted, numbers as
        /// ECMAScript writes them. Only [`Canonical`] sets it.
        const CANONICAL: bool = false;

        /// `x`, whose type is made from `Self`, as the one of the three
        /// layouts `Self` is: lets code that is generic over the layout call
        /// code compiled for each (`DynToJson`'s methods), without a cast.
        fn select<T: PerFormat>(
            x: T::Of<Self>,
        ) -> Selected<T::Of<Compact>, T::Of<Pretty>, T::Of<Canonical>>
        where
            Self: Format + Sized;

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
        fn write_key<W: KeyLayouts>(w: &mut W, literal: &str);

        /// Writes a bounded value of a run (`Reserved::value`) in pretty and
        /// canonical layout, through the writer's usual methods: a trait call
        /// for the reason given at [`write_key`](Self::write_key), so that the
        /// generic bodies hold one copy of the value's code, the compact one.
        #[inline(always)]
        fn write_bounded<W: BoundedLayouts<T>, T: ?Sized>(w: &mut W, value: &T) {
            w.usual_bounded(value);
        }

        /// Writes a key literal and a bounded value of a run
        /// (`Reserved::keyed`) in pretty and canonical layout, a trait call
        /// as [`write_key`](Self::write_key) is. Pretty layout writes both
        /// in one shared call per value type; canonical layout, which
        /// records each key, writes them one after the other.
        #[inline(always)]
        fn write_keyed_bounded<W: KeyLayouts + BoundedLayouts<T>, T: ?Sized>(
            w: &mut W,
            literal: &str,
            value: &T,
        ) {
            Self::write_key(w, literal);
            Self::write_bounded(w, value);
        }
    }
}
