//! Code for enums, in serde's four representations:
//!
//! | variant | externally tagged | `tag = "t"` | `tag = "t", content = "c"` | `untagged` |
//! |---|---|---|---|---|
//! | unit | `"V"` | `{"t":"V"}` | `{"t":"V"}` | `null` |
//! | newtype | `{"V":x}` | `{"t":"V",...x's fields}` | `{"t":"V","c":x}` | `x` |
//! | tuple | `{"V":[..]}` | rejected | `{"t":"V","c":[..]}` | `[..]` |
//! | struct | `{"V":{..}}` | `{"t":"V",..}` | `{"t":"V","c":{..}}` | `{..}` |
//!
//! As entries of an enclosing object (`ToJsonFields`), each is the above
//! without braces, `"V":null` for an externally tagged unit variant and
//! nothing for an untagged one.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::LitStr;

use super::ast::{Container, Repr, Style, Variant};
use super::literal;
use super::names::{EntriesOf, Names};
use super::object::{array, member_entries, object, object_or_entries, Entry, Write};
use super::respan::{ident_located_at, located_at};
use super::serde_with::{self, EntriesWith};
use super::tokens::Tokens;
use super::value::Member;

/// The body of `ToJson::write_json`, for an enum that is not
/// `ToJsonFields` (see [`entries_body`] for the others).
pub fn body(cont: &Container, variants: &[Variant], names: &Names) -> TokenStream {
    let this = &names.this;
    if variants.is_empty() {
        return quote!(match *#this {});
    }
    let arms = variants
        .iter()
        .map(|variant| arm(cont, variant, false, names).0);
    // A remote enum marked `#[non_exhaustive]` may have variants its mirror
    // does not list: serde's error for them.
    let unrecognized = (cont.attrs.remote.is_some() && cont.non_exhaustive).then(|| {
        let w = &names.w;
        let private = names.private();
        quote! {
            #[allow(unreachable_patterns)]
            unrecognized => #private::unrecognized_variant(#w, unrecognized),
        }
    });
    quote! {
        match #this {
            #(#arms)*
            #unrecognized
        }
    }
}

/// The body of `ToJsonFields::write_json_entries`, or `None` when some
/// variant's content is not made of entries.
pub fn entries_body(cont: &Container, variants: &[Variant], names: &Names) -> Option<TokenStream> {
    if !variants.iter().all(|v| writes_entries(cont, v)) {
        return None;
    }
    let Names { first, this, .. } = names;
    if variants.is_empty() {
        return Some(quote! {
            let _ = #first;
            match *#this {}
        });
    }
    let (arms, uses_first): (Vec<TokenStream>, Vec<bool>) = variants
        .iter()
        .map(|variant| arm(cont, variant, true, names))
        .unzip();
    // Untagged unit variants write nothing as entries, and neither do
    // skipped ones; if no variant writes, `first` is unused.
    let unused = (!uses_first.contains(&true)).then(|| quote!(let _ = #first;));
    Some(quote! {
        #unused
        match #this {
            #(#arms)*
        }
    })
}

/// For an enum whose variants all write their quoted name (externally
/// tagged unit variants, none skipped): the arguments of
/// `unit_variant(w, names, ends, index)` after `w`, which pick the name.
///
/// ```text
/// "\"Red\"\"Green\"", &[0, 5, 12], match self { Self::Red => 0, Self::Green => 1 }
/// ```
///
/// The enum is then written by one call, not one inlined copy of the
/// write per variant. The names are one literal and their offsets a table
/// of integers, not a `match` to a `&str` per variant: the optimizer made
/// that a table of pointers, each a dynamic relocation in a
/// position-independent binary. The `match` to each variant's position is
/// the discriminant itself when the variants keep their default values.
pub fn unit_names(cont: &Container, variants: &[Variant], names: &Names) -> Option<TokenStream> {
    let all_named = variants.iter().all(|variant| {
        variant.attrs.skip.is_none()
            && variant.attrs.serialize_with.is_none()
            && repr(cont, variant) == Repr::External
            && effective_style(variant) == Style::Unit
    });
    // An empty enum has no name to pick: it is written by `match *self {}`.
    if variants.is_empty() || !all_named || (cont.attrs.remote.is_some() && cont.non_exhaustive) {
        return None;
    }
    let this = &names.this;
    let quoted: Vec<LitStr> = variants
        .iter()
        .map(|variant| literal::quoted(variant.name.as_str()))
        .collect();
    let all = literal::concat(&quoted);
    let ends = std::iter::once(0)
        .chain(quoted.iter().scan(0, |end, name| {
            *end += name.value().len();
            Some(*end)
        }))
        .map(|end| u32::try_from(end).map(proc_macro2::Literal::u32_unsuffixed));
    // Past 4 GiB of names (never, in practice) the general code writes them.
    let ends: Vec<_> = ends.collect::<Result<_, _>>().ok()?;
    let arms = variants.iter().enumerate().map(|(index, variant)| {
        let pattern = pattern(variant, Style::Unit, &bindings(variant), &names.this_type);
        let index = proc_macro2::Literal::usize_unsuffixed(index);
        quote!(#pattern => #index,)
    });
    Some(quote! {
        #all,
        &[#(#ends),*],
        match #this {
            #(#arms)*
        }
    })
}

/// serde writes a newtype variant whose field is skipped as a unit variant.
fn effective_style(variant: &Variant) -> Style {
    match variant.style {
        Style::Newtype if variant.fields[0].skipped() => Style::Unit,
        style => style,
    }
}

fn repr(cont: &Container, variant: &Variant) -> Repr {
    match variant.attrs.untagged {
        Some(_) => Repr::Untagged,
        None => cont.repr.clone(),
    }
}

/// Whether the variant can be written as entries: all can but untagged
/// content that is not an object.
fn writes_entries(cont: &Container, variant: &Variant) -> bool {
    if variant.attrs.skip.is_some() || repr(cont, variant) != Repr::Untagged {
        return true;
    }
    variant.attrs.serialize_with.is_none()
        && matches!(effective_style(variant), Style::Unit | Style::Struct)
}

/// One match arm, and whether it reads the `first` parameter. With
/// `entries`, the arm is part of `write_json_entries`: under `if B::OBJECT`
/// it writes the whole value, else entries.
fn arm(cont: &Container, variant: &Variant, entries: bool, names: &Names) -> (TokenStream, bool) {
    let Names {
        w,
        first,
        object: object_param,
        ..
    } = names;
    // Code only the whole value writes.
    let if_object = |code: TokenStream| match entries {
        true => quote!(if #object_param { #code }),
        false => code,
    };
    let ident = variant.ident;
    if variant.attrs.skip.is_some() {
        // serde's error, as a whole value and as entries alike.
        let this_type = &names.this_type;
        let fail = names.unserializable_variant(variant.ident);
        return (quote!(#this_type::#ident { .. } => { #fail }), false);
    }
    let bindings = bindings(variant);
    let style = match variant.attrs.serialize_with {
        Some(_) => variant.style,
        None => effective_style(variant),
    };
    let pattern = pattern(variant, style, &bindings, &names.this_type);
    let mut members = Vec::new();
    for (field, binding) in variant.fields.iter().zip(&bindings) {
        if !field.skipped() {
            members.push(Member {
                field,
                value: binding.clone(),
            });
        }
    }
    let skip_none = cont.attrs.skip_serializing_none;
    let unit = style == Style::Unit && variant.attrs.serialize_with.is_none();
    let name = variant.name.as_str();
    let object_code = |entries_list: &[Entry]| match entries {
        true => object_or_entries(entries_list, names),
        false => (object(entries_list, names), false),
    };

    // For an internally tagged newtype variant: `(what serde calls its
    // content if it refuses it, serde's error then)`.
    let mut optional = None;
    let (code, uses_first) = match repr(cont, variant) {
        Repr::External if unit => {
            let quoted = literal::quoted(name);
            match entries {
                true => (
                    quote! {
                        if #object_param {
                            #w.unit_variant(#quoted);
                        } else {
                            #w.key_dyn(#first, #quoted);
                            #w.write_null();
                        }
                    },
                    true,
                ),
                false => (quote!(#w.unit_variant(#quoted);), false),
            }
        }
        Repr::External => {
            let write = content(variant, style, &members, &bindings, skip_none, names);
            object_code(&[Entry::Value {
                key: name,
                write: Write::Code(write),
                skip_if: None,
                bounded: None,
                keyed: None,
            }])
        }
        Repr::Adjacent { tag, content: key } => {
            let mut list = vec![Entry::Tag {
                key: &tag,
                value: name,
            }];
            if !unit {
                list.push(Entry::Value {
                    key: &key,
                    write: Write::Code(content(
                        variant, style, &members, &bindings, skip_none, names,
                    )),
                    skip_if: None,
                    bounded: None,
                    keyed: None,
                });
            }
            object_code(&list)
        }
        Repr::Internal { tag } => {
            let mut list = vec![Entry::Tag {
                key: &tag,
                value: name,
            }];
            // As serde's `serialize_tagged_newtype` reads it, when it is
            // written through serde.
            let tagged = || EntriesOf::Tagged {
                type_name: names.type_name.clone(),
                variant: ident.to_string(),
            };
            match (&variant.attrs.serialize_with, style) {
                // `check` allows only serde's signature here.
                (Some(with), _) => list.push(Entry::Flatten {
                    value: TokenStream::new().into(),
                    span: with.span,
                    skip_if: None,
                    of: tagged(),
                    with: Some(EntriesWith {
                        with,
                        tys: variant.fields.iter().map(|f| f.ty).collect(),
                        values: bindings.clone(),
                    }),
                }),
                (None, Style::Newtype) => {
                    let field = &variant.fields[0];
                    if field.attrs.serialize_with.is_none() {
                        optional = Some(tagged_optional(variant, &bindings[0], names));
                    }
                    list.push(Entry::Flatten {
                        value: bindings[0].clone(),
                        span: field.ty_span(),
                        skip_if: None,
                        of: tagged(),
                        with: field.attrs.serialize_with.as_ref().map(|with| EntriesWith {
                            with,
                            tys: vec![field.ty],
                            values: vec![bindings[0].clone()],
                        }),
                    });
                }
                (None, Style::Struct) => list.extend(member_entries(&members, skip_none, names)),
                // Tuple variants are rejected by `check`.
                (None, Style::Unit | Style::Tuple) => {}
            }
            object_code(&list)
        }
        // Only unit and struct variants are left, by `writes_entries`.
        Repr::Untagged if entries && style == Style::Struct => {
            object_code(&member_entries(&members, skip_none, names))
        }
        Repr::Untagged if entries => (if_object(quote!(#w.write_null();)), false),
        Repr::Untagged => (
            content(variant, style, &members, &bindings, skip_none, names),
            false,
        ),
    };
    let code = match optional {
        Some((refusal, fail)) => quote! {
            if let ::core::option::Option::Some(what) = #refusal { #fail } else { #code }
        },
        None => code,
    };
    let arm = quote! {
        #pattern => {
            #code
        }
    };
    (arm, uses_first)
}

/// For an internally tagged newtype variant: what serde's error calls its
/// content if serde refuses it (an `Option`, a scalar `Value`), and the
/// code that reports it, given that as `what`.
fn tagged_optional(variant: &Variant, value: &Tokens, names: &Names) -> (TokenStream, TokenStream) {
    let private = names.private();
    let w = &names.w;
    let type_name = &names.type_name;
    let ident = variant.ident.to_string();
    let refusal = quote! {{
        use #private::{TaggedContentAccepted as _, TaggedContentRefused as _};
        (&#private::Content(#value)).tagged_content_refusal()
    }};
    let fail = quote!(#private::tagged_newtype_refused(#w, #type_name, #ident, what););
    (refusal, fail)
}

/// The variant's content as one JSON value: what an untagged variant
/// writes, and what the other representations write under a key.
fn content(
    variant: &Variant,
    style: Style,
    members: &[Member],
    bindings: &[Tokens],
    skip_none: bool,
    names: &Names,
) -> TokenStream {
    let w = &names.w;
    if let Some(with) = &variant.attrs.serialize_with {
        if with.serde_signature {
            let tys: Vec<_> = variant.fields.iter().map(|f| f.ty).collect();
            return serde_with::wrap(names, with, &tys, bindings);
        }
        // A function of the wrong signature is reported at the attribute.
        let path = &with.path;
        let span = path.span();
        let bindings = bindings.iter().map(|b| located_at(b, span));
        let w = ident_located_at(w, span);
        let private = located_at(names.private(), span);
        return quote_spanned!(span=> #private::json_with_returns(#path(#(#bindings,)* #w.value_writer())););
    }
    match style {
        Style::Unit => quote!(#w.write_null();),
        Style::Newtype => names.write_field(&variant.fields[0], &bindings[0]),
        Style::Tuple => array(members, names),
        Style::Struct => object(&member_entries(members, skip_none, names), names),
    }
}

/// `f0`, `f1`, … for tuple fields, the field names for struct fields.
fn bindings(variant: &Variant) -> Vec<Tokens> {
    variant
        .fields
        .iter()
        .map(|field| match &field.member {
            syn::Member::Named(name) => quote!(#name).into(),
            syn::Member::Unnamed(index) => {
                format_ident!("f{}", index.index).into_token_stream().into()
            }
        })
        .collect()
}

/// The match pattern, binding the fields that are written; all of them
/// for a `serialize_with` variant, which takes every field.
fn pattern(
    variant: &Variant,
    style: Style,
    bindings: &[Tokens],
    this_type: &Tokens,
) -> TokenStream {
    let ident = variant.ident;
    let all = variant.attrs.serialize_with.is_some();
    let used = |i: usize| all || !variant.fields[i].skipped();
    match (variant.style, style) {
        (Style::Unit, _) => quote!(#this_type::#ident),
        // A newtype variant whose field is skipped.
        (_, Style::Unit) => quote!(#this_type::#ident { .. }),
        (Style::Struct, _) => {
            let written = (0..bindings.len())
                .filter(|&i| used(i))
                .map(|i| &bindings[i]);
            let rest = (0..bindings.len()).any(|i| !used(i)).then(|| quote!(..));
            quote!(#this_type::#ident { #(#written,)* #rest })
        }
        (Style::Newtype | Style::Tuple, _) => {
            let patterns = (0..bindings.len()).map(|i| {
                if used(i) {
                    bindings[i].to_token_stream()
                } else {
                    quote!(_)
                }
            });
            quote!(#this_type::#ident(#(#patterns),*))
        }
    }
}
