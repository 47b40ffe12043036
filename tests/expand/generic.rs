//! A generic struct with a lifetime: only the parameters that written
//! fields use are bounded, a map key parameter by `ToJsonKey`.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use json_runtime::ToJson;
use serde::Serialize;

#[derive(ToJson, Serialize)]
pub struct Page<'a, T, K: Ord, M> {
    pub title: &'a str,
    pub items: &'a [T],
    pub index: BTreeMap<K, usize>,
    #[serde(skip)]
    pub cursor: Option<M>,
    pub marker: PhantomData<M>,
}

pub struct NotJson;

pub fn samples() -> Vec<Page<'static, Option<f64>, char, NotJson>> {
    vec![Page {
        title: "first",
        items: &[Some(1.5), None],
        index: BTreeMap::from([('a', 0), ('b', 1)]),
        cursor: Some(NotJson),
        marker: PhantomData,
    }]
}
