//! One workload per shape of type (issue 40): integers of every width,
//! floats, strings with and without escapes, enums in each of serde's
//! representations, maps, recursion, `flatten`, nested sequences, a large
//! document of `HashMap`s and a `serde_json::Value`. Each family is drawn
//! from a fixed-seed generator, about 1 MB of compact JSON (the large
//! document about 24 MB), so that a regression in one encoder shows as a
//! ratio of its own instead of a fraction of a mixed workload.
//!
//! The main job runs each family as `shapes/<family>` (compact) and
//! `shapes/<family> (pretty)`; [`Family::run`] builds the value and hands
//! it, with the family's floor rows, to a [`Sink`].

use std::collections::{BTreeMap, HashMap};
use std::hint::black_box;

use json_runtime::ToJson;
use serde::Serialize;

use crate::harness::{self, names, Library, Method};
use crate::prng::SplitMix64;
use crate::Value;

/// The prefix of every shapes workload's name, and the group's filter
/// (without the slash).
pub const PREFIX: &str = "shapes/";

/// What a family's value is handed to: the main job times it, the tests
/// compare its bytes.
pub trait Sink {
    /// `value`, and the rows that do part of its work alone (the floors;
    /// empty for most families).
    fn shape<'a, T: Value + ?Sized>(&mut self, value: &'a T, floors: Vec<Method<'a>>);
}

/// How large a value to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// The main job's size: about 1 MB of compact JSON per family (the
    /// large document about 24 MB).
    Bench,
    /// A fiftieth of that, for the tests.
    Test,
}

impl Scale {
    /// `bench` elements at [`Scale::Bench`], fewer for the tests.
    fn of(self, bench: usize) -> usize {
        match self {
            Scale::Bench => bench,
            Scale::Test => (bench / 50).max(4),
        }
    }
}

/// A shape of type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Integers of every width, all digit counts.
    Ints,
    /// 19-digit `u64` and `i64` ids.
    Ids19,
    /// `Option<i64>` and `Option<u32>`, half `None`.
    OptionInt,
    /// `f64` of random magnitudes.
    Floats,
    /// `bool` fields.
    Bools,
    /// Short ASCII strings without escapes.
    ShortAscii,
    /// Prose with an escape every 10 to 20 characters.
    EscapeHeavy,
    /// Multibyte UTF-8 text without escapes.
    NonAscii,
    /// Unit-only enums, some renamed.
    UnitEnums,
    /// Enums with data variants, externally tagged (serde's default).
    ExternallyTagged,
    /// `#[serde(tag = "type")]`.
    InternallyTagged,
    /// `#[serde(tag = "t", content = "c")]`.
    AdjacentlyTagged,
    /// `#[serde(untagged)]`.
    Untagged,
    /// `HashMap<String, u32>`.
    MapStringKeysHash,
    /// `BTreeMap<String, u32>`.
    MapStringKeysBtree,
    /// `HashMap<u32, String>`.
    MapIntKeysHash,
    /// `BTreeMap<u64, String>`.
    MapIntKeysBtree,
    /// A tree: `children: Vec<Self>` and `next: Option<Box<Self>>`.
    Recursive,
    /// `#[serde(flatten)]` of a struct and of a map.
    Flatten,
    /// `Vec<u32>`.
    VecU32,
    /// `Vec<i64>`.
    VecI64,
    /// `Vec<Vec<i32>>`.
    VecVecI32,
    /// `Vec<Vec<u8>>` of 0 to 5 bytes each.
    VecVecU8Short,
    /// A large document of nested `HashMap`s.
    LargeDocHash,
    /// A `serde_json::Value`.
    Value,
    /// `Vec<Option<u32>>`, a third `None`.
    VecOptionU32,
    /// `Vec<Vec<bool>>` of 0 to 20 each.
    VecVecBool,
    /// `Vec<(u32, i64)>`: pairs, written as arrays.
    Tuples,
    /// `HashMap<String, Vec<u32>>` of 0 to 3 integers a value.
    MapStringVecs,
    /// Rows that each hold two small maps of small values.
    MapRows,
}

impl Family {
    /// Every family, in the order they run and are reported.
    pub const ALL: [Family; 30] = [
        Family::Ints,
        Family::Ids19,
        Family::OptionInt,
        Family::Floats,
        Family::Bools,
        Family::ShortAscii,
        Family::EscapeHeavy,
        Family::NonAscii,
        Family::UnitEnums,
        Family::ExternallyTagged,
        Family::InternallyTagged,
        Family::AdjacentlyTagged,
        Family::Untagged,
        Family::MapStringKeysHash,
        Family::MapStringKeysBtree,
        Family::MapIntKeysHash,
        Family::MapIntKeysBtree,
        Family::Recursive,
        Family::Flatten,
        Family::VecU32,
        Family::VecI64,
        Family::VecVecI32,
        Family::VecVecU8Short,
        Family::VecOptionU32,
        Family::VecVecBool,
        Family::Tuples,
        Family::MapStringVecs,
        Family::MapRows,
        // Last: its 23 MB (48 MB pretty) leave glibc's heap serving every
        // later output of a megabyte or so with fresh page faults, and
        // the families after it would read worse than alone.
        Family::Value,
        Family::LargeDocHash,
    ];

    /// The family's name, the last part of its workloads' names.
    pub fn name(self) -> &'static str {
        match self {
            Family::Ints => "ints",
            Family::Ids19 => "ids19",
            Family::OptionInt => "option_int",
            Family::Floats => "floats",
            Family::Bools => "bools",
            Family::ShortAscii => "short_ascii",
            Family::EscapeHeavy => "escape_heavy",
            Family::NonAscii => "non_ascii",
            Family::UnitEnums => "unit_enums",
            Family::ExternallyTagged => "externally_tagged",
            Family::InternallyTagged => "internally_tagged",
            Family::AdjacentlyTagged => "adjacently_tagged",
            Family::Untagged => "untagged",
            Family::MapStringKeysHash => "map_string_keys_hash",
            Family::MapStringKeysBtree => "map_string_keys_btree",
            Family::MapIntKeysHash => "map_int_keys_hash",
            Family::MapIntKeysBtree => "map_int_keys_btree",
            Family::Recursive => "recursive",
            Family::Flatten => "flatten",
            Family::VecU32 => "vec_u32",
            Family::VecI64 => "vec_i64",
            Family::VecVecI32 => "vec_vec_i32",
            Family::VecVecU8Short => "vec_vec_u8_short",
            Family::LargeDocHash => "large_doc_hash",
            Family::Value => "value",
            Family::VecOptionU32 => "vec_option_u32",
            Family::VecVecBool => "vec_vec_bool",
            Family::Tuples => "tuples",
            Family::MapStringVecs => "map_string_vecs",
            Family::MapRows => "map_rows",
        }
    }

    /// The family with this name.
    pub fn from_name(name: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The compact workload's name: `shapes/<family>`.
    pub fn workload(self) -> String {
        format!("{PREFIX}{}", self.name())
    }

    /// The pretty workload's name: `shapes/<family> (pretty)`.
    pub fn pretty_workload(self) -> String {
        format!("{PREFIX}{} (pretty)", self.name())
    }

    /// The method name of the family's floor row, if it has one: the part
    /// of the work that bounds it, done alone.
    pub fn floor(self) -> Option<&'static str> {
        match self {
            Family::Floats => Some(names::FLOAT_FLOOR),
            Family::LargeDocHash => Some(names::DOC_WALK_FLOOR),
            Family::Value => Some(names::VALUE_WALK_FLOOR),
            _ => None,
        }
    }

    /// Builds the family's value at `scale` from its fixed seed and hands
    /// it to `sink`, with its floor rows.
    pub fn run<S: Sink>(self, scale: Scale, sink: &mut S) {
        let mut rng = SplitMix64::new(0x5AA9E5 ^ ((self as u64 + 1) << 32));
        let r = &mut rng;
        let n = |bench: usize| scale.of(bench);
        match self {
            Family::Ints => sink.shape(&repeat(n(9_000), r, ints), Vec::new()),
            Family::Ids19 => sink.shape(&repeat(n(12_000), r, ids19), Vec::new()),
            Family::OptionInt => sink.shape(&repeat(n(20_000), r, option_ints), Vec::new()),
            Family::Floats => {
                let points = repeat(n(9_000), r, point);
                let floats: Vec<f64> = points.iter().flat_map(Point::floats).collect();
                sink.shape(&points, vec![harness::float_floor_method(&floats)]);
            }
            Family::Bools => sink.shape(&repeat(n(10_000), r, flags), Vec::new()),
            Family::ShortAscii => sink.shape(&repeat(n(14_000), r, names_row), Vec::new()),
            Family::EscapeHeavy => sink.shape(&repeat(n(2_500), r, doc_comment), Vec::new()),
            Family::NonAscii => sink.shape(&repeat(n(6_000), r, text_row), Vec::new()),
            Family::UnitEnums => sink.shape(&repeat(n(12_000), r, enums_row), Vec::new()),
            Family::ExternallyTagged => sink.shape(&repeat(n(20_000), r, external), Vec::new()),
            Family::InternallyTagged => sink.shape(&repeat(n(14_000), r, internal), Vec::new()),
            Family::AdjacentlyTagged => sink.shape(&repeat(n(20_000), r, adjacent), Vec::new()),
            Family::Untagged => sink.shape(&repeat(n(90_000), r, untagged), Vec::new()),
            Family::MapStringKeysHash => sink.shape(
                &repeat(n(3_500), r, |r| StringKeysHash {
                    id: r.next_u64() as u32,
                    counts: string_keyed(r),
                }),
                Vec::new(),
            ),
            Family::MapStringKeysBtree => sink.shape(
                &repeat(n(3_500), r, |r| StringKeysBtree {
                    id: r.next_u64() as u32,
                    counts: string_keyed(r),
                }),
                Vec::new(),
            ),
            Family::MapIntKeysHash => sink.shape(
                &repeat(n(3_000), r, |r| IntKeysHash {
                    id: r.next_u64() as u32,
                    names: int_keyed(r, u64::from(u32::MAX))
                        .into_iter()
                        .map(|(k, v)| (k as u32, v))
                        .collect(),
                }),
                Vec::new(),
            ),
            Family::MapIntKeysBtree => sink.shape(
                &repeat(n(2_500), r, |r| IntKeysBtree {
                    id: r.next_u64() as u32,
                    names: int_keyed(r, u64::MAX).into_iter().collect(),
                }),
                Vec::new(),
            ),
            Family::Recursive => sink.shape(&repeat(n(1_500), r, |r| node(r, 0)), Vec::new()),
            Family::Flatten => sink.shape(&repeat(n(8_000), r, flat), Vec::new()),
            Family::VecU32 => sink.shape(
                &repeat(n(150_000), r, |r| r.range(0, 1 << 20) as u32),
                Vec::new(),
            ),
            Family::VecI64 => sink.shape(
                &repeat(n(100_000), r, |r| spread_i(r, i64::MAX)),
                Vec::new(),
            ),
            Family::VecVecI32 => sink.shape(
                &repeat(n(14_000), r, |r| {
                    let len = r.range(0, 21) as usize;
                    repeat(len, r, |r| spread_i(r, i64::from(i32::MAX)) as i32)
                }),
                Vec::new(),
            ),
            Family::VecVecU8Short => sink.shape(
                &repeat(n(110_000), r, |r| {
                    let len = r.range(0, 6) as usize;
                    repeat(len, r, |r| r.next_u64() as u8)
                }),
                Vec::new(),
            ),
            Family::VecOptionU32 => sink.shape(
                &repeat(n(160_000), r, |r| {
                    let value = spread(r, u32::MAX.into()) as u32;
                    (r.range(0, 3) != 0).then_some(value)
                }),
                Vec::new(),
            ),
            Family::VecVecBool => sink.shape(
                &repeat(n(20_000), r, |r| {
                    let len = r.range(0, 21) as usize;
                    repeat(len, r, |r| r.chance(0.5))
                }),
                Vec::new(),
            ),
            Family::Tuples => sink.shape(
                &repeat(n(50_000), r, |r| {
                    (spread(r, u32::MAX.into()) as u32, spread_i(r, i64::MAX))
                }),
                Vec::new(),
            ),
            Family::MapStringVecs => sink.shape(
                &repeat(n(3_000), r, |r| {
                    let len = r.range(5, 31);
                    (0..len)
                        .map(|_| {
                            let key_len = r.range(3, 13) as usize;
                            let key = from_alphabet(r, &ASCII[..62], key_len);
                            let items = r.range(0, 4) as usize;
                            (key, repeat(items, r, |r| r.range(0, 1_000) as u32))
                        })
                        .collect::<HashMap<String, Vec<u32>>>()
                }),
                Vec::new(),
            ),
            Family::MapRows => sink.shape(&repeat(n(1_700), r, map_row), Vec::new()),
            Family::LargeDocHash => {
                let doc = catalog(r, n(300), n(500));
                sink.shape(&doc, vec![doc_walk_floor_method(&doc)]);
            }
            Family::Value => {
                let value = value_items(r, n(5_000));
                sink.shape(&value, vec![harness::value_walk_floor_method(&value)]);
            }
        }
    }
}

fn repeat<T>(n: usize, r: &mut SplitMix64, mut f: impl FnMut(&mut SplitMix64) -> T) -> Vec<T> {
    (0..n).map(|_| f(r)).collect()
}

// ---------------------------------------------------------------------
// Numbers.

/// Decimal digits of `n` (1 for 0).
fn digits(n: u64) -> u32 {
    n.checked_ilog10().map_or(1, |l| l + 1)
}

/// Uniform in `lo..=hi`.
fn inclusive(r: &mut SplitMix64, lo: u64, hi: u64) -> u64 {
    match (hi - lo).checked_add(1) {
        Some(span) => lo + r.next_u64() % span,
        None => r.next_u64(),
    }
}

/// A number in `0..=max` whose digit count is uniform over
/// `1..=digits(max)`: every length of number as often as every other,
/// where a uniform draw would give nearly all of them the most digits.
fn spread(r: &mut SplitMix64, max: u64) -> u64 {
    let d = r.range(1, u64::from(digits(max)) + 1) as u32;
    let lo = if d == 1 { 0 } else { 10u64.pow(d - 1) };
    let hi = 10u64.checked_pow(d).map_or(max, |p| (p - 1).min(max));
    inclusive(r, lo, hi)
}

/// [`spread`] with a random sign, down to `-max - 1`.
fn spread_i(r: &mut SplitMix64, max: i64) -> i64 {
    if r.chance(0.5) {
        // -(max + 1) as the magnitude's upper end: i64::MIN included.
        let magnitude = spread(r, max as u64 + 1);
        (-i128::from(magnitude)) as i64
    } else {
        spread(r, max as u64) as i64
    }
}

/// Integers of every width.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Ints {
    /// `u8`.
    pub byte: u8,
    /// `u16`.
    pub short: u16,
    /// `u32`.
    pub int: u32,
    /// `u64`.
    pub long: u64,
    /// `i8`.
    pub sbyte: i8,
    /// `i16`.
    pub sshort: i16,
    /// `i32`.
    pub sint: i32,
    /// `i64`.
    pub slong: i64,
}

fn ints(r: &mut SplitMix64) -> Ints {
    Ints {
        byte: spread(r, u8::MAX.into()) as u8,
        short: spread(r, u16::MAX.into()) as u16,
        int: spread(r, u32::MAX.into()) as u32,
        long: spread(r, u64::MAX),
        sbyte: spread_i(r, i8::MAX.into()) as i8,
        sshort: spread_i(r, i16::MAX.into()) as i16,
        sint: spread_i(r, i32::MAX.into()) as i32,
        slong: spread_i(r, i64::MAX),
    }
}

/// 19-digit ids.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Ids19 {
    /// An unsigned id.
    pub id: u64,
    /// A signed id, either sign.
    pub parent_id: i64,
    /// Another unsigned id.
    pub owner_id: u64,
}

fn ids19(r: &mut SplitMix64) -> Ids19 {
    const LO: u64 = 1_000_000_000_000_000_000;
    let parent = inclusive(r, LO, i64::MAX as u64) as i64;
    Ids19 {
        id: inclusive(r, LO, 10 * LO - 1),
        parent_id: if r.chance(0.5) { -parent } else { parent },
        owner_id: inclusive(r, LO, 10 * LO - 1),
    }
}

/// Optional integers, half of them `None`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct OptionInts {
    /// `Option<i64>`.
    pub offset: Option<i64>,
    /// `Option<u32>`.
    pub limit: Option<u32>,
    /// `Option<i64>`.
    pub delta: Option<i64>,
    /// `Option<u32>`.
    pub total: Option<u32>,
}

fn option_ints(r: &mut SplitMix64) -> OptionInts {
    let i64s = |r: &mut SplitMix64| r.chance(0.5).then(|| spread_i(r, i64::MAX));
    let u32s = |r: &mut SplitMix64| r.chance(0.5).then(|| spread(r, u32::MAX.into()) as u32);
    OptionInts {
        offset: i64s(r),
        limit: u32s(r),
        delta: i64s(r),
        total: u32s(r),
    }
}

/// Four floats.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Point {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// z.
    pub z: f64,
    /// w.
    pub w: f64,
}

impl Point {
    /// The floats in the order `to_vec` writes them.
    pub fn floats(&self) -> [f64; 4] {
        [self.x, self.y, self.z, self.w]
    }
}

/// A float of random sign and magnitude, from 1e-30 to 1e31, with a full
/// 53-bit mantissa.
fn float(r: &mut SplitMix64) -> f64 {
    let mantissa = 1.0 + r.next_f64() * 9.0;
    let exponent = r.range(0, 61) as i32 - 30;
    let f = mantissa * 10f64.powi(exponent);
    if r.chance(0.5) {
        -f
    } else {
        f
    }
}

fn point(r: &mut SplitMix64) -> Point {
    Point {
        x: float(r),
        y: float(r),
        z: float(r),
        w: float(r),
    }
}

/// Flags.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Flags {
    /// A flag.
    pub active: bool,
    /// A flag.
    pub visible: bool,
    /// A flag.
    pub deleted: bool,
    /// A flag.
    pub admin: bool,
    /// A flag.
    pub verified: bool,
    /// A flag.
    pub locked: bool,
    /// A flag.
    pub public: bool,
    /// A flag.
    pub archived: bool,
}

fn flags(r: &mut SplitMix64) -> Flags {
    let mut b = || r.chance(0.5);
    Flags {
        active: b(),
        visible: b(),
        deleted: b(),
        admin: b(),
        verified: b(),
        locked: b(),
        public: b(),
        archived: b(),
    }
}

// ---------------------------------------------------------------------
// Strings.

/// `len` characters drawn from `alphabet`.
fn from_alphabet(r: &mut SplitMix64, alphabet: &[u8], len: usize) -> String {
    (0..len).map(|_| char::from(*r.pick(alphabet))).collect()
}

const ASCII: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.";

/// 3 to 16 ASCII characters, none of them escaped.
fn short_ascii(r: &mut SplitMix64) -> String {
    let len = r.range(3, 17) as usize;
    from_alphabet(r, ASCII, len)
}

/// Short ASCII strings.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Names {
    /// A name.
    pub first: String,
    /// A name.
    pub last: String,
    /// A name.
    pub city: String,
    /// A code.
    pub code: String,
}

fn names_row(r: &mut SplitMix64) -> Names {
    Names {
        first: short_ascii(r),
        last: short_ascii(r),
        city: short_ascii(r),
        code: short_ascii(r),
    }
}

const PROSE: [&str; 24] = [
    "the", "value", "returns", "an", "error", "if", "writer", "fails", "see", "also", "buffer",
    "is", "flushed", "when", "dropped", "call", "this", "with", "a", "slice", "of", "bytes",
    "panics", "never",
];

/// What the doc comments escape: newlines, quotes, backslashes, tabs.
const ESCAPED: [&str; 6] = ["\n", "\"", "\\", "\t", "\n\n", "\\n"];

/// Prose like a doc comment, 150 to 600 characters, with an escaped
/// character every 10 to 20 characters.
fn prose(r: &mut SplitMix64) -> String {
    let len = r.range(150, 601) as usize;
    let mut s = String::with_capacity(len + 20);
    let mut next_escape = r.range(10, 21) as usize;
    while s.len() < len {
        if s.len() >= next_escape {
            s.push_str(r.pick::<&str>(&ESCAPED));
            next_escape = s.len() + r.range(10, 21) as usize;
        } else {
            if !s.is_empty() && !s.ends_with(['\n', '\t', ' ']) {
                s.push(' ');
            }
            s.push_str(r.pick::<&str>(&PROSE));
        }
    }
    s
}

/// A documented item.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct DocComment {
    /// Its path, no escapes.
    pub path: String,
    /// Its docs, escape-heavy.
    pub docs: String,
}

fn doc_comment(r: &mut SplitMix64) -> DocComment {
    DocComment {
        path: format!("crate::{}::{}", r.pick(&PROSE), r.pick(&PROSE)),
        docs: prose(r),
    }
}

const MULTIBYTE: [&str; 24] = [
    "café",
    "naïve",
    "Zürich",
    "São Paulo",
    "Ærøskøbing",
    "Dvořák",
    "façade",
    "Łódź",
    "日本語",
    "東京都",
    "中文字符",
    "서울",
    "Привет",
    "Ελλάδα",
    "🚀",
    "🎉",
    "👍🏽",
    "🦀",
    "mañana",
    "crème brûlée",
    "北京",
    "ありがとう",
    "İstanbul",
    "smörgåsbord",
];

/// 20 to 120 bytes of words that are mostly multibyte UTF-8, none
/// escaped.
fn multibyte(r: &mut SplitMix64) -> String {
    let len = r.range(20, 121) as usize;
    let mut s = String::with_capacity(len + 20);
    while s.len() < len {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(r.pick::<&str>(&MULTIBYTE));
    }
    s
}

/// Text in many scripts.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Text {
    /// A title.
    pub title: String,
    /// A body.
    pub body: String,
}

fn text_row(r: &mut SplitMix64) -> Text {
    Text {
        title: multibyte(r),
        body: multibyte(r),
    }
}

// ---------------------------------------------------------------------
// Enums.

/// Variants as they are named.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
pub enum Color {
    /// A colour.
    Red,
    /// A colour.
    Green,
    /// A colour.
    Blue,
    /// A colour.
    Cyan,
    /// A colour.
    Magenta,
    /// A colour.
    Yellow,
}

/// `rename_all = "snake_case"`.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A status.
    Pending,
    /// A status.
    InProgress,
    /// A status.
    Done,
    /// A status.
    OnHold,
    /// A status.
    Cancelled,
}

/// `rename_all = "SCREAMING_SNAKE_CASE"`.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Level {
    /// A level.
    Trace,
    /// A level.
    Debug,
    /// A level.
    Info,
    /// A level.
    Warn,
    /// A level.
    Error,
}

/// `rename_all = "kebab-case"`.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A mode.
    ReadOnly,
    /// A mode.
    ReadWrite,
    /// A mode.
    WriteOnly,
}

/// Variants renamed one by one.
#[derive(Debug, Clone, Copy, Serialize, ToJson)]
pub enum Weekday {
    /// A day.
    #[serde(rename = "mon")]
    Monday,
    /// A day.
    #[serde(rename = "tue")]
    Tuesday,
    /// A day.
    #[serde(rename = "wed")]
    Wednesday,
    /// A day, under its own name.
    Thursday,
    /// A day.
    #[serde(rename = "fri")]
    Friday,
}

/// Unit-only enums.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Enums {
    /// Unrenamed.
    pub color: Color,
    /// snake_case.
    pub status: Status,
    /// SCREAMING_SNAKE_CASE.
    pub level: Level,
    /// kebab-case.
    pub mode: Mode,
    /// Renamed variants.
    pub day: Weekday,
}

fn enums_row(r: &mut SplitMix64) -> Enums {
    Enums {
        color: *r.pick(&[
            Color::Red,
            Color::Green,
            Color::Blue,
            Color::Cyan,
            Color::Magenta,
            Color::Yellow,
        ]),
        status: *r.pick(&[
            Status::Pending,
            Status::InProgress,
            Status::Done,
            Status::OnHold,
            Status::Cancelled,
        ]),
        level: *r.pick(&[
            Level::Trace,
            Level::Debug,
            Level::Info,
            Level::Warn,
            Level::Error,
        ]),
        mode: *r.pick(&[Mode::ReadOnly, Mode::ReadWrite, Mode::WriteOnly]),
        day: *r.pick(&[
            Weekday::Monday,
            Weekday::Tuesday,
            Weekday::Wednesday,
            Weekday::Thursday,
            Weekday::Friday,
        ]),
    }
}

/// Externally tagged (serde's default): `{"Variant":content}`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub enum Shape {
    /// Struct variant.
    Circle {
        /// Radius.
        radius: u32,
    },
    /// Struct variant.
    Rect {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
    },
    /// Tuple variant.
    Point(i32, i32),
    /// Newtype variant.
    Label(String),
    /// Unit variant: a plain string.
    Empty,
}

/// An externally tagged enum in a struct.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct External {
    /// An id.
    pub id: u32,
    /// The enum.
    pub shape: Shape,
}

fn external(r: &mut SplitMix64) -> External {
    let shape = match r.range(0, 5) {
        0 => Shape::Circle {
            radius: r.range(0, 1000) as u32,
        },
        1 => Shape::Rect {
            width: r.range(0, 1000) as u32,
            height: r.range(0, 1000) as u32,
        },
        2 => Shape::Point(
            r.range(0, 2000) as i32 - 1000,
            r.range(0, 2000) as i32 - 1000,
        ),
        3 => Shape::Label(short_ascii(r)),
        _ => Shape::Empty,
    };
    External {
        id: r.range(0, 100_000) as u32,
        shape,
    }
}

/// A struct in a newtype variant.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Notice {
    /// Text.
    pub text: String,
    /// Level.
    pub level: u8,
}

/// Internally tagged: the tag is the object's first key.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Struct variant.
    Request {
        /// An id.
        id: u64,
        /// A method name.
        method: String,
    },
    /// Struct variant.
    Response {
        /// An id.
        id: u64,
        /// Success.
        ok: bool,
        /// A code.
        code: i32,
    },
    /// Unit variant: the tag alone.
    Ping,
    /// Newtype variant of a struct: the struct's fields after the tag.
    Notice(Notice),
}

/// An internally tagged enum in a struct.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Internal {
    /// A sequence number.
    pub seq: u32,
    /// The enum.
    pub message: Message,
}

fn internal(r: &mut SplitMix64) -> Internal {
    let message = match r.range(0, 4) {
        0 => Message::Request {
            id: r.range(0, 1 << 40),
            method: short_ascii(r),
        },
        1 => Message::Response {
            id: r.range(0, 1 << 40),
            ok: r.chance(0.5),
            code: r.range(0, 600) as i32,
        },
        2 => Message::Ping,
        _ => Message::Notice(Notice {
            text: short_ascii(r),
            level: r.range(0, 8) as u8,
        }),
    };
    Internal {
        seq: r.range(0, 1_000_000) as u32,
        message,
    }
}

/// Adjacently tagged: `{"t":"Variant","c":content}`.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(tag = "t", content = "c")]
pub enum Cell {
    /// Newtype variant.
    Int(i64),
    /// Newtype variant.
    Text(String),
    /// Tuple variant.
    Pair(u32, u32),
    /// Struct variant.
    Span {
        /// Start.
        start: u32,
        /// End.
        end: u32,
    },
    /// Unit variant: the tag alone.
    Blank,
}

/// An adjacently tagged enum in a struct.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Adjacent {
    /// A column.
    pub col: u16,
    /// The enum.
    pub cell: Cell,
}

fn adjacent(r: &mut SplitMix64) -> Adjacent {
    let cell = match r.range(0, 5) {
        0 => Cell::Int(spread_i(r, i64::from(i32::MAX))),
        1 => Cell::Text(short_ascii(r)),
        2 => Cell::Pair(r.range(0, 1000) as u32, r.range(0, 1000) as u32),
        3 => Cell::Span {
            start: r.range(0, 10_000) as u32,
            end: r.range(0, 10_000) as u32,
        },
        _ => Cell::Blank,
    };
    Adjacent {
        col: r.range(0, 100) as u16,
        cell,
    }
}

/// The struct of [`Untagged::Point`].
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Small {
    /// x.
    pub x: i32,
    /// y.
    pub y: i32,
}

/// Untagged: the content alone.
#[derive(Debug, Clone, Serialize, ToJson)]
#[serde(untagged)]
pub enum Untagged {
    /// A small integer.
    Int(i64),
    /// A short string.
    Text(String),
    /// A struct.
    Point(Small),
}

fn untagged(r: &mut SplitMix64) -> Untagged {
    match r.range(0, 3) {
        0 => Untagged::Int(r.range(0, 1000) as i64),
        1 => Untagged::Text(short_ascii(r)),
        _ => Untagged::Point(Small {
            x: r.range(0, 200) as i32 - 100,
            y: r.range(0, 200) as i32 - 100,
        }),
    }
}

// ---------------------------------------------------------------------
// Maps.

/// `HashMap<String, u32>`, written in the map's iteration order, the same
/// for both writers.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct StringKeysHash {
    /// An id.
    pub id: u32,
    /// 5 to 30 entries.
    pub counts: HashMap<String, u32>,
}

/// `BTreeMap<String, u32>`.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct StringKeysBtree {
    /// An id.
    pub id: u32,
    /// 5 to 30 entries.
    pub counts: BTreeMap<String, u32>,
}

/// A row with two small maps of small values: labels by a small id, and
/// counts by name.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct MapRow {
    /// An id.
    pub id: u32,
    /// 5 to 30 labels, by ids below 1,000.
    pub labels: HashMap<u32, String>,
    /// 5 to 30 counts below 1,000, by name.
    pub counts: BTreeMap<String, u32>,
}

fn map_row(r: &mut SplitMix64) -> MapRow {
    let labels = r.range(5, 31) as usize;
    let counts = r.range(5, 31) as usize;
    MapRow {
        id: r.next_u64() as u32,
        labels: repeat(labels, r, |r| (r.range(0, 1_000) as u32, short_ascii(r)))
            .into_iter()
            .collect(),
        counts: repeat(counts, r, |r| (short_ascii(r), r.range(0, 1_000) as u32))
            .into_iter()
            .collect(),
    }
}

/// `HashMap<u32, String>`: the keys written as strings.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct IntKeysHash {
    /// An id.
    pub id: u32,
    /// 5 to 30 entries.
    pub names: HashMap<u32, String>,
}

/// `BTreeMap<u64, String>`: the keys written as strings.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct IntKeysBtree {
    /// An id.
    pub id: u32,
    /// 5 to 30 entries.
    pub names: BTreeMap<u64, String>,
}

/// 5 to 30 entries of short ASCII keys (3 to 12 characters) and numbers.
fn string_keyed<M: FromIterator<(String, u32)>>(r: &mut SplitMix64) -> M {
    let len = r.range(5, 31);
    (0..len)
        .map(|_| {
            let key_len = r.range(3, 13) as usize;
            let key = from_alphabet(r, &ASCII[..62], key_len);
            (key, spread(r, u32::MAX.into()) as u32)
        })
        .collect()
}

/// 5 to 30 entries of keys up to `max` and short strings.
fn int_keyed(r: &mut SplitMix64, max: u64) -> Vec<(u64, String)> {
    let len = r.range(5, 31) as usize;
    repeat(len, r, |r| (spread(r, max), short_ascii(r)))
}

// ---------------------------------------------------------------------
// Recursion and flatten.

/// A tree node.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Node {
    /// An id.
    pub id: u32,
    /// A name.
    pub name: String,
    /// 0 to 3 children, above the deepest level.
    pub children: Vec<Node>,
    /// A sibling, sometimes.
    pub next: Option<Box<Node>>,
}

/// Levels below the root.
const TREE_DEPTH: u32 = 3;

fn node(r: &mut SplitMix64, depth: u32) -> Node {
    let deeper = depth < TREE_DEPTH;
    let children = if deeper { r.range(0, 4) as usize } else { 0 };
    Node {
        id: r.range(0, 1_000_000) as u32,
        name: short_ascii(r),
        children: (0..children).map(|_| node(r, depth + 1)).collect(),
        next: (deeper && r.chance(0.3)).then(|| Box::new(node(r, depth + 1))),
    }
}

/// Flattened into [`Flat`].
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Meta {
    /// A timestamp.
    pub created: u64,
    /// A name.
    pub owner: String,
    /// A flag.
    pub active: bool,
}

/// A struct with a flattened struct and a flattened map.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Flat {
    /// An id.
    pub id: u32,
    /// A name.
    pub name: String,
    /// Its fields written among `Flat`'s.
    #[serde(flatten)]
    pub meta: Meta,
    /// Its entries written among `Flat`'s: 0 to 5, keys `x_...`.
    #[serde(flatten)]
    pub extra: BTreeMap<String, u32>,
}

fn flat(r: &mut SplitMix64) -> Flat {
    let extra = r.range(0, 6);
    Flat {
        id: r.range(0, 1_000_000) as u32,
        name: short_ascii(r),
        meta: Meta {
            created: r.range(1_500_000_000_000, 1_900_000_000_000),
            owner: short_ascii(r),
            active: r.chance(0.5),
        },
        extra: (0..extra)
            .map(|_| {
                let key_len = r.range(2, 9) as usize;
                let key = format!("x_{}", from_alphabet(r, &ASCII[..26], key_len));
                (key, r.range(0, 100_000) as u32)
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------
// The large document.

/// A large document of nested `HashMap`s, written in their iteration
/// order.
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Catalog {
    /// A name.
    pub name: String,
    /// Sections by key.
    pub sections: HashMap<String, Section>,
}

/// A section of [`Catalog`].
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Section {
    /// A title.
    pub title: String,
    /// An id.
    pub id: u64,
    /// Items by key.
    pub items: HashMap<String, Item>,
}

/// An item of a [`Section`].
#[derive(Debug, Clone, Serialize, ToJson)]
pub struct Item {
    /// A name.
    pub name: String,
    /// A count.
    pub count: u32,
    /// A signed amount.
    pub price_cents: i64,
    /// 1 to 3 tags.
    pub tags: Vec<String>,
    /// 2 to 5 attributes.
    pub attrs: HashMap<String, u32>,
}

fn catalog(r: &mut SplitMix64, sections: usize, items: usize) -> Catalog {
    Catalog {
        name: short_ascii(r),
        sections: (0..sections)
            .map(|s| {
                let section = Section {
                    title: short_ascii(r),
                    id: r.next_u64() >> 20,
                    items: (0..items)
                        .map(|i| {
                            let tags = r.range(1, 4) as usize;
                            let attrs = r.range(2, 6) as usize;
                            let item = Item {
                                name: short_ascii(r),
                                count: spread(r, u32::MAX.into()) as u32,
                                price_cents: spread_i(r, 1 << 40),
                                tags: repeat(tags, r, short_ascii),
                                attrs: (0..attrs)
                                    .map(|a| (format!("attr{a}"), r.range(0, 10_000) as u32))
                                    .collect(),
                            };
                            (format!("item-{s}-{i}"), item)
                        })
                        .collect(),
                };
                (format!("section-{s}"), section)
            })
            .collect(),
    }
}

/// A string's length plus its first byte: its heap bytes are touched, as
/// escaping it would.
fn text(s: &str) -> u64 {
    s.len() as u64 + u64::from(s.as_bytes().first().copied().unwrap_or(0))
}

/// Every node of the catalog visited in the order a writer visits them
/// (the `HashMap`s in their iteration order): every key, string and
/// number read, nothing written.
fn walk_catalog(c: &Catalog) -> u64 {
    let mut sum = text(&c.name);
    for (key, section) in &c.sections {
        sum = sum
            .wrapping_add(text(key))
            .wrapping_add(text(&section.title))
            .wrapping_add(section.id);
        for (key, item) in &section.items {
            sum = sum
                .wrapping_add(text(key))
                .wrapping_add(text(&item.name))
                .wrapping_add(item.count.into())
                .wrapping_add(item.price_cents as u64);
            for tag in &item.tags {
                sum = sum.wrapping_add(text(tag));
            }
            for (key, value) in &item.attrs {
                sum = sum.wrapping_add(text(key)).wrapping_add((*value).into());
            }
        }
    }
    sum
}

/// The catalog walked without writing anything (see [`walk_catalog`]):
/// the pointer chasing through the `HashMap`s that any writer pays, like
/// [`harness::value_walk_floor_method`] for a `serde_json::Value`. Its
/// output is a checksum of what it read.
pub fn doc_walk_floor_method(doc: &Catalog) -> Method<'_> {
    Method::new(names::DOC_WALK_FLOOR, Library::Floor, move |capture| {
        let sum = walk_catalog(black_box(doc));
        if capture {
            Some(sum.to_le_bytes().to_vec())
        } else {
            black_box(sum);
            None
        }
    })
}

// ---------------------------------------------------------------------
// serde_json::Value.

/// `n` objects of a few fields each, with nested arrays and objects,
/// numbers of every kind, strings, booleans and nulls, as a
/// `serde_json::Value`.
fn value_items(r: &mut SplitMix64, n: usize) -> serde_json::Value {
    use serde_json::{json, Value};
    let items: Vec<Value> = (0..n)
        .map(|i| {
            let tags: Vec<Value> = repeat(r.range(0, 5) as usize, r, |r| {
                Value::String(short_ascii(r))
            });
            let dims: Vec<Value> = repeat(r.range(0, 6) as usize, r, |r| {
                Value::from(spread_i(r, i64::from(i32::MAX)))
            });
            let history: Vec<Value> = repeat(r.range(0, 4) as usize, r, |r| {
                json!({ "at": r.range(1_500_000_000, 1_900_000_000), "delta": spread_i(r, 1 << 20) })
            });
            json!({
                "id": i,
                "name": short_ascii(r),
                "score": float(r),
                "active": r.chance(0.5),
                "tags": tags,
                "dims": dims,
                "owner": {
                    "id": r.next_u64() >> 1,
                    "name": multibyte(r),
                    "email": if r.chance(0.5) { Value::Null } else { Value::String(short_ascii(r)) },
                },
                "history": history,
            })
        })
        .collect();
    Value::Array(items)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::assert_same_bytes;

    /// Compares both writers' bytes, compact and pretty, and runs the
    /// floor rows.
    struct Check {
        family: Family,
        compact_len: usize,
    }

    impl Sink for Check {
        fn shape<'a, T: Value + ?Sized>(&mut self, value: &'a T, floors: Vec<Method<'a>>) {
            let what = self.family.workload();
            let expected = serde_json::to_vec(value).unwrap();
            assert_same_bytes(&what, &expected, &json_runtime::to_vec(value).unwrap());
            let pretty = serde_json::to_vec_pretty(value).unwrap();
            assert_same_bytes(
                &self.family.pretty_workload(),
                &pretty,
                &json_runtime::to_vec_pretty(value).unwrap(),
            );
            for mut m in harness::shape_methods(value) {
                assert_same_bytes(m.name, &expected, &m.output());
            }
            for mut m in harness::shape_pretty_methods(value) {
                assert_same_bytes(m.name, &pretty, &m.output());
            }
            let floor_names: Vec<&str> = floors.iter().map(|m| m.name).collect();
            assert_eq!(floor_names, Vec::from_iter(self.family.floor()), "{what}");
            for mut m in floors {
                assert_eq!(m.library, Library::Floor);
                assert!(!m.output().is_empty(), "{what}: {}", m.name);
            }
            self.compact_len = expected.len();
        }
    }

    #[test]
    fn every_family_matches_serde_json() {
        for family in Family::ALL {
            let mut check = Check {
                family,
                compact_len: 0,
            };
            family.run(Scale::Test, &mut check);
            assert!(
                check.compact_len > 100,
                "{}: {}",
                family.name(),
                check.compact_len
            );
        }
    }

    #[test]
    fn family_names_are_unique() {
        for (i, a) in Family::ALL.iter().enumerate() {
            assert_eq!(Family::from_name(a.name()), Some(*a));
            for b in &Family::ALL[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn the_same_seed_builds_the_same_value() {
        struct Bytes(Vec<u8>);
        impl Sink for Bytes {
            fn shape<'a, T: Value + ?Sized>(&mut self, value: &'a T, _: Vec<Method<'a>>) {
                self.0 = serde_json::to_vec(value).unwrap();
            }
        }
        for family in [Family::Ints, Family::Recursive, Family::Value] {
            let (mut a, mut b) = (Bytes(Vec::new()), Bytes(Vec::new()));
            family.run(Scale::Test, &mut a);
            family.run(Scale::Test, &mut b);
            assert_eq!(a.0, b.0, "{}", family.name());
        }
    }

    #[test]
    fn numbers_spread_over_every_digit_count() {
        let mut r = SplitMix64::new(1);
        let mut seen = [false; 21];
        for _ in 0..2_000 {
            seen[digits(spread(&mut r, u64::MAX)) as usize] = true;
        }
        assert!(seen[1..=20].iter().all(|&s| s), "{seen:?}");
        let mut r = SplitMix64::new(2);
        let (mut min, mut max) = (0i64, 0i64);
        for _ in 0..5_000 {
            let v = spread_i(&mut r, i8::MAX.into());
            assert!((-128..=127).contains(&v), "{v}");
            min = min.min(v);
            max = max.max(v);
        }
        assert!(min < -99 && max > 99, "{min} {max}");
        assert_eq!(digits(0), 1);
        assert_eq!(digits(9), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(u64::MAX), 20);
    }

    #[test]
    fn prose_escapes_often() {
        let mut r = SplitMix64::new(3);
        for _ in 0..50 {
            let s = prose(&mut r);
            let escapes = s.bytes().filter(|b| b"\n\"\\\t".contains(b)).count();
            assert!(
                escapes * 25 >= s.len(),
                "{escapes} in {} bytes: {s:?}",
                s.len()
            );
        }
    }
}
