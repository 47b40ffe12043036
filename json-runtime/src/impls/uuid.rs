//! uuid's types, written as uuid's `Serialize` impls (its `serde` feature)
//! make serde_json write them. serde_json is a human-readable format, so a
//! `Uuid` is its lowercase hyphenated string, never its 16 bytes:
//!
//! | type | JSON |
//! |---|---|
//! | `Uuid`, `NonNilUuid`, `fmt::Hyphenated` | `"67e55044-10b1-426f-9247-bb680e5fe0c8"` |
//! | `fmt::Simple` | `"67e5504410b1426f9247bb680e5fe0c8"` |
//! | `fmt::Braced` | `"{67e55044-10b1-426f-9247-bb680e5fe0c8}"` |
//! | `fmt::Urn` | `"urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8"` |
//!
//! All of them are strings, so all are also [`ToJsonKey`]s.

use crate::writer::{ValueWriter, Written};
use ::uuid::fmt::{Braced, Hyphenated, Simple, Urn};
use ::uuid::{NonNilUuid, Uuid};

use super::datetime_text::QuotedAscii;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

macro_rules! uuid_impls {
    ($($ty:ty => |$value:ident| $adapter:expr;)*) => {$(
        impl ToJson for $ty {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                let $value = self;
                let mut text = QuotedAscii::new();
                // uuid's own encoder: a table lookup per nibble, no allocation.
                let written = $adapter.encode_lower(text.spare()).len();
                text.advance(written);
                text.write_to(w);
                Written(())
            }
        }

        impl ToJsonKey for $ty {
            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.write_json(ValueWriter { w: &mut *w });
            }
        }
    )*};
}

uuid_impls! {
    Uuid => |value| value.hyphenated();
    NonNilUuid => |value| Uuid::from(*value).hyphenated();
    Hyphenated => |value| value;
    Simple => |value| value;
    Braced => |value| value;
    Urn => |value| value;
}
