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
    /// Whether output was handed to the `io::Write` yet: then a line that
    /// starts before the buffer has an unknown width.
    drained: bool,
}

/// The array that may still go on one line. Its elements hold no newline
/// (one that did would have broken it), so every newline in it is part of
/// a separator, and nothing else needs to be remembered about them.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// Where its `[` is in the output.
    open: usize,
    /// The width of the line before the `[`, in characters.
    column: usize,
    /// The width of the line so far, in characters: the text before `[`,
    /// the `[`, and the complete elements and the `, ` between them.
    width: usize,
    /// Where the element being written starts.
    last_start: usize,
    /// Elements begun.
    count: usize,
}

impl InlineState {
    pub(super) fn new(max_width: usize) -> Self {
        InlineState {
            max_width,
            candidate: None,
            drained: false,
        }
    }

    pub(super) fn drained(&mut self) {
        self.candidate = None;
        self.drained = true;
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
        state.candidate = state.column(&self.buf, open).map(|column| Candidate {
            open,
            column,
            width: column + 1,
            last_start: open + 1,
            count: 0,
        });
    }

    /// `array_value` when inline arrays may be on: the element before this
    /// one is complete, so its width counts now.
    pub(super) fn inline_array_value(&mut self, first: bool) {
        let end = self.buf.len();
        if let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) {
            if let Some(candidate) = &mut state.candidate {
                if !first {
                    let separator = if candidate.count > 1 { 2 } else { 0 };
                    match chars(&self.buf[candidate.last_start..end]) {
                        Some(n) if candidate.width + separator + n < state.max_width => {
                            candidate.width += separator + n;
                        }
                        _ => state.candidate = None,
                    }
                }
            }
        }
        self.separator(first);
        let start = self.buf.len();
        if let Some(candidate) = self.inline_state().and_then(|s| s.candidate.as_mut()) {
            candidate.last_start = start;
            candidate.count += 1;
        }
    }

    /// Called as an array closes, before anything is written. If the array
    /// is the candidate and fits, writes it on one line with its `]` and
    /// returns true; otherwise the caller closes it as usual.
    #[cold]
    pub(super) fn inline_end_array(&mut self, empty: bool) -> bool {
        // The newline and indent before each element.
        let line_break = 1 + self.depth * self.indent.len();
        let line_break_chars =
            1 + self.depth * self.indent.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        let Some(state) = self.extras.as_deref_mut().and_then(|e| e.inline.as_mut()) else {
            return false;
        };
        let Some(candidate) = state.candidate.take() else {
            return false;
        };
        let buf = &mut self.buf;
        if empty || candidate.count == 0 || buf.get(candidate.open) != Some(&b'[') {
            return false;
        }
        // Measured again in full, since a sorted set may have moved its
        // elements since they were counted: the region holds the elements,
        // a `,` between each two, and a line break before each.
        let n = candidate.count;
        let region = &buf[candidate.open + 1..];
        let newlines = region.iter().filter(|&&b| b == b'\n').count();
        if newlines != n {
            // An element holds a newline of its own.
            return false;
        }
        let region_chars = region.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        // Checked: a hand-written impl's raw text could break the layout.
        let Some(elements) = region_chars.checked_sub(n - 1 + n * line_break_chars) else {
            return false;
        };
        let width = candidate.column + 2 + elements + 2 * (n - 1);
        if width > state.max_width {
            return false;
        }
        // Each line break is dropped and each `,` gets a space after it;
        // the text only moves left.
        let mut to = candidate.open + 1;
        let mut from = to;
        while from < buf.len() {
            if buf[from] == b'\n' {
                if to > candidate.open + 1 {
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
