//! Numbers as ECMAScript's `Number.prototype.toString` writes them, the
//! form RFC 8785 (canonical JSON) asks for.

use crate::buf::Buf;

/// Appends a finite double as ECMAScript's `Number::toString(x)` writes it
/// (ECMA-262, 6.1.6.1.20), which RFC 8785 adopts.
///
/// zmij finds the digits: the shortest that round-trip, and of those the
/// closest to the value, which is what the ECMAScript algorithm asks for.
/// Only their layout differs from serde_json's, so it is read back from
/// zmij's text and laid out again.
pub(crate) fn write_ecmascript(out: &mut Buf<'_>, value: f64) {
    if value == 0.0 {
        // Negative zero too.
        out.push(b'0');
        return;
    }
    if value < 0.0 {
        out.push(b'-');
    }
    let mut buffer = zmij::Buffer::new();
    let (digits, k, n) = decimal(buffer.format_finite(value.abs()).as_bytes());
    let digits = &digits[..k];
    // The value is 0.d1d2...dk * 10^n; ECMAScript's n.
    if k as i32 <= n && n <= 21 {
        out.extend_from_slice(digits);
        out.extend_with(n as usize - k, b'0');
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        out.extend_from_slice(int);
        out.push(b'.');
        out.extend_from_slice(frac);
    } else if -6 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.extend_with((-n) as usize, b'0');
        out.extend_from_slice(digits);
    } else {
        out.push(digits[0]);
        if k > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        let e = n - 1;
        out.extend_from_slice(if e < 0 { b"e-" } else { b"e+" });
        let mut text = itoa::Buffer::new();
        out.extend_from_slice(text.format(e.unsigned_abs()).as_bytes());
    }
}

/// Reads a positive decimal number as zmij writes it (`123.45`, `1e+16`,
/// `1.5e-7`, `0.001`) into its significant digits, their count `k`, and
/// the exponent `n` for which the value is `0.d1d2...dk * 10^n`.
fn decimal(text: &[u8]) -> ([u8; 32], usize, i32) {
    let mut digits = [0u8; 32];
    let mut k = 0;
    // Digits before the point, and position of the first nonzero digit,
    // counted over all digits of the mantissa.
    let mut before_point: i32 = 0;
    let mut seen_point = false;
    let mut first_nonzero: Option<i32> = None;
    let mut position: i32 = 0;
    let mut exponent: i32 = 0;
    let mut rest = text;
    while let Some((&c, tail)) = rest.split_first() {
        match c {
            b'0'..=b'9' => {
                if c != b'0' && first_nonzero.is_none() {
                    first_nonzero = Some(position);
                }
                if first_nonzero.is_some() && k < digits.len() {
                    digits[k] = c;
                    k += 1;
                }
                position += 1;
                if !seen_point {
                    before_point += 1;
                }
            }
            b'.' => seen_point = true,
            b'e' | b'E' => {
                let (negative, exp) = match tail.split_first() {
                    Some((b'-', e)) => (true, e),
                    Some((b'+', e)) => (false, e),
                    _ => (false, tail),
                };
                let magnitude = exp
                    .iter()
                    .fold(0i32, |acc, &d| acc * 10 + i32::from(d - b'0'));
                exponent = if negative { -magnitude } else { magnitude };
                break;
            }
            _ => {}
        }
        rest = tail;
    }
    while k > 1 && digits[k - 1] == b'0' {
        k -= 1;
    }
    let n = before_point - first_nonzero.unwrap_or(0) + exponent;
    (digits, k, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn es(value: f64) -> String {
        let mut out = Buf::in_memory(Vec::new());
        write_ecmascript(&mut out, value);
        String::from_utf8(out.into_bytes()).unwrap()
    }
    #[test]
    fn ecmascript_layout() {
        // From RFC 8785, Appendix B, and ECMA-262's examples.
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.5, "-1.5"),
            (56.0, "56"),
            (4.5, "4.5"),
            (0.002, "0.002"),
            (1e-27, "1e-27"),
            (1e30, "1e+30"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (1e16, "10000000000000000"),
            (9007199254740992.0, "9007199254740992"),
            (9007199254740994.0, "9007199254740994"),
            (333333333.3333333, "333333333.3333333"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (9.999999999999997e-7, "9.999999999999997e-7"),
            (1.2345e-7, "1.2345e-7"),
            (123456789012345680000.0, "123456789012345680000"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
            (5e-324, "5e-324"),
            (-5e-324, "-5e-324"),
            (295147905179352830000.0, "295147905179352830000"),
            (0.1, "0.1"),
            (100.0, "100"),
            (1.5e300, "1.5e+300"),
        ];
        for &(value, expected) in cases {
            assert_eq!(es(value), expected, "{value:e}");
        }
    }
}
