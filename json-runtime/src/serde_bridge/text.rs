//! Names, variants and `Display` text through the writer, as serde_json
//! writes them; every serializer here builds on these.

use std::fmt::{Display, Write as _};

use crate::{escape, Error, Format, JsonWriter};

impl<F: Format> JsonWriter<'_, F> {
    /// A variant or field name from a type's definition: escaped as
    /// serde_json does, whatever the escape mode, as derived names are.
    #[inline]
    pub(super) fn write_name(&mut self, name: &str) {
        escape::write_quoted(self.buf_mut(), name);
    }

    /// `{"variant":` of serde's externally tagged enum representation.
    #[inline]
    pub(super) fn begin_variant(&mut self, variant: &str) {
        self.begin_object();
        self.object_entry(true);
        self.write_name(variant);
        self.colon();
    }

    /// Closes the object [`begin_variant`](Self::begin_variant) opened.
    #[inline]
    pub(super) fn end_variant(&mut self) {
        self.end_object_dyn(false);
    }

    /// `value`'s `Display` output as one JSON string, as serde_json's
    /// `collect_str`.
    pub(super) fn write_display<T: Display + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let mut text = String::new();
        write!(text, "{value}")
            .map_err(|_| Error::new("a Display implementation returned an error"))?;
        self.write_str(&text);
        Ok(())
    }
}
