//! Stand-ins for other crates' types that implement only
//! `serde::Serialize`, as the orphan rule leaves them for a user of
//! json-runtime: derived fields of these types must fall back to serde.

use std::fmt;

use serde::{Serialize, Serializer};

/// Like `url::Url` or lsp-types' `Uri`: `serialize_str` of its text; also a
/// map key.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Url(pub String);

impl Url {
    /// The text taken as it is (nothing is checked).
    pub fn parse(text: &str) -> Url {
        Url(text.to_string())
    }
}

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// Like `semver::Version`: `collect_str` of its `Display`.
#[derive(Clone)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub pre: &'static str,
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        Ok(())
    }
}

impl Serialize for Version {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Like `camino::Utf8PathBuf`: a newtype serde writes as its string.
#[derive(Clone)]
pub struct Utf8PathBuf(pub String);

impl Serialize for Utf8PathBuf {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}
