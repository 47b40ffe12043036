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

pub(crate) struct InlineState {
    max_width: usize,
    pub(super) candidate: Option<Candidate>,
}

/// The innermost open array, which may still go on one line.
#[derive(Debug, Clone, Copy)]
pub(super) struct Candidate {
    /// Where its `[` is in the output.
    pub(super) open: usize,
    /// The width of the line before the `[`, in characters.
    pub(super) column: usize,
    /// The buffer's drain count when the `[` was written: if it changed,
    /// `open` no longer points at it.
    pub(super) drains: usize,
}

impl InlineState {
    pub(crate) fn new(max_width: usize) -> Self {
        InlineState {
            max_width,
            candidate: None,
        }
    }

    /// The width of the line up to `open`, if it is known and leaves room
    /// for at least `[]`. `drained` says whether output went to the
    /// `io::Write` already: then a line that starts before the buffer has
    /// an unknown width.
    pub(super) fn column(&self, buf: &[u8], open: usize, drained: bool) -> Option<usize> {
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
    pub(super) fn inline_width(
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
