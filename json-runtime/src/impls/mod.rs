//! `ToJson` and `ToJsonKey` for the standard library's types, each written
//! as serde's own `Serialize` impl makes serde_json write it.

mod cell;
#[cfg(feature = "chrono")]
mod chrono;
#[cfg(any(feature = "chrono", feature = "time", feature = "uuid"))]
mod datetime_text;
mod fmt;
mod key;
mod map;
mod net;
mod ops;
mod os;
mod pointer;
mod primitive;
mod seq;
mod std_time;
#[cfg(feature = "time")]
mod time;
mod tuple;
#[cfg(feature = "uuid")]
mod uuid;
#[cfg(feature = "serde_json")]
mod value;
mod wrapper;
