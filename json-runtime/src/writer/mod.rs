//! The writer: `JsonWriter` over a `Buf`, compiled for one `Format`
//! (compact, pretty or canonical) and set up from one `Config`.
//!
//! The core (set-up, structure, strings, raw text, errors) is in
//! `json_writer.rs`. The opt-in outputs keep their state in `extras.rs`
//! and add their hooks from their own files: canonical output
//! (`canonical.rs`), sorted containers (`sort.rs`, over `sort_state.rs`
//! and `sort_order.rs`) and inline arrays (`inline.rs`, over
//! `inline_state.rs`). The structure checks of debug builds are in
//! `check.rs` (hooks) over `check_state.rs`; the checked API for
//! hand-written impls in `checked.rs`. Numbers through the writer are in `numbers.rs`,
//! slices of integers, bools and `Option`s of them as arrays in
//! `scalar_array.rs` (bytes and bools a block at a time in `chunked.rs`),
//! pieces for awaited writers in `pieces.rs`, and one capacity check for a
//! run of bounded writes in `reserved.rs`.

mod canonical;
mod check;
mod check_state;
mod checked;
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
mod chunked;
mod config;
mod derive_protocol;
mod extras;
mod format;
mod inline;
mod inline_state;
mod json_writer;
mod numbers;
mod pieces;
mod reserved;
mod scalar_array;
mod sort;
mod sort_order;
mod sort_state;

pub use checked::{ArrayWriter, ObjectWriter, ValueWriter, Written};
pub(crate) use config::{Config, DEFAULT_INDENT};
pub use format::{Canonical, Compact, Format, Pretty};
pub(crate) use format::{PerFormat, Selected};
pub use json_writer::JsonWriter;
pub(crate) use numbers::{
    write_f32, write_f64, write_float_quoted, write_int, write_int_entry_key, write_int_quoted,
    write_ipv4, write_keyed_f32, write_keyed_f64,
};
pub(crate) use pieces::write_indexed_piece;
// Reached from other crates only through `__private_0_1_0`.
pub use pieces::Pieces;
pub use reserved::{Bounded, Reserved};
// Reached from other crates only through `__private_0_1_0`.
pub use scalar_array::Scalar;
pub(crate) use scalar_array::{
    write_scalar_array, write_scalar_iter, write_scalar_rows, ArrayItem, Element,
};
pub(crate) use sort_order::Order;
