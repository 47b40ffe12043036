//! `#[derive(ToJson)]`, re-exported by `json-runtime`; see its docs.
//!
//! As in serde_derive, the input is read into a model, checked, and only
//! then turned into code; code generation never looks at raw attributes,
//! and the model knows nothing of the code made from it. The files of
//! `derive/`, in layers, each importing only from its own layer and those
//! above it (`.ci/module_cycles.py` checks that none import in a cycle):
//!
//! 1. The model. `ctxt.rs` collects errors, each at its span; `case.rs`
//!    has serde's `rename_all` styles; `attr.rs` reads `#[serde]` and
//!    `#[json]` attributes into values; `ast.rs` is the container with its
//!    variants and fields, names decided; `check.rs` has the rules across
//!    attributes and fields.
//! 2. What generated code is made of. `bound.rs` infers the impl's `where`
//!    clause; `literal.rs` escapes keys into byte literals; `names.rs` holds
//!    the names every generator shares (the writer, the paths into
//!    json_runtime, fresh parameter names); `respan.rs` moves tokens to the
//!    user's code so errors point there. `tokens.rs` joins token
//!    streams in one call to the compiler, and keeps the few tokens every
//!    impl repeats (paths, `self`) on the derive's side.
//! 3. The writers that all impls share. `serde_with.rs` calls serde's
//!    `serialize_with` functions through a wrapper; `value.rs` writes one
//!    value; `object.rs` writes objects and arrays of them.
//! 4. The bodies. `ser_struct.rs` for structs, `ser_enum.rs` for enums in
//!    serde's four representations, `forward.rs` for `ToJsonKey` and the
//!    `ToJsonFields` of newtypes.
//! 5. `expand.rs`, the pipeline: model, checks, then the impls, or stubs
//!    next to the errors.
//!
//! `derive/mod.rs` is the one list of these files: json-expand compiles it
//! as a module of its own, so that what it prints is exactly what this
//! macro generates. Outside it are this entry point and `emit.rs`
//! (`JSON_DERIVE_EMIT_DIR`), which json-expand, printing the code itself,
//! has no use for.

mod derive;
mod emit;

use proc_macro::TokenStream;

/// Derives `json_runtime::ToJson`. Documented on the re-export,
/// `json_runtime::ToJson`.
#[proc_macro_derive(ToJson, attributes(json, serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let mut output = derive::expand::derive(&input);
    emit::emit_if_requested(
        &input.ident.to_string(),
        input.ident.span().unwrap(),
        &output,
    );
    output.extend(emit::track_emit_dir());
    output.into()
}
