//! RFC 8785 canonical JSON: `Options::canonical` against the RFC's published
//! test vectors, the published checksums of its number test file, an
//! independent implementation of ECMAScript's number formatting, and a
//! reference canonicalizer over `serde_json::Value`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

use json_runtime::{CanonicalError, CanonicalErrorKind, Options, RawJson, ToJson};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

fn to_vec_canonical<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, json_runtime::Error> {
    Options::new().canonical().to_vec(value)
}

fn canonical(value: &(impl ToJson + ?Sized)) -> String {
    Options::new()
        .canonical()
        .to_string(value)
        .expect("canonical form")
}

fn error(value: &(impl ToJson + ?Sized)) -> CanonicalError {
    let error = to_vec_canonical(value).expect_err("no canonical form");
    assert!(error.is_data());
    let canonical = error.canonical_error().expect("a CanonicalError inside");
    assert_eq!(error.to_string(), canonical.to_string());
    canonical.clone()
}

// ---------------------------------------------------------------------------
// The RFC's test vectors (tests/data/jcs, from cyberphone/json-canonicalization).

#[test]
fn rfc8785_test_vectors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/jcs");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("input")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap();
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read(dir.join("output").join(name)).unwrap();

        let value: Value = serde_json::from_str(&input).unwrap();
        let from_value = to_vec_canonical(&value).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&from_value),
            String::from_utf8_lossy(&expected),
            "{name:?} through serde_json::Value"
        );

        let raw = RawJson::new(&input).unwrap();
        let from_raw = to_vec_canonical(raw).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&from_raw),
            String::from_utf8_lossy(&expected),
            "{name:?} through RawJson"
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}

// ---------------------------------------------------------------------------
// Numbers against the RFC's number test file.

/// The IEEE 754 values of cyberphone's `es6testfile100m.txt`, in order, as
/// its testdata/README.md describes the sequence: fixed edge cases, 2000
/// consecutive small normals, then doubles read from a SHA-256 chain.
struct Es6TestValues {
    index: usize,
    block: [u8; 32],
    pending: Vec<f64>,
}

const ES6_STATIC: [u64; 168] = [
    0x0000000000000000,
    0x8000000000000000,
    0x0000000000000001,
    0x8000000000000001,
    0xc46696695dbd1cc3,
    0xc43211ede4974a35,
    0xc3fce97ca0f21056,
    0xc3c7213080c1a6ac,
    0xc39280f39a348556,
    0xc35d9b1f5d20d557,
    0xc327af4c4a80aaac,
    0xc2f2f2a36ecd5556,
    0xc2be51057e155558,
    0xc28840d131aaaaac,
    0xc253670dc1555557,
    0xc21f0b4935555557,
    0xc1e8d5d42aaaaaac,
    0xc1b3de4355555556,
    0xc17fca0555555556,
    0xc1496e6aaaaaaaab,
    0xc114585555555555,
    0xc0e046aaaaaaaaab,
    0xc0aa0aaaaaaaaaaa,
    0xc074d55555555555,
    0xc040aaaaaaaaaaab,
    0xc00aaaaaaaaaaaab,
    0xbfd5555555555555,
    0xbfa1111111111111,
    0xbf6b4e81b4e81b4f,
    0xbf35d867c3ece2a5,
    0xbf0179ec9cbd821e,
    0xbecbf647612f3696,
    0xbe965e9f80f29212,
    0xbe61e54c672874db,
    0xbe2ca213d840baf8,
    0xbdf6e80fe033c8c6,
    0xbdc2533fe68fd3d2,
    0xbd8d51ffd74c861c,
    0xbd5774ccac3d3817,
    0xbd22c3d6f030f9ac,
    0xbcee0624b3818f79,
    0xbcb804ea293472c7,
    0xbc833721ba905bd3,
    0xbc4ebe9c5db3c61e,
    0xbc18987d17c304e5,
    0xbbe3ad30dfcf371d,
    0xbbaf7b816618582f,
    0xbb792f9ab81379bf,
    0xbb442615600f9499,
    0xbb101e77800c76e1,
    0xbad9ca58cce0be35,
    0xbaa4a1e0a3e6fe90,
    0xba708180831f320d,
    0xba3a68cd9e985016,
    0x446696695dbd1cc3,
    0x443211ede4974a35,
    0x43fce97ca0f21056,
    0x43c7213080c1a6ac,
    0x439280f39a348556,
    0x435d9b1f5d20d557,
    0x4327af4c4a80aaac,
    0x42f2f2a36ecd5556,
    0x42be51057e155558,
    0x428840d131aaaaac,
    0x4253670dc1555557,
    0x421f0b4935555557,
    0x41e8d5d42aaaaaac,
    0x41b3de4355555556,
    0x417fca0555555556,
    0x41496e6aaaaaaaab,
    0x4114585555555555,
    0x40e046aaaaaaaaab,
    0x40aa0aaaaaaaaaaa,
    0x4074d55555555555,
    0x4040aaaaaaaaaaab,
    0x400aaaaaaaaaaaab,
    0x3fd5555555555555,
    0x3fa1111111111111,
    0x3f6b4e81b4e81b4f,
    0x3f35d867c3ece2a5,
    0x3f0179ec9cbd821e,
    0x3ecbf647612f3696,
    0x3e965e9f80f29212,
    0x3e61e54c672874db,
    0x3e2ca213d840baf8,
    0x3df6e80fe033c8c6,
    0x3dc2533fe68fd3d2,
    0x3d8d51ffd74c861c,
    0x3d5774ccac3d3817,
    0x3d22c3d6f030f9ac,
    0x3cee0624b3818f79,
    0x3cb804ea293472c7,
    0x3c833721ba905bd3,
    0x3c4ebe9c5db3c61e,
    0x3c18987d17c304e5,
    0x3be3ad30dfcf371d,
    0x3baf7b816618582f,
    0x3b792f9ab81379bf,
    0x3b442615600f9499,
    0x3b101e77800c76e1,
    0x3ad9ca58cce0be35,
    0x3aa4a1e0a3e6fe90,
    0x3a708180831f320d,
    0x3a3a68cd9e985016,
    0x4024000000000000,
    0x4014000000000000,
    0x3fe0000000000000,
    0x3fa999999999999a,
    0x3f747ae147ae147b,
    0x3f40624dd2f1a9fc,
    0x3f0a36e2eb1c432d,
    0x3ed4f8b588e368f1,
    0x3ea0c6f7a0b5ed8d,
    0x3e6ad7f29abcaf48,
    0x3e35798ee2308c3a,
    0x3ed539223589fa95,
    0x3ed4ff26cd5a7781,
    0x3ed4f95a762283ff,
    0x3ed4f8c60703520c,
    0x3ed4f8b72f19cd0d,
    0x3ed4f8b5b31c0c8d,
    0x3ed4f8b58d1c461a,
    0x3ed4f8b5894f7f0e,
    0x3ed4f8b588ee37f3,
    0x3ed4f8b588e47da4,
    0x3ed4f8b588e3849c,
    0x3ed4f8b588e36bb5,
    0x3ed4f8b588e36937,
    0x3ed4f8b588e368f8,
    0x3ed4f8b588e368f1,
    0x3ff0000000000000,
    0xbff0000000000000,
    0xbfeffffffffffffa,
    0xbfeffffffffffffb,
    0x3feffffffffffffa,
    0x3feffffffffffffb,
    0x3feffffffffffffc,
    0x3feffffffffffffe,
    0xbfefffffffffffff,
    0xbfefffffffffffff,
    0x3fefffffffffffff,
    0x3fefffffffffffff,
    0x3fd3333333333332,
    0x3fd3333333333333,
    0x3fd3333333333334,
    0x0010000000000000,
    0x000ffffffffffffd,
    0x000fffffffffffff,
    0x7fefffffffffffff,
    0xffefffffffffffff,
    0x4340000000000000,
    0xc340000000000000,
    0x4430000000000000,
    0x44b52d02c7e14af5,
    0x44b52d02c7e14af6,
    0x44b52d02c7e14af7,
    0x444b1ae4d6e2ef4e,
    0x444b1ae4d6e2ef4f,
    0x444b1ae4d6e2ef50,
    0x3eb0c6f7a0b5ed8c,
    0x3eb0c6f7a0b5ed8d,
    0x41b3de4355555553,
    0x41b3de4355555554,
    0x41b3de4355555555,
    0x41b3de4355555556,
    0x41b3de4355555557,
    0xbecbf647612f3696,
    0x43143ff3c1cb0959,
];

impl Es6TestValues {
    fn new() -> Self {
        Es6TestValues {
            index: 0,
            block: [0; 32],
            pending: Vec::new(),
        }
    }
}

impl Iterator for Es6TestValues {
    type Item = f64;

    fn next(&mut self) -> Option<f64> {
        let i = self.index;
        self.index += 1;
        if i < ES6_STATIC.len() {
            return Some(f64::from_bits(ES6_STATIC[i]));
        }
        if i < ES6_STATIC.len() + 2000 {
            return Some(f64::from_bits(
                0x0010000000000000 + (i - ES6_STATIC.len()) as u64,
            ));
        }
        loop {
            if self.pending.is_empty() {
                self.block = Sha256::digest(self.block).into();
                self.pending = self
                    .block
                    .chunks(8)
                    .rev()
                    .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
                    .collect();
            }
            let f = self.pending.pop().unwrap();
            if f != 0.0 && f.is_finite() {
                return Some(f);
            }
        }
    }
}

/// `lines` lines of the test file, `hex-ieee,expected\n`, with `expected`
/// from canonical `to_vec`, and their SHA-256.
fn es6_file_hash(lines: usize) -> String {
    let mut hasher = Sha256::new();
    let mut line = Vec::new();
    for f in Es6TestValues::new().take(lines) {
        line.clear();
        line.extend_from_slice(format!("{:x},", f.to_bits()).as_bytes());
        line.extend_from_slice(&to_vec_canonical(&f).unwrap());
        line.push(b'\n');
        hasher.update(&line);
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The checksums published in cyberphone/json-canonicalization's
/// testdata/README.md for the first lines of es6testfile100m.txt, whose
/// expected values come from ECMAScript itself.
#[test]
fn es6_number_file_checksums() {
    assert_eq!(
        es6_file_hash(1_000),
        "be18b62b6f69cdab33a7e0dae0d9cfa869fda80ddc712221570f9f40a5878687"
    );
    assert_eq!(
        es6_file_hash(100_000),
        "22776e6d4b49fa294a0d0f349268e5c28808fe7e0cb2bcbe28f63894e494d4c7"
    );
}

/// A million lines by default (about 40 MB of text, seconds), or as many
/// as `ES6_LINES` says, up to the whole file of 100 million:
/// `ES6_LINES=10000000 cargo test --release -p json-tests --test canonical -- --ignored`.
#[test]
#[ignore = "slow; run with --release"]
fn es6_number_file_checksums_many() {
    let lines: usize = std::env::var("ES6_LINES").map_or(1_000_000, |n| n.parse().unwrap());
    let expected = match lines {
        1_000_000 => "49415fee2c56c77864931bd3624faad425c3c577d6d74e89a83bc725506dad16",
        10_000_000 => "b9f8a44a91d46813b21b9602e72f112613c91408db0b8341fb94603d9db135e0",
        100_000_000 => "0f7dda6b0837dde083c5d6b896f7d62340c8a2415b0c7121d83145e08a755272",
        _ => panic!("no published checksum for {lines} lines"),
    };
    assert_eq!(es6_file_hash(lines), expected);
}

// ---------------------------------------------------------------------------
// Numbers against an independent implementation.

/// ECMAScript's Number::toString (ECMA-262, 6.1.6.1.20), from the spec's
/// text, with digits from Rust's own formatting (core's Grisu/Dragon, not
/// zmij): `{:e}` gives the fewest digits k that round-trip; of the k-digit
/// numbers the spec wants the closest to x, the even one on a tie, which
/// `{:.(k-1)e}` gives (`{:e}` itself rounds such ties up:
/// 1144061379383392.25 is `...392.3` there, `...392.2` in ECMAScript).
fn ecmascript_reference(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    if x < 0.0 {
        return format!("-{}", ecmascript_reference(-x));
    }
    let shortest = format!("{x:e}");
    let mantissa = shortest.split('e').next().unwrap();
    let k = mantissa.chars().filter(char::is_ascii_digit).count();
    let exp_form = format!("{x:.prec$e}", prec = k - 1);
    let (mantissa, exponent) = exp_form.split_once('e').unwrap();
    let s: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(s.len(), k, "{x:e}");
    let k = k as i64;
    // x = s * 10^(n - k), with s's first digit in the units place of the mantissa.
    let n = exponent.parse::<i64>().unwrap() + 1;
    if k <= n && n <= 21 {
        format!("{s}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &s[..n as usize], &s[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{s}", "0".repeat((-n) as usize))
    } else {
        let sign = if n - 1 < 0 { '-' } else { '+' };
        let e = (n - 1).abs();
        if k == 1 {
            format!("{s}e{sign}{e}")
        } else {
            format!("{}.{}e{sign}{e}", &s[..1], &s[1..])
        }
    }
}

fn check_number(x: f64) {
    assert_eq!(
        canonical(&x),
        ecmascript_reference(x),
        "{x:e} (bits {:#x})",
        x.to_bits()
    );
}

#[test]
fn numbers_match_an_independent_ecmascript_implementation() {
    // Random bit patterns: every exponent, subnormals included.
    let mut state: u64 = 0x853c_49e6_748f_ea9b;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300_000 {
        let x = f64::from_bits(next());
        if x.is_finite() {
            check_number(x);
        }
    }
    // Powers of ten and their neighbours, where the layouts switch.
    for e in -325..=308 {
        let p: f64 = format!("1e{e}").parse().unwrap();
        for bits in [p.to_bits().wrapping_sub(1), p.to_bits(), p.to_bits() + 1] {
            let x = f64::from_bits(bits);
            if x.is_finite() {
                check_number(x);
                check_number(-x);
            }
        }
    }
    // Integers near 2^53 and beyond, and short decimals.
    for i in 0..2000u64 {
        check_number((9_007_199_254_740_992 - 1000 + i) as f64);
        check_number(i as f64 / 1000.0);
        check_number(next() as f64);
        check_number(f64::from(f32::from_bits(next() as u32 & 0x7f7f_ffff)));
    }
}

/// Against ECMAScript itself, where `node` is installed: short decimals
/// and integers, which random bit patterns seldom produce, and random bit
/// patterns. `cargo test -p json-tests --test canonical -- --ignored node`.
#[test]
#[ignore = "needs node"]
fn numbers_match_node() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut values = Vec::new();
    for _ in 0..200_000 {
        let digits = next() % 10u64.pow(1 + (next() % 17) as u32);
        let exponent = (next() % 60) as i32 - 30;
        values.push(format!("{digits}e{exponent}").parse::<f64>().unwrap());
        values.push(f64::from_bits(next()));
    }
    values.retain(|v| v.is_finite());
    let input: String = values
        .iter()
        .map(|v| format!("{:x}\n", v.to_bits()))
        .collect();
    let script = "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{\
        const u=new BigUint64Array(1),f=new Float64Array(u.buffer);\
        console.log(s.trim().split('\\n').map(h=>{u[0]=BigInt('0x'+h);return f[0].toString()}).join('\\n'))})";
    let mut node = Command::new("node")
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node");
    node.stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = node.wait_with_output().unwrap();
    let expected = String::from_utf8(output.stdout).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(expected.len(), values.len());
    for (value, expected) in values.iter().zip(expected) {
        assert_eq!(canonical(value), expected, "{value:e}");
    }
}

// ---------------------------------------------------------------------------
// Integers.

#[test]
fn integers_within_two_to_the_53_are_written_as_they_are() {
    let limit: i64 = 1 << 53;
    for v in [0, 1, -1, 42, limit - 1, limit, -limit, -(limit - 1)] {
        assert_eq!(canonical(&v), v.to_string());
        assert_eq!(canonical(&(v as i128)), v.to_string());
    }
    assert_eq!(canonical(&(limit as u64)), "9007199254740992");
    assert_eq!(canonical(&u8::MAX), "255");
    assert_eq!(canonical(&i32::MIN), "-2147483648");
    // A `serde_json::Number` holding an f64 is written as ECMAScript writes it.
    assert_eq!(canonical(&serde_json::json!(1e16)), "10000000000000000");
}

#[test]
fn integers_beyond_two_to_the_53_are_errors() {
    let limit: i64 = 1 << 53;
    for (value, digits) in [
        (limit + 1, "9007199254740993"),
        (-(limit + 1), "-9007199254740993"),
        (1 << 60, "1152921504606846976"),
        (i64::MAX, "9223372036854775807"),
        (i64::MIN, "-9223372036854775808"),
    ] {
        let err = error(&value);
        assert_eq!(
            err.kind(),
            &CanonicalErrorKind::IntegerOutOfRange(digits.into())
        );
        assert_eq!(err.pointer(), "");
    }
    assert!(
        matches!(error(&u64::MAX).kind(), CanonicalErrorKind::IntegerOutOfRange(d) if d == "18446744073709551615")
    );
    assert!(matches!(
        error(&u128::MAX).kind(),
        CanonicalErrorKind::IntegerOutOfRange(_)
    ));
    assert!(matches!(
        error(&serde_json::json!(u64::MAX)).kind(),
        CanonicalErrorKind::IntegerOutOfRange(_)
    ));
    // Written as strings, they are fine.
    #[derive(ToJson)]
    struct Id {
        #[json(as_string)]
        id: u64,
    }
    assert_eq!(
        canonical(&Id { id: u64::MAX }),
        r#"{"id":"18446744073709551615"}"#
    );
}

#[test]
fn non_finite_floats_are_errors() {
    for (value, text) in [
        (f64::NAN, "NaN"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
    ] {
        let err = error(&value);
        assert!(matches!(err.kind(), CanonicalErrorKind::NotFinite(v) if v.to_string() == text));
    }
    assert!(matches!(
        error(&f32::NAN).kind(),
        CanonicalErrorKind::NotFinite(_)
    ));
}

#[test]
fn f32_is_written_as_the_double_it_is() {
    assert_eq!(canonical(&0.1f32), "0.10000000149011612");
    assert_eq!(canonical(&1.5f32), "1.5");
    assert_eq!(canonical(&16777216f32), "16777216");
}

// ---------------------------------------------------------------------------
// Errors: where, and the message.

#[derive(ToJson)]
struct Line {
    sku: String,
    quantity: u64,
    price: f64,
}

#[derive(ToJson)]
struct Order {
    id: String,
    lines: Vec<Line>,
    meta: BTreeMap<String, Value>,
}

#[test]
fn errors_point_at_the_value() {
    let order = Order {
        id: "A-1".into(),
        lines: vec![
            Line {
                sku: "x".into(),
                quantity: 1,
                price: 1.5,
            },
            Line {
                sku: "y".into(),
                quantity: u64::MAX,
                price: 2.0,
            },
        ],
        meta: BTreeMap::new(),
    };
    let err = error(&order);
    assert_eq!(err.pointer(), "/lines/1/quantity");
    assert_eq!(
        err.to_string(),
        "cannot write canonical JSON (RFC 8785) at /lines/1/quantity: the integer \
         18446744073709551615 is beyond 2^53 in magnitude, so it is not exactly an IEEE 754 double"
    );

    let order = Order {
        id: "A-2".into(),
        lines: vec![],
        meta: BTreeMap::from([(
            "a/b~c".to_owned(),
            serde_json::json!({"list": [1, 2, null]}),
        )]),
    };
    assert_eq!(
        canonical(&order),
        r#"{"id":"A-2","lines":[],"meta":{"a/b~c":{"list":[1,2,null]}}}"#
    );
    let raw = RawJson::from_string(r#"{"z": [0, 1e999]}"#.into()).unwrap();
    let with_raw = BTreeMap::from([("a/b~c", vec![raw])]);
    let err = error(&with_raw);
    assert_eq!(err.pointer(), "/a~1b~0c/0/z/1");
    assert!(matches!(err.kind(), CanonicalErrorKind::NotFinite(v) if *v == f64::INFINITY));

    // The first failure is the one reported.
    let err = error(&[f64::NAN, f64::INFINITY]);
    assert_eq!(err.pointer(), "/0");

    // It is a std::error::Error.
    let boxed: Box<dyn std::error::Error> = Box::new(error(&f64::NAN));
    assert_eq!(
        boxed.to_string(),
        "cannot write canonical JSON (RFC 8785): NaN is not a finite number"
    );
}

#[test]
fn duplicate_keys_are_errors() {
    #[derive(ToJson)]
    struct Inner {
        id: u32,
    }
    #[derive(ToJson)]
    struct Outer {
        id: u32,
        #[json(flatten)]
        inner: Inner,
    }
    let value = BTreeMap::from([(
        "x",
        Outer {
            id: 1,
            inner: Inner { id: 2 },
        },
    )]);
    let err = error(&value);
    assert_eq!(err.kind(), &CanonicalErrorKind::DuplicateKey("id".into()));
    assert_eq!(err.pointer(), "/x");
    assert_eq!(
        err.to_string(),
        "cannot write canonical JSON (RFC 8785) at /x: the key \"id\" occurs twice in one object"
    );
    // serde_json writes both.
    assert_eq!(
        json_runtime::to_string(&value).unwrap(),
        r#"{"x":{"id":1,"id":2}}"#
    );
}

#[test]
fn unpaired_surrogates_in_raw_json_are_errors() {
    let raw = RawJson::new(r#"{"a":"\ud800"}"#).unwrap();
    assert_eq!(error(raw).kind(), &CanonicalErrorKind::UnpairedSurrogate);
    let raw = RawJson::new(r#"["\ud83d\ude02", "\u00e9\/"]"#).unwrap();
    assert_eq!(canonical(raw), r#"["😂","é/"]"#);
}

// ---------------------------------------------------------------------------
// Every object sorted, at every level and through every kind of writer call.

#[derive(ToJson, Serialize, Clone)]
#[serde(rename_all = "camelCase")]
struct Item {
    zeta: u32,
    alpha: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    middle: Option<f64>,
    #[serde(flatten)]
    extra: BTreeMap<String, i32>,
    nested: Vec<Nested>,
}

#[derive(ToJson, Serialize, Clone)]
#[serde(tag = "type")]
enum Nested {
    Circle {
        r: f64,
        label: String,
    },
    Dot,
    Wrapped(Inner),
    #[serde(rename = "\u{1f602}")]
    Emoji {
        e: i8,
    },
}

#[derive(ToJson, Serialize, Clone)]
struct Inner {
    b: bool,
    a: Option<()>,
    #[serde(rename = "\u{fb33}")]
    dalet: u8,
}

#[derive(ToJson, Serialize, Clone)]
enum External {
    Unit,
    Tuple(i32, String),
    Struct { y: i32, x: i32 },
}

/// A canonicalizer written independently of the library, over
/// `serde_json::Value`: keys sorted by their UTF-16 code units, strings
/// escaped by serde_json (the same escaping as ECMAScript's), numbers by
/// [`ecmascript_reference`].
fn reference(value: &Value) -> String {
    match value {
        Value::Null | Value::Bool(_) | Value::String(_) => serde_json::to_string(value).unwrap(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => ecmascript_reference(f),
            _ => n.to_string(),
        },
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(reference).collect();
            format!("[{}]", items.join(","))
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            let entries: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{}:{}", serde_json::to_string(k).unwrap(), reference(v)))
                .collect();
            format!("{{{}}}", entries.join(","))
        }
    }
}

fn check_against_reference<T: ToJson + Serialize>(value: &T) {
    let expected = reference(&serde_json::to_value(value).unwrap());
    assert_eq!(canonical(value), expected);
}

#[test]
fn derived_types_are_sorted_at_every_level() {
    let item = Item {
        zeta: 1,
        alpha: "a\"\\\n\u{1}</script>".into(),
        middle: Some(1e21),
        extra: BTreeMap::from([("beta".into(), 2), ("Zulu".into(), 3), ("\u{e9}".into(), 4)]),
        nested: vec![
            Nested::Circle {
                r: 0.5,
                label: "c".into(),
            },
            Nested::Dot,
            Nested::Wrapped(Inner {
                b: true,
                a: None,
                dalet: 7,
            }),
            Nested::Emoji { e: -1 },
        ],
    };
    check_against_reference(&item);
    assert_eq!(
        canonical(&item),
        r#"{"Zulu":3,"alpha":"a\"\\\n\u0001</script>","beta":2,"middle":1e+21,"nested":[{"label":"c","r":0.5,"type":"Circle"},{"type":"Dot"},{"a":null,"b":true,"type":"Wrapped","דּ":7},{"e":-1,"type":"😂"}],"zeta":1,"é":4}"#
    );
    check_against_reference(&vec![
        External::Unit,
        External::Tuple(-3, "t".into()),
        External::Struct { y: 1, x: 2 },
    ]);
    let mut item2 = item.clone();
    item2.middle = None;
    item2.extra.clear();
    check_against_reference(&(item2, 1.0, [0.1, 1e-7]));
}

#[test]
fn maps_and_sets_are_sorted() {
    // Integer keys are strings: "10" sorts before "9", as RFC 8785 asks.
    let by_number = HashMap::from([(9, "nine"), (10, "ten"), (-1, "minus one")]);
    assert_eq!(
        canonical(&by_number),
        r#"{"-1":"minus one","10":"ten","9":"nine"}"#
    );
    let btree: BTreeMap<u32, bool> = (0..20).map(|i| (i, i % 2 == 0)).collect();
    let expected = reference(&serde_json::to_value(&btree).unwrap());
    assert_eq!(canonical(&btree), expected);

    // A HashSet's elements are sorted, so the bytes do not depend on the
    // hash seed: integers by value, strings by their text.
    let set: HashSet<i64> = (-50..50).map(|i| i * 7919 % 1000).collect();
    let sorted: BTreeSet<i64> = set.iter().copied().collect();
    assert_eq!(canonical(&set), json_runtime::to_string(&sorted).unwrap());
    let words: HashSet<String> = ["pear", "Apple", "apple", "ß", "10", "9"]
        .map(String::from)
        .into();
    assert_eq!(
        canonical(&words),
        r#"["10","9","Apple","apple","pear","ß"]"#
    );
}

#[test]
fn serde_json_values_are_sorted_by_utf16() {
    // serde_json's Map orders "\u{fb33}" after "\u{1f602}" (by code point);
    // RFC 8785 orders them by UTF-16 code units, the other way round.
    let value = serde_json::json!({"\u{fb33}": 1, "\u{1f602}": 2, "a": {"y": [], "x": {}}});
    assert_eq!(canonical(&value), r#"{"a":{"x":{},"y":[]},"😂":2,"דּ":1}"#);
}

#[test]
fn raw_json_is_canonicalized() {
    let raw = RawJson::new(" { \"b\" : [ 1.0 , -0, 1E+2, \"\\u0041\" ], \"a\": { } } ").unwrap();
    assert_eq!(canonical(raw), r#"{"a":{},"b":[1,0,100,"A"]}"#);
    // Everywhere else it is written as it is.
    assert_eq!(json_runtime::to_string(raw).unwrap(), raw.get());
}

// ---------------------------------------------------------------------------
// Property test: any Value, against the reference.

mod prop {
    use proptest::prelude::*;
    use serde_json::{Map, Number, Value};

    use super::{canonical, reference};

    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-c]{0,3}",
            any::<String>(),
            prop::collection::vec(
                prop_oneof![
                    Just('\u{fb33}'),
                    Just('\u{1f602}'),
                    Just('\u{e9}'),
                    Just('a'),
                    Just('\n')
                ],
                0..4
            )
            .prop_map(|c| c.into_iter().collect()),
        ]
    }

    fn number() -> impl Strategy<Value = Number> {
        prop_oneof![
            (-(1i64 << 53)..=(1i64 << 53)).prop_map(Number::from),
            any::<u32>().prop_map(Number::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| Number::from_f64(f).unwrap()),
        ]
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            number().prop_map(Value::Number),
            any::<String>().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((key(), inner), 0..6)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn values_match_the_reference(value in value()) {
            prop_assert_eq!(canonical(&value), reference(&value));
        }
    }
}

// ---------------------------------------------------------------------------
// Fields written through serde (types that implement only `Serialize`).

/// A type with its own `Serialize` impl and no `ToJson`, as another
/// crate's type would be.
struct Foreign {
    z: u64,
    a: f64,
}

impl Serialize for Foreign {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Foreign", 2)?;
        st.serialize_field("z", &self.z)?;
        st.serialize_field("a", &self.a)?;
        st.end()
    }
}

struct Failing;

impl Serialize for Failing {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no such value"))
    }
}

#[test]
fn serde_fields_are_canonical_too() {
    #[derive(ToJson)]
    struct Holder {
        foreign: Foreign,
        b: u8,
    }
    let holder = Holder {
        foreign: Foreign { z: 1, a: 1e21 },
        b: 2,
    };
    assert_eq!(canonical(&holder), r#"{"b":2,"foreign":{"a":1e+21,"z":1}}"#);

    let too_big = Holder {
        foreign: Foreign {
            z: u64::MAX,
            a: 0.5,
        },
        b: 2,
    };
    assert!(matches!(
        error(&too_big).kind(),
        CanonicalErrorKind::IntegerOutOfRange(_)
    ));
}

#[test]
fn serde_errors_are_canonical_errors() {
    #[derive(ToJson)]
    struct Holder {
        failing: Failing,
    }
    let err = error(&Holder { failing: Failing });
    assert_eq!(
        err.kind(),
        &CanonicalErrorKind::Serialize("no such value".into())
    );
    assert!(err.to_string().ends_with(": no such value"), "{err}");
}

/// `Options::canonical` reaches every sink with the bytes of its `to_vec`:
/// each value, each array and each line canonical.
#[test]
fn every_sink_writes_the_canonical_bytes() {
    let canonical = Options::new().canonical();
    let items: Vec<HashMap<&str, f64>> = (0..3_000)
        .map(|i| HashMap::from([("b", f64::from(i) * 1e20), ("a", 0.5)]))
        .collect();
    let whole = canonical.to_vec(&items).unwrap();
    assert!(whole.starts_with(br#"[{"a":0.5,"b":0},{"a":0.5,"b":100000000000000000000},"#));
    let mut lines = Vec::new();
    for item in &items {
        lines.extend_from_slice(&canonical.to_vec(item).unwrap());
        lines.push(b'\n');
    }

    let mut out = Vec::new();
    canonical.to_writer(&mut out, &items).unwrap();
    assert_eq!(out, whole, "to_writer");
    out.clear();
    canonical.to_writer_array(&mut out, &items).unwrap();
    assert_eq!(out, whole, "to_writer_array");
    out.clear();
    canonical.to_writer_lines(&mut out, &items).unwrap();
    assert_eq!(out, lines, "to_writer_lines");

    let text = String::from_utf8(whole.clone()).unwrap();
    let mut fmt = String::new();
    canonical.to_fmt_writer(&mut fmt, &items).unwrap();
    assert_eq!(fmt, text, "to_fmt_writer");
    assert_eq!(format!("{:#}", canonical.display(&items)), text, "display");
    assert_eq!(canonical.to_bytes(&items).unwrap(), whole, "to_bytes");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    canonical.write_file(&path, &items).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), whole, "write_file");
    canonical.write_file_array(&path, &items).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), whole, "write_file_array");
    canonical.write_file_lines(&path, &items).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), lines, "write_file_lines");

    let encoder = json_runtime::par::Encoder::with_options(canonical).chunk_len(100);
    assert_eq!(encoder.to_vec(&items).unwrap(), whole, "par array");
    let encoder = json_runtime::par::Encoder::lines_with_options(canonical).chunk_len(100);
    assert_eq!(encoder.to_vec(&items).unwrap(), lines, "par lines");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut out = Vec::new();
        canonical.to_async_writer(&mut out, &items).await.unwrap();
        assert_eq!(out, whole, "to_async_writer");
        out.clear();
        canonical
            .to_async_writer_array(&mut out, &items)
            .await
            .unwrap();
        assert_eq!(out, whole, "to_async_writer_array");
        out.clear();
        canonical
            .to_async_writer_lines(&mut out, &items)
            .await
            .unwrap();
        assert_eq!(out, lines, "to_async_writer_lines");
    });

    // `pretty` after `canonical` chooses pretty output again; the other
    // options do not apply to canonical output.
    assert_eq!(canonical.pretty().to_vec(&[1]).unwrap(), b"[\n  1\n]");
    let ascii = canonical.escape(json_runtime::Escape::Ascii);
    assert_eq!(ascii.to_string(&"é").unwrap(), "\"é\"");
}

/// A value canonical output refuses reaches no sink: the error comes
/// before any of its bytes, in a sequence after the items already written.
#[test]
fn canonical_errors_come_before_the_bytes() {
    let canonical = Options::new().canonical();
    let mut out = Vec::new();
    let error = canonical.to_writer(&mut out, &[1.0, f64::NAN]).unwrap_err();
    assert_eq!(error.canonical_error().unwrap().pointer(), "/1");
    assert!(out.is_empty());

    let mut fmt = String::new();
    assert!(canonical.to_fmt_writer(&mut fmt, &[u64::MAX]).is_err());
    assert!(fmt.is_empty());

    let big = vec![1u64 << 60];
    let error = canonical
        .to_writer_lines(&mut out, [vec![1], vec![2], big])
        .unwrap_err();
    assert!(error.canonical_error().is_some());
    assert!(out.is_empty(), "the lines were in the chunk that failed");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.json");
    std::fs::write(&path, b"old").unwrap();
    assert!(canonical
        .write_file_array(&path, [0.5, f64::INFINITY])
        .is_err());
    assert_eq!(std::fs::read(&path).unwrap(), b"old");
}
