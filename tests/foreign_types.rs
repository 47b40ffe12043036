//! Other crates' types (json-runtime's `url`, `camino`, `semver`,
//! `indexmap`, `smallvec`, `arrayvec`, `tinyvec`, `bytes`, `rust_decimal`,
//! `ordered-float`, `compact_str`, `smol_str` and `either` features)
//! compared byte for byte with those crates' own serde impls through
//! serde_json: compact, pretty and every other entry point (see
//! `assert_same`), as values, inside derived types, as map keys where
//! serde_json accepts them, and at their edges.
//!
//! rust_decimal keeps its default features here, so it writes strings;
//! its float and arbitrary-precision forms are checked by the unit tests in
//! json-runtime/src/impls/rust_decimal.rs.

use std::collections::{BTreeMap, HashMap};

use json_runtime::{Escape, Options, ToJson};
use json_tests::{assert_compact, assert_same, same};
use proptest::prelude::*;
use serde::Serialize;

/// Text that exercises escaping: quotes, backslashes, control characters,
/// multi-byte UTF-8 and HTML-sensitive characters.
const AWKWARD_TEXTS: &[&str] = &[
    "",
    "a",
    "plain ascii text",
    "quote \" backslash \\ slash /",
    "controls \u{0} \u{1} \u{8} \t \n \r \u{1f} \u{7f}",
    "héllo wörld",
    "日本語のテキスト",
    "emoji 🎉 and 𝄞",
    "<script>&'</script>",
    "\u{2028}\u{2029}",
    "exactly twenty-four byt",
    "a string long enough to be stored on the heap by every small string type here",
];

/// Asserts that json-runtime with `escape` writes `value` as it writes
/// `text`: a type written through its `Display` text honours the writer's
/// escape mode like any string.
#[track_caller]
fn escapes_like_text<T: ToJson + ?Sized>(value: &T, text: &str) {
    for escape in [Escape::Default, Escape::Ascii, Escape::HtmlSafe] {
        let options = Options::new().escape(escape);
        assert_eq!(
            options.to_string(value).unwrap(),
            options.to_string(text).unwrap(),
            "{escape:?}"
        );
    }
}

mod url_types {
    use super::*;
    use url::{Host, Url};

    const URLS: &[&str] = &[
        "https://example.com",
        "https://example.com/",
        "http://user:pass@example.com:8080/a/b?c=d&e=f#frag",
        "https://例え.jp/パス?クエリ=値#断片",
        "https://example.com/a b/\"quoted\"/<tag>?q=\"x\"&r=<y>#\"z\"",
        "https://[::1]:443/v6",
        "http://127.0.0.1/",
        "file:///tmp/some%20file.txt",
        "data:text/plain,hello%20world",
        "mailto:someone@example.com",
        "urn:isbn:0451450523",
        "unix:/run/foo.socket",
        "foo://host/a\\b",
        "https://example.com/?q=%22%5C%00",
    ];

    fn urls() -> Vec<Url> {
        URLS.iter().map(|text| Url::parse(text).unwrap()).collect()
    }

    #[test]
    fn values() {
        for url in urls() {
            same!(url, Some(url.clone()), [url.clone(), url.clone()]);
            escapes_like_text(&url, url.as_str());
        }
        assert_compact(
            &Url::parse("https://例え.jp/a b").unwrap(),
            r#""https://xn--r8jz45g.jp/a%20b""#,
        );
    }

    #[test]
    fn hosts() {
        for url in urls() {
            if let Some(host) = url.host() {
                same!(host, host.to_owned());
            }
        }
        same!(
            Host::<String>::Domain("example.com".into()),
            Host::<String>::Ipv4([10, 0, 0, 1].into()),
            Host::<String>::Ipv6(std::net::Ipv6Addr::LOCALHOST),
            Host::parse("ünïcode.example").unwrap(),
            vec![Host::parse("[::ffff:1.2.3.4]").unwrap()]
        );
        assert_compact(&Host::parse("1.2.3.4").unwrap(), r#"{"Ipv4":"1.2.3.4"}"#);
    }

    #[derive(Serialize, ToJson)]
    struct Link {
        href: Url,
        mirrors: Vec<Url>,
        #[serde(skip_serializing_if = "Option::is_none")]
        canonical: Option<Url>,
        by_url: BTreeMap<Url, u32>,
        host: Option<Host>,
    }

    #[test]
    fn keys_and_derived_types() {
        let all = urls();
        let link = Link {
            href: all[2].clone(),
            mirrors: all.clone(),
            canonical: None,
            by_url: all.iter().cloned().zip(0..).collect(),
            host: all[2].host().map(|host| host.to_owned()),
        };
        assert_same(&link);
        let by_url: HashMap<Url, Url> = [(all[0].clone(), all[3].clone())].into();
        same!(by_url);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        /// Whatever text a URL is parsed from, json-runtime writes its
        /// serialization as url's impl does.
        #[test]
        fn random_urls(
            path in any::<String>(),
            query in any::<String>(),
            fragment in any::<String>(),
        ) {
            let text = format!("https://example.com/{path}?{query}#{fragment}");
            let Ok(url) = Url::parse(&text) else {
                return Ok(());
            };
            assert_same(&url);
            let host = url.host().map(|host| host.to_owned());
            assert_same(&BTreeMap::from([(url.clone(), host)]));
        }
    }
}

mod camino_types {
    use super::*;
    use camino::{Utf8Path, Utf8PathBuf};

    #[test]
    fn values() {
        for &text in AWKWARD_TEXTS.iter().chain(&[
            "/",
            "src/main.rs",
            "C:\\Windows\\System32",
            "../relative/./path/",
        ]) {
            let path = Utf8Path::new(text);
            let owned = path.to_path_buf();
            let boxed: Box<Utf8Path> = owned.clone().into_boxed_path();
            same!(path, owned, boxed, Some(&owned), vec![path; 2]);
            escapes_like_text(path, text);
        }
        assert_compact(Utf8Path::new("a\\b\"c"), r#""a\\b\"c""#);
    }

    #[derive(Serialize, ToJson)]
    struct Manifest<'a> {
        root: Utf8PathBuf,
        member: &'a Utf8Path,
        sizes: BTreeMap<Utf8PathBuf, u64>,
        by_name: HashMap<&'a Utf8Path, Vec<Utf8PathBuf>>,
    }

    #[test]
    fn keys_and_derived_types() {
        let sizes: BTreeMap<Utf8PathBuf, u64> = AWKWARD_TEXTS
            .iter()
            .map(|text| Utf8PathBuf::from(*text))
            .zip(0..)
            .collect();
        same!(sizes);
        let manifest = Manifest {
            root: "/work/ünï".into(),
            member: Utf8Path::new("crates/a\"b"),
            sizes,
            by_name: [(Utf8Path::new("k\n"), vec!["v".into()])].into(),
        };
        assert_same(&manifest);
    }
}

mod semver_types {
    use super::*;
    use semver::{Comparator, Version, VersionReq};

    const VERSIONS: &[&str] = &[
        "0.0.0",
        "1.2.3",
        "1.2.3-alpha",
        "1.2.3-alpha.1+build.5",
        "1.2.3+20240229.sha-5114f85",
        "18446744073709551615.18446744073709551615.18446744073709551615",
        "1.0.0-a-very-long-pre-release-identifier.with.many.parts.0.1.2.3.4.5.6.7.8.9+and-a-long-build-tag.too",
    ];

    const REQS: &[&str] = &[
        "*",
        "1",
        "^1.2",
        "~1.2.3",
        "=1.2.3-beta.2",
        ">=1.2.3, <2.0.0",
        "<1.0.0-alpha",
        ">1.2, <=1.5",
        "1.*",
        "1.2.*",
        ">=0.0.0, <1.0.0, >=0.1.0, <0.9.0, >=0.2.0, <0.8.0, >=0.3.0, <0.7.0",
    ];

    #[test]
    fn values() {
        for text in VERSIONS {
            let version = Version::parse(text).unwrap();
            same!(version, Some(version.clone()));
            escapes_like_text(&version, &version.to_string());
        }
        for text in REQS {
            let req = VersionReq::parse(text).unwrap();
            same!(req, req.comparators);
            escapes_like_text(&req, &req.to_string());
            for comparator in &req.comparators {
                same!(comparator);
            }
        }
        same!(VersionReq::STAR, VersionReq::default());
        assert_compact(
            &VersionReq::parse(">=1.2.3, <2").unwrap(),
            r#"">=1.2.3, <2""#,
        );
        assert_compact(&Comparator::parse("~1.2").unwrap(), r#""~1.2""#);
    }

    #[derive(Serialize, ToJson)]
    struct Dependency {
        name: String,
        req: VersionReq,
        resolved: Option<Version>,
        candidates: BTreeMap<Version, bool>,
    }

    #[test]
    fn keys_and_derived_types() {
        let versions: Vec<Version> = VERSIONS
            .iter()
            .map(|t| Version::parse(t).unwrap())
            .collect();
        let dependency = Dependency {
            name: "serde".into(),
            req: VersionReq::parse("^1.0.184").unwrap(),
            resolved: Some(versions[3].clone()),
            candidates: versions.iter().cloned().map(|v| (v, true)).collect(),
        };
        assert_same(&dependency);
        let reqs: HashMap<VersionReq, Comparator> = [(
            VersionReq::parse(">=1, <2").unwrap(),
            Comparator::parse("<3").unwrap(),
        )]
        .into();
        same!(reqs);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_versions(
            numbers: (u64, u64, u64),
            pre in "[0-9A-Za-z-]{1,12}(\\.[0-9A-Za-z-]{1,12}){0,3}",
            build in "[0-9A-Za-z-]{1,12}(\\.[0-9A-Za-z-]{1,12}){0,3}",
        ) {
            let mut version = Version::new(numbers.0, numbers.1, numbers.2);
            assert_same(&version);
            version.pre = semver::Prerelease::new(&pre).unwrap_or_default();
            version.build = semver::BuildMetadata::new(&build).unwrap_or_default();
            assert_same(&version);
            let req = VersionReq::parse(&format!("^{version}")).ok();
            assert_same(&BTreeMap::from([(version.clone(), req)]));
        }
    }
}

mod indexmap_types {
    use super::*;
    use indexmap::{IndexMap, IndexSet};

    /// Keys inserted out of sorted order, so a sorted writer would differ.
    fn sample() -> IndexMap<String, Vec<i32>> {
        [
            ("zeta", vec![3]),
            ("alpha", vec![]),
            ("mü", vec![-1, 2]),
            ("a\"b", vec![i32::MIN, i32::MAX]),
            ("", vec![0]),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect()
    }

    #[test]
    fn maps_and_sets() {
        let map = sample();
        same!(
            map,
            IndexMap::<String, u8>::new(),
            Some(map.clone()),
            vec![map.clone(), IndexMap::new()],
            map.as_slice(),
            IndexMap::<u8, u8>::new().as_slice()
        );
        let numbers: IndexMap<i64, bool> = [(5, true), (-3, false), (i64::MIN, true)]
            .into_iter()
            .collect();
        same!(numbers);
        let chars: IndexMap<char, IndexMap<bool, ()>> = [
            ('z', [(true, ()), (false, ())].into_iter().collect()),
            ('a', IndexMap::new()),
        ]
        .into_iter()
        .collect();
        same!(chars);
        let set: IndexSet<&str> = ["b", "a", "c", "é"].into_iter().collect();
        same!(set, set.as_slice(), IndexSet::<u8>::new());
        assert_compact(&set, r#"["b","a","c","é"]"#);
        assert_compact(
            &numbers.as_slice(),
            r#"[[5,true],[-3,false],[-9223372036854775808,true]]"#,
        );
    }

    #[derive(Serialize, ToJson)]
    struct Record {
        id: u32,
        #[serde(flatten)]
        extra: IndexMap<String, Vec<i32>>,
        tags: IndexSet<String>,
    }

    #[derive(Serialize, ToJson)]
    struct Sparse {
        #[serde(flatten)]
        extra: Option<IndexMap<u16, String>>,
    }

    #[test]
    fn derived_and_flattened() {
        let record = Record {
            id: 7,
            extra: sample(),
            tags: ["x".to_owned(), "a".to_owned()].into_iter().collect(),
        };
        assert_same(&record);
        let empty = Record {
            id: 0,
            extra: IndexMap::new(),
            tags: IndexSet::new(),
        };
        assert_same(&empty);
        same!(
            Sparse { extra: None },
            Sparse {
                extra: Some(IndexMap::new())
            },
            Sparse {
                extra: Some([(2, "b".into()), (1, "a".into())].into_iter().collect())
            }
        );
    }
}

mod small_vectors {
    use super::*;
    use smallvec::SmallVec;

    #[test]
    fn smallvec() {
        let inline: SmallVec<[u8; 4]> = SmallVec::from_slice(&[1, 2]);
        let spilled: SmallVec<[u8; 4]> = SmallVec::from_slice(&[1, 2, 3, 4, 5, 6]);
        assert!(!inline.spilled() && spilled.spilled());
        let strings: SmallVec<[String; 2]> =
            AWKWARD_TEXTS.iter().map(|text| text.to_string()).collect();
        let nested: SmallVec<[SmallVec<[f64; 2]>; 1]> = SmallVec::from_vec(vec![
            SmallVec::from_slice(&[1.5, -0.0]),
            SmallVec::new(),
            SmallVec::from_slice(&[f64::MAX, f64::MIN_POSITIVE, 1e-300]),
        ]);
        same!(
            inline,
            spilled,
            SmallVec::<[u8; 4]>::new(),
            strings,
            nested,
            SmallVec::<[i128; 3]>::from_slice(&[i128::MIN, 0, i128::MAX])
        );
        assert_compact(&spilled, "[1,2,3,4,5,6]");
    }

    #[test]
    fn arrayvec() {
        let mut numbers = arrayvec::ArrayVec::<i64, 4>::new();
        same!(numbers);
        numbers.extend([i64::MIN, -1, 0, i64::MAX]);
        same!(numbers, arrayvec::ArrayVec::<(), 0>::new());
        let mut strings = arrayvec::ArrayVec::<&str, 16>::new();
        strings.extend(AWKWARD_TEXTS.iter().copied());
        same!(strings);

        for text in AWKWARD_TEXTS {
            let string = arrayvec::ArrayString::<128>::from(text).unwrap();
            same!(string, Some(string));
            let keys: BTreeMap<arrayvec::ArrayString<128>, u8> = [(string, 1)].into();
            same!(keys);
        }
        same!(arrayvec::ArrayString::<0>::new());
    }

    #[test]
    fn tinyvec() {
        let mut array = tinyvec::ArrayVec::<[i32; 4]>::new();
        same!(array);
        array.extend([3, -2, 1]);
        same!(array);

        let inline: tinyvec::TinyVec<[String; 2]> = ["a".to_owned()].into_iter().collect();
        let heap: tinyvec::TinyVec<[String; 2]> =
            AWKWARD_TEXTS.iter().map(|text| text.to_string()).collect();
        assert!(inline.is_inline() && heap.is_heap());
        same!(inline, heap, tinyvec::TinyVec::<[u8; 0]>::new());
        assert_compact(&array, "[3,-2,1]");
    }

    #[derive(Serialize, ToJson)]
    struct Buffers {
        small: SmallVec<[u16; 2]>,
        array: arrayvec::ArrayVec<char, 3>,
        label: arrayvec::ArrayString<8>,
        tiny: tinyvec::TinyVec<[bool; 1]>,
        tiny_array: Option<tinyvec::ArrayVec<[u8; 2]>>,
    }

    #[test]
    fn derived_types() {
        let buffers = Buffers {
            small: SmallVec::from_slice(&[1, 2, 3]),
            array: ['a', 'é', '"'].into_iter().collect(),
            label: arrayvec::ArrayString::from("tag\n").unwrap(),
            tiny: [true, false].into_iter().collect(),
            tiny_array: Some(tinyvec::ArrayVec::new()),
        };
        assert_same(&buffers);
    }
}

mod bytes_types {
    use super::*;
    use bytes::{Bytes, BytesMut};

    #[test]
    fn values() {
        let every_byte: Vec<u8> = (0..=255).collect();
        for data in [&b""[..], b"hi", b"\x00\xff", &every_byte] {
            let bytes = Bytes::copy_from_slice(data);
            let bytes_mut = BytesMut::from(data);
            same!(
                bytes,
                bytes_mut,
                Some(bytes.clone()),
                vec![bytes.clone(); 2]
            );
        }
        same!(Bytes::from_static(b"static"), Bytes::new(), BytesMut::new());
        assert_compact(&Bytes::from_static(b"hi"), "[104,105]");
    }

    #[derive(Serialize, ToJson)]
    struct Message {
        topic: String,
        payload: Bytes,
        scratch: BytesMut,
    }

    #[test]
    fn derived_types() {
        let message = Message {
            topic: "t".into(),
            payload: Bytes::from_static(b"{\"not\":\"a string\"}"),
            scratch: BytesMut::with_capacity(64),
        };
        assert_same(&message);
    }
}

mod decimal {
    use std::str::FromStr;

    use super::*;
    use rust_decimal::Decimal;

    fn decimals() -> Vec<Decimal> {
        let mut values: Vec<Decimal> = [
            "0",
            "0.0",
            "-0.00",
            "1",
            "-1",
            "1.50",
            "-10.50",
            "0.1",
            "3.141592653589793238462643383",
            "0.0000000000000000000000000001",
            "-0.0000000000000000000000000001",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
            "7.9228162514264337593543950335",
            "123456789.000000000",
            "1e10",
            "1.5e-20",
        ]
        .iter()
        .map(|text| {
            Decimal::from_str(text)
                .or_else(|_| Decimal::from_scientific(text))
                .unwrap()
        })
        .collect();
        values.extend([
            Decimal::MAX,
            Decimal::MIN,
            Decimal::ZERO,
            Decimal::ONE,
            Decimal::NEGATIVE_ONE,
            Decimal::ONE_HUNDRED,
            Decimal::new(i64::MIN, 0),
            Decimal::new(i64::MAX, 28),
            Decimal::from_parts(0, 0, 0, true, 5),
        ]);
        let mut negative_zero = Decimal::ZERO;
        negative_zero.set_sign_negative(true);
        values.push(negative_zero);
        values
    }

    #[test]
    fn values() {
        for value in decimals() {
            same!(value, Some(value), [value, -value]);
            escapes_like_text(&value, &value.to_string());
        }
        assert_compact(&Decimal::new(-1050, 2), r#""-10.50""#);
    }

    #[derive(Serialize, ToJson)]
    struct Order {
        price: Decimal,
        quantity: Option<Decimal>,
        book: BTreeMap<Decimal, Decimal>,
        fees: HashMap<String, Decimal>,
    }

    #[test]
    fn keys_and_derived_types() {
        let all = decimals();
        let book: BTreeMap<Decimal, Decimal> = all.iter().map(|d| (*d, d.abs())).collect();
        same!(book);
        let order = Order {
            price: Decimal::new(19999, 2),
            quantity: None,
            book,
            fees: [("maker".into(), Decimal::new(-25, 4))].into(),
        };
        assert_same(&order);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_decimals(lo: u32, mid: u32, hi: u32, negative: bool, scale in 0u32..=28) {
            let value = Decimal::from_parts(lo, mid, hi, negative, scale);
            assert_same(&value);
            assert_same(&BTreeMap::from([(value, value)]));
        }
    }
}

mod ordered_floats {
    use super::*;
    use ordered_float::{NotNan, OrderedFloat};

    const F64S: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.5,
        0.1,
        1e15,
        1e16,
        1e-7,
        123_456_789.123_456_78,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        5e-324,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];

    const F32S: &[f32] = &[
        0.0,
        -0.0,
        1.0,
        0.1,
        16777216.0,
        f32::MAX,
        f32::MIN_POSITIVE,
        1e-45,
        f32::INFINITY,
        f32::NAN,
    ];

    #[test]
    fn values() {
        for &value in F64S {
            same!(OrderedFloat(value), Some(OrderedFloat(value)));
            if let Ok(not_nan) = NotNan::new(value) {
                same!(not_nan);
            }
        }
        for &value in F32S {
            same!(OrderedFloat(value));
            if let Ok(not_nan) = NotNan::new(value) {
                same!(not_nan);
            }
        }
        let all: Vec<OrderedFloat<f64>> = F64S.iter().copied().map(OrderedFloat).collect();
        same!(all);
        assert_compact(&OrderedFloat(f64::NAN), "null");
        assert_compact(&NotNan::new(f64::INFINITY).unwrap(), "null");
        assert_compact(&OrderedFloat(1.0f32), "1.0");
    }

    #[derive(Serialize, ToJson)]
    struct Sample {
        score: OrderedFloat<f64>,
        weight: NotNan<f32>,
        history: Vec<OrderedFloat<f32>>,
        by_id: BTreeMap<u32, NotNan<f64>>,
    }

    #[test]
    fn derived_types() {
        let sample = Sample {
            score: OrderedFloat(f64::NAN),
            weight: NotNan::new(0.25).unwrap(),
            history: F32S.iter().copied().map(OrderedFloat).collect(),
            by_id: [
                (1, NotNan::new(-0.0).unwrap()),
                (2, NotNan::new(1e300).unwrap()),
            ]
            .into(),
        };
        assert_same(&sample);
    }

    #[test]
    fn finite_keys() {
        // serde_json 1.0.154 accepts finite float keys, so ordered-float's
        // wrappers, which make floats `Ord`, are keys too.
        let keys: BTreeMap<OrderedFloat<f64>, u8> = F64S
            .iter()
            .copied()
            .filter(|f| f.is_finite())
            .map(OrderedFloat)
            .zip(0..)
            .collect();
        assert!(keys.len() > 3);
        assert_same(&keys);
        let not_nan: BTreeMap<NotNan<f32>, u8> = [
            (NotNan::new(1.5f32).unwrap(), 1),
            (NotNan::new(-0.0f32).unwrap(), 2),
        ]
        .into();
        assert_same(&not_nan);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_floats(bits: u64, bits32: u32) {
            assert_same(&OrderedFloat(f64::from_bits(bits)));
            assert_same(&OrderedFloat(f32::from_bits(bits32)));
        }
    }
}

mod small_strings {
    use super::*;
    use compact_str::CompactString;
    use smol_str::SmolStr;

    #[test]
    fn values() {
        for &text in AWKWARD_TEXTS {
            let compact = CompactString::from(text);
            let smol = SmolStr::from(text);
            same!(compact, smol, Some(compact.clone()), vec![smol.clone(); 2]);
            escapes_like_text(&compact, text);
            escapes_like_text(&smol, text);
        }
        same!(
            SmolStr::new_static("static"),
            CompactString::const_new("const")
        );
    }

    #[derive(Serialize, ToJson)]
    struct Names {
        compact: CompactString,
        smol: SmolStr,
        by_compact: BTreeMap<CompactString, SmolStr>,
        by_smol: HashMap<SmolStr, Vec<CompactString>>,
    }

    #[test]
    fn keys_and_derived_types() {
        let names = Names {
            compact: "compact \"str\"".into(),
            smol: "smol\tstr".into(),
            by_compact: AWKWARD_TEXTS
                .iter()
                .map(|t| ((*t).into(), (*t).into()))
                .collect(),
            by_smol: [("k\u{0}".into(), vec!["v".into(), "é".into()])].into(),
        };
        assert_same(&names);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_strings(text in any::<String>()) {
            assert_same(&CompactString::from(text.as_str()));
            assert_same(&SmolStr::from(text.as_str()));
            assert_same(&camino::Utf8PathBuf::from(text.as_str()));
            let key = SmolStr::from(text.as_str());
            assert_same(&BTreeMap::from([(key, CompactString::from(text.as_str()))]));
        }
    }
}

mod either_type {
    use super::*;
    use either::Either;

    #[test]
    fn values() {
        let left: Either<i32, String> = Either::Left(-7);
        let right: Either<i32, String> = Either::Right("text \"quoted\"".into());
        same!(
            left,
            right,
            Some(left.clone()),
            vec![left.clone(), right.clone()]
        );
        let nested: Either<Either<(), Vec<u8>>, Option<bool>> =
            Either::Left(Either::Right(vec![1, 2]));
        same!(
            nested,
            Either::<Either<(), Vec<u8>>, Option<bool>>::Left(Either::Left(())),
            Either::<Either<(), Vec<u8>>, Option<bool>>::Right(None),
            Either::<BTreeMap<String, u8>, ()>::Left(BTreeMap::new())
        );
        assert_compact(&left, r#"{"Left":-7}"#);
        assert_compact(&Either::<u8, &str>::Right("r"), r#"{"Right":"r"}"#);
    }

    #[derive(Serialize, ToJson)]
    struct Choice {
        id: u32,
        pick: Either<u32, String>,
        #[serde(flatten)]
        flattened: Either<Vec<u8>, BTreeMap<String, u8>>,
    }

    #[derive(Serialize, ToJson)]
    struct OnlyFlattened {
        #[serde(flatten)]
        inner: Option<Either<u8, bool>>,
    }

    #[test]
    fn derived_and_flattened() {
        same!(
            Choice {
                id: 1,
                pick: Either::Left(2),
                flattened: Either::Left(vec![3, 4]),
            },
            Choice {
                id: 5,
                pick: Either::Right("six".into()),
                flattened: Either::Right([("seven".into(), 7)].into()),
            },
            OnlyFlattened { inner: None },
            OnlyFlattened {
                inner: Some(Either::Left(1))
            },
            OnlyFlattened {
                inner: Some(Either::Right(false))
            }
        );
    }
}
