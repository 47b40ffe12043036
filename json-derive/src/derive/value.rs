//! The code that writes one value: a field through its `serialize_with`
//! function, as a string for `as_string`, or through its `ToJson` impl
//! with serde as the fallback; and a value written as entries. Also the
//! expression that borrows a field, which every writer passes on.
//!
//! These are methods of `Names`, but live above `names.rs` because they
//! call `serde_with`, which needs `Names` itself.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::ast::{is_empty_array, is_keyed, Container, Field};
use super::names::{default_runtime, private_module, EntriesOf, Names};
use super::respan::{ident_located_at, key_at, located_at, located_template};
use super::serde_with;
use super::tokens::Tokens;

/// A field to write, with the expression that borrows it.
pub struct Member<'a> {
    pub field: &'a Field<'a>,
    pub value: Tokens,
}

/// `&self.field`; for a remote type's field with a `getter`,
/// `&getter(value)`, as serde reads it; in a packed struct, where a
/// reference to a field may be unaligned, `&{ self.field }`: the field is
/// copied, as serde does, so it must be `Copy`.
pub fn member_value(cont: &Container, field: &Field, names: &Names) -> Tokens {
    let this = &names.this;
    let member = &field.member;
    match &field.attrs.getter {
        Some((getter, _)) => quote!(&#getter(#this)),
        None if cont.packed => quote!(&{ #this.#member }),
        None => quote!(&#this.#member),
    }
    .into()
}

impl Names {
    /// The code that writes a field's value, spanned at the field's type so
    /// a missing impl is reported on the field: its `ToJson` impl when the
    /// type has one, else its `serde::Serialize` impl, through
    /// `write_json_or_serialize`; with `no_serde_fallback`, `ToJson` only.
    ///
    /// In small-code mode the `ToJson` impl is reached through one shared
    /// out-of-line function per field type and format, as serde's
    /// `serialize_field` is, instead of being inlined at every field.
    fn write_value(&self, field: &Field, value: &Tokens) -> TokenStream {
        let span = field.ty_span();
        let w = &self.w;
        if !self.fallback {
            if self.small_code {
                let value = located_at(value, span);
                let private = self.private_at(span);
                return quote_spanned!(span=> #private::write_json_outlined(#value, #w););
            }
            let runtime = located_at(&self.runtime, span);
            let value = located_at(value, span);
            return quote_spanned!(span=> #runtime::ToJson::write_json(#value, #w.value_writer()););
        }
        // As `located_at(quote!(..), span)`, without walking the template's
        // tokens a second time: they are made at `span`'s place directly.
        // `Via` is in scope through the body's `dispatch::*` import: one
        // token where the full path was nine, at every field.
        let at = located_template(span);
        let value = self.value_at(field, value, span);
        let w = ident_located_at(w, span);
        if self.small_code {
            quote_spanned!(at=> Via(#value).write_json_or_serialize_outlined(#w);)
        } else {
            quote_spanned!(at=> Via(#value).write_json_or_serialize(#w);)
        }
    }

    /// A field's value for a call made at `span`'s place. A value that can
    /// fail to compile itself (a packed struct's field copied out, a
    /// getter's call) is shown there too, so that its error points at the
    /// field; a plain `&self.field` cannot fail, and moving its tokens
    /// would cost a call into the compiler for each, at every field.
    pub fn value_at(&self, field: &Field, value: &Tokens, span: Span) -> Tokens {
        if self.packed || field.attrs.getter.is_some() {
            located_at(value, span).into()
        } else {
            value.clone()
        }
    }

    /// The private module's path shown at `span`'s place in errors, as
    /// `located_at(self.private(), span)` makes it. The default
    /// path is made there directly, as `quote!` would have made it:
    /// moving the tokens of one already made is a call into the compiler
    /// for each, at every field.
    fn private_at(&self, span: Span) -> TokenStream {
        if !self.runtime_is_default {
            return located_at(self.private(), span);
        }
        let at = located_template(span);
        let mut module = private_module();
        module.set_span(at);
        default_runtime(at, Some(&module))
    }

    /// The code that writes one field's value: its `serialize_with`
    /// function, its integers as strings for `as_string`, else its
    /// `ToJson` or `Serialize` impl.
    pub fn write_field(&self, field: &Field, value: &Tokens) -> TokenStream {
        let w = &self.w;
        if let Some(with) = &field.attrs.serialize_with {
            if with.serde_signature {
                return serde_with::wrap(self, with, &[field.ty], std::slice::from_ref(value));
            }
            // A function of the wrong signature is reported at the attribute.
            let path = &with.path;
            let span = path.span();
            let value = located_at(value, span);
            let w = ident_located_at(w, span);
            let private = self.private_at(span);
            return quote_spanned!(span=> #private::json_with_returns(#path(#value, #w.value_writer())););
        }
        if field.attrs.as_string.is_some() {
            return self.call_at(
                field.ty_span(),
                quote!(ToJsonString::write_json_string),
                value,
            );
        }
        if is_empty_array(field.ty) {
            return self.write_empty_array(value);
        }
        self.write_value(field, value)
    }

    /// A key literal (`,"key":`) and a field's value, written by one call
    /// of its `ToJson::write_json_keyed` (through `Via` with the serde
    /// fallback, whose path writes the key, then the value through serde).
    ///
    /// In small-code mode, a type not spelled as one whose impl takes the
    /// key has it written by `write_key_outlined` (one shared call per
    /// format), then its value as any small-code value.
    pub fn write_keyed(&self, member: &Member, key: &syn::LitStr) -> TokenStream {
        let span = member.field.ty_span();
        let Names { runtime, w, .. } = self;
        let private = self.private();
        if self.small_code && !is_keyed(member.field.ty) {
            let value = self.write_value(member.field, &member.value);
            return quote!(#private::write_key_outlined(#w, #key); #value);
        }
        if !self.fallback {
            let runtime = located_at(runtime, span);
            let value = located_at(&member.value, span);
            return quote_spanned!(span=> #runtime::ToJson::write_json_keyed(#value, #w, #key););
        }
        // The call at `span`'s place, as in `write_value`.
        let at = located_template(span);
        let value = self.value_at(member.field, &member.value, span);
        let w = ident_located_at(w, span);
        let key = key_at(key, at);
        quote_spanned!(at=> Via(#value).write_keyed_or_serialize(#w, #key);)
    }

    /// `[]` for a `[T; 0]`, which serde writes whatever `T` is: no
    /// `ToJson` impl is called, so `T` needs none. The field is still
    /// read, so that it does not look unused.
    fn write_empty_array(&self, value: &Tokens) -> TokenStream {
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
    pub fn write_fields(
        &self,
        span: Span,
        value: &Tokens,
        first: &TokenStream,
        of: &EntriesOf,
    ) -> TokenStream {
        let Names { runtime, w, .. } = self;
        if !self.fallback {
            let runtime = located_at(runtime, span);
            let value = located_at(value, span);
            return quote_spanned!(span=> #runtime::ToJsonFields::write_json_fields(#value, #w, #first););
        }
        let of = of.tokens(self);
        let call = quote! {
            Via(#value).write_entries_or_serialize(#w, #first, #of);
        };
        located_at(call, span)
    }

    /// `runtime::method(value, w);` with every token shown at `span` in
    /// errors: rustc reports a missing impl at the callee path or the
    /// argument, whose tokens come from elsewhere.
    fn call_at(&self, span: Span, method: TokenStream, value: &Tokens) -> TokenStream {
        let Names { runtime, w, .. } = self;
        let runtime = located_at(runtime, span);
        let method = located_at(method, span);
        let value = located_at(value, span);
        quote_spanned!(span=> #runtime::#method(#value, #w);)
    }
}
