//! Code for structs: a named struct as an object (or its entries), a tuple
//! struct as an array, a newtype or `transparent` struct as its field.

use proc_macro2::TokenStream;
use quote::quote;

use super::ast::{Container, Field, Repr, Style};
use super::names::Names;
use super::object::{array, member_entries, object_or_entries, Entry};
use super::value::{member_value, Member};

/// The body of `ToJson::write_json` for a struct that is not written as
/// an object (see [`entries_body`] for those).
pub fn body(cont: &Container, style: Style, fields: &[Field], names: &Names) -> TokenStream {
    let w = &names.w;
    if let Some(field) = cont.transparent_field() {
        return names.write_field(field, &member_value(cont, field, names));
    }
    match style {
        Style::Unit => quote!(#w.write_null();),
        // serde writes a newtype's field even when it is marked skipped.
        Style::Newtype => names.write_field(&fields[0], &member_value(cont, &fields[0], names)),
        Style::Tuple => array(&self_members(cont, fields, names), names),
        Style::Struct => unreachable!("written through `entries_body`"),
    }
}

/// The body of `ToJsonFields::write_json_entries` for a struct written as
/// an object (named fields, or none), or `None` for other structs.
pub fn entries_body(
    cont: &Container,
    style: Style,
    fields: &[Field],
    names: &Names,
) -> Option<TokenStream> {
    if cont.attrs.transparent.is_some() {
        return None;
    }
    match style {
        Style::Struct => {
            let members = self_members(cont, fields, names);
            let (code, uses_first) =
                object_or_entries(&struct_entries(cont, &members, names), names);
            let first = &names.first;
            let unused = (!uses_first).then(|| quote!(let _ = #first;));
            Some(quote!(#unused #code))
        }
        // serde writes a unit struct as `null`, and no entry when flattened.
        Style::Unit => {
            let Names {
                w, first, object, ..
            } = names;
            Some(quote! {
                let _ = #first;
                if #object {
                    #w.write_null();
                }
            })
        }
        Style::Newtype | Style::Tuple => None,
    }
}

fn self_members<'a>(cont: &Container, fields: &'a [Field<'a>], names: &Names) -> Vec<Member<'a>> {
    fields
        .iter()
        .filter(|f| !f.skipped())
        .map(|field| Member {
            field,
            value: member_value(cont, field, names),
        })
        .collect()
}

/// A struct's entries: its tag if it has one, then its fields.
fn struct_entries<'a>(
    cont: &'a Container,
    members: &'a [Member<'a>],
    names: &Names,
) -> Vec<Entry<'a>> {
    let mut entries = Vec::new();
    if let Repr::Internal { tag } = &cont.repr {
        entries.push(Entry::Tag {
            key: tag,
            value: &cont.name,
        });
    }
    entries.extend(member_entries(
        members,
        cont.attrs.skip_serializing_none,
        names,
    ));
    entries
}
