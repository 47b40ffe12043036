//! `#[serde(serialize_with = "...")]` and `#[serde(with = "...")]` without a
//! `#[json]` counterpart: the function has serde's signature, so the value
//! is wrapped in a struct whose `Serialize` impl calls it, and the wrapper
//! is written through json_runtime's serde bridge, as serde_derive's own
//! `wrap_serialize_with` wraps it.

use proc_macro2::{Group, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::attr::SerializeWith;
use super::names::{EntriesOf, Names};
use super::respan::located_at;
use super::tokens::{AppendStream, Tokens};

/// A serde `serialize_with` function that writes a value as entries
/// (a flattened field, an internally tagged variant), with the types of
/// the values it takes.
pub struct EntriesWith<'a> {
    pub with: &'a SerializeWith,
    pub tys: Vec<&'a syn::Type>,
    pub values: Vec<Tokens>,
}

/// A block that declares the wrapper of `values` (references to fields of
/// types `tys`), implements `Serialize` for it by calling `with`'s
/// function with the values and the serializer, and writes it.
pub fn wrap(
    names: &Names,
    with: &SerializeWith,
    tys: &[&syn::Type],
    values: &[Tokens],
) -> TokenStream {
    let w = &names.w;
    wrapped(
        names,
        with,
        tys,
        values,
        &|wrapper| quote!(#w.write_serde(&#wrapper);),
    )
}

/// The same, writing the function's output as entries of the object being
/// written, as serde reads a flattened value (`of` is `Flatten`) or the
/// content of an internally tagged variant.
pub fn wrap_entries(
    names: &Names,
    with: &EntriesWith,
    first: &TokenStream,
    of: &EntriesOf,
) -> TokenStream {
    let w = &names.w;
    let private = names.private();
    let of = of.tokens(names);
    wrapped(
        names,
        with.with,
        &with.tys,
        &with.values,
        &|wrapper| quote!(#private::write_serde_entries(#w, &#wrapper, #first, #of);),
    )
}

fn wrapped(
    names: &Names,
    with: &SerializeWith,
    tys: &[&syn::Type],
    values: &[Tokens],
    // `dyn`: one copy of this function in the macro's own build.
    write: &dyn Fn(TokenStream) -> TokenStream,
) -> TokenStream {
    let wrapper = &names.wrapper;
    let private = names.private();
    let serde = quote!(#private::serde);
    let mut generics = wrapper.generics.clone();
    generics.params.insert(0, syn::parse_quote!('__a));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let this = &wrapper.this;
    // Inside the wrapper, `Self` would name the wrapper: a field of type
    // `Vec<Self>` means the derived type, as serde_derive reads it.
    let tys: Vec<TokenStream> = tys
        .iter()
        .map(|ty| replace_self(quote!(#ty), this))
        .collect();
    let indices = (0..tys.len()).map(syn::Index::from);
    // A function of the wrong signature is reported at the attribute.
    let path = &with.path;
    let span = path.span();
    let call_values = indices.map(|i| located_at(quote!(self.values.#i), span));
    let serializer = located_at(quote!(__s), span);
    let call = quote_spanned!(span=> #path(#(#call_values,)* #serializer));
    let write = write(quote! {
        __SerializeWith {
            values: (#(#values,)*),
            phantom: ::core::marker::PhantomData::<&#this>,
        }
    });
    quote! {{
        struct __SerializeWith #impl_generics #where_clause {
            values: (#(&'__a #tys,)*),
            phantom: ::core::marker::PhantomData<&'__a #this>,
        }
        impl #impl_generics #serde::Serialize for __SerializeWith #ty_generics #where_clause {
            fn serialize<__S: #serde::Serializer>(
                &self,
                __s: __S,
            ) -> ::core::result::Result<__S::Ok, __S::Error> {
                #call
            }
        }
        #write
    }}
}

/// `tokens` with each `Self` replaced by `this`, written `<this>` before
/// `::` so that `Self::Assoc` stays a path.
fn replace_self(tokens: TokenStream, this: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(token) = iter.next() {
        match token {
            TokenTree::Ident(ident) if ident == "Self" => {
                let path_follows =
                    matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                if path_follows {
                    out.append_stream(quote!(<#this>));
                } else {
                    out.append_stream(this.clone());
                }
            }
            TokenTree::Group(group) => {
                let mut replaced =
                    Group::new(group.delimiter(), replace_self(group.stream(), this));
                replaced.set_span(group.span());
                out.extend([TokenTree::Group(replaced)]);
            }
            token => out.extend([token]),
        }
    }
    out
}
