//! The code generator, from a `syn::DeriveInput` to the impls, without
//! `proc_macro`: the one list of its files, which the proc-macro
//! (`lib.rs`) and json-expand both compile, so a file added here reaches
//! both. The files name each other through `super::`, which means the same
//! in either crate. It is a `mod.rs` because that is the one name under
//! which rustc finds `mod ast;` at the same place whether the file is
//! reached by `mod derive;` (lib.rs) or by `#[path]` (json-expand).
//!
//! The groups are the layers that lib.rs describes; a file imports only
//! from its own group and the groups above it.

// The model: the input, read and checked.
mod ast;
mod attr;
mod case;
mod check;
mod ctxt;

// What the generated code is made of: bounds, literals, names and spans.
mod bound;
mod literal;
mod names;
mod respan;
mod tokens;

// The writers that all impls share.
mod bounded_run;
mod object;
mod serde_with;
mod value;

// The impls' bodies, per kind of type.
mod forward;
mod ser_enum;
mod ser_struct;

// The pipeline: model, checks, then the impls.
pub mod expand;
