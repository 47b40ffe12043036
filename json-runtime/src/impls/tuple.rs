//! Tuples are JSON arrays, as in serde_json.

use crate::impls::write_seq;
use crate::writer::{ValueWriter, Written};
use crate::{Format, JsonWriter, ToJson};

macro_rules! tuple {
    ($first:ident $($rest:ident)* $(; $($slice:tt)*)?) => {
        impl<$first: ToJson $(, $rest: ToJson)*> ToJson for ($first, $($rest,)*) {
            #[inline]
            #[allow(non_snake_case)]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                let ($first, $($rest,)*) = self;
                w.begin_array();
                w.array_value(true);
                $first.write_json(ValueWriter { w: &mut *w });
                $(
                    w.array_value(false);
                    $rest.write_json(ValueWriter { w: &mut *w });
                )*
                w.end_array(false);
                Written(())
            }
            $($($slice)*)?
        }
    };
}

tuple!(T0);
tuple!(T0 T1;
    /// A slice of pairs of scalars takes their arrays' loop (see
    /// `ToJson::write_json_pair_slice`).
    #[inline]
    fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
        if !T0::write_json_pair_slice(w, items) {
            write_seq(w, items);
        }
    }
);
tuple!(T0 T1 T2);
tuple!(T0 T1 T2 T3);
tuple!(T0 T1 T2 T3 T4);
tuple!(T0 T1 T2 T3 T4 T5);
tuple!(T0 T1 T2 T3 T4 T5 T6);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14);
tuple!(T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15);
