use chrono::{DateTime, Utc};
use json_runtime::ToJson;

// `chrono::serde::ts_seconds` has serde's signature, so it belongs in
// `#[serde(with)]`.
#[derive(ToJson)]
struct Event {
    #[json(with = "chrono::serde::ts_seconds")]
    at: DateTime<Utc>,
}

fn main() {}
