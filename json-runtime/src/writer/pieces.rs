//! Writing a sequence in pieces, for writers that await between them (the
//! Tokio writers): where the last piece stopped, and how to go on.

use super::format::Format;
use super::json_writer::JsonWriter;

/// How far [`ToJson::write_json_piece`](crate::ToJson::write_json_piece) got through a value written in
/// pieces: for a sequence, the next element to write.
#[derive(Debug)]
pub struct Pieces {
    /// A piece ends once the writer holds this many bytes.
    pub(super) threshold: usize,
    /// Whether a piece was written already.
    pub(super) started: bool,
    pub(super) next: usize,
}

impl Pieces {
    #[cfg_attr(not(feature = "tokio"), allow(dead_code))]
    pub(crate) fn new(threshold: usize) -> Self {
        Pieces {
            threshold,
            started: false,
            next: 0,
        }
    }
}

/// [`ToJson::write_json_piece`](crate::ToJson::write_json_piece) for a sequence of `len` elements that can
/// be reached by index: writes elements from where the last piece stopped
/// until the writer holds a piece's worth, and says whether the array is
/// complete. Resuming by index keeps nothing borrowed between pieces.
#[inline]
pub(crate) fn write_indexed_piece<F: Format>(
    w: &mut JsonWriter<'_, F>,
    pieces: &mut Pieces,
    len: usize,
    mut write_element: impl FnMut(usize, &mut JsonWriter<'_, F>),
) -> bool {
    if pieces.started {
        w.resume_array();
    } else {
        pieces.started = true;
        w.begin_array();
    }
    while pieces.next < len {
        w.array_value(pieces.next == 0);
        write_element(pieces.next, w);
        pieces.next += 1;
        if w.len() >= pieces.threshold && pieces.next < len {
            return false;
        }
    }
    w.end_array(len == 0);
    true
}
