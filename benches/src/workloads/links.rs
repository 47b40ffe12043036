//! 10 000 link records whose `url` field's type implements only
//! `serde::Serialize`, as `url::Url` does: the derive writes that field
//! through the serde bridge. `links/native` is the same data with a url
//! type that also implements `ToJson`, so the two rows show what the
//! fallback costs against the fast path, and both against serde_json.

use json_runtime::ToJson;
use serde::{Serialize, Serializer};

/// A `url::Url` stand-in: a string with a hand-written `Serialize` impl
/// and no `ToJson` impl.
#[derive(Debug, Clone)]
pub struct SerdeUrl(String);

impl Serialize for SerdeUrl {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// The same url with a `ToJson` impl too.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(transparent)]
pub struct NativeUrl(String);

/// A link whose `url` takes the serde fallback.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Link {
    /// `i`.
    pub id: u64,
    /// `"Link {i}"`.
    pub title: String,
    /// Written through serde.
    pub url: SerdeUrl,
    /// `i * 7 % 1000`.
    pub visits: u32,
}

/// The same link with every field on the `ToJson` fast path.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct NativeLink {
    /// `i`.
    pub id: u64,
    /// `"Link {i}"`.
    pub title: String,
    /// Written through `ToJson`.
    pub url: NativeUrl,
    /// `i * 7 % 1000`.
    pub visits: u32,
}

/// Links in the workload.
pub const LINKS: usize = 10_000;

fn url(i: u64) -> String {
    format!("https://example.com/articles/{i}?ref=feed&lang=en")
}

/// Links `0..n` with the serde-only url.
pub fn build(n: usize) -> Vec<Link> {
    (0..n as u64)
        .map(|i| Link {
            id: i,
            title: format!("Link {i}"),
            url: SerdeUrl(url(i)),
            visits: (i * 7 % 1000) as u32,
        })
        .collect()
}

/// The same links with the `ToJson` url.
pub fn build_native(n: usize) -> Vec<NativeLink> {
    (0..n as u64)
        .map(|i| NativeLink {
            id: i,
            title: format!("Link {i}"),
            url: NativeUrl(url(i)),
            visits: (i * 7 % 1000) as u32,
        })
        .collect()
}
