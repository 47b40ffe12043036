//! Expansion snapshots: what `#[derive(ToJson)]` generates for each file in
//! `expand/`, compared with the stored `*.expanded.rs` beside it, so every
//! change to the generated code shows up as a reviewable diff.
//!
//! To accept a change on purpose:
//! `JSON_EXPAND=overwrite cargo test -p json-tests --test expand`.
//!
//! The inputs are also compiled here and checked against serde_json, so the
//! snapshots show code that really builds and writes the right bytes.

use std::path::{Path, PathBuf};

use json_tests::{assert_same, assert_same_as};

#[path = "expand/enums.rs"]
mod enums;
#[path = "expand/flatten.rs"]
mod flatten;
#[path = "expand/generic.rs"]
mod generic;
#[path = "expand/keys.rs"]
mod keys;
#[path = "expand/lazy.rs"]
mod lazy;
#[path = "expand/named.rs"]
mod named;
#[path = "expand/newtype.rs"]
mod newtype;
#[path = "expand/serde_fallback.rs"]
mod serde_fallback;
#[path = "expand/skip_none.rs"]
mod skip_none;
#[path = "expand/tagged.rs"]
mod tagged;

const CASES: &[&str] = &[
    "enums",
    "flatten",
    "generic",
    "keys",
    "lazy",
    "named",
    "newtype",
    "serde_fallback",
    "skip_none",
    "tagged",
];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("expand")
}

#[test]
fn expansions_match_snapshots() {
    let overwrite = std::env::var("JSON_EXPAND").as_deref() == Ok("overwrite");
    let mut stale = Vec::new();
    for case in CASES {
        let input = dir().join(format!("{case}.rs"));
        let snapshot = dir().join(format!("{case}.expanded.rs"));
        let source = std::fs::read_to_string(&input).unwrap();
        let expanded = json_expand::expand_to_string(&source).unwrap();
        assert!(!expanded.is_empty(), "{case}.rs derives nothing");
        if overwrite {
            std::fs::write(&snapshot, &expanded).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(stored) if stored == expanded => {}
            Ok(stored) => {
                eprintln!(
                    "--- {}\n{stored}\n+++ current\n{expanded}",
                    snapshot.display()
                );
                stale.push(*case);
            }
            Err(_) => {
                eprintln!(
                    "missing {}; current expansion:\n{expanded}",
                    snapshot.display()
                );
                stale.push(*case);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "expansions differ from the snapshots for {stale:?}; review the diff above and run \
         `JSON_EXPAND=overwrite cargo test -p json-tests --test expand` to accept it"
    );
}

/// A new input file must be listed, or it would silently go untested.
#[test]
fn every_input_is_a_case() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(case) = name.strip_suffix(".rs") {
            if !case.ends_with(".expanded") {
                assert!(CASES.contains(&case), "add {name} to CASES and as a module");
            }
        }
    }
}

#[test]
fn snapshot_types_write_what_serde_json_writes() {
    for value in enums::samples() {
        assert_same(&value);
    }
    for value in generic::samples() {
        assert_same(&value);
        assert!(
            value.cursor.is_some() && !json_runtime::to_string(&value).unwrap().contains("cursor")
        );
    }
    let (ours, twin) = lazy::sample();
    assert_eq!(
        json_runtime::to_vec(&ours).unwrap(),
        serde_json::to_vec(&twin).unwrap(),
        "a Seq is written once, so through one entry point"
    );
    for value in named::samples() {
        assert_same(&value);
        let json = json_runtime::to_string(&value).unwrap();
        assert!(value.internal_note.is_empty() || !json.contains(&value.internal_note));
    }
    for value in newtype::samples() {
        assert_same(&value);
    }
    for (ours, twin) in skip_none::samples() {
        assert_same_as(&ours, &twin);
    }
    for value in tagged::shapes() {
        assert_same(&value);
    }
    for value in tagged::events() {
        assert_same(&value);
    }
    for value in flatten::samples() {
        assert_same(&value);
    }
    for value in serde_fallback::pages() {
        assert_same(&value);
    }
    assert_same(&serde_fallback::Strict {
        id: 1,
        name: "n".into(),
    });
    assert_same(&serde_fallback::Timeout {
        after: std::time::Duration::new(1, 2),
    });
    for value in keys::samples() {
        assert_same(&value);
    }
}

/// A skipped variant is serde_derive's error, with its message.
#[test]
fn skipped_variant_is_serdes_error() {
    let theirs = serde_json::to_vec(&enums::Shape::Hidden).unwrap_err();
    let ours = json_runtime::to_vec(&enums::Shape::Hidden).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
}

/// A skipped variant as a map key: the same error.
#[test]
fn skipped_variant_key_is_serdes_error() {
    let theirs = serde_json::to_vec(&keys::hidden()).unwrap_err();
    let ours = json_runtime::to_vec(&keys::hidden()).unwrap_err();
    assert_eq!(ours.to_string(), theirs.to_string());
}

/// A derive inside `cfg_attr`, and one under a renamed import, are found,
/// and their `cfg_attr`s read as if their conditions held: each expands
/// exactly as the same type written with plain attributes. A type defined
/// by `macro_rules!` is not in the source as a type, and is not listed.
#[test]
fn cfg_attr_and_renamed_imports_are_expanded() {
    let source = r#"
        use json_runtime::ToJson as J;

        #[cfg_attr(feature = "json", derive(ToJson), serde(rename_all = "camelCase"))]
        struct Gated {
            user_id: u32,
            #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
            note: Option<String>,
        }

        mod inner {
            #[derive(Clone, super::J)]
            pub enum Renamed {
                #[cfg_attr(all(), cfg_attr(feature = "json", serde(rename = "a")))]
                A,
            }
        }

        macro_rules! made {
            () => {
                #[derive(ToJson)]
                struct Made;
            };
        }
        made!();
    "#;
    let plain = r#"
        #[derive(ToJson)]
        #[serde(rename_all = "camelCase")]
        struct Gated {
            user_id: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            note: Option<String>,
        }

        mod inner {
            #[derive(ToJson)]
            pub enum Renamed {
                #[serde(rename = "a")]
                A,
            }
        }
    "#;
    let found = json_expand::expand_source(source).unwrap();
    let paths: Vec<&str> = found.iter().map(|e| e.type_path.as_str()).collect();
    assert_eq!(paths, ["Gated", "inner::Renamed"]);
    assert_eq!(
        json_expand::expand_to_string(source).unwrap(),
        json_expand::expand_to_string(plain).unwrap()
    );
}
