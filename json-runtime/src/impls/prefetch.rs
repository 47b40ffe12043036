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

/// Starts loading the cache lines of the `bytes` bytes from the address
/// `at`: a map entry where the map holds it, or an allocation whose
/// pointer only private fields hold (read with `word_of`). `at` is only
/// an address, never dereferenced.
#[inline(always)]
pub(super) fn prefetch_lines(at: usize, bytes: usize) {
    let at = std::ptr::without_provenance::<u8>(at);
    let mut offset = 0;
    while offset < bytes {
        prefetch(at.wrapping_add(offset));
        offset += 64;
    }
}

/// The `index`th machine word of `value`'s own bytes, as the processor
/// reads it, or `None` past `value`'s end (and always elsewhere than on
/// x86_64, where nothing is prefetched).
///
/// For hints about a value whose layout is private, such as where a std
/// collection keeps its heap pointer: the word is compared and handed to
/// [`prefetch_lines`], and never used to read memory.
#[cfg(feature = "serde_json")]
#[inline(always)]
pub(super) fn word_of<T>(value: &T, index: usize) -> Option<usize> {
    if index >= size_of::<T>() / size_of::<usize>() {
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let word: usize;
        // SAFETY: the 8 bytes read lie inside `*value` (checked above; an
        // unaligned read is fine on x86_64), which the shared reference
        // keeps readable and unchanged. The load is the processor's, not
        // a typed Rust read, so whatever those bytes are to `T` (a
        // pointer, a length, padding) the result is a plain integer, and
        // nothing is read through it. The asm writes no memory, uses no
        // stack and leaves the flags alone.
        unsafe {
            std::arch::asm!(
                "mov {word}, qword ptr [{base} + {index} * 8]",
                base = in(reg) std::ptr::from_ref(value),
                index = in(reg) index,
                word = lateout(reg) word,
                options(pure, readonly, nostack, preserves_flags),
            );
        }
        Some(word)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = value;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "serde_json")]
    #[test]
    fn words_are_read_in_order_and_none_past_the_end() {
        let words: [usize; 3] = [7, usize::MAX, 0x1234_5678];
        let read: Vec<Option<usize>> = (0..4).map(|i| word_of(&words, i)).collect();
        if cfg!(target_arch = "x86_64") {
            assert_eq!(read, [Some(7), Some(usize::MAX), Some(0x1234_5678), None]);
        } else {
            assert_eq!(read, [None; 4]);
        }
        // Smaller than a word: nothing is read.
        assert_eq!(word_of(&1u32, 0), None);
    }

    #[test]
    fn lines_of_any_address_are_hinted_without_a_fault() {
        prefetch_lines(0, 640);
        prefetch_lines(usize::MAX - 100, 640);
        let data = [0u8; 300];
        prefetch_lines(std::ptr::from_ref(&data).addr(), data.len());
    }
}
