//! `serialize_with` and `with`, on fields and variants, against serde_json
//! byte for byte in every layout.
//!
//! serde's attribute names a function taking a `Serializer`; ours takes
//! json_runtime's writer. A type deriving both therefore names one of each,
//! `#[serde(serialize_with = "serde_fn")]` and
//! `#[json(serialize_with = "json_fn")]`, and the `#[json]` one wins for
//! this derive. The tests check both the type deriving both and a twin
//! deriving only `ToJson`.

#![allow(dead_code)]

use std::time::{Duration, SystemTime, UNIX_EPOCH};

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, ToJson, ValueWriter, Written};
use json_tests::{assert_compact, assert_same, assert_same_as};
use serde::{Serialize, Serializer};

// ------------------------------------------------------------ the functions

/// `YYYY-MM-DDTHH:MM:SSZ`, in UTC, for times from 1970 on.
fn rfc3339(time: &SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

fn time_json<F: Format>(time: &SystemTime, w: ValueWriter<'_, '_, F>) -> Written {
    w.write_str(&rfc3339(time))
}

fn time_serde<S: Serializer>(time: &SystemTime, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&rfc3339(time))
}

/// A value written as an object, to check layouts around it.
fn len_json<F: Format, T: AsRef<[u8]>>(value: &T, w: ValueWriter<'_, '_, F>) -> Written {
    let w = w.into_writer();
    w.key("{\"len\":");
    value.as_ref().len().write_json(w.value_writer());
    w.end_object();
    w.written()
}

fn len_serde<S: Serializer, T: AsRef<[u8]>>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut st = s.serialize_struct("Len", 1)?;
    st.serialize_field("len", &value.as_ref().len())?;
    st.end()
}

mod hex_json {
    use json_runtime::{Format, ValueWriter, Written};

    pub fn serialize<F: Format>(bytes: &[u8], w: ValueWriter<'_, '_, F>) -> Written {
        let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        w.write_str(&text)
    }
}

mod hex_serde {
    use serde::Serializer;

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        let text: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        s.serialize_str(&text)
    }
}

fn time(secs: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(secs)
}

// ------------------------------------------------------------ fields

#[derive(Serialize, ToJson)]
struct Event {
    name: String,
    #[serde(serialize_with = "time_serde")]
    #[json(serialize_with = "time_json")]
    at: SystemTime,
    #[serde(with = "hex_serde")]
    #[json(with = "hex_json")]
    digest: Vec<u8>,
    #[serde(serialize_with = "len_serde", skip_serializing_if = "Vec::is_empty")]
    #[json(serialize_with = "len_json")]
    payload: Vec<u8>,
}

#[derive(ToJson)]
struct EventTwin {
    name: String,
    #[json(serialize_with = "time_json")]
    at: SystemTime,
    #[json(with = "hex_json")]
    digest: Vec<u8>,
    #[json(serialize_with = "len_json", skip_serializing_if = "Vec::is_empty")]
    payload: Vec<u8>,
}

#[test]
fn field_serialize_with_and_with() {
    for (at, digest, payload) in [
        (time(0), vec![], vec![]),
        (time(951_782_400), vec![0xde, 0xad], vec![1, 2, 3]),
        (time(4_102_444_799), vec![0], vec![0]),
    ] {
        let theirs = Event {
            name: "e".into(),
            at,
            digest: digest.clone(),
            payload: payload.clone(),
        };
        let ours = EventTwin {
            name: "e".into(),
            at,
            digest,
            payload,
        };
        assert_same(&theirs);
        assert_same_as(&ours, &theirs);
    }
    let e = EventTwin {
        name: "leap".into(),
        at: time(951_782_400),
        digest: vec![0xab],
        payload: vec![9],
    };
    assert_compact(
        &e,
        r#"{"name":"leap","at":"2000-02-29T00:00:00Z","digest":"ab","payload":{"len":1}}"#,
    );
}

/// A field written by a function needs no `ToJson` bound, as in serde.
#[test]
fn generic_field_with_function_needs_no_bound() {
    struct NotJson([u8; 2]);
    impl AsRef<[u8]> for NotJson {
        fn as_ref(&self) -> &[u8] {
            &self.0
        }
    }
    #[derive(ToJson)]
    struct S<T: AsRef<[u8]>> {
        #[json(serialize_with = "len_json")]
        value: T,
    }
    assert_compact(
        &S {
            value: NotJson([1, 2]),
        },
        r#"{"value":{"len":2}}"#,
    );
}

#[test]
fn function_paths_with_generics() {
    #[derive(Serialize, ToJson)]
    struct S {
        #[serde(serialize_with = "len_serde::<_, Vec<u8>>")]
        #[json(serialize_with = "len_json::<_, Vec<u8>>")]
        value: Vec<u8>,
    }
    assert_same(&S { value: vec![1] });
}

#[derive(Serialize, ToJson)]
struct Newtype(
    #[serde(serialize_with = "time_serde")]
    #[json(serialize_with = "time_json")]
    SystemTime,
);

#[derive(Serialize, ToJson)]
struct Tuple(
    u8,
    #[serde(with = "hex_serde")]
    #[json(with = "hex_json")]
    Vec<u8>,
);

#[derive(Serialize, ToJson)]
#[serde(transparent)]
struct Transparent {
    #[serde(serialize_with = "len_serde")]
    #[json(serialize_with = "len_json")]
    bytes: Vec<u8>,
}

#[test]
fn newtype_tuple_and_transparent_structs() {
    assert_same(&Newtype(time(86_399)));
    assert_same(&Tuple(1, vec![255]));
    assert_same(&Transparent { bytes: vec![1, 2] });
    assert_compact(&Newtype(time(86_399)), r#""1970-01-01T23:59:59Z""#);
}

// ------------------------------------------------------------ enum fields

macro_rules! field_enum {
    ($name:ident $(, $attr:meta)?) => {
        #[derive(Serialize, ToJson)]
        $(#[$attr])?
        enum $name {
            New(
                #[serde(serialize_with = "time_serde")]
                #[json(serialize_with = "time_json")]
                SystemTime,
            ),
            Tuple(
                #[serde(with = "hex_serde")]
                #[json(with = "hex_json")]
                Vec<u8>,
                u8,
            ),
            Struct {
                #[serde(serialize_with = "len_serde")]
                #[json(serialize_with = "len_json")]
                payload: Vec<u8>,
            },
        }

        impl $name {
            fn samples() -> Vec<Self> {
                vec![
                    Self::New(time(60)),
                    Self::Tuple(vec![1, 2], 3),
                    Self::Struct { payload: vec![1] },
                ]
            }
        }
    };
}

field_enum!(ExternalFields);
field_enum!(AdjacentFields, serde(tag = "t", content = "c"));
field_enum!(UntaggedFields, serde(untagged));

#[test]
fn fields_of_enum_variants() {
    for v in ExternalFields::samples() {
        assert_same(&v);
    }
    for v in AdjacentFields::samples() {
        assert_same(&v);
    }
    for v in UntaggedFields::samples() {
        assert_same(&v);
    }
    assert_compact(
        &AdjacentFields::New(time(60)),
        r#"{"t":"New","c":"1970-01-01T00:01:00Z"}"#,
    );
}

#[test]
fn fields_of_internally_tagged_struct_variants() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    enum E {
        At {
            #[serde(serialize_with = "time_serde")]
            #[json(serialize_with = "time_json")]
            at: SystemTime,
        },
    }
    assert_same(&E::At { at: time(1) });
}

// ------------------------------------------------------------ variants

fn pair_json<F: Format>(a: &u8, b: &String, w: ValueWriter<'_, '_, F>) -> Written {
    w.write_str(&format!("{a}:{b}"))
}

fn pair_serde<S: Serializer>(a: &u8, b: &String, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{a}:{b}"))
}

fn unit_json<F: Format>(w: ValueWriter<'_, '_, F>) -> Written {
    ["unit"].write_json(w)
}

fn unit_serde<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
    ["unit"].serialize(s)
}

macro_rules! variant_enum {
    ($name:ident $(, $attr:meta)?) => {
        #[derive(Serialize, ToJson)]
        $(#[$attr])?
        enum $name {
            #[serde(serialize_with = "pair_serde")]
            #[json(serialize_with = "pair_json")]
            Tuple(u8, String),
            #[serde(serialize_with = "pair_serde")]
            #[json(serialize_with = "pair_json")]
            Struct { a: u8, b: String },
            #[serde(serialize_with = "time_serde")]
            #[json(serialize_with = "time_json")]
            New(SystemTime),
            #[serde(serialize_with = "unit_serde")]
            #[json(serialize_with = "unit_json")]
            Unit,
            Plain(u8),
        }

        impl $name {
            fn samples() -> Vec<Self> {
                vec![
                    Self::Tuple(1, "x".into()),
                    Self::Struct { a: 2, b: "y".into() },
                    Self::New(time(0)),
                    Self::Unit,
                    Self::Plain(3),
                ]
            }
        }
    };
}

variant_enum!(ExternalVariants);
variant_enum!(AdjacentVariants, serde(tag = "t", content = "c"));
variant_enum!(UntaggedVariants, serde(untagged));

#[test]
fn variant_serialize_with() {
    for v in ExternalVariants::samples() {
        assert_same(&v);
    }
    for v in AdjacentVariants::samples() {
        assert_same(&v);
    }
    for v in UntaggedVariants::samples() {
        assert_same(&v);
    }
    assert_compact(
        &ExternalVariants::Struct {
            a: 2,
            b: "y".into(),
        },
        r#"{"Struct":"2:y"}"#,
    );
    assert_compact(&AdjacentVariants::Unit, r#"{"t":"Unit","c":["unit"]}"#);
    assert_compact(&UntaggedVariants::Tuple(1, "x".into()), r#""1:x""#);
}

/// An untagged variant of an internally tagged enum may have a function.
#[test]
fn untagged_variant_of_internally_tagged_enum_with_function() {
    #[derive(Serialize, ToJson)]
    #[serde(tag = "type")]
    enum E {
        A {
            x: u8,
        },
        #[serde(untagged, serialize_with = "pair_serde")]
        #[json(serialize_with = "pair_json")]
        Other {
            a: u8,
            b: String,
        },
    }
    assert_same(&E::A { x: 1 });
    assert_same(&E::Other {
        a: 1,
        b: "z".into(),
    });
}

/// The `#[json]` twin of a variant function, deriving only `ToJson`.
#[test]
fn variant_with_in_json_form() {
    mod pair_module {
        use json_runtime::{Format, ValueWriter, Written};

        pub fn serialize<F: Format>(a: &u8, b: &String, w: ValueWriter<'_, '_, F>) -> Written {
            super::pair_json(a, b, w)
        }
    }
    #[derive(ToJson)]
    #[json(tag = "t", content = "c")]
    enum Ours {
        #[json(with = "pair_module")]
        Tuple(u8, String),
    }
    assert_same_as(
        &Ours::Tuple(1, "a".into()),
        &AdjacentVariants::Tuple(1, "a".into()),
    );
}
