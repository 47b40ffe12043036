//! indexmap's collections, written as indexmap's `Serialize` impls (its
//! `serde` feature) make serde_json write them, in insertion order:
//!
//! | type | JSON |
//! |---|---|
//! | `IndexMap<K, V, S>` | an object, keys written as map keys (see [`ToJsonKey`]) |
//! | `IndexSet<T, S>` | an array |
//! | `map::Slice<K, V>` | an array of `[key, value]` pairs, as indexmap's `serde_seq` writes them |
//! | `set::Slice<T>` | an array |
//!
//! An `IndexMap` can also be flattened into an enclosing object
//! (`#[json(flatten)]`), entry by entry, like a `HashMap`.

use crate::writer::{ValueWriter, Written};
use ::indexmap::{map, set, IndexMap, IndexSet};

use super::map::{write_map, write_map_entries};
use super::seq::write_seq;
use crate::{Format, JsonWriter, ToJson, ToJsonFields, ToJsonKey};

impl<K: ToJsonKey, V: ToJson, S> ToJson for IndexMap<K, V, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_map::<F, K, V, _, true>(w, self);
        Written(())
    }
}

/// Each entry in order, keys written as map keys, as serde writes a
/// flattened map.
impl<K: ToJsonKey, V: ToJson, S> ToJsonFields for IndexMap<K, V, S> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        write_map_entries(w, first, self);
    }
}

impl<T: ToJson, S> ToJson for IndexSet<T, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_seq(w, self);
        Written(())
    }
}

/// A sequence of `[key, value]` pairs: unlike the map it was sliced from,
/// indexmap serializes a slice with `collect_seq`.
impl<K: ToJson, V: ToJson> ToJson for map::Slice<K, V> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_seq(w, self);
        Written(())
    }
}

impl<T: ToJson> ToJson for set::Slice<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_seq(w, self);
        Written(())
    }
}
