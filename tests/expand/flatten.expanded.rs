// #[derive(ToJson)] on Paging
#[automatically_derived]
impl ::json_runtime::ToJson for Paging {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Paging {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        {
            let mut run = w.reserve(8 + <u32 as Bounded>::ROOM);
            if B::OBJECT {
                run.key("{\"page\":");
            } else {
                run.key_dyn(first, "\"page\"");
            }
            run.value(&self.page);
        }
        if !Option::is_none(&self.cursor) {
            w.key(",\"cursor\":");
            Via(&self.cursor).write_json_or_serialize(w);
        }
        if B::OBJECT {
            w.end_object();
        }
    }
}

// #[derive(ToJson)] on Request
#[automatically_derived]
impl ::json_runtime::ToJson for Request {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Request {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            w.begin_object();
        }
        Via(&self.extra)
            .write_entries_or_serialize(
                w,
                first,
                ::json_runtime::__private_0_1_0::EntriesOf::Flatten,
            );
        w.key_dyn(first, "\"query\"");
        Via(&self.query).write_json_or_serialize(w);
        Via(&self.paging)
            .write_entries_or_serialize(
                w,
                &mut false,
                ::json_runtime::__private_0_1_0::EntriesOf::Flatten,
            );
        {
            let mut run = w.reserve(10 + <u32 as Bounded>::ROOM);
            run.keyed(",\"limit\":", &self.limit);
            if B::OBJECT {
                run.end_object();
            }
        }
    }
}
