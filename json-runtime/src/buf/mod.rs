//! The bottom layer: the output buffer, its sizes and how it grows.
//! Nothing here knows about JSON.

mod buffer;
pub(crate) mod growth;
pub(crate) mod sizes;

pub(crate) use buffer::{copy_at, copy_short, extend_short, Buf, SHORT_COPY};
