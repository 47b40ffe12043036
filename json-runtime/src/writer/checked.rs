//! The checked API for hand-written impls: objects and arrays opened and
//! closed by the writer around a closure, keys escaped at run time, and
//! each value written by one call. The methods that take `ToJson` values
//! are in the traits' layer (`checked.rs` at the crate root); these take
//! closures.

use super::format::{Compact, Format};
use super::json_writer::JsonWriter;

/// The entries of an object being written by [`JsonWriter::object`].
///
/// Each entry is one call: [`field`](Self::field) for a key and a
/// [`ToJson`](crate::ToJson) value, [`entry`](Self::entry) for a
/// [`ToJsonKey`](crate::ToJsonKey) key, [`field_with`](Self::field_with)
/// for a value written by a closure. Keys are escaped as the writer
/// escapes strings, and the layout (compact, pretty, canonical) is the
/// writer's.
pub struct ObjectWriter<'w, 'a, F: Format = Compact> {
    pub(crate) w: &'w mut JsonWriter<'a, F>,
    /// No entry written yet.
    pub(crate) first: bool,
}

/// The elements of an array being written by [`JsonWriter::array`].
///
/// Each element is one call: [`element`](Self::element) for a
/// [`ToJson`](crate::ToJson) value, [`element_with`](Self::element_with)
/// for one written by a closure.
pub struct ArrayWriter<'w, 'a, F: Format = Compact> {
    pub(crate) w: &'w mut JsonWriter<'a, F>,
    /// No element written yet.
    pub(crate) first: bool,
}

impl<'a, F: Format> JsonWriter<'a, F> {
    /// Writes one JSON object, whose entries `entries` writes through the
    /// [`ObjectWriter`] it is given; the braces, separators and layout are
    /// the writer's, so the object is well formed whatever the closure
    /// does. Written as serde_json writes a `serialize_map`, in the order
    /// of the calls (sorted in [canonical](crate::Options::canonical)
    /// output).
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// struct Point { x: i32, y: i32, label: Option<String> }
    ///
    /// impl ToJson for Point {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.object(|o| {
    ///             o.field("x", &self.x);
    ///             o.field("y", &self.y);
    ///             if let Some(label) = &self.label {
    ///                 o.field("label", label);
    ///             }
    ///         });
    ///     }
    /// }
    ///
    /// let p = Point { x: 1, y: -2, label: None };
    /// assert_eq!(json_runtime::to_string(&p)?, r#"{"x":1,"y":-2}"#);
    /// assert_eq!(json_runtime::to_string_pretty(&p)?, "{\n  \"x\": 1,\n  \"y\": -2\n}");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn object(&mut self, entries: impl FnOnce(&mut ObjectWriter<'_, 'a, F>)) {
        self.begin_object();
        let mut object = ObjectWriter {
            w: self,
            first: true,
        };
        entries(&mut object);
        let empty = object.first;
        self.end_object_dyn(empty);
    }

    /// Writes entries into the object being written, as a hand-written
    /// [`ToJsonFields`](crate::ToJsonFields) impl does: no braces, and
    /// `first` (whether the object has no entry yet) is read and updated,
    /// so that the entries join those before and after them.
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson, ToJsonFields};
    ///
    /// struct Point { x: i32, y: i32 }
    ///
    /// impl ToJsonFields for Point {
    ///     fn write_json_fields<F: Format>(&self, w: &mut JsonWriter<'_, F>, first: &mut bool) {
    ///         w.entries(first, |o| {
    ///             o.field("x", &self.x);
    ///             o.field("y", &self.y);
    ///         });
    ///     }
    /// }
    ///
    /// #[derive(ToJson)]
    /// struct Pin {
    ///     label: String,
    ///     #[json(flatten)]
    ///     at: Point,
    /// }
    ///
    /// let pin = Pin { label: "home".into(), at: Point { x: 1, y: 2 } };
    /// assert_eq!(json_runtime::to_string(&pin)?, r#"{"label":"home","x":1,"y":2}"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn entries(
        &mut self,
        first: &mut bool,
        entries: impl FnOnce(&mut ObjectWriter<'_, 'a, F>),
    ) {
        let mut object = ObjectWriter {
            w: self,
            first: *first,
        };
        entries(&mut object);
        *first = object.first;
    }

    /// Writes one JSON array, whose elements `elements` writes through the
    /// [`ArrayWriter`] it is given, as serde_json writes a
    /// `serialize_seq`.
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// /// Written as `[start, end]`.
    /// struct Span { start: u32, end: u32 }
    ///
    /// impl ToJson for Span {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.array(|a| {
    ///             a.element(&self.start);
    ///             a.element(&self.end);
    ///         });
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&Span { start: 3, end: 7 })?, "[3,7]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn array(&mut self, elements: impl FnOnce(&mut ArrayWriter<'_, 'a, F>)) {
        self.begin_array();
        let mut array = ArrayWriter {
            w: self,
            first: true,
        };
        elements(&mut array);
        let empty = array.first;
        self.end_array(empty);
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// Runs `value`, which debug builds check writes exactly one value
    /// (naming `W` if not), then reaches a flush point: an entry or element
    /// of the closure forms, [`ObjectWriter::field_with`] and
    /// [`ArrayWriter::element_with`].
    #[inline]
    fn write_one_with<W: FnOnce(&mut Self)>(&mut self, value: W) {
        self.check_begin::<W>();
        value(self);
        self.check_end();
        self.flush_point();
    }
}

impl<'a, F: Format> ObjectWriter<'_, 'a, F> {
    /// Writes an entry whose value `value` writes: exactly one JSON value,
    /// with the writer's methods ([`JsonWriter::value`],
    /// [`object`](JsonWriter::object), [`write_str`](JsonWriter::write_str),
    /// …). The key is escaped as the writer escapes strings. Debug builds
    /// panic if the closure writes no value, or more than one.
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// struct Temperature { celsius: f64 }
    ///
    /// impl ToJson for Temperature {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.object(|o| {
    ///             o.field("celsius", &self.celsius);
    ///             o.field_with("fahrenheit", |w| w.value(&(self.celsius * 1.8 + 32.0)));
    ///             o.field_with("range", |w| w.array(|a| {
    ///                 a.element(&-40);
    ///                 a.element(&60);
    ///             }));
    ///         });
    ///     }
    /// }
    ///
    /// assert_eq!(
    ///     json_runtime::to_string(&Temperature { celsius: 20.0 })?,
    ///     r#"{"celsius":20.0,"fahrenheit":68.0,"range":[-40,60]}"#,
    /// );
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn field_with<W>(&mut self, key: &str, value: W) -> &mut Self
    where
        W: FnOnce(&mut JsonWriter<'a, F>),
    {
        self.key(key);
        self.w.write_one_with(value);
        self
    }

    /// The separator and the escaped, quoted key with its colon.
    #[inline]
    pub(crate) fn key(&mut self, key: &str) {
        self.w.object_entry(self.first);
        self.first = false;
        self.w.write_str(key);
        self.w.colon();
    }
}

impl<'a, F: Format> ArrayWriter<'_, 'a, F> {
    /// Writes an element that `value` writes: exactly one JSON value, as
    /// for [`ObjectWriter::field_with`].
    ///
    /// ```
    /// use json_runtime::{Format, JsonWriter, ToJson};
    ///
    /// /// `[[x, y], ...]`.
    /// struct Path(Vec<(f64, f64)>);
    ///
    /// impl ToJson for Path {
    ///     fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
    ///         w.array(|a| {
    ///             for &(x, y) in &self.0 {
    ///                 a.element_with(|w| w.array(|point| {
    ///                     point.element(&x);
    ///                     point.element(&y);
    ///                 }));
    ///             }
    ///         });
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&Path(vec![(0.0, 1.5)]))?, "[[0.0,1.5]]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn element_with<W>(&mut self, value: W) -> &mut Self
    where
        W: FnOnce(&mut JsonWriter<'a, F>),
    {
        self.separator();
        self.w.write_one_with(value);
        self
    }

    /// What precedes an element.
    #[inline]
    pub(crate) fn separator(&mut self) {
        self.w.array_value(self.first);
        self.first = false;
    }
}
