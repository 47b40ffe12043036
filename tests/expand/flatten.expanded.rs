// #[derive(ToJson)] on Paging
#[automatically_derived]
impl ::json_runtime::ToJson for Paging {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::ToJsonFields::write_json_entries::<F, true>(self, w, &mut true);
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Paging {
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        ::json_runtime::ToJsonFields::write_json_entries::<F, false>(self, w, first);
    }
    fn write_json_entries<F: ::json_runtime::Format, const OBJECT: bool>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        if OBJECT {
            w.key("{\"page\":");
        } else {
            w.key_dyn(first, "\"page\"");
        }
        ::json_runtime::ToJson::write_json(&self.page, w);
        if !Option::is_none(&self.cursor) {
            w.key(",\"cursor\":");
            ::json_runtime::ToJson::write_json(&self.cursor, w);
        }
        if OBJECT {
            w.end_object();
        }
    }
}

// #[derive(ToJson)] on Request
#[automatically_derived]
impl ::json_runtime::ToJson for Request {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::ToJsonFields::write_json_entries::<F, true>(self, w, &mut true);
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Request {
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        ::json_runtime::ToJsonFields::write_json_entries::<F, false>(self, w, first);
    }
    fn write_json_entries<F: ::json_runtime::Format, const OBJECT: bool>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        if OBJECT {
            w.begin_object();
        }
        ::json_runtime::ToJsonFields::write_json_fields(&self.extra, w, first);
        w.key_dyn(first, "\"query\"");
        ::json_runtime::ToJson::write_json(&self.query, w);
        ::json_runtime::ToJsonFields::write_json_fields(&self.paging, w, &mut false);
        w.key(",\"limit\":");
        ::json_runtime::ToJson::write_json(&self.limit, w);
        if OBJECT {
            w.end_object();
        }
    }
}
