//! One capacity check for a run of writes whose length is bounded: the
//! keys and the integer, bool and `Option` fields between two strings,
//! sequences or nested values of a derived encoder.
//!
//! Written one by one, each key and each value makes its own capacity
//! check, with a cold call behind it: about two per field, a quarter of the
//! code of an integer-heavy encoder. [`JsonWriter::reserve`] makes one
//! check for the whole run, which the derive sizes from the keys' lengths
//! and each value's [`Bounded::ROOM`]; the writes that follow go through
//! [`Reserved`], which counts the room left down by constants. Each write
//! still tests that count, but the test is on a constant, so the optimizer
//! folds it away with its slow path, and what is left is the stores. If a
//! run were ever sized too small the test would just make room again:
//! nothing here trusts the caller.
//!
//! Only compact output writes through the reserved bytes; pretty and
//! canonical output, whose keys are not bounded (line breaks, sorting),
//! go through the writer's usual methods.

use super::derive_protocol::split_key;
use super::format::{BoundedLayouts, Format};
use super::json_writer::{bool_word, JsonWriter};
use super::numbers::write_int;
use crate::buf::copy_at;
use crate::number::Integer;

/// A value whose compact JSON text has a known maximum length: an integer
/// up to 64 bits, a `bool`, or an `Option` of one. Derived encoders write
/// these through [`Reserved`]. Sealed: the room a type reports is what
/// makes writing it without a check sound.
pub trait Bounded: sealed::WriteBounded {
    /// The bytes writing the value may store to: at least its longest
    /// text, plus the slack of wide stores.
    const ROOM: usize;
}

mod sealed {
    use crate::writer::format::Format;
    use crate::writer::json_writer::JsonWriter;

    /// What [`Reserved`](super::Reserved) needs of a [`Bounded`](super::Bounded)
    /// value, out of reach of other crates.
    pub trait WriteBounded {
        /// Writes the value's text at `at` and returns its length; bytes
        /// past the text, up to `ROOM`, may be overwritten too.
        ///
        /// # Safety
        ///
        /// `at` must be valid for writing `ROOM` bytes.
        unsafe fn write_at(&self, at: *mut u8) -> usize;

        /// Writes `key` (a key literal) at `at`, then the value's text
        /// after it, and returns the length of both; bytes past them, up
        /// to `key.len() + ROOM`, may be overwritten too.
        ///
        /// # Safety
        ///
        /// `at` must be valid for writing `key.len() + ROOM` bytes, and
        /// must not overlap `key`.
        unsafe fn write_keyed_at(&self, at: *mut u8, key: &str) -> usize;

        /// Whether [`write_keyed_at`](Self::write_keyed_at) suits a key
        /// whose length is not a constant: the integers' (one shared
        /// call) does, `bool`'s (a copy of exactly the key's length,
        /// meant to be inlined at a field) does not.
        const KEYED_ANY_KEY: bool = false;

        /// Writes the value through the writer's usual methods.
        fn write_to<F: Format>(&self, w: &mut JsonWriter<'_, F>);
    }
}

macro_rules! bounded_integers {
    ($($t:ty)*) => {$(
        impl Bounded for $t {
            const ROOM: usize = <$t as Integer>::ROOM;
        }

        impl sealed::WriteBounded for $t {
            const KEYED_ANY_KEY: bool = true;

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            unsafe fn write_at(&self, at: *mut u8) -> usize {
                // SAFETY: the caller makes `ROOM`, which is `Integer::ROOM`,
                // bytes at `at` writable.
                unsafe { Integer::write_digits_at(*self, at) }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            unsafe fn write_keyed_at(&self, at: *mut u8, key: &str) -> usize {
                // SAFETY: the caller's guarantee, with `ROOM` being
                // `Integer::ROOM`.
                unsafe { Integer::write_keyed_at(*self, at, key) }
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn write_to<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                write_int(w, *self);
            }
        }
    )*};
}
bounded_integers!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl Bounded for bool {
    const ROOM: usize = 8;
}

impl sealed::WriteBounded for bool {
    /// One eight-byte store of either word, as `JsonWriter::write_bool`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_at(&self, at: *mut u8) -> usize {
        let (word, len) = bool_word(*self);
        // SAFETY: the caller makes `ROOM = 8` bytes at `at` writable; the
        // store is unaligned.
        unsafe { at.cast::<u64>().write_unaligned(word.to_le()) };
        len
    }

    /// Inline, as `Reserved::key` and `write_at` are: the same stores as
    /// the two, with one method call per field in the derived code. The
    /// key's length is a constant here, so the copy is exactly that long:
    /// `copy_at`'s two overlapping words took a 10-byte immediate each.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    unsafe fn write_keyed_at(&self, at: *mut u8, key: &str) -> usize {
        let len = key.len();
        // SAFETY: the caller's guarantee: `at` is writable for the key's
        // length, then `ROOM = 8` after it, and does not overlap `key`.
        unsafe {
            std::ptr::copy_nonoverlapping(key.as_ptr(), at, len);
            len + self.write_at(at.add(len))
        }
    }

    /// One shared call per layout (pretty and canonical runs write
    /// through this), as `Option`'s is: inlined, with its capacity check
    /// and slow path, each pretty `bool` field took 50 bytes more than
    /// the call.
    #[inline(never)]
    fn write_to<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.write_bool(*self);
    }
}

impl<T: Bounded> Bounded for Option<T> {
    const ROOM: usize = if T::ROOM > 4 { T::ROOM } else { 4 };
}

impl<T: Bounded> sealed::WriteBounded for Option<T> {
    /// One shared call per `T`: inlined, both arms and the join after them
    /// made an `Option` field twice the code of a plain one.
    #[inline(never)]
    unsafe fn write_at(&self, at: *mut u8) -> usize {
        match self {
            // SAFETY: `ROOM >= T::ROOM`, so the caller makes the room the
            // value needs writable.
            Some(value) => unsafe { value.write_at(at) },
            None => {
                // SAFETY: `ROOM >= 4`.
                unsafe { std::ptr::copy_nonoverlapping(b"null".as_ptr(), at, 4) };
                4
            }
        }
    }

    /// One shared call per `T` for key and value, as for the value alone.
    /// An integer goes on to its own keyed writer, a jump to the shared
    /// keyed formatter: through [`write_at`] it was a call nested in this
    /// one, and `Option<int>` fields took 0.37-0.38 of serde_json's time
    /// instead of 0.35 (two alternating runs).
    ///
    /// [`write_at`]: sealed::WriteBounded::write_at
    #[inline(never)]
    unsafe fn write_keyed_at(&self, at: *mut u8, key: &str) -> usize {
        match self {
            // SAFETY: the caller's guarantee: the key's length, then
            // `ROOM >= T::ROOM` after it.
            Some(value) if T::KEYED_ANY_KEY => unsafe { value.write_keyed_at(at, key) },
            // SAFETY: as above.
            Some(value) => unsafe {
                let len = copy_at(key.as_bytes(), at);
                len + value.write_at(at.add(len))
            },
            // SAFETY: as above, with `ROOM >= 4` for `null`.
            None => unsafe {
                let len = copy_at(key.as_bytes(), at);
                std::ptr::copy_nonoverlapping(b"null".as_ptr(), at.add(len), 4);
                len + 4
            },
        }
    }

    /// One shared call per `T` and layout (pretty and canonical runs
    /// write through this), as `write_at` is for compact runs.
    #[inline(never)]
    fn write_to<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self {
            Some(value) => value.write_to(w),
            None => w.write_null(),
        }
    }
}

impl<F: Format, T: Bounded> BoundedLayouts<T> for JsonWriter<'_, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn usual_bounded(&mut self, value: &T) {
        sealed::WriteBounded::write_to(value, self);
    }

    // Only the literal's split is inlined, as for a pretty key alone.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pretty_keyed_bounded(&mut self, literal: &str, value: &T) {
        let (open, quoted_key) = split_key(literal);
        self.pretty_keyed_line(open, quoted_key, value);
    }
}

impl<F: Format> JsonWriter<'_, F> {
    /// A pretty key's line, then a bounded value, in one shared call per
    /// value type: the key's line, the value's usual path and its
    /// formatter were three calls per field (`Option<int>` fields four),
    /// and `shapes/option_int` pretty took 0.43 of serde_json's time.
    #[inline(never)]
    fn pretty_keyed_line<T: Bounded>(&mut self, open: u8, quoted_key: &[u8], value: &T) {
        self.key_line(open, quoted_key);
        self.check_scalar();
        let at = self.buf.spare(T::ROOM);
        // SAFETY: `spare` made `T::ROOM` bytes writable at `at`, all that
        // `write_at` may store to; the text it writes, which starts there,
        // is at most that long, and the output advances over it only.
        unsafe {
            let n = sealed::WriteBounded::write_at(value, at);
            self.buf.advance(n);
        }
    }
}

/// Writes into room made once by `JsonWriter::reserve`. Dropping it
/// counts what was written as output.
///
/// ```text
/// {
///     let mut run = w.reserve(13 + <u64 as Bounded>::ROOM + <bool as Bounded>::ROOM);
///     run.key("{\"id\":");
///     run.value(&self.id);
///     run.keyed(",\"admin\":", &self.admin);
/// }
/// ```
pub struct Reserved<'w, 'a, F: Format> {
    w: &'w mut JsonWriter<'a, F>,
    /// Where the room starts: the buffer's spare capacity when it was made.
    at: *mut u8,
    /// Bytes written from `at` on, not yet counted as output.
    written: usize,
    /// Bytes from `at + written` on that are writable: `written + room`
    /// never exceeds what `Buf::spare` reserved at `at`. Only fixed bounds
    /// are taken from it, whatever a write actually stores, so that it
    /// stays a constant the optimizer can follow through the run.
    room: usize,
}

impl<'a, F: Format> JsonWriter<'a, F> {
    /// Makes room for `bound` bytes at once, for a run of key literals and
    /// [`Bounded`] values written through the returned [`Reserved`].
    ///
    /// In pretty and canonical output this reserves nothing: their writes
    /// go through the writer's usual methods.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn reserve(&mut self, bound: usize) -> Reserved<'_, 'a, F> {
        let (at, room) = if F::PRETTY || F::CANONICAL {
            (std::ptr::null_mut(), 0)
        } else {
            (self.buf.spare(bound), bound)
        };
        Reserved {
            w: self,
            at,
            written: 0,
            room,
        }
    }
}

impl<F: Format> Reserved<'_, '_, F> {
    /// Writes a key literal, as [`JsonWriter::key`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key(&mut self, literal: &str) {
        self.w.check_key_literal(literal);
        // Through the trait, as `JsonWriter::key` does, so that generic
        // bodies hold one copy of the compact code below.
        if F::PRETTY || F::CANONICAL {
            return F::write_key(self.w, literal);
        }
        let n = literal.len();
        let at = self.take(n);
        // SAFETY: `take` returned a pointer with `n` writable bytes, in the
        // buffer's spare capacity, which `literal` (borrowed apart from the
        // writer) cannot overlap.
        unsafe { std::ptr::copy_nonoverlapping(literal.as_ptr(), at, n) };
        self.written += n;
    }

    /// Writes an already escaped, quoted key literal (`"key"`) as the next
    /// entry of an object whose other entries are not known at compile
    /// time, as [`JsonWriter::key_dyn`]: `,` unless `first`, the key and
    /// `:`. Clears `first`. Takes `quoted_key.len() + 2` bytes of room.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn key_dyn(&mut self, first: &mut bool, quoted_key: &str) {
        if F::PRETTY || F::CANONICAL {
            return self.w.key_dyn(first, quoted_key);
        }
        self.w.check_entry();
        let n = quoted_key.len();
        let at = self.take(n + 2);
        // The comma is stored either way and overwritten by the key when
        // this is the first entry: no branch.
        let comma = usize::from(!*first);
        // SAFETY: `take` returned a pointer with `n + 2` writable bytes;
        // the stores end at `comma + n + 1 <= n + 2`. The key is borrowed
        // apart from the writer, so it cannot overlap the buffer.
        unsafe {
            *at = b',';
            std::ptr::copy_nonoverlapping(quoted_key.as_ptr(), at.add(comma), n);
            *at.add(comma + n) = b':';
        }
        self.written += comma + n + 1;
        self.w.check_colon();
        *first = false;
    }

    /// Writes a key literal and a bounded value, as [`key`](Self::key) and
    /// [`value`](Self::value) do, in one call: integers and `Option`s copy
    /// the key in the shared call that writes the value, so the field holds
    /// no stores of its own for it; a `bool` writes both inline. Takes
    /// `literal.len() + T::ROOM` bytes of room.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn keyed<T: Bounded>(&mut self, literal: &str, value: &T) {
        if F::PRETTY || F::CANONICAL {
            self.w.check_key_literal(literal);
            return F::write_keyed_bounded(self.w, literal, value);
        }
        self.w.check_key_literal(literal);
        self.w.check_scalar();
        let at = self.take(literal.len() + T::ROOM);
        // SAFETY: `take` returned a pointer with `literal.len() + T::ROOM`
        // writable bytes, all that `write_keyed_at` may store to, in the
        // buffer's spare capacity, which `literal` (borrowed apart from
        // the writer) cannot overlap; the key and the text it writes,
        // which start there, are at most that long.
        let n = unsafe { sealed::WriteBounded::write_keyed_at(value, at, literal) };
        debug_assert!(n <= literal.len() + T::ROOM);
        self.written += n;
    }

    /// Writes a value whose text is bounded, as [`JsonWriter::value`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn value<T: Bounded>(&mut self, value: &T) {
        if F::PRETTY || F::CANONICAL {
            return F::write_bounded(self.w, value);
        }
        self.w.check_scalar();
        let at = self.take(T::ROOM);
        // SAFETY: `take` returned a pointer with `T::ROOM` writable bytes,
        // all that `write_at` may store to; the text it writes, which
        // starts there, is at most that long.
        let n = unsafe { sealed::WriteBounded::write_at(value, at) };
        debug_assert!(n <= T::ROOM);
        self.written += n;
    }

    /// Opens an array, as [`JsonWriter::begin_array`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin_array(&mut self) {
        if F::PRETTY || F::CANONICAL {
            return self.w.begin_array();
        }
        self.w.check_open_array();
        self.byte(b'[');
    }

    /// What comes before an array's element, as
    /// [`JsonWriter::array_value`]: `,` unless it is the `first`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn array_value(&mut self, first: bool) {
        if F::PRETTY || F::CANONICAL {
            return self.w.array_value(first);
        }
        self.w.check_element();
        if !first {
            self.byte(b',');
        }
    }

    /// Closes an array that has elements, as [`JsonWriter::end_array`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_array(&mut self) {
        if F::PRETTY || F::CANONICAL {
            return self.w.end_array(false);
        }
        self.w.check_close_array();
        self.byte(b']');
    }

    /// Closes the object, as [`JsonWriter::end_object`].
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_object(&mut self) {
        if F::PRETTY || F::CANONICAL {
            return self.w.end_object();
        }
        self.w.check_close_object();
        self.byte(b'}');
    }

    /// One byte of punctuation (`[`, `,`, `]`, `}`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn byte(&mut self, byte: u8) {
        let at = self.take(1);
        // SAFETY: `take` returned a pointer with one writable byte.
        unsafe { *at = byte };
        self.written += 1;
    }

    /// Where the next `n` bytes go, with room for them: `n` is taken from
    /// the room left, or, should the run have been sized too small, new
    /// room is made after counting what was written.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn take(&mut self, n: usize) -> *mut u8 {
        if n > self.room {
            // SAFETY: the `written` bytes from `at` were all written since
            // `spare` returned `at`, within its room (each write counts only
            // the bytes it stored), and nothing else used the buffer since:
            // `self` holds the writer's only borrow.
            self.at = unsafe { make_room(self.w, self.written, n) };
            self.written = 0;
            self.room = n;
        }
        self.room -= n;
        // SAFETY: `written + room` (before taking `n`) is within what
        // `spare` reserved at `at`, so `at + written` is in the allocation
        // or one past the end of that room.
        unsafe { self.at.add(self.written) }
    }

    /// Counts the bytes written as output.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn commit(&mut self) {
        // SAFETY: as in `take`: the `written` bytes from `at` are all
        // written, within the room `spare` made, with no other use of the
        // buffer since.
        unsafe { self.w.buf.advance(self.written) };
        self.written = 0;
    }
}

/// Counts `written` bytes as output, then makes room for `n` more and
/// returns where they go: the slow path of `Reserved::take`, reached only
/// when a run was sized too small. It takes the run's state by value, not
/// the `Reserved` itself, so that a `Reserved` never has its address taken
/// and its fields stay in registers, where the optimizer can follow the
/// room left as a constant.
///
/// # Safety
///
/// As [`Buf::advance`](crate::buf::Buf): `written` bytes have been written
/// at the last pointer `spare` returned, within its room, with no other
/// use of the buffer since.
#[cold]
#[inline(never)]
unsafe fn make_room<F: Format>(w: &mut JsonWriter<'_, F>, written: usize, n: usize) -> *mut u8 {
    // SAFETY: the caller's guarantee.
    unsafe { w.buf.advance(written) };
    w.buf.spare(n)
}

impl<F: Format> Drop for Reserved<'_, '_, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn drop(&mut self) {
        if !(F::PRETTY || F::CANONICAL) {
            self.commit();
        }
    }
}
