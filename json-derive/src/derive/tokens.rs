//! Joining token streams in one step.
//!
//! In a proc macro every token stream lives in the compiler, and the
//! derive reaches it through the proc-macro bridge. `stream.extend(more)`
//! with `more` a `TokenStream` takes `more` apart tree by tree, because a
//! stream is an iterator of trees: each of its tokens crosses the bridge
//! out, then back in when the result is used. `append_stream` hands over
//! the whole stream instead, one call for any number of tokens. Tokens
//! made on the derive's side and not yet joined cost no call at all, which
//! is what `Tokens` keeps its few repeated tokens as.

use std::rc::Rc;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;

/// Appending a whole token stream; see the module docs.
pub trait AppendStream {
    /// Appends `more`'s tokens after `self`'s, unchanged.
    fn append_stream(&mut self, more: TokenStream);
}

impl AppendStream for TokenStream {
    fn append_stream(&mut self, more: TokenStream) {
        // Joining would first hand `self`'s pending tokens to the compiler
        // for nothing; an empty stream is known as such without a call.
        if !more.is_empty() {
            self.extend(std::iter::once(more));
        }
    }
}

/// A few tokens that the generated code repeats at many places: the
/// runtime's path, its private module's, `self`. They are kept as trees
/// on the derive's side, so each use copies them into the stream being
/// made, where a `TokenStream` would be cloned and joined in the compiler
/// at every use (calls across the bridge each time).
#[derive(Clone)]
pub struct Tokens(Rc<[TokenTree]>);

impl From<TokenStream> for Tokens {
    fn from(stream: TokenStream) -> Self {
        Tokens(stream.into_iter().collect())
    }
}

impl ToTokens for Tokens {
    fn to_tokens(&self, out: &mut TokenStream) {
        out.extend(self.0.iter().cloned());
    }
}

impl<'a> IntoIterator for &'a Tokens {
    type Item = TokenTree;
    type IntoIter = std::iter::Cloned<std::slice::Iter<'a, TokenTree>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().cloned()
    }
}
