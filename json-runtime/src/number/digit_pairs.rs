//! The digit pair table that both integer formatters share.

/// "00", "01", … "99": two digits per lookup.
pub(super) const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        pairs[2 * i] = b'0' + (i / 10) as u8;
        pairs[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    pairs
};

/// The two ASCII digits of `p`, from [`DIGIT_PAIRS`], as a little-endian
/// `u16` (the first digit in the low byte).
///
/// # Safety
///
/// `p < 100`, so that the two bytes at `2 * p` are inside the table.
#[inline(always)]
pub(super) unsafe fn digit_pair(p: u64) -> u16 {
    // SAFETY: the caller's `p < 100`; the read is of `[u8; 2]`, which
    // needs no alignment.
    u16::from_le_bytes(unsafe {
        DIGIT_PAIRS
            .as_ptr()
            .add(2 * p as usize)
            .cast::<[u8; 2]>()
            .read()
    })
}
