// #[derive(ToJson)] on Page
#[automatically_derived]
impl<'a, T, K: Ord, M> ::json_runtime::ToJson for Page<'a, T, K, M>
where
    T: ::json_runtime::ToJson,
    K: ::json_runtime::ToJsonKey,
{
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl<'a, T, K: Ord, M> ::json_runtime::ToJsonFields for Page<'a, T, K, M>
where
    T: ::json_runtime::ToJson,
    K: ::json_runtime::ToJsonKey,
{
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            Via(&self.title).write_keyed_or_serialize(w, "{\"title\":");
        } else {
            w.key_dyn(first, "\"title\"");
            Via(&self.title).write_json_or_serialize(w);
        }
        w.key(",\"items\":");
        Via(&self.items).write_json_or_serialize(w);
        w.key(",\"index\":");
        Via(&self.index).write_json_or_serialize(w);
        w.key(",\"marker\":");
        Via(&self.marker).write_json_or_serialize(w);
        if B::OBJECT {
            w.end_object();
        }
    }
}
