//! How many decimal digits a number has, without a branch: what the
//! branch-free formatters (`ifma`, `sse2`) take the length from, so that
//! the next write need not wait for the digits themselves.

/// `10^i` for `i` in `0..20`, except that the first is 0, so that 0 has
/// one digit in [`digit_count`].
///
/// A `const`, as are the other tables on the integer and escaping paths
/// (`DIGIT_PAIRS`, `U8_TEXT`, `ESCAPE`): a `static` read by code that
/// other crates inline is an exported symbol, which code compiled
/// position-independent reaches through the GOT, one more load before
/// every lookup, on the path of each number's length. As constants, each
/// crate addresses its own copy directly. 19-digit ids went from 0.282 to
/// 0.260-0.266 of serde_json's time, escape-heavy prose 0.283-0.289 ->
/// 0.277-0.278 (41 interleaved rounds, two runs each); 100 mixed types'
/// stripped binary 1,276 -> 1,279 KiB.
const THRESHOLDS: [u64; 20] = {
    let mut t = [0u64; 20];
    let mut i = 1;
    let mut p = 10u64;
    while i < 20 {
        t[i] = p;
        p = p.wrapping_mul(10);
        i += 1;
    }
    t
};

/// The number of decimal digits of `n`, 1 to 20, with no branch:
/// `bits * 1233 >> 12` is `floor(bits * log10(2))`, the digit count of
/// the smallest number of that bit length less one, and one comparison
/// with the power of ten above it adds the last.
#[inline(always)]
pub(super) fn digit_count(n: u64) -> usize {
    let bits = 64 - (n | 1).leading_zeros() as usize;
    let guess = (bits * 1233) >> 12;
    guess + usize::from(n >= THRESHOLDS[guess])
}

/// The numbers the branch-free formatters are checked on against itoa:
/// around every power of ten, a few edges, and a pseudo-random sweep of
/// every bit length (not only the 20-digit values most random `u64`s
/// are).
#[cfg(test)]
pub(super) fn test_values() -> Vec<u64> {
    let mut values = vec![
        0,
        1,
        9,
        10,
        u64::MAX,
        u64::MAX - 1,
        i64::MAX as u64,
        1 << 52,
        (1 << 52) - 1,
    ];
    let mut p = 1u64;
    for _ in 0..20 {
        values.extend([
            p.wrapping_sub(2),
            p.wrapping_sub(1),
            p,
            p + 1,
            p.wrapping_mul(3),
            p.wrapping_mul(9),
        ]);
        p = p.wrapping_mul(10);
    }
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        values.push(x >> (x % 64));
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_count_at_every_power_of_ten() {
        let mut p = 1u64;
        for digits in 1..=20 {
            assert_eq!(digit_count(p), digits, "{p}");
            assert_eq!(digit_count(p - 1), (digits - 1).max(1), "{}", p - 1);
            p = p.saturating_mul(10);
        }
        assert_eq!(digit_count(u64::MAX), 20);
        assert_eq!(digit_count(0), 1);
    }
}
