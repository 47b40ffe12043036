// #[derive(ToJson)] on Shape
#[automatically_derived]
impl ::json_runtime::ToJson for Shape {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
    ) {
        match self {
            Self::Empty => {
                w.write_raw(b"\"empty\"");
            }
            Self::Circle(f0) => {
                w.key(b"{\"circle\":");
                ::json_runtime::ToJson::write_json(f0, w);
                w.end_object();
            }
            Self::Line(f0, f1) => {
                w.key(b"{\"line\":");
                w.begin_array();
                w.array_value(true);
                ::json_runtime::ToJson::write_json(f0, w);
                w.array_value(false);
                ::json_runtime::ToJson::write_json(f1, w);
                w.end_array(false);
                w.end_object();
            }
            Self::Rectangle { width, height } => {
                w.key(b"{\"rect\":");
                w.key(b"{\"width\":");
                ::json_runtime::ToJson::write_json(width, w);
                w.key(b",\"height\":");
                ::json_runtime::ToJson::write_json(height, w);
                w.end_object();
                w.end_object();
            }
            Self::Hidden { .. } => w.write_raw(b"null"),
        }
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Shape {
    fn write_json_fields<F: ::json_runtime::Format>(
        &self,
        w: &mut ::json_runtime::JsonWriter<'_, F>,
        first: &mut bool,
    ) {
        match self {
            Self::Empty => {
                w.key_dyn(first, b"\"empty\"");
                w.write_raw(b"null");
            }
            Self::Circle(f0) => {
                w.key_dyn(first, b"\"circle\"");
                ::json_runtime::ToJson::write_json(f0, w);
            }
            Self::Line(f0, f1) => {
                w.key_dyn(first, b"\"line\"");
                w.begin_array();
                w.array_value(true);
                ::json_runtime::ToJson::write_json(f0, w);
                w.array_value(false);
                ::json_runtime::ToJson::write_json(f1, w);
                w.end_array(false);
            }
            Self::Rectangle { width, height } => {
                w.key_dyn(first, b"\"rect\"");
                w.key(b"{\"width\":");
                ::json_runtime::ToJson::write_json(width, w);
                w.key(b",\"height\":");
                ::json_runtime::ToJson::write_json(height, w);
                w.end_object();
            }
            Self::Hidden { .. } => {}
        }
    }
}
