//! The writer's side of `PrettyFormatter::inline_arrays`: noting where an
//! array opens, and putting it on one line when it closes (the state and
//! the rules are in `inline_state.rs`).

use super::format::Format;
use super::inline_state::Candidate;
use super::json_writer::JsonWriter;

impl<F: Format> JsonWriter<'_, F> {
    /// Called as an array opens, before its `[` is written: it becomes the
    /// candidate, and the enclosing one, if any, will not be.
    #[cold]
    pub(super) fn inline_begin_array(&mut self) {
        let open = self.buf.len();
        let drains = self.buf.drains();
        let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) else {
            return;
        };
        state.candidate = state
            .column(&self.buf, open, drains > 0)
            .map(|column| Candidate {
                open,
                column,
                drains,
            });
    }

    /// Called as an array closes, before anything is written. If the array
    /// is the candidate and fits, writes it on one line with its `]` and
    /// returns true; otherwise the caller closes it as usual.
    #[cold]
    pub(super) fn inline_end_array(&mut self, empty: bool) -> bool {
        // The newline and indent before each element.
        let line_break = 1 + self.depth * self.indent.len();
        let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) else {
            return false;
        };
        let Some(candidate) = state.candidate.take() else {
            return false;
        };
        let buf = &mut self.buf;
        if empty || buf.drains() != candidate.drains || buf.get(candidate.open) != Some(&b'[') {
            return false;
        }
        if state
            .inline_width(candidate, &buf[candidate.open + 1..], line_break)
            .is_none()
        {
            return false;
        }
        // Every newline is a line break before an element: each is dropped,
        // and each `,` before one gets a space after it. The text only
        // moves left.
        let first = candidate.open + 1;
        let (mut to, mut from) = (first, first);
        while from < buf.len() {
            if buf[from] == b'\n' {
                if to > first {
                    buf[to] = b' ';
                    to += 1;
                }
                from += line_break;
            } else {
                buf[to] = buf[from];
                to += 1;
                from += 1;
            }
        }
        buf.truncate(to);
        buf.push(b']');
        self.depth -= 1;
        true
    }
}
