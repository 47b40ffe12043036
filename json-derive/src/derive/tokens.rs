//! Joining token streams in one step.
//!
//! In a proc macro every token stream lives in the compiler, and the
//! derive reaches it through the proc-macro bridge. `stream.extend(more)`
//! with `more` a `TokenStream` takes `more` apart tree by tree, because a
//! stream is an iterator of trees: each of its tokens crosses the bridge
//! out, then back in when the result is used. `append_stream` hands over
//! the whole stream instead, one call for any number of tokens.

use proc_macro2::TokenStream;

/// Appending a whole token stream; see the module docs.
pub trait AppendStream {
    /// Appends `more`'s tokens after `self`'s, unchanged.
    fn append_stream(&mut self, more: TokenStream);
}

impl AppendStream for TokenStream {
    fn append_stream(&mut self, more: TokenStream) {
        self.extend(std::iter::once(more));
    }
}
