//! A counting global allocator, for the tests that bound the peak heap of
//! an encoding. It counts the live bytes of the whole process, so each test
//! binary that uses it has a single test, and installs it itself:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOC: json_tests::heap::Counting = json_tests::heap::Counting;
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Forwards to `System`, counting the bytes live and the highest count
/// since the last [`PeakMeter::start`].
pub struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = CURRENT.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: forwards every call to `System` unchanged; only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `alloc` are `System`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was allocated by `System` with `layout`; the rest
        // is the caller's guarantee.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                CURRENT.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        p
    }
}

/// A measurement of the highest heap above what was live when it started,
/// for code that cannot be wrapped in one closure (an async request).
pub struct PeakMeter {
    before: usize,
}

impl PeakMeter {
    /// Starts measuring from the heap live now.
    pub fn start() -> Self {
        let before = CURRENT.load(Relaxed);
        PEAK.store(before, Relaxed);
        PeakMeter { before }
    }

    /// The highest heap since [`start`](Self::start), above what was live
    /// then.
    pub fn peak(&self) -> usize {
        PEAK.load(Relaxed) - self.before
    }
}

/// Runs `f` and returns the highest heap it used above the heap live before.
pub fn peak_during(f: impl FnOnce()) -> usize {
    let meter = PeakMeter::start();
    f();
    meter.peak()
}
