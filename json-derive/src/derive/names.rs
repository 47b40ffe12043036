//! The names that all generated code shares: the writer and the `first`
//! flag, the paths into json_runtime, the type being written, and fresh
//! names for generated parameters.
//!
//! It imports no other file of the generator but `tokens`: `serde_with`
//! takes `Names`, and the value writers, methods of `Names`, call
//! `serde_with`, so `Names` itself has to sit below both.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

use super::tokens::Tokens;

/// Names shared by all generated code. The writer, the `first` flag and
/// the run are `mixed_site` so a field called `w` cannot shadow them.
pub struct Names {
    pub runtime: Tokens,
    /// Whether `runtime` is `::json_runtime`, made by `quote!`, rather
    /// than a `crate = "..."` path (see `private_at`).
    pub runtime_is_default: bool,
    /// `runtime::__private_…`, built once: see `private`.
    private: Tokens,
    pub w: Ident,
    pub first: Ident,
    /// The run of bounded writes (`bounded_run.rs`).
    pub run: Ident,
    /// Whether `write_json_entries` writes a whole object: `B::OBJECT`,
    /// of its `B: Braces` parameter.
    pub object: Tokens,
    /// Whether the type is `#[repr(packed)]`, whose fields are copied out
    /// to be written (`value::member_value`).
    pub packed: bool,
    /// Whether a field whose type does not implement `ToJson` is written
    /// through its `serde::Serialize` impl; off with `no_serde_fallback`.
    pub fallback: bool,
    /// Whether each field's value is written through one out-of-line
    /// function per field type (`small_code`, or the `small-code` feature
    /// without `hot`) instead of inlined.
    pub small_code: bool,
    /// The value being written, `self`, and its type's path in patterns,
    /// `Self`; for a `remote` type, the function's parameter and the
    /// remote type.
    pub this: Tokens,
    pub this_type: Tokens,
    /// The type's name as serde names it in errors: the remote type's for
    /// a `remote` type.
    pub type_name: String,
    /// What serde `serialize_with` wrappers need of the container.
    pub wrapper: WrapperContainer,
}

/// What a serde `serialize_with` wrapper needs of the type being derived:
/// its generics with the impl's bounds, and the type itself, which the
/// wrapper names in a `PhantomData` so that every parameter is used.
pub struct WrapperContainer {
    pub generics: syn::Generics,
    pub this: TokenStream,
}

impl Names {
    pub fn new(runtime: Tokens, object: Tokens, wrapper: WrapperContainer) -> Self {
        let module = private_module();
        Names {
            private: quote!(#runtime::#module).into(),
            runtime,
            runtime_is_default: false,
            w: Ident::new("w", Span::mixed_site()),
            first: Ident::new("first", Span::mixed_site()),
            run: Ident::new("run", Span::mixed_site()),
            object,
            packed: false,
            fallback: true,
            small_code: false,
            this: quote!(self).into(),
            this_type: quote!(Self).into(),
            type_name: String::new(),
            wrapper,
        }
    }

    /// The path of the runtime's module that only derived code calls,
    /// named after the version (see `private_module`).
    pub fn private(&self) -> &Tokens {
        &self.private
    }

    /// serde_derive's error for a skipped variant met at run time, through
    /// the writer's error channel.
    pub fn unserializable_variant(&self, variant: &Ident) -> TokenStream {
        let private = self.private();
        let w = &self.w;
        let type_name = &self.type_name;
        let variant = variant.to_string();
        quote!(#private::unserializable_variant(#w, #type_name, #variant);)
    }

    /// The import of the traits whose methods generated code calls: the
    /// dispatch's (values and entries through `ToJson` or `Serialize`) and
    /// the writer's protocol (key literals, structure). Every body that
    /// writes gets it; it binds no name (`as _`).
    pub fn import(&self) -> TokenStream {
        let private = self.private();
        quote! {
            #[allow(unused_imports)]
            use #private::dispatch::*;
        }
    }
}

/// The runtime's path when the type names none with `crate = "..."`,
/// `::json_runtime`, shown at `span`'s place; then, with `module`, the
/// path of a module in it.
pub fn default_runtime(span: Span, module: Option<&Ident>) -> TokenStream {
    let krate = Ident::new("json_runtime", span);
    match module {
        None => quote_spanned!(span=> ::#krate),
        Some(module) => quote_spanned!(span=> ::#krate::#module),
    }
}

/// `__private_0_1_0` at version 0.1.0. What derived code calls in that
/// module is no public API and may change in any release, so json-runtime
/// requires the derive of exactly its own version (`=`, as serde requires
/// serde_derive). Should a derive of another version meet the runtime
/// anyway (a direct dependency on this crate, a patched copy), the build
/// fails on a module that does not exist, not inside a call that changed.
///
/// json-expand compiles this file too, so `CARGO_PKG_VERSION` is then
/// json-expand's; both take the workspace's version.
pub fn private_module() -> Ident {
    let version: String = env!("CARGO_PKG_VERSION")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    Ident::new(&format!("__private_{version}"), Span::call_site())
}

/// How a value written as entries is read when it goes through serde:
/// as serde's flatten, or as the content of an internally tagged variant.
pub enum EntriesOf {
    Flatten,
    Tagged { type_name: String, variant: String },
}

impl EntriesOf {
    pub fn tokens(&self, names: &Names) -> TokenStream {
        let private = names.private();
        match self {
            EntriesOf::Flatten => quote!(#private::EntriesOf::Flatten),
            EntriesOf::Tagged { type_name, variant } => quote! {
                #private::EntriesOf::Tagged {
                    type_name: #type_name,
                    variant: #variant,
                }
            },
        }
    }
}

/// The method's layout parameter is `F`, unless the type has a parameter
/// of that name already.
pub fn format_param(generics: &syn::Generics) -> Ident {
    fresh_param("F", generics, &[])
}

/// `base`, with `_` appended until no generic parameter of the type nor
/// any of `taken` has that name.
pub fn fresh_param(base: &str, generics: &syn::Generics, taken: &[String]) -> Ident {
    let mut name = String::from(base);
    let clashes = |name: &str| {
        taken.iter().any(|t| t == name)
            || generics.params.iter().any(|p| match p {
                syn::GenericParam::Type(t) => t.ident == name,
                syn::GenericParam::Const(c) => c.ident == name,
                syn::GenericParam::Lifetime(_) => false,
            })
    };
    while clashes(&name) {
        name.push('_');
    }
    Ident::new(&name, Span::call_site())
}
