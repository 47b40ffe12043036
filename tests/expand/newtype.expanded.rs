// #[derive(ToJson)] on UserId
#[automatically_derived]
impl ::json_runtime::ToJson for UserId {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        let w = w.into_writer();
        Via(&self.0).write_json_or_serialize(w);
        w.written()
    }
    #[inline]
    fn write_json_slice<F: ::json_runtime::Format>(
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        items: &[Self],
    ) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        ::json_runtime::__private_0_1_0::newtype_slice(items, |item| &item.0)
            .write_newtype_slice(w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonKey for UserId
where
    for<'json> u64: ::json_runtime::ToJsonKey,
{
    const SORTS_AS_INTEGER: bool = <u64 as ::json_runtime::ToJsonKey>::SORTS_AS_INTEGER;
    fn write_json_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::ToJsonKey::write_json_key(&self.0, w);
    }
    fn write_json_entry_key<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: bool,
        _: ::core::option::Option<&Self>,
    ) {
        ::json_runtime::ToJsonKey::write_json_entry_key(
            &self.0,
            w,
            first,
            ::core::option::Option::None,
        );
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for UserId
where
    for<'json> u64: ::json_runtime::ToJsonFields,
{
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        ::json_runtime::ToJsonFields::write_json_fields(&self.0, w, first);
    }
}
