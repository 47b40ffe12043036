//! Code for enums, in serde's default externally tagged representation:
//! `"Unit"`, `{"Newtype":x}`, `{"Tuple":[..]}`, `{"Struct":{..}}`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};

use super::ast::{Container, Style, Variant};
use super::literal;
use super::ser_struct::{array, object, Member, Names};

pub fn body(cont: &Container, variants: &[Variant], names: &Names) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|variant| arm(cont, variant, names));
    quote! {
        match self {
            #(#arms)*
        }
    }
}

fn arm(cont: &Container, variant: &Variant, names: &Names) -> TokenStream {
    let w = &names.w;
    let ident = variant.ident;
    if variant.attrs.skip.is_some() {
        // serde_json returns an error for a skipped variant; in-memory
        // encoding has no error to return, so it is written as `null`.
        return quote!(Self::#ident { .. } => #w.write_raw(b"null"),);
    }
    if variant.style == Style::Unit {
        let name = literal::quoted(&variant.name);
        return quote!(Self::#ident => #w.write_raw(#name),);
    }

    let bindings: Vec<_> = variant
        .fields
        .iter()
        .map(|field| match &field.member {
            syn::Member::Named(name) => quote!(#name),
            syn::Member::Unnamed(index) => format_ident!("f{}", index.index).into_token_stream(),
        })
        .collect();
    let members: Vec<Member> = variant
        .fields
        .iter()
        .zip(&bindings)
        .filter(|(field, _)| !field.skipped())
        .map(|(field, binding)| Member {
            field,
            value: binding.clone(),
        })
        .collect();

    let (pattern, content) = match variant.style {
        Style::Newtype => (
            quote!(Self::#ident(f0)),
            names.write_value(&variant.fields[0], &quote!(f0)),
        ),
        Style::Tuple => {
            let patterns = variant
                .fields
                .iter()
                .zip(&bindings)
                .map(|(field, binding)| {
                    if field.skipped() {
                        quote!(_)
                    } else {
                        binding.clone()
                    }
                });
            (quote!(Self::#ident(#(#patterns),*)), array(&members, names))
        }
        Style::Struct => {
            let written = members.iter().map(|m| &m.value);
            let rest = (members.len() < variant.fields.len()).then(|| quote!(..));
            let commas = if members.is_empty() {
                None
            } else {
                Some(quote!(,))
            };
            let _ = commas;
            let skip_none = cont.attrs.skip_serializing_none;
            (
                quote!(Self::#ident { #(#written,)* #rest }),
                object(&members, skip_none, names),
            )
        }
        Style::Unit => unreachable!("handled above"),
    };
    let key = literal::first_key(&variant.name);
    quote! {
        #pattern => {
            #w.key(#key);
            #content
            #w.end_object();
        }
    }
}
