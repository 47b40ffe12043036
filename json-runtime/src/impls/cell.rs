//! Interior mutability, locks, weak pointers and atomics, written as the
//! value they hold, as serde writes them.
//!
//! A `RefCell` that is mutably borrowed and a poisoned `Mutex` or `RwLock`
//! are serde's errors, as serde_json returns them.

use crate::writer::{ValueWriter, Written};
use std::cell::{Cell, RefCell};
use std::sync::{Mutex, RwLock};

use crate::error::Error;
use crate::{Format, JsonWriter, ToJson};

/// The value in the cell, copied out with `get`.
impl<T: ToJson + Copy> ToJson for Cell<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.get().write_json(w)
    }
}

/// The value in the cell, read through a shared borrow.
///
/// A cell that is mutably borrowed (a `RefMut` to it is alive) has no value
/// to read: the result is serde's error, "already mutably borrowed", as
/// serde_json returns it, and nothing more is written.
///
/// ```
/// use std::cell::RefCell;
///
/// let cell = RefCell::new(vec![1, 2]);
/// assert_eq!(json_runtime::to_string(&cell).unwrap(), "[1,2]");
/// let _guard = cell.borrow_mut();
/// let error = json_runtime::to_string(&cell).unwrap_err();
/// assert_eq!(error.to_string(), "already mutably borrowed");
/// ```
impl<T: ToJson + ?Sized> ToJson for RefCell<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.try_borrow() {
            Ok(value) => w.value(&*value),
            Err(_) => fail(w, "already mutably borrowed"),
        }
        Written(())
    }
}

/// serde's error for a value its impl cannot reach.
#[cold]
#[inline(never)]
fn fail<F: Format>(w: &mut JsonWriter<'_, F>, message: &'static str) {
    w.fail(Error::new(message));
}

/// The value behind the lock, which is held while it is written. As with
/// serde, locking blocks while another thread holds the lock, and locking a
/// mutex this thread already holds deadlocks or panics.
///
/// A poisoned mutex is serde's error, "lock poison error while
/// serializing", as serde_json returns it: the thread that poisoned it
/// panicked while changing the value, which may be half changed. To write
/// it anyway, lock it yourself and write the guard's value
/// ([`PoisonError::into_inner`](std::sync::PoisonError::into_inner)).
impl<T: ToJson + ?Sized> ToJson for Mutex<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.lock() {
            Ok(guard) => w.value(&*guard),
            Err(_) => fail(w, POISONED),
        }
        Written(())
    }
}

/// The value behind the lock, read with a shared lock held while it is
/// written. As with serde, this blocks while a writer holds the lock.
///
/// A poisoned lock is serde's error, as for [`Mutex`].
impl<T: ToJson + ?Sized> ToJson for RwLock<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.read() {
            Ok(guard) => w.value(&*guard),
            Err(_) => fail(w, POISONED),
        }
        Written(())
    }
}

const POISONED: &str = "lock poison error while serializing";

macro_rules! weak {
    ($($weak:ty),*) => {$(
        /// The value pointed to if it is still alive, else `null`: serde
        /// writes `self.upgrade()`, an `Option`.
        impl<T: ToJson + ?Sized> ToJson for $weak {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                match self.upgrade() {
                    Some(value) => w.value(&*value),
                    None => w.write_null(),
                }
                Written(())
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
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                self.load(std::sync::atomic::Ordering::Relaxed).write_json(w)
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
