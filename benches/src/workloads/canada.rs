//! Typed model of `canada.json` (GeoJSON outline of Canada): mostly
//! floating-point coordinates.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct FeatureCollection {
    /// `"FeatureCollection"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Features.
    pub features: Vec<Feature>,
}

/// A feature.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Feature {
    /// `"Feature"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Properties.
    pub properties: BTreeMap<String, String>,
    /// Geometry.
    pub geometry: Geometry,
}

/// A polygon.
#[derive(Debug, Clone, Serialize, Deserialize, ToJson, simd_json_derive::Serialize)]
pub struct Geometry {
    /// `"Polygon"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Rings of `(longitude, latitude)`.
    pub coordinates: Vec<Vec<(f64, f64)>>,
}

impl FeatureCollection {
    /// Every coordinate, in document order: the floats `to_vec` formats.
    pub fn floats(&self) -> Vec<f64> {
        self.features
            .iter()
            .flat_map(|f| &f.geometry.coordinates)
            .flatten()
            .flat_map(|&(x, y)| [x, y])
            .collect()
    }
}
