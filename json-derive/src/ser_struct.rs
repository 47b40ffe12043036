//! Code for structs, and the object and array writers that enum variants
//! share.

use std::cell::Cell;

use proc_macro2::{Group, Ident, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::ast::{is_empty_array, is_option, Container, Field, Repr, Style};
use super::attr::SerializeWith;
use super::literal;
use super::serde_with;

/// Names shared by all generated code. The writer and the `first` flag are
/// `mixed_site` so a field called `w` cannot shadow them.
pub struct Names {
    pub runtime: TokenStream,
    pub w: Ident,
    pub first: Ident,
    /// The `const OBJECT: bool` parameter of `write_json_entries`.
    pub object: Ident,
    /// Whether a field whose type does not implement `ToJson` is written
    /// through its `serde::Serialize` impl; off with `no_serde_fallback`.
    pub fallback: bool,
    /// Set once the code calls the ToJson-or-Serialize dispatch, whose
    /// traits the function must then import.
    pub dispatched: Cell<bool>,
    /// The same for the ToJsonFields-or-Serialize dispatch of values
    /// written as entries.
    pub dispatched_entries: Cell<bool>,
    /// The value being written, `self`, and its type's path in patterns,
    /// `Self`; for a `remote` type, the function's parameter and the
    /// remote type.
    pub this: TokenStream,
    pub this_type: TokenStream,
    /// The type's name as serde names it in errors: the remote type's for
    /// a `remote` type.
    pub type_name: String,
    /// What serde `serialize_with` wrappers need of the container.
    pub wrapper: serde_with::Container,
}

impl Names {
    pub fn new(runtime: TokenStream, object: Ident, wrapper: serde_with::Container) -> Self {
        Names {
            runtime,
            w: Ident::new("w", Span::mixed_site()),
            first: Ident::new("first", Span::mixed_site()),
            object,
            fallback: true,
            dispatched: Cell::new(false),
            dispatched_entries: Cell::new(false),
            this: quote!(self),
            this_type: quote!(Self),
            type_name: String::new(),
            wrapper,
        }
    }

    /// The code that writes a field's value, spanned at the field's type so
    /// a missing impl is reported on the field: its `ToJson` impl when the
    /// type has one, else its `serde::Serialize` impl, through
    /// `write_json_or_serialize`; with `no_serde_fallback`, `ToJson` only.
    pub fn write_value(&self, field: &Field, value: &TokenStream) -> TokenStream {
        let span = field.ty.span();
        if !self.fallback {
            return self.call_at(span, quote!(ToJson::write_json), value);
        }
        self.dispatched.set(true);
        let Names { runtime, w, .. } = self;
        let call = quote!(#runtime::__private::Via(#value).write_json_or_serialize(#w););
        located_at(call, span)
    }

    /// The import of the dispatch's traits, for a function body that
    /// calls it; resets the flag for the next body.
    pub fn dispatch_import(&self) -> Option<TokenStream> {
        let runtime = &self.runtime;
        let values = self.dispatched.replace(false);
        let entries = self.dispatched_entries.replace(false);
        let traits = [
            (values, quote!(WriteSerialize as _)),
            (entries, quote!(WriteSerializeFields as _)),
            (values, quote!(WriteToJson as _)),
            (entries, quote!(WriteToJsonFields as _)),
        ];
        let traits: Vec<&TokenStream> = traits
            .iter()
            .filter_map(|(used, name)| used.then_some(name))
            .collect();
        (!traits.is_empty()).then(|| {
            quote! {
                #[allow(unused_imports)]
                use #runtime::__private::{#(#traits),*};
            }
        })
    }

    /// The code that writes one field's value: its `serialize_with`
    /// function, its integers as strings for `as_string`, else its
    /// `ToJson` or `Serialize` impl.
    pub fn write_field(&self, field: &Field, value: &TokenStream) -> TokenStream {
        let w = &self.w;
        if let Some(with) = &field.attrs.serialize_with {
            if with.serde_signature {
                return serde_with::wrap(self, with, &[field.ty], std::slice::from_ref(value));
            }
            // A function of the wrong signature is reported at the attribute.
            let path = &with.path;
            let span = path.span();
            let value = located_at(value.clone(), span);
            let w = located_at(quote!(#w), span);
            return quote_spanned!(span=> #path(#value, #w););
        }
        if field.attrs.as_string.is_some() {
            return self.call_at(
                field.ty.span(),
                quote!(ToJsonString::write_json_string),
                value,
            );
        }
        if is_empty_array(field.ty) {
            return self.write_empty_array(value);
        }
        self.write_value(field, value)
    }

    /// `[]` for a `[T; 0]`, which serde writes whatever `T` is: no
    /// `ToJson` impl is called, so `T` needs none. The field is still
    /// read, so that it does not look unused.
    fn write_empty_array(&self, value: &TokenStream) -> TokenStream {
        let w = &self.w;
        quote! {
            let _ = #value;
            #w.write_raw("[]");
        }
    }

    /// The code that writes a value as entries, spanned at its type: its
    /// `ToJsonFields` impl when the type has one, else its
    /// `serde::Serialize` impl read as serde reads a flattened (`of` is
    /// `Flatten`) or internally tagged value, through
    /// `write_entries_or_serialize`; with `no_serde_fallback`,
    /// `ToJsonFields` only.
    fn write_fields(
        &self,
        span: Span,
        value: &TokenStream,
        first: &TokenStream,
        of: &EntriesOf,
    ) -> TokenStream {
        let Names { runtime, w, .. } = self;
        if !self.fallback {
            let runtime = located_at(runtime.clone(), span);
            let value = located_at(value.clone(), span);
            return quote_spanned!(span=> #runtime::ToJsonFields::write_json_fields(#value, #w, #first););
        }
        self.dispatched_entries.set(true);
        let of = of.tokens(runtime);
        let call = quote! {
            #runtime::__private::Via(#value).write_entries_or_serialize(#w, #first, #of);
        };
        located_at(call, span)
    }

    /// `runtime::method(value, w);` with every token shown at `span` in
    /// errors: rustc reports a missing impl at the callee path or the
    /// argument, whose tokens come from elsewhere.
    fn call_at(&self, span: Span, method: TokenStream, value: &TokenStream) -> TokenStream {
        let Names { runtime, w, .. } = self;
        let runtime = located_at(runtime.clone(), span);
        let method = located_at(method, span);
        let value = located_at(value.clone(), span);
        quote_spanned!(span=> #runtime::#method(#value, #w);)
    }
}

/// `tokens` shown at `span`'s place in errors, each keeping its own hygiene,
/// so names resolve exactly as before.
pub fn located_at(tokens: TokenStream, span: Span) -> TokenStream {
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

/// `&self.field`; for a remote type's field with a `getter`,
/// `&getter(value)`, as serde reads it; in a packed struct, where a
/// reference to a field may be unaligned, `&{ self.field }`: the field is
/// copied, as serde does, so it must be `Copy`.
pub fn member_value(cont: &Container, field: &Field, names: &Names) -> TokenStream {
    let this = &names.this;
    let member = &field.member;
    match &field.attrs.getter {
        Some((getter, _)) => quote!(&#getter(#this)),
        None if cont.packed => quote!(&{ #this.#member }),
        None => quote!(&#this.#member),
    }
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

/// The condition under which a field is left out, if any.
fn skip_condition(member: &Member, skip_none: bool) -> Option<TokenStream> {
    let value = &member.value;
    if let Some(path) = &member.field.attrs.skip_serializing_if {
        // A function of the wrong type is then reported at the attribute.
        let value = located_at(value.clone(), path.span());
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

/// How a value written as entries is read when it goes through serde:
/// as serde's flatten, or as the content of an internally tagged variant.
pub enum EntriesOf {
    Flatten,
    Tagged { type_name: String, variant: String },
}

impl EntriesOf {
    pub fn tokens(&self, runtime: &TokenStream) -> TokenStream {
        match self {
            EntriesOf::Flatten => quote!(#runtime::__private::EntriesOf::Flatten),
            EntriesOf::Tagged { type_name, variant } => quote! {
                #runtime::__private::EntriesOf::Tagged {
                    type_name: #type_name,
                    variant: #variant,
                }
            },
        }
    }
}

/// A serde `serialize_with` function that writes a value as entries
/// (a flattened field, an internally tagged variant), with the types of
/// the values it takes.
pub struct EntriesWith<'a> {
    pub with: &'a SerializeWith,
    pub tys: Vec<&'a syn::Type>,
    pub values: Vec<TokenStream>,
}

/// One entry of a JSON object, or several for a flattened field.
pub enum Entry<'a> {
    /// `"key":"value"`, both known at compile time: a tag.
    Tag { key: &'a str, value: &'a str },
    /// `"key":` and the code that writes one value, unless `skip_if`.
    Value {
        key: &'a str,
        write: TokenStream,
        skip_if: Option<TokenStream>,
    },
    /// A value written as entries of this object (maybe none), unless
    /// `skip_if`; by a serde `serialize_with` function if `with` is set.
    Flatten {
        value: TokenStream,
        span: Span,
        skip_if: Option<TokenStream>,
        of: EntriesOf,
        with: Option<EntriesWith<'a>>,
    },
}

/// The entries of written fields, with `skip_serializing_none` applied.
pub fn member_entries<'a>(
    members: &'a [Member<'a>],
    skip_none: bool,
    names: &Names,
) -> Vec<Entry<'a>> {
    members
        .iter()
        .map(|member| {
            let skip_if = skip_condition(member, skip_none);
            if member.field.attrs.flatten.is_some() {
                Entry::Flatten {
                    value: member.value.clone(),
                    span: member.field.ty.span(),
                    skip_if,
                    of: EntriesOf::Flatten,
                    with: member
                        .field
                        .attrs
                        .serialize_with
                        .as_ref()
                        .map(|with| EntriesWith {
                            with,
                            tys: vec![member.field.ty],
                            values: vec![member.value.clone()],
                        }),
                }
            } else {
                Entry::Value {
                    key: &member.field.name,
                    write: names.write_field(member.field, &member.value),
                    skip_if,
                }
            }
        })
        .collect()
}

/// Whether the code always writes a whole object, or is the body of
/// `write_json_entries`, writing a whole object when its `OBJECT` parameter
/// is true and entries into the caller's object (through its
/// `first: &mut bool` parameter) when it is false.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Object,
    Both,
}

/// What is known, at a point of the generated code, about the object.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing written: not even `{` when writing an object; when writing
    /// entries, the `first` parameter says whether the caller wrote any.
    Start,
    /// Open, and the run-time `first` flag says whether an entry was written.
    Open,
    /// An entry was certainly written, so every later key is `,"key":`.
    Certain,
}

/// A JSON object.
///
/// While no entry has certainly been written, keys go through `key_dyn`
/// with a run-time `first` flag; once one has, every later key is a static
/// `,"key":` literal. Objects whose first entry is unconditional are
/// therefore all literals: `{"a":`, `,"b":`. A leading tag is merged with
/// the next key: `{"type":"Circle","radius":`. A flattened field takes the
/// `first` flag, or `&mut false` once an entry is certain.
pub fn object(entries: &[Entry], names: &Names) -> TokenStream {
    build(entries, Mode::Object, names).0
}

/// The body of `write_json_entries`: [`object`] when `OBJECT` is true, and
/// the same entries without braces when it is false. The two differ only
/// where the object opens and closes, under `if OBJECT`. Also says whether
/// the code reads the `first` parameter.
pub fn object_or_entries(entries: &[Entry], names: &Names) -> (TokenStream, bool) {
    build(entries, Mode::Both, names)
}

fn build(entries: &[Entry], mode: Mode, names: &Names) -> (TokenStream, bool) {
    let Names {
        w, first, object, ..
    } = names;
    let first_arg = match mode {
        Mode::Object => quote!(&mut #first),
        Mode::Both => quote!(#first),
    };
    let open = match mode {
        Mode::Object => quote! {
            #w.begin_object();
            let mut #first = true;
        },
        Mode::Both => quote! {
            if #object {
                #w.begin_object();
            }
        },
    };
    // Code that only the whole object writes.
    let if_object = |code: TokenStream| match mode {
        Mode::Object => code,
        Mode::Both => quote!(if #object { #code }),
    };
    let mut uses_first = false;
    let mut state = State::Start;
    let mut code = TokenStream::new();
    let mut rest = entries;
    while let Some((entry, after)) = rest.split_first() {
        rest = after;
        match entry {
            Entry::Tag { .. } if state == State::Start => {
                let (run, write, after) = static_run(entries.len() - rest.len() - 1, entries);
                rest = after;
                let run_code = run_code(&run, names);
                code.extend(match mode {
                    Mode::Object => run_code,
                    Mode::Both => {
                        uses_first = true;
                        let entries = run_as_entries(&run, names);
                        quote!(if #object { #run_code } else { #entries })
                    }
                });
                code.extend(write);
                state = State::Certain;
            }
            Entry::Tag { key, value } => {
                uses_first |= state == State::Open;
                let key = key_code(state, mode, key, &first_arg, names);
                let value = literal::quoted(value);
                code.extend(quote!(#key #w.write_raw(#value);));
                state = State::Certain;
            }
            Entry::Value {
                key,
                write,
                skip_if,
            } => {
                if skip_if.is_some() && state == State::Start {
                    code.extend(open.clone());
                    state = State::Open;
                }
                uses_first |= state != State::Certain && mode == Mode::Both;
                let key = key_code(state, mode, key, &first_arg, names);
                code.extend(guarded(skip_if.clone(), quote!(#key #write)));
                if skip_if.is_none() {
                    state = State::Certain;
                }
            }
            Entry::Flatten {
                value,
                span,
                skip_if,
                of,
                with,
            } => {
                if state == State::Start {
                    code.extend(open.clone());
                    state = State::Open;
                }
                let first = match state {
                    State::Certain => quote!(&mut false),
                    _ => {
                        uses_first = true;
                        first_arg.clone()
                    }
                };
                let write = match with {
                    Some(with) => serde_with::wrap_entries(names, with, &first, of),
                    None => names.write_fields(*span, value, &first, of),
                };
                code.extend(guarded(skip_if.clone(), write));
            }
        }
    }
    code.extend(match state {
        State::Start => if_object(quote!(#w.write_raw("{}");)),
        State::Open => {
            uses_first = true;
            match mode {
                Mode::Object => quote!(#w.end_object_dyn(#first);),
                Mode::Both => if_object(quote!(#w.end_object_dyn(*#first);)),
            }
        }
        State::Certain => if_object(quote!(#w.end_object();)),
    });
    (code, uses_first)
}

/// The key of an entry: `{"key":` opening the object, `"key"` through
/// `key_dyn`, or `,"key":` after a certain entry.
fn key_code(
    state: State,
    mode: Mode,
    key: &str,
    first_arg: &TokenStream,
    names: &Names,
) -> TokenStream {
    let Names { w, object, .. } = names;
    let dynamic = || {
        let lit = literal::quoted(key);
        quote!(#w.key_dyn(#first_arg, #lit);)
    };
    match (state, mode) {
        (State::Start, Mode::Object) => {
            let lit = literal::first_key(key);
            quote!(#w.key(#lit);)
        }
        (State::Start, Mode::Both) => {
            let lit = literal::first_key(key);
            let dynamic = dynamic();
            quote! {
                if #object {
                    #w.key(#lit);
                } else {
                    #dynamic
                }
            }
        }
        (State::Open, _) => dynamic(),
        (State::Certain, _) => {
            let lit = literal::next_key(key);
            quote!(#w.key(#lit);)
        }
    }
}

/// The tags from `entries[start]` on, each as its key and quoted value,
/// plus the key of an unconditional value right after them with the code
/// that writes that value; and the entries left after those.
fn static_run<'e, 'a>(
    start: usize,
    entries: &'e [Entry<'a>],
) -> (Vec<syn::LitStr>, TokenStream, &'e [Entry<'a>]) {
    let mut parts = Vec::new();
    let mut rest = &entries[start..];
    while let Some((Entry::Tag { key, value }, after)) = rest.split_first() {
        parts.push(if parts.is_empty() {
            literal::first_key(key)
        } else {
            literal::next_key(key)
        });
        parts.push(literal::quoted(value));
        rest = after;
    }
    let mut write = TokenStream::new();
    if let Some((
        Entry::Value {
            key,
            write: value,
            skip_if: None,
        },
        after,
    )) = rest.split_first()
    {
        parts.push(literal::next_key(key));
        write = value.clone();
        rest = after;
    }
    (parts, write, rest)
}

/// One `static_entries` call: the whole run as one literal for compact
/// output, and its pieces for pretty output.
fn run_code(parts: &[syn::LitStr], names: &Names) -> TokenStream {
    let w = &names.w;
    let compact = literal::concat(parts);
    quote!(#w.static_entries(#compact, &[#(#parts),*]);)
}

/// The same run as entries of the caller's object: the first key through
/// `key_dyn`, values raw, later keys static.
fn run_as_entries(parts: &[syn::LitStr], names: &Names) -> TokenStream {
    let Names { w, first, .. } = names;
    let mut code = TokenStream::new();
    for (i, part) in parts.iter().enumerate() {
        code.extend(match i {
            0 => {
                // `{"key":` without its brace and colon: `"key"`.
                let text = part.value();
                let quoted = syn::LitStr::new(&text[1..text.len() - 1], part.span());
                quote!(#w.key_dyn(#first, #quoted);)
            }
            i if i % 2 == 1 => quote!(#w.write_raw(#part);),
            _ => quote!(#w.key(#part);),
        });
    }
    code
}

/// A JSON array of the members, for tuple structs and tuple variants.
pub fn array(members: &[Member], names: &Names) -> TokenStream {
    let Names { w, first, .. } = names;
    if members.is_empty() {
        return quote!(#w.write_raw("[]"););
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
        let value = names.write_field(member.field, &member.value);
        code.extend(guarded(condition, quote!(#separator #value)));
    }
    code.extend(match static_from {
        Some(_) => quote!(#w.end_array(false);),
        None => quote!(#w.end_array(#first);),
    });
    code
}
