//! The checked writer API's methods that take [`ToJson`] values (the
//! objects and arrays they write into are the writer's, in
//! `writer/checked.rs`): one value, one entry or one element a call.

use crate::to_json::{ToJson, ToJsonKey};
use crate::writer::{ArrayWriter, Format, JsonWriter, ObjectWriter};
use crate::writer::{ValueWriter, Written};

impl<'a, F: Format> ValueWriter<'_, 'a, F> {
    /// Writes `value` through its [`ToJson`] impl: any scalar (numbers,
    /// `bool`, strings, `Option`, …) or any other value, as one JSON
    /// value.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// A percentage, written as a number between 0 and 1.
    /// struct Percent(u8);
    ///
    /// impl ToJson for Percent {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.value(&(f64::from(self.0) / 100.0))
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&[Percent(25), Percent(100)])?, "[0.25,1.0]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn value<T: ToJson + ?Sized>(self, value: &T) -> Written {
        value.write_json(self)
    }
}

impl<'a, F: Format> JsonWriter<'a, F> {
    /// Writes `value` through its [`ToJson`] impl, which debug builds
    /// check leaves no bracket open.
    #[inline]
    pub(crate) fn value<T: ToJson + ?Sized>(&mut self, value: &T) {
        self.check_begin::<T>();
        value.write_json(ValueWriter { w: self });
        self.check_end();
    }
}

impl<F: Format> ObjectWriter<'_, '_, F> {
    /// Writes the entry `key: value`. The key is escaped at run time, as
    /// the writer escapes strings; `value` is written by its [`ToJson`]
    /// impl. The output is what serde_json writes for
    /// `serialize_entry(key, value)`.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// Written as an object whose one key is the name.
    /// struct Setting { name: String, value: bool }
    ///
    /// impl ToJson for Setting {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.object(|o| {
    ///             o.field(&self.name, &self.value);
    ///         })
    ///     }
    /// }
    ///
    /// let s = Setting { name: "dark \"mode\"".into(), value: true };
    /// assert_eq!(json_runtime::to_string(&s)?, r#"{"dark \"mode\"":true}"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn field<T: ToJson + ?Sized>(&mut self, key: &str, value: &T) -> &mut Self {
        self.key(key);
        self.w.value(value);
        self.w.flush_point();
        self
    }

    /// Writes the entry `key: value` for a key of any [`ToJsonKey`] type,
    /// as a map writes its entries: integers and other keys are quoted
    /// (`"7"`), as serde_json writes map keys.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// Scores by player number, in the order they were recorded.
    /// struct Scores(Vec<(u32, i64)>);
    ///
    /// impl ToJson for Scores {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.object(|o| {
    ///             for (player, score) in &self.0 {
    ///                 o.entry(player, score);
    ///             }
    ///         })
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&Scores(vec![(7, 10), (3, -2)]))?, r#"{"7":10,"3":-2}"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn entry<K, V>(&mut self, key: &K, value: &V) -> &mut Self
    where
        K: ToJsonKey + ?Sized,
        V: ToJson + ?Sized,
    {
        self.w.object_entry(self.first);
        self.first = false;
        key.write_json_key(self.w);
        self.w.colon();
        self.w.value(value);
        self.w.flush_point();
        self
    }
}

impl<F: Format> ArrayWriter<'_, '_, F> {
    /// Writes `value`, by its [`ToJson`] impl, as the next element. See
    /// [`ValueWriter::array`](crate::ValueWriter::array).
    #[inline]
    pub fn element<T: ToJson + ?Sized>(&mut self, value: &T) -> &mut Self {
        self.separator();
        self.w.value(value);
        self.w.flush_point();
        self
    }
}
