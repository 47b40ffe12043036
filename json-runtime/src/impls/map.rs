//! Maps are JSON objects, in iteration order, with keys written by
//! [`ToJsonKey`]; flattened, their entries go into the enclosing object.

use crate::writer::{ValueWriter, Written};
use std::collections::{BTreeMap, HashMap};

use crate::framing::{write_element, write_entries};
use crate::{Format, JsonWriter, ToJson, ToJsonFields, ToJsonKey};

/// Writes every `(key, value)` pair as one JSON object. The writer may
/// drain to its `io::Write` between entries.
///
/// With `HINT_NEXT_KEY`, it reads one entry ahead, so that the key can
/// hint the next key's text (`ToJsonKey::write_json_entry_key`): in a
/// large document each key is an allocation of its own and a cache miss.
/// `shapes/large_doc_hash` (nested `HashMap`s, 23 MB) took 53 ms instead
/// of 58-59 ms. `HashMap` and `IndexMap` read ahead; `BTreeMap`, whose
/// iterator keeps more state, does not: small ones (`BTreeMap<u64,
/// String>`) took 5-9% longer with it.
///
/// Out of line: one copy per map type, not one per map field. A map's
/// entries cost far more than the call.
#[inline(never)]
pub(crate) fn write_map<'a, F, K, V, I, const HINT_NEXT_KEY: bool>(
    w: &mut JsonWriter<'_, F>,
    entries: I,
) where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.begin_object();
    let mut first = true;
    // `write_entries`' loop, by hand: this hottest of the map loops
    // measured slower through it (`json-bench shapes`, large_doc_hash
    // compact, 5 to 10% in three alternating runs on a busy machine).
    let mut entries = entries.into_iter();
    if HINT_NEXT_KEY {
        let mut next = entries.next();
        while let Some((key, value)) = next {
            next = entries.next();
            key.write_json_entry_key(w, first, next.map(|(key, _)| key));
            first = false;
            write_element(w, value);
            w.flush_point();
        }
    } else {
        for (key, value) in entries {
            key.write_json_entry_key(w, first, None);
            first = false;
            write_element(w, value);
            w.flush_point();
        }
    }
    w.end_object_dyn(first);
}

impl<K: ToJsonKey, V: ToJson, S> ToJson for HashMap<K, V, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        if w.sorts_maps() {
            crate::impls::write_map_sorted(w, self);
        } else {
            write_map::<F, K, V, _, true>(w, self);
        }
        Written(())
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_map::<F, K, V, _, false>(w, self);
        Written(())
    }
}

/// Every `(key, value)` pair as an entry, in iteration order, as serde
/// writes a flattened map.
#[inline]
pub(crate) fn write_map_entries<'a, F, K, V, I>(
    w: &mut JsonWriter<'_, F>,
    first: &mut bool,
    entries: I,
) where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    write_entries(w, first, entries, |key: &K, w, first| {
        key.write_json_entry_key(w, first, None)
    });
}

impl<K: ToJsonKey, V: ToJson, S> ToJsonFields for HashMap<K, V, S> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        if w.sorts_maps() {
            super::write_map_entries_sorted(w, first, self);
        } else {
            write_map_entries(w, first, self);
        }
    }
}

impl<K: ToJsonKey, V: ToJson> ToJsonFields for BTreeMap<K, V> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        write_map_entries(w, first, self);
    }
}
