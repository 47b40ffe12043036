//! Processor features found out once, at run time, for the paths that use
//! instructions not every x86_64 processor has (`escape/masked.rs`,
//! `number/ifma.rs`).
//!
//! The shared writers that choose between such a path and the portable one
//! are called for every string and integer, so they are written to make
//! no call but a tail call: they read [`Detected::known`] and jump to one
//! of the two writers, or, the first time, to a cold function that finds
//! out and tries again. A call to the detection inside them, even one
//! never taken, had every call save six registers and restore them before
//! the jump (string-keyed maps: 14 instructions per key).

use std::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const YES: u8 = 1;
const NO: u8 = 2;

/// Whether the processor has a set of features, found out by `detect` on
/// first use: one relaxed load after that.
pub(crate) struct Detected {
    state: AtomicU8,
    detect: fn() -> bool,
}

impl Detected {
    pub(crate) const fn new(detect: fn() -> bool) -> Self {
        Detected {
            state: AtomicU8::new(UNKNOWN),
            detect,
        }
    }

    /// `Some(has)` once found out, `None` before.
    #[inline(always)]
    pub(crate) fn known(&self) -> Option<bool> {
        match self.state.load(Ordering::Relaxed) {
            YES => Some(true),
            NO => Some(false),
            _ => None,
        }
    }

    /// Finds out (again, if two threads race: the answer is the same).
    #[cold]
    #[inline(never)]
    pub(crate) fn find_out(&self) -> bool {
        let has = (self.detect)();
        self.state
            .store(if has { YES } else { NO }, Ordering::Relaxed);
        has
    }

    /// Whether the processor has the features.
    #[inline]
    pub(crate) fn get(&self) -> bool {
        match self.known() {
            Some(has) => has,
            None => self.find_out(),
        }
    }
}
