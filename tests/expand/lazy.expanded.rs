// #[derive(ToJson)] on Report
#[automatically_derived]
impl<I, T> ::json_runtime::ToJson for Report<I, T>
where
    Seq<I>: ::json_runtime::ToJson,
    T: ::json_runtime::ToJson,
    json_runtime::SeqMap<I>: ::json_runtime::ToJson,
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
impl<I, T> ::json_runtime::ToJsonFields for Report<I, T>
where
    Seq<I>: ::json_runtime::ToJson,
    T: ::json_runtime::ToJson,
    json_runtime::SeqMap<I>: ::json_runtime::ToJson,
{
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            w.key("{\"title\":");
        } else {
            w.key_dyn(first, "\"title\"");
        }
        Via(&self.title).write_json_or_serialize(w);
        w.key(",\"rows\":");
        Via(&self.rows).write_json_or_serialize(w);
        w.key(",\"totals\":");
        Via(&self.totals).write_json_or_serialize(w);
        if B::OBJECT {
            w.end_object();
        }
    }
}
