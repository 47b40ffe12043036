// #[derive(ToJson)] on Order
#[automatically_derived]
impl ::json_runtime::ToJson for Order {
    #[inline(always)]
    fn write_json<F: ::json_runtime::Format>(
        &self,
        w: ::json_runtime::ValueWriter<'_, '_, F>,
    ) -> ::json_runtime::Written {
        ::json_runtime::__private_0_1_0::object(self, w)
    }
}
#[automatically_derived]
impl ::json_runtime::ToJsonFields for Order {
    fn write_json_entries<
        F: ::json_runtime::Format,
        B: ::json_runtime::__private_0_1_0::Braces,
    >(&self, w: &mut ::json_runtime::JsonWriter<'_, F>, first: &mut bool) {
        #[allow(unused_imports)]
        use ::json_runtime::__private_0_1_0::dispatch::*;
        {
            let mut run = w.reserve(11 + <u64 as Bounded>::ROOM);
            if B::OBJECT {
                run.key("{\"orderId\":");
            } else {
                run.key_dyn(first, "\"orderId\"");
            }
            run.value(&self.order_id);
        }
        Via(&self.customer_name).write_keyed_or_serialize(w, ",\"customer\":");
        if !Vec::is_empty(&self.line_items) {
            Via(&self.line_items).write_keyed_or_serialize(w, ",\"lineItems\":");
        }
        {
            let mut run = w.reserve(15 + <i64 as Bounded>::ROOM);
            run.keyed(",\"totalCents\":", &self.total_cents);
            if B::OBJECT {
                run.end_object();
            }
        }
    }
}
