use crate::writer::{ValueWriter, Written};
use std::marker::PhantomData;

use crate::impls::write_seq;
use crate::writer::{
    write_f32, write_f64, write_int, write_keyed_f32, write_keyed_f64, write_scalar_array,
    write_scalar_iter, write_scalar_rows, ArrayItem, Scalar,
};
use crate::{Format, JsonWriter, ToJson};

/// The hooks through which slices, rows, `Option` slices and other
/// collections of a scalar type (an integer or `bool`) reach the scalar
/// arrays' loop, the same in each scalar's impl.
macro_rules! scalar_array_hooks {
    () => {
        #[inline]
        fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
            write_scalars(w, items);
        }

        #[inline]
        fn write_json_option_slice<F: Format>(
            w: &mut JsonWriter<'_, F>,
            items: &[Option<Self>],
        ) -> bool {
            write_scalars(w, items);
            true
        }

        #[inline]
        fn write_json_rows<F: Format, R: AsRef<[Self]>>(
            w: &mut JsonWriter<'_, F>,
            rows: &[R],
        ) -> bool {
            write_rows(w, rows)
        }

        #[inline]
        fn write_json_iter<'a, F: Format, I>(w: &mut JsonWriter<'_, F>, items: I) -> Result<(), I>
        where
            I: ExactSizeIterator<Item = &'a Self>,
        {
            write_iter(w, items)
        }
    };
}

macro_rules! integers {
    ($($t:ty: $kind:ident)*) => {$(
        impl ToJson for $t {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                write_int(w, *self);
                Written(())
            }

            const SCALAR: Scalar = Scalar::$kind;

            // Sign-extended for the signed types; 128-bit ones are no
            // scalar kind, and these bits are never read.
            #[inline(always)]
            #[allow(trivial_numeric_casts)]
            fn scalar_bits(&self) -> u64 {
                *self as u64
            }

            scalar_array_hooks!();
        }
    )*};
}
integers!(
    i8: I8 i16: I32 i32: I32 i64: I64 i128: None isize: I64
    u8: U8 u16: U32 u32: U32 u64: U64 u128: None usize: U64
);

/// A slice of integers, `bool`s or `Option`s of them: in one loop where
/// the writer takes such arrays, else element by element.
#[inline(always)]
fn write_scalars<F: Format, T: ArrayItem + ToJson>(w: &mut JsonWriter<'_, F>, items: &[T]) {
    if w.writes_scalar_arrays() {
        write_scalar_array(w, items);
    } else {
        write_seq(w, items);
    }
}

/// The elements of a set, a `VecDeque` or a list of integers or `bool`s
/// in the loop of their slices, where the writer takes such arrays.
#[inline(always)]
fn write_iter<'a, F, T, I>(w: &mut JsonWriter<'_, F>, items: I) -> Result<(), I>
where
    F: Format,
    T: ArrayItem + 'a,
    I: ExactSizeIterator<Item = &'a T>,
{
    if w.writes_scalar_arrays() {
        write_scalar_iter(w, items.copied());
        Ok(())
    } else {
        Err(items)
    }
}

/// Rows of integers or `bool`s (`Vec<Vec<T>>`, `Vec<[T; N]>`) in one
/// loop, and `true`;
/// or `false`, and the caller writes them row by row. Compact only:
/// pretty rows keep their own calls, which keeps the added code to the
/// short compact loop.
#[inline(always)]
fn write_rows<F: Format, T: ArrayItem, R: AsRef<[T]>>(
    w: &mut JsonWriter<'_, F>,
    rows: &[R],
) -> bool {
    let one_loop = w.writes_scalar_arrays() && !F::PRETTY;
    if one_loop {
        write_scalar_rows(w, rows);
    }
    one_loop
}

impl ToJson for f32 {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_f32(w, *self);
        Written(())
    }

    #[inline]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        write_keyed_f32(w, key, *self);
    }
}

impl ToJson for f64 {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_f64(w, *self);
        Written(())
    }

    #[inline]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        write_keyed_f64(w, key, *self);
    }
}

impl ToJson for bool {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_bool(*self);
        Written(())
    }

    const SCALAR: Scalar = Scalar::Bool;

    #[inline(always)]
    fn scalar_bits(&self) -> u64 {
        u64::from(*self)
    }

    scalar_array_hooks!();
}

impl ToJson for str {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self);
        Written(())
    }

    #[inline]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        w.keyed_str(key, self);
    }
}

impl ToJson for String {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_str(self);
        Written(())
    }

    #[inline]
    fn write_json_keyed<F: Format>(&self, w: &mut JsonWriter<'_, F>, key: &str) {
        w.keyed_str(key, self);
    }
}

/// A char is a one-character string, as in serde_json.
impl ToJson for char {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_char(*self);
        Written(())
    }
}

impl ToJson for () {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_null();
        Written(())
    }
}

/// Serde writes `PhantomData` as a unit struct: `null`.
impl<T: ?Sized> ToJson for PhantomData<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_null();
        Written(())
    }
}

impl<T: ToJson> ToJson for Option<T> {
    // Inlined even in debug builds: a frame of its own per level would cost
    // stack in recursive types (`next: Option<Box<Self>>`).
    #[cfg_attr(debug_assertions, inline(always))]
    #[cfg_attr(not(debug_assertions), inline)]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        // The `ValueWriter` goes through as it is: its type already makes
        // the value's impl write one value.
        match self {
            Some(value) => value.write_json(w),
            None => w.write_null(),
        }
    }

    #[inline]
    fn write_json_slice<F: Format>(w: &mut JsonWriter<'_, F>, items: &[Self]) {
        if !T::write_json_option_slice(w, items) {
            write_seq(w, items);
        }
    }
}
