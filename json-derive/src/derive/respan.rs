//! Moving generated tokens to the user's code, so that rustc reports an
//! error in them (a missing impl, a function of the wrong signature) at the
//! field or attribute that caused it rather than at the derive.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::TokenStreamExt;

/// `tokens` shown at `span`'s place in errors, each keeping its own hygiene,
/// so names resolve exactly as before.
pub fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
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
