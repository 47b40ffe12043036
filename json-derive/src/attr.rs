//! Reads `#[serde(...)]` and `#[json(...)]` into plain values. Nothing after
//! this module looks at raw attributes.
//!
//! Both namespaces take the same keys, so a type that already derives
//! `Serialize` needs no new annotations. Where both set the same key, the
//! `#[json]` value wins, which lets a type write different JSON through this
//! library than through serde on purpose.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::punctuated::Punctuated;
use syn::{Token, WherePredicate};

use super::case::RenameRule;
use super::ctxt::Ctxt;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Namespace {
    Serde,
    Json,
}

impl Namespace {
    fn of(attr: &syn::Attribute) -> Option<Self> {
        if attr.path().is_ident("serde") {
            Some(Namespace::Serde)
        } else if attr.path().is_ident("json") {
            Some(Namespace::Json)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Namespace::Serde => "serde",
            Namespace::Json => "json",
        }
    }
}

/// One attribute value, remembering which namespace set it so a repeat in
/// the same namespace is an error and `#[json]` can override `#[serde]`.
struct Slot<T> {
    name: &'static str,
    value: Option<(T, Namespace, Span)>,
}

impl<T> Slot<T> {
    fn new(name: &'static str) -> Self {
        Slot { name, value: None }
    }

    fn set(&mut self, cx: &mut Ctxt, ns: Namespace, span: Span, value: T) {
        match &self.value {
            Some((_, previous, _)) if *previous == ns => {
                cx.error_at(
                    span,
                    format!("duplicate {} attribute `{}`", ns.name(), self.name),
                );
            }
            // Attributes are read serde first, so this is `#[json]` overriding.
            _ => self.value = Some((value, ns, span)),
        }
    }

    fn get(self) -> Option<T> {
        self.value.map(|(value, _, _)| value)
    }

    fn get_with_span(self) -> Option<(T, Span)> {
        self.value.map(|(value, _, span)| (value, span))
    }
}

/// Calls `parse` for every nested meta of every `#[serde]` and `#[json]`
/// attribute, serde ones first.
fn for_each_meta(
    cx: &mut Ctxt,
    attrs: &[syn::Attribute],
    mut parse: impl FnMut(&mut Ctxt, Namespace, &ParseNestedMeta) -> syn::Result<()>,
) {
    for ns in [Namespace::Serde, Namespace::Json] {
        for attr in attrs.iter().filter(|a| Namespace::of(a) == Some(ns)) {
            if let syn::Meta::List(list) = &attr.meta {
                if list.tokens.is_empty() {
                    continue;
                }
            }
            let mut errors = Vec::new();
            let result = attr.parse_nested_meta(|meta| {
                let mut local = Ctxt::default();
                let result = parse(&mut local, ns, &meta);
                errors.extend(local.into_errors());
                result
            });
            if let Err(err) = result {
                cx.syn_error(err);
            }
            for err in errors {
                cx.syn_error(err);
            }
        }
    }
}

fn key_name(meta: &ParseNestedMeta) -> String {
    meta.path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_else(|| {
            let path = &meta.path;
            quote::quote!(#path).to_string().replace(' ', "")
        })
}

/// Consumes the value of an attribute this library ignores, whatever its
/// form (`key`, `key = "..."`, `key(...)`).
fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<syn::Lit>()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|nested| skip_value(&nested))?;
    }
    Ok(())
}

/// Rejects a value after a key that takes none, such as `skip = true`,
/// which syn would otherwise report as a bare "expected `,`".
fn flag(meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        return Err(meta.error(format_args!("`{key}` takes no value; write `{key}` alone")));
    }
    Ok(())
}

fn string_value(meta: &ParseNestedMeta, key: &str) -> syn::Result<syn::LitStr> {
    let value = meta
        .value()
        .map_err(|_| meta.error(format_args!("expected `{key} = \"...\"`")))?;
    let lit: syn::Lit = value.parse()?;
    match lit {
        syn::Lit::Str(s) => Ok(s),
        other => Err(syn::Error::new_spanned(
            other,
            format_args!("expected a string literal, as in `{key} = \"...\"`"),
        )),
    }
}

/// The serialize half of `key = "..."` or `key(serialize = "...", deserialize = "...")`.
fn serialize_value(meta: &ParseNestedMeta, key: &str) -> syn::Result<Option<syn::LitStr>> {
    if !meta.input.peek(syn::token::Paren) {
        return string_value(meta, key).map(Some);
    }
    let mut ser = None;
    meta.parse_nested_meta(|nested| {
        if nested.path.is_ident("serialize") {
            ser = Some(string_value(&nested, "serialize")?);
            Ok(())
        } else if nested.path.is_ident("deserialize") {
            string_value(&nested, "deserialize").map(drop)
        } else {
            Err(nested.error(format_args!(
                "expected `serialize` or `deserialize` inside `{key}(...)`"
            )))
        }
    })?;
    Ok(ser)
}

fn parse_lit<T: syn::parse::Parse>(lit: &syn::LitStr, expected: &str) -> syn::Result<T> {
    lit.parse().map_err(|err| {
        syn::Error::new(
            lit.span(),
            format_args!("{err} in {:?}; expected {expected}", lit.value()),
        )
    })
}

fn where_predicates(lit: &syn::LitStr) -> syn::Result<Vec<WherePredicate>> {
    let predicates = lit.parse_with(Punctuated::<WherePredicate, Token![,]>::parse_terminated)?;
    Ok(predicates.into_iter().collect())
}

/// What to tell a user of an attribute that changes serde's output in a way
/// this library does not reproduce yet. Accepting it silently would write
/// different JSON than serde_json.
fn unsupported(key: &str) -> Option<&'static str> {
    Some(match key {
        "serialize_with" | "with" => {
            "is not supported yet; implement `ToJson` for a newtype around the field's type and use that type instead"
        }
        "flatten" => "is not supported yet; declare the nested fields directly in this struct",
        "getter" | "remote" => "is not supported; implement `ToJson` by hand for the remote type",
        "into" => "is not supported yet; implement `ToJson` by hand, converting `self` first",
        "tag" | "content" | "untagged" => {
            "is not supported yet; remove it to write serde's default, externally tagged representation (`{\"Variant\":...}`), or implement `ToJson` by hand"
        }
        _ => return None,
    })
}

fn unknown(cx: &mut Ctxt, meta: &ParseNestedMeta, ns: Namespace, kind: &str, expected: &str) {
    let key = key_name(meta);
    let message = match unsupported(&key) {
        Some(advice) => format!("`{}({key})` {advice}", ns.name()),
        None => format!("unknown {kind} attribute `{key}`; expected one of {expected}"),
    };
    cx.error_at(meta.path_span(), message);
}

trait PathSpan {
    fn path_span(&self) -> Span;
}

impl PathSpan for ParseNestedMeta<'_> {
    fn path_span(&self) -> Span {
        syn::spanned::Spanned::span(&self.path)
    }
}

fn rename_rule(cx: &mut Ctxt, lit: Option<syn::LitStr>) -> Option<RenameRule> {
    let lit = lit?;
    match RenameRule::from_str(&lit.value()) {
        Ok(rule) => Some(rule),
        Err(err) => {
            cx.error_spanned_by(&lit, err);
            None
        }
    }
}

/// Attributes on the struct or enum itself.
pub struct Container {
    pub rename_all: Option<RenameRule>,
    pub rename_all_fields: Option<RenameRule>,
    pub rename_all_fields_span: Option<Span>,
    /// With the span of the attribute, for errors about its misuse.
    pub transparent: Option<Span>,
    pub bound: Option<Vec<WherePredicate>>,
    /// Omit every `Option` field that is `None`; `#[json]` only in practice,
    /// since serde_derive rejects unknown keys.
    pub skip_serializing_none: bool,
    /// Where to find `json_runtime`, for crates that rename it.
    pub crate_path: Option<syn::Path>,
}

const CONTAINER_KEYS: &str = "`rename_all`, `rename_all_fields`, `transparent`, `bound`, `skip_serializing_none`, `crate`, `rename`";

impl Container {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename_all = Slot::new("rename_all");
        let mut rename_all_fields = Slot::new("rename_all_fields");
        let mut transparent = Slot::new("transparent");
        let mut bound = Slot::new("bound");
        let mut skip_none = Slot::new("skip_serializing_none");
        let mut crate_path = Slot::new("crate");
        for_each_meta(cx, attrs, |cx, ns, meta| {
            let span = meta.path_span();
            let key = key_name(meta);
            match key.as_str() {
                "rename_all" => rename_all.set(cx, ns, span, serialize_value(meta, "rename_all")?),
                "rename_all_fields" => {
                    rename_all_fields.set(cx, ns, span, serialize_value(meta, "rename_all_fields")?)
                }
                // A type's own name never appears in its JSON.
                "rename" => drop(serialize_value(meta, "rename")?),
                "transparent" => {
                    flag(meta, "transparent")?;
                    transparent.set(cx, ns, span, span)
                }
                "bound" => {
                    if let Some(lit) = serialize_value(meta, "bound")? {
                        bound.set(cx, ns, span, where_predicates(&lit)?);
                    }
                }
                "skip_serializing_none" => {
                    flag(meta, "skip_serializing_none")?;
                    skip_none.set(cx, ns, span, ())
                }
                // serde's `crate` names serde, which this library never uses.
                "crate" if ns == Namespace::Serde => skip_value(meta)?,
                "crate" => crate_path.set(
                    cx,
                    ns,
                    span,
                    parse_lit(
                        &string_value(meta, "crate")?,
                        "a path to json_runtime, as in `crate = \"::json_runtime\"`",
                    )?,
                ),
                "default"
                | "deny_unknown_fields"
                | "from"
                | "try_from"
                | "expecting"
                | "variant_identifier"
                | "field_identifier" => skip_value(meta)?,
                _ => {
                    unknown(cx, meta, ns, "container", CONTAINER_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        Container {
            rename_all: rename_rule(cx, rename_all.get().flatten()),
            rename_all_fields_span: rename_all_fields.value.as_ref().map(|(_, _, span)| *span),
            rename_all_fields: rename_rule(cx, rename_all_fields.get().flatten()),
            transparent: transparent.get(),
            bound: bound.get(),
            skip_serializing_none: skip_none.get().is_some(),
            crate_path: crate_path.get(),
        }
    }
}

/// Attributes on one enum variant.
pub struct Variant {
    pub rename: Option<String>,
    pub rename_span: Option<Span>,
    pub skip: Option<Span>,
    pub rename_all: Option<RenameRule>,
    pub bound: Option<Vec<WherePredicate>>,
}

const VARIANT_KEYS: &str = "`rename`, `rename_all`, `skip`, `skip_serializing`, `bound`";

impl Variant {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename = Slot::new("rename");
        let mut rename_all = Slot::new("rename_all");
        let mut skip = Slot::new("skip");
        let mut bound = Slot::new("bound");

        for_each_meta(cx, attrs, |cx, ns, meta| {
            let span = meta.path_span();
            match key_name(meta).as_str() {
                "rename" => {
                    if let Some(lit) = serialize_value(meta, "rename")? {
                        rename.set(cx, ns, span, lit.value());
                    }
                }
                "rename_all" => rename_all.set(cx, ns, span, serialize_value(meta, "rename_all")?),
                "skip" | "skip_serializing" => {
                    flag(meta, &key_name(meta))?;
                    skip.set(cx, ns, span, span)
                }
                "bound" => {
                    if let Some(lit) = serialize_value(meta, "bound")? {
                        bound.set(cx, ns, span, where_predicates(&lit)?);
                    }
                }
                "alias" | "skip_deserializing" | "other" | "deserialize_with" | "borrow" => {
                    skip_value(meta)?
                }
                _ => {
                    unknown(cx, meta, ns, "variant", VARIANT_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        let (rename, rename_span) = match rename.get_with_span() {
            Some((name, span)) => (Some(name), Some(span)),
            None => (None, None),
        };
        Variant {
            rename,
            rename_span,
            skip: skip.get(),
            rename_all: rename_rule(cx, rename_all.get().flatten()),
            bound: bound.get(),
        }
    }
}

/// Attributes on one field.
pub struct Field {
    pub rename: Option<String>,
    pub rename_span: Option<Span>,
    pub skip: Option<Span>,
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub bound: Option<Vec<WherePredicate>>,
}

const FIELD_KEYS: &str = "`rename`, `skip`, `skip_serializing`, `skip_serializing_if`, `bound`";

impl Field {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename = Slot::new("rename");
        let mut skip = Slot::new("skip");
        let mut skip_if = Slot::new("skip_serializing_if");
        let mut bound = Slot::new("bound");

        for_each_meta(cx, attrs, |cx, ns, meta| {
            let span = meta.path_span();
            match key_name(meta).as_str() {
                "rename" => {
                    if let Some(lit) = serialize_value(meta, "rename")? {
                        rename.set(cx, ns, span, lit.value());
                    }
                }
                "skip" | "skip_serializing" => {
                    flag(meta, &key_name(meta))?;
                    skip.set(cx, ns, span, span)
                }
                "skip_serializing_if" => {
                    let lit = string_value(meta, "skip_serializing_if")?;
                    let path = lit.parse::<syn::ExprPath>().map_err(|_| {
                        syn::Error::new(
                            lit.span(),
                            format_args!(
                                "expected a path to a function, as in `skip_serializing_if = \"Option::is_none\"`, found {:?}",
                                lit.value()
                            ),
                        )
                    })?;
                    skip_if.set(cx, ns, span, path);
                }
                "bound" => {
                    if let Some(lit) = serialize_value(meta, "bound")? {
                        bound.set(cx, ns, span, where_predicates(&lit)?);
                    }
                }
                "default" | "alias" | "deserialize_with" | "borrow" | "skip_deserializing" => {
                    skip_value(meta)?
                }
                _ => {
                    unknown(cx, meta, ns, "field", FIELD_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        let (rename, rename_span) = match rename.get_with_span() {
            Some((name, span)) => (Some(name), Some(span)),
            None => (None, None),
        };
        Field {
            rename,
            rename_span,
            skip: skip.get(),
            skip_serializing_if: skip_if.get(),
            bound: bound.get(),
        }
    }
}
