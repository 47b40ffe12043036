//! Rules that span more than one attribute or field. Each is a misuse that
//! serde would accept with surprising output, or reject at run time.

use std::collections::HashMap;

use super::ast::{Container, Data, Field, Style};
use super::ctxt::Ctxt;

pub fn check(cx: &mut Ctxt, cont: &Container) {
    check_transparent(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            if let Some(span) = cont.attrs.rename_all_fields_span {
                cx.error_at(
                    span,
                    "`rename_all_fields` applies to the fields of enum variants; on a struct, use `rename_all`",
                );
            }
            check_fields(cx, *style, fields);
        }
        Data::Enum(variants) => {
            for variant in variants {
                if let (Some(_), Some(rename)) = (variant.attrs.skip, variant.attrs.rename_span) {
                    cx.error_at(
                        rename,
                        format_args!(
                            "variant `{}` is skipped, so `rename` has no effect; remove one of them",
                            variant.ident
                        ),
                    );
                }
                check_fields(cx, variant.style, &variant.fields);
            }
        }
    }
}

fn check_transparent(cx: &mut Ctxt, cont: &Container) {
    let Some(span) = cont.attrs.transparent else {
        return;
    };
    match &cont.data {
        Data::Enum(_) => cx.error_at(
            span,
            "`transparent` is only allowed on a struct, not an enum",
        ),
        Data::Struct(Style::Unit, _) => cx.error_at(
            span,
            "`transparent` requires a struct with exactly one field, not a unit struct",
        ),
        Data::Struct(_, fields) => {
            let written = fields.iter().filter(|f| !f.skipped()).count();
            if written != 1 {
                cx.error_at(
                    span,
                    format_args!(
                        "`transparent` requires a struct with exactly one field that is not skipped; this one has {written}; skip the others or remove `transparent`"
                    ),
                );
            }
        }
    }
}

fn check_fields(cx: &mut Ctxt, style: Style, fields: &[Field]) {
    let mut seen: HashMap<&str, &Field> = HashMap::new();
    for field in fields {
        if let (Some(_), Some(rename)) = (field.attrs.skip, field.attrs.rename_span) {
            cx.error_at(
                rename,
                format_args!(
                    "field `{}` is skipped, so `rename` has no effect; remove one of them",
                    display_member(field)
                ),
            );
        }
        // Tuple fields are written as array elements; their names never
        // reach the output, so only named fields can clash.
        if field.skipped() || style != Style::Struct {
            continue;
        }
        if let Some(previous) = seen.insert(&field.name, field) {
            // At the `rename` that made the clash if there is one, else at
            // the field's name rather than its attributes and type.
            let span = match (field.attrs.rename_span, &field.original.ident) {
                (Some(rename), _) => rename,
                (None, Some(ident)) => ident.span(),
                (None, None) => syn::spanned::Spanned::span(field.original),
            };
            cx.error_at(
                span,
                format_args!(
                    "field `{}` would be written with the JSON key {:?}, which field `{}` already uses; rename one of them",
                    display_member(field),
                    field.name,
                    display_member(previous),
                ),
            );
        }
    }
}

fn display_member(field: &Field) -> String {
    match &field.member {
        syn::Member::Named(ident) => ident.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    }
}
