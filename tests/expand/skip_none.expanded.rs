// #[derive(ToJson)] on Teacher
#[automatically_derived]
impl ::json_runtime::ToJson for Teacher {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        w.begin_object();
        let mut first = true;
        if !::core::option::Option::is_none(&self.nickname) {
            w.key_dyn(&mut first, b"\"nickname\"");
            ::json_runtime::ToJson::write_json(&self.nickname, w);
        }
        w.key_dyn(&mut first, b"\"name\"");
        ::json_runtime::ToJson::write_json(&self.name, w);
        if !::core::option::Option::is_none(&self.courses) {
            w.key(b",\"courses\":");
            ::json_runtime::ToJson::write_json(&self.courses, w);
        }
        w.end_object();
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Teacher {
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        if !::core::option::Option::is_none(&self.nickname) {
            w.key_dyn(first, b"\"nickname\"");
            ::json_runtime::ToJson::write_json(&self.nickname, w);
        }
        w.key_dyn(first, b"\"name\"");
        ::json_runtime::ToJson::write_json(&self.name, w);
        if !::core::option::Option::is_none(&self.courses) {
            w.key(b",\"courses\":");
            ::json_runtime::ToJson::write_json(&self.courses, w);
        }
    }
}
