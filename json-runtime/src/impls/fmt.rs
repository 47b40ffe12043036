//! `format_args!` output, written as a string as serde writes it (through
//! `collect_str`).

use crate::writer::{ValueWriter, Written};
use std::fmt::Arguments;

use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// The formatted text as a JSON string. Arguments without placeholders
/// are written straight from their literal; others are formatted into a
/// `String` first.
impl ToJson for Arguments<'_> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.as_str() {
            Some(text) => w.write_str(text),
            None => w.write_str(&self.to_string()),
        }
        Written(())
    }
}

/// The same string as a value.
impl ToJsonKey for Arguments<'_> {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        self.write_json(ValueWriter { w: &mut *w });
    }
}
