//! Every 8 bytes of input as an f64 and every 4 as an f32, from their raw
//! bits (NaNs, infinities, subnormals, ±0 included): json-runtime must
//! write serde_json's bytes, alone and in arrays.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let f64s: Vec<f64> = data
        .chunks_exact(8)
        .map(|c| f64::from_bits(u64::from_le_bytes(c.try_into().unwrap())))
        .collect();
    let f32s: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_bits(u32::from_le_bytes(c.try_into().unwrap())))
        .collect();
    for &x in &f64s {
        assert_eq!(
            json_runtime::to_vec(&x).unwrap(),
            serde_json::to_vec(&x).unwrap(),
            "{x:e}"
        );
    }
    for &x in &f32s {
        assert_eq!(
            json_runtime::to_vec(&x).unwrap(),
            serde_json::to_vec(&x).unwrap(),
            "{x:e}"
        );
    }
    assert_eq!(
        json_runtime::to_vec(&f64s).unwrap(),
        serde_json::to_vec(&f64s).unwrap()
    );
    assert_eq!(
        json_runtime::to_vec_pretty(&f32s).unwrap(),
        serde_json::to_vec_pretty(&f32s).unwrap()
    );
    // Through serde_json::Number, which holds finite f64s only.
    for &x in &f64s {
        if let Some(n) = serde_json::Number::from_f64(x) {
            assert_eq!(json_runtime::to_vec(&n).unwrap(), serde_json::to_vec(&n).unwrap());
        }
    }
});
