//! Moving generated tokens to the user's code, so that rustc reports an
//! error in them (a missing impl, a function of the wrong signature) at the
//! field or attribute that caused it rather than at the derive.

use proc_macro2::{Group, Span, TokenStream, TokenTree};

/// `tokens` shown at `span`'s place in errors, each keeping its own hygiene,
/// so names resolve exactly as before.
pub fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut moved = Group::new(group.delimiter(), located_at(group.stream(), span));
                moved.set_span(group.span().located_at(span));
                return TokenTree::Group(moved);
            }
            token.set_span(token.span().located_at(span));
            token
        })
        .collect()
}
