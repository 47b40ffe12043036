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
///
/// It and the two below only choose a writer and jump to it (see
/// `crate::cpu`): the masked one for short strings where the processor
/// has it, the portable one otherwise.
#[inline(never)]
pub(crate) fn write_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    #[cfg(target_arch = "x86_64")]
    if escape == Escape::Default && s.len() <= masked::WIDE {
        match masked::FEATURES.known() {
            // SAFETY: the processor has the features, and `s` is at most
            // `WIDE` bytes.
            Some(true) => return unsafe { masked::write_str(buf, s) },
            None => return find_out_then_str(buf, escape, s),
            Some(false) => {}
        }
    }
    write_str_portable(buf, escape, s);
}

#[inline(never)]
fn write_str_portable(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    if s.len() > PIECE {
        return write_long_str(buf, escape, s);
    }
    write_quoted(buf, escape, s);
}

// The first call of each on a processor whose masked path is not yet
// known. Not one function taking a closure: the closure's captures made
// each dispatcher store its arguments to the stack first.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_str(buf: &mut Buf<'_>, escape: Escape, s: &str) {
    masked::FEATURES.find_out();
    write_str(buf, escape, s);
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_keyed_str(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    masked::FEATURES.find_out();
    write_keyed_str(buf, escape, key, s);
}

#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn find_out_then_entry_key(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    masked::FEATURES.find_out();
    write_entry_key(buf, escape, comma, key);
}

/// A derived string field in compact output: its key literal as it is,
/// then `s` as [`write_str`] writes it, in one shared call. The common
/// case (serde_json's escaping, a key of at most `SHORT_COPY` bytes, a
/// string shorter than a piece) is one capacity check and the key's two
/// overlapping copies; the rest writes the two one after the other.
#[inline(never)]
pub(crate) fn write_keyed_str(buf: &mut Buf<'_>, escape: Escape, key: &str, s: &str) {
    #[cfg(target_arch = "x86_64")]
    if escape == Escape::Default && s.len() <= masked::WIDE && key.len() <= masked::WIDE {
        match masked::FEATURES.known() {
            // SAFETY: the processor has the features, and both lengths
            // are at most `WIDE`.
            Some(true) => return unsafe { masked::write_keyed_str(buf, key, s) },
            None => return find_out_then_keyed_str(buf, escape, key, s),
            Some(false) => {}
        }
    }
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
#[inline(never)]
pub(crate) fn write_entry_key(buf: &mut Buf<'_>, escape: Escape, comma: bool, key: &str) {
    #[cfg(target_arch = "x86_64")]
    if escape == Escape::Default && key.len() <= masked::WIDE {
        match masked::FEATURES.known() {
            // SAFETY: the processor has the features, and `key` is at most
            // `WIDE` bytes.
            Some(true) => return unsafe { masked::write_entry_key(buf, comma, key) },
            None => return find_out_then_entry_key(buf, escape, comma, key),
            Some(false) => {}
        }
    }
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
