//! The bytes crate's buffers, written as bytes' `Serialize` impls (its
//! `serde` feature) make serde_json write them. Those impls call
//! `serialize_bytes`, and serde_json, having no binary type, writes bytes
//! as an array of numbers: `Bytes::from_static(b"hi")` is `[104,105]`,
//! never a string. Use a `String` (or base64 text) for a string. They go
//! through `[u8]`'s own array writer, as a `Vec<u8>` does, not element by
//! element.

use crate::writer::{ValueWriter, Written};
use ::bytes::{Bytes, BytesMut};

use crate::{Format, ToJson};

impl ToJson for Bytes {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        u8::write_json_slice(w, self);
        Written(())
    }
}

impl ToJson for BytesMut {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        u8::write_json_slice(w, self);
        Written(())
    }
}
