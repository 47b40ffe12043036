//! Processor features found out once, at run time, for the paths that use
//! instructions not every x86_64 processor has (`escape/masked.rs`,
//! `number/ifma.rs`, `number/byte_text.rs`).
//!
//! The shared writers that choose between such a path and the portable one
//! are called for every string and integer, so each is called through a
//! pointer to the one chosen ([`Chosen`]), set by a cold function on the
//! first call. A dispatcher that read [`Detected`]'s answer and jumped
//! cost one call and one taken branch more per value; before it, a call to
//! the detection inside the writers, even one never taken, had every call
//! save six registers and restore them (string-keyed maps: 14 instructions
//! per key).

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
    fn known(&self) -> Option<bool> {
        match self.state.load(Ordering::Relaxed) {
            YES => Some(true),
            NO => Some(false),
            _ => None,
        }
    }

    /// Finds out (again, if two threads race: the answer is the same).
    #[cold]
    #[inline(never)]
    fn find_out(&self) -> bool {
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
/// where a shared writer is called for every integer or string, the call
/// goes straight to the chosen one, with no dispatcher in between to read
/// [`Detected`]'s answer and jump.
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
        Chosen {
            f: AtomicPtr::new(Self::pointer(first)),
            of: PhantomData,
        }
    }

    /// `f`'s bytes as the pointer the [`AtomicPtr`] holds.
    const fn pointer(f: F) -> *mut () {
        let () = Self::POINTER_SIZED;
        // SAFETY: `F` is as large as the pointer (`POINTER_SIZED`), so
        // the pointer's bytes are `f`'s, all initialized.
        unsafe { AsPointer { f }.pointer }
    }

    /// The function chosen so far.
    #[inline(always)]
    pub(crate) fn get(&self) -> F {
        let pointer = self.f.load(Ordering::Relaxed);
        // SAFETY: `new` and `choose` store only the bytes of an `F`
        // (`pointer`), of the pointer's size.
        unsafe { AsPointer::<F> { pointer }.f }
    }

    pub(crate) fn choose(&self, f: F) {
        self.f.store(Self::pointer(f), Ordering::Relaxed);
    }
}
