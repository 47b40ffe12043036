//! A newtype is written as the value it wraps.

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
pub struct UserId(pub u64);

pub fn samples() -> Vec<UserId> {
    vec![UserId(0), UserId(u64::MAX)]
}
