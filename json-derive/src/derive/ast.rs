//! The model the code generator works from: a container with its variants
//! and fields, each with its attributes read and its JSON name decided.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Ident, Member, Type};

use super::attr;
use super::case::RenameRule;
use super::ctxt::Ctxt;

pub struct Container<'a> {
    pub ident: &'a Ident,
    /// The type's serialized name, after `rename`: the value of a struct's
    /// `tag`.
    pub name: String,
    pub attrs: attr::Container,
    /// How an enum marks its variants; `External` for structs.
    pub repr: Repr,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
    pub vis: &'a syn::Visibility,
    /// `#[repr(packed)]`: fields may be unaligned, so they are copied out
    /// (`&{ self.field }`) rather than borrowed, as serde does.
    pub packed: bool,
    /// `#[non_exhaustive]`: for a `remote` enum, the remote type may have
    /// variants the mirror does not list, which serde reports as an error.
    pub non_exhaustive: bool,
    /// The input uses deprecated items knowingly (`#[deprecated]` or
    /// `#[allow(deprecated)]` on it, a variant or a field), so the impls
    /// allow them too.
    pub allow_deprecated: bool,
}

/// serde's enum representations.
#[derive(Clone, PartialEq, Eq)]
pub enum Repr {
    /// `{"Variant":content}`, or `"Variant"` for a unit variant: the default.
    External,
    /// `#[json(tag = "t")]`: `{"t":"Variant",...fields}`. On a struct with
    /// named fields, `{"t":"Struct",...fields}`.
    Internal { tag: String },
    /// `#[json(tag = "t", content = "c")]`: `{"t":"Variant","c":content}`.
    Adjacent { tag: String, content: String },
    /// `#[json(untagged)]`: the content alone, `null` for a unit variant.
    Untagged,
}

pub enum Data<'a> {
    Enum(Vec<Variant<'a>>),
    Struct(Style, Vec<Field<'a>>),
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `{ a, b }`: a JSON object.
    Struct,
    /// `(a, b)`: a JSON array.
    Tuple,
    /// `(a)`: the inner value itself.
    Newtype,
    /// No fields: `null` for a struct, `"Name"` for a variant.
    Unit,
}

pub struct Variant<'a> {
    pub ident: &'a Ident,
    /// The JSON name, after `rename` and the container's `rename_all`.
    pub name: String,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub member: Member,
    /// The JSON key, after `rename` and `rename_all`.
    pub name: String,
    pub attrs: attr::Field,
    pub ty: &'a Type,
    pub original: &'a syn::Field,
}

impl Field<'_> {
    /// Where errors about the type are reported: its first token's span,
    /// which is what `syn::spanned::Spanned` gives on a stable compiler
    /// (it cannot join spans there).
    pub fn ty_span(&self) -> Span {
        first_token_span(self.ty)
    }

    pub fn skipped(&self) -> bool {
        self.attrs.skip.is_some()
    }

    /// The field's name as written in Rust, or its index.
    pub fn name_in_code(&self) -> String {
        match &self.member {
            Member::Named(ident) => ident.to_string(),
            Member::Unnamed(index) => index.index.to_string(),
        }
    }
}

impl<'a> Container<'a> {
    /// Reads the input into the model, or `None` for input that has no
    /// model at all (a union); its error is in `cx`.
    pub fn from_ast(cx: &mut Ctxt, input: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = attr::Container::from_ast(cx, &input.attrs);
        let repr = decide_repr(cx, &attrs);
        let data = match &input.data {
            syn::Data::Struct(data) => {
                let (style, fields) = fields_from_ast(cx, &data.fields, attrs.rename_all);
                Data::Struct(style, fields)
            }
            syn::Data::Enum(data) => Data::Enum(
                data.variants
                    .iter()
                    .map(|variant| variant_from_ast(cx, variant, &attrs))
                    .collect(),
            ),
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "ToJson cannot be derived for a union; use a struct or an enum",
                );
                return None;
            }
        };
        let name = attrs.name.clone().unwrap_or_else(|| unraw(&input.ident));
        Some(Container {
            ident: &input.ident,
            name,
            attrs,
            repr,
            data,
            generics: &input.generics,
            vis: &input.vis,
            packed: is_packed(&input.attrs),
            non_exhaustive: input.attrs.iter().any(
                |a| matches!(&a.meta, syn::Meta::Path(path) if path.is_ident("non_exhaustive")),
            ),
            allow_deprecated: allows_deprecated(input),
        })
    }

    /// Every field: the struct's, or those of every variant in order.
    pub fn all_fields(&self) -> Vec<&Field<'a>> {
        let mut all = Vec::new();
        match &self.data {
            Data::Struct(_, fields) => all.extend(fields),
            Data::Enum(variants) => {
                for variant in variants {
                    all.extend(&variant.fields);
                }
            }
        }
        all
    }

    /// The field a `transparent` struct is written as: the one that is
    /// neither skipped nor `PhantomData` (`check` makes sure there is one).
    pub fn transparent_field(&self) -> Option<&Field<'a>> {
        self.attrs.transparent?;
        match &self.data {
            Data::Struct(_, fields) => fields.iter().find(|f| !f.skipped() && !is_phantom(f.ty)),
            Data::Enum(_) => None,
        }
    }
}

/// serde_derive's test: any `repr` attribute naming `packed`, as in
/// `#[repr(packed)]`, `#[repr(C, packed(2))]`.
fn is_packed(attrs: &[syn::Attribute]) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("repr"))
        .any(|attr| {
            let mut packed = false;
            let _ = attr::parse_nested(attr, &mut |meta| {
                packed |= meta.path.is_ident("packed");
                if meta.input.peek(syn::token::Paren) {
                    let _: proc_macro2::Group = meta.input.parse()?;
                }
                Ok(())
            });
            packed
        })
}

/// Whether the type, one of its variants or one of its fields carries
/// `#[deprecated]` or `#[allow(deprecated)]`. serde_derive looks at the
/// type and its variants; fields are read here too, since derived code
/// names every field it writes.
fn allows_deprecated(input: &syn::DeriveInput) -> bool {
    let fields = |fields: &syn::Fields| fields.iter().any(|f| deprecated_attr(&f.attrs));
    deprecated_attr(&input.attrs)
        || match &input.data {
            syn::Data::Struct(data) => fields(&data.fields),
            syn::Data::Enum(data) => data
                .variants
                .iter()
                .any(|v| deprecated_attr(&v.attrs) || fields(&v.fields)),
            syn::Data::Union(_) => false,
        }
}

fn deprecated_attr(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        if attr.path().is_ident("deprecated") {
            return true;
        }
        let mut allows = false;
        if attr.path().is_ident("allow") {
            let _ = attr::parse_nested(attr, &mut |meta| {
                allows |= meta.path.is_ident("deprecated");
                Ok(())
            });
        }
        allows
    })
}

/// The representation from `tag`, `content` and `untagged`, rejecting the
/// combinations serde rejects, each at the attributes involved.
fn decide_repr(cx: &mut Ctxt, attrs: &attr::Container) -> Repr {
    match (&attrs.untagged, &attrs.tag, &attrs.content) {
        (None, None, None) => Repr::External,
        (Some(_), None, None) => Repr::Untagged,
        (None, Some((tag, _)), None) => Repr::Internal { tag: tag.clone() },
        (None, Some((tag, _)), Some((content, _))) => Repr::Adjacent {
            tag: tag.clone(),
            content: content.clone(),
        },
        (None, None, Some((_, content))) => {
            cx.error_at(
                *content,
                "`content` names the key of an adjacently tagged enum's content and needs `tag` for the key of its variant name; add `tag = \"...\"`, or remove `content`",
            );
            Repr::External
        }
        (Some(untagged), tag, content) => {
            for (_, span) in tag.iter().chain(content) {
                cx.error_at(
                    *span,
                    "an untagged enum writes no tag; remove `tag`/`content` or `untagged`",
                );
            }
            cx.error_at(
                *untagged,
                "an enum cannot be both untagged and tagged; remove `untagged` or `tag`/`content`",
            );
            Repr::Untagged
        }
    }
}

fn variant_from_ast<'a>(
    cx: &mut Ctxt,
    variant: &'a syn::Variant,
    container: &attr::Container,
) -> Variant<'a> {
    let attrs = attr::Variant::from_ast(cx, &variant.attrs);
    let ident = unraw(&variant.ident);
    let name = match (&attrs.rename, container.rename_all) {
        (Some(name), _) => name.clone(),
        (None, Some(rule)) => rule.apply_to_variant(&ident),
        (None, None) => ident,
    };
    // A variant's own `rename_all` beats the container's `rename_all_fields`.
    let field_rule = attrs.rename_all.or(container.rename_all_fields);
    let (style, fields) = fields_from_ast(cx, &variant.fields, field_rule);
    Variant {
        ident: &variant.ident,
        name,
        attrs,
        style,
        fields,
    }
}

fn fields_from_ast<'a>(
    cx: &mut Ctxt,
    fields: &'a syn::Fields,
    rename_all: Option<RenameRule>,
) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, field)| {
            let attrs = attr::Field::from_ast(cx, &field.attrs);
            let (member, ident) = match &field.ident {
                Some(ident) => (Member::Named(ident.clone()), unraw(ident)),
                None => (Member::Unnamed(i.into()), i.to_string()),
            };
            let name = match (&attrs.rename, rename_all) {
                (Some(name), _) => name.clone(),
                (None, Some(rule)) => rule.apply_to_field(&ident),
                (None, None) => ident,
            };
            Field {
                member,
                name,
                attrs,
                ty: &field.ty,
                original: field,
            }
        })
        .collect();
    (style, fields)
}

/// The span of `ty`'s first token, read from the syntax tree. `Spanned`
/// finds the same span by printing the whole type into tokens, a call
/// into the compiler for each, which cost the derive 3% of its
/// instructions on the compile-time benchmark's 200 types.
fn first_token_span(ty: &Type) -> Span {
    match ty {
        Type::Path(path) => match (&path.qself, &path.path.leading_colon) {
            (Some(qself), _) => qself.lt_token.span,
            (None, Some(colon)) => colon.spans[0],
            (None, None) => match path.path.segments.first() {
                Some(segment) => segment.ident.span(),
                None => ty.span(),
            },
        },
        Type::Reference(reference) => reference.and_token.span,
        Type::Array(array) => array.bracket_token.span.join(),
        Type::Slice(slice) => slice.bracket_token.span.join(),
        Type::Tuple(tuple) => tuple.paren_token.span.join(),
        Type::Paren(paren) => paren.paren_token.span.join(),
        Type::Group(group) => group.group_token.span,
        Type::Ptr(ptr) => ptr.star_token.span,
        Type::Never(never) => never.bang_token.span,
        _ => ty.span(),
    }
}

/// `r#type` is written as `type`, as serde does.
fn unraw(ident: &Ident) -> String {
    let name = ident.to_string();
    match name.strip_prefix("r#") {
        Some(stripped) => stripped.to_owned(),
        None => name,
    }
}

/// Whether a type is spelled `Option<_>`, for `skip_serializing_none`. A
/// derive sees only tokens, so an alias of `Option` is not recognized.
pub fn is_option(ty: &Type) -> bool {
    let Type::Path(path) = ty else { return false };
    if path.qself.is_some() {
        return false;
    }
    let last = path.path.segments.last();
    let has_args = matches!(
        last.map(|s| &s.arguments),
        Some(syn::PathArguments::AngleBracketed(_))
    );
    has_args
        && path_is(
            &path.path,
            &[
                &["Option"],
                &["std", "option", "Option"],
                &["core", "option", "Option"],
            ],
        )
}

/// Whether a path's segments, without their arguments, are one of
/// `spellings`: `std::option::Option<T>` is `["std", "option", "Option"]`.
fn path_is(path: &syn::Path, spellings: &[&[&str]]) -> bool {
    spellings.iter().any(|spelling| {
        spelling.len() == path.segments.len()
            && spelling
                .iter()
                .zip(&path.segments)
                .all(|(name, segment)| segment.ident == name)
    })
}

/// Whether a type is spelled as one whose JSON text has a bounded length
/// (an integer up to 64 bits, `bool`, or an `Option` of one), so that it
/// can be written in a run of bounded writes. An alias is not recognized.
pub fn is_bounded(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_bounded(&group.elem),
        Type::Paren(paren) => is_bounded(&paren.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            match &last.arguments {
                syn::PathArguments::None => {
                    path.path.segments.len() == 1
                        && matches!(
                            last.ident.to_string().as_str(),
                            "u8" | "u16"
                                | "u32"
                                | "u64"
                                | "usize"
                                | "i8"
                                | "i16"
                                | "i32"
                                | "i64"
                                | "isize"
                                | "bool"
                        )
                }
                syn::PathArguments::AngleBracketed(args) if is_option(ty) => {
                    matches!(
                        args.args.first(),
                        Some(syn::GenericArgument::Type(inner)) if args.args.len() == 1 && is_bounded(inner)
                    )
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether a type is spelled as one whose `ToJson` impl writes a key and
/// its value in one shared call (`write_json_keyed`): a string, `f32`,
/// `f64` or `Vec<T>`. An alias is not recognized; another type of one of
/// these names still works, through its own impl (see
/// `object::keyed_value`).
///
/// A `Vec`'s call tests for empty first and jumps to a shared writer of
/// the key and `[]` (the runtime's `write_keyed_slice`): with the loop's
/// call taken for empty arrays too, citm_catalog (8,695 of them) ran 8%
/// slower. An `Option` in one call has that cost for its `None`s, with no
/// such split measured yet.
pub fn is_keyed(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_keyed(&group.elem),
        Type::Paren(paren) => is_keyed(&paren.elem),
        Type::Path(path)
            if path.qself.is_none() && (path.path.is_ident("f32") || path.path.is_ident("f64")) =>
        {
            true
        }
        _ => is_text(ty) || is_vec(ty),
    }
}

/// Whether a type is spelled as `Vec<T>`.
fn is_vec(ty: &Type) -> bool {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            path_is(
                &path.path,
                &[&["Vec"], &["std", "vec", "Vec"], &["alloc", "vec", "Vec"]],
            ) && path.path.segments.last().is_some_and(|last| {
                matches!(&last.arguments, syn::PathArguments::AngleBracketed(args) if args.args.len() == 1)
            })
        }
        _ => false,
    }
}

/// Whether a type is spelled as a string: `String`, `str` behind a
/// reference or a `Box`, `Rc`, `Arc` or `Cow`.
fn is_text(ty: &Type) -> bool {
    fn is_str(ty: &Type) -> bool {
        matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident("str"))
    }
    match ty {
        Type::Group(group) => is_text(&group.elem),
        Type::Paren(paren) => is_text(&paren.elem),
        Type::Reference(reference) => is_str(&reference.elem) || is_text(&reference.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            match &last.arguments {
                syn::PathArguments::None => path_is(
                    &path.path,
                    &[
                        &["String"],
                        &["std", "string", "String"],
                        &["alloc", "string", "String"],
                    ],
                ),
                syn::PathArguments::AngleBracketed(args) => {
                    let types: Vec<&Type> = args
                        .args
                        .iter()
                        .filter_map(|a| match a {
                            syn::GenericArgument::Type(t) => Some(t),
                            _ => None,
                        })
                        .collect();
                    matches!(
                        last.ident.to_string().as_str(),
                        "Box" | "Rc" | "Arc" | "Cow"
                    ) && matches!(types.as_slice(), [inner] if is_str(inner))
                }
                syn::PathArguments::Parenthesized(_) => false,
            }
        }
        _ => false,
    }
}

/// `PhantomData<..>` under any path, as serde_derive recognizes it: the
/// one type the derive knows by name, since it is written as `null` and
/// puts no demand on its parameter.
pub fn is_phantom(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_phantom(&group.elem),
        Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|segment| segment.ident == "PhantomData"),
        _ => false,
    }
}

/// `[T; 0]`, written `[]` whatever `T` is, as serde does.
pub fn is_empty_array(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_empty_array(&group.elem),
        Type::Paren(paren) => is_empty_array(&paren.elem),
        Type::Array(array) => matches!(
            &array.len,
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. }) if n.base10_digits() == "0"
        ),
        _ => false,
    }
}
