//! Maps and sets written in sorted order (`Options::sort_keys`, and
//! always in canonical output), over the writer's sorted containers.

use crate::framing::{write_element, write_entries};
use crate::writer::{Format, JsonWriter, Order};
use crate::{ToJson, ToJsonKey};

/// Writes a map as one object with its entries sorted by key; see
/// [`JsonWriter::sorts_maps`].
pub(crate) fn write_map_sorted<'a, F, K, V, I>(w: &mut JsonWriter<'_, F>, entries: I)
where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.begin_object();
    let mut first = true;
    write_map_entries_sorted(w, &mut first, entries);
    w.end_object_dyn(first);
}

/// Writes a map's entries, sorted by key, into an object the caller
/// opened, as `#[json(flatten)]` does.
pub(crate) fn write_map_entries_sorted<'a, F, K, V, I>(
    w: &mut JsonWriter<'_, F>,
    first: &mut bool,
    entries: I,
) where
    F: Format,
    K: ToJsonKey + ?Sized + 'a,
    V: ToJson + ?Sized + 'a,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    w.open_sorted();
    write_entries(w, first, entries, |key, w, first| {
        w.sorted_object_entry(first);
        key.write_json_key(w);
        w.colon();
    });
    let order = if K::SORTS_AS_INTEGER {
        Order::KeysInteger
    } else {
        Order::KeysText
    };
    w.close_sorted(order);
}

/// Writes a set as one array with its elements sorted by their JSON text
/// ([`Order::Elements`]).
pub(crate) fn write_seq_sorted<F, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    I: IntoIterator,
    I::Item: ToJson,
{
    w.begin_array();
    w.open_sorted();
    let mut first = true;
    for item in items {
        w.sorted_array_value(first);
        first = false;
        write_element(w, &item);
        w.flush_point();
    }
    w.close_sorted(Order::Elements);
    w.end_array(first);
}
