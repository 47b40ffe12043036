//! `#[derive(ToJson)]`, re-exported by `json-runtime`; see its docs.
//!
//! The pipeline is `ast` (read the input and its attributes into a model),
//! `check` (rules across fields), then `ser_struct` / `ser_enum` (emit the
//! encoder), tied together in `expand`.
//!
//! The `json-expand` command compiles these same files as modules of its
//! own, so that what it prints is exactly what this macro generates. That
//! is why the modules refer to each other through `super::`.

mod ast;
mod attr;
mod bound;
mod case;
mod check;
mod ctxt;
mod emit;
mod expand;
mod forward;
mod literal;
mod names;
mod object;
mod respan;
mod ser_enum;
mod ser_struct;
mod serde_with;
mod value;

use proc_macro::TokenStream;

/// Derives `json_runtime::ToJson`. Documented on the re-export,
/// `json_runtime::ToJson`.
#[proc_macro_derive(ToJson, attributes(json, serde))]
pub fn derive_to_json(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    let mut output = expand::derive(&input);
    emit::emit_if_requested(&input.ident.to_string(), &output);
    output.extend(emit::track_emit_dir());
    output.into()
}
