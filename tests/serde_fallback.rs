//! Derived types whose fields' types implement only `serde::Serialize`
//! (other crates' types such as `url::Url`, `semver::Version`,
//! `camino::Utf8PathBuf`, `cargo_platform::Platform`, mimicked here by a
//! local module with hand-written `Serialize` impls) compile with no
//! attribute and write serde_json's bytes; serde's own `serialize_with`,
//! `with`, `remote` and `getter` work unchanged; `no_serde_fallback` keeps
//! every field on `ToJson`.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use json_runtime::{Format, Serde, ToJson, ValueWriter, Written};
use json_tests::{assert_same, assert_same_as};
use serde::{Serialize, Serializer};

/// Stand-ins for other crates' types: each has a `Serialize` impl and no
/// `ToJson` impl, which the orphan rule would keep the user from adding.
mod foreign {

    use serde::{Serialize, Serializer};

    pub use json_tests::stand_ins::{Url, Version};

    /// Like `cargo_platform::Platform`: an enum written as a string.
    #[derive(Clone)]
    pub enum Platform {
        Name(String),
        Cfg(String),
    }

    impl Serialize for Platform {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Platform::Name(name) => s.serialize_str(name),
                Platform::Cfg(cfg) => s.collect_str(&format_args!("cfg({cfg})")),
            }
        }
    }

    pub use json_tests::stand_ins::Utf8PathBuf;

    /// A generic type from elsewhere, with a derived `Serialize` only.
    #[derive(Clone, Serialize)]
    pub struct Spanned<T> {
        pub value: T,
        pub span: (usize, usize),
    }
}

use foreign::{Platform, Spanned, Url, Utf8PathBuf, Version};

fn version() -> Version {
    Version {
        major: 1,
        minor: 2,
        patch: 3,
        pre: "beta.1",
    }
}

#[derive(Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
struct Package {
    name: String,
    version: Version,
    repository: Option<Url>,
    homepage_url: Url,
    manifest_path: Utf8PathBuf,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    targets: Vec<Platform>,
    mirrors: Vec<Url>,
    links: HashMap<String, Url>,
    by_url: BTreeMap<Url, u32>,
    spanned: Spanned<Version>,
    #[serde(rename = "deps")]
    dependencies: Vec<Dependency>,
}

#[derive(Serialize, ToJson)]
struct Dependency {
    name: String,
    req: Option<Version>,
    target: Option<Platform>,
}

fn package(n: usize) -> Package {
    Package {
        name: format!("pkg-{n}"),
        version: version(),
        repository: n
            .is_multiple_of(2)
            .then(|| Url::parse("https://example.com/repo?x=\"1\"")),
        homepage_url: Url::parse("https://example.com/é"),
        manifest_path: Utf8PathBuf("/src/Cargo.toml".into()),
        targets: (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    Platform::Name("x86_64-unknown-linux-gnu".into())
                } else {
                    Platform::Cfg("unix".into())
                }
            })
            .collect(),
        mirrors: vec![Url::parse("https://a/"), Url::parse("https://b/")],
        links: HashMap::from([("docs".into(), Url::parse("https://docs/"))]),
        by_url: BTreeMap::from([(Url::parse("https://k/"), 1), (Url::parse("z"), 2)]),
        spanned: Spanned {
            value: version(),
            span: (n, n + 3),
        },
        dependencies: (0..n)
            .map(|i| Dependency {
                name: format!("dep{i}"),
                req: (i % 3 != 0).then(version),
                target: (i % 2 == 0).then(|| Platform::Cfg("windows".into())),
            })
            .collect(),
    }
}

#[test]
fn foreign_fields_fall_back_to_serialize() {
    for n in 0..4 {
        assert_same(&package(n));
    }
    assert_same(&vec![package(2), package(3)]);
}

#[derive(Serialize, ToJson)]
enum Source {
    Registry(Url),
    Git { url: Url, rev: Option<String> },
    Path(Utf8PathBuf, Version),
    Local,
}

#[derive(Serialize, ToJson)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Tagged {
    Git { url: Url },
    Registry { index: Url, version: Version },
    None,
}

#[derive(Serialize, ToJson)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Url(Url),
    Pair(Url, Version),
}

#[derive(Serialize, ToJson)]
#[serde(untagged)]
enum Untagged {
    Url(Url),
    Both { url: Url, version: Version },
}

#[derive(Serialize, ToJson)]
#[serde(transparent)]
struct Homepage(Url);

#[derive(Serialize, ToJson)]
struct Newtype(Version);

#[derive(Serialize, ToJson)]
struct TupleOf(Url, u8, Platform);

#[derive(Serialize, ToJson)]
struct WithFlatten {
    url: Url,
    #[serde(flatten)]
    dep: Dependency,
}

#[test]
fn every_shape_falls_back() {
    for source in [
        Source::Registry(Url::parse("https://crates.io")),
        Source::Git {
            url: Url::parse("https://git"),
            rev: None,
        },
        Source::Path(Utf8PathBuf("p".into()), version()),
        Source::Local,
    ] {
        assert_same(&source);
    }
    for tagged in [
        Tagged::Git {
            url: Url::parse("g"),
        },
        Tagged::Registry {
            index: Url::parse("i"),
            version: version(),
        },
        Tagged::None,
    ] {
        assert_same(&tagged);
    }
    assert_same(&Adjacent::Url(Url::parse("u")));
    assert_same(&Adjacent::Pair(Url::parse("u"), version()));
    assert_same(&Untagged::Url(Url::parse("u")));
    assert_same(&Untagged::Both {
        url: Url::parse("u"),
        version: version(),
    });
    assert_same(&Homepage(Url::parse("h")));
    assert_same(&Newtype(version()));
    assert_same(&TupleOf(Url::parse("t"), 1, Platform::Cfg("unix".into())));
    assert_same(&WithFlatten {
        url: Url::parse("f"),
        dep: Dependency {
            name: "d".into(),
            req: Some(version()),
            target: None,
        },
    });
}

/// A generic parameter keeps its inferred `T: ToJson` bound, so a
/// `Serialize`-only type goes in through `Serde`.
#[derive(Serialize, ToJson)]
struct Generic<T> {
    value: T,
    url: Url,
}

#[test]
fn generic_parameters_need_to_json() {
    assert_same(&Generic {
        value: 5,
        url: Url::parse("g"),
    });
    let wrapped = Generic {
        value: Serde(version()),
        url: Url::parse("g"),
    };
    assert_same_as(
        &wrapped,
        &Generic {
            value: version(),
            url: Url::parse("g"),
        },
    );
}

/// serde users' `bound(serialize = "T: Serialize")` is kept as written, so a
/// parameter that implements only `Serialize` (as `ipnet::IpNet` does) is
/// accepted, its fields written through the fallback.
#[derive(Serialize, ToJson)]
#[serde(bound(serialize = "T: Serialize"))]
struct Page<T> {
    items: Vec<T>,
    first: Option<T>,
    next: Option<Url>,
}

/// The same with a per-field bound, and on an enum variant.
#[derive(Serialize, ToJson)]
struct PerField<T> {
    #[serde(bound = "T: Serialize")]
    items: Vec<T>,
    count: usize,
}

#[derive(Serialize, ToJson)]
enum PerVariant<T> {
    #[serde(bound = "T: Serialize")]
    One(T),
    None,
}

/// `#[json(bound)]` states a `ToJson` bound, the fast path, and wins.
#[derive(Serialize, ToJson)]
#[serde(bound(serialize = "T: Serialize"))]
#[json(bound = "T: ToJson")]
struct FastPage<T> {
    items: Vec<T>,
}

/// Without the fallback, the serde bound's `Serialize` is read as `ToJson`.
#[derive(Serialize, ToJson)]
#[serde(bound = "T: Serialize")]
#[json(no_serde_fallback)]
struct NoFallbackPage<T> {
    items: Vec<T>,
}

#[test]
fn serde_bounds_accept_serialize_only_parameters() {
    assert_same(&NoFallbackPage { items: vec![1u8] });
    let page = Page {
        items: vec![Url::parse("a"), Url::parse("b")],
        first: Some(Url::parse("a")),
        next: None,
    };
    assert_same(&page);
    let versions = Page {
        items: vec![version()],
        first: None,
        next: Some(Url::parse("n")),
    };
    assert_same(&versions);
    // A parameter implementing both traits still works.
    assert_same(&Page {
        items: vec![1, 2],
        first: Some(3),
        next: None,
    });
    assert_same(&PerField {
        items: vec![Url::parse("x")],
        count: 1,
    });
    assert_same(&PerVariant::One(Url::parse("y")));
    assert_same(&PerVariant::<Url>::None);
    assert_same(&FastPage { items: vec!["a"] });
}

/// A failing `Serialize` impl in a field is reported as in serde_json.
#[derive(Serialize, ToJson)]
struct WithBadMap {
    id: u32,
    map: BTreeMap<Vec<u8>, u32>,
}

#[test]
fn serde_errors_from_fallback_fields() {
    let value = WithBadMap {
        id: 1,
        map: BTreeMap::from([(vec![1], 2)]),
    };
    let ours = json_runtime::to_vec(&value).unwrap_err();
    assert_eq!(
        ours.to_string(),
        serde_json::to_vec(&value).unwrap_err().to_string()
    );
    let error = json_runtime::to_writer(Vec::new(), &value).unwrap_err();
    assert!(error.is_data());
    let empty = WithBadMap {
        id: 1,
        map: BTreeMap::new(),
    };
    assert_same(&empty);
}

/// With `no_serde_fallback`, every field is a direct `ToJson::write_json`
/// call; a type whose fields all implement `ToJson` is unaffected.
#[derive(Serialize, ToJson)]
#[json(no_serde_fallback)]
struct Strict {
    id: u32,
    name: String,
    tags: Vec<String>,
    url: Serde<Url>,
}

#[test]
fn no_serde_fallback_compiles_for_to_json_fields() {
    assert_same(&Strict {
        id: 1,
        name: "n".into(),
        tags: vec!["t".into()],
        url: Serde(Url::parse("u")),
    });
}

// serde's function attributes, with serde's signature.

fn as_upper<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&text.to_uppercase())
}

fn seconds<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

mod hex {
    use serde::Serializer;

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        s.serialize_str(&text)
    }
}

fn pair<S: Serializer>(a: &u8, b: &String, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{a}:{b}"))
}

fn first_of<T: Serialize, S: Serializer>(items: &[T], s: S) -> Result<S::Ok, S::Error> {
    items.first().serialize(s)
}

fn fails<S: Serializer>(_: &u8, _: S) -> Result<S::Ok, S::Error> {
    Err(serde::ser::Error::custom("refused"))
}

#[derive(Serialize, ToJson)]
struct SerdeFunctions<'a, T: Serialize> {
    #[serde(serialize_with = "as_upper")]
    name: String,
    #[serde(serialize_with = "seconds")]
    timeout: Duration,
    #[serde(with = "hex")]
    digest: Vec<u8>,
    #[serde(with = "hex", skip_serializing_if = "<[u8]>::is_empty")]
    optional_digest: &'a [u8],
    #[serde(serialize_with = "first_of")]
    first: Vec<T>,
    plain: T,
}

#[derive(Serialize, ToJson)]
enum SerdeVariants {
    #[serde(serialize_with = "pair")]
    Pair(u8, String),
    #[serde(serialize_with = "pair")]
    Named {
        a: u8,
        b: String,
    },
    Field(#[serde(with = "hex")] Vec<u8>),
    Struct {
        #[serde(serialize_with = "as_upper")]
        name: String,
    },
}

#[derive(Serialize, ToJson)]
#[serde(tag = "type")]
enum SerdeInternal {
    A {
        #[serde(serialize_with = "seconds")]
        after: Duration,
    },
}

#[derive(Serialize, ToJson)]
struct SerdeNewtype(#[serde(serialize_with = "as_upper")] String);

#[test]
fn serde_serialize_with_and_with() {
    let value = SerdeFunctions {
        name: "Ab".into(),
        timeout: Duration::from_millis(1500),
        digest: vec![0, 15, 255],
        optional_digest: &[],
        first: vec![Serde(Url::parse("x")), Serde(Url::parse("y"))],
        plain: Serde(Url::parse("z")),
    };
    assert_same(&value);
    assert_same(&SerdeFunctions {
        optional_digest: &[1],
        first: Vec::new(),
        ..value
    });
    for v in [
        SerdeVariants::Pair(1, "one".into()),
        SerdeVariants::Named {
            a: 2,
            b: "two".into(),
        },
        SerdeVariants::Field(vec![171, 205]),
        SerdeVariants::Struct { name: "s".into() },
    ] {
        assert_same(&v);
    }
    assert_same(&SerdeInternal::A {
        after: Duration::from_secs(2),
    });
    assert_same(&SerdeNewtype("n".into()));

    #[derive(Serialize, ToJson)]
    struct Failing {
        #[serde(serialize_with = "fails")]
        x: u8,
    }
    let error = json_runtime::to_vec(&Failing { x: 1 }).unwrap_err();
    assert_eq!(error.to_string(), "refused");
}

static NATIVE_CALLS: AtomicUsize = AtomicUsize::new(0);

fn upper_native<F: Format>(text: &str, w: ValueWriter<'_, '_, F>) -> Written {
    NATIVE_CALLS.fetch_add(1, Ordering::Relaxed);
    w.write_str(&text.to_uppercase())
}

/// Given in both namespaces, the `#[json]` function is used: the fast path.
#[derive(Serialize, ToJson)]
struct Both {
    #[serde(serialize_with = "as_upper")]
    #[json(serialize_with = "upper_native")]
    name: String,
}

#[test]
fn json_serialize_with_wins_over_serde() {
    let before = NATIVE_CALLS.load(Ordering::Relaxed);
    assert_same(&Both { name: "b".into() });
    assert!(NATIVE_CALLS.load(Ordering::Relaxed) > before);
}

// serde's remote derive: a mirror of a type from elsewhere.

/// Mirrors `std::time::Duration`, whose fields are private, through
/// getters.
#[derive(Serialize, ToJson)]
#[serde(remote = "Duration")]
#[allow(dead_code)]
struct DurationDef {
    #[serde(getter = "Duration::as_secs")]
    secs: u64,
    #[serde(getter = "Duration::subsec_nanos")]
    nanos: u32,
}

mod elsewhere {
    pub struct Point {
        pub x: i32,
        pub y: i32,
    }

    pub enum Shape {
        Dot(Point),
        Line { from: Point, to: Point },
        Empty,
    }
}

#[derive(Serialize, ToJson)]
#[serde(remote = "elsewhere::Point")]
#[allow(dead_code)]
struct PointDef {
    x: i32,
    #[serde(rename = "Y")]
    y: i32,
}

#[derive(Serialize, ToJson)]
#[serde(remote = "elsewhere::Shape", tag = "shape", content = "data")]
#[allow(dead_code)]
enum ShapeDef {
    Dot(#[serde(with = "PointDef")] elsewhere::Point),
    Line {
        #[serde(with = "PointDef")]
        from: elsewhere::Point,
        #[serde(with = "PointDef")]
        to: elsewhere::Point,
    },
    Empty,
}

#[derive(Serialize, ToJson)]
struct Timeouts {
    #[serde(with = "DurationDef")]
    connect: Duration,
    #[serde(with = "DurationDef")]
    #[json(serialize_with = "DurationDef::write_json")]
    read: Duration,
    #[serde(with = "ShapeDef")]
    shape: elsewhere::Shape,
    #[serde(with = "PointDef")]
    #[json(serialize_with = "PointDef::write_json")]
    origin: elsewhere::Point,
}

#[test]
fn remote_derive_and_getters() {
    use elsewhere::{Point, Shape};
    for shape in [
        Shape::Dot(Point { x: 1, y: 2 }),
        Shape::Line {
            from: Point { x: 0, y: 0 },
            to: Point { x: -1, y: 9 },
        },
        Shape::Empty,
    ] {
        assert_same(&Timeouts {
            connect: Duration::new(3, 500),
            read: Duration::from_millis(1),
            shape,
            origin: Point { x: 5, y: 6 },
        });
    }
    // The generated `write_json` writes the remote type natively, as
    // serde's generated `serialize` does.
    struct Native(Duration);
    impl ToJson for Native {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            DurationDef::write_json(&self.0, w)
        }
    }
    struct Remote(Duration);
    impl Serialize for Remote {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            DurationDef::serialize(&self.0, s)
        }
    }
    let d = Duration::new(7, 8);
    assert_same_as(&Native(d), &Remote(d));
    assert_eq!(
        json_runtime::to_string(&Native(d)).unwrap(),
        r#"{"secs":7,"nanos":8}"#
    );
}
