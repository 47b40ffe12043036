//! Tuples are JSON arrays, as in serde_json.

use crate::impls::write_seq;
use crate::number::Digits;
use crate::writer::{write_scalar_array, ArrayItem, Element, Scalar, ValueWriter, Written};
use crate::{Format, JsonWriter, ToJson};

/// A tuple by reference, as the arrays' loop writes a tuple of scalars
/// (see `writer::scalar_array::Element`).
pub(crate) struct TupleRef<'a, T>(&'a T);

impl<T> Clone for TupleRef<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for TupleRef<'_, T> {}

macro_rules! tuple {
    ($first:ident $($rest:ident)*) => {
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

            /// Tuples of scalars (`Vec<(u32, i64)>`) in the integer
            /// arrays' loop, compact only: pretty output breaks the line
            /// before each element.
            #[inline]
            fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
                let scalars = !matches!($first::SCALAR, Scalar::None)
                    $(&& !matches!($rest::SCALAR, Scalar::None))*;
                if scalars && !F::PRETTY && w.writes_scalar_arrays() {
                    write_scalar_array(w, items);
                } else {
                    write_seq(w, items);
                }
            }
        }

        /// A tuple of scalars as the array `[a,b]`, each element written
        /// as its `ToJson::SCALAR` kind; only tuples whose every element
        /// is one take the arrays' loop.
        impl<$first: ToJson $(, $rest: ToJson)*> ArrayItem for TupleRef<'_, ($first, $($rest,)*)> {
            const ROOM: usize = <($first, $($rest,)*) as Element>::ROOM;
            const USES_DIGITS: bool = <($first, $($rest,)*) as Element>::USES_DIGITS;
            const LONG_DIGITS: bool = <($first, $($rest,)*) as Element>::LONG_DIGITS;

            #[inline(always)]
            #[allow(non_snake_case)]
            unsafe fn write_item_at<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
                let ($first, $($rest,)*) = self.0;
                // SAFETY: the caller makes `ROOM` bytes at `at` writable:
                // `[`, each element's kind's room after its separator, and
                // `]`, each write starting where the last one's text
                // ended.
                unsafe {
                    *at = b'[';
                    let mut n = 1;
                    n += $first::SCALAR.write_at::<D>($first.scalar_bits(), at.add(n), mixed);
                    $(
                        *at.add(n) = b',';
                        n += 1;
                        n += $rest::SCALAR.write_at::<D>($rest.scalar_bits(), at.add(n), mixed);
                    )*
                    *at.add(n) = b']';
                    n + 1
                }
            }

            #[inline(always)]
            #[allow(non_snake_case)]
            fn magnitude(self) -> u64 {
                let ($first, $($rest,)*) = self.0;
                $first::SCALAR.magnitude($first.scalar_bits())
                    $(.max($rest::SCALAR.magnitude($rest.scalar_bits())))*
            }
        }

        impl<$first: ToJson $(, $rest: ToJson)*> Element for ($first, $($rest,)*) {
            type Item<'a>
                = TupleRef<'a, Self>
            where
                Self: 'a;

            const ROOM: usize = 2 + $first::SCALAR.room() $(+ 1 + $rest::SCALAR.room())*;
            const USES_DIGITS: bool =
                $first::SCALAR.uses_digits() $(|| $rest::SCALAR.uses_digits())*;
            const LONG_DIGITS: bool =
                $first::SCALAR.long_digits() $(|| $rest::SCALAR.long_digits())*;

            #[inline(always)]
            fn item(&self) -> TupleRef<'_, Self> {
                TupleRef(self)
            }
        }
    };
}

tuple!(T0);
tuple!(T0 T1);
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
