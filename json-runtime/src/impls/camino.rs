//! camino's UTF-8 paths, written as camino's `Serialize` impls (its
//! `serde1` feature) make serde_json write them: the path's text as a
//! string, `"src/main.rs"`. Unlike `std::path::Path`, a camino path is
//! always valid UTF-8, so nothing is lost or rejected.
//!
//! Being strings, both are also [`ToJsonKey`]s.

use crate::writer::{ValueWriter, Written};
use ::camino::{Utf8Path, Utf8PathBuf};

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

impl ToJson for Utf8Path {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self.as_str());
        Written(())
    }
}

impl ToJsonKey for Utf8Path {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.as_str());
    }
}

impl ToJson for Utf8PathBuf {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self.as_str());
        Written(())
    }
}

impl ToJsonKey for Utf8PathBuf {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.as_str());
    }
}
