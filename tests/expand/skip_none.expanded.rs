// #[derive(ToJson)] on Teacher
#[automatically_derived]
impl ::json_runtime::ToJson for Teacher {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Teacher {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            w.begin_object();
        }
        if !::core::option::Option::is_none(&self.nickname) {
            w.key_dyn(first, "\"nickname\"");
            Via(&self.nickname).write_json_or_serialize(w);
        }
        w.key_dyn(first, "\"name\"");
        Via(&self.name).write_json_or_serialize(w);
        if !::core::option::Option::is_none(&self.courses) {
            w.key(",\"courses\":");
            Via(&self.courses).write_json_or_serialize(w);
        }
        if B::OBJECT {
            w.end_object();
        }
    }
}
