//! Map keys, by serde_json's `MapKeySerializer` rules: strings and chars as
//! they are, integers and bools quoted.

use crate::number::write_int_quoted;
use crate::{Format, JsonWriter, ToJsonKey};

impl ToJsonKey for str {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self);
    }
}

impl ToJsonKey for String {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self);
    }
}

impl ToJsonKey for char {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_str(self.encode_utf8(&mut [0; 4]));
    }
}

impl ToJsonKey for bool {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        if *self {
            w.write_raw("\"true\"");
        } else {
            w.write_raw("\"false\"");
        }
    }
}

macro_rules! integer_keys {
    ($($t:ty)*) => {$(
        impl ToJsonKey for $t {
            const SORTS_AS_INTEGER: bool = true;

            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                write_int_quoted(w, *self);
            }
        }
    )*};
}
integer_keys!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
