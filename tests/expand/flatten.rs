//! Flattened fields go through `ToJsonFields` with the object's `first`
//! flag; keys after a certain entry stay static literals.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
pub struct Paging {
    pub page: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
}

#[derive(ToJson, Serialize)]
pub struct Request {
    #[serde(flatten)]
    pub extra: BTreeMap<String, i64>,
    pub query: String,
    #[serde(flatten)]
    pub paging: Option<Paging>,
    pub limit: u32,
}

pub fn samples() -> Vec<Request> {
    vec![
        Request {
            extra: BTreeMap::new(),
            query: "q".into(),
            paging: None,
            limit: 10,
        },
        Request {
            extra: [("trace".to_string(), 1)].into_iter().collect(),
            query: "q".into(),
            paging: Some(Paging {
                page: 2,
                cursor: Some("c".into()),
            }),
            limit: 10,
        },
    ]
}
