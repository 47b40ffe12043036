// #[derive(ToJson)] on UserId
#[automatically_derived]
impl ::json_runtime::ToJson for UserId {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        #[allow(unused_imports)]
        use ::json_runtime::__private::{WriteSerialize as _, WriteToJson as _};
        (&&::json_runtime::__private::Via(&self.0)).write_json_or_serialize(w);
    }
}
