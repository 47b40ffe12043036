//! Hints to the CPU to start loading memory that is written out next.
//!
//! A map or a `serde_json::Value` is many small allocations: each key,
//! string and array is a cache miss of its own once the data outgrows the
//! caches. Hinted one entry ahead, that miss is under way while the entry
//! before it is written, instead of stalling the write that needs it.

/// Starts loading the cache line at `at`; nothing elsewhere than on
/// x86_64.
#[inline(always)]
pub(super) fn prefetch(at: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints at a load: it reads and writes no
    // memory the program can see and never faults, whatever `at` points
    // to (an empty `String`'s or `Vec`'s dangling pointer included). SSE,
    // which it needs, is part of every x86_64 target.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
