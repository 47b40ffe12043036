//! The writer's side of sorted containers (canonical objects, and maps and
//! sets under `Options::sort_keys`): opening one, marking where each entry
//! starts and ends, and sorting it as it closes. The state and the
//! reordering are in `sort_state.rs`, the comparisons in `sort_order.rs`.

use super::extras::PathSegment;
use super::format::Format;
use super::json_writer::JsonWriter;
use super::sort_order::Order;
use crate::error::CanonicalErrorKind;

impl<F: Format> JsonWriter<'_, F> {
    /// Opens a sorted container; its entries follow, each begun with
    /// [`mark_start`](Self::mark_start).
    pub(crate) fn open_sorted(&mut self) {
        let sort = &mut self.extras_mut().sort;
        sort.frames.push(sort.marks.len());
        // Its entries are moved when it closes, so none may go out before.
        self.buf.set_hold(true);
    }

    /// Whether the innermost sorted container has an entry yet.
    fn sorted_has_entries(&self) -> bool {
        self.extras.as_deref().is_some_and(|e| {
            let sort = &e.sort;
            sort.frames
                .last()
                .is_some_and(|&base| sort.marks.len() > base)
        })
    }

    /// Notes that an entry of the innermost sorted container starts here.
    fn mark_start(&mut self) {
        let at = self.buf.len();
        self.extras_mut().sort.marks.push(at);
    }

    /// Notes that the entry being written, if any, ends here.
    fn mark_end(&mut self) {
        let at = self.buf.len();
        let sort = &mut self.extras_mut().sort;
        if let Some(&base) = sort.frames.last() {
            if (sort.marks.len() - base) % 2 == 1 {
                sort.marks.push(at);
            }
        }
    }

    /// Closes the innermost sorted container and moves its entries into
    /// `order`.
    pub(crate) fn close_sorted(&mut self, order: Order) {
        self.mark_end();
        let Some(extras) = self.extras.as_deref_mut() else {
            return;
        };
        let sort = &mut extras.sort;
        let Some(base) = sort.frames.pop() else {
            debug_assert!(false, "close_sorted without open_sorted");
            return;
        };
        let duplicate = sort.sort_frame(&mut self.buf, base, order);
        sort.marks.truncate(base);
        self.buf.set_hold(sort.is_open());
        if let Some(key) = duplicate {
            self.canonical_fail(CanonicalErrorKind::DuplicateKey(key));
        }
    }

    /// `object_entry` for a container sorted by `Options::sort_keys`.
    pub(crate) fn sorted_object_entry(&mut self, first: bool) {
        self.check_entry();
        self.mark_end();
        self.separator(first);
        self.mark_start();
    }

    /// `array_value` for a sorted set.
    pub(crate) fn sorted_array_value(&mut self, first: bool) {
        self.mark_end();
        self.array_value(first);
        self.mark_start();
    }

    /// Whether `HashMap` entries (and `serde_json::Map` entries) go through
    /// [`write_map_entries_sorted`]: under `Options::sort_keys`. Canonical
    /// output sorts every object anyway.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn sorts_maps(&self) -> bool {
        !F::CANONICAL && self.extras.as_ref().is_some_and(|e| e.sort_keys)
    }

    // Canonical output: every object is a sorted container, and the open
    // objects and arrays are tracked for error messages.

    pub(super) fn canonical_entry_key(&mut self, literal: &str) {
        let bytes = literal.as_bytes();
        match bytes.first() {
            Some(b'{') => {
                self.canonical_begin_object();
                self.buf.push(b'{');
            }
            Some(b',') => {
                self.mark_end();
                self.buf.push(b',');
            }
            _ => panic!("a key literal starts with `{{` or `,` and ends with `:`"),
        }
        self.mark_start();
        self.buf.extend_from_slice(&bytes[1..]);
    }

    pub(super) fn canonical_begin_object(&mut self) {
        self.open_sorted();
        let extras = self.extras_mut();
        let frame = extras.sort.frames.len() - 1;
        extras.path.push(PathSegment::Object { frame });
    }

    /// An entry's separator, from what was written rather than from the
    /// caller's `first`, since flattened entries are recorded in the
    /// enclosing object.
    pub(super) fn canonical_entry(&mut self) {
        let any = self.sorted_has_entries();
        self.mark_end();
        if any {
            self.buf.push(b',');
        }
        self.mark_start();
    }

    pub(super) fn canonical_end_object(&mut self) {
        self.close_sorted(Order::KeysUtf16);
        self.extras_mut().path.pop();
    }

    pub(super) fn canonical_begin_array(&mut self) {
        let index = usize::MAX;
        self.extras_mut().path.push(PathSegment::Array { index });
    }

    pub(super) fn canonical_array_value(&mut self) {
        if let Some(PathSegment::Array { index }) = self.extras_mut().path.last_mut() {
            *index = index.wrapping_add(1);
        }
    }

    pub(super) fn canonical_end_array(&mut self) {
        self.extras_mut().path.pop();
    }
}
