//! `ToJson` and `ToJsonKey` for the standard library's types, each written
//! as serde's own `Serialize` impl makes serde_json write it.

mod key;
mod map;
mod pointer;
mod primitive;
mod seq;
mod tuple;
#[cfg(feature = "serde_json")]
mod value;
