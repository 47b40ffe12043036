//! Maps are JSON objects, in iteration order, with keys written by
//! [`ToJsonKey`].

use std::collections::{BTreeMap, HashMap};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

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
    for (key, value) in entries {
        key.write_json_entry_key(w, first);
        first = false;
        w.check_begin::<V>();
        value.write_json(w);
        w.check_end();
        w.flush_point();
    }
    w.end_object_dyn(first);
}

impl<K: ToJsonKey, V: ToJson, S> ToJson for HashMap<K, V, S> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        if w.sorts_maps() {
            crate::impls::write_map_sorted(w, self);
        } else {
            write_map(w, self);
        }
    }
}

impl<K: ToJsonKey, V: ToJson> ToJson for BTreeMap<K, V> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_map(w, self);
    }
}
