//! The `where` clause of the generated impl.
//!
//! As in serde_derive, a type parameter gets a bound only when a field that
//! is written uses it, so `PhantomData<T>`, a `[T; 0]` field and skipped
//! fields put no demand on `T`; nor does a field written by a
//! `serialize_with` function. Which trait the bound names depends on how the field is
//! written, never on how its type is spelled:
//!
//! - a value (`ToJson`): each type parameter, or projection such as
//!   `T::Assoc`, that appears in the field's type, as serde_derive does;
//! - entries (`ToJsonFields`: a flattened field, the content of an
//!   internally tagged newtype variant): the field's whole type, whatever
//!   wraps the parameter (`Option<T>`, an alias of it, `Box<T>`, a map);
//! - an `as_string` field (`ToJsonString`): its whole type.
//!
//! Two exceptions. A field whose type is named `Seq` or `SeqMap`
//! (json_runtime's lazy sequences, `Seq<I>`, `json_runtime::SeqMap<I>`)
//! is bounded as a whole, `Seq<I>: ToJson`, since its parameter is an
//! iterator, which is never `ToJson` itself.
//!
//! The other is a map key, which must be `ToJsonKey` rather than
//! `ToJson`: the first type argument of a type named `…Map` with two or
//! more type arguments (`HashMap`, `BTreeMap`, `IndexMap`, `FxHashMap`, …)
//! gets a `ToJsonKey` bound on its whole type. A map under another name
//! needs `#[json(bound = "K: json_runtime::ToJsonKey, ...")]`.
//!
//! Whole field types cannot be bounded everywhere: a recursive type such as
//! `struct List<T> { next: Option<Box<List<T>>> }` would then require its
//! own impl to hold before it holds, which rustc rejects as an overflow.
//!
//! `bound = "..."` replaces what is inferred, on the container, a variant
//! or a field, and, as in serde, field and variant bounds are added even
//! when the container has one. A bound written in `#[serde(...)]` is kept
//! as written, so code written for serde keeps compiling: a parameter it
//! bounds by `Serialize` only is written through the serde fallback (see
//! `for_json`). With `no_serde_fallback`, where that cannot be, its
//! `Serialize` (`Serialize`, `serde::Serialize`, `serde::ser::Serialize`)
//! is read as `ToJson`. A `#[json]` bound is taken as written and wins over
//! a `#[serde]` one: the way to state `ToJson` bounds.

use std::ops::ControlFlow;

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Generics, Ident, Type, WherePredicate};

use super::ast::{is_empty_array, is_phantom, Container, Data, Field, Repr, Style};
use super::attr::{Bound, Namespace};
use super::tokens::Tokens;

pub fn with_bounds(cont: &Container, runtime: &Tokens) -> Generics {
    let mut generics = cont.generics.clone();
    let mut predicates = match &cont.attrs.bound {
        Some(explicit) => for_json(cont, explicit, runtime),
        None => inferred(cont, runtime),
    };
    predicates.extend(member_bounds(cont, runtime));
    if !predicates.is_empty() {
        generics.make_where_clause().predicates.extend(predicates);
    }
    generics
}

/// The `bound`s of every variant and field, skipped ones included, as
/// serde adds them.
fn member_bounds(cont: &Container, runtime: &Tokens) -> Vec<WherePredicate> {
    let mut predicates = Vec::new();
    let add_fields = |fields: &[Field], predicates: &mut Vec<WherePredicate>| {
        for bound in fields.iter().filter_map(|f| f.attrs.bound.as_ref()) {
            predicates.extend(for_json(cont, bound, runtime));
        }
    };
    match &cont.data {
        Data::Struct(_, fields) => add_fields(fields, &mut predicates),
        Data::Enum(variants) => {
            for variant in variants {
                if let Some(bound) = &variant.attrs.bound {
                    predicates.extend(for_json(cont, bound, runtime));
                }
                add_fields(&variant.fields, &mut predicates);
            }
        }
    }
    predicates
}

fn inferred(cont: &Container, runtime: &Tokens) -> Vec<WherePredicate> {
    let mut params: Vec<&Ident> = Vec::new();
    for param in cont.generics.type_params() {
        params.push(&param.ident);
    }
    if params.is_empty() {
        return Vec::new();
    }
    let mut uses = Uses::default();
    // Each written field, and whether it is written as entries.
    let mut fields: Vec<(&Field, bool)> = Vec::new();
    match &cont.data {
        Data::Struct(_, all) => {
            let transparent = cont.attrs.transparent.is_some();
            for field in all {
                fields.push((field, field.attrs.flatten.is_some() && !transparent));
            }
        }
        Data::Enum(variants) => {
            for variant in variants {
                if variant.attrs.skip.is_some()
                    || variant.attrs.serialize_with.is_some()
                    || variant.attrs.bound.is_some()
                {
                    continue;
                }
                if variant.style == Style::Newtype && variant.fields[0].skipped() {
                    continue;
                }
                let as_entries = variant.style == Style::Newtype
                    && variant.attrs.untagged.is_none()
                    && matches!(cont.repr, Repr::Internal { .. });
                for field in &variant.fields {
                    fields.push((field, as_entries || field.attrs.flatten.is_some()));
                }
            }
        }
    }
    for (field, as_entries) in fields {
        if field.skipped()
            || field.attrs.bound.is_some()
            || field.attrs.serialize_with.is_some()
            || !mentions_param(&params, field.ty)
        {
            continue;
        }
        if field.attrs.as_string.is_some() {
            uses.strings.insert(field.ty);
        } else if as_entries {
            uses.entries.insert(field.ty);
        } else if !is_empty_array(field.ty) {
            // A `[T; 0]` field is written `[]` by the derive itself; nested
            // in another type, it goes through the array impl, which needs
            // `T`.
            uses.visit(&params, field.ty);
        }
    }
    let mut predicates = Vec::new();
    for (set, bound) in [
        (&uses.values, quote!(ToJson)),
        (&uses.keys, quote!(ToJsonKey)),
        (&uses.entries, quote!(ToJsonFields)),
        (&uses.strings, quote!(ToJsonString)),
    ] {
        for ty in &set.0 {
            predicates.push(syn::parse_quote!(#ty: #runtime::#bound));
        }
    }
    predicates
}

/// Types that need a bound.
#[derive(Default)]
struct Uses {
    values: TypeSet,
    keys: TypeSet,
    entries: TypeSet,
    strings: TypeSet,
}

/// Types kept sorted and unique by their token text, so bounds come out in
/// a stable order. A sorted `Vec` rather than a `BTreeSet`: the sets hold a
/// few types, and the macro's own build is smaller without one more
/// instance of the B-tree.
#[derive(Default)]
struct TypeSet(Vec<TypeKey>);

impl TypeSet {
    fn insert(&mut self, ty: &Type) {
        let key = TypeKey::new(ty);
        if let Err(at) = self.0.binary_search_by(|probe| probe.0.cmp(&key.0)) {
            self.0.insert(at, key);
        }
    }
}

/// A type and its token text.
struct TypeKey(String, Type);

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
    /// A type written as a value: every parameter or projection in it
    /// needs `ToJson`, and a map's key type `ToJsonKey`.
    fn visit(&mut self, params: &[&Ident], ty: &Type) {
        let _ = walk(params, ty, &mut |need, ty| {
            match need {
                Need::Value => self.values.insert(ty),
                Need::Key => self.keys.insert(ty),
            }
            ControlFlow::Continue(())
        });
    }
}

/// Which trait a type found by [`walk`] needs.
#[derive(Clone, Copy)]
enum Need {
    Value,
    Key,
}

/// Walks a type written as a value and hands `found` each type in it that
/// needs a bound, until `found` breaks. One walk serves both the bounds and
/// [`mentions_param`], so the two cannot disagree on what needs one.
fn walk(
    params: &[&Ident],
    ty: &Type,
    found: &mut dyn FnMut(Need, &Type) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match ty {
        Type::Path(path) => {
            if let Some(qself) = &path.qself {
                // `<T as Trait>::Assoc`: bound the projection itself.
                if mentions_param(params, &qself.ty) {
                    return found(Need::Value, ty);
                }
                return ControlFlow::Continue(());
            }
            let segments = &path.path.segments;
            let first = &segments[0].ident;
            if path.path.leading_colon.is_none() && params.contains(&first) {
                // `T` itself, or an associated type `T::Assoc`.
                return found(Need::Value, ty);
            }
            if is_phantom(ty) {
                return ControlFlow::Continue(());
            }
            if is_lazy_seq(ty) {
                // `Seq<I>`: `I` is an iterator, never `ToJson` itself,
                // so the bound is on the whole type (`Seq<I>: ToJson`,
                // which holds when `I`'s items are `ToJson`).
                for segment in segments {
                    if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                        for arg in &args.args {
                            if let syn::GenericArgument::Type(arg) = arg {
                                if mentions_param(params, arg) {
                                    return found(Need::Value, ty);
                                }
                            }
                        }
                    }
                }
                return ControlFlow::Continue(());
            }
            let last = segments.last().expect("a path has a segment");
            for segment in segments {
                let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
                    continue;
                };
                let mut type_args = args.args.iter().filter_map(|arg| match arg {
                    syn::GenericArgument::Type(ty) => Some(ty),
                    _ => None,
                });
                let is_map = std::ptr::eq(segment, last)
                    && last.ident.to_string().ends_with("Map")
                    && type_args.clone().count() >= 2;
                if is_map {
                    let key = type_args.next().expect("counted");
                    if mentions_param(params, key) {
                        found(Need::Key, key)?;
                    }
                }
                for arg in type_args {
                    walk(params, arg, found)?;
                }
            }
            ControlFlow::Continue(())
        }
        Type::Reference(r) => walk(params, &r.elem, found),
        Type::Paren(p) => walk(params, &p.elem, found),
        Type::Group(g) => walk(params, &g.elem, found),
        Type::Slice(s) => walk(params, &s.elem, found),
        Type::Array(a) => walk(params, &a.elem, found),
        Type::Tuple(t) => {
            for elem in &t.elems {
                walk(params, elem, found)?;
            }
            ControlFlow::Continue(())
        }
        // Anything else (a macro, a function pointer) cannot implement
        // ToJson through a type parameter; serde_derive skips type
        // macros too. The compiler reports a missing impl at the field.
        _ => ControlFlow::Continue(()),
    }
}

/// Whether a type written as a value needs a bound: it stops at the first
/// type that does, and builds nothing.
fn mentions_param(params: &[&Ident], ty: &Type) -> bool {
    walk(params, ty, &mut |_, _| ControlFlow::Break(())).is_break()
}

/// `Seq<..>` or `SeqMap<..>` (json_runtime's lazy sequences), by the last
/// segment's name, as `PhantomData` is recognized.
fn is_lazy_seq(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    path.path
        .segments
        .last()
        .is_some_and(|segment| segment.ident == "Seq" || segment.ident == "SeqMap")
}

/// The predicates of a `bound`, for the impls: as written in `#[json]`.
/// One from `#[serde]` is kept as written too while fields can fall back
/// to serde: a parameter bounded by `Serialize` is then written through
/// its `Serialize` impl, so `Page<T>` with
/// `#[serde(bound(serialize = "T: Serialize"))]` takes a `T` that
/// implements only `Serialize`, as serde does. With `no_serde_fallback`,
/// the `Serialize` in it is read as `ToJson`, the one way left to write it.
fn for_json(cont: &Container, bound: &Bound, runtime: &Tokens) -> Vec<WherePredicate> {
    let mut predicates = bound.predicates.clone();
    if bound.namespace == Namespace::Serde && cont.attrs.no_serde_fallback {
        for predicate in &mut predicates {
            let WherePredicate::Type(predicate) = predicate else {
                continue;
            };
            for bound in &mut predicate.bounds {
                if let syn::TypeParamBound::Trait(bound) = bound {
                    if is_serialize(&bound.path) {
                        bound.path = syn::parse_quote!(#runtime::ToJson);
                    }
                }
            }
        }
    }
    predicates
}

/// `Serialize`, `serde::Serialize` or `serde::ser::Serialize`.
fn is_serialize(path: &syn::Path) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    matches!(
        segments
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["Serialize"] | ["serde", "Serialize"] | ["serde", "ser", "Serialize"]
    )
}
