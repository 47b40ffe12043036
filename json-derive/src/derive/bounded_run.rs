//! Runs of bounded writes: the key literals and the integer, `bool` and
//! `Option` values between two values of unbounded length (strings,
//! sequences, nested types), written with one capacity check for the
//! whole run instead of one per key and per value:
//!
//! ```text
//! {
//!     let mut run = w.reserve(24 + 2 * <u64 as Bounded>::ROOM);
//!     run.key("{\"id\":");
//!     run.value(&self.id);
//!     run.keyed(",\"count\":", &self.count);
//!     run.key(",\"name\":");
//! }
//! w.write_str(..) // the next value, whose length is not bounded
//! ```
//!
//! The runtime counts the room down by constants, so the optimizer folds
//! the per-write checks away; the derive only has to size the run, and a
//! run sized wrong is still written correctly (the runtime makes room
//! again). Which types are bounded is read from the tokens, as
//! `skip_serializing_none` reads `Option`: an alias is not recognized and
//! is written the usual way.

use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};

use super::ast::Field;
use super::literal;
use super::names::Names;
use super::respan::{ident_located_at, key_at, located_at, located_template};
use super::tokens::AppendStream;
use super::value::Member;

/// A run longer than this is split: a larger reservation buys nothing,
/// and a streaming buffer drains to make room for it.
const MAX_RUN: usize = 2048;

/// A bound for one value when sizing runs against [`MAX_RUN`]; the
/// reservation itself uses the runtime's `Bounded::ROOM`.
const VALUE_ESTIMATE: usize = 32;

enum Item<'a> {
    Key(syn::LitStr),
    /// The first key in `write_json_entries`: `{"key":` opening the
    /// object `if B::OBJECT`, else `"key"` as an entry of the caller's
    /// object, after `,` unless its `first` flag says no entry came yet.
    FirstKey {
        object_key: syn::LitStr,
        entry_key: syn::LitStr,
        first: TokenStream,
    },
    /// A field whose value's text is bounded.
    Value(&'a Member<'a>),
    /// A key literal and its bounded value, written by one call. Integers
    /// and `Option`s make a shared call anyway, which takes the key too;
    /// a `bool` is inlined, the same stores as a key and a value apart.
    /// Either way the field is one method call for rustc to resolve, not
    /// two: the bool family's `cargo check` took 0.78x serde's instead of
    /// 0.82x, its expansion 0.82x serde_derive's instructions instead of
    /// 0.93x (`compile_time.py --shape bool`).
    Keyed(syn::LitStr, &'a Member<'a>),
    /// The closing `}`; under `if B::OBJECT` in `write_json_entries`.
    EndObject {
        if_object: bool,
    },
    /// An array's `[`.
    BeginArray,
    /// What precedes an array's element: `,` unless it is the `first`.
    ArrayValue {
        first: bool,
    },
    /// The `]` of an array with elements.
    EndArray,
}

/// The run being collected.
#[derive(Default)]
pub struct Run<'a> {
    items: Vec<Item<'a>>,
    /// The bytes of the keys and the closing brace.
    fixed: usize,
    values: usize,
}

impl<'a> Run<'a> {
    /// Adds a key literal, first writing out the run if it is full.
    pub fn key(&mut self, literal: syn::LitStr, code: &mut TokenStream, names: &Names) {
        let n = literal.value().len();
        self.make_room(n, code, names);
        self.fixed += n;
        self.items.push(Item::Key(literal));
    }

    /// Adds the first key of `write_json_entries`'s body (see
    /// [`Item::FirstKey`]); `first` is the flag to pass.
    pub fn first_key(&mut self, key: &str, first: &TokenStream) {
        let object_key = literal::first_key(key);
        let entry_key = literal::quoted(key);
        // `,"key":` through the flag is the longer of the two.
        self.fixed += entry_key.value().len() + 2;
        self.items.push(Item::FirstKey {
            object_key,
            entry_key,
            first: first.clone(),
        });
    }

    /// Adds a bounded value, first writing out the run if it is full.
    pub fn value(&mut self, value: &'a Member<'a>, code: &mut TokenStream, names: &Names) {
        self.make_room(VALUE_ESTIMATE, code, names);
        self.values += 1;
        self.items.push(Item::Value(value));
    }

    /// Adds a key literal and its bounded value, written by one call.
    pub fn key_value(
        &mut self,
        literal: syn::LitStr,
        value: &'a Member<'a>,
        code: &mut TokenStream,
        names: &Names,
    ) {
        let n = literal.value().len();
        self.make_room(n + VALUE_ESTIMATE, code, names);
        self.fixed += n;
        self.values += 1;
        self.items.push(Item::Keyed(literal, value));
    }

    /// Adds the object's closing brace, written only `if B::OBJECT` when
    /// `if_object`; the run ends there.
    pub fn end_object(&mut self, if_object: bool, code: &mut TokenStream, names: &Names) {
        self.fixed += 1;
        self.items.push(Item::EndObject { if_object });
        code.append_stream(self.flush(names));
    }

    /// Adds an array's `[`.
    pub fn begin_array(&mut self, code: &mut TokenStream, names: &Names) {
        self.make_room(1, code, names);
        self.fixed += 1;
        self.items.push(Item::BeginArray);
    }

    /// Adds what precedes an array's element.
    pub fn array_value(&mut self, first: bool, code: &mut TokenStream, names: &Names) {
        self.make_room(1, code, names);
        self.fixed += usize::from(!first);
        self.items.push(Item::ArrayValue { first });
    }

    /// Adds the array's `]`; the run ends there.
    pub fn end_array(&mut self, code: &mut TokenStream, names: &Names) {
        self.fixed += 1;
        self.items.push(Item::EndArray);
        code.append_stream(self.flush(names));
    }

    fn make_room(&mut self, n: usize, code: &mut TokenStream, names: &Names) {
        if self.fixed + self.values * VALUE_ESTIMATE + n > MAX_RUN {
            code.append_stream(self.flush(names));
        }
    }

    /// The code of the run collected so far, which it then forgets: one
    /// reservation and the writes into it, or for a single write, that
    /// write the usual way.
    pub fn flush(&mut self, names: &Names) -> TokenStream {
        let items = std::mem::take(&mut self.items);
        let fixed = std::mem::take(&mut self.fixed);
        self.values = 0;
        let w = &names.w;
        // A lone write the usual way; but a lone keyed field is still a
        // run of one, whose one check and call are less code than its key
        // and value written apart.
        if let [item] = items.as_slice() {
            match item {
                Item::Key(literal) => return quote!(#w.key(#literal);),
                Item::FirstKey {
                    object_key,
                    entry_key,
                    first,
                } => return first_key(names, quote!(#w), object_key, entry_key, first),
                // Written the usual way, as when it is not in a run.
                Item::Value(value) => return names.write_field(value.field, &value.value),
                Item::Keyed(..) => {}
                Item::EndObject { if_object } => {
                    return guard(*if_object, names, quote!(#w.end_object();))
                }
                Item::BeginArray => return quote!(#w.begin_array();),
                Item::ArrayValue { first } => return quote!(#w.array_value(#first);),
                Item::EndArray => return quote!(#w.end_array(false);),
            }
        }
        if items.is_empty() {
            return TokenStream::new();
        }
        let run = &names.run;
        let bound = bound(fixed, &items);
        let writes = items.iter().map(|item| match item {
            Item::Key(literal) => quote!(#run.key(#literal);),
            Item::FirstKey {
                object_key,
                entry_key,
                first,
            } => first_key(names, quote!(#run), object_key, entry_key, first),
            Item::Value(value) => {
                let span = value.field.ty_span();
                let run = ident_located_at(run, span);
                let v = names.value_at(value.field, &value.value, span);
                quote_spanned!(located_template(span)=> #run.value(#v);)
            }
            Item::Keyed(literal, value) => {
                let span = value.field.ty_span();
                let at = located_template(span);
                let run = ident_located_at(run, span);
                let literal = key_at(literal, at);
                let v = names.value_at(value.field, &value.value, span);
                quote_spanned!(at=> #run.keyed(#literal, #v);)
            }
            Item::EndObject { if_object } => guard(*if_object, names, quote!(#run.end_object();)),
            Item::BeginArray => quote!(#run.begin_array();),
            Item::ArrayValue { first } => quote!(#run.array_value(#first);),
            Item::EndArray => quote!(#run.end_array();),
        });
        quote! {
            {
                let mut #run = #w.reserve(#bound);
                #(#writes)*
            }
        }
    }
}

/// `if B::OBJECT { to.key({"key":) } else { to.key_dyn(first, "key") }`,
/// `to` being the writer or the run.
fn first_key(
    names: &Names,
    to: TokenStream,
    object_key: &syn::LitStr,
    entry_key: &syn::LitStr,
    first: &TokenStream,
) -> TokenStream {
    let object = &names.object;
    quote! {
        if #object {
            #to.key(#object_key);
        } else {
            #to.key_dyn(#first, #entry_key);
        }
    }
}

/// `code`, under `if B::OBJECT` when `if_object`.
fn guard(if_object: bool, names: &Names, code: TokenStream) -> TokenStream {
    let object = &names.object;
    if if_object {
        quote!(if #object { #code })
    } else {
        code
    }
}

/// The run's size: the fixed bytes as one number, then each value type's
/// room, counted once per type (`2 * <u64 as Bounded>::ROOM`).
fn bound(fixed: usize, items: &[Item]) -> TokenStream {
    let mut types: Vec<(String, &Field, usize)> = Vec::new();
    for item in items {
        if let Item::Value(value) | Item::Keyed(_, value) = item {
            let text = value.field.ty.to_token_stream().to_string();
            match types.iter_mut().find(|(t, _, _)| *t == text) {
                Some((_, _, count)) => *count += 1,
                None => types.push((text, value.field, 1)),
            }
        }
    }
    let mut bound = Literal::usize_unsuffixed(fixed).into_token_stream();
    for (_, field, count) in types {
        let ty = field.ty;
        // `Bounded` is in scope through the body's `dispatch::*` import.
        // As `located_at(quote!(..), span)`: the template made in place,
        // only the type's own tokens moved.
        let span = field.ty_span();
        let ty = located_at(ty.to_token_stream(), span);
        let room = quote_spanned!(located_template(span)=> <#ty as Bounded>::ROOM);
        bound.append_stream(match count {
            1 => quote!(+ #room),
            n => {
                let n = Literal::usize_unsuffixed(n);
                quote!(+ #n * #room)
            }
        });
    }
    bound
}
