//! Types shaped like the ones real crates derive `Serialize` for (cargo
//! metadata, a language server protocol, GeoJSON, a GitHub API client, and
//! serde's own derive test suite), each with `ToJson` added next to
//! `Serialize` and nothing else changed. Every value is compared with
//! serde_json byte for byte in every layout, and where serde_json returns
//! an error, json_runtime returns the same one.
//!
//! `foreign` plays the other crates these types lean on: its types
//! implement only `Serialize`, by hand, as `url::Url`, `semver::Version`,
//! `camino::Utf8PathBuf` or `serde_json::Map` do, so the orphan rule keeps
//! the user from giving them `ToJson`.

#![allow(dead_code)]
// Variant names as the modelled crates spell them.
#![allow(clippy::enum_variant_names)]

use std::collections::{BTreeMap, HashMap};

use json_runtime::ToJson;
use json_tests::assert_same;
use serde::Serialize;

/// serde_json's error for `value` must be json_runtime's, from
/// `to_vec` and (as an `InvalidData` I/O error) from both streaming
/// layouts.
#[track_caller]
fn assert_same_error<T: ToJson + Serialize + ?Sized>(value: &T, message: &str) {
    let theirs = serde_json::to_vec(value).unwrap_err().to_string();
    assert_eq!(theirs, message, "serde_json's error");
    let ours = json_runtime::to_vec(value).unwrap_err();
    assert_eq!(ours.to_string(), theirs);
    for error in [
        json_runtime::to_writer(Vec::new(), value).unwrap_err(),
        json_runtime::to_writer_pretty(Vec::new(), value).unwrap_err(),
    ] {
        assert!(error.is_data());
        assert_eq!(error.to_string(), theirs);
    }
}

mod foreign {
    //! Stand-ins for other crates' types, with hand-written `Serialize`
    //! impls only.

    use std::collections::BTreeMap;

    use serde::ser::{SerializeMap, Serializer};
    use serde::Serialize;

    pub use json_tests::stand_ins::{Url, Utf8PathBuf, Version};

    /// A JSON value of another crate, like `serde_json::Value` in a build
    /// where json-runtime's `serde_json` feature is off.
    pub enum Json {
        Null,
        Bool(bool),
        Int(i64),
        Float(f64),
        Str(String),
        List(Vec<Json>),
        Object(Object),
    }

    /// Like `serde_json::Map<String, Value>`: flattened as foreign members
    /// and additional properties.
    #[derive(Default)]
    pub struct Object(pub BTreeMap<String, Json>);

    impl Serialize for Json {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Json::Null => s.serialize_unit(),
                Json::Bool(b) => s.serialize_bool(*b),
                Json::Int(i) => s.serialize_i64(*i),
                Json::Float(f) => s.serialize_f64(*f),
                Json::Str(text) => s.serialize_str(text),
                Json::List(items) => s.collect_seq(items),
                Json::Object(object) => object.serialize(s),
            }
        }
    }

    impl Serialize for Object {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (key, value) in &self.0 {
                map.serialize_entry(key, value)?;
            }
            map.end()
        }
    }

    pub fn object(entries: &[(&str, Json)]) -> Object {
        let mut map = BTreeMap::new();
        for (key, value) in entries {
            map.insert((*key).to_owned(), value.clone());
        }
        Object(map)
    }

    impl Clone for Json {
        fn clone(&self) -> Self {
            match self {
                Json::Null => Json::Null,
                Json::Bool(b) => Json::Bool(*b),
                Json::Int(i) => Json::Int(*i),
                Json::Float(f) => Json::Float(*f),
                Json::Str(s) => Json::Str(s.clone()),
                Json::List(items) => Json::List(items.clone()),
                Json::Object(o) => Json::Object(Object(o.0.clone())),
            }
        }
    }

    /// A remote type: private fields behind getters, as in serde's
    /// `remote` examples.
    pub struct Span {
        start: u32,
        len: u32,
    }

    impl Span {
        pub fn new(start: u32, len: u32) -> Self {
            Span { start, len }
        }
        pub fn start(&self) -> u32 {
            self.start
        }
        pub fn len(&self) -> u32 {
            self.len
        }
    }

    /// A remote generic type, mirrored with or without its parameters.
    pub struct Pair<A, B> {
        pub left: A,
        pub right: B,
    }

    /// A remote enum with a variant its mirror leaves out, as a
    /// `#[non_exhaustive]` enum of another crate may grow one.
    #[derive(Debug)]
    pub enum Level {
        Error,
        Warning,
        Note { code: u16 },
    }
}

use foreign::{object, Json, Object, Url};

/// cargo metadata: foreign fields (version, paths), enum keys, `rename`s
/// to numbers, a `Value` blob, kinds in a list.
mod cargo_like {
    use super::*;

    #[derive(Serialize, ToJson)]
    pub struct Metadata {
        pub packages: Vec<Package>,
        pub workspace_members: Vec<PackageId>,
        pub target_directory: foreign::Utf8PathBuf,
        pub version: usize,
        pub workspace_root: foreign::Utf8PathBuf,
        pub metadata: serde_json::Value,
    }

    #[derive(Serialize, ToJson, Clone, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(transparent)]
    pub struct PackageId {
        pub repr: String,
    }

    #[derive(Serialize, ToJson)]
    pub struct Package {
        pub name: String,
        pub version: foreign::Version,
        pub id: PackageId,
        pub license: Option<String>,
        pub source: Option<Source>,
        pub dependencies: Vec<Dependency>,
        pub targets: Vec<Target>,
        pub features: BTreeMap<String, Vec<String>>,
        pub manifest_path: foreign::Utf8PathBuf,
        /// Kinds as map keys: a unit-only enum, after renames.
        pub deps_by_kind: BTreeMap<DependencyKind, Vec<PackageId>>,
        pub edition: Edition,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub rust_version: Option<foreign::Version>,
        pub metadata: serde_json::Value,
    }

    #[derive(Serialize, ToJson)]
    #[serde(transparent)]
    pub struct Source {
        pub repr: String,
    }

    #[derive(Serialize, ToJson, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    #[serde(rename_all = "kebab-case")]
    pub enum DependencyKind {
        Normal,
        Development,
        Build,
        #[serde(rename = "?")]
        Unknown,
    }

    #[derive(Serialize, ToJson)]
    pub struct Dependency {
        pub name: String,
        pub req: String,
        pub kind: DependencyKind,
        pub optional: bool,
        pub uses_default_features: bool,
        pub features: Vec<String>,
        pub target: Option<String>,
        pub rename: Option<String>,
        pub registry: Option<Url>,
        pub path: Option<foreign::Utf8PathBuf>,
    }

    #[derive(Serialize, ToJson)]
    pub struct Target {
        pub name: String,
        pub kind: Vec<TargetKind>,
        pub crate_types: Vec<String>,
        #[serde(default)]
        #[serde(rename = "required-features")]
        pub required_features: Vec<String>,
        pub src_path: foreign::Utf8PathBuf,
        pub edition: Edition,
        pub doctest: bool,
        pub test: bool,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "kebab-case")]
    pub enum TargetKind {
        Bin,
        Lib,
        ProcMacro,
        CustomBuild,
        #[serde(untagged)]
        Other(String),
    }

    #[derive(Serialize, ToJson, Clone, Copy)]
    pub enum Edition {
        #[serde(rename = "2015")]
        E2015,
        #[serde(rename = "2018")]
        E2018,
        #[serde(rename = "2021")]
        E2021,
    }

    fn id(name: &str) -> PackageId {
        PackageId {
            repr: format!("registry+https://github.com/rust-lang/crates.io-index#{name}@1.0.0"),
        }
    }

    pub fn sample() -> Metadata {
        let dependency = Dependency {
            name: "serde".into(),
            req: "^1.0.184".into(),
            kind: DependencyKind::Normal,
            optional: true,
            uses_default_features: false,
            features: vec!["std".into()],
            target: Some("cfg(unix)".into()),
            rename: None,
            registry: Some(Url("https://example.com/index?a=1&b=\"2\"".into())),
            path: None,
        };
        let package = Package {
            name: "json-runtime".into(),
            version: foreign::Version {
                major: 0,
                minor: 1,
                patch: 0,
                pre: "beta.1",
            },
            id: id("json-runtime"),
            license: Some("MIT OR Apache-2.0".into()),
            source: Some(Source {
                repr: "registry+https://github.com/rust-lang/crates.io-index".into(),
            }),
            dependencies: vec![dependency],
            targets: vec![
                Target {
                    name: "json_runtime".into(),
                    kind: vec![TargetKind::Lib, TargetKind::Other("cdylib".into())],
                    crate_types: vec!["lib".into()],
                    required_features: vec![],
                    src_path: foreign::Utf8PathBuf("C:\\src\\lib.rs".into()),
                    edition: Edition::E2021,
                    doctest: true,
                    test: true,
                },
                Target {
                    name: "build-script-build".into(),
                    kind: vec![TargetKind::CustomBuild, TargetKind::ProcMacro],
                    crate_types: vec!["bin".into()],
                    required_features: vec!["tokio".into()],
                    src_path: foreign::Utf8PathBuf("/src/build.rs".into()),
                    edition: Edition::E2015,
                    doctest: false,
                    test: false,
                },
            ],
            features: BTreeMap::from([
                ("default".into(), vec!["emit".into(), "serde".into()]),
                ("serde".into(), vec!["dep:serde".into()]),
            ]),
            manifest_path: foreign::Utf8PathBuf("/work/json-runtime/Cargo.toml".into()),
            deps_by_kind: BTreeMap::from([
                (DependencyKind::Build, vec![id("cc")]),
                (
                    DependencyKind::Development,
                    vec![id("proptest"), id("tokio")],
                ),
                (DependencyKind::Unknown, vec![]),
            ]),
            edition: Edition::E2018,
            rust_version: None,
            metadata: serde_json::json!({"docs": {"rs": {"all-features": true}}}),
        };
        Metadata {
            workspace_members: vec![package.id.clone()],
            packages: vec![package],
            target_directory: foreign::Utf8PathBuf("/work/target".into()),
            version: 1,
            workspace_root: foreign::Utf8PathBuf("/work".into()),
            metadata: serde_json::Value::Null,
        }
    }

    #[test]
    fn metadata() {
        let metadata = sample();
        assert_same(&metadata);
        assert_same(&metadata.packages[0].deps_by_kind);
        assert_same(&metadata.packages[0].targets);
    }
}

/// A language server protocol: `Uri` map keys, a flattened progress token,
/// untagged either-types, recursion, deprecated fields, number-like enums.
mod lsp_like {
    use super::*;

    #[derive(Serialize, ToJson, Clone, Copy)]
    pub struct Position {
        pub line: u32,
        pub character: u32,
    }

    #[derive(Serialize, ToJson, Clone, Copy)]
    pub struct Range {
        pub start: Position,
        pub end: Position,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct TextEdit {
        pub range: Range,
        pub new_text: String,
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    pub enum NumberOrString {
        Number(i32),
        String(String),
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    pub enum OneOf<A, B> {
        Left(A),
        Right(B),
    }

    #[derive(Serialize, ToJson, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkDoneProgressParams {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub work_done_token: Option<NumberOrString>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct RenameParams {
        pub text_document: TextDocumentIdentifier,
        pub position: Position,
        pub new_name: String,
        #[serde(flatten)]
        pub work_done_progress_params: WorkDoneProgressParams,
    }

    #[derive(Serialize, ToJson)]
    pub struct TextDocumentIdentifier {
        pub uri: Url,
    }

    /// `changes` keyed by a foreign `Uri` type: the whole map falls back
    /// to serde, which writes the keys as strings.
    #[derive(Serialize, ToJson, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkspaceEdit {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub changes: Option<HashMap<Url, Vec<TextEdit>>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub change_annotations: Option<HashMap<String, ChangeAnnotation>>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct ChangeAnnotation {
        pub label: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub needs_confirmation: Option<bool>,
    }

    /// A number on the wire, written by a hand-written `Serialize`, as
    /// lsp-types writes its `SymbolKind` constants.
    #[derive(Clone, Copy)]
    pub struct SymbolKind(i32);

    impl Serialize for SymbolKind {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.0.serialize(s)
        }
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct DocumentSymbol {
        pub name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub detail: Option<String>,
        pub kind: SymbolKind,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[deprecated(note = "Use tags instead")]
        pub deprecated: Option<bool>,
        pub range: Range,
        pub selection_range: Range,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub children: Option<Vec<DocumentSymbol>>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "lowercase")]
    pub enum MarkupKind {
        PlainText,
        Markdown,
    }

    #[derive(Serialize, ToJson)]
    pub struct MarkupContent {
        pub kind: MarkupKind,
        pub value: String,
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    pub enum HoverContents {
        Scalar(String),
        Array(Vec<String>),
        Markup(MarkupContent),
    }

    #[derive(Serialize, ToJson)]
    pub struct Hover {
        pub contents: HoverContents,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub range: Option<Range>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct ServerCapabilities {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub hover_provider: Option<OneOf<bool, WorkDoneProgressParams>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub rename_provider: Option<OneOf<bool, RenameOptions>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub experimental: Option<serde_json::Value>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "camelCase")]
    pub struct RenameOptions {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub prepare_provider: Option<bool>,
        #[serde(flatten)]
        pub work_done_progress_options: WorkDoneProgressParams,
    }

    fn range(line: u32) -> Range {
        Range {
            start: Position { line, character: 0 },
            end: Position {
                line,
                character: u32::MAX,
            },
        }
    }

    #[test]
    fn rename_round() {
        let params = RenameParams {
            text_document: TextDocumentIdentifier {
                uri: Url("file:///p/src/%E2%98%83.rs".into()),
            },
            position: Position {
                line: 3,
                character: 7,
            },
            new_name: "renamed".into(),
            work_done_progress_params: WorkDoneProgressParams {
                work_done_token: Some(NumberOrString::String("76db5c8a".into())),
            },
        };
        assert_same(&params);
        let mut changes = HashMap::new();
        for (i, file) in ["a.rs", "b.rs", "c \"d\".rs"].iter().enumerate() {
            let edits = (0..i as u32)
                .map(|line| TextEdit {
                    range: range(line),
                    new_text: "renamed\n".into(),
                })
                .collect();
            changes.insert(Url(format!("file:///p/src/{file}")), edits);
        }
        let edit = WorkspaceEdit {
            changes: Some(changes),
            change_annotations: Some(HashMap::from([(
                "rename".into(),
                ChangeAnnotation {
                    label: "Rename".into(),
                    needs_confirmation: Some(true),
                },
            )])),
        };
        assert_same(&edit);
        assert_same(&WorkspaceEdit::default());
    }

    #[test]
    #[allow(deprecated)]
    fn symbols_and_hover() {
        let leaf = DocumentSymbol {
            name: "name".into(),
            detail: Some("String".into()),
            kind: SymbolKind(8),
            deprecated: None,
            range: range(4),
            selection_range: range(4),
            children: None,
        };
        let symbol = DocumentSymbol {
            name: "Config".into(),
            detail: None,
            kind: SymbolKind(23),
            deprecated: Some(false),
            range: range(3),
            selection_range: range(3),
            children: Some(vec![leaf]),
        };
        assert_same(&vec![symbol]);
        for contents in [
            HoverContents::Scalar("plain".into()),
            HoverContents::Array(vec![]),
            HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: "```rust\nfn main()\n```".into(),
            }),
        ] {
            assert_same(&Hover {
                contents,
                range: Some(range(1)),
            });
        }
        let capabilities = ServerCapabilities {
            hover_provider: Some(OneOf::Left(true)),
            rename_provider: Some(OneOf::Right(RenameOptions {
                prepare_provider: Some(true),
                work_done_progress_options: WorkDoneProgressParams {
                    work_done_token: Some(NumberOrString::Number(-1)),
                },
            })),
            experimental: Some(serde_json::json!({"hoverActions": true})),
        };
        assert_same(&capabilities);
    }
}

/// GeoJSON: `tag` on structs, an internally tagged enum flattened next to
/// a bbox, foreign members flattened from a map whose type implements only
/// `Serialize`, untagged ids holding a foreign number.
mod geo_like {
    use super::*;

    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    pub struct FeatureCollection {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub bbox: Option<Vec<f64>>,
        pub features: Vec<Feature>,
        #[serde(flatten, skip_serializing_if = "Option::is_none")]
        pub foreign_members: Option<Object>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    pub struct Feature {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub bbox: Option<Vec<f64>>,
        pub geometry: Option<Geometry>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub id: Option<Id>,
        pub properties: Option<Object>,
        #[serde(flatten)]
        pub foreign_members: Option<Object>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    pub enum Id {
        String(String),
        Number(Json),
    }

    #[derive(Serialize, ToJson)]
    pub struct Geometry {
        #[serde(skip_serializing_if = "Option::is_none")]
        pub bbox: Option<Vec<f64>>,
        #[serde(flatten)]
        pub value: GeometryValue,
        #[serde(flatten)]
        pub foreign_members: Option<Object>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    pub enum GeometryValue {
        Point { coordinates: Vec<f64> },
        LineString { coordinates: Vec<Vec<f64>> },
        Polygon { coordinates: Vec<Vec<Vec<f64>>> },
        GeometryCollection { geometries: Vec<Geometry> },
    }

    fn point(x: f64, y: f64) -> Geometry {
        Geometry {
            bbox: None,
            value: GeometryValue::Point {
                coordinates: vec![x, y],
            },
            foreign_members: None,
        }
    }

    #[test]
    fn feature_collection() {
        let members = object(&[
            ("title", Json::Str("foreign member \u{e9}\u{1f600}".into())),
            (
                "links",
                Json::List(vec![Json::Object(object(&[(
                    "href",
                    Json::Str("https://example.com/?a=<1>&b=2".into()),
                )]))]),
            ),
            ("nothing", Json::Null),
        ]);
        let collection = FeatureCollection {
            bbox: Some(vec![-180.0, -90.0, 180.0, 90.0]),
            features: vec![
                Feature {
                    bbox: None,
                    geometry: Some(Geometry {
                        bbox: Some(vec![1.0, 2.0, 3.0, 4.0]),
                        value: GeometryValue::GeometryCollection {
                            geometries: vec![
                                point(102.0, 0.5),
                                Geometry {
                                    bbox: None,
                                    value: GeometryValue::LineString {
                                        coordinates: vec![vec![1.5e300, -0.0], vec![5e-324, 1.0]],
                                    },
                                    foreign_members: Some(object(&[("z", Json::Int(-3))])),
                                },
                                Geometry {
                                    bbox: None,
                                    value: GeometryValue::Polygon {
                                        coordinates: vec![vec![]],
                                    },
                                    foreign_members: Some(Object::default()),
                                },
                            ],
                        },
                        foreign_members: None,
                    }),
                    id: Some(Id::Number(Json::Float(-7.25))),
                    properties: Some(object(&[
                        ("big", Json::Int(i64::MIN)),
                        ("flag", Json::Bool(true)),
                    ])),
                    foreign_members: Some(members),
                },
                Feature {
                    bbox: None,
                    geometry: None,
                    id: Some(Id::String("a\"b\\c".into())),
                    properties: None,
                    foreign_members: None,
                },
            ],
            foreign_members: Some(object(&[("name", Json::Str("everything".into()))])),
        };
        assert_same(&collection);
        assert_same(&collection.features[0]);
        assert_same(&point(1.0, 2.0));
    }
}

/// A GitHub API client: an untagged payload enum flattened into its event
/// (its newtype variants make it no `ToJsonFields`, so it goes through
/// serde), additional properties of a foreign value type, dates,
/// `#[non_exhaustive]` models.
mod github_like {
    use super::*;
    use chrono::{DateTime, TimeZone, Utc};

    #[derive(Serialize, ToJson)]
    #[non_exhaustive]
    pub struct Author {
        pub login: String,
        pub id: u64,
        pub avatar_url: Url,
        pub site_admin: bool,
    }

    #[derive(Serialize, ToJson)]
    #[non_exhaustive]
    pub struct WrappedEventPayload {
        pub sender: Option<Author>,
        #[serde(flatten)]
        pub specific: Option<EventPayload>,
    }

    #[derive(Serialize, ToJson)]
    #[serde(untagged)]
    #[non_exhaustive]
    pub enum EventPayload {
        PushEvent(Box<PushEventPayload>),
        WatchEvent(Box<WatchEventPayload>),
        UnknownEvent(Box<Object>),
    }

    #[derive(Serialize, ToJson)]
    pub struct PushEventPayload {
        pub push_id: u64,
        pub size: usize,
        #[serde(rename = "ref")]
        pub git_ref: String,
        pub commits: Vec<Commit>,
    }

    #[derive(Serialize, ToJson)]
    pub struct WatchEventPayload {
        pub action: WatchEventAction,
    }

    #[derive(Serialize, ToJson)]
    #[serde(rename_all = "snake_case")]
    #[non_exhaustive]
    pub enum WatchEventAction {
        Started,
    }

    #[derive(Serialize, ToJson)]
    pub struct Commit {
        pub sha: String,
        pub message: String,
        pub distinct: bool,
        pub url: Url,
        pub timestamp: DateTime<Utc>,
    }

    /// A rule whose parameters are whatever the API sent.
    #[derive(Serialize, ToJson)]
    #[non_exhaustive]
    pub struct RepoRule {
        #[serde(rename = "type")]
        pub rule_type: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub ruleset_id: Option<u64>,
        #[serde(flatten)]
        pub additional_properties: HashMap<String, Json>,
    }

    /// A flattened map with keys that are not strings: serde_json writes
    /// integer keys as strings.
    #[derive(Serialize, ToJson)]
    pub struct Counts {
        pub total: u32,
        #[serde(flatten)]
        pub by_day: BTreeMap<u8, Json>,
    }

    fn author() -> Author {
        Author {
            login: "octocat".into(),
            id: 583_231,
            avatar_url: Url("https://avatars.githubusercontent.com/u/583231?v=4".into()),
            site_admin: false,
        }
    }

    #[test]
    fn events() {
        let timestamp = Utc.with_ymd_and_hms(2024, 2, 29, 13, 5, 9).unwrap();
        let push = WrappedEventPayload {
            sender: Some(author()),
            specific: Some(EventPayload::PushEvent(Box::new(PushEventPayload {
                push_id: 10_115_855_396,
                size: 1,
                git_ref: "refs/heads/master".into(),
                commits: vec![Commit {
                    sha: "a2d1c7d7c3ce48f1cc2b3c2d2bd30d1b7d2b4a1e".into(),
                    message: "Update README.md\n\nwith \"quotes\"".into(),
                    distinct: true,
                    url: Url("https://api.github.com/repos/o/r/commits/a2d1".into()),
                    timestamp,
                }],
            }))),
        };
        assert_same(&push);
        let watch = WrappedEventPayload {
            sender: None,
            specific: Some(EventPayload::WatchEvent(Box::new(WatchEventPayload {
                action: WatchEventAction::Started,
            }))),
        };
        assert_same(&watch);
        let unknown = WrappedEventPayload {
            sender: Some(author()),
            specific: Some(EventPayload::UnknownEvent(Box::new(object(&[
                ("action", Json::Str("created".into())),
                ("number", Json::Int(42)),
            ])))),
        };
        assert_same(&unknown);
        assert_same(&WrappedEventPayload {
            sender: None,
            specific: None,
        });
    }

    #[test]
    fn additional_properties() {
        let rule = RepoRule {
            rule_type: "pull_request".into(),
            ruleset_id: Some(7),
            additional_properties: HashMap::from([
                (
                    "parameters".into(),
                    Json::Object(object(&[("required_approving_review_count", Json::Int(2))])),
                ),
                ("enforcement".into(), Json::Str("active".into())),
            ]),
        };
        assert_same(&rule);
        let counts = Counts {
            total: 3,
            by_day: BTreeMap::from([(1, Json::Int(2)), (200, Json::Float(0.5))]),
        };
        assert_same(&counts);
    }
}

/// Shapes from serde's own derive test suite (`test_suite/tests/test_gen.rs`
/// and `test_remote.rs`) that did not compile with `ToJson` added.
mod serde_suite_like {
    use super::*;
    use serde::Serializer;

    /// `remote = "Pair"` names the type without its parameters: the
    /// mirror's own (`A`, `B`) follow it, `&Pair<A, B>`, as in serde.
    #[derive(Serialize, ToJson)]
    #[serde(remote = "foreign::Pair")]
    pub struct PairDef<A, B> {
        pub left: A,
        pub right: B,
    }

    /// And with its arguments written in the attribute.
    #[derive(Serialize, ToJson)]
    #[serde(remote = "foreign::Pair<u8, String>")]
    pub struct ConcretePairDef {
        pub left: u8,
        pub right: String,
    }

    /// A remote enum with arguments, matched as `Either::<u8>::..`.
    pub enum Either<T> {
        Left(T),
        Right { value: T },
    }

    #[derive(Serialize, ToJson)]
    #[serde(remote = "Either<u8>")]
    pub enum EitherDef {
        Left(u8),
        Right { value: u8 },
    }

    #[derive(Serialize, ToJson)]
    #[serde(remote = "foreign::Span")]
    pub struct SpanDef {
        #[serde(getter = "foreign::Span::start")]
        pub start: u32,
        #[serde(getter = "foreign::Span::len")]
        pub len: u32,
    }

    /// The remote enum may have variants this mirror does not list.
    #[derive(Serialize, ToJson)]
    #[serde(remote = "foreign::Level")]
    #[non_exhaustive]
    pub enum LevelDef {
        Error,
        Warning,
    }

    #[derive(Serialize, ToJson)]
    pub struct Uses {
        #[serde(with = "PairDef")]
        pub pair: foreign::Pair<i32, bool>,
        #[serde(with = "ConcretePairDef")]
        pub concrete: foreign::Pair<u8, String>,
        #[serde(with = "EitherDef")]
        pub either: Either<u8>,
        #[serde(with = "SpanDef")]
        pub span: foreign::Span,
        #[serde(with = "LevelDef")]
        pub level: foreign::Level,
    }

    #[test]
    fn remote_types() {
        let uses = |level| Uses {
            pair: foreign::Pair {
                left: -1,
                right: true,
            },
            concrete: foreign::Pair {
                left: 2,
                right: "two".into(),
            },
            either: Either::Right { value: 9 },
            span: foreign::Span::new(4, 10),
            level,
        };
        assert_same(&uses(foreign::Level::Warning));
        assert_same(&uses(foreign::Level::Error));
        // serde's error for the variant `LevelDef` does not list.
        assert_same_error(
            &uses(foreign::Level::Note { code: 7 }),
            "enum variant cannot be serialized: Note { code: 7 }",
        );
    }

    fn first<T: Serialize, S: Serializer>(items: &[T], s: S) -> Result<S::Ok, S::Error> {
        items.first().serialize(s)
    }

    /// A `serialize_with` field whose type names `Self`: inside the
    /// generated wrapper, `Self` still means `Tree`, as serde reads it.
    #[derive(Serialize, ToJson)]
    pub struct Tree {
        pub name: &'static str,
        #[serde(serialize_with = "first")]
        pub children: Vec<Self>,
    }

    #[test]
    fn self_in_serialize_with_field() {
        let tree = Tree {
            name: "root",
            children: vec![
                Tree {
                    name: "a",
                    children: vec![],
                },
                Tree {
                    name: "b",
                    children: vec![],
                },
            ],
        };
        assert_same(&tree);
    }

    fn as_pair<S: Serializer>(a: &str, b: &u8, s: S) -> Result<S::Ok, S::Error> {
        let mut map = BTreeMap::new();
        map.insert("a", a.to_string());
        map.insert("b", b.to_string());
        map.serialize(s)
    }

    fn as_map<S: Serializer>(x: &u8, s: S) -> Result<S::Ok, S::Error> {
        BTreeMap::from([("x", *x)]).serialize(s)
    }

    fn as_unit<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }

    fn as_text<S: Serializer>(x: &u8, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&x.to_string())
    }

    #[derive(Serialize, ToJson)]
    struct Inner {
        x: u8,
    }

    /// What serde does with a variant's `serialize_with` output after an
    /// internal tag: a map's or struct's entries follow the tag; a unit is
    /// the tag alone; a string is serde's error.
    #[derive(Serialize, ToJson)]
    #[serde(tag = "t")]
    pub enum Tagged {
        #[serde(serialize_with = "as_map")]
        Map(u8),
        #[serde(serialize_with = "as_pair")]
        Struct { f1: String, f2: u8 },
        #[serde(serialize_with = "as_unit")]
        Unit,
        #[serde(serialize_with = "as_text")]
        Text(u8),
        /// A newtype whose content implements only `Serialize`.
        Foreign(Object),
        /// serde reads a newtype's `Option` content as an error.
        Optional(Option<Object>),
        /// Through a `Serialize`-only type that writes an enum.
        Level(#[serde(with = "LevelDef")] foreign::Level),
    }

    #[test]
    fn internally_tagged_through_serde() {
        assert_same(&Tagged::Map(1));
        assert_same(&vec![
            Tagged::Struct {
                f1: "y".into(),
                f2: 2,
            },
            Tagged::Unit,
        ]);
        assert_same(&Tagged::Foreign(object(&[("k", Json::Bool(false))])));
        assert_same(&Tagged::Foreign(Object::default()));
        assert_same(&Tagged::Level(foreign::Level::Error));
        assert_same_error(
            &Tagged::Text(3),
            "cannot serialize tagged newtype variant Tagged::Text containing a string",
        );
        assert_same_error(
            &Tagged::Optional(None),
            "cannot serialize tagged newtype variant Tagged::Optional containing an optional",
        );
    }

    fn inner_entries<S: Serializer>(inner: &Inner, s: S) -> Result<S::Ok, S::Error> {
        let mut map = BTreeMap::new();
        map.insert("x_twice", u16::from(inner.x) * 2);
        map.serialize(s)
    }

    #[derive(Serialize, ToJson)]
    pub struct FlattenWith {
        pub id: u8,
        #[serde(flatten, serialize_with = "inner_entries")]
        inner: Inner,
    }

    /// serde flattens whatever `Serialize` writes, and fails at run time
    /// for what is not made of entries: so does a field whose type does
    /// not implement `ToJsonFields`.
    #[derive(Serialize, ToJson)]
    pub struct FlattenForeign {
        pub id: u8,
        #[serde(flatten)]
        pub level: Option<Box<Externally>>,
    }

    #[derive(Serialize, ToJson)]
    pub struct FlattenString {
        pub id: u8,
        #[serde(flatten)]
        pub rest: String,
    }

    #[derive(Serialize, ToJson)]
    pub struct FlattenList {
        pub id: u8,
        #[serde(flatten)]
        pub rest: Vec<u8>,
    }

    #[derive(Serialize, ToJson)]
    pub struct FlattenBytesKeys<'a> {
        pub id: u8,
        #[serde(flatten)]
        pub rest: HashMap<&'a [u8], u32>,
    }

    /// A generic flattened field keeps its `T: ToJsonFields` bound; a
    /// `Serialize`-only type fills it as `Serde<T>`.
    #[derive(Serialize, ToJson)]
    pub struct FlattenGeneric<T> {
        pub id: u8,
        #[serde(flatten)]
        pub rest: T,
    }

    #[derive(Serialize)]
    pub enum Externally {
        Unit,
        Newtype(u8),
        Tuple(u8, u8),
        Struct { a: u8 },
    }

    #[test]
    fn flatten_through_serde() {
        assert_same(&FlattenWith {
            id: 1,
            inner: Inner { x: 21 },
        });
        for level in [
            None,
            Some(Externally::Unit),
            Some(Externally::Newtype(2)),
            Some(Externally::Tuple(3, 4)),
            Some(Externally::Struct { a: 5 }),
        ] {
            assert_same(&FlattenForeign {
                id: 1,
                level: level.map(Box::new),
            });
            assert_same(&FlattenGeneric {
                id: 2,
                rest: json_runtime::Serde(FlattenForeign { id: 3, level: None }),
            });
        }
        assert_same(&FlattenGeneric {
            id: 2,
            rest: json_runtime::Serde(Externally::Tuple(5, 6)),
        });
        assert_same_error(
            &FlattenString {
                id: 1,
                rest: "text".into(),
            },
            "can only flatten structs and maps (got a string)",
        );
        assert_same_error(
            &FlattenList {
                id: 1,
                rest: vec![1, 2],
            },
            "can only flatten structs and maps (got a sequence)",
        );
        assert_same_error(
            &FlattenGeneric {
                id: 1,
                rest: json_runtime::Serde(1u128),
            },
            "u128 is not supported",
        );
        assert_same_error(
            &FlattenBytesKeys {
                id: 1,
                rest: HashMap::from([(&b"k"[..], 2)]),
            },
            "key must be a string",
        );
    }
}
