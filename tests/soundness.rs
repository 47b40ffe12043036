//! The writer's public methods cannot put bytes that are not UTF-8 into
//! the output, which `to_string` hands out as a `String`. (That the old
//! `&[u8]` signatures no longer compile is shown by `ui/write_raw_bytes.rs`
//! and `ui/key_bytes.rs`.)

use std::panic::{catch_unwind, AssertUnwindSafe};

// The derive's protocol (key literals, structure), which hand-written
// impls do not see; these tests call it as generated code does.
use json_runtime::__private_0_1_0::{IntoWriter as _, WriterProtocol as _};
use json_runtime::{Format, ToJson, ValueWriter, Written};

/// Writes whatever key literal it holds, as a hand-written impl might.
struct Keyed(&'static str);

impl ToJson for Keyed {
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.into_writer();
        w.key(self.0);
        w.write_null();
        w.end_object();
        w.written()
    }
}

#[test]
fn non_ascii_keys_pass_through_both_layouts() {
    let key = Keyed("{\"clé😀\":");
    assert_eq!(json_runtime::to_string(&key).unwrap(), "{\"clé😀\":null}");
    assert_eq!(
        json_runtime::to_string_pretty(&key).unwrap(),
        "{\n  \"clé😀\": null\n}"
    );
}

#[test]
fn pretty_key_that_would_split_a_character_panics() {
    // Pretty layout cuts the first and last byte off the literal. Were they
    // part of a multi-byte character, the cut would leave half of it in
    // the output; the writer panics instead, and no `String` is made.
    for literal in ["é\"k\":", "{\"k\"é", "é"] {
        let result = catch_unwind(AssertUnwindSafe(|| {
            json_runtime::to_string_pretty(&Keyed(literal)).unwrap()
        }));
        assert!(result.is_err(), "{literal:?} was accepted");
    }
}

#[test]
fn raw_fragments_are_text() {
    struct Fragment;
    impl ToJson for Fragment {
        fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
            w.write_raw("[\"ü\",1]")
        }
    }
    let s = json_runtime::to_string(&[Fragment]).unwrap();
    assert_eq!(s, "[[\"ü\",1]]");
    let raw = json_runtime::to_raw_json(&Fragment).unwrap();
    assert_eq!(raw.get(), "[\"ü\",1]");
}
