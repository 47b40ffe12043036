//! Processor features found out once, at run time, for the paths that use
//! instructions not every x86_64 processor has (`escape/masked.rs`,
//! `number/ifma.rs`).
//!
//! The shared writers that choose between such a path and the portable one
//! are called for every string and integer. The integer writers are
//! called through a pointer to the one chosen ([`Chosen`]); the string
//! writers, which look at the string first, make no call but a tail call:
//! they read [`Detected::known`] and jump to one of the two writers, or,
//! the first time, to a cold function that finds out and tries again. A
//! call to the detection inside them, even one never taken, had every
//! call save six registers and restore them before the jump (string-keyed
//! maps: 14 instructions per key).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicPtr, AtomicU8, Ordering};

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

/// A function chosen once for the processor, called through a pointer:
/// where a shared writer is called for every integer, the call goes
/// straight to the chosen one, with no dispatcher in between to read
/// [`Detected::known`] and jump.
///
/// `F` is a function pointer type. The pointer starts at a function that
/// finds out, [`choose`](Self::choose)s and calls the chosen one; after
/// that it stays put (a second race to choose stores the same answer).
pub(crate) struct Chosen<F: Copy> {
    f: AtomicPtr<()>,
    of: PhantomData<F>,
}

/// An `F` as the pointer an [`AtomicPtr`] holds, and back.
union AsPointer<F: Copy> {
    f: F,
    pointer: *mut (),
}

impl<F: Copy> Chosen<F> {
    const POINTER_SIZED: () = assert!(size_of::<F>() == size_of::<*mut ()>());

    pub(crate) const fn new(first: F) -> Self {
        let () = Self::POINTER_SIZED;
        // SAFETY: `F` is as large as the pointer (`POINTER_SIZED`), so
        // the pointer's bytes are `first`'s, all initialized.
        let pointer = unsafe { AsPointer { f: first }.pointer };
        Chosen {
            f: AtomicPtr::new(pointer),
            of: PhantomData,
        }
    }

    /// The function chosen so far.
    #[inline(always)]
    pub(crate) fn get(&self) -> F {
        let pointer = self.f.load(Ordering::Relaxed);
        // SAFETY: `new` and `choose` store only the bytes of an `F`, of
        // the pointer's size.
        unsafe { AsPointer::<F> { pointer }.f }
    }

    pub(crate) fn choose(&self, f: F) {
        let () = Self::POINTER_SIZED;
        // SAFETY: as in `new`.
        let pointer = unsafe { AsPointer { f }.pointer };
        self.f.store(pointer, Ordering::Relaxed);
    }
}
