//! Compile-fail tests of `#[derive(ToJson)]`: each file in `ui/` is one
//! misuse, and its `.stderr` is the reviewed diagnostic. Regenerate with
//! `TRYBUILD=overwrite cargo test -p json-tests --test ui`, then read every
//! changed `.stderr`: each error must point at the offending tokens and say
//! what to write instead.

#[test]
fn ui() {
    // Relative to this package's directory, where cargo runs tests.
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
