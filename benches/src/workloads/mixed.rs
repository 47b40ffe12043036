//! A "MainTestObject" in the style of serializer benchmarks: enums with unit
//! and data variants, nested objects, options, floats, dates written as
//! strings, and lists and maps of a few hundred elements, all drawn from a
//! fixed-seed generator.

use std::collections::BTreeMap;

use json_runtime::ToJson;
use serde::Serialize;

use crate::prng::SplitMix64;

/// The root object.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct MainTestObject {
    /// An id.
    pub id: u64,
    /// A GUID-like string.
    pub guid: String,
    /// A title.
    pub title: String,
    /// Text with quotes, backslashes, control and non-ASCII characters.
    pub description: String,
    /// A unit-only enum.
    pub kind: Kind,
    /// An enum with data variants.
    pub status: Status,
    /// A date as a string.
    pub created_at: String,
    /// An optional date.
    pub updated_at: Option<String>,
    /// Always `None`: written as `null`.
    pub deleted_at: Option<String>,
    /// Omitted when `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Never written.
    #[serde(skip)]
    pub cache: Vec<u8>,
    /// A float.
    pub score: f64,
    /// An optional float.
    pub ratio: Option<f64>,
    /// A single-precision float.
    pub temperature: f32,
    /// A negative integer.
    pub balance: i64,
    /// A large unsigned integer.
    #[serde(rename = "bigNumber")]
    pub big: u64,
    /// The owner.
    pub owner: Person,
    /// Tags.
    pub tags: Vec<String>,
    /// Flags.
    pub flags: Vec<bool>,
    /// Floats.
    pub measurements: Vec<f64>,
    /// A few hundred nested objects.
    pub children: Vec<Child>,
    /// A few hundred keyed objects.
    pub attributes: BTreeMap<String, Attribute>,
    /// A map of counters.
    pub counters: BTreeMap<String, i64>,
    /// Events, one enum per element.
    pub events: Vec<Event>,
}

/// A unit-only enum.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    /// A.
    FirstKind,
    /// B.
    SecondKind,
    /// C, renamed.
    #[serde(rename = "kind-three")]
    ThirdKind,
}

/// An enum with unit, newtype, tuple and struct variants.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// Unit.
    Active,
    /// Newtype.
    Suspended(String),
    /// Tuple.
    Moved(i32, i32),
    /// Struct.
    Archived {
        /// When.
        at: String,
        /// By whom.
        by: Option<String>,
    },
}

/// A person.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Age.
    pub age: u8,
    /// E-mail, if known.
    pub email: Option<String>,
    /// Address.
    pub address: Address,
}

/// An address.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    /// Street.
    pub street: String,
    /// City.
    pub city: String,
    /// Postal code.
    pub zip_code: String,
    /// Latitude and longitude.
    pub location: (f64, f64),
}

/// A nested list element.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Child {
    /// Index.
    pub index: u32,
    /// Name.
    pub name: String,
    /// A float.
    pub weight: f64,
    /// A flag.
    pub enabled: bool,
    /// Birthday as a date string.
    pub birthday: String,
    /// Optional parent index.
    pub parent: Option<u32>,
    /// Kind.
    pub kind: Kind,
    /// Small list.
    pub scores: Vec<i32>,
}

/// A map value.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Attribute {
    /// Display label.
    pub label: String,
    /// A value.
    pub value: f64,
    /// Unit, if any.
    pub unit: Option<String>,
    /// A date string.
    pub modified: String,
}

/// An event.
#[derive(Debug, Clone, Serialize, ToJson)]
pub enum Event {
    /// Unit.
    Started,
    /// Newtype carrying a struct.
    Progress(Progress),
    /// Struct variant.
    Finished {
        /// Date string.
        at: String,
        /// Exit code.
        code: i32,
    },
    /// Tuple variant.
    Point(f64, f64, String),
}

/// Payload of [`Event::Progress`].
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Percent done.
    pub percent: f64,
    /// Message.
    pub message: String,
}

const WORDS: [&str; 16] = [
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "zeta",
    "eta",
    "theta",
    "iota",
    "kappa",
    "lambda",
    "mu",
    "Ünïcødé",
    "日本語",
    "emoji 🚀",
    "quote \" and \\ backslash",
];

fn date(rng: &mut SplitMix64) -> String {
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        rng.range(1990, 2031),
        rng.range(1, 13),
        rng.range(1, 29),
        rng.range(0, 24),
        rng.range(0, 60),
        rng.range(0, 60),
        rng.range(0, 1000)
    )
}

fn words(rng: &mut SplitMix64, n: u64) -> String {
    let n = rng.range(1, n + 1);
    let mut s = String::new();
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        let word: &str = rng.pick::<&str>(&WORDS);
        s.push_str(word);
    }
    s
}

fn kind(rng: &mut SplitMix64) -> Kind {
    *rng.pick(&[Kind::FirstKind, Kind::SecondKind, Kind::ThirdKind])
}

/// Elements in each of the larger lists and maps.
pub const ELEMENTS: usize = 300;

/// The object for `seed`.
pub fn build(seed: u64) -> MainTestObject {
    let mut rng = SplitMix64::new(seed);
    let r = &mut rng;
    let children = (0..ELEMENTS as u32)
        .map(|index| Child {
            index,
            name: words(r, 3),
            weight: r.next_f64() * 100.0,
            enabled: r.chance(0.5),
            birthday: date(r),
            parent: if r.chance(0.3) {
                None
            } else {
                Some(r.range(0, index as u64 + 1) as u32)
            },
            kind: kind(r),
            scores: (0..r.range(0, 6))
                .map(|_| r.range(0, 2000) as i32 - 1000)
                .collect(),
        })
        .collect();
    let attributes = (0..ELEMENTS)
        .map(|i| {
            let key = format!("attr-{i:04}-{}", r.range(0, 1 << 20));
            let value = Attribute {
                label: words(r, 4),
                value: (r.next_f64() - 0.5) * 1e6,
                unit: if r.chance(0.5) {
                    Some(r.pick(&["kg", "m", "s", "°C"]).to_string())
                } else {
                    None
                },
                modified: date(r),
            };
            (key, value)
        })
        .collect();
    let counters = (0..ELEMENTS)
        .map(|i| (format!("counter{i}"), r.next_u64() as i64 >> r.range(0, 60)))
        .collect();
    let events = (0..ELEMENTS)
        .map(|_| match r.range(0, 4) {
            0 => Event::Started,
            1 => Event::Progress(Progress {
                percent: (r.range(0, 10_000) as f64) / 100.0,
                message: words(r, 5),
            }),
            2 => Event::Finished {
                at: date(r),
                code: r.range(0, 256) as i32 - 128,
            },
            _ => Event::Point(
                r.next_f64() * 360.0 - 180.0,
                r.next_f64() * 180.0 - 90.0,
                words(r, 2),
            ),
        })
        .collect();
    MainTestObject {
        id: r.next_u64() >> 12,
        guid: format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
            r.next_u64() as u32,
            r.next_u64() as u16,
            r.next_u64() as u16,
            r.next_u64() as u16,
            r.next_u64() >> 16
        ),
        title: words(r, 6),
        description: "Line one\nline two\ttabbed, \"quoted\", back\\slash, bell \u{7}, nul \u{0}, \
                      del \u{7f}, é, 中文, 🚀 and </script>"
            .to_owned(),
        kind: kind(r),
        status: Status::Archived {
            at: date(r),
            by: Some(words(r, 2)),
        },
        created_at: date(r),
        updated_at: Some(date(r)),
        deleted_at: None,
        note: None,
        cache: vec![1, 2, 3],
        score: r.next_f64(),
        ratio: Some(1.0 / 3.0),
        temperature: -17.25,
        balance: -(r.next_u64() as i64 >> 3).abs(),
        big: u64::MAX - r.range(0, 1000),
        owner: Person {
            first_name: "Zoë".to_owned(),
            last_name: words(r, 1),
            age: r.range(18, 99) as u8,
            email: Some("zoe@example.com".to_owned()),
            address: Address {
                street: words(r, 3),
                city: words(r, 1),
                zip_code: format!("{:05}", r.range(0, 100_000)),
                location: (r.next_f64() * 180.0 - 90.0, r.next_f64() * 360.0 - 180.0),
            },
        },
        tags: (0..ELEMENTS).map(|_| words(r, 2)).collect(),
        flags: (0..ELEMENTS).map(|_| r.chance(0.5)).collect(),
        measurements: (0..ELEMENTS)
            .map(|i| match i % 5 {
                0 => r.next_f64(),
                1 => (r.next_f64() - 0.5) * 1e300,
                2 => r.next_f64() * 1e-300,
                3 => r.range(0, 1 << 53) as f64,
                _ => (r.range(0, 100_000) as f64) / 8.0,
            })
            .collect(),
        children,
        attributes,
        counters,
        events,
    }
}

/// Variants the generator would not otherwise reach, for tests.
pub fn statuses() -> Vec<Status> {
    vec![
        Status::Active,
        Status::Suspended("why".to_owned()),
        Status::Moved(-1, 2),
        Status::Archived {
            at: "2020-01-01".to_owned(),
            by: None,
        },
    ]
}
