//! Rules that span more than one attribute or field. Each is a misuse that
//! serde rejects, or would accept with surprising output or reject at run
//! time.

use proc_macro2::Span;

use super::ast::{is_phantom, Container, Data, Field, Repr, Style, Variant};
use super::ctxt::Ctxt;

pub fn check(cx: &mut Ctxt, cont: &Container) {
    if cont.attrs.via_serde.is_some() {
        // The fields are serde's to write; only what would be ignored is
        // checked.
        return check_via_serde(cx, cont);
    }
    check_transparent(cx, cont);
    check_into(cx, cont);
    check_code_size(cx, cont);
    check_getters(cx, cont);
    match &cont.data {
        Data::Struct(style, fields) => {
            if let Some(span) = cont.attrs.rename_all_fields_span {
                cx.error_at(
                    span,
                    "`rename_all_fields` applies to the fields of enum variants; on a struct, use `rename_all`",
                );
            }
            check_struct_repr(cx, cont, *style);
            let tag = match &cont.repr {
                Repr::Internal { tag } => Some(tag.as_str()),
                _ => None,
            };
            check_fields(cx, *style, fields, tag, None);
        }
        Data::Enum(variants) => {
            check_enum_repr(cx, cont, variants);
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
                check_variant_serialize_with(cx, cont, variant);
                let tag = match &cont.repr {
                    Repr::Internal { tag } if variant.attrs.untagged.is_none() => {
                        Some(tag.as_str())
                    }
                    _ => None,
                };
                check_fields(cx, variant.style, &variant.fields, tag, Some(variant));
                check_internal_newtype(cx, cont, variant);
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
            // serde's rule: `PhantomData` fields are left out like skipped ones.
            let written = fields
                .iter()
                .filter(|f| !f.skipped() && !is_phantom(f.ty))
                .count();
            if written != 1 {
                cx.error_at(
                    span,
                    format_args!(
                        "`transparent` requires a struct with exactly one field that is neither skipped nor `PhantomData`; this one has {written}; skip the others or remove `transparent`"
                    ),
                );
            }
        }
    }
}

/// Under `via_serde` the type's own `Serialize` impl writes it, so a
/// `#[json(...)]` key that shapes the output would do nothing. (The
/// `#[serde(...)]` ones are read by that impl, when serde derives it.)
fn check_via_serde(cx: &mut Ctxt, cont: &Container) {
    for (key, span) in &cont.attrs.json_keys {
        cx.error_at(
            *span,
            format_args!(
                "`via_serde` writes the type through its `Serialize` impl, so `{key}` has no effect here; remove one of them"
            ),
        );
    }
    let mut spans = Vec::new();
    match &cont.data {
        Data::Struct(_, fields) => spans.extend(fields.iter().filter_map(|f| f.attrs.json_span)),
        Data::Enum(variants) => {
            for variant in variants {
                spans.extend(variant.attrs.json_span);
                spans.extend(variant.fields.iter().filter_map(|f| f.attrs.json_span));
            }
        }
    }
    for span in spans {
        cx.error_at(
            span,
            "`via_serde` writes the type through its `Serialize` impl, so `#[json(...)]` attributes on its fields and variants have no effect; remove them",
        );
    }
}

fn check_into(cx: &mut Ctxt, cont: &Container) {
    if let (Some((_, into)), Some(_)) = (&cont.attrs.into, cont.attrs.transparent) {
        cx.error_at(
            *into,
            "`into` and `transparent` each decide how the whole type is written; remove one of them",
        );
    }
}

fn check_code_size(cx: &mut Ctxt, cont: &Container) {
    if let (Some(_), Some(hot)) = (cont.attrs.small_code, cont.attrs.hot) {
        cx.error_at(
            hot,
            "`small_code` and `hot` ask for opposite encoders; remove one of them",
        );
    }
}

/// serde's `getter` reads a private field of a `remote` struct, so it needs
/// `remote` and is not allowed in an enum, as in serde.
fn check_getters(cx: &mut Ctxt, cont: &Container) {
    let in_enum = matches!(cont.data, Data::Enum(_));
    for field in cont.all_fields() {
        let Some((_, span)) = &field.attrs.getter else {
            continue;
        };
        if in_enum {
            cx.error_at(*span, "`getter` is not allowed in an enum, as in serde");
        } else if cont.attrs.remote.is_none() {
            cx.error_at(
                *span,
                "`getter` reads a field of the type named by `remote = \"...\"`, so it is only allowed in a struct with `#[serde(remote = \"...\")]`",
            );
        }
    }
}

/// `tag` is allowed on a struct with named fields; `content` and
/// `untagged` only on enums.
fn check_struct_repr(cx: &mut Ctxt, cont: &Container, style: Style) {
    let attrs = &cont.attrs;
    if let Some(span) = attrs.untagged {
        cx.error_at(
            span,
            "`untagged` applies to enums; a struct has no variant name to leave out",
        );
    }
    if let (Some((_, span)), None) = (&attrs.content, attrs.untagged) {
        cx.error_at(
            *span,
            "`content` applies to adjacently tagged enums, not to structs",
        );
    }
    if let (Some((_, span)), None, None) = (&attrs.tag, &attrs.content, attrs.untagged) {
        if style != Style::Struct {
            cx.error_at(
                *span,
                "`tag` on a struct writes the struct's name next to its fields, so it needs a struct with named fields",
            );
        }
    }
}

fn check_enum_repr(cx: &mut Ctxt, cont: &Container, variants: &[Variant]) {
    match &cont.repr {
        Repr::Internal { .. } => {
            let span = cont.attrs.tag.as_ref().map(|(_, span)| *span);
            // serde checks every variant, skipped and untagged ones too.
            for variant in variants.iter().filter(|v| v.style == Style::Tuple) {
                cx.error_at(
                    span.expect("an internal tag has a `tag` attribute"),
                    format_args!(
                        "`tag` writes each variant's fields next to the tag, and tuple variant `{}` has no field names; \
                         make it a struct variant or a newtype variant around a struct, or add `content = \"...\"` to write its content under a key",
                        variant.ident
                    ),
                );
            }
        }
        Repr::Adjacent { tag, content } if tag == content => {
            let span = cont.attrs.content.as_ref().map(|(_, span)| *span);
            cx.error_at(
                span.expect("adjacent tagging has a `content` attribute"),
                format_args!(
                    "`tag` and `content` are both {tag:?}, so the variant name and its content would share a key; rename one of them"
                ),
            );
        }
        _ => {}
    }
    let last_tagged = variants.iter().rposition(|v| v.attrs.untagged.is_none());
    if let Some(last_tagged) = last_tagged {
        for variant in &variants[..last_tagged] {
            if let Some(span) = variant.attrs.untagged {
                cx.error_at(
                    span,
                    format_args!(
                        "untagged variant `{}` must come after every tagged variant, as serde requires; move it to the end of the enum",
                        variant.ident
                    ),
                );
            }
        }
    }
}

/// A variant's `serialize_with` writes all its fields, so none of them may
/// be skipped, as serde requires; nor can its output be merged after an
/// internal tag.
fn check_variant_serialize_with(cx: &mut Ctxt, cont: &Container, variant: &Variant) {
    let Some(with) = &variant.attrs.serialize_with else {
        return;
    };
    let key = with.key;
    if let Some(skip) = variant.attrs.skip {
        cx.error_at(
            skip,
            format_args!(
                "variant `{}` is skipped, so `{key}` has no effect; remove one of them",
                variant.ident
            ),
        );
    }
    for field in &variant.fields {
        let field_attr = match (field.attrs.skip, &field.attrs.skip_serializing_if) {
            (Some(span), _) => Some((span, "skipped")),
            (None, Some(path)) => {
                Some((syn::spanned::Spanned::span(path), "skipped conditionally"))
            }
            (None, None) => None,
        };
        if let Some((span, what)) = field_attr {
            cx.error_at(
                span,
                format_args!(
                    "variant `{}` is written by its `{key}` function, which takes every field, so field `{}` cannot be {what}",
                    variant.ident,
                    display_member(field)
                ),
            );
        }
    }
    // A function with serde's signature is read as serde reads it, its
    // output's entries after the tag; a `#[json]` one writes a whole value.
    if matches!(cont.repr, Repr::Internal { .. })
        && variant.attrs.untagged.is_none()
        && !with.serde_signature
    {
        cx.error_at(
            with.span,
            format_args!(
                "in an internally tagged enum, variant `{}` would need its `{key}` output merged after the tag, which json_runtime cannot do; \
                 put `{key}` on the variant's fields instead, or use `content = \"...\"` to write the output under a key",
                variant.ident
            ),
        );
    }
}

/// The content of an internally tagged newtype variant is written as
/// entries after the tag, so it cannot go through a `#[json]` function or
/// `as_string`, which write whole values; a function with serde's
/// signature is read as serde reads it.
fn check_internal_newtype(cx: &mut Ctxt, cont: &Container, variant: &Variant) {
    if !matches!(cont.repr, Repr::Internal { .. })
        || variant.attrs.untagged.is_some()
        || variant.style != Style::Newtype
    {
        return;
    }
    let field = &variant.fields[0];
    let attr = match (&field.attrs.serialize_with, field.attrs.as_string) {
        (Some(with), _) if with.serde_signature => None,
        (Some(with), _) => Some((with.span, with.key)),
        (None, Some(span)) => Some((span, "as_string")),
        (None, None) => None,
    };
    if let Some((span, key)) = attr {
        cx.error_at(
            span,
            format_args!(
                "the content of internally tagged newtype variant `{}` is written as entries after the tag, and `{key}` writes a whole value; \
                 remove it, or use `content = \"...\"` to write the content under a key",
                variant.ident
            ),
        );
    }
}

fn check_fields(
    cx: &mut Ctxt,
    style: Style,
    fields: &[Field],
    tag: Option<&str>,
    variant: Option<&Variant>,
) {
    // A skipped variant writes nothing, so its keys cannot clash with the tag.
    let tag = tag.filter(|_| variant.is_none_or(|v| v.attrs.skip.is_none()));
    // Keys written so far, sorted: a `Vec` keeps a `HashMap` instance out of
    // the macro's own build.
    let mut seen: Vec<(&str, &Field)> = Vec::new();
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
        check_field_attrs(cx, style, field, variant);
        // Tuple fields are written as array elements and flattened fields
        // as their own entries; neither has a key of its own here.
        if field.skipped() || style != Style::Struct || field.attrs.flatten.is_some() {
            continue;
        }
        if tag == Some(field.name.as_str()) {
            cx.error_at(
                key_span(field),
                format_args!(
                    "field `{}` would be written with the JSON key {:?}, which the tag already uses; rename the field or the tag",
                    display_member(field),
                    field.name,
                ),
            );
        }
        let name = field.name.as_str();
        let previous = match seen.binary_search_by(|(seen, _)| (*seen).cmp(name)) {
            Ok(at) => Some(std::mem::replace(&mut seen[at].1, field)),
            Err(at) => {
                seen.insert(at, (name, field));
                None
            }
        };
        if let Some(previous) = previous {
            cx.error_at(
                key_span(field),
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

/// Attributes of one field that exclude each other.
fn check_field_attrs(cx: &mut Ctxt, style: Style, field: &Field, variant: Option<&Variant>) {
    let attrs = &field.attrs;
    if let Some(flatten) = attrs.flatten {
        if style != Style::Struct {
            let what = match (variant, style) {
                (None, Style::Newtype) => "a newtype struct",
                (None, _) => "a tuple struct",
                (Some(_), Style::Newtype) => "a newtype variant",
                (Some(_), _) => "a tuple variant",
            };
            cx.error_at(
                flatten,
                format_args!(
                    "`flatten` writes a field's entries into the enclosing object, but the fields of {what} are not written as an object"
                ),
            );
        }
        // A function with serde's signature is read as serde flattens it.
        if let Some(with) = attrs.serialize_with.as_ref().filter(|w| !w.serde_signature) {
            cx.error_at(
                with.span,
                format_args!(
                    "`{}` writes a whole value, but a flattened field is written as entries; remove `{}` or `flatten`",
                    with.key, with.key
                ),
            );
        }
        if let Some(as_string) = attrs.as_string {
            cx.error_at(
                as_string,
                "`as_string` writes integers as strings, but a flattened field is written as entries; remove `as_string` or `flatten`",
            );
        }
    }
    if let (Some(as_string), Some(with)) = (attrs.as_string, &attrs.serialize_with) {
        cx.error_at(
            as_string,
            format_args!(
                "`{}` decides how this field is written, so `as_string` has no effect; remove one of them",
                with.key
            ),
        );
    }
}

/// At the `rename` that made a key if there is one, else at the field's
/// name rather than its attributes and type.
fn key_span(field: &Field) -> Span {
    match (field.attrs.rename_span, &field.original.ident) {
        (Some(rename), _) => rename,
        (None, Some(ident)) => ident.span(),
        (None, None) => syn::spanned::Spanned::span(field.original),
    }
}

fn display_member(field: &Field) -> String {
    field.name_in_code()
}
