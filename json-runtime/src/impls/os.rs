//! Paths, OS strings and C strings, written as serde writes them.
//!
//! | type | JSON |
//! |---|---|
//! | `Path`, `PathBuf` | `"dir/file.txt"`, a string (and a [`ToJsonKey`]) |
//! | `OsStr`, `OsString` | `{"Unix":[bytes]}` on Unix, `{"Windows":[u16 units]}` on Windows |
//! | `CStr`, `CString` | `[bytes]` without the closing nul, as serde_json writes bytes |
//!
//! Owned, borrowed and boxed forms (`Box<Path>`, `Cow<'_, OsStr>`,
//! `&CStr`, …) go through the pointer impls.

use crate::writer::{ValueWriter, Written};
use std::ffi::{CStr, CString, OsStr, OsString};
use std::path::{Path, PathBuf};

use super::seq::write_seq;
use crate::error::Error;
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// The path as a string.
///
/// A path that is not valid UTF-8 (possible on Unix and Windows) is
/// serde's error, "path contains invalid UTF-8 characters", as serde_json
/// returns it, and nothing more is written. Write `path.as_os_str()`
/// instead to keep every byte, in serde's `OsStr` form, or
/// `path.to_string_lossy()` for the text that [`Path::display`] shows.
impl ToJson for Path {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.to_str() {
            Some(text) => w.write_str(text),
            None => not_utf8(w),
        }
        Written(())
    }
}

#[cold]
#[inline(never)]
fn not_utf8<F: Format>(w: &mut JsonWriter<'_, F>) {
    w.fail(Error::new("path contains invalid UTF-8 characters"));
}

/// As [`Path`].
impl ToJson for PathBuf {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.as_path().write_json(w)
    }
}

/// The same string as a value, and the same error for invalid UTF-8.
impl ToJsonKey for Path {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.write_json(ValueWriter { w: &mut *w });
    }
}

/// As [`Path`].
impl ToJsonKey for PathBuf {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.as_path().write_json(ValueWriter { w: &mut *w });
    }
}

/// `{"Unix":[..]}` with the raw bytes, as serde's externally tagged
/// `OsString` enum; every byte survives, UTF-8 or not.
#[cfg(unix)]
impl ToJson for OsStr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        use std::os::unix::ffi::OsStrExt;
        w.key("{\"Unix\":");
        write_seq(w, self.as_bytes());
        w.end_object();
        Written(())
    }
}

/// `{"Windows":[..]}` with the UTF-16 code units (unpaired surrogates
/// included), as serde's externally tagged `OsString` enum.
#[cfg(windows)]
impl ToJson for OsStr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        use std::os::windows::ffi::OsStrExt;
        w.key("{\"Windows\":");
        write_seq(w, self.encode_wide());
        w.end_object();
        Written(())
    }
}

/// As [`OsStr`].
#[cfg(any(unix, windows))]
impl ToJson for OsString {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.as_os_str().write_json(w)
    }
}

/// The bytes before the nul, as an array of numbers: serde writes
/// `to_bytes()` with `serialize_bytes`, which serde_json writes so.
impl ToJson for CStr {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_seq(w, self.to_bytes());
        Written(())
    }
}

/// As [`CStr`].
impl ToJson for CString {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        self.as_c_str().write_json(w)
    }
}
