//! [`Serde`], the public way to write a `Serialize` value, and
//! `JsonWriter::write_serde`.

use serde::ser::{self, Serialize};

use crate::__private_0_1_0::EntriesOf;
use crate::writer::{ValueWriter, Written};
use crate::{Format, JsonWriter, ToJson};

use super::value::Serializer;

/// Writes a `serde::Serialize` value through [`ToJson`], with the bytes
/// serde_json would write.
///
/// Use it for values whose types implement `Serialize` but not `ToJson`,
/// such as another crate's types, where a derive cannot reach: as a
/// collection element, in a hand-written impl, or to pass such a value to
/// [`to_vec`](crate::to_vec) directly. Derived fields need no wrapper:
/// the derive writes a field whose type implements only `Serialize`
/// through serde by itself.
///
/// ```
/// use json_runtime::{Format, Serde, ToJson, ValueWriter, Written};
///
/// /// Another crate's type, with only a `Serialize` impl.
/// #[derive(serde::Serialize)]
/// struct Url(String);
///
/// let urls = vec![Serde(Url("https://a.example/".into()))];
/// assert_eq!(json_runtime::to_string(&urls)?, r#"["https://a.example/"]"#);
///
/// struct Link {
///     url: Url,
/// }
///
/// impl ToJson for Link {
///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
///         w.object(|o| {
///             o.field("href", &Serde(&self.url)); // or o.field_with("href", |w| w.write_serde(&self.url))
///         })
///     }
/// }
///
/// let link = Link { url: Url("https://b.example/".into()) };
/// assert_eq!(json_runtime::to_string(&link)?, r#"{"href":"https://b.example/"}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// A `Serialize` impl can fail; see [`Error`](crate::Error) for what the entry points do
/// then.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Serde<T: ?Sized>(pub T);

impl<T: Serialize + ?Sized> ToJson for Serde<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.write_serde(&self.0);
        Written(())
    }
}

/// The entries of the value, as serde writes a flattened field: a struct's
/// fields, a map's entries, an enum variant as one entry, nothing for
/// `None` or a unit; anything else is serde's error ("can only flatten
/// structs and maps (got a string)"). This lets a `Serialize`-only type
/// fill a generic parameter that is flattened, whose inferred bound is
/// `ToJsonFields`.
impl<T: Serialize + ?Sized> crate::ToJsonFields for Serde<T> {
    #[inline]
    fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
        w.write_serde_entries(&self.0, first, EntriesOf::Flatten);
    }
}

impl<T: Serialize + ?Sized> Serialize for Serde<T> {
    #[inline]
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// [`ValueWriter::write_serde`] for the crate's own code and derived
    /// code (through the private protocol).
    #[inline]
    pub(crate) fn write_serde<T: Serialize + ?Sized>(&mut self, value: &T) {
        if self.failed() {
            return;
        }
        // serde's state machine orders what the impl writes; the checks of
        // debug builds see one value.
        self.check_suspend();
        let result = value.serialize(Serializer { w: self });
        self.check_resume();
        match result {
            Ok(()) => self.check_scalar(),
            Err(error) => self.fail(error),
        }
    }
}

impl<F: Format> ValueWriter<'_, '_, F> {
    /// Writes `value` through its `serde::Serialize` impl, as serde_json
    /// would write it.
    ///
    /// If the impl returns an error, it is kept: nothing more reaches the
    /// underlying writer, and the entry point returns it; see
    /// [`Error`](crate::Error). Once an error is kept, later calls write
    /// nothing.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// struct Tagged<T>(&'static str, T);
    ///
    /// impl<T: serde::Serialize> ToJson for Tagged<T> {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.object(|o| {
    ///             o.field("tag", self.0);
    ///             o.field_with("value", |w| w.write_serde(&self.1));
    ///         })
    ///     }
    /// }
    ///
    /// let json = json_runtime::to_string(&Tagged("pair", (1, 'x')))?;
    /// assert_eq!(json, r#"{"tag":"pair","value":[1,"x"]}"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn write_serde<T: Serialize + ?Sized>(self, value: &T) -> Written {
        self.w.write_serde(value);
        Written(())
    }
}
