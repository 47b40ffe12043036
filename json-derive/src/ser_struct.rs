//! Code for structs, and for the fields of struct and tuple variants.

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;

use super::ast::{is_option, Container, Field, Style};
use super::literal;

/// Names shared by all generated code. The writer and the `first` flag are
/// `mixed_site` so a field called `w` cannot shadow them.
pub struct Names {
    pub runtime: TokenStream,
    pub w: Ident,
    first: Ident,
}

impl Names {
    pub fn new(runtime: TokenStream) -> Self {
        Names {
            runtime,
            w: Ident::new("w", Span::mixed_site()),
            first: Ident::new("first", Span::mixed_site()),
        }
    }

    /// `ToJson::write_json(value, w)`, spanned at the field's type so a
    /// missing impl is reported on the field.
    pub fn write_value(&self, field: &Field, value: &TokenStream) -> TokenStream {
        let Names { runtime, w, .. } = self;
        let span = syn::spanned::Spanned::span(field.ty);
        // rustc reports a missing impl at the callee path or the argument,
        // whose tokens come from elsewhere; move them to the field too.
        let runtime = located_at(runtime.clone(), span);
        let value = located_at(value.clone(), span);
        quote::quote_spanned!(span=> #runtime::ToJson::write_json(#value, #w);)
    }
}

/// `tokens` shown at `span`'s place in errors, each keeping its own hygiene,
/// so names resolve exactly as before.
fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
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

/// A field to write, with the expression that borrows it.
pub struct Member<'a> {
    pub field: &'a Field<'a>,
    pub value: TokenStream,
}

pub fn body(cont: &Container, style: Style, fields: &[Field], names: &Names) -> TokenStream {
    let w = &names.w;
    if let Some(field) = transparent_field(cont, fields) {
        let member = &field.member;
        return names.write_value(field, &quote!(&self.#member));
    }
    let members: Vec<Member> = fields
        .iter()
        .filter(|f| !f.skipped())
        .map(|field| {
            let member = &field.member;
            Member {
                field,
                value: quote!(&self.#member),
            }
        })
        .collect();
    match style {
        Style::Unit => quote!(#w.write_raw(b"null");),
        // serde writes a newtype's field even when it is marked skipped.
        Style::Newtype => names.write_value(&fields[0], &quote!(&self.0)),
        Style::Tuple => array(&members, names),
        Style::Struct => object(&members, cont.attrs.skip_serializing_none, names),
    }
}

fn transparent_field<'a>(cont: &Container, fields: &'a [Field<'a>]) -> Option<&'a Field<'a>> {
    cont.attrs.transparent?;
    fields.iter().find(|f| !f.skipped())
}

/// The condition under which a field is left out, if any.
fn skip_condition(member: &Member, skip_none: bool) -> Option<TokenStream> {
    let value = &member.value;
    if let Some(path) = &member.field.attrs.skip_serializing_if {
        // A function of the wrong type is then reported at the attribute.
        let value = located_at(value.clone(), syn::spanned::Spanned::span(path));
        return Some(quote!(#path(#value)));
    }
    if skip_none && is_option(member.field.ty) {
        return Some(quote!(::core::option::Option::is_none(#value)));
    }
    None
}

/// Wraps a field's code in `if !condition { .. }` when it may be skipped.
fn guarded(condition: Option<TokenStream>, code: TokenStream) -> TokenStream {
    match condition {
        Some(condition) => quote!(if !#condition { #code }),
        None => code,
    }
}

/// A JSON object. While no field has certainly been written, keys go
/// through `key_dyn` with a run-time `first` flag; once one has, every
/// later key is a static `,"key":` literal. Structs without conditional
/// leading fields are therefore all literals.
pub fn object(members: &[Member], skip_none: bool, names: &Names) -> TokenStream {
    let Names { w, first, .. } = names;
    if members.is_empty() {
        return quote!(#w.write_raw(b"{}"););
    }
    let conditions: Vec<Option<TokenStream>> = members
        .iter()
        .map(|m| skip_condition(m, skip_none))
        .collect();
    let mut code = TokenStream::new();
    let static_from = conditions.iter().position(Option::is_none);
    if static_from != Some(0) {
        code.extend(quote! {
            #w.begin_object();
            let mut #first = true;
        });
    }
    for (i, (member, condition)) in members.iter().zip(conditions).enumerate() {
        let key = match static_from {
            Some(0) if i == 0 => {
                let lit = literal::first_key(&member.field.name);
                quote!(#w.key(#lit);)
            }
            Some(s) if i > s => {
                let lit = literal::next_key(&member.field.name);
                quote!(#w.key(#lit);)
            }
            _ => {
                let lit = literal::quoted(&member.field.name);
                quote!(#w.key_dyn(&mut #first, #lit);)
            }
        };
        let value = names.write_value(member.field, &member.value);
        code.extend(guarded(condition, quote!(#key #value)));
    }
    code.extend(match static_from {
        Some(_) => quote!(#w.end_object();),
        None => quote!(#w.end_object_dyn(#first);),
    });
    code
}

/// A JSON array of the members, for tuple structs and tuple variants.
pub fn array(members: &[Member], names: &Names) -> TokenStream {
    let Names { w, first, .. } = names;
    if members.is_empty() {
        return quote!(#w.write_raw(b"[]"););
    }
    let conditions: Vec<Option<TokenStream>> =
        members.iter().map(|m| skip_condition(m, false)).collect();
    let static_from = conditions.iter().position(Option::is_none);
    let mut code = quote!(#w.begin_array(););
    if static_from != Some(0) {
        code.extend(quote!(let mut #first = true;));
    }
    for (i, (member, condition)) in members.iter().zip(conditions).enumerate() {
        let separator = match static_from {
            Some(0) if i == 0 => quote!(#w.array_value(true);),
            Some(s) if i > s => quote!(#w.array_value(false);),
            _ => quote!(#w.array_value_dyn(&mut #first);),
        };
        let value = names.write_value(member.field, &member.value);
        code.extend(guarded(condition, quote!(#separator #value)));
    }
    code.extend(match static_from {
        Some(_) => quote!(#w.end_array(false);),
        None => quote!(#w.end_array(#first);),
    });
    code
}
