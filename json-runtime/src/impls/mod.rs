//! `ToJson` and `ToJsonKey` for the standard library's types, each written
//! as serde's own `Serialize` impl makes serde_json write it.

mod cell;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(any(feature = "chrono", feature = "time", feature = "uuid"))]
mod datetime_text;
mod fields;
mod fmt;
mod key;
mod map;
mod net;
mod ops;
mod os;
mod pointer;
mod prefetch;
mod primitive;
mod seq;
mod sorted;
mod stack_text;
mod std_time;
#[cfg(feature = "time")]
mod time;
mod tuple;
#[cfg(feature = "uuid")]
mod uuid;
#[cfg(feature = "serde_json")]
mod value;
mod wrapper;

pub(crate) use seq::write_seq;
pub(crate) use sorted::{write_map_entries_sorted, write_map_sorted, write_seq_sorted};

// Other crates' types, one feature each (see the crate docs' feature table).
#[cfg(feature = "arrayvec")]
mod arrayvec;
#[cfg(feature = "bytes")]
mod bytes;
#[cfg(feature = "camino")]
mod camino;
#[cfg(feature = "compact_str")]
mod compact_str;
#[cfg(any(feature = "semver", feature = "rust_decimal"))]
mod display_text;
#[cfg(feature = "either")]
mod either;
#[cfg(feature = "indexmap")]
mod indexmap;
#[cfg(feature = "ordered-float")]
mod ordered_float;
#[cfg(feature = "rust_decimal")]
mod rust_decimal;
#[cfg(feature = "semver")]
mod semver;
#[cfg(any(feature = "time", feature = "rust_decimal"))]
mod serde_probe;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "smol_str")]
mod smol_str;
#[cfg(feature = "tinyvec")]
mod tinyvec;
#[cfg(feature = "url")]
mod url;
