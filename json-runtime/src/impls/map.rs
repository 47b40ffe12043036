//! Maps are JSON objects, in iteration order, with keys written by
//! [`ToJsonKey`]; flattened, their entries go into the enclosing object.

use crate::writer::{ValueWriter, Written};
use std::collections::{BTreeMap, HashMap};

use super::prefetch::{prefetch, prefetch_lines};
use crate::framing::{write_element, write_entries};
use crate::{Format, JsonWriter, ToJson, ToJsonFields, ToJsonKey};

/// Writes every `(key, value)` pair as one JSON object. The writer may
/// drain to its `io::Write` between entries.
///
/// With `HINT_NEXT_KEY`, and values larger than a `String`, it reads one
/// entry ahead, so that the key can hint the next key's text
/// (`ToJsonKey::write_json_entry_key`): in a large document each key is an
/// allocation of its own and a cache miss. `shapes/large_doc_hash`
/// (nested `HashMap`s, 23 MB) took 53 ms instead of 58-59 ms. `HashMap`
/// and `IndexMap` read ahead; `BTreeMap`, whose iterator keeps more state,
/// does not: small ones (`BTreeMap<u64, String>`) took 5-9% longer with
/// it. A second iterator, [`ENTRIES_AHEAD`] entries further on, hints the
/// entries' own memory (a `HashMap`'s buckets, 136 bytes each in that
/// document): the next key's pointer was read from a bucket that missed
/// the cache, and the next key's hint waited on it. `shapes/large_doc_hash`
/// took 0.47 of serde_json's time instead of 0.56.
///
/// For a value of a few words (a number, a string, a sequence), writing
/// an entry takes a few nanoseconds, and the next key is one entry too
/// close: with that hint, on a machine whose caches held the map,
/// `HashMap<String, u32>` (`shapes/map_string_keys_hash`) took 8% longer
/// (0.32 of serde_json's time against 0.30), `HashMap<String, Vec<u32>>`
/// 3-5% longer. Such maps hint only the key's text, [`ENTRIES_AHEAD`]
/// entries on, where the keys are strings (`ToJsonKey::HINTS_NEXT`): on
/// an AMD EPYC (Zen 3) virtual machine, where each key's text missed the
/// caches, `map_string_keys_hash` took 0.55-0.57 of serde_json's time
/// instead of 0.67-0.70 and `map_string_vecs` 0.72-0.74 instead of
/// 0.84-0.88 (eight entries on: 0.53-0.55 and 0.75-0.79). `BTreeMap`s do
/// not: theirs made string keys 0.59-0.60 -> 0.56-0.58, integer keys
/// 0.56-0.58 -> 0.62-0.63.
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
    V: ToJson + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
    I::IntoIter: Clone,
{
    w.begin_object();
    let mut first = true;
    // `write_entries`' loop, by hand: this hottest of the map loops
    // measured slower through it (`json-bench shapes`, large_doc_hash
    // compact, 5 to 10% in three alternating runs on a busy machine).
    let mut entries = entries.into_iter();
    if HINT_NEXT_KEY && hint_pays::<V>() {
        let mut ahead = entries.clone();
        for _ in 0..ENTRIES_AHEAD {
            ahead.next();
        }
        let mut next = entries.next();
        while let Some((key, value)) = next {
            next = entries.next();
            if let Some((key, value)) = ahead.next() {
                prefetch_bucket(key, value);
            }
            key.write_json_entry_key(w, first, next.map(|(key, _)| key));
            first = false;
            write_element(w, value);
            w.flush_point();
        }
    } else if HINT_NEXT_KEY && K::HINTS_NEXT {
        // Smaller values: only the key's text, far enough ahead to arrive
        // before it is written.
        let mut ahead = entries.clone();
        for _ in 0..ENTRIES_AHEAD {
            ahead.next();
        }
        for (key, value) in entries {
            key.write_json_entry_key(w, first, ahead.next().map(|(key, _)| key));
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

/// How many entries ahead [`write_map`] hints an entry's own memory, or
/// for small values the key's text. `shapes/large_doc_hash`: two took
/// 0.51 of serde_json's time, four 0.50, eight no less.
const ENTRIES_AHEAD: usize = 4;

/// Starts loading the memory of a map entry: its key and its value where
/// the map holds them (a `HashMap`'s bucket, an `IndexMap`'s entry), not
/// what they point to.
#[inline(always)]
fn prefetch_bucket<K: ?Sized, V>(key: &K, value: &V) {
    prefetch(std::ptr::from_ref(key).cast());
    prefetch_lines(std::ptr::from_ref(value).addr(), size_of::<V>());
}

/// Whether hinting the next key pays for a map of `V` values (see
/// [`write_map`]): values larger than a `String`'s three words.
const fn hint_pays<V>() -> bool {
    size_of::<V>() > size_of::<String>()
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
