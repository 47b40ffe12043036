//! A counting global allocator, to report bytes allocated and peak heap per
//! operation.
//!
//! Install it in a binary with
//! `#[global_allocator] static A: CountingAlloc = CountingAlloc;`.
//! The counters are relaxed atomics; the benchmark is single-threaded, so
//! they stay uncontended and cost a few nanoseconds per allocation, paid
//! alike by every method being compared.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Wraps [`System`] and keeps three counters: bytes ever allocated, bytes
/// currently live, and the high-water mark of live bytes.
pub struct CountingAlloc;

static TOTAL: AtomicUsize = AtomicUsize::new(0);
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[inline]
fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Relaxed) + by;
    if now > PEAK.load(Relaxed) {
        PEAK.fetch_max(now, Relaxed);
    }
}

// SAFETY: every method forwards to `System` with the same arguments; the
// counters never influence what is returned.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            TOTAL.fetch_add(layout.size(), Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            TOTAL.fetch_add(layout.size(), Relaxed);
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        CURRENT.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            // A growing Vec conceptually allocates its new buffer, so the
            // new size counts as allocated, as .NET's allocated-bytes does.
            TOTAL.fetch_add(new_size, Relaxed);
            let old = layout.size();
            if new_size >= old {
                grew(new_size - old);
            } else {
                CURRENT.fetch_sub(old - new_size, Relaxed);
            }
        }
        p
    }
}

/// The counters at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// Bytes allocated since the start of the process (reallocs count their
    /// new size).
    pub total: usize,
    /// Bytes live now.
    pub current: usize,
    /// Highest `current` since the last [`reset_peak`].
    pub peak: usize,
}

/// Reads the counters.
pub fn snapshot() -> Snapshot {
    Snapshot {
        total: TOTAL.load(Relaxed),
        current: CURRENT.load(Relaxed),
        peak: PEAK.load(Relaxed),
    }
}

/// Sets the high-water mark to the bytes live now.
pub fn reset_peak() {
    PEAK.store(CURRENT.load(Relaxed), Relaxed);
}

/// What one operation did to the heap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpAllocs {
    /// Bytes allocated during the operation.
    pub allocated: usize,
    /// Highest live heap during the operation, above the live heap before it.
    pub peak: usize,
}

/// Runs `f` once and reports its allocations. Only meaningful when
/// [`CountingAlloc`] is the global allocator (otherwise all zeros).
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, OpAllocs) {
    reset_peak();
    let before = snapshot();
    let r = f();
    let after = snapshot();
    let allocs = OpAllocs {
        allocated: after.total - before.total,
        peak: after.peak.saturating_sub(before.current),
    };
    (r, allocs)
}
