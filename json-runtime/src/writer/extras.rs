//! The state behind the opt-in outputs: canonical JSON, sorted keys and
//! inline arrays.
//!
//! A writer for the default outputs has no `Extras` at all (its `extras`
//! is `None`), so those paths carry only a null test where pretty layout
//! opens or closes an array. The state is boxed so that the writer grows
//! by one word.

use super::inline_state::InlineState;
use super::sort_state::SortState;
use crate::error::CanonicalError;

/// Where canonical output stands in the document, for error messages: one
/// segment per open object or array.
#[derive(Debug, Clone, Copy)]
pub(super) enum PathSegment {
    /// An object whose entries are the sort frame at this index; the key is
    /// read back from the output when a pointer is needed.
    Object { frame: usize },
    /// An array, with the index of the element being written
    /// (`usize::MAX` before the first).
    Array { index: usize },
}

#[derive(Default)]
pub(crate) struct Extras {
    pub(super) sort_keys: bool,
    pub(super) sort: SortState,
    pub(super) inline: Option<InlineState>,
    /// Canonical output only: the open containers, outermost first.
    pub(super) path: Vec<PathSegment>,
    /// Canonical output only: the first failure. Encoding goes on to its
    /// end (encoders cannot return early), and the output is discarded.
    pub(super) error: Option<CanonicalError>,
}
