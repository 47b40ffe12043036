// #[derive(ToJson)] on Paging
const _: () = {
    #[allow(unused_imports)]
    use ::json_runtime::__private_0_1_0 as __private;
    #[automatically_derived]
    impl ::json_runtime::ToJson for Paging {
        #[inline(always)]
        fn write_json<F: ::json_runtime::Format>(
            &self,
            w: &mut ::json_runtime::JsonWriter<'_, F>,
        ) {
            ::json_runtime::ToJsonFields::write_json_entries::<
                F,
                __private::Object,
            >(self, w, &mut true);
        }
    }
    #[automatically_derived]
    impl ::json_runtime::ToJsonFields for Paging {
        fn write_json_entries<F: ::json_runtime::Format, B: __private::Braces>(
            &self,
            w: &mut ::json_runtime::JsonWriter<'_, F>,
            first: &mut bool,
        ) {
            #[allow(unused_imports)]
            use __private::dispatch::*;
            {
                let mut run = w.reserve(8 + <u32 as __private::Bounded>::ROOM);
                if B::OBJECT {
                    run.key("{\"page\":");
                } else {
                    run.key_dyn(first, "\"page\"");
                }
                run.value(&self.page);
            }
            if !Option::is_none(&self.cursor) {
                w.key(",\"cursor\":");
                __private::Via(&self.cursor).write_json_or_serialize(w);
            }
            if B::OBJECT {
                w.end_object();
            }
        }
    }
};

// #[derive(ToJson)] on Request
const _: () = {
    #[allow(unused_imports)]
    use ::json_runtime::__private_0_1_0 as __private;
    #[automatically_derived]
    impl ::json_runtime::ToJson for Request {
        #[inline(always)]
        fn write_json<F: ::json_runtime::Format>(
            &self,
            w: &mut ::json_runtime::JsonWriter<'_, F>,
        ) {
            ::json_runtime::ToJsonFields::write_json_entries::<
                F,
                __private::Object,
            >(self, w, &mut true);
        }
    }
    #[automatically_derived]
    impl ::json_runtime::ToJsonFields for Request {
        fn write_json_entries<F: ::json_runtime::Format, B: __private::Braces>(
            &self,
            w: &mut ::json_runtime::JsonWriter<'_, F>,
            first: &mut bool,
        ) {
            #[allow(unused_imports)]
            use __private::dispatch::*;
            if B::OBJECT {
                w.begin_object();
            }
            __private::Via(&self.extra)
                .write_entries_or_serialize(w, first, __private::EntriesOf::Flatten);
            w.key_dyn(first, "\"query\"");
            __private::Via(&self.query).write_json_or_serialize(w);
            __private::Via(&self.paging)
                .write_entries_or_serialize(
                    w,
                    &mut false,
                    __private::EntriesOf::Flatten,
                );
            {
                let mut run = w.reserve(10 + <u32 as __private::Bounded>::ROOM);
                run.keyed(",\"limit\":", &self.limit);
                if B::OBJECT {
                    run.end_object();
                }
            }
        }
    }
};
