//! Map keys: a unit-only enum is written as its variant name, through its
//! `ToJson` impl, or with a match when a variant is skipped; a
//! `transparent` struct is a key when its one field is.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Low,
    High,
}

#[derive(ToJson, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    Read,
    #[serde(skip)]
    Internal,
}

#[derive(ToJson, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(transparent)]
pub struct Name<T> {
    pub text: String,
    pub marker: PhantomData<T>,
}

#[derive(ToJson, Serialize)]
pub struct Limits {
    pub by_level: BTreeMap<Level, u32>,
    pub by_mode: BTreeMap<Mode, u32>,
    pub by_name: BTreeMap<Name<u8>, u32>,
}

pub fn samples() -> Vec<Limits> {
    let name = |text: &str| Name {
        text: text.into(),
        marker: PhantomData,
    };
    vec![Limits {
        by_level: BTreeMap::from([(Level::Low, 1), (Level::High, 2)]),
        by_mode: BTreeMap::from([(Mode::Read, 3)]),
        by_name: BTreeMap::from([(name("a"), 4), (name("b\""), 5)]),
    }]
}

/// A skipped variant as a key: serde_json returns an error.
pub fn hidden() -> BTreeMap<Mode, u32> {
    BTreeMap::from([(Mode::Internal, 1)])
}
