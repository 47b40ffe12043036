//! The `where` clause of the generated impl.
//!
//! As in serde_derive, a type parameter gets a bound only when a field that
//! is written uses it, so `PhantomData<T>` and skipped fields put no demand
//! on `T`. A parameter used as a map key is bounded by `ToJsonKey` instead,
//! one written as entries (a flattened field, the content of an internally
//! tagged newtype variant) by `ToJsonFields`, even behind `Option` or a
//! pointer. Fields written by a `serialize_with` function need no bound, as
//! in serde; an `as_string` field's type is bounded by `ToJsonString`.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Generics, Ident, Type, WherePredicate};

use super::ast::{Container, Data, Field, Repr, Style};

pub fn with_bounds(cont: &Container, runtime: &TokenStream) -> Generics {
    let mut generics = cont.generics.clone();
    let predicates = match &cont.attrs.bound {
        Some(explicit) => explicit.clone(),
        None => inferred(cont, runtime),
    };
    if !predicates.is_empty() {
        generics.make_where_clause().predicates.extend(predicates);
    }
    generics
}

fn inferred(cont: &Container, runtime: &TokenStream) -> Vec<WherePredicate> {
    let params: Vec<&Ident> = cont.generics.type_params().map(|p| &p.ident).collect();
    let mut uses = Uses::default();
    let mut explicit = Vec::new();
    // Each written field, and whether it is written as entries.
    let mut fields: Vec<(&Field, bool)> = Vec::new();
    match &cont.data {
        Data::Struct(_, all) => {
            let transparent = cont.attrs.transparent.is_some();
            fields.extend(
                all.iter()
                    .map(|f| (f, f.attrs.flatten.is_some() && !transparent)),
            );
        }
        Data::Enum(variants) => {
            for variant in variants.iter().filter(|v| v.attrs.skip.is_none()) {
                if variant.attrs.serialize_with.is_some() {
                    continue;
                }
                if variant.style == Style::Newtype && variant.fields[0].skipped() {
                    continue;
                }
                match &variant.attrs.bound {
                    Some(bound) => explicit.extend(bound.iter().cloned()),
                    None => {
                        let as_entries = variant.style == Style::Newtype
                            && variant.attrs.untagged.is_none()
                            && matches!(cont.repr, Repr::Internal { .. });
                        fields.extend(
                            variant
                                .fields
                                .iter()
                                .map(|f| (f, as_entries || f.attrs.flatten.is_some())),
                        );
                    }
                }
            }
        }
    }
    for (field, as_entries) in fields.into_iter().filter(|(f, _)| !f.skipped()) {
        match &field.attrs.bound {
            Some(bound) => explicit.extend(bound.iter().cloned()),
            None if field.attrs.serialize_with.is_some() => {}
            None if field.attrs.as_string.is_some() => {
                if mentions_param(&params, field.ty) {
                    uses.strings.insert(TypeKey::new(field.ty));
                }
            }
            None if as_entries => uses.visit_entries(&params, field.ty),
            None => uses.visit(&params, field.ty, false),
        }
    }
    if params.is_empty() {
        return explicit;
    }
    let bounds = |set: &BTreeSet<TypeKey>, bound: TokenStream| -> Vec<WherePredicate> {
        set.iter()
            .map(|ty| syn::parse_quote!(#ty: #runtime::#bound))
            .collect()
    };
    let mut predicates = bounds(&uses.values, quote!(ToJson));
    predicates.extend(bounds(&uses.keys, quote!(ToJsonKey)));
    predicates.extend(bounds(&uses.entries, quote!(ToJsonFields)));
    predicates.extend(bounds(&uses.strings, quote!(ToJsonString)));
    predicates.extend(explicit);
    predicates
}

/// Types that need a bound, kept sorted and unique by their tokens.
#[derive(Default)]
struct Uses {
    values: BTreeSet<TypeKey>,
    keys: BTreeSet<TypeKey>,
    entries: BTreeSet<TypeKey>,
    strings: BTreeSet<TypeKey>,
}

/// A type ordered by its token text, so bounds come out in a stable order.
struct TypeKey(String, Type);

impl PartialEq for TypeKey {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl Eq for TypeKey {}
impl PartialOrd for TypeKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for TypeKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}
impl TypeKey {
    fn new(ty: &Type) -> Self {
        TypeKey(quote!(#ty).to_string(), ty.clone())
    }
}

impl quote::ToTokens for TypeKey {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.1.to_tokens(tokens);
    }
}

impl Uses {
    fn add(&mut self, ty: &Type, as_key: bool) {
        let key = TypeKey::new(ty);
        if as_key {
            self.keys.insert(key);
        } else {
            self.values.insert(key);
        }
    }

    /// A type written as entries: a parameter, alone or behind `Option`,
    /// a reference or a smart pointer, needs `ToJsonFields`; anything else
    /// (a map, a generic struct) puts the usual demands on its parameters.
    fn visit_entries(&mut self, params: &[&Ident], ty: &Type) {
        match ty {
            Type::Reference(r) => return self.visit_entries(params, &r.elem),
            Type::Paren(p) => return self.visit_entries(params, &p.elem),
            Type::Group(g) => return self.visit_entries(params, &g.elem),
            Type::Path(path) => {
                let segments = &path.path.segments;
                // `T`, `T::Assoc` or `<T as Trait>::Assoc`.
                let projection = match &path.qself {
                    Some(qself) => mentions_param(params, &qself.ty),
                    None => {
                        path.path.leading_colon.is_none() && params.contains(&&segments[0].ident)
                    }
                };
                if projection {
                    self.entries.insert(TypeKey::new(ty));
                    return;
                }
                let last = segments.last().expect("a path has a segment");
                let wrapper = matches!(
                    last.ident.to_string().as_str(),
                    "Option" | "Box" | "Rc" | "Arc"
                );
                if let (true, syn::PathArguments::AngleBracketed(args)) = (wrapper, &last.arguments)
                {
                    if let [syn::GenericArgument::Type(inner)] =
                        args.args.iter().collect::<Vec<_>>().as_slice()
                    {
                        return self.visit_entries(params, inner);
                    }
                }
            }
            _ => {}
        }
        self.visit(params, ty, false);
    }

    fn visit(&mut self, params: &[&Ident], ty: &Type, as_key: bool) {
        match ty {
            Type::Path(path) => {
                if let Some(qself) = &path.qself {
                    // `<T as Trait>::Assoc`: bound the projection itself.
                    if mentions_param(params, &qself.ty) {
                        self.add(ty, as_key);
                    }
                    return;
                }
                let segments = &path.path.segments;
                let first = &segments[0].ident;
                if path.path.leading_colon.is_none() && params.contains(&first) {
                    // `T` itself, or an associated type `T::Assoc`.
                    self.add(ty, as_key);
                    return;
                }
                let last = segments.last().expect("a path has a segment");
                if last.ident == "PhantomData" {
                    return;
                }
                let is_map = matches!(
                    last.ident.to_string().as_str(),
                    "HashMap" | "BTreeMap" | "IndexMap"
                );
                for segment in segments {
                    if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                        let mut type_args = args.args.iter().filter_map(|arg| match arg {
                            syn::GenericArgument::Type(ty) => Some(ty),
                            _ => None,
                        });
                        if is_map {
                            if let Some(key) = type_args.next() {
                                self.visit(params, key, true);
                            }
                        }
                        for arg in type_args {
                            self.visit(params, arg, as_key && !is_map);
                        }
                    }
                }
            }
            Type::Reference(r) => self.visit(params, &r.elem, as_key),
            Type::Paren(p) => self.visit(params, &p.elem, as_key),
            Type::Group(g) => self.visit(params, &g.elem, as_key),
            Type::Slice(s) => self.visit(params, &s.elem, false),
            Type::Array(a) => self.visit(params, &a.elem, false),
            Type::Tuple(t) => {
                for elem in &t.elems {
                    self.visit(params, elem, false);
                }
            }
            // Anything else cannot implement ToJson through a type
            // parameter; the compiler reports it at the field.
            _ => {}
        }
    }
}

fn mentions_param(params: &[&Ident], ty: &Type) -> bool {
    let mut uses = Uses::default();
    uses.visit(params, ty, false);
    !uses.values.is_empty() || !uses.keys.is_empty()
}
