//! Output into a [`fmt::Write`]: a `String`, or the `Formatter` of a
//! `Display` impl. The encoder streams into an `io::Write` as for
//! `to_writer`; [`FmtSink`] turns its bytes back into whole characters.

use std::fmt;
use std::io;

use crate::encode;
use crate::error::Error;
use crate::options::{Layout, Options};
use crate::to_json::ToJson;
use crate::writer::{Compact, Pretty};

/// The `io::Write` that the streaming encoder drains into, forwarding to a
/// `fmt::Write`, which takes only `&str`.
///
/// Why every `write_str` gets whole characters: each chunk is checked with
/// `str::from_utf8`, and only the prefix it validated (ending at the end of
/// a character) is passed on. The encoder's output is UTF-8 as a whole, but
/// a chunk may end inside a character: the buffer copies long raw text and
/// indents in 64 KiB pieces, and drains between two pieces wherever they
/// fall. Those at most 3 bytes of a started character are held here and
/// completed from the next chunk. Bytes that can never be UTF-8 (a
/// non-UTF-8 indent given to `Options::indent`) are an `InvalidData`
/// error, not replaced, so the text is the JSON or nothing.
///
/// Checking costs one pass over the output, far less than encoding it, and
/// keeps this free of `unsafe`: it does not depend on what the encoder
/// guarantees about where it cuts.
struct FmtSink<W> {
    out: W,
    /// The first bytes of a character that the last chunk cut.
    partial: [u8; 4],
    partial_len: usize,
}

impl<W: fmt::Write> FmtSink<W> {
    fn new(out: W) -> Self {
        FmtSink {
            out,
            partial: [0; 4],
            partial_len: 0,
        }
    }

    fn put(&mut self, text: &str) -> io::Result<()> {
        self.out.write_str(text).map_err(|fmt::Error| fmt_failed())
    }

    /// Completes the character held from the last chunk with the first
    /// bytes of `bytes`, and returns the rest.
    fn complete_partial<'b>(&mut self, mut bytes: &'b [u8]) -> io::Result<&'b [u8]> {
        while self.partial_len > 0 && !bytes.is_empty() {
            self.partial[self.partial_len] = bytes[0];
            self.partial_len += 1;
            bytes = &bytes[1..];
            let held = self.partial;
            match std::str::from_utf8(&held[..self.partial_len]) {
                Ok(ch) => {
                    self.partial_len = 0;
                    self.put(ch)?;
                }
                Err(e) if e.error_len().is_some() || self.partial_len == 4 => {
                    return Err(not_utf8());
                }
                // Still incomplete.
                Err(_) => {}
            }
        }
        Ok(bytes)
    }

    /// After the last chunk: a character still incomplete is an error.
    fn finish(self) -> io::Result<()> {
        if self.partial_len > 0 {
            return Err(not_utf8());
        }
        Ok(())
    }
}

impl<W: fmt::Write> io::Write for FmtSink<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let bytes = self.complete_partial(bytes)?;
        match std::str::from_utf8(bytes) {
            Ok(text) => self.put(text),
            Err(e) if e.error_len().is_some() => Err(not_utf8()),
            Err(e) => {
                // The chunk ends inside a character: pass on what is
                // whole, hold the rest (1 to 3 bytes) for the next chunk.
                let (whole, rest) = bytes.split_at(e.valid_up_to());
                let whole = std::str::from_utf8(whole).map_err(|_| not_utf8())?;
                self.put(whole)?;
                self.partial[..rest.len()].copy_from_slice(rest);
                self.partial_len = rest.len();
                Ok(())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A [`fmt::Error`] from the sink, which says nothing more.
fn fmt_failed() -> io::Error {
    io::Error::other("the fmt::Write sink returned an error (fmt::Error)")
}

/// The output cannot be text: an error about the value and its options
/// ([`Category::Data`](crate::Category::Data)), carried through the
/// `io::Write` the encoder sees, which gives it back whole.
fn not_utf8() -> io::Error {
    Error::new(
        "the output is not UTF-8 (an indent that is not UTF-8?), so it cannot go to a fmt::Write",
    )
    .into()
}

/// Streams `value` into the `fmt::Write` `out` as `options` say.
/// Canonical output is encoded in memory first, as its other sinks do, so
/// that an error comes before any of it.
pub(crate) fn to_fmt<W: fmt::Write, T: ToJson + ?Sized>(
    options: &Options<'_>,
    out: W,
    value: &T,
) -> Result<(), Error> {
    let mut sink = FmtSink::new(out);
    let config = options.config();
    match options.layout() {
        Layout::Compact => encode::to_writer::<Compact, _, T>(config, &mut sink, value)?,
        Layout::Pretty => encode::to_writer::<Pretty, _, T>(config, &mut sink, value)?,
        Layout::Canonical => io::Write::write_all(&mut sink, &options.to_vec(value)?)?,
    }
    Ok(sink.finish()?)
}

/// A value that [`Display`](fmt::Display)s as its JSON, made by
/// [`Options::display`]: `{:#}` makes compact options pretty.
///
/// It streams into the `Formatter` as
/// [`Options::to_fmt_writer`] does, so `format!`, `write!` into a file and
/// logging macros get the JSON without a `String` of it in between.
/// Width, fill and precision flags are ignored.
///
/// `Display` has no room for an error: if a value reports one while it is
/// written (through serde, or a [`Seq`](crate::Seq) written twice), `fmt`
/// returns [`fmt::Error`], and `to_string` panics as it does for any
/// failing `Display`. Use [`Options::to_fmt_writer`] to get the error.
#[derive(Clone, Copy)]
pub struct JsonDisplay<'a, T: ?Sized> {
    value: &'a T,
    options: Options<'a>,
}

impl<T: ToJson + ?Sized> fmt::Display for JsonDisplay<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = if f.alternate() && self.options.layout() == Layout::Compact {
            self.options.pretty()
        } else {
            self.options
        };
        to_fmt(&options, f, self.value).map_err(|_| fmt::Error)
    }
}

impl<T: ?Sized> fmt::Debug for JsonDisplay<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonDisplay")
            .field("layout", &self.options.layout())
            .finish_non_exhaustive()
    }
}

/// The `fmt::Write` sinks of [`Options`].
impl<'a> Options<'a> {
    /// Streams `value` as JSON into any [`fmt::Write`]: a `String`, or the
    /// [`fmt::Formatter`] of a `Display` impl.
    ///
    /// The text is [`to_string`](Self::to_string)'s, but it is not built in
    /// memory first: it goes to `writer` through the same bounded buffer as
    /// [`to_writer`](Self::to_writer) (at most 512 KiB), in pieces of whole
    /// characters, so appending a large document to a `String` holds the
    /// `String` and that buffer only. `writer` may be a `&mut` of a
    /// `fmt::Write`, as in the examples.
    ///
    /// ```
    /// use std::fmt::Write as _;
    ///
    /// use json_runtime::{Escape, Options};
    ///
    /// let mut log = String::from("config: ");
    /// Options::new().to_fmt_writer(&mut log, &[("retries", 3)])?;
    /// writeln!(log, " (loaded)").unwrap();
    /// assert_eq!(log, "config: [[\"retries\",3]] (loaded)\n");
    ///
    /// let mut text = String::new();
    /// Options::new().escape(Escape::Ascii).to_fmt_writer(&mut text, &["Zoë"])?;
    /// assert_eq!(text, r#"["Zo\u00eb"]"#);
    /// # Ok::<(), json_runtime::Error>(())
    /// ```
    ///
    /// In a `Display` impl, hand it the `Formatter` (or use
    /// [`display`](Self::display)):
    ///
    /// ```
    /// use std::fmt;
    ///
    /// #[derive(json_runtime::ToJson)]
    /// struct Point {
    ///     x: i32,
    ///     y: i32,
    /// }
    ///
    /// impl fmt::Display for Point {
    ///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    ///         json_runtime::Options::new().to_fmt_writer(f, self).map_err(|_| fmt::Error)
    ///     }
    /// }
    ///
    /// assert_eq!(Point { x: 1, y: -2 }.to_string(), r#"{"x":1,"y":-2}"#);
    /// ```
    ///
    /// # Errors
    ///
    /// An I/O [`Error`] ([`is_io`](Error::is_io), of kind
    /// [`Other`](io::ErrorKind::Other)) when `writer` returns
    /// [`fmt::Error`], and the errors [`to_writer`](Self::to_writer)
    /// returns for values that report one (through serde, or a
    /// [`Seq`](crate::Seq) written twice). Nothing is written to `writer`
    /// after the error, but what was written before stays (up to 448 KiB
    /// at a time). An indent that is not UTF-8 is an [`Error`]
    /// ([`Category::Data`](crate::Category::Data)): a `fmt::Write` takes
    /// only text.
    pub fn to_fmt_writer<W: fmt::Write, T: ToJson + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        to_fmt(self, writer, value)
    }

    /// Shows `value` as JSON wherever a [`Display`](fmt::Display) goes,
    /// streamed into the `Formatter` as [`to_fmt_writer`](Self::to_fmt_writer)
    /// streams it. `{:#}` makes compact options pretty (with two spaces,
    /// as `serde_json::Value` does); pretty and canonical ones stay as they
    /// are. See [`JsonDisplay`] for errors.
    ///
    /// ```
    /// use std::collections::{BTreeMap, HashMap};
    ///
    /// use json_runtime::Options;
    ///
    /// let scores = BTreeMap::from([("ada", 3), ("grace", 5)]);
    /// let json = Options::new();
    /// assert_eq!(format!("{}", json.display(&scores)), r#"{"ada":3,"grace":5}"#);
    /// assert_eq!(format!("{:#}", json.display(&scores)), "{\n  \"ada\": 3,\n  \"grace\": 5\n}");
    ///
    /// // Into a log line, without a String of the JSON in between.
    /// let line = format!("scores={} n={}", json.display(&scores), scores.len());
    /// assert_eq!(line, r#"scores={"ada":3,"grace":5} n=2"#);
    ///
    /// let env = HashMap::from([("b", 2), ("a", 1)]);
    /// let sorted = Options::new().sort_keys(true);
    /// assert_eq!(format!("{}", sorted.display(&env)), r#"{"a":1,"b":2}"#);
    /// ```
    pub fn display<'v, T: ToJson + ?Sized>(&self, value: &'v T) -> JsonDisplay<'v, T>
    where
        'a: 'v,
    {
        JsonDisplay {
            value,
            options: *self,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    /// A chunk may end anywhere inside a character: every split of a text
    /// of 1- to 4-byte characters, into two or three chunks, comes out
    /// whole, and each `write_str` gets whole characters.
    #[test]
    fn characters_cut_between_chunks_are_joined() {
        struct Pieces(Vec<String>);
        impl fmt::Write for Pieces {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0.push(s.to_owned());
                Ok(())
            }
        }
        let text = "a\u{e9}\u{20ac}\u{1f600}z\u{1f600}";
        let bytes = text.as_bytes();
        for i in 0..=bytes.len() {
            for j in i..=bytes.len() {
                let mut sink = FmtSink::new(Pieces(Vec::new()));
                sink.write_all(&bytes[..i]).unwrap();
                sink.write_all(&bytes[i..j]).unwrap();
                sink.write_all(&bytes[j..]).unwrap();
                let Pieces(pieces) = std::mem::replace(&mut sink.out, Pieces(Vec::new()));
                sink.finish().unwrap();
                assert_eq!(pieces.concat(), text, "split at {i} and {j}");
            }
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error() {
        let mut out = String::new();
        let mut sink = FmtSink::new(&mut out);
        assert_eq!(
            sink.write_all(b"[\xff]").unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
        let mut sink = FmtSink::new(&mut out);
        sink.write_all(b"\xe2\x82").unwrap();
        assert!(sink.finish().is_err(), "a character cut at the very end");
        let mut sink = FmtSink::new(&mut out);
        sink.write_all(b"\xe2").unwrap();
        assert!(sink.write_all(b"x").is_err(), "a lead byte then ASCII");
    }
}
