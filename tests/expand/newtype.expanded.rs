// #[derive(ToJson)] on UserId
#[automatically_derived]
impl ::json_runtime::ToJson for UserId {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        ::json_runtime::ToJson::write_json(&self.0, w);
    }
}
