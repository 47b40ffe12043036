//! Arbitrary `serde_json::Value`s of bounded depth: json-runtime must write
//! serde_json's bytes compact, pretty, pretty with a tab indent, and
//! streamed through `to_writer`.

#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Number, Value};

/// Deep enough to nest every kind in every other; deeper inputs only cost
/// time, and the stack bound is tested elsewhere.
const MAX_DEPTH: u32 = 24;

fn value(u: &mut Unstructured<'_>, depth: u32) -> Result<Value> {
    let kinds = if depth >= MAX_DEPTH { 7 } else { 9 };
    Ok(match u.int_in_range(0..=kinds - 1)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::Number(Number::from(u.arbitrary::<u64>()?)),
        3 => Value::Number(Number::from(u.arbitrary::<i64>()?)),
        4 => Number::from_f64(f64::from_bits(u.arbitrary()?)).map_or(Value::Null, Value::Number),
        5 => Value::Number(
            Number::from_f64(f64::from(f32::from_bits(u.arbitrary()?))).unwrap_or(Number::from(0)),
        ),
        6 => Value::String(u.arbitrary()?),
        7 => {
            let mut items = Vec::new();
            while u.arbitrary::<bool>()? {
                items.push(value(u, depth + 1)?);
            }
            Value::Array(items)
        }
        _ => {
            let mut map = Map::new();
            while u.arbitrary::<bool>()? {
                let key: String = u.arbitrary()?;
                map.insert(key, value(u, depth + 1)?);
            }
            Value::Object(map)
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(v) = value(&mut u, 0) else {
        return;
    };
    assert_eq!(json_runtime::to_vec(&v).unwrap(), serde_json::to_vec(&v).unwrap());
    assert_eq!(
        json_runtime::to_vec_pretty(&v).unwrap(),
        serde_json::to_vec_pretty(&v).unwrap()
    );

    let mut expected = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"\t");
    let mut ser = serde_json::Serializer::with_formatter(&mut expected, formatter);
    serde::Serialize::serialize(&v, &mut ser).unwrap();
    assert_eq!(
        json_runtime::PrettyFormatter::with_indent(b"\t").to_vec(&v).unwrap(),
        expected
    );

    let mut streamed = Vec::new();
    json_runtime::to_writer(&mut streamed, &v).unwrap();
    assert_eq!(streamed, serde_json::to_vec(&v).unwrap());
});
