//! Maps are JSON objects, in iteration order, with keys written by
//! [`ToJsonKey`]; flattened, their entries go into the enclosing object.

use crate::writer::{ValueWriter, Written};
use std::collections::{BTreeMap, HashMap};

use crate::framing::{write_element, write_entries};
use crate::{Format, JsonWriter, ToJson, ToJsonFields, ToJsonKey};

/// Writes every `(key, value)` pair as one JSON object. The writer may
/// drain to its `io::Write` between entries.
///
/// Out of line: one copy per map type, not one per map field. A map's
/// entries cost far more than the call.
#[inline(never)]
pub(crate) fn write_map<'a, F, K, V, I>(w: &mut JsonWriter<'_, F>, entries: I)
where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.begin_object();
    let mut first = true;
    // `write_entries`' loop, by hand: this hottest of the map loops
    // measured slower through it (`json-bench shapes`, large_doc_hash
    // compact, 5 to 10% in three alternating runs on a busy machine). One
    // entry ahead, so that the key can hint the next key's text.
    let mut entries = entries.into_iter();
    let mut next = entries.next();
    while let Some((key, value)) = next {
        next = entries.next();
        key.write_json_entry_key(w, first, next.map(|(key, _)| key));
        first = false;
        write_element(w, value);
        w.flush_point();
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
            write_map(w, self);
        }
        Written(())
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_map(w, self);
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
