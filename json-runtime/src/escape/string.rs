//! Writing a string value in the writer's escape mode: the dispatch
//! between the modes, and long strings in pieces when streaming.

#[cfg(target_arch = "x86_64")]
use super::masked;
use super::mode::Escape;
use super::{other_modes, serde_json_rules};
use crate::buf::sizes::PIECE;
use crate::buf::{Buf, SHORT_COPY};

/// `JsonWriter::write_str`, out of line and generic over nothing: one
/// copy serves every string of every type in a program, where inlining it
/// gave each string field of each derived encoder its own copy of the
/// escaper's checks and calls. Measured on 200 generated types
/// (`benches/compile-time`), release rebuilds were shorter with it out of
/// line; the call costs a few instructions per string.
#[inline(never)]
pub(crate) fn write_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    #[cfg(target_arch = "x86_64")]
    if escape == Escape::Default && s.len() <= masked::WIDE && masked::available() {
        // SAFETY: `available` checked the processor, and `s` is at most
        // `WIDE` bytes.
        return unsafe { masked::write_str(buf, s) };
    }
    if s.len() > PIECE {
        return write_long_str(buf, escape, s);
    }
    write_quoted(buf, escape, s);
}

/// A derived string field in compact output: its key literal as it is,
/// then `s` as [`write_str`] writes it, in one shared call. The common
/// case (serde_json's escaping, a key of at most `SHORT_COPY` bytes, a
/// string shorter than a piece) is one capacity check and the key's two
/// overlapping copies; the rest writes the two one after the other.
#[inline(never)]
pub(crate) fn write_keyed_str(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    if escape == Escape::Default && key.len() <= SHORT_COPY && s.len() <= PIECE {
        #[cfg(target_arch = "x86_64")]
        if s.len() <= masked::WIDE && key.len() <= masked::WIDE && masked::available() {
            // SAFETY: `available` checked the processor, and both lengths
            // are at most `WIDE`.
            return unsafe { masked::write_keyed_str(buf, key, s) };
        }
        serde_json_rules::write_keyed_quoted(buf, key.as_bytes(), s);
    } else {
        write_keyed_slow(buf, escape, key, s);
    }
}

/// An object entry's key in compact output: `,` if `comma`, then `key`
/// as [`write_str`] writes it, then `:`, in one shared call. The common
/// case (serde_json's escaping, a key shorter than a piece) is one
/// capacity check.
#[inline(never)]
pub(crate) fn write_entry_key(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    #[cfg(target_arch = "x86_64")]
    if escape == Escape::Default && key.len() <= masked::WIDE && masked::available() {
        // SAFETY: `available` checked the processor, and `key` is at most
        // `WIDE` bytes.
        return unsafe { masked::write_entry_key(buf, comma, key) };
    }
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
