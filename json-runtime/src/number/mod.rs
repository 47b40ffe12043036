//! Number text: serde_json's (integers as itoa writes them, floats as
//! zmij does) and ECMAScript's, for canonical output. Below the writer:
//! these write into a `Buf`.

mod digit_pairs;
mod ecmascript;
#[cfg(target_arch = "x86_64")]
mod ifma;
mod serde_json_text;

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
