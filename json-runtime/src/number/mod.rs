//! Number text: serde_json's (integers as itoa writes them, floats as
//! zmij does) and ECMAScript's, for canonical output. Below the writer:
//! these write into a `Buf`.

#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
mod byte_text;
#[cfg(target_arch = "x86_64")]
mod digit_count;
mod digit_pairs;
mod ecmascript;
#[cfg(target_arch = "x86_64")]
mod ifma;
mod serde_json_text;
#[cfg(target_arch = "x86_64")]
mod sse2;

#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
pub(crate) use byte_text::{
    available as byte_text_available, write_chunk as write_byte_chunk, CHUNK as BYTE_CHUNK,
    CHUNK_ROOM as BYTE_CHUNK_ROOM,
};
pub(crate) use ecmascript::write_ecmascript;
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
pub(crate) use ifma::available as ifma_available;
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) use ifma::scalar_only;
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
pub(crate) use serde_json_text::IfmaDigits;
pub(crate) use serde_json_text::{
    write_finite, write_keyed_finite, Digits, FloatText, Integer, SharedDigits,
};
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
pub(crate) use sse2::two_below_1e8;
