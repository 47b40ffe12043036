//! semver's types, written as semver's `Serialize` impls (its `serde`
//! feature) make serde_json write them: their `Display` text as a string.
//!
//! | type | JSON |
//! |---|---|
//! | `Version` | `"1.2.3-alpha.1+build.5"` |
//! | `VersionReq` | `">=1.2.3, <2.0.0"` (`"*"` for any version) |
//! | `Comparator` | `"^1.2"` |
//!
//! These are the types semver implements `Serialize` for. Being strings,
//! they are also [`ToJsonKey`]s.

use crate::writer::{ValueWriter, Written};
use ::semver::{Comparator, Version, VersionReq};

use super::display_text::with_display_text;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

macro_rules! display_string_impls {
    ($($ty:ty),*) => {$(
        /// Its `Display` text, formatted on the stack.
        impl ToJson for $ty {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                with_display_text(self, |text| w.write_str(text));
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

display_string_impls!(Version, VersionReq, Comparator);
