//! The checked API for hand-written impls: the [`ValueWriter`] that a
//! `write_json` is given and the [`Written`] it must return, objects and
//! arrays opened and closed by the writer around a closure, keys escaped
//! at run time, and each value written by one call. The methods that take
//! `ToJson` values are in the traits' layer (`checked.rs` at the crate
//! root); these take closures.

use super::format::{Compact, Format};
use super::json_writer::JsonWriter;
use crate::escape::Escape;

/// Where [`ToJson::write_json`](crate::ToJson::write_json) writes its one
/// JSON value.
///
/// Each method writes one whole value and consumes the `ValueWriter`,
/// returning the [`Written`] that `write_json` must return. So an impl
/// cannot write two values (the second call has no writer left) and
/// cannot write none (it has no other way to make a `Written`): the
/// output is one valid JSON value in every build, as serde's
/// `Serializer` is consumed by the one `serialize_*` call that makes its
/// `Ok`.
///
/// ```
/// use json_runtime::{Format, ToJson, ValueWriter, Written};
///
/// struct User { name: String, roles: Vec<&'static str>, admin: bool }
///
/// impl ToJson for User {
///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
///         w.object(|o| {
///             o.field("name", &self.name);
///             o.field("roles", &self.roles);
///             if self.admin {
///                 o.field("admin", &true);
///             }
///         })
///     }
/// }
///
/// let user = User { name: "ann".into(), roles: vec!["dev"], admin: false };
/// assert_eq!(json_runtime::to_string(&user)?, r#"{"name":"ann","roles":["dev"]}"#);
/// # Ok::<(), json_runtime::Error>(())
/// ```
///
/// Writing a second value does not compile:
///
/// ```compile_fail,E0382
/// use json_runtime::{Format, ToJson, ValueWriter, Written};
///
/// struct Pair(u8, u8);
///
/// impl ToJson for Pair {
///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
///         w.value(&self.0);
///         w.value(&self.1) // error: use of moved value: `w`
///     }
/// }
/// ```
///
/// Nor does writing none:
///
/// ```compile_fail,E0308
/// use json_runtime::{Format, ToJson, ValueWriter, Written};
///
/// struct Nothing;
///
/// impl ToJson for Nothing {
///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
///         let _ = w; // error: expected `Written`, found `()`
///     }
/// }
/// ```
pub struct ValueWriter<'w, 'a, F: Format = Compact> {
    pub(crate) w: &'w mut JsonWriter<'a, F>,
}

/// What [`ToJson::write_json`](crate::ToJson::write_json) returns: the
/// proof that it wrote one value, which only a [`ValueWriter`] method that
/// writes one can make.
///
/// It holds nothing and costs nothing at run time. The crate's own impls
/// and derived code (through the private module), which write through the
/// writer's unchecked methods, make it as `Written(())`: a value, not a
/// call, so that nothing is inlined into every encoder for it.
#[derive(Debug)]
pub struct Written(pub(crate) ());

impl<'w, 'a, F: Format> ValueWriter<'w, 'a, F> {
    /// The [`Escape`] mode [`write_str`](Self::write_str) uses, for
    /// impls that write strings by other means.
    #[inline]
    pub fn escape_mode(&self) -> Escape {
        self.w.escape_mode()
    }

    /// Writes one JSON object, whose entries `entries` writes through the
    /// [`ObjectWriter`] it is given; the braces, separators and layout are
    /// the writer's, so the object is well formed whatever the closure
    /// does. Written as serde_json writes a `serialize_map`, in the order
    /// of the calls (sorted in [canonical](crate::Options::canonical)
    /// output).
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// struct Point { x: i32, y: i32, label: Option<String> }
    ///
    /// impl ToJson for Point {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.object(|o| {
    ///             o.field("x", &self.x);
    ///             o.field("y", &self.y);
    ///             if let Some(label) = &self.label {
    ///                 o.field("label", label);
    ///             }
    ///         })
    ///     }
    /// }
    ///
    /// let p = Point { x: 1, y: -2, label: None };
    /// assert_eq!(json_runtime::to_string(&p)?, r#"{"x":1,"y":-2}"#);
    /// assert_eq!(json_runtime::to_string_pretty(&p)?, "{\n  \"x\": 1,\n  \"y\": -2\n}");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn object(self, entries: impl FnOnce(&mut ObjectWriter<'_, 'a, F>)) -> Written {
        self.w.object(entries);
        Written(())
    }

    /// Writes one JSON array, whose elements `elements` writes through the
    /// [`ArrayWriter`] it is given, as serde_json writes a
    /// `serialize_seq`.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// Written as `[start, end]`.
    /// struct Span { start: u32, end: u32 }
    ///
    /// impl ToJson for Span {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.array(|a| {
    ///             a.element(&self.start);
    ///             a.element(&self.end);
    ///         })
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&Span { start: 3, end: 7 })?, "[3,7]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn array(self, elements: impl FnOnce(&mut ArrayWriter<'_, 'a, F>)) -> Written {
        self.w.array(elements);
        Written(())
    }

    /// Writes `s` as a JSON string, quoted and escaped as serde_json does
    /// (or as the writer's [`Escape`] mode says).
    #[inline]
    pub fn write_str(self, s: &str) -> Written {
        self.w.write_str(s);
        Written(())
    }

    /// Writes `null`.
    #[inline]
    pub fn write_null(self) -> Written {
        self.w.write_null();
        Written(())
    }

    /// Appends `json` as it is, like serde_json's
    /// `Formatter::write_raw_fragment`.
    ///
    /// The text is not checked: the caller is responsible for it being one
    /// whole, valid JSON value (a `&str` is one call, so it is one value
    /// as far as the writer knows). Taking `&str` keeps the output
    /// valid UTF-8, which [`to_string`](crate::to_string) relies on, whatever
    /// the caller passes. To embed JSON text from elsewhere, check it once
    /// with [`RawJson::new`](crate::RawJson::new) and write the `RawJson`.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// Always the same small document, known when the program is written.
    /// struct Origin;
    ///
    /// impl ToJson for Origin {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.write_raw("[0,0]")
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&[Origin])?, "[[0,0]]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    ///
    /// In [JSON Lines](crate::Options::to_writer_lines) output, where a line break
    /// would end the item, the whitespace between tokens is dropped (a
    /// valid JSON text has line breaks only there), so `"[1,\n 2]"` is
    /// written as `[1,2]`; elsewhere the text is copied as it is.
    #[inline]
    pub fn write_raw(self, json: &str) -> Written {
        self.w.write_raw(json);
        Written(())
    }
}

/// The entries of an object being written by [`ValueWriter::object`].
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

/// The elements of an array being written by [`ValueWriter::array`].
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
    /// [`ValueWriter::object`] for the crate's own code.
    #[inline]
    pub(crate) fn object(&mut self, entries: impl FnOnce(&mut ObjectWriter<'_, 'a, F>)) {
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

    /// [`ValueWriter::array`] for the crate's own code.
    #[inline]
    pub(crate) fn array(&mut self, elements: impl FnOnce(&mut ArrayWriter<'_, 'a, F>)) {
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

impl<'a, F: Format> JsonWriter<'a, F> {
    /// Runs `value`, which debug builds check writes exactly one value
    /// (naming `W` if not), then reaches a flush point: an entry or element
    /// of the closure forms, [`ObjectWriter::field_with`] and
    /// [`ArrayWriter::element_with`].
    #[inline]
    fn write_one_with<W: FnOnce(ValueWriter<'_, 'a, F>) -> Written>(&mut self, value: W) {
        self.check_begin::<W>();
        value(ValueWriter { w: self });
        self.check_end();
        self.flush_point();
    }
}

impl<'a, F: Format> ObjectWriter<'_, 'a, F> {
    /// Writes an entry whose value `value` writes: exactly one JSON value,
    /// with the [`ValueWriter`]'s methods ([`value`](ValueWriter::value),
    /// [`object`](ValueWriter::object), [`write_str`](ValueWriter::write_str),
    /// …), whose [`Written`] the closure returns. The key is escaped as the
    /// writer escapes strings.
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// struct Temperature { celsius: f64 }
    ///
    /// impl ToJson for Temperature {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.object(|o| {
    ///             o.field("celsius", &self.celsius);
    ///             o.field_with("fahrenheit", |w| w.value(&(self.celsius * 1.8 + 32.0)));
    ///             o.field_with("range", |w| w.array(|a| {
    ///                 a.element(&-40);
    ///                 a.element(&60);
    ///             }));
    ///         })
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
        W: FnOnce(ValueWriter<'_, 'a, F>) -> Written,
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
    /// use json_runtime::{Format, ToJson, ValueWriter, Written};
    ///
    /// /// `[[x, y], ...]`.
    /// struct Path(Vec<(f64, f64)>);
    ///
    /// impl ToJson for Path {
    ///     fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
    ///         w.array(|a| {
    ///             for &(x, y) in &self.0 {
    ///                 a.element_with(|w| w.array(|point| {
    ///                     point.element(&x);
    ///                     point.element(&y);
    ///                 }));
    ///             }
    ///         })
    ///     }
    /// }
    ///
    /// assert_eq!(json_runtime::to_string(&Path(vec![(0.0, 1.5)]))?, "[[0.0,1.5]]");
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    #[inline]
    pub fn element_with<W>(&mut self, value: W) -> &mut Self
    where
        W: FnOnce(ValueWriter<'_, 'a, F>) -> Written,
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
