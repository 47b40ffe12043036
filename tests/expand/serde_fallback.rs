//! Which path each field takes is visible in the expansion: a type with
//! `no_serde_fallback` calls `ToJson::write_json` directly; otherwise each
//! field goes through `write_json_or_serialize`, which is `ToJson` when the
//! field's type implements it and `Serialize` otherwise. A serde-only
//! `serialize_with` is wrapped and written through the serde bridge; a
//! `remote` mirror gets a `write_json` for the remote type.

use std::time::Duration;

use json_runtime::ToJson;
use serde::{Serialize, Serializer};

/// Stands in for another crate's type with only a `Serialize` impl.
#[derive(Serialize)]
pub struct Url(pub String);

pub fn as_upper<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&text.to_uppercase())
}

#[derive(ToJson, Serialize)]
#[json(no_serde_fallback)]
pub struct Strict {
    pub id: u64,
    pub name: String,
}

#[derive(ToJson, Serialize)]
pub struct Page<T> {
    pub title: String,
    pub url: Url,
    #[serde(serialize_with = "as_upper")]
    pub tag: String,
    pub extra: T,
}

#[derive(ToJson, Serialize)]
#[serde(remote = "Duration")]
pub struct DurationDef {
    #[serde(getter = "Duration::as_secs")]
    pub secs: u64,
    #[serde(getter = "Duration::subsec_nanos")]
    pub nanos: u32,
}

#[derive(ToJson, Serialize)]
pub struct Timeout {
    #[serde(with = "DurationDef")]
    #[json(serialize_with = "DurationDef::write_json")]
    pub after: Duration,
}

pub fn pages() -> Vec<Page<u8>> {
    vec![Page {
        title: "t".into(),
        url: Url("https://example.com/".into()),
        tag: "news".into(),
        extra: 1,
    }]
}
