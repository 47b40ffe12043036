//! Interior mutability, locks, weak pointers and atomics, written as the
//! value they hold, as serde writes them.
//!
//! serde's impls can fail where these cannot: serde_json returns an error
//! for a `RefCell` that is mutably borrowed and for a poisoned `Mutex` or
//! `RwLock`. What json-runtime does instead is documented on each impl.

use std::cell::{Cell, RefCell};
use std::sync::{Mutex, PoisonError, RwLock};

use crate::{Format, JsonWriter, ToJson};

/// The value in the cell, copied out with `get`.
impl<T: ToJson + Copy> ToJson for Cell<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.get().write_json(w);
    }
}

/// The value in the cell, read through a shared borrow.
///
/// # Panics
///
/// If the cell is mutably borrowed (a `RefMut` to it is alive), as
/// [`RefCell::borrow`] does. serde_json returns the error "already mutably
/// borrowed" there; json-runtime's encoding has no error to return, and the
/// value cannot be read, so writing anything (such as `null`, which would
/// read back as `None` for an `Option`) would be silently wrong output. This
/// can only happen when the program writes a cell it is in the middle of
/// changing, never because of what the cell holds.
impl<T: ToJson + ?Sized> ToJson for RefCell<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self.try_borrow() {
            Ok(value) => value.write_json(w),
            Err(_) => already_mutably_borrowed(),
        }
    }
}

#[cold]
#[inline(never)]
#[track_caller]
fn already_mutably_borrowed() -> ! {
    panic!("cannot write a RefCell as JSON while it is mutably borrowed")
}

/// The value behind the lock, which is held while it is written. As with
/// serde, locking blocks while another thread holds the lock, and locking a
/// mutex this thread already holds deadlocks or panics.
///
/// A poisoned mutex is written like any other: its value is still there,
/// and [`PoisonError::into_inner`] is the standard way to reach it.
/// serde_json returns the error "lock poison error while serializing"
/// instead.
impl<T: ToJson + ?Sized> ToJson for Mutex<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let guard = self.lock().unwrap_or_else(PoisonError::into_inner);
        guard.write_json(w);
    }
}

/// The value behind the lock, read with a shared lock held while it is
/// written. As with serde, this blocks while a writer holds the lock.
///
/// A poisoned lock is written like any other, as for [`Mutex`]; serde_json
/// returns the error "lock poison error while serializing" instead.
impl<T: ToJson + ?Sized> ToJson for RwLock<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let guard = self.read().unwrap_or_else(PoisonError::into_inner);
        guard.write_json(w);
    }
}

macro_rules! weak {
    ($($weak:ty),*) => {$(
        /// The value pointed to if it is still alive, else `null`: serde
        /// writes `self.upgrade()`, an `Option`.
        impl<T: ToJson + ?Sized> ToJson for $weak {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                match self.upgrade() {
                    Some(value) => value.write_json(w),
                    None => w.write_null(),
                }
            }
        }
    )*};
}
weak!(std::rc::Weak<T>, std::sync::Weak<T>);

macro_rules! atomics {
    ($($size:literal: $($atomic:ident)*;)*) => {$($(
        /// The current value, loaded with `Ordering::Relaxed` as serde does
        /// (the ordering of the standard library's `Debug` impl).
        #[cfg(target_has_atomic = $size)]
        impl ToJson for std::sync::atomic::$atomic {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.load(std::sync::atomic::Ordering::Relaxed).write_json(w);
            }
        }
    )*)*};
}
atomics! {
    "8": AtomicBool AtomicI8 AtomicU8;
    "16": AtomicI16 AtomicU16;
    "32": AtomicI32 AtomicU32;
    "64": AtomicI64 AtomicU64;
    "ptr": AtomicIsize AtomicUsize;
}
