//! `ToJsonFields` for the standard library's wrappers: what a flattened
//! `Option`, unit, `PhantomData` or pointer writes.

use std::borrow::Cow;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use crate::{Format, JsonWriter, ToJsonFields};

/// `None` writes no entry, as serde's flatten does.
impl<T: ToJsonFields> ToJsonFields for Option<T> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        if let Some(value) = self {
            value.write_json_fields(w, first);
        }
    }
}

/// No entry, as serde's flatten writes a unit.
impl ToJsonFields for () {
    #[inline]
    fn write_json_fields<F: Format>(&self, _: &mut JsonWriter<'_, F>, _: &mut bool) {}
}

/// No entry, as serde's flatten writes a unit struct.
impl<T: ?Sized> ToJsonFields for PhantomData<T> {
    #[inline]
    fn write_json_fields<F: Format>(&self, _: &mut JsonWriter<'_, F>, _: &mut bool) {}
}

macro_rules! deref_fields {
    ($(<$($lt:lifetime),*> $ptr:ty;)*) => {$(
        impl<$($lt,)* T: ToJsonFields + ?Sized> ToJsonFields for $ptr {
            #[inline]
            fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
                (**self).write_json_fields(w, first);
            }
        }
    )*};
}

deref_fields! {
    <'a> &'a T;
    <'a> &'a mut T;
    <> Box<T>;
    <> Rc<T>;
    <> Arc<T>;
}

impl<T: ToJsonFields + ToOwned + ?Sized> ToJsonFields for Cow<'_, T> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        (**self).write_json_fields(w, first);
    }
}
