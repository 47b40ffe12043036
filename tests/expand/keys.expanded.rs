// #[derive(ToJson)] on Level
#[automatically_derived]
impl ::json_runtime::ToJson for Level {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::unit_variant(
            w,
            "\"low\"\"high\"",
            &[0, 5, 11],
            match self {
                Self::Low => 0,
                Self::High => 1,
            },
        )
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Level {
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        ::json_runtime::__private_0_1_0::unit_variant_entry(self, w, first);
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonKey for Level {
    fn write_json_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::__private_0_1_0::unit_variant_key(self, w);
    }
}

// #[derive(ToJson)] on Mode
#[automatically_derived]
impl ::json_runtime::ToJson for Mode {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Mode {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        match self {
            Self::Read => {
                if B::OBJECT {
                    w.unit_variant("\"Read\"");
                } else {
                    w.key_dyn(first, "\"Read\"");
                    w.write_null();
                }
            }
            Self::Internal { .. } => {
                ::json_runtime::__private_0_1_0::unserializable_variant(
                    w,
                    "Mode",
                    "Internal",
                );
            }
        }
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonKey for Mode {
    fn write_json_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        match self {
            Self::Read { .. } => {
                w.write_raw("\"Read\"");
            }
            Self::Internal { .. } => {
                ::json_runtime::__private_0_1_0::unserializable_variant(
                    w,
                    "Mode",
                    "Internal",
                );
            }
        }
    }
}

// #[derive(ToJson)] on Name
#[automatically_derived]
impl<T> ::json_runtime::ToJson for Name<T> {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        let w = w.into_writer();
        Via(&self.text).write_json_or_serialize(w);
        w.written()
    }
    #[inline]
    fn write_json_slice<F: ::json_runtime::Format>(
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        items: &[Self],
    ) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        ::json_runtime::__private_0_1_0::newtype_slice(items, |item| &item.text)
            .write_newtype_slice(w)
    }
}
#[automatically_derived]
impl<T> ::json_runtime::ToJsonKey for Name<T>
where
    for<'json> String: ::json_runtime::ToJsonKey,
{
    const SORTS_AS_INTEGER: bool = <String as ::json_runtime::ToJsonKey>::SORTS_AS_INTEGER;
    fn write_json_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::ToJsonKey::write_json_key(&self.text, w);
    }
    fn write_json_entry_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: bool,
        _: ::core::option::Option<&Self>,
    ) {
        ::json_runtime::ToJsonKey::write_json_entry_key(
            &self.text,
            w,
            first,
            ::core::option::Option::None,
        );
    }
}
#[automatically_derived]
impl<T> ::json_runtime::ToJsonFields for Name<T>
where
    for<'json> String: ::json_runtime::ToJsonFields,
{
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        ::json_runtime::ToJsonFields::write_json_fields(&self.text, w, first);
    }
}

// #[derive(ToJson)] on Limits
#[automatically_derived]
impl ::json_runtime::ToJson for Limits {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Limits {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            w.key("{\"by_level\":");
        } else {
            w.key_dyn(first, "\"by_level\"");
        }
        Via(&self.by_level).write_json_or_serialize(w);
        w.key(",\"by_mode\":");
        Via(&self.by_mode).write_json_or_serialize(w);
        w.key(",\"by_name\":");
        Via(&self.by_name).write_json_or_serialize(w);
        if B::OBJECT {
            w.end_object();
        }
    }
}
