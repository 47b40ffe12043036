//! Moving generated tokens to the user's code, so that rustc reports an
//! error in them (a missing impl, a function of the wrong signature) at the
//! field or attribute that caused it rather than at the derive.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::TokenStreamExt;

/// `tokens` shown at `span`'s place in errors, each keeping its own hygiene,
/// so names resolve exactly as before.
pub fn located_at(tokens: impl IntoIterator<Item = TokenTree>, span: Span) -> TokenStream {
    let mut moved = TokenStream::new();
    for mut token in tokens {
        if let TokenTree::Group(group) = &token {
            let mut group_moved = Group::new(group.delimiter(), located_at(group.stream(), span));
            group_moved.set_span(group.span().located_at(span));
            token = TokenTree::Group(group_moved);
        } else {
            token.set_span(token.span().located_at(span));
        }
        moved.append(token);
    }
    moved
}

/// One identifier shown at `span`'s place, as `located_at` moves each token.
pub fn ident_located_at(ident: &Ident, span: Span) -> Ident {
    let mut moved = ident.clone();
    moved.set_span(ident.span().located_at(span));
    moved
}

/// A key literal of `literal.rs`, shown at `at`, a `located_template`
/// span, as `located_at` would move it: those literals are made at
/// `Span::call_site()`, and `at` is where `located_at` moves that span,
/// so no call into the compiler is needed to find it again.
pub fn key_at(key: &syn::LitStr, at: Span) -> syn::LitStr {
    let mut moved = key.clone();
    moved.set_span(at);
    moved
}

/// The span that `located_at` gives a token `quote!` made: a template
/// written with `quote_spanned!(located_template(span)=> ..)` comes out as
/// `located_at(quote!(..), span)` would make it, without a second walk
/// over its tokens, each a call into the compiler. Interpolated tokens
/// keep their spans, so they are moved on their own.
pub fn located_template(span: Span) -> Span {
    Span::call_site().located_at(span)
}
