//! JSON objects and arrays, which structs and enum variants alike are
//! written as: an object from a list of entries (tags, values, flattened
//! values), keys merged into the fewest static literals; an array from a
//! list of members.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;

use super::ast::{is_bounded, is_empty_array, is_keyed, is_option};
use super::bounded_run::Run;
use super::literal;
use super::names::{EntriesOf, Names};
use super::respan::located_at;
use super::serde_with::{self, EntriesWith};
use super::tokens::{AppendStream, Tokens};
use super::value::Member;

/// The condition under which a field is left out, if any.
fn skip_condition(member: &Member, skip_none: bool) -> Option<TokenStream> {
    let value = &member.value;
    if let Some(path) = &member.field.attrs.skip_serializing_if {
        // A function of the wrong type is then reported at the attribute.
        let value = located_at(value, path.span());
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

/// One entry of a JSON object, or several for a flattened field.
pub enum Entry<'a> {
    /// `"key":"value"`, both known at compile time: a tag.
    Tag { key: &'a str, value: &'a str },
    /// `"key":` and the code that writes one value, unless `skip_if`;
    /// `bounded` when the value can be written in a run of bounded writes,
    /// `keyed` when it is a string, written with its key in one call.
    Value {
        key: &'a str,
        write: Write<'a>,
        skip_if: Option<TokenStream>,
        bounded: Option<&'a Member<'a>>,
        keyed: Option<&'a Member<'a>>,
    },
    /// A value written as entries of this object (maybe none), unless
    /// `skip_if`; by a serde `serialize_with` function if `with` is set.
    Flatten {
        value: Tokens,
        span: Span,
        skip_if: Option<TokenStream>,
        of: EntriesOf,
        with: Option<EntriesWith<'a>>,
    },
}

/// The code that writes an entry's value the usual way. A field's is
/// built only where it is used: most fields are written in a bounded run
/// or with their key in one call instead, and building it (spans moved to
/// the field) costs the macro time at every field.
pub enum Write<'a> {
    Field(&'a Member<'a>),
    Code(TokenStream),
}

impl Write<'_> {
    fn code(&self, names: &Names) -> TokenStream {
        match self {
            Write::Field(member) => names.write_field(member.field, &member.value),
            Write::Code(code) => code.clone(),
        }
    }
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
                    span: member.field.ty_span(),
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
                    bounded: bounded_value(member, names).then_some(member),
                    keyed: keyed_value(member, names).then_some(member),
                    write: Write::Field(member),
                    skip_if,
                }
            }
        })
        .collect()
}

/// Whether a field's value is written by its type's own `ToJson` impl:
/// not through a function, as a string, or through a `getter` (whose
/// value may be a reference). Only such fields take the derive's
/// shortcuts below.
fn written_by_its_impl(member: &Member) -> bool {
    let attrs = &member.field.attrs;
    attrs.serialize_with.is_none() && attrs.as_string.is_none() && attrs.getter.is_none()
}

/// [`written_by_its_impl`], inlined: not in small-code mode, whose values
/// are calls.
fn written_inline_by_its_impl(member: &Member, names: &Names) -> bool {
    !names.small_code && written_by_its_impl(member)
}

/// Whether a field can be written in a run of bounded writes: a type the
/// runtime knows the bound of.
fn bounded_value(member: &Member, names: &Names) -> bool {
    written_inline_by_its_impl(member, names) && is_bounded(member.field.ty)
}

/// Whether a field is written with its key in one call
/// (`ToJson::write_json_keyed`): a type spelled as one whose impl does so
/// (a string or a float). A type merely named `String` still works: its
/// impl's default writes the key, then the value.
///
/// In small-code mode, every such field: the value is a shared call
/// either way, and the key goes into it instead of being stored by the
/// encoder (for a type whose impl does not take the key, the key's own
/// shared call, `write_key_outlined`, then the value's). Not a `[T; 0]`,
/// which is `[]` whatever `T` is.
fn keyed_value(member: &Member, names: &Names) -> bool {
    let ty = member.field.ty;
    written_by_its_impl(member) && (is_keyed(ty) || names.small_code && !is_empty_array(ty))
}

/// Whether the code always writes a whole object, or is the body of
/// `write_json_entries`, writing a whole object when its `B::OBJECT`
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

/// The body of `write_json_entries`: [`object`] when `B::OBJECT` is true, and
/// the same entries without braces when it is false. The two differ only
/// where the object opens and closes, under `if B::OBJECT`. Also says whether
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
    // Keys and bounded values since the last unbounded write.
    let mut run = Run::default();
    let mut rest = entries;
    while let Some((entry, after)) = rest.split_first() {
        rest = after;
        if let Entry::Value {
            key,
            write,
            skip_if: None,
            bounded,
            keyed,
        } = entry
        {
            if let Some(member) = keyed {
                // A string: its key and value in one call, ending the run.
                let keyed_code = match (state, mode) {
                    (State::Certain, _) => Some(names.write_keyed(member, &literal::next_key(key))),
                    (State::Start, Mode::Object) => {
                        Some(names.write_keyed(member, &literal::first_key(key)))
                    }
                    (State::Start, Mode::Both) => {
                        uses_first = true;
                        let keyed = names.write_keyed(member, &literal::first_key(key));
                        let entry = key_code(State::Open, mode, key, &first_arg, names);
                        let write = write.code(names);
                        Some(quote!(if #object { #keyed } else { #entry #write }))
                    }
                    (State::Open, _) => None,
                };
                if let Some(keyed_code) = keyed_code {
                    code.append_stream(run.flush(names));
                    code.append_stream(keyed_code);
                    state = State::Certain;
                    continue;
                }
            }
            // An unconditional value: its key joins the run when it is a
            // static literal, and the value too when it is bounded (both in
            // one write where the value's type allows).
            let literal = match (state, mode) {
                (State::Certain, _) => Some(literal::next_key(key)),
                (State::Start, Mode::Object) => Some(literal::first_key(key)),
                _ => None,
            };
            match (literal, bounded) {
                (Some(literal), Some(value)) => {
                    run.key_value(literal, value, &mut code, names);
                    state = State::Certain;
                    continue;
                }
                (Some(literal), None) => run.key(literal, &mut code, names),
                (None, _) if state == State::Start && mode == Mode::Both => {
                    uses_first = true;
                    run.first_key(key, &first_arg);
                }
                (None, _) => {
                    code.append_stream(run.flush(names));
                    uses_first |= mode == Mode::Both;
                    code.append_stream(key_code(state, mode, key, &first_arg, names));
                }
            }
            match bounded {
                Some(value) => run.value(value, &mut code, names),
                None => {
                    code.append_stream(run.flush(names));
                    code.append_stream(write.code(names));
                }
            }
            state = State::Certain;
            continue;
        }
        code.append_stream(run.flush(names));
        match entry {
            Entry::Tag { .. } if state == State::Start => {
                let (run, write, after) =
                    static_run(entries.len() - rest.len() - 1, entries, names);
                rest = after;
                let run_code = run_code(&run, names);
                code.append_stream(match mode {
                    Mode::Object => run_code,
                    Mode::Both => {
                        uses_first = true;
                        let entries = run_as_entries(&run, names);
                        quote!(if #object { #run_code } else { #entries })
                    }
                });
                code.append_stream(write);
                state = State::Certain;
            }
            Entry::Tag { key, value } => {
                uses_first |= state == State::Open;
                let key = key_code(state, mode, key, &first_arg, names);
                let value = literal::quoted(value);
                code.append_stream(quote!(#key #w.write_raw(#value);));
                state = State::Certain;
            }
            Entry::Value {
                key,
                write,
                skip_if,
                keyed,
                ..
            } => {
                if state == State::Start {
                    code.append_stream(open.clone());
                    state = State::Open;
                }
                uses_first |= state != State::Certain && mode == Mode::Both;
                let entry = match (state, keyed) {
                    (State::Certain, Some(member)) => {
                        names.write_keyed(member, &literal::next_key(key))
                    }
                    _ => {
                        let key = key_code(state, mode, key, &first_arg, names);
                        let write = write.code(names);
                        quote!(#key #write)
                    }
                };
                code.append_stream(guarded(skip_if.clone(), entry));
            }
            Entry::Flatten {
                value,
                span,
                skip_if,
                of,
                with,
            } => {
                if state == State::Start {
                    code.append_stream(open.clone());
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
                code.append_stream(guarded(skip_if.clone(), write));
            }
        }
    }
    match state {
        State::Start => {
            code.append_stream(if_object(quote!(#w.write_raw("{}");)));
        }
        State::Open => {
            uses_first = true;
            code.append_stream(match mode {
                Mode::Object => quote!(#w.end_object_dyn(#first);),
                Mode::Both => if_object(quote!(#w.end_object_dyn(*#first);)),
            });
        }
        State::Certain => run.end_object(mode == Mode::Both, &mut code, names),
    }
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
    names: &Names,
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
            ..
        },
        after,
    )) = rest.split_first()
    {
        parts.push(literal::next_key(key));
        write = value.code(names);
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
        code.append_stream(match i {
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
/// An array of bounded elements only (integers, `bool`s, `Option`s of
/// them), all written: its brackets, separators and elements in one run,
/// one capacity check, as an object's keys and bounded values are.
/// Element by element, a tuple struct of two integers took 0.45 of
/// serde_json's time (0.39 in a run), its three punctuation marks and two
/// values each a capacity check and a store of the output's length.
/// Arrays with an unbounded element keep their calls: split around it into
/// runs, the compile-time benchmark's 100 mixed types took a 2.3% larger
/// rlib (generic bodies are kept as MIR) for no measured gain.
fn static_array(members: &[Member], names: &Names) -> TokenStream {
    let mut code = TokenStream::new();
    let mut run = Run::default();
    run.begin_array(&mut code, names);
    for (i, member) in members.iter().enumerate() {
        run.array_value(i == 0, &mut code, names);
        run.value(member, &mut code, names);
    }
    run.end_array(&mut code, names);
    code
}

pub fn array(members: &[Member], names: &Names) -> TokenStream {
    let Names { w, first, .. } = names;
    if members.is_empty() {
        return quote!(#w.write_raw("[]"););
    }
    let conditions: Vec<Option<TokenStream>> =
        members.iter().map(|m| skip_condition(m, false)).collect();
    let all_bounded = members.iter().all(|m| bounded_value(m, names));
    if all_bounded && conditions.iter().all(Option::is_none) {
        return static_array(members, names);
    }
    let static_from = conditions.iter().position(Option::is_none);
    let mut code = quote!(#w.begin_array(););
    if static_from != Some(0) {
        code.append_stream(quote!(let mut #first = true;));
    }
    for (i, (member, condition)) in members.iter().zip(conditions).enumerate() {
        let separator = match static_from {
            Some(0) if i == 0 => quote!(#w.array_value(true);),
            Some(s) if i > s => quote!(#w.array_value(false);),
            _ => quote!(#w.array_value_dyn(&mut #first);),
        };
        let value = names.write_field(member.field, &member.value);
        code.append_stream(guarded(condition, quote!(#separator #value)));
    }
    code.append_stream(match static_from {
        Some(_) => quote!(#w.end_array(false);),
        None => quote!(#w.end_array(#first);),
    });
    code
}
