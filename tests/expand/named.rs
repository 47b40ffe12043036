//! A named struct with a container-wide case style, a renamed field and
//! fields left out always or conditionally.

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub order_id: u64,
    #[serde(rename = "customer")]
    pub customer_name: String,
    #[serde(skip)]
    pub internal_note: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line_items: Vec<String>,
    pub total_cents: i64,
}

pub fn samples() -> Vec<Order> {
    vec![
        Order {
            order_id: 7,
            customer_name: "Ada \"the first\"".into(),
            internal_note: "never written".into(),
            line_items: vec!["tea".into(), "scones".into()],
            total_cents: 1250,
        },
        Order {
            order_id: 8,
            customer_name: String::new(),
            internal_note: String::new(),
            line_items: Vec::new(),
            total_cents: -1,
        },
    ]
}
