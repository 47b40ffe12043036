//! The state behind the opt-in outputs: canonical JSON, sorted keys and
//! inline arrays.
//!
//! A writer for the default outputs has no `Extras` at all (its `extras`
//! is `None`), so those paths carry only a null test where pretty layout
//! opens or closes an array. The state is boxed so that the writer grows
//! by one word.

use super::inline::InlineState;
use super::sort::SortState;
use super::{Format, JsonWriter};
use crate::canonical::{CanonicalError, CanonicalErrorKind};

/// The opt-in outputs chosen for one encoding, through
/// [`Options`](crate::Options) or [`PrettyFormatter`](crate::PrettyFormatter).
/// The default is serde_json's output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Setup {
    /// Write the entries of `HashMap`s and the elements of `HashSet`s in
    /// sorted order.
    pub(crate) sort_keys: bool,
    /// Pretty layout only: keep an array of scalars on one line when the
    /// line fits in this many characters.
    pub(crate) inline_arrays: Option<usize>,
}

impl Setup {
    /// serde_json's output: no opt-in output chosen.
    pub(crate) const NONE: Setup = Setup {
        sort_keys: false,
        inline_arrays: None,
    };
}

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

impl<F: Format> JsonWriter<'_, F> {
    /// Turns on the opt-in outputs `setup` asks for.
    pub(crate) fn apply_setup(&mut self, setup: Setup) {
        if setup == Setup::default() {
            return;
        }
        let extras = self.extras_mut();
        extras.sort_keys = setup.sort_keys;
        if F::PRETTY {
            extras.inline = setup.inline_arrays.map(InlineState::new);
        }
    }

    pub(super) fn extras_mut(&mut self) -> &mut Extras {
        self.extras.get_or_insert_with(Box::default)
    }

    /// Whether `HashMap` entries and `HashSet` elements are written in
    /// sorted order: with `Options::sort_keys`, and always in canonical
    /// output, whose bytes must not depend on a hash seed.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn sorts_unordered(&self) -> bool {
        F::CANONICAL || self.extras.as_ref().is_some_and(|e| e.sort_keys)
    }

    /// Records the first failure of canonical output, with a JSON Pointer
    /// (RFC 6901) to where it happened.
    #[cold]
    #[inline(never)]
    pub(crate) fn canonical_fail(&mut self, kind: CanonicalErrorKind) {
        if self.extras.as_ref().is_some_and(|e| e.error.is_some()) {
            return;
        }
        let pointer = self.pointer();
        self.extras_mut().error = Some(CanonicalError::new(kind, pointer));
    }

    pub(crate) fn take_canonical_error(&mut self) -> Option<CanonicalError> {
        self.extras.as_deref_mut().and_then(|e| e.error.take())
    }

    /// The JSON Pointer to the value being written: object keys are read
    /// back from the output, array indices counted.
    fn pointer(&self) -> String {
        let mut pointer = String::new();
        let Some(extras) = self.extras.as_deref() else {
            return pointer;
        };
        for segment in &extras.path {
            match *segment {
                PathSegment::Array { index } => {
                    if index != usize::MAX {
                        pointer.push('/');
                        pointer.push_str(&index.to_string());
                    }
                }
                PathSegment::Object { frame } => {
                    if let Some(key) = extras.sort.open_key(frame, &self.buf) {
                        pointer.push('/');
                        for c in key.chars() {
                            match c {
                                '~' => pointer.push_str("~0"),
                                '/' => pointer.push_str("~1"),
                                c => pointer.push(c),
                            }
                        }
                    }
                }
            }
        }
        pointer
    }
}
