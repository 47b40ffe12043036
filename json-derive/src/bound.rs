//! The `where` clause of the generated impl.
//!
//! As in serde_derive, a type parameter gets a bound only when a field that
//! is written uses it, so `PhantomData<T>` and skipped fields put no demand
//! on `T`. A parameter used as a map key is bounded by `ToJsonKey` instead.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Generics, Ident, Type, WherePredicate};

use super::ast::{Container, Data, Field};

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
    let mut fields: Vec<&Field> = Vec::new();
    match &cont.data {
        Data::Struct(_, all) => fields.extend(all),
        Data::Enum(variants) => {
            for variant in variants.iter().filter(|v| v.attrs.skip.is_none()) {
                match &variant.attrs.bound {
                    Some(bound) => explicit.extend(bound.iter().cloned()),
                    None => fields.extend(&variant.fields),
                }
            }
        }
    }
    for field in fields.into_iter().filter(|f| !f.skipped()) {
        match &field.attrs.bound {
            Some(bound) => explicit.extend(bound.iter().cloned()),
            None => uses.visit(&params, field.ty, false),
        }
    }
    if params.is_empty() {
        return explicit;
    }
    let value_bounds = uses
        .values
        .iter()
        .map(|ty| -> WherePredicate { syn::parse_quote!(#ty: #runtime::ToJson) });
    let key_bounds = uses
        .keys
        .iter()
        .map(|ty| -> WherePredicate { syn::parse_quote!(#ty: #runtime::ToJsonKey) });
    value_bounds.chain(key_bounds).chain(explicit).collect()
}

/// Types that need a bound, kept sorted and unique by their tokens.
#[derive(Default)]
struct Uses {
    values: BTreeSet<TypeKey>,
    keys: BTreeSet<TypeKey>,
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
impl quote::ToTokens for TypeKey {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.1.to_tokens(tokens);
    }
}

impl Uses {
    fn add(&mut self, ty: &Type, as_key: bool) {
        let key = TypeKey(quote!(#ty).to_string(), ty.clone());
        if as_key {
            self.keys.insert(key);
        } else {
            self.values.insert(key);
        }
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
