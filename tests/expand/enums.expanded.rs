// #[derive(ToJson)] on Shape
#[automatically_derived]
impl ::json_runtime::ToJson for Shape {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Shape {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        match self {
            Self::Empty => {
                if B::OBJECT {
                    w.unit_variant("\"empty\"");
                } else {
                    w.key_dyn(first, "\"empty\"");
                    w.write_null();
                }
            }
            Self::Circle(f0) => {
                if B::OBJECT {
                    w.key("{\"circle\":");
                } else {
                    w.key_dyn(first, "\"circle\"");
                }
                Via(f0).write_json_or_serialize(w);
                if B::OBJECT {
                    w.end_object();
                }
            }
            Self::Line(f0, f1) => {
                if B::OBJECT {
                    w.key("{\"line\":");
                } else {
                    w.key_dyn(first, "\"line\"");
                }
                {
                    let mut run = w.reserve(3 + 2 * <i32 as Bounded>::ROOM);
                    run.begin_array();
                    run.array_value(true);
                    run.value(f0);
                    run.array_value(false);
                    run.value(f1);
                    run.end_array();
                }
                if B::OBJECT {
                    w.end_object();
                }
            }
            Self::Rectangle { width, height } => {
                if B::OBJECT {
                    w.key("{\"rect\":");
                } else {
                    w.key_dyn(first, "\"rect\"");
                }
                {
                    let mut run = w.reserve(20 + 2 * <u32 as Bounded>::ROOM);
                    run.keyed("{\"width\":", width);
                    run.keyed(",\"height\":", height);
                    run.end_object();
                }
                if B::OBJECT {
                    w.end_object();
                }
            }
            Self::Hidden { .. } => {
                ::json_runtime::__private_0_1_0::unserializable_variant(
                    w,
                    "Shape",
                    "Hidden",
                );
            }
        }
    }
}
