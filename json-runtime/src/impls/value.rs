//! `serde_json`'s dynamic values, written as serde_json writes them
//! (feature `serde_json`).
//!
//! serde_json's `arbitrary_precision` feature changes what a [`Number`]
//! holds: the number's text as parsed (`1.50`, `1e-400`, thirty-digit
//! integers), which serde_json writes verbatim, instead of a `u64`, `i64`
//! or `f64`. Any crate in a build can turn that feature on, and Cargo
//! unifies it for every user of serde_json, so json-runtime cannot know at
//! compile time which form it gets. It asks once, at run time: it parses
//! `1.50` as a `Number` and checks whether the number's `Display` gives
//! back `1.50` (only a `Number` that keeps its text does). In that mode
//! every `Number` is written as its text, which is what serde_json writes;
//! otherwise through the fast integer and float writers.

use crate::writer::{ValueWriter, Written};
use std::sync::atomic::{AtomicU8, Ordering};

use serde_json::value::RawValue;
use serde_json::{Map, Number, Value};

use super::map::write_map_entries;
use super::prefetch::{prefetch, prefetch_lines, word_of};
use crate::__private_0_1_0::{Content, TaggedContentRefused};
use crate::error::Error;
use crate::writer::{write_f64, write_int};
use crate::{Format, JsonWriter, ToJson, ToJsonFields};

/// `null`, `true`, numbers, strings, arrays and objects, with object
/// entries in the map's own iteration order (sorted by key, or insertion
/// order with serde_json's `preserve_order` feature), as serde_json does.
///
/// ```
/// let value = serde_json::json!({"b": [1, -2, 3.5, null], "a": {"ok": true}});
/// assert_eq!(
///     json_runtime::to_string(&value)?,
///     serde_json::to_string(&value).unwrap(),
/// );
/// # Ok::<(), json_runtime::Error>(())
/// ```
impl ToJson for Value {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self {
            Value::Array(items) => write_array(w, items),
            Value::Object(map) => write_object(w, map),
            // The most common scalar, straight to the shared escaper
            // rather than through `write_scalar`'s second call.
            Value::String(s) => w.write_str(s),
            scalar => write_scalar(w, scalar),
        }
        Written(())
    }
}

// Arrays and objects are written by hand rather than through `write_seq`
// and `write_map`, and scalars out of line, so that the frames on the
// recursion path stay small: their size is what bounds how deep a `Value`
// can be (see "Nesting depth" in the crate docs). The bytes are the same.

fn write_scalar<F: Format>(w: &mut JsonWriter<'_, F>, value: &Value) {
    match value {
        Value::Null => w.write_null(),
        Value::Bool(b) => w.value(b),
        Value::Number(n) => w.value(n),
        Value::String(s) => w.write_str(s),
        Value::Array(items) => write_array(w, items),
        Value::Object(map) => write_object(w, map),
    }
}

#[inline(always)]
fn write_array<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Value]) {
    if let [_, Value::Object(_), _, ..] = items {
        return write_array_of_objects(w, items);
    }
    write_elements::<F, false>(w, items);
}

/// An array whose second element is an object, the common shape of a
/// large `Value` (a list of records): each element is written with the
/// objects ahead of it hinted (see [`prefetch_objects_ahead`]). Out of line so
/// that the hints' registers stay out of the frame of every other array
/// (48 bytes a level in release builds, as serde_json's).
#[inline(never)]
fn write_array_of_objects<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Value]) {
    write_elements::<F, true>(w, items);
}

/// The array's brackets and elements, with `HINT_OBJECTS` the objects
/// ahead of each element hinted.
#[inline(always)]
fn write_elements<F: Format, const HINT_OBJECTS: bool>(w: &mut JsonWriter<'_, F>, items: &[Value]) {
    w.begin_array();
    let mut i = 0;
    while i < items.len() {
        if HINT_OBJECTS {
            prefetch_objects_ahead(items, i);
        }
        w.array_value(i == 0);
        items[i].write_json(ValueWriter { w: &mut *w });
        w.flush_point();
        i += 1;
    }
    w.end_array(items.is_empty());
}

fn write_object<F: Format>(w: &mut JsonWriter<'_, F>, map: &Map<String, Value>) {
    if w.sorts_maps() {
        return write_object_sorted(w, map);
    }
    w.begin_object();
    let mut first = true;
    let mut entries = map.iter();
    let mut next = entries.next();
    while let Some((key, value)) = next {
        next = entries.next();
        prefetch_entry(next);
        w.entry_key_str(first, key);
        first = false;
        value.write_json(ValueWriter { w: &mut *w });
        w.flush_point();
    }
    w.end_object_dyn(first);
}

/// Starts loading an object's next entry, which is written next: its
/// key's text and the string's text or the array's elements that its
/// value holds. A `Value` tree is many small allocations: each key, string
/// and array is a cache miss of its own, and this one is under way while
/// the entry before it is written. `shapes/value` took 0.71-0.76 of
/// serde_json's time instead of 0.77-0.88 (three alternating pairs of
/// runs, 41 interleaved rounds each). Its frame grew by 16 bytes in
/// release builds. Elements of arrays are hinted only in arrays of
/// objects ([`write_array_of_objects`]).
///
/// Out of line in debug builds: inlined there, its locals widened the
/// frame of every level of a nested `Value`.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn prefetch_entry(entry: Option<(&String, &Value)>) {
    if let Some((key, value)) = entry {
        prefetch(key.as_ptr());
        prefetch_value(value);
    }
}

/// The string's text or the array's elements.
#[inline(always)]
fn prefetch_value(value: &Value) {
    match value {
        Value::String(s) => prefetch(s.as_ptr()),
        Value::Array(items) => prefetch(items.as_ptr().cast()),
        _ => {}
    }
}

/// While `items[i]` is written: the entries of the object two elements
/// ahead, and the keys' text of the next one, whose entries that hint
/// brought in while the element before it was written. Each object's
/// first load (its B-tree node's length, before any of its keys) and each
/// key's text were a stall of their own. `shapes/value` (5,000 records
/// holding arrays of objects) took 0.48 of serde_json's time instead of 0.65
/// compact, 0.43 instead of 0.66 pretty (medians of four or five
/// alternating runs of 41 interleaved rounds each). Hinting one element
/// ahead only took 0.52, three ahead no less than two; the next object's
/// string values hinted too, no less.
#[inline(always)]
fn prefetch_objects_ahead(items: &[Value], i: usize) {
    if let Some(Value::Object(ahead)) = items.get(i + 2) {
        prefetch_entries(ahead);
    }
    if let Some(Value::Object(next)) = items.get(i + 1) {
        // A large object's later keys would be evicted before they are
        // written; its own entries' hints reach them.
        for key in next.keys().take(KEYS_AHEAD) {
            prefetch(key.as_ptr());
        }
    }
}

/// How many of the next object's keys [`prefetch_objects_ahead`] hints:
/// a B-tree leaf's worth and a few more.
const KEYS_AHEAD: usize = 16;

/// Starts loading the allocation that holds a `Map`'s entries. Its
/// address is in a field private to std; the word that holds it (found by
/// [`entries_word`]) is read from the `Map` itself, which lies in the
/// array being written, so the hint waits on no load of its own.
#[inline(always)]
fn prefetch_entries(map: &Map<String, Value>) {
    if let Some(at) = entries_word().and_then(|index| word_of(map, index)) {
        prefetch_lines(at, ENTRIES_BYTES);
    }
}

/// How much of the entries' allocation to load: a B-tree leaf of eleven
/// `String` keys and `Value`s is 632 bytes in today's std, ten cache
/// lines (ten entries of an `IndexMap` with `preserve_order`).
const ENTRIES_BYTES: usize = 640;

/// How far below a `Map`'s first key the word that points at its entries'
/// allocation may point: a B-tree leaf's keys come after its values.
const ENTRIES_REACH: usize = 4096;

const NOT_PROBED: u8 = u8::MAX;
const NOT_FOUND: u8 = u8::MAX - 1;

static ENTRIES_WORD: AtomicU8 = AtomicU8::new(NOT_PROBED);

/// Which word of a `Map` points at the allocation that holds its entries
/// (its B-tree's root node; the entries' `Vec` with `preserve_order`).
/// std keeps that layout private, so it is found once, at run time: on a
/// map of one entry, the word that points at most [`ENTRIES_REACH`] bytes
/// below the entry's key. `None` if no word does (another layout): then
/// nothing is prefetched.
#[inline(always)]
fn entries_word() -> Option<usize> {
    match ENTRIES_WORD.load(Ordering::Relaxed) {
        NOT_FOUND => None,
        NOT_PROBED => probe_entries_word(),
        index => Some(usize::from(index)),
    }
}

#[cold]
#[inline(never)]
fn probe_entries_word() -> Option<usize> {
    let map = Map::from_iter([(String::new(), Value::Null)]);
    let key = map
        .keys()
        .next()
        .map_or(0, |key| std::ptr::from_ref(key).addr());
    let index = (0..u8::MAX - 1)
        .map_while(|index| word_of(&map, usize::from(index)).map(|word| (index, word)))
        .find(|&(_, word)| key.wrapping_sub(word) < ENTRIES_REACH)
        .map(|(index, _)| index);
    ENTRIES_WORD.store(index.unwrap_or(NOT_FOUND), Ordering::Relaxed);
    index.map(usize::from)
}

/// Under `Options::sort_keys`: a `Map` is a `BTreeMap`, already in order,
/// unless serde_json's `preserve_order` makes it an `IndexMap`.
#[inline(never)]
fn write_object_sorted<F: Format>(w: &mut JsonWriter<'_, F>, map: &Map<String, Value>) {
    crate::impls::write_map_sorted(w, map);
}

impl ToJson for Map<String, Value> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_object(w, self);
        Written(())
    }
}

/// As serde_json's `Serialize` for `Number`: a non-negative integer as
/// `u64`, a negative one as `i64`, anything else as a (finite) `f64`; with
/// serde_json's `arbitrary_precision` feature, the number's text as it is
/// (see the module docs).
impl ToJson for Number {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        if keeps_number_text() {
            write_number_text(w, self);
        } else if let Some(u) = self.as_u64() {
            write_int(w, u);
        } else if let Some(i) = self.as_i64() {
            write_int(w, i);
        } else if let Some(f) = self.as_f64() {
            write_f64(w, f);
        } else {
            // Unreachable: without arbitrary_precision a `Number` is one of
            // the three above. Its text is what serde_json would write.
            write_number_text(w, self);
        }
        Written(())
    }
}

const UNKNOWN: u8 = 0;
const TEXT: u8 = 1;
const BINARY: u8 = 2;

static NUMBER_FORM: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Whether serde_json was built with `arbitrary_precision`: one relaxed
/// load after the first call.
#[inline]
fn keeps_number_text() -> bool {
    match NUMBER_FORM.load(Ordering::Relaxed) {
        TEXT => true,
        BINARY => false,
        _ => probe_number_form(),
    }
}

#[cold]
#[inline(never)]
fn probe_number_form() -> bool {
    const PROBE: &str = "1.50";
    let keeps_text = PROBE
        .parse::<Number>()
        .is_ok_and(|n| n.to_string() == PROBE);
    NUMBER_FORM.store(if keeps_text { TEXT } else { BINARY }, Ordering::Relaxed);
    keeps_text
}

/// The number's `Display` text, which is exactly what serde_json writes
/// for it in either mode, copied straight into the output.
#[cold]
fn write_number_text<F: Format>(w: &mut JsonWriter<'_, F>, number: &Number) {
    w.write_number_display(number);
}

/// Already-encoded JSON, written as it is, as serde_json writes it, in
/// pretty output too. Fields are usually `Box<RawValue>` or `&RawValue`.
///
/// ```
/// use json_runtime::ToJson;
/// use serde_json::value::RawValue;
///
/// #[derive(ToJson, serde::Serialize)]
/// struct Reply {
///     id: u32,
///     payload: Box<RawValue>,
/// }
///
/// let reply = Reply { id: 7, payload: RawValue::from_string("{\"a\": [1, 2]}".into()).unwrap() };
/// assert_eq!(json_runtime::to_string(&reply)?, r#"{"id":7,"payload":{"a": [1, 2]}}"#);
/// assert_eq!(json_runtime::to_string(&reply)?, serde_json::to_string(&reply).unwrap());
/// # Ok::<(), json_runtime::Error>(())
/// ```
impl ToJson for RawValue {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_raw(self.get());
        Written(())
    }
}

/// A flattened `Map` writes its entries into the enclosing object, as
/// serde does.
impl ToJsonFields for Map<String, Value> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        write_map_entries(w, first, self);
    }
}

/// A flattened `Value` that is an object writes its entries into the
/// enclosing object, and `null` writes none, as serde does.
///
/// A flattened bool, number, string or array is serde's error, as
/// serde_json returns it ("can only flatten structs and maps (got a
/// sequence)"), and nothing more is written.
///
/// ```
/// use json_runtime::ToJson;
/// use serde_json::{json, Value};
///
/// #[derive(ToJson)]
/// struct Event {
///     kind: &'static str,
///     #[json(flatten)]
///     extra: Value,
/// }
///
/// let event = Event { kind: "click", extra: json!({"x": 3, "y": 4}) };
/// assert_eq!(json_runtime::to_string(&event)?, r#"{"kind":"click","x":3,"y":4}"#);
/// let event = Event { kind: "click", extra: json!([1, 2]) };
/// assert_eq!(
///     json_runtime::to_string(&event).unwrap_err().to_string(),
///     "can only flatten structs and maps (got a sequence)",
/// );
/// # Ok::<(), json_runtime::Error>(())
/// ```
impl ToJsonFields for Value {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        match self {
            Value::Object(map) => write_map_entries(w, first, map),
            Value::Null => {}
            other => flatten_scalar(w, other, first),
        }
    }
}

/// What serde's `FlatMapSerializer` makes of a value that is not an
/// object, from the serializer method serde_json's `Value` calls: its
/// error, or, for an `arbitrary_precision` number (serialized as a struct
/// holding the text), that struct's one entry.
#[cold]
#[inline(never)]
fn flatten_scalar<F: Format>(w: &mut JsonWriter<'_, F>, value: &Value, first: &mut bool) {
    match (value, refused_as(value)) {
        (_, Some(got)) => w.fail(Error::new(format_args!(
            "can only flatten structs and maps (got {got})"
        ))),
        (Value::Number(n), None) => {
            w.object_entry(*first);
            *first = false;
            w.write_str("$serde_json::private::Number");
            w.colon();
            w.write_str(&n.to_string());
        }
        _ => {}
    }
}

/// What serde's errors call a value that is not made of entries, from the
/// serializer method serde_json's `Value` calls (`serialize_bool` is "a
/// boolean"); `None` for what serde takes as entries: `null` (a unit), an
/// object, and an `arbitrary_precision` number (a struct holding its text).
fn refused_as(value: &Value) -> Option<&'static str> {
    match value {
        Value::Null | Value::Object(_) => None,
        Value::Number(_) if keeps_number_text() => None,
        Value::Bool(_) => Some("a boolean"),
        Value::Number(n) if n.is_f64() => Some("a float"),
        Value::Number(_) => Some("an integer"),
        Value::String(_) => Some("a string"),
        Value::Array(_) => Some("a sequence"),
    }
}

/// serde refuses a scalar `Value` as the content of an internally tagged
/// newtype variant as it refuses a flattened one (see `ToJsonFields for
/// Value`), with the tagged serializer's message.
impl TaggedContentRefused for Content<'_, Value> {
    #[inline]
    fn tagged_content_refusal(&self) -> Option<&'static str> {
        refused_as(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probe finds the word on today's std (a failure here means only
    /// that arrays of objects are no longer hinted), and that word points
    /// at the entries of any map, not only the probe's.
    #[test]
    fn the_entries_word_points_at_every_maps_entries() {
        if !cfg!(target_arch = "x86_64") {
            assert_eq!(entries_word(), None);
            return;
        }
        let index = entries_word().expect("a word of Map that points at its entries");
        assert_eq!(entries_word(), Some(index), "found once, then kept");
        for len in [1, 5, 11] {
            let map: Map<String, Value> = (0..len)
                .map(|i| (format!("key{i}"), Value::from(i)))
                .collect();
            let key = std::ptr::from_ref(map.keys().next().unwrap()).addr();
            let word = word_of(&map, index).unwrap();
            assert!(key.wrapping_sub(word) < ENTRIES_REACH, "{len} entries");
        }
    }
}
