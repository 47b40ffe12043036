//! Derived code must compile without a warning under strict lint settings,
//! for every shape and attribute. Run under clippy as well:
//! `cargo clippy -p json-tests --all-targets -- -D warnings`.

#![deny(warnings, unused_qualifications)]
#![deny(clippy::all)]

include!("lints/cases.rs");
