// #[derive(ToJson)] on Style
#[automatically_derived]
impl ::json_runtime::ToJson for Style {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Style {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        if B::OBJECT {
            Via(&self.color).write_keyed_or_serialize(w, "{\"color\":");
        } else {
            w.key_dyn(first, "\"color\"");
            Via(&self.color).write_json_or_serialize(w);
        }
        if B::OBJECT {
            w.end_object();
        }
    }
}

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
            Self::Dot => {
                if B::OBJECT {
                    w.static_entries("{\"type\":\"dot\"", &["{\"type\":", "\"dot\""]);
                } else {
                    w.key_dyn(first, "\"type\"");
                    w.write_raw("\"dot\"");
                }
                if B::OBJECT {
                    w.end_object();
                }
            }
            Self::Circle { radius, label } => {
                if B::OBJECT {
                    w.static_entries(
                        "{\"type\":\"circle\",\"radius\":",
                        &["{\"type\":", "\"circle\"", ",\"radius\":"],
                    );
                } else {
                    w.key_dyn(first, "\"type\"");
                    w.write_raw("\"circle\"");
                    w.key(",\"radius\":");
                }
                Via(radius).write_json_or_serialize(w);
                if !Option::is_none(label) {
                    w.key(",\"label\":");
                    Via(label).write_json_or_serialize(w);
                }
                if B::OBJECT {
                    w.end_object();
                }
            }
            Self::Styled(f0) => {
                if let ::core::option::Option::Some(what) = {
                    use ::json_runtime::__private_0_1_0::{
                        TaggedContentAccepted as _, TaggedContentRefused as _,
                    };
                    (&::json_runtime::__private_0_1_0::Content(f0))
                        .tagged_content_refusal()
                } {
                    ::json_runtime::__private_0_1_0::tagged_newtype_refused(
                        w,
                        "Shape",
                        "Styled",
                        what,
                    );
                } else {
                    if B::OBJECT {
                        w.static_entries(
                            "{\"type\":\"styled\"",
                            &["{\"type\":", "\"styled\""],
                        );
                    } else {
                        w.key_dyn(first, "\"type\"");
                        w.write_raw("\"styled\"");
                    }
                    Via(f0)
                        .write_entries_or_serialize(
                            w,
                            &mut false,
                            ::json_runtime::__private_0_1_0::EntriesOf::Tagged {
                                type_name: "Shape",
                                variant: "Styled",
                            },
                        );
                    if B::OBJECT {
                        w.end_object();
                    }
                }
            }
        }
    }
}

// #[derive(ToJson)] on Event
#[automatically_derived]
impl ::json_runtime::ToJson for Event {
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        let w = w.into_writer();
        match self {
            Self::Ping => {
                w.static_entries("{\"t\":\"Ping\"", &["{\"t\":", "\"Ping\""]);
                w.end_object();
            }
            Self::Move(f0, f1) => {
                w.static_entries(
                    "{\"t\":\"Move\",\"c\":",
                    &["{\"t\":", "\"Move\"", ",\"c\":"],
                );
                {
                    let mut run = w.reserve(3 + 2 * <i32 as Bounded>::ROOM);
                    run.begin_array();
                    run.array_value(true);
                    run.value(f0);
                    run.array_value(false);
                    run.value(f1);
                    run.end_array();
                }
                w.end_object();
            }
            Self::Other(f0) => {
                Via(f0).write_json_or_serialize(w);
            }
        }
        w.written()
    }
}
