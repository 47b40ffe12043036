//! The output options in the main job: RFC 8785 canonical JSON,
//! `sort_keys` and pretty `inline_arrays`, each timed beside
//! json_runtime's default output of the same value, which is the ratio's
//! baseline. Each option's bytes are first checked against a reference of
//! its own, built without this library:
//!
//! - canonical: serde_json's own route to sorted keys, through
//!   `serde_json::Value` (whose maps are `BTreeMap`s). It equals RFC 8785's
//!   output for values without floats whose keys are ASCII, which is
//!   checked; both workloads are such values.
//! - `sort_keys`: serde_json's output for the same data in `BTreeMap`s.
//! - `inline_arrays(80)`: serde_json's pretty output with each array of
//!   scalar lines joined onto one line where it fits, by [`inline_reference`].
//!
//! Workloads are named `options/<option> <data>`; `options` selects all.

use std::collections::{BTreeMap, HashMap};
use std::hint::black_box;

use json_runtime::{Options, PrettyFormatter, ToJson};
use serde::Serialize;

use crate::harness::{Library, Method};
use crate::workloads::{self, canada, citm, records, Corpus};
use crate::Value;

/// Method names.
pub mod names {
    pub const RT_TO_VEC: &str = "json_runtime to_vec";
    pub const RT_TO_VEC_PRETTY: &str = "json_runtime to_vec_pretty";
    pub const RT_CANONICAL: &str = "json_runtime to_vec_canonical";
    pub const SERDE_VALUE: &str = "serde_json to_value+to_vec (sorted)";
    pub const RT_SORT_KEYS: &str = "json_runtime sort_keys";
    pub const RT_INLINE: &str = "json_runtime pretty inline_arrays(80)";
}

fn keep(capture: bool, bytes: Vec<u8>) -> Option<Vec<u8>> {
    if capture {
        Some(bytes)
    } else {
        black_box(&bytes);
        None
    }
}

/// What a workload hands to the main job: its name, its methods (the
/// default output first) and the default output's expected bytes.
pub type Measure<'m> = dyn FnMut(&str, &mut [Method<'_>], &[u8]) + 'm;

/// Every option workload, by name.
pub const WORKLOADS: [&str; 6] = [
    "options/canonical records",
    "options/canonical citm_catalog",
    "options/sort_keys small maps",
    "options/sort_keys citm_catalog",
    "options/inline_arrays canada",
    "options/inline_arrays citm_catalog",
];

/// Builds and measures every selected option workload.
pub fn run(selects: &dyn Fn(&str) -> bool, measure: &mut Measure<'_>) {
    let wanted = |name: &str| selects(name);
    let citm = || Corpus::Citm.load::<citm::CitmCatalog>();

    if wanted("options/canonical records") {
        let value = records::build(records::RECORDS);
        canonical("options/canonical records", &value, measure);
    }
    if wanted("options/canonical citm_catalog") {
        match citm() {
            Ok(value) => canonical("options/canonical citm_catalog", &value, measure),
            Err(e) => skip("options/canonical citm_catalog", &e),
        }
    }
    if wanted("options/sort_keys small maps") {
        let maps = small_maps(records::RECORDS);
        let ordered: Vec<BTreeMap<&str, String>> = maps
            .iter()
            .map(|m| m.iter().map(|(k, v)| (*k, v.clone())).collect())
            .collect();
        sort_keys("options/sort_keys small maps", &maps, &ordered, measure);
    }
    if wanted("options/sort_keys citm_catalog") {
        match citm() {
            Ok(value) => {
                let hashed = CitmHashed::from(&value);
                sort_keys("options/sort_keys citm_catalog", &hashed, &value, measure);
            }
            Err(e) => skip("options/sort_keys citm_catalog", &e),
        }
    }
    if wanted("options/inline_arrays canada") {
        match Corpus::Canada.load::<canada::FeatureCollection>() {
            Ok(value) => inline("options/inline_arrays canada", &value, measure),
            Err(e) => skip("options/inline_arrays canada", &e),
        }
    }
    if wanted("options/inline_arrays citm_catalog") {
        match citm() {
            Ok(value) => inline("options/inline_arrays citm_catalog", &value, measure),
            Err(e) => skip("options/inline_arrays citm_catalog", &e),
        }
    }
}

fn skip(name: &str, why: &str) {
    let msg = format!(
        "skipping {name}: {why} (set {} to the data folder)",
        workloads::DATA_ENV
    );
    println!("{msg}");
    eprintln!("{msg}");
}

fn canonical<T: Value>(name: &str, value: &T, measure: &mut Measure<'_>) {
    let tree = serde_json::to_value(value).expect("serde_json");
    assert!(
        reference_is_canonical(&tree),
        "{name}: the reference holds only for values without floats, with ASCII keys"
    );
    let reference = serde_json::to_vec(&tree).expect("serde_json");
    let expected = serde_json::to_vec(value).expect("serde_json");
    let mut methods = vec![
        Method::new(names::RT_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec(value).unwrap())
        }),
        Method::with_expected(
            names::RT_CANONICAL,
            Library::JsonRuntime,
            reference.clone(),
            move |c| {
                keep(
                    c,
                    json_runtime::Options::new()
                        .canonical()
                        .to_vec(value)
                        .expect("canonical"),
                )
            },
        ),
        Method::with_expected(
            names::SERDE_VALUE,
            Library::SerdeJson,
            reference,
            move |c| {
                let tree = serde_json::to_value(value).expect("serde_json");
                keep(c, serde_json::to_vec(&tree).expect("serde_json"))
            },
        ),
    ];
    measure(name, &mut methods, &expected);
}

/// Whether serde_json's sorted `Value` output is RFC 8785's for `value`:
/// no floats (whose text differs), and ASCII keys (which sort the same by
/// UTF-8 bytes as by UTF-16 units).
fn reference_is_canonical(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::Number(n) => !n.is_f64(),
        serde_json::Value::Array(items) => items.iter().all(reference_is_canonical),
        serde_json::Value::Object(map) => map
            .iter()
            .all(|(k, v)| k.is_ascii() && reference_is_canonical(v)),
        _ => true,
    }
}

fn sort_keys<T, E>(name: &str, value: &T, ordered: &E, measure: &mut Measure<'_>)
where
    T: Value,
    E: Serialize,
{
    let expected = serde_json::to_vec(value).expect("serde_json");
    let reference = serde_json::to_vec(ordered).expect("serde_json");
    let sorted = Options::new().sort_keys(true);
    let mut methods = vec![
        Method::new(names::RT_TO_VEC, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec(value).unwrap())
        }),
        Method::with_expected(
            names::RT_SORT_KEYS,
            Library::JsonRuntime,
            reference,
            move |c| keep(c, sorted.to_vec(value).unwrap()),
        ),
    ];
    measure(name, &mut methods, &expected);
}

fn inline<T: Value>(name: &str, value: &T, measure: &mut Measure<'_>) {
    let expected = serde_json::to_vec_pretty(value).expect("serde_json");
    let reference = inline_reference(std::str::from_utf8(&expected).unwrap(), 80).into_bytes();
    let formatter = PrettyFormatter::new().inline_arrays(80);
    let mut methods = vec![
        Method::new(names::RT_TO_VEC_PRETTY, Library::JsonRuntime, move |c| {
            keep(c, json_runtime::to_vec_pretty(value).unwrap())
        }),
        Method::with_expected(
            names::RT_INLINE,
            Library::JsonRuntime,
            reference,
            move |c| keep(c, formatter.to_vec(value).unwrap()),
        ),
    ];
    measure(name, &mut methods, &expected);
}

/// serde_json's pretty text with each array whose lines between `[` and
/// `]` are all scalars joined into one line (`[a, b]`), when that line up
/// to its `]` has at most `width` characters. The same reference as in
/// `tests/inline_arrays.rs`.
pub fn inline_reference(pretty: &str, width: usize) -> String {
    let lines: Vec<&str> = pretty.split('\n').collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.ends_with('[') {
            if let Some((elements, close, used)) = scalar_lines(&lines[i + 1..]) {
                let candidate = format!("{line}{}]", elements.join(", "));
                if candidate.chars().count() <= width {
                    out.push(format!("{candidate}{close}"));
                    i += 1 + used;
                    continue;
                }
            }
        }
        out.push(line.to_owned());
        i += 1;
    }
    out.join("\n")
}

/// The scalar element lines up to the closing `]` line (without their
/// separators), what follows that `]`, and how many lines were used; `None`
/// if an element is an array or object.
fn scalar_lines<'a>(lines: &[&'a str]) -> Option<(Vec<&'a str>, &'a str, usize)> {
    let mut elements: Vec<&'a str> = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let text = line.trim_start_matches([' ', '\t']);
        if let Some(close) = text.strip_prefix(']') {
            let last = elements.len().saturating_sub(1);
            for e in &mut elements[..last] {
                *e = &e[..e.len() - 1];
            }
            return Some((elements, close, n + 1));
        }
        if text.starts_with(['[', '{']) {
            return None;
        }
        elements.push(text);
    }
    None
}

/// Flat records as maps, the way a schema-less service holds them.
pub fn small_maps(n: usize) -> Vec<HashMap<&'static str, String>> {
    (0..n)
        .map(|i| {
            HashMap::from([
                ("id", i.to_string()),
                ("name", format!("item-{i:05}")),
                ("active", (i % 3 == 0).to_string()),
                ("group", format!("g{}", i % 17)),
                ("score", format!("{}", i * 7 % 101)),
            ])
        })
        .collect()
}

/// citm_catalog with its id maps as `HashMap`s, as a program that does not
/// care for their order would hold them.
#[derive(Debug, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct CitmHashed {
    pub area_names: HashMap<String, String>,
    pub audience_sub_category_names: HashMap<String, String>,
    pub block_names: HashMap<String, String>,
    pub events: HashMap<String, citm::Event>,
    pub performances: Vec<citm::Performance>,
    pub seat_category_names: HashMap<String, String>,
    pub sub_topic_names: HashMap<String, String>,
    pub subject_names: HashMap<String, String>,
    pub topic_names: HashMap<String, String>,
    pub topic_sub_topics: HashMap<String, Vec<u64>>,
    pub venue_names: HashMap<String, String>,
}

impl From<&citm::CitmCatalog> for CitmHashed {
    fn from(c: &citm::CitmCatalog) -> Self {
        fn hashed<V: Clone>(map: &BTreeMap<String, V>) -> HashMap<String, V> {
            map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
        }
        CitmHashed {
            area_names: hashed(&c.area_names),
            audience_sub_category_names: hashed(&c.audience_sub_category_names),
            block_names: hashed(&c.block_names),
            events: hashed(&c.events),
            performances: c.performances.clone(),
            seat_category_names: hashed(&c.seat_category_names),
            sub_topic_names: hashed(&c.sub_topic_names),
            subject_names: hashed(&c.subject_names),
            topic_names: hashed(&c.topic_names),
            topic_sub_topics: hashed(&c.topic_sub_topics),
            venue_names: hashed(&c.venue_names),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_agree_with_their_references_on_small_values() {
        let mut checked = Vec::new();
        let mut measure = |name: &str, methods: &mut [Method<'_>], expected: &[u8]| {
            for m in methods.iter_mut() {
                let out = m.output();
                let want = m.expected_bytes().unwrap_or(expected);
                crate::check::assert_same_bytes(m.name, want, &out);
            }
            checked.push(name.to_owned());
        };
        let value = records::build(50);
        canonical("canonical", &value, &mut measure);
        let maps = small_maps(50);
        let ordered: Vec<BTreeMap<&str, String>> = maps
            .iter()
            .map(|m| m.iter().map(|(k, v)| (*k, v.clone())).collect())
            .collect();
        sort_keys("sort_keys", &maps, &ordered, &mut measure);
        let grid: Vec<Vec<u32>> = (0..20).map(|i| (0..i).collect()).collect();
        inline("inline", &grid, &mut measure);
        assert_eq!(checked, ["canonical", "sort_keys", "inline"]);
    }

    #[test]
    fn inline_reference_joins_scalar_arrays() {
        let pretty =
            serde_json::to_string_pretty(&serde_json::json!({"a": [1, 2], "b": [[3], []]}))
                .unwrap();
        assert_eq!(
            inline_reference(&pretty, 80),
            "{\n  \"a\": [1, 2],\n  \"b\": [\n    [3],\n    []\n  ]\n}"
        );
        assert_eq!(inline_reference(&pretty, 5), pretty);
    }
}
