//! Growing in-memory output of many megabytes in large steps, with advice
//! to back it with transparent huge pages.
//!
//! A fresh `Vec` of 100 MB costs more to fault in, one 4 KiB page at a
//! time, than the encoder spends filling it: `to_vec` of products/1000000
//! (110 MB) took 2.4x as long as encoding into a warm, reused buffer.
//! Where the kernel hands out 2 MiB pages on request (Linux with
//! `transparent_hugepage` set to `madvise` or `always`), asking for them
//! turns 512 faults into one.
//!
//! The advice has a cost when memory is short of free 2 MiB blocks (most
//! of it page cache, say): with `transparent_hugepage/defrag` at its
//! default, `madvise`, the faulting thread then reclaims and compacts
//! memory itself. On a loaded machine whose memory was mostly page cache,
//! `to_vec` of products/1000000 took 109-188 ms in most calls with the
//! advice against 211-320 ms without, but some calls took 490-930 ms.
//! The feature `huge-pages`, off by default, gives the advice; without it
//! the buffer only grows in the same 2 MiB steps.
//!
//! # What the time of fresh memory depends on
//!
//! Measured with `cargo run --release -p json-bench --bin growth`, on the
//! 2-core VM the benchmarks run on (Linux 6.18, glibc, THP `madvise`):
//!
//! - **Whether the memory was touched recently.** 128 MiB of fresh
//!   capacity, one byte written per 4 KiB page, took 55-90 ms in 4 KiB
//!   pages and 7-9 ms with huge-page advice, but 31-440 ms with the advice
//!   on its first use in a process. The VM's balloon driver reports every
//!   free 2 MiB block to the host at once (`page_reporting_order` 9,
//!   `min_free_ms` 0), and a block the host took back is faulted in again
//!   on the host's side. Memory a process freed moments ago is usually
//!   still backed. Nothing in this crate can choose: this is the spread
//!   that the main job's worst-of-N column shows for its large workloads.
//! - **What the allocator did before.** glibc serves a large allocation
//!   from its heap, not a mapping of its own, once the program has freed a
//!   mapped block of up to 32 MiB, or has room in the heap. Growth there
//!   copies instead of `mremap`, and the pages are 4 KiB: records x100
//!   (60 MB) took 1,051 faults and 18 ms alone, but 2,073 faults and
//!   19-21 ms right after products/1000000 ran in the same process.
//!   Always asking for 32 MiB or more at once (glibc then always maps;
//!   measured with advice from 256 KiB) took both to 540 faults, but made
//!   every output of 1 to 32 MiB pay fresh faults on every call instead
//!   of reusing the heap's warm pages, so it was not kept.

use super::sizes::LARGE_OUTPUT;

/// The size of a transparent huge page on x86_64, and on arm64 with 4 KiB
/// pages.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Room left when [`grow`] grows the buffer: more than almost any run of
/// elements between two flush points writes, so that the `Vec` seldom
/// grows on its own, unrounded; far less than a capacity of 1 MiB or
/// more, so that an output that ends near its capacity stays in it.
const GROW_MARGIN: usize = 64 * 1024;

/// Room left for the allocator's bookkeeping (glibc needs 16 bytes).
const ALLOCATOR_HEADER: usize = 64;

/// Grows `buf` to about twice its capacity, once less than
/// [`GROW_MARGIN`] of it is left, and advises huge pages for it. Returns
/// the length at which to grow again: the new capacity less the margin.
///
/// As late as that: the first call comes at the first flush point past
/// [`LARGE_OUTPUT`], often just after the `Vec` doubled on its own to
/// twice that, and doubling again there reallocated a buffer that was half
/// empty. Every output of 1 to 1.75 MiB ended in a 4 MiB `Vec` (serde_json's:
/// 2 MiB) and paid a copy of its first MiB wherever glibc serves such
/// blocks from its heap, as it does once the program has freed a large
/// one. Growing at seven eighths of each capacity after that still did
/// the same to every output that ended in the last eighth: a pretty
/// `shapes/option_int` (1.86 MB) in a 4 MiB `Vec`.
///
/// The capacity is a whole number of 2 MiB less 64 bytes. glibc usually
/// serves an allocation this large with a mapping of its own, a few bytes larger
/// than the request, so the mapping is then a whole number of 2 MiB, and
/// the kernel places such mappings, and moves them when `realloc` grows
/// them with `mremap`, at 2 MiB-aligned addresses. Its huge pages then
/// survive each move. Without the rounding, a move to an address with
/// another offset splits them, and products/1000000 (110 MB) kept 51 MB
/// of its 128 MB in huge pages instead of 104 MB: 0.34x serde_json's
/// `to_vec` time against 0.30x.
#[cold]
#[inline(never)]
pub(crate) fn grow(buf: &mut Vec<u8>) -> usize {
    if buf.len() >= buf.capacity().saturating_sub(GROW_MARGIN) {
        let target = (2 * buf.capacity())
            .max(LARGE_OUTPUT)
            .next_multiple_of(HUGE_PAGE)
            - ALLOCATOR_HEADER;
        buf.reserve_exact(target - buf.len());
    }
    advise_huge_pages(buf);
    buf.capacity().saturating_sub(GROW_MARGIN)
}

/// Makes room for `additional` more bytes. Output that stays under
/// [`LARGE_OUTPUT`] grows as `Vec` grows it; larger output grows as
/// [`grow`] grows it, in one step to the size needed if doubling is not
/// enough.
#[cfg(feature = "rayon")]
pub(crate) fn reserve(buf: &mut Vec<u8>, additional: usize) {
    let needed = buf.len() + additional;
    if needed > buf.capacity() {
        reserve_total(buf, needed.max(2 * buf.capacity()));
    }
}

/// Makes the capacity at least `total`: as `Vec` would below
/// [`LARGE_OUTPUT`], else in one step to `total` rounded up to whole 2 MiB
/// (less the allocator's header), with huge-page advice. For an output
/// whose size is known or estimated, this allocates once instead of
/// doubling.
#[cfg(feature = "rayon")]
pub(crate) fn reserve_total(buf: &mut Vec<u8>, total: usize) {
    if total <= buf.capacity() {
        return;
    }
    if total < LARGE_OUTPUT {
        buf.reserve(total - buf.len());
        return;
    }
    let target = (total + ALLOCATOR_HEADER).next_multiple_of(HUGE_PAGE) - ALLOCATOR_HEADER;
    buf.reserve_exact(target - buf.len());
    advise_huge_pages(buf);
}

/// Asks the kernel to back `buf`'s allocation with huge pages. Only
/// advice: it changes no byte, and where the kernel has no huge pages it
/// does nothing.
///
/// The advice covers the whole allocation, rounded out to page boundaries,
/// not just its 2 MiB-aligned spare part: advising part of a mapping splits
/// it in two, and glibc then can no longer grow the buffer with `mremap`
/// (which needs one mapping) and copies it instead. A buffer this large is
/// a mapping of its own under glibc, so the rounding adds only the
/// allocator's header page.
#[cfg(all(target_os = "linux", feature = "huge-pages"))]
pub(crate) fn advise_huge_pages(buf: &mut Vec<u8>) {
    // SAFETY: sysconf has no preconditions.
    let page = match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        p if p > 0 && (p as usize).is_power_of_two() => p as usize,
        _ => return,
    };
    let start = buf.as_mut_ptr() as usize;
    let end = start + buf.capacity();
    let aligned_start = start & !(page - 1);
    let aligned_end = end.next_multiple_of(page);
    // SAFETY: madvise takes an address range, not a Rust reference, so no
    // aliasing rule is involved. The range holds `buf`'s allocation (rounded
    // out to whole pages, which are mapped since the allocation lies in
    // them). MADV_HUGEPAGE only changes how the kernel backs those pages;
    // unlike MADV_DONTNEED or MADV_FREE it keeps every byte, so no memory
    // the program can see changes, ours or the allocator's around it. A
    // failure (no THP support) is ignored: it is only advice.
    unsafe {
        libc::madvise(
            aligned_start as *mut libc::c_void,
            aligned_end - aligned_start,
            libc::MADV_HUGEPAGE,
        );
    }
}

#[cfg(not(all(target_os = "linux", feature = "huge-pages")))]
pub(crate) fn advise_huge_pages(_buf: &mut Vec<u8>) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grow_keeps_contents_and_doubles() {
        let mut buf: Vec<u8> = (0..=255).cycle().take(5000).collect();
        let before = buf.clone();
        let cap = buf.capacity();
        let next = grow(&mut buf);
        assert_eq!(buf, before);
        assert!(buf.capacity() + ALLOCATOR_HEADER >= (2 * cap).max(LARGE_OUTPUT));
        assert!(buf.capacity() > cap);
        assert_eq!(buf.capacity() % HUGE_PAGE, HUGE_PAGE - ALLOCATOR_HEADER);
        assert_eq!(next, buf.capacity() - GROW_MARGIN);
        // The advised spare capacity is usable as any other.
        buf.resize(buf.capacity(), 7);
        assert_eq!(&buf[..5000], &before[..]);
        assert!(buf[5000..].iter().all(|&b| b == 7));
    }

    /// A buffer with more than `GROW_MARGIN` left is not reallocated: the
    /// flush point past `LARGE_OUTPUT` often comes just after the `Vec`
    /// doubled on its own.
    #[test]
    fn grow_keeps_a_buffer_with_room() {
        let mut buf = Vec::with_capacity(2 * LARGE_OUTPUT);
        buf.resize(LARGE_OUTPUT + 10, 1u8);
        let (cap, at) = (buf.capacity(), buf.as_ptr());
        let next = grow(&mut buf);
        assert_eq!((buf.capacity(), buf.as_ptr()), (cap, at));
        assert_eq!(next, cap - GROW_MARGIN);
        // From that point on it grows again, to about twice its capacity.
        buf.resize(next, 2);
        let next = grow(&mut buf);
        assert!(buf.capacity() + ALLOCATOR_HEADER >= 2 * cap);
        assert_eq!(next, buf.capacity() - GROW_MARGIN);
        assert!(buf[..LARGE_OUTPUT + 10].iter().all(|&b| b == 1));
    }
}
