//! Arbitrary bytes, made UTF-8 lossily, as a string value, a map key and
//! inside an array: json-runtime must write serde_json's bytes, compact and
//! pretty.

#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let s: &str = &s;
    assert_eq!(json_runtime::to_vec(s).unwrap(), serde_json::to_vec(s).unwrap());

    let map = BTreeMap::from([(s, [s])]);
    assert_eq!(
        json_runtime::to_vec(&map).unwrap(),
        serde_json::to_vec(&map).unwrap()
    );
    assert_eq!(
        json_runtime::to_vec_pretty(&map).unwrap(),
        serde_json::to_vec_pretty(&map).unwrap()
    );

    // Also split where the input says, so strings of every length and
    // boundary position are compared, including chars.
    let parts: Vec<&str> = s.split('\u{1}').collect();
    assert_eq!(
        json_runtime::to_vec(&parts).unwrap(),
        serde_json::to_vec(&parts).unwrap()
    );
    if let Some(c) = s.chars().next() {
        assert_eq!(json_runtime::to_vec(&c).unwrap(), serde_json::to_vec(&c).unwrap());
    }
});
