//! Writing a string value in the writer's escape mode: the dispatch
//! between the modes, and long strings in pieces when streaming.

#[cfg(target_arch = "x86_64")]
use super::masked;
use super::mode::Escape;
use super::{other_modes, serde_json_rules};
use crate::buf::sizes::PIECE;
use crate::buf::{Buf, SHORT_COPY};
#[cfg(target_arch = "x86_64")]
use crate::cpu::Chosen;

/// `JsonWriter::write_str`: one shared writer, out of line and generic
/// over nothing, serves every string of every type in a program, where
/// inlining it gave each string field of each derived encoder its own
/// copy of the escaper's checks and calls. Measured on 200 generated types
/// (`benches/compile-time`), release rebuilds were shorter with it out of
/// line; the call costs a few instructions per string.
///
/// It and the two below call the writer chosen for the processor through
/// a pointer (see `crate::cpu`): the masked one, which takes the short
/// strings in serde_json's escaping and hands the others on, or the
/// portable one. A dispatcher in between that read whether the processor
/// had the features and jumped cost one call and one taken branch per
/// string more. Out of line in debug builds, where speed matters less
/// than one function in place of a copy in every crate that calls it.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the chosen writer's only contract is this function's; the
    // masked one is chosen only where the processor has its features.
    unsafe {
        STR_WRITER.get()(buf, escape, s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    write_str_portable(buf, escape, s);
}

#[inline(never)]
fn write_str_portable(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if s.len() > PIECE {
        return write_long_str(buf, escape, s);
    }
    write_quoted(buf, escape, s);
}

#[cfg(target_arch = "x86_64")]
type StrWriter = unsafe fn(&mut Buf<'_>, Escape, &str);
#[cfg(target_arch = "x86_64")]
type KeyedStrWriter = unsafe fn(&mut Buf<'_>, Escape, &str, &str);
#[cfg(target_arch = "x86_64")]
type EntryKeyWriter = unsafe fn(&mut Buf<'_>, Escape, bool, &str);

// Each starts at its `find_out_then_*`, which chooses.
#[cfg(target_arch = "x86_64")]
static STR_WRITER: Chosen<StrWriter> = Chosen::new(find_out_then_str);
#[cfg(target_arch = "x86_64")]
static KEYED_STR_WRITER: Chosen<KeyedStrWriter> = Chosen::new(find_out_then_keyed_str);
#[cfg(target_arch = "x86_64")]
static ENTRY_KEY_WRITER: Chosen<EntryKeyWriter> = Chosen::new(find_out_then_entry_key);

/// Points the three writers at the masked ones or the portable ones.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn choose_writers() {
    // Only the masked writers need the features, checked here first.
    if masked::FEATURES.get() {
        STR_WRITER.choose(write_str_masked);
        KEYED_STR_WRITER.choose(write_keyed_str_masked);
        ENTRY_KEY_WRITER.choose(write_entry_key_masked);
    } else {
        STR_WRITER.choose(write_str_portable);
        KEYED_STR_WRITER.choose(write_keyed_str_portable);
        ENTRY_KEY_WRITER.choose(write_entry_key_portable);
    }
}

// The first call of each, before the choice. Not one function taking a
// closure: the closure's captures made each store its arguments to the
// stack first.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    choose_writers();
    write_str(buf, escape, s);
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_keyed_str(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    choose_writers();
    write_keyed_str(buf, escape, key, s);
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_entry_key(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    choose_writers();
    write_entry_key(buf, escape, comma, key);
}

// The masked writers: serde_json's escaping and strings of at most `WIDE`
// bytes there, the others to the portable writers.
//
// Safety (all three): the processor has `masked::FEATURES`.

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn write_str_masked(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if escape == Escape::Default && s.len() <= masked::WIDE {
        // SAFETY: the processor has the features, and `s` is at most
        // `WIDE` bytes.
        unsafe { masked::write_str(buf, s) }
    } else {
        write_str_portable(buf, escape, s);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn write_keyed_str_masked(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    if escape == Escape::Default && s.len() <= masked::WIDE && key.len() <= masked::WIDE {
        // SAFETY: the processor has the features, and both lengths are at
        // most `WIDE`.
        unsafe { masked::write_keyed_str(buf, key, s) }
    } else {
        write_keyed_str_portable(buf, escape, key, s);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,bmi2")]
unsafe fn write_entry_key_masked(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    if escape == Escape::Default && key.len() <= masked::WIDE {
        // SAFETY: the processor has the features, and `key` is at most
        // `WIDE` bytes.
        unsafe { masked::write_entry_key(buf, comma, key) }
    } else {
        write_entry_key_portable(buf, escape, comma, key);
    }
}

/// A derived string field in compact output: its key literal as it is,
/// then `s` as [`write_str`] writes it, in one shared call. The common
/// case (serde_json's escaping, a key of at most `SHORT_COPY` bytes, a
/// string shorter than a piece) is one capacity check and the key's two
/// overlapping copies; the rest writes the two one after the other.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_keyed_str(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as in `write_str`.
    unsafe {
        KEYED_STR_WRITER.get()(buf, escape, key, s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    write_keyed_str_portable(buf, escape, key, s);
}

#[inline(never)]
fn write_keyed_str_portable(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    if escape == Escape::Default && key.len() <= SHORT_COPY && s.len() <= PIECE {
        serde_json_rules::write_keyed_quoted(buf, key.as_bytes(), s);
    } else {
        write_keyed_slow(buf, escape, key, s);
    }
}

/// An object entry's key in compact output: `,` if `comma`, then `key`
/// as [`write_str`] writes it, then `:`, in one shared call. The common
/// case (serde_json's escaping, a key shorter than a piece) is one
/// capacity check.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline)]
pub(crate) fn write_entry_key(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as in `write_str`.
    unsafe {
        ENTRY_KEY_WRITER.get()(buf, escape, comma, key)
    }
    #[cfg(not(target_arch = "x86_64"))]
    write_entry_key_portable(buf, escape, comma, key);
}

#[inline(never)]
fn write_entry_key_portable(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    if escape == Escape::Default && key.len() <= PIECE {
        serde_json_rules::write_entry_quoted(buf, comma, key);
    } else {
        write_entry_key_slow(buf, escape, comma, key);
    }
}

#[cold]
#[inline(never)]
fn write_entry_key_slow(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    if comma {
        buf.push(b',');
    }
    write_str(buf, escape, key);
    buf.push(b':');
}

#[cold]
#[inline(never)]
fn write_keyed_slow(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    buf.extend_from_slice(key.as_bytes());
    write_str(buf, escape, s);
}

#[inline(always)]
fn write_quoted(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    // One predictable branch per string; the other modes' escaper is
    // out of line, so the default path stays as it was.
    if escape == Escape::Default {
        serde_json_rules::write_quoted(buf, s);
    } else {
        other_modes::write_quoted_ext(buf, s, escape);
    }
}

#[cold]
#[inline(never)]
fn write_long_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if !buf.is_streaming() {
        // In memory the whole string is needed anyway.
        return write_quoted(buf, escape, s);
    }
    buf.push(b'"');
    let mut rest = s;
    while !rest.is_empty() {
        let mut cut = rest.len().min(PIECE);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, tail) = rest.split_at(cut);
        if escape == Escape::Default {
            serde_json_rules::write_unquoted(buf, piece);
        } else {
            other_modes::write_unquoted_ext(buf, piece, escape);
        }
        rest = tail;
    }
    buf.push(b'"');
}

/// `c` as a quoted JSON string in the low bytes of a word, and that text's
/// length (3 to 6 bytes), when `escape` leaves it as it is; `None` when it
/// is to be escaped (`"`, `\\`, control characters, and whatever the other
/// modes escape), for [`write_str`] to write.
///
/// The UTF-8 bytes are computed in a register: a `char` encoded into a
/// stack buffer and escaped from there made the escaper's wide load wait
/// on the narrow stores (a failed store-to-load forward), and a
/// `Vec<Vec<char>>` took 2.5 times serde_json's time.
#[inline]
pub(crate) fn quoted_char_word(c: char, escape: Escape) -> Option<(u64, usize)> {
    let code = u32::from(c);
    if escape != Escape::Default || code < 0x20 || c == '"' || c == '\\' {
        return None;
    }
    let len = c.len_utf8();
    let utf8 = match len {
        1 => code,
        2 => (0xC0 | code >> 6) | (0x80 | (code & 0x3F)) << 8,
        3 => (0xE0 | code >> 12) | (0x80 | (code >> 6 & 0x3F)) << 8 | (0x80 | (code & 0x3F)) << 16,
        _ => {
            (0xF0 | code >> 18)
                | (0x80 | (code >> 12 & 0x3F)) << 8
                | (0x80 | (code >> 6 & 0x3F)) << 16
                | (0x80 | (code & 0x3F)) << 24
        }
    };
    let word = u64::from(b'"') | u64::from(utf8) << 8 | u64::from(b'"') << (8 * (len + 1));
    Some((word, len + 2))
}

#[cfg(test)]
mod tests {
    use crate::{Escape, Options};
    use std::collections::BTreeMap;

    /// Every `char` below U+3000 and every 61st above, as a value and as a
    /// map key, in every escape mode: the text of the one-character
    /// string, and serde_json's in the default mode.
    #[test]
    fn chars_are_written_as_their_strings() {
        let chars = (0..0x3000u32)
            .chain((0x3000..=0x10FFFF).step_by(61))
            .chain([0xFFFF, 0x10000, 0x10FFFF])
            .filter_map(char::from_u32);
        for c in chars {
            let text = c.to_string();
            for escape in [Escape::Default, Escape::Ascii, Escape::HtmlSafe] {
                let options = Options::new().escape(escape);
                assert_eq!(
                    options.to_string(&c).unwrap(),
                    options.to_string(&text).unwrap()
                );
                let key = BTreeMap::from([(c, 1)]);
                let text_key = BTreeMap::from([(text.clone(), 1)]);
                assert_eq!(
                    options.to_string(&key).unwrap(),
                    options.to_string(&text_key).unwrap()
                );
            }
            let expected = serde_json::to_string(&c).unwrap();
            assert_eq!(crate::to_string(&c).unwrap(), expected);
            // Through serde's `serialize_char`, as a value and as a key.
            #[cfg(feature = "serde")]
            {
                let key = BTreeMap::from([(c, 1)]);
                assert_eq!(crate::to_string(&crate::Serde(c)).unwrap(), expected);
                assert_eq!(
                    crate::to_string(&crate::Serde(&key)).unwrap(),
                    serde_json::to_string(&key).unwrap()
                );
            }
        }
    }
}
