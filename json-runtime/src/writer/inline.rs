//! Pretty layout with short arrays of scalars on one line:
//! `PrettyFormatter::inline_arrays(max_width)`.
//!
//! Every array is written as pretty layout always writes it, one element a
//! line; the innermost open array is a *candidate* for one line. When it
//! closes, one scan of what it wrote decides: it goes on one line if no
//! element is an array or an object or holds a newline, and the line it
//! would make (the text before `[` on its line, then `[`, the elements
//! separated by `, `, and `]`) fits in `max_width` characters. The scan
//! stops as soon as one of those fails, so it reads about `max_width`
//! characters of the array at most. The elements are then moved left over
//! the separators, in place: `[1, 2, 3]`.
//!
//! Only opening and closing an array touch this state, so pretty output
//! pays nothing per element, and nothing per element is stored. Nothing is
//! held back either: when the writer hands its buffer to an `io::Write`
//! while an array is still open (the buffer counts its drains), that array
//! simply stays as written, one element a line.

use super::{Format, JsonWriter};

pub(crate) struct InlineState {
    max_width: usize,
    candidate: Option<Candidate>,
}

/// The innermost open array, which may still go on one line.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    /// Where its `[` is in the output.
    open: usize,
    /// The width of the line before the `[`, in characters.
    column: usize,
    /// The buffer's drain count when the `[` was written: if it changed,
    /// `open` no longer points at it.
    drains: usize,
}

impl InlineState {
    pub(super) fn new(max_width: usize) -> Self {
        InlineState {
            max_width,
            candidate: None,
        }
    }

    /// The width of the line up to `open`, if it is known and leaves room
    /// for at least `[]`. `drained` says whether output went to the
    /// `io::Write` already: then a line that starts before the buffer has
    /// an unknown width.
    fn column(&self, buf: &[u8], open: usize, drained: bool) -> Option<usize> {
        // A line that fits has at most 4 bytes a character.
        let window = self.max_width.saturating_mul(4).saturating_add(4);
        let from = open.saturating_sub(window);
        let line = match buf[from..open].iter().rposition(|&b| b == b'\n') {
            Some(newline) => &buf[from + newline + 1..open],
            None if from == 0 && !drained => &buf[..open],
            None => return None,
        };
        let column = chars(line);
        (column + 2 <= self.max_width).then_some(column)
    }

    /// The width of the candidate's line if its elements, in `region`
    /// (everything after its `[`), were on it, or `None` if they may not be
    /// or it would pass `max_width`. `line_break` is the newline and indent
    /// before each element.
    fn inline_width(
        &self,
        candidate: Candidate,
        region: &[u8],
        line_break: usize,
    ) -> Option<usize> {
        // `[` and `]`.
        let mut width = candidate.column + 2;
        let mut at = 0;
        loop {
            // The separator: `,` (written `, ` on one line) unless first,
            // then the line break.
            if at > 0 {
                debug_assert_eq!(region[at], b',');
                width += 2;
                at += 1;
            }
            if region.get(at) != Some(&b'\n') {
                return None;
            }
            at += line_break;
            // The element, up to a `,` outside a string or the end.
            let mut in_string = false;
            let mut escaped = false;
            loop {
                let Some(&b) = region.get(at) else {
                    return (width <= self.max_width).then_some(width);
                };
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        in_string = false;
                    }
                } else {
                    match b {
                        b'"' => in_string = true,
                        // An object (arrays would have ended the candidacy
                        // as they opened), or a newline of its own.
                        b'{' | b'[' | b'\n' => return None,
                        b',' => break,
                        _ => {}
                    }
                }
                width += usize::from(b & 0xC0 != 0x80);
                if width > self.max_width {
                    return None;
                }
                at += 1;
            }
        }
    }
}

/// The characters in `text`.
fn chars(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

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
