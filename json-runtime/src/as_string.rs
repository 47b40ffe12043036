//! `#[json(as_string)]`: integers written as JSON strings.

use std::collections::VecDeque;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use std::rc::Rc;
use std::sync::Arc;

use crate::writer::write_int_quoted;
use crate::{Format, JsonWriter};

/// A value that a `#[json(as_string)]` field writes with its numbers as
/// JSON strings: `"12345678901234567890"` instead of `12345678901234567890`.
///
/// JavaScript reads every JSON number as an `f64`, which holds integers
/// exactly only up to 2<sup>53</sup>; a 64-bit id beyond that silently loses
/// its last digits (serde-rs/json#329). Written as a string, it arrives
/// intact. Floats need no such care, since JavaScript reads them exactly.
///
/// Implemented for every integer type and its `NonZero` form, and for
/// `Option` (`None` is `null`), `Vec`, `VecDeque`, slices and arrays of
/// them (each element quoted), and through references and smart pointers. The output equals a
/// serde field with `serialize_with` writing the integer's decimal digits
/// with `serialize_str`.
///
/// ```
/// use json_runtime::ToJson;
///
/// #[derive(ToJson)]
/// struct Tweet {
///     #[json(as_string)]
///     id: u64,
///     #[json(as_string)]
///     reply_to: Option<u64>,
///     likes: u32,
/// }
///
/// let t = Tweet { id: 1_234_567_890_123_456_789, reply_to: None, likes: 3 };
/// assert_eq!(
///     json_runtime::to_string(&t)?,
///     r#"{"id":"1234567890123456789","reply_to":null,"likes":3}"#,
/// );
/// # Ok::<(), json_runtime::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be written with `as_string`",
    label = "`as_string` writes integers as JSON strings; `{Self}` is not an integer",
    note = "`as_string` applies to integer fields (`NonZero` ones too) and to `Option`, `Vec`, `VecDeque`, slices and arrays of them; remove it, or write this field with `#[json(serialize_with = \"...\")]`"
)]
pub trait ToJsonString {
    /// Writes `self` as JSON, each integer as a quoted string of its digits.
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>);
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl ToJsonString for $t {
            #[inline]
            fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                write_int_quoted(w, *self);
            }
        }
    )*};
}
integers!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

macro_rules! nonzero {
    ($($t:ty)*) => {$(
        impl ToJsonString for $t {
            #[inline]
            fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                write_int_quoted(w, self.get());
            }
        }
    )*};
}
nonzero!(
    NonZeroI8 NonZeroI16 NonZeroI32 NonZeroI64 NonZeroI128 NonZeroIsize
    NonZeroU8 NonZeroU16 NonZeroU32 NonZeroU64 NonZeroU128 NonZeroUsize
);

impl<T: ToJsonString> ToJsonString for Option<T> {
    #[inline]
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self {
            Some(value) => value.write_json_string(w),
            None => w.write_null(),
        }
    }
}

fn write_seq<'a, F: Format, T: ToJsonString + 'a>(
    w: &mut JsonWriter<'_, F>,
    items: impl IntoIterator<Item = &'a T>,
) {
    w.begin_array();
    let mut first = true;
    for item in items {
        w.array_value_dyn(&mut first);
        item.write_json_string(w);
        w.flush_point();
    }
    w.end_array(first);
}

impl<T: ToJsonString> ToJsonString for [T] {
    #[inline]
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

impl<T: ToJsonString, const N: usize> ToJsonString for [T; N] {
    #[inline]
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

impl<T: ToJsonString> ToJsonString for Vec<T> {
    #[inline]
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

impl<T: ToJsonString> ToJsonString for VecDeque<T> {
    #[inline]
    fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        write_seq(w, self);
    }
}

macro_rules! deref_string {
    ($(<$($lt:lifetime),*> $ptr:ty;)*) => {$(
        impl<$($lt,)* T: ToJsonString + ?Sized> ToJsonString for $ptr {
            #[inline]
            fn write_json_string<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                (**self).write_json_string(w);
            }
        }
    )*};
}

deref_string! {
    <'a> &'a T;
    <'a> &'a mut T;
    <> Box<T>;
    <> Rc<T>;
    <> Arc<T>;
}
