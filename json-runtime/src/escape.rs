//! String escaping, byte for byte as serde_json's `format_escaped_str`.
//!
//! `"` and `\` are backslash-escaped, `\b \f \n \r \t` use their short
//! forms, every other byte below 0x20 becomes `\u00xx` in lowercase hex.
//! Everything else, `/`, DEL and all non-ASCII included, is copied as it is.

/// Per byte: 0 when it is copied as is, otherwise the byte that follows
/// the backslash (`u` meaning the six-byte `\u00xx` form).
static ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        table[i] = b'u';
        i += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0A] = b'n';
    table[0x0C] = b'f';
    table[0x0D] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `s` to `out` as a quoted JSON string.
#[inline]
pub(crate) fn write_quoted(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    write_escaped(out, s.as_bytes());
    out.push(b'"');
}

/// Appends the escaped contents of a string, without quotes.
#[inline]
pub(crate) fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut start = 0;
    for (i, &byte) in bytes.iter().enumerate() {
        let escape = ESCAPE[byte as usize];
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        write_escape(out, escape, byte);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

#[cold]
fn write_escape(out: &mut Vec<u8>, escape: u8, byte: u8) {
    if escape == b'u' {
        out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[(byte >> 4) as usize],
            HEX[(byte & 0xF) as usize],
        ]);
    } else {
        out.extend_from_slice(&[b'\\', escape]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn quoted(s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        write_quoted(&mut out, s);
        out
    }

    fn check(s: &str) {
        let expected = serde_json::to_vec(s).unwrap();
        assert_eq!(
            quoted(s),
            expected,
            "write_quoted({s:?}) = {:?}",
            String::from_utf8_lossy(&quoted(s)),
        );
        // Appending after existing content, and without quotes.
        let mut out = b"prefix".to_vec();
        write_escaped(&mut out, s.as_bytes());
        assert_eq!(&out[..6], b"prefix");
        assert_eq!(
            out[6..],
            expected[1..expected.len() - 1],
            "write_escaped({s:?})"
        );
    }

    #[test]
    fn empty() {
        assert_eq!(quoted(""), b"\"\"");
        check("");
    }

    #[test]
    fn every_ascii_byte_alone() {
        for b in 0u8..0x80 {
            check(&(b as char).to_string());
        }
    }

    #[test]
    fn every_ascii_byte_at_every_position() {
        for b in 0u8..0x80 {
            for pos in 0..40 {
                for total in [pos + 1, pos + 2, 40, 41, 47, 48] {
                    if total <= pos {
                        continue;
                    }
                    let mut s: Vec<u8> = (0..total).map(|k| b'a' + (k % 26) as u8).collect();
                    s[pos] = b;
                    check(std::str::from_utf8(&s).unwrap());
                }
            }
        }
    }

    #[test]
    fn two_escapes_in_one_word() {
        for a in 0..16 {
            for b in a + 1..16 {
                let mut s = vec![b'x'; 16];
                s[a] = b'"';
                s[b] = 0x01;
                check(std::str::from_utf8(&s).unwrap());
            }
        }
        check("\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"");
        check("\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}");
    }

    #[test]
    fn multibyte_at_word_boundaries() {
        for c in [
            'é',
            '中',
            '😀',
            '\u{7f}',
            '\u{80}',
            '\u{ffff}',
            '\u{10ffff}',
        ] {
            for pos in 0..20 {
                for total in [pos, pos + 1, 16, 17, 24] {
                    if total < pos {
                        continue;
                    }
                    let mut s = "a".repeat(pos);
                    s.push(c);
                    s.push_str(&"b".repeat(total - pos));
                    check(&s);
                    // And an escape right after it.
                    s.insert(pos + c.len_utf8(), '\n');
                    check(&s);
                }
            }
        }
    }

    #[test]
    fn long_strings_cross_chunks() {
        let clean = "abcdefgh".repeat(2 * 4096 / 8 + 3);
        check(&clean);
        let mut mixed = clean.clone();
        mixed.insert(5, '"');
        check(&mixed);
        let all_escaped = "\u{1}".repeat(4096 * 2 + 5);
        check(&all_escaped);
        let mut late = clean;
        late.push('\\');
        check(&late);
    }

    /// A small deterministic generator, so failures reproduce.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as u32
        }
    }

    #[test]
    fn random_lengths_0_to_70() {
        const POOL: [char; 14] = [
            'a', 'Z', ' ', '/', '"', '\\', '\n', '\u{0}', '\u{1f}', '\u{7f}', 'é', '中', '😀', '~',
        ];
        let mut rng = Lcg(1);
        for len in 0..=70 {
            for _ in 0..300 {
                let mut s = String::new();
                while s.len() < len {
                    // Mostly plain ASCII, so clean runs of various lengths occur.
                    let r = rng.next() as usize;
                    if r % 3 != 0 {
                        s.push((b'a' + (r / 3 % 26) as u8) as char);
                    } else {
                        s.push(POOL[r / 3 % POOL.len()]);
                    }
                }
                check(&s);
            }
        }
    }

    fn biased_char() -> impl Strategy<Value = char> {
        prop_oneof![
            3 => (0u8..0x20).prop_map(char::from),
            2 => Just('"'),
            2 => Just('\\'),
            4 => (0x20u8..0x80).prop_map(char::from),
            2 => any::<char>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn matches_serde_json_any_string(s in any::<String>()) {
            prop_assert_eq!(quoted(&s), serde_json::to_vec(&s).unwrap());
        }

        #[test]
        fn matches_serde_json_biased(chars in prop::collection::vec(biased_char(), 0..80)) {
            let s: String = chars.into_iter().collect();
            prop_assert_eq!(quoted(&s), serde_json::to_vec(&s).unwrap());
            let mut out = Vec::new();
            write_escaped(&mut out, s.as_bytes());
            let expected = serde_json::to_vec(&s).unwrap();
            prop_assert_eq!(&out[..], &expected[1..expected.len() - 1]);
        }
    }
}
