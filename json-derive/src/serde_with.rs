//! `#[serde(serialize_with = "...")]` and `#[serde(with = "...")]` without a
//! `#[json]` counterpart: the function has serde's signature, so the value
//! is wrapped in a struct whose `Serialize` impl calls it, and the wrapper
//! is written through json_runtime's serde bridge, as serde_derive's own
//! `wrap_serialize_with` wraps it.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::attr::SerializeWith;
use super::ser_struct::{located_at, Names};

/// What a wrapper needs of the type being derived: its generics with the
/// impl's bounds, and the type itself, which the wrapper names in a
/// `PhantomData` so that every parameter is used.
pub struct Container {
    pub generics: syn::Generics,
    pub this: TokenStream,
}

/// A block that declares the wrapper of `values` (references to fields of
/// types `tys`), implements `Serialize` for it by calling `with`'s
/// function with the values and the serializer, and writes it.
pub fn wrap(
    names: &Names,
    with: &SerializeWith,
    tys: &[&syn::Type],
    values: &[TokenStream],
) -> TokenStream {
    let Names {
        runtime,
        w,
        wrapper,
        ..
    } = names;
    let serde = quote!(#runtime::__private::serde);
    let mut generics = wrapper.generics.clone();
    generics.params.insert(0, syn::parse_quote!('__a));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let this = &wrapper.this;
    let indices = (0..tys.len()).map(syn::Index::from);
    // A function of the wrong signature is reported at the attribute.
    let path = &with.path;
    let span = path.span();
    let call_values = indices.map(|i| located_at(quote!(self.values.#i), span));
    let serializer = located_at(quote!(__s), span);
    let call = quote_spanned!(span=> #path(#(#call_values,)* #serializer));
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
        #w.write_serde(&__SerializeWith {
            values: (#(#values,)*),
            phantom: ::core::marker::PhantomData::<&#this>,
        });
    }}
}
