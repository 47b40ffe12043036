//! The pipeline: read the input into the model, check it, generate the impl.
//! On error, the impl is a stub next to the errors, so the user sees the
//! errors and not a cascade of "ToJson is not implemented" after them.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::DeriveInput;

use super::ast::{Container, Data};
use super::ctxt::Ctxt;
use super::names::{default_runtime, format_param, fresh_param, Names, WrapperContainer};
use super::tokens::{AppendStream, Tokens};
use super::{bound, check, forward, ser_enum, ser_struct};

pub fn derive(input: &DeriveInput) -> TokenStream {
    let mut cx = Ctxt::default();
    let cont = Container::from_ast(&mut cx, input);
    if let Some(cont) = &cont {
        check::check(&mut cx, cont);
    }
    match (cx.check(), cont) {
        (Ok(()), Some(cont)) => impl_block(&cont),
        (errors, _) => {
            let errors = errors.err();
            let stub = stub(input);
            quote!(#errors #stub)
        }
    }
}

fn runtime_path(cont: &Container) -> Tokens {
    match &cont.attrs.crate_path {
        Some(path) => quote!(#path).into(),
        None => default_runtime(Span::call_site(), None).into(),
    }
}

/// `ToJson`, and `ToJsonFields` for types written as objects, so that they
/// can be flattened and be the content of internally tagged variants; then
/// the impls of `forward` for types written as something else.
///
/// For objects, one body, `ToJsonFields::write_json_entries`, serves both
/// traits: its `B: Braces` parameter (`Object` or `Entries`) decides at
/// compile time whether the object's braces are written, so the code is
/// type-checked once.
fn impl_block(cont: &Container) -> TokenStream {
    let runtime = runtime_path(cont);
    let generics = bound::with_bounds(cont, &runtime);
    let ident = cont.ident;
    let (_, ty_generics, _) = generics.split_for_impl();
    let wrapper = WrapperContainer {
        generics: generics.clone(),
        this: quote!(#ident #ty_generics),
    };
    let braces = braces_param(cont.generics);
    let mut names = Names::new(runtime.clone(), quote!(#braces::OBJECT).into(), wrapper);
    names.fallback = !cont.attrs.no_serde_fallback;
    names.packed = cont.packed;
    names.runtime_is_default = cont.attrs.crate_path.is_none();
    names.small_code = match (cont.attrs.small_code, cont.attrs.hot) {
        (Some(_), _) => true,
        (None, Some(_)) => false,
        (None, None) => cfg!(feature = "small-code"),
    };
    names.type_name = ident.to_string();
    let header = header(cont);
    if cont.attrs.via_serde.is_some() {
        return via_serde_impls(cont, &names, &header);
    }
    if let Some(remote) = &cont.attrs.remote {
        return remote_impl(cont, remote, &mut names, &generics, &header);
    }
    let mut impls = to_json_impls(cont, &generics, &names, &header, &braces);
    impls.extend(forward::key_impl(cont, &generics, &names, &header));
    impls.extend(forward::fields_impl(cont, &names, &header));
    impls
}

/// For `#[json(via_serde)]`: `ToJson` and `ToJsonFields` that hand the
/// value to its own `serde::Serialize` impl, as the public `Serde` wrapper
/// does, so that a type whose `Serialize` is written by hand is accepted
/// wherever a `ToJson` type is, with serde_json's bytes.
fn via_serde_impls(cont: &Container, names: &Names, header: &TokenStream) -> TokenStream {
    let Names {
        runtime, w, first, ..
    } = names;
    let private = names.private();
    let ident = cont.ident;
    let mut generics = cont.generics.clone();
    let (_, ty_generics, _) = cont.generics.split_for_impl();
    // A generic type's impls hold where its `Serialize` does. A type
    // without parameters gets no bound: its missing `Serialize` is then one
    // error, at `via_serde`, instead of a second at every use.
    if cont.generics.type_params().next().is_some() {
        generics
            .make_where_clause()
            .predicates
            .push(syn::parse_quote!(#ident #ty_generics: #private::serde::Serialize));
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let format = format_param(cont.generics);
    let span = cont.attrs.via_serde.unwrap_or_else(Span::call_site);
    let serde = quote_spanned!(span=> #runtime::Serde(self));
    quote! {
        #header
        impl #impl_generics #runtime::ToJson for #ident #ty_generics #where_clause {
            #[inline]
            fn write_json<#format: #runtime::Format>(&self, #w: #runtime::ValueWriter<'_, '_, #format>) -> #runtime::Written {
                #runtime::ToJson::write_json(&#serde, #w)
            }
        }
        #header
        impl #impl_generics #runtime::ToJsonFields for #ident #ty_generics #where_clause {
            #[inline]
            fn write_json_fields<#format: #runtime::Format>(
                &self,
                #w: &mut #runtime::JsonWriter<'_, #format>,
                #first: &mut bool,
            ) {
                #runtime::ToJsonFields::write_json_fields(&#serde, #w, #first);
            }
        }
    }
}

/// The attributes of every generated impl. As serde_derive does, a type
/// that uses deprecated items on purpose gets impls that allow them.
fn header(cont: &Container) -> TokenStream {
    let allow = cont.allow_deprecated.then(|| quote!(#[allow(deprecated)]));
    quote!(#[automatically_derived] #allow)
}

/// `braces` is `write_json_entries`' `Braces` parameter, the one that
/// `names.object` reads.
fn to_json_impls(
    cont: &Container,
    generics: &syn::Generics,
    names: &Names,
    header: &TokenStream,
    braces: &syn::Ident,
) -> TokenStream {
    let runtime = &names.runtime;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    let format = format_param(cont.generics);
    let Names { w, first, .. } = names;
    let private = names.private();
    // Forwarding bodies are one call that returns the `Written`, and need
    // no import. Writing bodies take the writer out of the `ValueWriter`
    // and return `written()` after the value.
    let to_json = |body: TokenStream, attr: TokenStream, writes: bool, more: TokenStream| {
        let body = match writes {
            true => {
                let import = names.import();
                quote!(#import let #w = #w.into_writer(); #body #w.written())
            }
            false => body,
        };
        quote! {
            #header
            impl #impl_generics #runtime::ToJson for #ident #ty_generics #where_clause {
                #attr
                fn write_json<#format: #runtime::Format>(&self, #w: #runtime::ValueWriter<'_, '_, #format>) -> #runtime::Written {
                    #body
                }
                #more
            }
        }
    };
    if let Some((ty, _)) = &cont.attrs.into {
        return to_json(
            quote! {
                #runtime::ToJson::write_json(
                    &::core::convert::Into::<#ty>::into(::core::clone::Clone::clone(self)),
                    #w,
                )
            },
            TokenStream::new(),
            false,
            TokenStream::new(),
        );
    }
    if let Data::Enum(variants) = &cont.data {
        if let Some(name) = ser_enum::unit_names(cont, variants, names) {
            return unit_variant_impls(cont, generics, names, header, &name);
        }
    }
    let entries_body = match &cont.data {
        Data::Struct(style, fields) => ser_struct::entries_body(cont, *style, fields, names),
        Data::Enum(variants) => ser_enum::entries_body(cont, variants, names),
    };
    let entries_import = names.import();
    let Some(entries_body) = entries_body else {
        let body = match &cont.data {
            Data::Struct(style, fields) => ser_struct::body(cont, *style, fields, names),
            Data::Enum(variants) => ser_enum::body(cont, variants, names),
        };
        let slice = forward::slice_method(cont, names);
        return to_json(body, TokenStream::new(), true, slice);
    };
    // Only forwards: inlined, so that a recursive type costs one frame a
    // level, not two, in unoptimized builds too.
    let mut impls = to_json(
        quote!(#private::object(self, #w)),
        quote!(#[inline(always)]),
        false,
        TokenStream::new(),
    );
    impls.append_stream(quote! {
        #header
        impl #impl_generics #runtime::ToJsonFields for #ident #ty_generics #where_clause {
            fn write_json_entries<#format: #runtime::Format, #braces: #private::Braces>(
                &self,
                #w: &mut #runtime::JsonWriter<'_, #format>,
                #first: &mut bool,
            ) {
                #entries_import
                #entries_body
            }
        }
    });
    impls
}

/// For an enum whose variants all write their quoted name: `ToJson` with
/// the `match` that picks the name, and `ToJsonFields` through the
/// `ToJsonKey` impl that `forward::key_impl` gives every such enum, so the
/// match is written once; no shared `write_json_entries` body (a third
/// generic function per enum was a third of its metadata: 100 such enums
/// made the rlib 2.45x serde's).
fn unit_variant_impls(
    cont: &Container,
    generics: &syn::Generics,
    names: &Names,
    header: &TokenStream,
    name: &TokenStream,
) -> TokenStream {
    let Names {
        runtime, w, first, ..
    } = names;
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    let format = format_param(cont.generics);
    let private = names.private();
    quote! {
        #header
        impl #impl_generics #runtime::ToJson for #ident #ty_generics #where_clause {
            fn write_json<#format: #runtime::Format>(&self, #w: #runtime::ValueWriter<'_, '_, #format>) -> #runtime::Written {
                #private::unit_variant(#w, #name)
            }
        }
        #header
        impl #impl_generics #runtime::ToJsonFields for #ident #ty_generics #where_clause {
            fn write_json_fields<#format: #runtime::Format>(
                &self,
                #w: &mut #runtime::JsonWriter<'_, #format>,
                #first: &mut bool,
            ) {
                #private::unit_variant_entry(self, #w, #first);
            }
        }
    }
}

/// For serde's `remote = "Type"`: this type only mirrors `Type`'s
/// definition, so instead of `ToJson` for itself it gets what serde gives
/// it, a function that writes a `Type`:
///
/// ```text
/// impl Local {
///     pub fn write_json<F: Format>(remote: &Type, w: ValueWriter<'_, '_, F>) -> Written { .. }
/// }
/// ```
///
/// usable as `#[json(serialize_with = "Local::write_json")]`; serde's own
/// `Local::serialize` serves `#[serde(with = "Local")]` through the bridge.
fn remote_impl(
    cont: &Container,
    remote: &syn::Path,
    names: &mut Names,
    generics: &syn::Generics,
    header: &TokenStream,
) -> TokenStream {
    let runtime = names.runtime.clone();
    let value = syn::Ident::new("__self", Span::call_site());
    // As in serde, `remote` names the type without the mirror's own
    // parameters, which follow it in the parameter's type (`&Type<T>`);
    // arguments written in it (`remote = "Type<u8>"`) take `::<` in
    // patterns.
    let (remote_type, remote_value) = remote_paths(remote);
    names.this = quote!(#value).into();
    names.this_type = quote!(#remote_value).into();
    if let Some(last) = remote.segments.last() {
        names.type_name = last.ident.to_string();
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let ident = cont.ident;
    let format = format_param(cont.generics);
    // The body writes whole objects only: `OBJECT`, a local constant.
    let object = object_param(cont);
    names.object = quote!(#object).into();
    let Names { w, first, .. } = &*names;
    let body = match &cont.data {
        Data::Struct(style, fields) => {
            match ser_struct::entries_body(cont, *style, fields, names) {
                // The object-writing half of `write_json_entries`.
                Some(entries) => quote! {
                    const #object: bool = true;
                    let #first = &mut true;
                    #entries
                },
                None => ser_struct::body(cont, *style, fields, names),
            }
        }
        Data::Enum(variants) => ser_enum::body(cont, variants, names),
    };
    let import = names.import();
    let vis = &cont.vis;
    let doc = format!(
        "Writes a `{}` as JSON, as serde's `{ident}::serialize` does.",
        quote!(#remote).to_string().replace(' ', "")
    );
    quote! {
        #header
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc = #doc]
            #vis fn write_json<#format: #runtime::Format>(
                #value: &#remote_type #ty_generics,
                #w: #runtime::ValueWriter<'_, '_, #format>,
            ) -> #runtime::Written {
                #import
                let #w = #w.into_writer();
                #body
                #w.written()
            }
        }
    }
}

/// The remote path as a type (`Type<u8>`) and as a value or pattern
/// (`Type::<u8>`), as serde_derive's `this_type` and `this_value`.
fn remote_paths(remote: &syn::Path) -> (syn::Path, syn::Path) {
    let mut as_type = remote.clone();
    let mut as_value = remote.clone();
    for segment in &mut as_type.segments {
        if let syn::PathArguments::AngleBracketed(arguments) = &mut segment.arguments {
            arguments.colon2_token = None;
        }
    }
    for segment in &mut as_value.segments {
        if let syn::PathArguments::AngleBracketed(arguments) = &mut segment.arguments {
            if arguments.colon2_token.is_none() {
                arguments.colon2_token = Some(syn::Token![::](arguments.lt_token.span));
            }
        }
    }
    (as_type, as_value)
}

/// The name of `write_json_entries`' `Braces` parameter: `B`, unless the
/// type has a generic parameter of that name.
fn braces_param(generics: &syn::Generics) -> syn::Ident {
    fresh_param("B", generics, &[])
}

/// The name of a remote type's local `OBJECT` constant, which stands for
/// `B::OBJECT` in a body that writes whole objects only: `OBJECT`, unless
/// the type has a generic parameter or a field of that name (a field named
/// like a const would be read as a constant pattern in a variant's match).
fn object_param(cont: &Container) -> syn::Ident {
    let mut fields = Vec::new();
    for field in cont.all_fields() {
        fields.push(field.name_in_code());
    }
    fresh_param("OBJECT", cont.generics, &fields)
}

/// Impls that type-check whatever the input, so that other code using the
/// type compiles and only the real errors are shown.
fn stub(input: &DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let format = format_param(&input.generics);
    let fields = matches!(
        &input.data,
        syn::Data::Enum(_) | syn::Data::Struct(syn::DataStruct { fields: syn::Fields::Named(_), .. })
    )
    .then(|| {
        quote! {
            impl #impl_generics ::json_runtime::ToJsonFields for #ident #ty_generics #where_clause {
                fn write_json_fields<#format: ::json_runtime::Format>(&self, _: &mut ::json_runtime::JsonWriter<'_, #format>, _: &mut bool) {
                    ::core::unreachable!()
                }
            }
        }
    });
    quote! {
        impl #impl_generics ::json_runtime::ToJson for #ident #ty_generics #where_clause {
            fn write_json<#format: ::json_runtime::Format>(&self, _: ::json_runtime::ValueWriter<'_, '_, #format>) -> ::json_runtime::Written {
                ::core::unreachable!()
            }
        }
        #fields
    }
}
