//! Typed model of `citm_catalog.json` (a ticketing catalog), camelCase keys
//! and maps keyed by numeric-string ids.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use serde::{Deserialize, Serialize};

/// Id-keyed map. A `BTreeMap` writes in key order, so the same instance
/// always gives the same bytes.
pub type IdMap<V> = BTreeMap<String, V>;

/// The document.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: IdMap<String>,
    pub audience_sub_category_names: IdMap<String>,
    pub block_names: IdMap<String>,
    pub events: IdMap<Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: IdMap<String>,
    pub sub_topic_names: IdMap<String>,
    pub subject_names: IdMap<String>,
    pub topic_names: IdMap<String>,
    pub topic_sub_topics: IdMap<Vec<u64>>,
    pub venue_names: IdMap<String>,
}

/// An event.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub description: Option<String>,
    pub id: u64,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<u64>,
    pub subject_code: Option<String>,
    pub subtitle: Option<String>,
    pub topic_ids: Vec<u64>,
}

/// A performance of an event.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub event_id: u64,
    pub id: u64,
    pub logo: Option<String>,
    pub name: Option<String>,
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: Option<String>,
    pub start: u64,
    pub venue_code: String,
}

/// A price.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub amount: u32,
    pub audience_sub_category_id: u64,
    pub seat_category_id: u64,
}

/// A seat category.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u64,
}

/// An area.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Area {
    pub area_id: u64,
    /// Always empty in the data.
    pub block_ids: Vec<u64>,
}
