//! Pretty layout with short arrays of scalars on one line:
//! `PrettyFormatter::inline_arrays(max_width)`.
//!
//! Every array is written as pretty layout always writes it, one element a
//! line. The innermost open array stays a *candidate* for one line as long
//! as no element opens an array or object, no element holds a newline, and
//! the line it would make (the text before `[` on its line, then `[`, the
//! elements separated by `, `, and `]`) fits in `max_width` characters. If
//! it is still a candidate when it closes, its elements are moved left over
//! the separators, in place: `[1, 2, 3]`.
//!
//! So the undecided part of the output is at most one array of about
//! `max_width` characters of inline text. When the writer must hand its
//! buffer to an `io::Write` while an array is undecided, the array is
//! broken (it stays as written) and may go out: streaming keeps its
//! bounded memory.

use super::{Format, JsonWriter};

pub(crate) struct InlineState {
    max_width: usize,
    candidate: Option<Candidate>,
    /// Where each element of the candidate starts in the output; each ends
    /// where the next one's separator begins.
    starts: Vec<usize>,
    /// Whether output was handed to the `io::Write` yet: then a line that
    /// starts before the buffer has an unknown width.
    drained: bool,
}

/// The array that may still go on one line.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// Where its `[` is in the output.
    open: usize,
    /// The width of the line before the `[`, in characters.
    column: usize,
    /// The width of the line so far, in characters: the text before `[`,
    /// the `[`, and the elements written and their `, `.
    width: usize,
}

impl InlineState {
    pub(super) fn new(max_width: usize) -> Self {
        InlineState {
            max_width,
            candidate: None,
            starts: Vec::new(),
            drained: false,
        }
    }

    pub(super) fn drained(&mut self) {
        self.candidate = None;
        self.drained = true;
    }

    /// A sorted set moved its elements; these are their new starts.
    pub(super) fn elements_moved(&mut self, starts: impl Iterator<Item = usize>) {
        if self.candidate.is_some() {
            self.starts.clear();
            self.starts.extend(starts);
        }
    }

    /// The width of the line up to `open`, if it is known and leaves room
    /// for at least `[]`.
    fn column(&self, buf: &[u8], open: usize) -> Option<usize> {
        // A line that fits has at most 4 bytes a character.
        let window = self.max_width.saturating_mul(4).saturating_add(4);
        let from = open.saturating_sub(window);
        let column = match buf[from..open].iter().rposition(|&b| b == b'\n') {
            Some(newline) => chars(&buf[from + newline + 1..open])?,
            None if from == 0 && !self.drained => chars(&buf[..open])?,
            None => return None,
        };
        (column + 2 <= self.max_width).then_some(column)
    }
}

/// The characters in `text`, or `None` if it holds a newline.
fn chars(text: &[u8]) -> Option<usize> {
    let mut count = 0;
    for &b in text {
        if b == b'\n' {
            return None;
        }
        count += usize::from(b & 0xC0 != 0x80);
    }
    Some(count)
}

impl<F: Format> JsonWriter<'_, F> {
    fn inline_state(&mut self) -> Option<&mut InlineState> {
        self.extras.as_deref_mut()?.inline.as_mut()
    }

    /// An array or object opens: the enclosing array, if undecided, breaks.
    #[cold]
    pub(super) fn inline_nested(&mut self) {
        if let Some(state) = self.inline_state() {
            state.candidate = None;
        }
    }

    /// Makes the innermost open array, if undecided, stay one element a
    /// line: `to_writer_array` calls it for an array that resumes in a new
    /// writer after part of it went out.
    pub(crate) fn break_inline_array(&mut self) {
        self.inline_nested();
    }

    /// Called as an array opens, before its `[` is written: it becomes the
    /// candidate, and the enclosing one breaks.
    #[cold]
    pub(super) fn inline_begin_array(&mut self) {
        let open = self.buf.len();
        let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) else {
            return;
        };
        state.starts.clear();
        state.candidate = state.column(&self.buf, open).map(|column| Candidate {
            open,
            column,
            width: column + 1,
        });
    }

    /// `array_value` when inline arrays may be on: the element before this
    /// one is complete, so its width counts now.
    pub(super) fn inline_array_value(&mut self, first: bool) {
        let end = self.buf.len();
        if let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) {
            if let (Some(candidate), false) = (&mut state.candidate, first) {
                let last = state.starts.len();
                let separator = if last > 1 { 2 } else { 0 };
                let start = state.starts.last().copied().unwrap_or(end);
                match chars(&self.buf[start..end]) {
                    Some(n) if candidate.width + separator + n < state.max_width => {
                        candidate.width += separator + n;
                    }
                    _ => state.candidate = None,
                }
            }
        }
        self.separator(first);
        let start = self.buf.len();
        if let Some(state) = self.inline_state() {
            if state.candidate.is_some() {
                state.starts.push(start);
            }
        }
    }

    /// Called as an array closes, before anything is written. If the array
    /// is the candidate and fits, writes it on one line with its `]` and
    /// returns true; otherwise the caller closes it as usual.
    #[cold]
    pub(super) fn inline_end_array(&mut self, empty: bool) -> bool {
        // `,` and the newline before each element after the first.
        let separator = 2 + self.depth * self.indent.len();
        let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) else {
            return false;
        };
        let Some(candidate) = state.candidate.take() else {
            return false;
        };
        let buf = &mut self.buf;
        let starts = &state.starts;
        if empty || starts.is_empty() || buf.get(candidate.open) != Some(&b'[') {
            return false;
        }
        // Counted again in full, since a sorted set may have moved its
        // elements: `[`, the elements, `, ` between them and `]`.
        let n = starts.len();
        let total = buf.len();
        let end_of = |i: usize| {
            if i + 1 < n {
                starts[i + 1] - separator
            } else {
                total
            }
        };
        let mut width = candidate.column + 2 + 2 * (n - 1);
        for (i, &start) in starts.iter().enumerate() {
            match chars(&buf[start..end_of(i)]) {
                Some(len) => width += len,
                None => return false,
            }
            if width > state.max_width {
                return false;
            }
        }
        // Each element moves left over the newline and indent before it,
        // which are at least as long as the `, ` that replaces them.
        let mut to = candidate.open + 1;
        for (i, &from) in starts.iter().enumerate() {
            let end = end_of(i);
            if i > 0 {
                buf[to..to + 2].copy_from_slice(b", ");
                to += 2;
            }
            buf.copy_within(from..end, to);
            to += end - from;
        }
        buf.truncate(to);
        buf.push(b']');
        self.depth -= 1;
        true
    }
}
