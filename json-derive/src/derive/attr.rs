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
pub enum Namespace {
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

    pub fn name(self) -> &'static str {
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
            Some((_, previous, _)) if *previous == ns => duplicate(cx, ns, span, self.name),
            // Attributes are read serde first, so this is `#[json]` overriding.
            _ => self.value = Some((value, ns, span)),
        }
    }

    fn get(self) -> Option<T> {
        self.value.map(|(value, _, _)| value)
    }

    /// The value and where it was set, each `None` when it was not.
    fn get_and_span(self) -> (Option<T>, Option<Span>) {
        self.value.map(|(value, _, span)| (value, span)).unzip()
    }

    fn get_full(self) -> Option<(T, Namespace, Span)> {
        self.value
    }
}

/// Out of `Slot::set`, so that its copy for each value type stays small.
fn duplicate(cx: &mut Ctxt, ns: Namespace, span: Span, name: &str) {
    cx.error_at(span, format!("duplicate {} attribute `{name}`", ns.name()));
}

/// `attr.parse_nested_meta(parse)` and `meta.parse_nested_meta(parse)`
/// through one `dyn` callback type each, so that the macro's own build
/// holds one copy of syn's nested-meta parser rather than one per closure.
pub(super) fn parse_nested(
    attr: &syn::Attribute,
    parse: &mut dyn FnMut(ParseNestedMeta) -> syn::Result<()>,
) -> syn::Result<()> {
    attr.parse_nested_meta(parse)
}

fn parse_nested_in(
    meta: &ParseNestedMeta,
    parse: &mut dyn FnMut(ParseNestedMeta) -> syn::Result<()>,
) -> syn::Result<()> {
    meta.parse_nested_meta(parse)
}

/// Calls `parse` for every nested meta of every `#[serde]` and `#[json]`
/// attribute, serde ones first.
fn for_each_meta(
    cx: &mut Ctxt,
    attrs: &[syn::Attribute],
    // `dyn`: one copy of this function and of syn's nested-meta parser in
    // the macro's own build, rather than one for each kind of attribute.
    parse: &mut dyn FnMut(&mut Ctxt, Namespace, &ParseNestedMeta) -> syn::Result<()>,
) {
    for ns in [Namespace::Serde, Namespace::Json] {
        for attr in attrs.iter().filter(|a| Namespace::of(a) == Some(ns)) {
            if let syn::Meta::List(list) = &attr.meta {
                if list.tokens.is_empty() {
                    continue;
                }
            }
            let mut errors = Vec::new();
            let result = parse_nested(attr, &mut |meta| {
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
        parse_nested_in(meta, &mut |nested| skip_value(&nested))?;
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
    parse_nested_in(meta, &mut |nested| {
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

/// The serialize half of `bound = "T: Trait, ..."`, parsed.
fn bound_value(meta: &ParseNestedMeta) -> syn::Result<Option<Vec<WherePredicate>>> {
    let Some(lit) = serialize_value(meta, "bound")? else {
        return Ok(None);
    };
    let predicates = lit.parse_with(Punctuated::<WherePredicate, Token![,]>::parse_terminated)?;
    Ok(Some(predicates.into_iter().collect()))
}

/// A `bound = "..."`, with the namespace it was read from: one from
/// `#[serde]` was written for `Serialize`, and `bound.rs` keeps it so, or,
/// with `no_serde_fallback`, turns the `Serialize` in it into `ToJson`.
pub struct Bound {
    pub predicates: Vec<WherePredicate>,
    pub namespace: Namespace,
}

impl Bound {
    fn from_slot(slot: Slot<Vec<WherePredicate>>) -> Option<Bound> {
        let (predicates, namespace, _) = slot.get_full()?;
        Some(Bound {
            predicates,
            namespace,
        })
    }
}

fn unknown(cx: &mut Ctxt, meta: &ParseNestedMeta, kind: &str, expected: &str) {
    let key = key_name(meta);
    let message = format!("unknown {kind} attribute `{key}`; expected one of {expected}");
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

/// A function that writes a value instead of its `ToJson` impl, from
/// `serialize_with = "path"` or `with = "module"` (which names
/// `module::serialize`).
pub struct SerializeWith {
    pub path: syn::ExprPath,
    /// `serialize_with` or `with`, as written.
    pub key: &'static str,
    /// The attribute's key, for errors about its use.
    pub span: Span,
    /// Given in `#[serde]` only, so the function has serde's signature
    /// and is called through json_runtime's serde bridge.
    pub serde_signature: bool,
}

fn serialize_with_value(meta: &ParseNestedMeta, key: &'static str) -> syn::Result<SerializeWith> {
    let lit = string_value(meta, key)?;
    let path = if key == "with" {
        let mut path: syn::ExprPath = parse_lit(
            &lit,
            "a path to a module, as in `with = \"my_module\"`, whose `serialize` function writes the value",
        )?;
        path.path
            .segments
            .push(syn::Ident::new("serialize", lit.span()).into());
        path
    } else {
        parse_lit(
            &lit,
            "a path to a function, as in `serialize_with = \"write_time\"`",
        )?
    };
    Ok(SerializeWith {
        path,
        key,
        span: meta.path_span(),
        serde_signature: false,
    })
}

/// The `serialize_with` or `with` to use. One given only in `#[serde]`
/// names a function with serde's signature, which the derive calls through
/// the serde bridge; one in `#[json]` wins and writes natively.
fn json_serialize_with(slot: Slot<SerializeWith>) -> Option<SerializeWith> {
    let (mut value, ns, _) = slot.get_full()?;
    value.serde_signature = ns == Namespace::Serde;
    Some(value)
}

/// Attributes on the struct or enum itself.
pub struct Container {
    /// The serialized name of the type, which appears only as the value of
    /// a struct's `tag`.
    pub name: Option<String>,
    pub rename_all: Option<RenameRule>,
    pub rename_all_fields: Option<RenameRule>,
    pub rename_all_fields_span: Option<Span>,
    /// With the span of the attribute, for errors about its misuse.
    pub transparent: Option<Span>,
    pub bound: Option<Bound>,
    /// Omit every `Option` field that is `None`; `#[json]` only in practice,
    /// since serde_derive rejects unknown keys.
    pub skip_serializing_none: bool,
    /// Where to find `json_runtime`, for crates that rename it.
    pub crate_path: Option<syn::Path>,
    /// `tag = "..."`: internally tagged, or adjacently with `content`.
    pub tag: Option<(String, Span)>,
    pub content: Option<(String, Span)>,
    pub untagged: Option<Span>,
    /// `into = "Type"`: written as `Type` converted from a clone.
    pub into: Option<(syn::Type, Span)>,
    /// `no_serde_fallback`: every field's type must implement `ToJson`.
    pub no_serde_fallback: bool,
    /// serde's `remote = "Type"`: this type mirrors `Type`'s definition, and
    /// the derive writes a `Type` instead of implementing `ToJson`.
    pub remote: Option<syn::Path>,
    /// `small_code`: each field's value through one out-of-line function
    /// per field type, for a smaller, faster-to-build encoder.
    pub small_code: Option<Span>,
    /// `hot`: every field's value inlined, whatever the `small-code`
    /// feature says.
    pub hot: Option<Span>,
    /// `via_serde`: written through the type's own `serde::Serialize` impl.
    pub via_serde: Option<Span>,
    /// The `#[json(...)]` keys that shape the output, which `via_serde`
    /// leaves without effect.
    pub json_keys: Vec<(String, Span)>,
}

const CONTAINER_KEYS: &str = "`rename_all`, `rename_all_fields`, `tag`, `content`, `untagged`, `transparent`, `into`, `bound`, `skip_serializing_none`, `no_serde_fallback`, `small_code`, `hot`, `via_serde`, `remote`, `crate`, `rename`";

impl Container {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut name = Slot::new("rename");
        let mut rename_all = Slot::new("rename_all");
        let mut rename_all_fields = Slot::new("rename_all_fields");
        let mut transparent = Slot::new("transparent");
        let mut bound = Slot::new("bound");
        let mut skip_none = Slot::new("skip_serializing_none");
        let mut crate_path = Slot::new("crate");
        let mut tag = Slot::new("tag");
        let mut content = Slot::new("content");
        let mut untagged = Slot::new("untagged");
        let mut into = Slot::new("into");
        let mut no_fallback = Slot::new("no_serde_fallback");
        let mut remote = Slot::new("remote");
        let mut small_code = Slot::new("small_code");
        let mut hot = Slot::new("hot");
        let mut via_serde = Slot::new("via_serde");
        let mut json_keys = Vec::new();
        for_each_meta(cx, attrs, &mut |cx, ns, meta| {
            let span = meta.path_span();
            let key = key_name(meta);
            if ns == Namespace::Json && !matches!(key.as_str(), "via_serde" | "crate" | "bound") {
                json_keys.push((key.clone(), span));
            }
            match key.as_str() {
                "rename_all" => rename_all.set(cx, ns, span, serialize_value(meta, "rename_all")?),
                "rename_all_fields" => {
                    rename_all_fields.set(cx, ns, span, serialize_value(meta, "rename_all_fields")?)
                }
                "rename" => {
                    if let Some(lit) = serialize_value(meta, "rename")? {
                        name.set(cx, ns, span, lit.value());
                    }
                }
                "transparent" => {
                    flag(meta, "transparent")?;
                    transparent.set(cx, ns, span, span)
                }
                "bound" => {
                    if let Some(predicates) = bound_value(meta)? {
                        bound.set(cx, ns, span, predicates);
                    }
                }
                "skip_serializing_none" => {
                    flag(meta, "skip_serializing_none")?;
                    skip_none.set(cx, ns, span, ())
                }
                "no_serde_fallback" => {
                    flag(meta, "no_serde_fallback")?;
                    no_fallback.set(cx, ns, span, ())
                }
                "small_code" if ns == Namespace::Json => {
                    flag(meta, "small_code")?;
                    small_code.set(cx, ns, span, span)
                }
                "hot" if ns == Namespace::Json => {
                    flag(meta, "hot")?;
                    hot.set(cx, ns, span, span)
                }
                "via_serde" if ns == Namespace::Json => {
                    flag(meta, "via_serde")?;
                    via_serde.set(cx, ns, span, span)
                }
                "remote" => {
                    let path = parse_lit(
                        &string_value(meta, "remote")?,
                        "a path to a type, as in `remote = \"std::time::Duration\"`",
                    )?;
                    remote.set(cx, ns, span, path);
                }
                "tag" => tag.set(cx, ns, span, (string_value(meta, "tag")?.value(), span)),
                "content" => {
                    content.set(cx, ns, span, (string_value(meta, "content")?.value(), span))
                }
                "untagged" => {
                    flag(meta, "untagged")?;
                    untagged.set(cx, ns, span, span)
                }
                "into" => {
                    let ty = parse_lit(
                        &string_value(meta, "into")?,
                        "a type, as in `into = \"String\"`",
                    )?;
                    into.set(cx, ns, span, (ty, span));
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
                    unknown(cx, meta, "container", CONTAINER_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        Container {
            name: name.get(),
            rename_all: rename_rule(cx, rename_all.get().flatten()),
            rename_all_fields_span: rename_all_fields.value.as_ref().map(|(_, _, span)| *span),
            rename_all_fields: rename_rule(cx, rename_all_fields.get().flatten()),
            transparent: transparent.get(),
            bound: Bound::from_slot(bound),
            skip_serializing_none: skip_none.get().is_some(),
            crate_path: crate_path.get(),
            tag: tag.get(),
            content: content.get(),
            untagged: untagged.get(),
            into: into.get(),
            no_serde_fallback: no_fallback.get().is_some(),
            remote: remote.get(),
            small_code: small_code.get(),
            hot: hot.get(),
            via_serde: via_serde.get(),
            json_keys,
        }
    }
}

/// Attributes on one enum variant.
pub struct Variant {
    pub rename: Option<String>,
    pub rename_span: Option<Span>,
    pub skip: Option<Span>,
    pub rename_all: Option<RenameRule>,
    pub bound: Option<Bound>,
    /// Written as an untagged enum would write it, whatever the enum's
    /// representation.
    pub untagged: Option<Span>,
    /// Writes the variant's fields (all of them, by reference, in order).
    pub serialize_with: Option<SerializeWith>,
    /// Where the first `#[json(...)]` key is, if any.
    pub json_span: Option<Span>,
}

const VARIANT_KEYS: &str =
    "`rename`, `rename_all`, `skip`, `skip_serializing`, `untagged`, `serialize_with`, `with`, `bound`";

impl Variant {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename = Slot::new("rename");
        let mut rename_all = Slot::new("rename_all");
        let mut skip = Slot::new("skip");
        let mut bound = Slot::new("bound");
        let mut untagged = Slot::new("untagged");
        let mut serialize_with = Slot::new("serialize_with");
        let mut json_span = None;

        for_each_meta(cx, attrs, &mut |cx, ns, meta| {
            let span = meta.path_span();
            if ns == Namespace::Json {
                json_span.get_or_insert(span);
            }
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
                    if let Some(predicates) = bound_value(meta)? {
                        bound.set(cx, ns, span, predicates);
                    }
                }
                "untagged" => {
                    flag(meta, "untagged")?;
                    untagged.set(cx, ns, span, span)
                }
                "serialize_with" => {
                    serialize_with.set(cx, ns, span, serialize_with_value(meta, "serialize_with")?)
                }
                "with" => serialize_with.set(cx, ns, span, serialize_with_value(meta, "with")?),
                "alias" | "skip_deserializing" | "other" | "deserialize_with" | "borrow" => {
                    skip_value(meta)?
                }
                _ => {
                    unknown(cx, meta, "variant", VARIANT_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        let (rename, rename_span) = rename.get_and_span();
        Variant {
            rename,
            rename_span,
            skip: skip.get(),
            rename_all: rename_rule(cx, rename_all.get().flatten()),
            bound: Bound::from_slot(bound),
            untagged: untagged.get(),
            serialize_with: json_serialize_with(serialize_with),
            json_span,
        }
    }
}

/// Attributes on one field.
pub struct Field {
    pub rename: Option<String>,
    pub rename_span: Option<Span>,
    pub skip: Option<Span>,
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub bound: Option<Bound>,
    /// Written as entries of the enclosing object.
    pub flatten: Option<Span>,
    pub serialize_with: Option<SerializeWith>,
    /// Integers written as JSON strings.
    pub as_string: Option<Span>,
    /// serde's `getter = "path"`, for a `remote` type's private field:
    /// the value is `path(&remote)`.
    pub getter: Option<(syn::ExprPath, Span)>,
    /// Where the first `#[json(...)]` key is, if any.
    pub json_span: Option<Span>,
}

const FIELD_KEYS: &str = "`rename`, `skip`, `skip_serializing`, `skip_serializing_if`, `flatten`, `serialize_with`, `with`, `as_string`, `getter`, `bound`";

impl Field {
    pub fn from_ast(cx: &mut Ctxt, attrs: &[syn::Attribute]) -> Self {
        let mut rename = Slot::new("rename");
        let mut skip = Slot::new("skip");
        let mut skip_if = Slot::new("skip_serializing_if");
        let mut bound = Slot::new("bound");
        let mut flatten = Slot::new("flatten");
        let mut serialize_with = Slot::new("serialize_with");
        let mut as_string = Slot::new("as_string");
        let mut getter = Slot::new("getter");
        let mut json_span = None;

        for_each_meta(cx, attrs, &mut |cx, ns, meta| {
            let span = meta.path_span();
            if ns == Namespace::Json {
                json_span.get_or_insert(span);
            }
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
                    if let Some(predicates) = bound_value(meta)? {
                        bound.set(cx, ns, span, predicates);
                    }
                }
                "flatten" => {
                    flag(meta, "flatten")?;
                    flatten.set(cx, ns, span, span)
                }
                "serialize_with" => {
                    serialize_with.set(cx, ns, span, serialize_with_value(meta, "serialize_with")?)
                }
                "with" => serialize_with.set(cx, ns, span, serialize_with_value(meta, "with")?),
                "as_string" => {
                    flag(meta, "as_string")?;
                    as_string.set(cx, ns, span, span)
                }
                "getter" => {
                    let path = parse_lit(
                        &string_value(meta, "getter")?,
                        "a path to a function, as in `getter = \"Remote::field\"`",
                    )?;
                    getter.set(cx, ns, span, (path, span));
                }
                "default" | "alias" | "deserialize_with" | "borrow" | "skip_deserializing" => {
                    skip_value(meta)?
                }
                _ => {
                    unknown(cx, meta, "field", FIELD_KEYS);
                    skip_value(meta)?;
                }
            }
            Ok(())
        });

        // `#[json(as_string)]` decides how this library writes the field;
        // a `serialize_with` or `with` given only to serde stays serde's.
        let serialize_with = match (&as_string.value, &serialize_with.value) {
            (Some(_), Some((_, Namespace::Serde, _))) => Slot::new("serialize_with"),
            _ => serialize_with,
        };
        let (rename, rename_span) = rename.get_and_span();
        Field {
            rename,
            rename_span,
            skip: skip.get(),
            skip_serializing_if: skip_if.get(),
            bound: Bound::from_slot(bound),
            flatten: flatten.get(),
            serialize_with: json_serialize_with(serialize_with),
            as_string: as_string.get(),
            getter: getter.get(),
            json_span,
        }
    }
}
