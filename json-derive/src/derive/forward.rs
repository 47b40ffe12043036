//! `ToJsonKey`, and `ToJsonFields` for newtypes: the impls of types that
//! serde_json writes as something else.
//!
//! - An enum whose variants are all unit variants (or skipped) is a map key,
//!   its variant's name, as serde_json's `MapKeySerializer` writes it.
//! - A newtype struct, or a `transparent` one, is a map key when its field
//!   is one, and writes entries when its field does: serde hands the field
//!   to the key serializer and to `flatten` alike.
//!
//! The newtype impls are bounded by the field's type, so they exist
//! whenever the field's impl does. A bound that names no generic parameter
//! (`u64: ToJsonKey`) would be checked where the impl is written, and fail
//! the build for a newtype over a type that is not a key, so it is written
//! under a `for<'json>` binder: rustc then checks it only where the impl is
//! used, and reports a missing impl there.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::{Generics, Type};

use super::ast::{Container, Data, Field, Repr, Style, Variant};
use super::literal;
use super::names::{format_param, fresh_param, Names};
use super::value::member_value;

/// `ToJsonKey`, for the types serde_json accepts as keys.
pub fn key_impl(
    cont: &Container,
    generics: &Generics,
    names: &Names,
    header: &TokenStream,
) -> Option<TokenStream> {
    if cont.attrs.into.is_some() {
        return None;
    }
    let runtime = &names.runtime;
    let w = &names.w;
    let format = format_param(cont.generics);
    // A newtype is its field as a key in every respect: it sorts as the
    // field does (an integer by value under `Options::sort_keys`), and
    // writes an entry's key, comma and colon through the field's own
    // single call, which the trait's default would split into three.
    let (generics, body, sorts, entry_key) = match &cont.data {
        Data::Enum(variants) => {
            let body = enum_key_body(cont, variants, names)?;
            (generics.clone(), body, None, None)
        }
        Data::Struct(style, fields) => {
            let field = inner_field(cont, *style, fields)?;
            if field.attrs.serialize_with.is_some() {
                return None;
            }
            let generics = bounded_by(cont, field.ty, quote!(#runtime::ToJsonKey));
            let value = member_value(cont, field, names);
            let ty = field.ty;
            let first = &names.first;
            let sorts = quote! {
                const SORTS_AS_INTEGER: bool = <#ty as #runtime::ToJsonKey>::SORTS_AS_INTEGER;
            };
            let entry_key = quote! {
                fn write_json_entry_key<#format: #runtime::Format>(
                    &self,
                    #w: &mut #runtime::JsonWriter<'_, #format>,
                    #first: bool,
                    _: ::core::option::Option<&Self>,
                ) {
                    #runtime::ToJsonKey::write_json_entry_key(#value, #w, #first, ::core::option::Option::None);
                }
            };
            (
                generics,
                quote!(#runtime::ToJsonKey::write_json_key(#value, #w);),
                Some(sorts),
                Some(entry_key),
            )
        }
    };
    let ident = cont.ident;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    Some(quote! {
        #header
        impl #impl_generics #runtime::ToJsonKey for #ident #ty_generics #where_clause {
            #sorts
            fn write_json_key<#format: #runtime::Format>(&self, #w: &mut #runtime::JsonWriter<'_, #format>) {
                #body
            }
            #entry_key
        }
    })
}

/// `ToJsonFields` for a newtype or `transparent` struct, writing its
/// field's entries. Structs written as objects get theirs in `expand`.
pub fn fields_impl(cont: &Container, names: &Names, header: &TokenStream) -> Option<TokenStream> {
    let Data::Struct(style, fields) = &cont.data else {
        return None;
    };
    if cont.attrs.into.is_some() {
        return None;
    }
    let field = inner_field(cont, *style, fields)?;
    // Both write a whole value, never entries.
    if field.attrs.serialize_with.is_some() || field.attrs.as_string.is_some() {
        return None;
    }
    let Names {
        runtime, w, first, ..
    } = names;
    let generics = bounded_by(cont, field.ty, quote!(#runtime::ToJsonFields));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    let format = format_param(cont.generics);
    let value = member_value(cont, field, names);
    Some(quote! {
        #header
        impl #impl_generics #runtime::ToJsonFields for #ident #ty_generics #where_clause {
            fn write_json_fields<#format: #runtime::Format>(
                &self,
                #w: &mut #runtime::JsonWriter<'_, #format>,
                #first: &mut bool,
            ) {
                #runtime::ToJsonFields::write_json_fields(#value, #w, #first);
            }
        }
    })
}

/// For a newtype or `transparent` struct, `ToJson::write_json_slice`: a
/// slice of it goes through its field's type's own loop for slices where
/// that type has one (integers and `bool`: `Vec<UserId>` of `UserId(u64)`
/// took 0.45 of serde_json's time element by element, against 0.18 for a
/// `Vec<u64>`). Not for a field written another way (`serialize_with`,
/// `as_string`, a getter), nor in a packed struct, whose field cannot be
/// borrowed, nor in small-code encoders.
pub fn slice_method(cont: &Container, names: &Names) -> TokenStream {
    let Data::Struct(style, fields) = &cont.data else {
        return TokenStream::new();
    };
    let Some(field) = inner_field(cont, *style, fields) else {
        return TokenStream::new();
    };
    let plain = field.attrs.serialize_with.is_none()
        && field.attrs.as_string.is_none()
        && field.attrs.getter.is_none();
    if !plain || cont.packed || names.small_code {
        return TokenStream::new();
    }
    let Names { runtime, w, .. } = names;
    let private = names.private();
    let import = names.import();
    let format = format_param(cont.generics);
    let member = &field.member;
    quote! {
        #[inline]
        fn write_json_slice<#format: #runtime::Format>(#w: &mut #runtime::JsonWriter<'_, #format>, items: &[Self]) {
            #import
            #private::newtype_slice(items, |item| &item.#member).write_newtype_slice(#w)
        }
    }
}

/// The field a newtype or `transparent` struct is written as. serde writes
/// a newtype's field even when it is marked skipped.
fn inner_field<'a>(
    cont: &'a Container,
    style: Style,
    fields: &'a [Field<'a>],
) -> Option<&'a Field<'a>> {
    match cont.attrs.transparent {
        Some(_) => cont.transparent_field(),
        None if style == Style::Newtype => fields.first(),
        None => None,
    }
}

/// The body of an enum's `write_json_key`, if every variant is a unit
/// variant or skipped and the enum is externally tagged: serde_json writes
/// such a variant as a key, and rejects every other kind (a unit variant
/// of a tagged or untagged enum is serialized as an object or `null`).
///
/// A skipped variant is serde's error, as when it is written as a value.
/// Without skipped variants the key is what `write_json` writes, the
/// quoted name.
fn enum_key_body(cont: &Container, variants: &[Variant], names: &Names) -> Option<TokenStream> {
    if cont.repr != Repr::External {
        return None;
    }
    let unit = |v: &Variant| match v.style {
        Style::Unit => true,
        Style::Newtype => v.fields[0].skipped(),
        Style::Struct | Style::Tuple => false,
    };
    let is_key = |v: &&Variant| {
        v.attrs.skip.is_some()
            || (unit(v) && v.attrs.serialize_with.is_none() && v.attrs.untagged.is_none())
    };
    if !variants.iter().all(|v| is_key(&v)) {
        return None;
    }
    let w = &names.w;
    if variants.iter().all(|v| v.attrs.skip.is_none()) {
        let private = names.private();
        return Some(quote!(#private::unit_variant_key(self, #w);));
    }
    let arms = variants.iter().map(|variant| {
        let ident = variant.ident;
        let write = match variant.attrs.skip {
            Some(_) => names.unserializable_variant(variant.ident),
            None => {
                let key = literal::quoted(&variant.name);
                quote!(#w.write_raw(#key);)
            }
        };
        quote!(Self::#ident { .. } => { #write })
    });
    let import = names.import();
    Some(quote! {
        #import
        match self {
            #(#arms)*
        }
    })
}

/// The type's own generics, plus `ty: bound`, under a binder when `ty`
/// names none of the type's generic parameters (see the module docs).
fn bounded_by(cont: &Container, ty: &Type, bound: TokenStream) -> Generics {
    let mut generics = cont.generics.clone();
    let predicate: syn::WherePredicate = if mentions_generics(ty, cont.generics) {
        syn::parse_quote!(#ty: #bound)
    } else {
        let lifetime = fresh_lifetime(cont.generics);
        syn::parse_quote!(for<#lifetime> #ty: #bound)
    };
    generics.make_where_clause().predicates.push(predicate);
    generics
}

/// Whether any token of `ty` is the name of one of the generic parameters.
/// A false positive (a type elsewhere named like a parameter) only costs
/// the binder, which is harmless for a bound that is not trivially false.
fn mentions_generics(ty: &Type, generics: &Generics) -> bool {
    let names: Vec<String> = generics
        .params
        .iter()
        .map(|param| match param {
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Const(c) => c.ident.to_string(),
            syn::GenericParam::Lifetime(l) => l.lifetime.ident.to_string(),
        })
        .collect();
    fn walk(tokens: TokenStream, names: &[String]) -> bool {
        tokens.into_iter().any(|token| match token {
            TokenTree::Ident(ident) => names.iter().any(|name| ident == name),
            TokenTree::Group(group) => walk(group.stream(), names),
            _ => false,
        })
    }
    walk(quote!(#ty), &names)
}

/// `'json`, or `'json_` and so on if the type has a lifetime of that name.
fn fresh_lifetime(generics: &Generics) -> syn::Lifetime {
    let taken: Vec<String> = generics
        .lifetimes()
        .map(|l| l.lifetime.ident.to_string())
        .collect();
    let name = fresh_param("json", &Generics::default(), &taken);
    syn::Lifetime::new(&format!("'{name}"), Span::call_site())
}
