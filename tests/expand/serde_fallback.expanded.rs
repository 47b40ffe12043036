// #[derive(ToJson)] on Strict
#[automatically_derived]
impl ::json_runtime::ToJson for Strict {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Strict {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        {
            let mut run = w.reserve(6 + <u64 as Bounded>::ROOM);
            if B::OBJECT {
                run.key("{\"id\":");
            } else {
                run.key_dyn(first, "\"id\"");
            }
            run.value(&self.id);
        }
        ::json_runtime::ToJson::write_json_keyed(&self.name, w, ",\"name\":");
        if B::OBJECT {
            w.end_object();
        }
    }
}

// #[derive(ToJson)] on Page
#[automatically_derived]
impl<T> ::json_runtime::ToJson for Page<T>
where
    T: ::json_runtime::ToJson,
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
impl<T> ::json_runtime::ToJsonFields for Page<T>
where
    T: ::json_runtime::ToJson,
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
        w.key(",\"url\":");
        Via(&self.url).write_json_or_serialize(w);
        w.key(",\"tag\":");
        {
            struct __SerializeWith<'__a, T>
            where
                T: ::json_runtime::ToJson,
            {
                values: (&'__a String,),
                phantom: ::core::marker::PhantomData<&'__a Page<T>>,
            }
            impl<'__a, T> ::json_runtime::__private_0_1_0::serde::Serialize
            for __SerializeWith<'__a, T>
            where
                T: ::json_runtime::ToJson,
            {
                fn serialize<__S: ::json_runtime::__private_0_1_0::serde::Serializer>(
                    &self,
                    __s: __S,
                ) -> ::core::result::Result<__S::Ok, __S::Error> {
                    as_upper(self.values.0, __s)
                }
            }
            w.write_serde(
                &__SerializeWith {
                    values: (&self.tag,),
                    phantom: ::core::marker::PhantomData::<&Page<T>>,
                },
            );
        }
        w.key(",\"extra\":");
        Via(&self.extra).write_json_or_serialize(w);
        if B::OBJECT {
            w.end_object();
        }
    }
}

// #[derive(ToJson)] on DurationDef
#[automatically_derived]
impl DurationDef {
    ///Writes a `Duration` as JSON, as serde's `DurationDef::serialize` does.
    pub fn write_json<F: ::json_runtime::Format>(
        __self: &Duration,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        let w = w.into_writer();
        const OBJECT: bool = true;
        let first = &mut true;
        if OBJECT {
            w.key("{\"secs\":");
        } else {
            w.key_dyn(first, "\"secs\"");
        }
        Via(&Duration::as_secs(__self)).write_json_or_serialize(w);
        w.key(",\"nanos\":");
        Via(&Duration::subsec_nanos(__self)).write_json_or_serialize(w);
        if OBJECT {
            w.end_object();
        }
        w.written()
    }
}

// #[derive(ToJson)] on Timeout
#[automatically_derived]
impl ::json_runtime::ToJson for Timeout {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Timeout {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            w.key("{\"after\":");
        } else {
            w.key_dyn(first, "\"after\"");
        }
        ::json_runtime::__private_0_1_0::json_with_returns(
            DurationDef::write_json(&self.after, w.value_writer()),
        );
        if B::OBJECT {
            w.end_object();
        }
    }
}
