//! JSON string escaping: serde_json's rules on a fast path, and the other
//! [`Escape`] modes.

#[cfg(target_arch = "x86_64")]
mod masked;
mod mode;
mod other_modes;
mod serde_json_rules;
mod string;

pub use mode::Escape;
#[cfg(feature = "serde")]
pub(crate) use serde_json_rules::write_quoted;
pub(crate) use string::{quoted_char_word, write_entry_key, write_keyed_str, write_str};
