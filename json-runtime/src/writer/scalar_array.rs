//! A slice of scalars as a JSON array, in one loop per element type and
//! layout: integers (`Vec<u32>`, `[i64; N]`, the rows of a
//! `Vec<Vec<i32>>`), `bool`s, and `Option`s of either (`Vec<Option<u32>>`).
//!
//! Through the usual element path, each integer cost a capacity check for
//! its separator, another for its digits, a call to the shared digit
//! formatter and a flush test: `Vec<u32>` took 0.69 of serde_json's time
//! where a struct of integer fields took 0.45, and `perf` put 64% of it in
//! the formatter's call. Here a group of elements shares one capacity
//! check, the formatter is inline (one copy per element type and layout
//! in the whole program, not one per field), and each separator is a store
//! whose length, 0 before the first element and 1 after, needs no branch.
//! A `Vec<bool>` or a `Vec<Option<u32>>` went the usual way until the
//! loop took them too, at 0.77 of serde_json's time; the output's length
//! went through memory twice per element, a chain of store-to-load
//! forwards.

#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
use super::chunked;
use super::format::Format;
use super::json_writer::{bool_word, JsonWriter, NEWLINE_PAD};
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
use crate::number::IfmaDigits;
use crate::number::{Digits, Integer, SharedDigits};
use std::hint::select_unpredictable;
use std::mem::MaybeUninit;

/// Which block writer of `chunked.rs` an element type's compact arrays
/// take, where the processor has its features: `u8` and `bool`.
#[cfg_attr(
    not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
    allow(dead_code)
)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Chunks {
    /// None: the element loop here.
    None,
    /// `u8`: `chunked::Bytes`.
    Bytes,
    /// `bool`: `chunked::Bools`.
    Bools,
}

/// What the array loop writes: an integer, a `bool`, an `Option` of one,
/// or, in compact output, a tuple of scalars (see [`Scalar`]), whose
/// longest text is known.
pub(crate) trait ArrayItem: Copy {
    /// The bytes [`write_item_at`](Self::write_item_at) may store to.
    const ROOM: usize;

    /// Whether writing it uses the `u64` writer `D`, as
    /// `Integer::USES_DIGITS`: only then does the IFMA loop pay.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const USES_DIGITS: bool;

    /// Whether its numbers can have nine digits or more (32 and 64 bits),
    /// or it is an `Option` that `ALWAYS_MIXED` sends there: only those
    /// take `Run::mixed`'s path, whose second copy of the element loop
    /// costs each array type about 900 bytes of code. 32-bit arrays of
    /// 1 to 10 digits took 0.27 of serde_json's time without it and 0.16
    /// with it; the 100 mixed types of the compile-time benchmark (a
    /// `Vec<u32>` among them) grew by 1 KiB, and by 2 more with the short
    /// rows' copy (`write_scalar_rows_with`; rows of `i64` among them).
    const LONG_DIGITS: bool;

    /// Writes the element's text at `at` and returns its length; bytes
    /// past it, up to `ROOM`, may be overwritten too. `mixed` says that
    /// the array's numbers vary in length (see `Run::mixed`).
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `ROOM` bytes.
    unsafe fn write_item_at<D: Digits>(self, at: *mut u8, mixed: bool) -> usize;

    /// The number `D` writes for it, 0 if none: what `Run::mixed` is
    /// decided from.
    fn magnitude(self) -> u64;

    /// Whether its text is a `u64`'s digits alone (the unsigned integers
    /// that use `D`), so that its arrays may take `D`'s pairs
    /// (`Digits::PAIRS`, see `Run::pairs`).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const PAIRS: bool = false;

    /// Which block writer of `chunked.rs` its compact arrays take, if any
    /// (`u8` and `bool`).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const CHUNKS: Chunks = Chunks::None;

    /// `items` as bytes where [`CHUNKS`](Self::CHUNKS) names a block
    /// writer: `u8`s as they are (`Integer::as_bytes`), `bool`s as their
    /// bytes, 0 or 1.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    #[inline(always)]
    fn as_bytes(items: &[Self]) -> Option<&[u8]> {
        let _ = items;
        None
    }

    /// The bytes [`write_option_at`](Self::write_option_at) may store to.
    const OPTION_ROOM: usize = if Self::ROOM > 4 { Self::ROOM } else { 4 };

    /// Whether `Option<Self>`'s arrays take `Run::mixed`'s path whatever
    /// their numbers, for its `write_option_at` without a branch.
    const OPTION_ALWAYS_MIXED: bool = false;

    /// Whether arrays of it take `Run::mixed`'s path whatever their
    /// numbers (see `OPTION_ALWAYS_MIXED`).
    const ALWAYS_MIXED: bool = false;

    /// Writes `item`'s text at `at`, or `null`, and returns its length;
    /// bytes past it, up to `OPTION_ROOM`, may be overwritten too. What
    /// `Option<Self>` writes.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing `OPTION_ROOM` bytes.
    #[inline(always)]
    unsafe fn write_option_at<D: Digits>(item: Option<Self>, at: *mut u8, mixed: bool) -> usize {
        match item {
            // SAFETY: the caller makes `ROOM` bytes at `at` writable.
            Some(value) => unsafe { value.write_item_at::<D>(at, mixed) },
            // SAFETY: and 4.
            None => unsafe {
                at.cast::<[u8; 4]>().write_unaligned(*b"null");
                4
            },
        }
    }
}

impl<I: Integer> ArrayItem for I {
    const ROOM: usize = <I as Integer>::ROOM;
    const USES_DIGITS: bool = <I as Integer>::USES_DIGITS;
    // Nine digits and more need 32 bits.
    const LONG_DIGITS: bool = <I as Integer>::USES_DIGITS && size_of::<I>() >= 4;
    const PAIRS: bool = <I as Integer>::USES_DIGITS && <I as Integer>::UNSIGNED;

    #[inline(always)]
    unsafe fn write_item_at<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
        // SAFETY: the caller's guarantee, `ROOM` being `Integer::ROOM`.
        unsafe { self.write_digits_among::<D>(at, mixed) }
    }

    #[inline(always)]
    fn magnitude(self) -> u64 {
        Integer::magnitude(self)
    }

    const CHUNKS: Chunks = if <I as Integer>::IS_BYTE {
        Chunks::Bytes
    } else {
        Chunks::None
    };

    #[inline(always)]
    fn as_bytes(items: &[Self]) -> Option<&[u8]> {
        <I as Integer>::as_bytes(items)
    }

    const OPTION_ALWAYS_MIXED: bool = <I as Integer>::USES_DIGITS && size_of::<I>() <= 4;

    // Without a branch, `null`, then the digits of the value or of a
    // stand-in 4 bytes on when there is none.
    const OPTION_ROOM: usize = if Self::OPTION_ALWAYS_MIXED {
        4 + <I as Integer>::ROOM
    } else {
        <I as Integer>::ROOM
    };

    /// On the path of mixed lengths, whose digits take no branch, no
    /// branch on whether there is a value either, for 32 bits and less
    /// (`OPTION_ALWAYS_MIXED`): `null` is stored, then the value's digits
    /// over it, or a stand-in's past it. A third of it `None`,
    /// `Vec<Option<u32>>` took 0.43 of serde_json's time with the branch
    /// and 0.23 without. An `Option<u64>` is two words, and LLVM loads the
    /// value under a branch whatever the source says: all the work and
    /// the branch too took timestamps (`Vec<Option<i64>>`) 1.25x longer.
    /// Where the digits branch on their length (off this path), the
    /// element's place would wait for them: that way `Vec<Option<u32>>`
    /// took 25-50% longer.
    #[inline(always)]
    unsafe fn write_option_at<D: Digits>(item: Option<I>, at: *mut u8, mixed: bool) -> usize {
        if D::HEEDS_MIXED && D::NONE_AS_DIGITS && mixed && Self::OPTION_ALWAYS_MIXED {
            let none = item.is_none();
            // SAFETY: the caller makes `OPTION_ROOM` bytes at `at`
            // writable: 4, and `ROOM` from `4 * none <= 4`.
            unsafe {
                at.cast::<[u8; 4]>().write_unaligned(*b"null");
                // Without the select, LLVM's code took 8% longer.
                let value = select_unpredictable(none, I::default(), item.unwrap_or_default());
                let past = select_unpredictable(none, 4, 0);
                let len = value.write_digits_among::<D>(at.add(past), true);
                select_unpredictable(none, 4, len)
            }
        } else {
            match item {
                // SAFETY: the caller makes `OPTION_ROOM >= ROOM` bytes at
                // `at` writable.
                Some(value) => unsafe { value.write_item_at::<D>(at, mixed) },
                // SAFETY: and 4.
                None => unsafe {
                    at.cast::<[u8; 4]>().write_unaligned(*b"null");
                    4
                },
            }
        }
    }
}

impl ArrayItem for bool {
    const ROOM: usize = 8;
    const USES_DIGITS: bool = false;
    const LONG_DIGITS: bool = false;
    const CHUNKS: Chunks = Chunks::Bools;

    #[inline(always)]
    fn as_bytes(items: &[bool]) -> Option<&[u8]> {
        // SAFETY: a `bool` is one byte, aligned to one, and its byte is 0
        // or 1, a valid `u8`; the slice covers the same bytes, borrowed as
        // long as `items`.
        Some(unsafe { std::slice::from_raw_parts(items.as_ptr().cast(), items.len()) })
    }

    /// One eight-byte store of either word, as `JsonWriter::write_bool`.
    #[inline(always)]
    unsafe fn write_item_at<D: Digits>(self, at: *mut u8, _: bool) -> usize {
        let (word, len) = bool_word(self);
        // SAFETY: the caller makes `ROOM = 8` bytes at `at` writable; the
        // store is unaligned.
        unsafe { at.cast::<u64>().write_unaligned(word.to_le()) };
        len
    }

    #[inline(always)]
    fn magnitude(self) -> u64 {
        0
    }

    /// One of three words, picked by index: which one is usually random,
    /// and a branch on it took `Vec<Option<bool>>` 40% longer.
    #[inline(always)]
    unsafe fn write_option_at<D: Digits>(item: Option<bool>, at: *mut u8, _: bool) -> usize {
        const WORDS: [(u64, usize); 3] = [
            (u64::from_le_bytes(*b"null\0\0\0\0"), 4),
            (u64::from_le_bytes(*b"false\0\0\0"), 5),
            (u64::from_le_bytes(*b"true\0\0\0\0"), 4),
        ];
        let (word, len) = WORDS[match item {
            None => 0,
            Some(value) => 1 + usize::from(value),
        }];
        // SAFETY: the caller makes `OPTION_ROOM = 8` bytes at `at`
        // writable; the store is unaligned.
        unsafe { at.cast::<u64>().write_unaligned(word.to_le()) };
        len
    }
}

impl<T: ArrayItem> ArrayItem for Option<T> {
    const ROOM: usize = T::OPTION_ROOM;
    const USES_DIGITS: bool = T::USES_DIGITS;
    const LONG_DIGITS: bool = T::LONG_DIGITS || T::OPTION_ALWAYS_MIXED;
    const ALWAYS_MIXED: bool = T::OPTION_ALWAYS_MIXED;

    /// A branch on whether there is a value (`bool`'s picks a word
    /// instead, and integers of 32 bits and less store both texts on the
    /// path of mixed lengths), though in most data that is random:
    /// choosing the place and the length of the text without one where
    /// the digits branch on their length took `Vec<Option<u32>>`, a third
    /// of it `None`, 25-50% longer, each element's place then waiting for
    /// the one before it.
    #[inline(always)]
    unsafe fn write_item_at<D: Digits>(self, at: *mut u8, mixed: bool) -> usize {
        // SAFETY: the caller makes `ROOM = T::OPTION_ROOM` bytes writable.
        unsafe { T::write_option_at::<D>(self, at, mixed) }
    }

    #[inline(always)]
    fn magnitude(self) -> u64 {
        self.map_or(0, T::magnitude)
    }
}

/// An element of a slice the arrays' loop writes: an [`ArrayItem`] itself,
/// copied, or a tuple of scalars, read through a reference
/// (`impls::tuple`), since the tuple of `ToJson` types need not be `Copy`.
/// Through references, the integers' and `Option`s' slices took up to
/// 10% longer (`Vec<Option<u32>>`); through groups of references gathered
/// first, as a set's elements are, tuples took 15% longer.
pub(crate) trait Element {
    /// What the loop writes for the element.
    type Item<'a>: ArrayItem
    where
        Self: 'a;

    /// `ArrayItem::ROOM` of [`Item`](Self::Item).
    const ROOM: usize;
    /// `ArrayItem::USES_DIGITS` of [`Item`](Self::Item).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const USES_DIGITS: bool;
    /// `ArrayItem::LONG_DIGITS` of [`Item`](Self::Item).
    const LONG_DIGITS: bool;
    /// `ArrayItem::ALWAYS_MIXED` of [`Item`](Self::Item).
    const ALWAYS_MIXED: bool = false;
    /// `ArrayItem::PAIRS` of [`Item`](Self::Item).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const PAIRS: bool = false;

    /// The element as the loop writes it.
    fn item(&self) -> Self::Item<'_>;

    /// `ArrayItem::CHUNKS` of [`Item`](Self::Item), for the elements
    /// themselves (never for tuples).
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    const CHUNKS: Chunks = Chunks::None;

    /// `items` as bytes where [`CHUNKS`](Self::CHUNKS) names a block
    /// writer, as [`ArrayItem::as_bytes`].
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    #[inline(always)]
    fn bytes_of(items: &[Self]) -> Option<&[u8]>
    where
        Self: Sized,
    {
        let _ = items;
        None
    }
}

impl<T: ArrayItem> Element for T {
    type Item<'a>
        = T
    where
        T: 'a;

    const ROOM: usize = T::ROOM;
    const USES_DIGITS: bool = T::USES_DIGITS;
    const LONG_DIGITS: bool = T::LONG_DIGITS;
    const ALWAYS_MIXED: bool = T::ALWAYS_MIXED;
    const PAIRS: bool = T::PAIRS;

    #[inline(always)]
    fn item(&self) -> T {
        *self
    }

    const CHUNKS: Chunks = T::CHUNKS;

    #[inline(always)]
    fn bytes_of(items: &[T]) -> Option<&[u8]> {
        T::as_bytes(items)
    }
}

/// Which scalar a type is, as `ToJson::SCALAR` says: what lets a tuple of
/// scalars (`(u32, i64)`, `(i32, i32, i32)`), whose impl is generic over
/// its element types, write as an `ArrayItem`, `[a,b]`, in the arrays'
/// loop. Element by element, `Vec<(u32, i64)>` took 0.42 of serde_json's
/// time, each element a call to the shared digit writer behind four
/// capacity checks.
///
/// Reachable from other crates only through the private module: a type
/// that claims a kind it is not writes that kind's text for its
/// `ToJson::scalar_bits`, the wrong text but never more than the kind's
/// room.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scalar {
    /// Not one of the kinds below (the default): tuples of it take the
    /// usual path.
    None,
    /// `bool`: the bits are 0 or 1.
    Bool,
    /// `u8`, from the byte table.
    U8,
    /// `i8`, from the byte table.
    I8,
    /// `u16` and `u32`: at most ten digits.
    U32,
    /// `i16` and `i32`: the bits are the value sign-extended.
    I32,
    /// `u64` and `usize`.
    U64,
    /// `i64` and `isize`: the bits are the value sign-extended.
    I64,
}

impl Scalar {
    /// The bytes [`write_at`](Self::write_at) may store to.
    pub(crate) const fn room(self) -> usize {
        match self {
            Scalar::None => 4,
            Scalar::Bool => 8,
            Scalar::U8 => <u8 as Integer>::ROOM,
            Scalar::I8 => <i8 as Integer>::ROOM,
            Scalar::U32 | Scalar::U64 => <u64 as Integer>::ROOM,
            Scalar::I32 | Scalar::I64 => <i64 as Integer>::ROOM,
        }
    }

    /// As [`ArrayItem::USES_DIGITS`].
    pub(crate) const fn uses_digits(self) -> bool {
        matches!(self, Scalar::U32 | Scalar::I32 | Scalar::U64 | Scalar::I64)
    }

    /// As [`ArrayItem::LONG_DIGITS`]: the 32- and 64-bit kinds (`U32` is
    /// `u16`'s kind too, whose tuples take the second loop's code
    /// without ever needing it). Tuples of three `u32`s of 1 to 10 digits
    /// took 0.28 of serde_json's time on one loop, 0.16 on two.
    pub(crate) const fn long_digits(self) -> bool {
        matches!(self, Scalar::U32 | Scalar::I32 | Scalar::U64 | Scalar::I64)
    }

    /// The number the digits of `bits` are written from, as
    /// [`ArrayItem::magnitude`].
    #[inline(always)]
    pub(crate) fn magnitude(self, bits: u64) -> u64 {
        match self {
            Scalar::U32 => u64::from(bits as u32),
            Scalar::I32 => u64::from((bits as i32).unsigned_abs()),
            Scalar::U64 => bits,
            Scalar::I64 => (bits as i64).unsigned_abs(),
            Scalar::None | Scalar::Bool | Scalar::U8 | Scalar::I8 => 0,
        }
    }

    /// Writes `bits` as this kind's text at `at` and returns its length,
    /// as [`ArrayItem::write_item_at`]; `null` for [`Scalar::None`],
    /// which no caller writes.
    ///
    /// # Safety
    ///
    /// `at` must be valid for writing [`room`](Self::room) bytes.
    #[inline(always)]
    pub(crate) unsafe fn write_at<D: Digits>(self, bits: u64, at: *mut u8, mixed: bool) -> usize {
        // SAFETY: each arm writes a type whose room is this kind's
        // `room`, which the caller makes writable.
        unsafe {
            match self {
                Scalar::None => {
                    at.cast::<[u8; 4]>().write_unaligned(*b"null");
                    4
                }
                Scalar::Bool => (bits != 0).write_item_at::<D>(at, mixed),
                Scalar::U8 => (bits as u8).write_item_at::<D>(at, mixed),
                Scalar::I8 => (bits as i8).write_item_at::<D>(at, mixed),
                Scalar::U32 => (bits as u32).write_item_at::<D>(at, mixed),
                Scalar::I32 => (bits as i32).write_item_at::<D>(at, mixed),
                Scalar::U64 => bits.write_item_at::<D>(at, mixed),
                Scalar::I64 => (bits as i64).write_item_at::<D>(at, mixed),
            }
        }
    }
}

/// About how many bytes one group of elements reserves: small enough that
/// a streaming writer's buffer stays bounded, large enough that the
/// capacity check and the flush test are rare.
const GROUP_BYTES: usize = 4096;

impl<F: Format> JsonWriter<'_, F> {
    /// Whether [`write_scalar_array`] writes this writer's arrays:
    /// everywhere but in canonical output, which checks each number.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn writes_scalar_arrays(&self) -> bool {
        !F::CANONICAL
    }
}

/// Writes `items` as a JSON array, the same bytes as the usual element
/// path: `[1,2]`, or in pretty layout each element on its own line.
///
/// In compact layout the brackets go under the elements' capacity check:
/// a short array (`Vec<Vec<u8>>` of a few bytes each, 0.84 of serde_json's
/// time) is then one check and one pass. Pretty arrays open and close
/// through the writer's own methods, which keep the depth and let inline
/// arrays see them as any other array.
///
/// Only where [`JsonWriter::writes_scalar_arrays`] says so.
///
/// Where the processor has AVX-512 IFMA, the whole loop is compiled a
/// second time with it, so that each element's digits come from
/// `ifma::write_u64` inline rather than through a check and a call. Not
/// in debug builds, where the second copy per element type cost the
/// compile-time benchmark's debug rebuild 2% and bought nothing of note
/// (the crate's own unit tests have it, to check it against serde_json).
#[inline(never)]
pub(crate) fn write_scalar_array<F: Format, T: Element>(w: &mut JsonWriter<'_, F>, items: &[T]) {
    #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
    if !F::PRETTY && T::CHUNKS != Chunks::None && chunked::available() {
        if let Some(bytes) = T::bytes_of(items) {
            // SAFETY: the processor has the features `write_chunked` is
            // compiled with, and `bytes` are `T::CHUNKS`' elements.
            return unsafe { write_chunked(w, T::CHUNKS, bytes, false) };
        }
    }
    #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
    if T::USES_DIGITS && crate::number::ifma_available() {
        // SAFETY: the processor has the features `write_scalar_array_ifma`
        // is compiled with.
        return unsafe { write_scalar_array_ifma(w, items) };
    }
    write_scalar_array_with::<F, T, SharedDigits>(w, items);
}

/// [`write_scalar_array`] with `ifma::write_u64` inline.
///
/// # Safety
///
/// The processor has the features it enables (`ifma_available`).
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_scalar_array_ifma<F: Format, T: Element>(w: &mut JsonWriter<'_, F>, items: &[T]) {
    write_scalar_array_with::<F, T, IfmaDigits>(w, items);
}

/// Writes `rows` (`Vec<Vec<T>>`, `Vec<[T; N]>`) as a JSON array of
/// [`write_scalar_array`]'s arrays, the short compact ones in one loop
/// here: `Vec<Vec<u8>>` of 0 to 5 bytes a
/// row spent a sixth of its time in each row's call, its register saves
/// and its check for IFMA. Longer rows still take [`write_scalar_array`],
/// and pretty ones do not come here, so that this adds only the short
/// compact loop's code per element type (integers and `bool`: rows of 0
/// to 20 `bool`s took 0.39 of serde_json's time through a call per row).
#[inline(never)]
pub(crate) fn write_scalar_rows<F: Format, T: ArrayItem, R: AsRef<[T]>>(
    w: &mut JsonWriter<'_, F>,
    rows: &[R],
) {
    #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
    if T::CHUNKS != Chunks::None && chunked::available() {
        // SAFETY: the processor has the features `write_chunked_rows` is
        // compiled with.
        return unsafe { write_chunked_rows(w, rows) };
    }
    #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
    if T::USES_DIGITS && crate::number::ifma_available() {
        // SAFETY: the processor has the features `write_scalar_rows_ifma`
        // is compiled with.
        return unsafe { write_scalar_rows_ifma(w, rows) };
    }
    write_scalar_rows_with::<F, T, R, SharedDigits>(w, rows);
}

/// [`write_scalar_rows`] with `ifma::write_u64` inline.
///
/// # Safety
///
/// The processor has the features it enables (`ifma_available`).
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_scalar_rows_ifma<F: Format, T: ArrayItem, R: AsRef<[T]>>(
    w: &mut JsonWriter<'_, F>,
    rows: &[R],
) {
    write_scalar_rows_with::<F, T, R, IfmaDigits>(w, rows);
}

/// [`write_scalar_rows`] for rows of bytes or `bool`s (`Vec<Vec<u8>>`,
/// `Vec<[bool; 8]>`), each row through `chunked::write_array`, its comma
/// in the same store.
///
/// # Safety
///
/// The processor has the features it enables (`chunked::available`).
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
unsafe fn write_chunked_rows<F: Format, T: ArrayItem, R: AsRef<[T]>>(
    w: &mut JsonWriter<'_, F>,
    rows: &[R],
) {
    debug_assert!(!F::PRETTY && w.writes_scalar_arrays());
    w.begin_array();
    for (i, row) in rows.iter().enumerate() {
        match T::as_bytes(row.as_ref()) {
            Some(bytes) => {
                // The row's comma goes under the row's own capacity
                // check, as in `write_scalar_rows_with`.
                w.check_element();
                w.check_begin::<R>();
                // SAFETY: the processor has this function's features, and
                // `bytes` are `T::CHUNKS`' elements.
                unsafe { write_chunked(w, T::CHUNKS, bytes, i != 0) };
            }
            // Not bytes after all (the caller checked): the usual path.
            None => {
                w.array_value(i == 0);
                w.check_begin::<R>();
                write_scalar_array(w, row.as_ref());
            }
        }
        w.check_end();
        w.flush_point();
    }
    w.end_array(rows.is_empty());
}

/// `chunked::write_array` with the block writer `kind` names: a constant
/// at every caller, so only that one is compiled in.
///
/// # Safety
///
/// As `chunked::write_array`, for `kind`'s elements.
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
#[inline(always)]
unsafe fn write_chunked<F: Format>(
    w: &mut JsonWriter<'_, F>,
    kind: Chunks,
    items: &[u8],
    comma_before: bool,
) {
    // SAFETY: the caller's guarantees.
    unsafe {
        match kind {
            Chunks::Bytes => chunked::write_array::<F, chunked::Bytes>(w, items, comma_before),
            Chunks::Bools => chunked::write_array::<F, chunked::Bools>(w, items, comma_before),
            // Both callers checked `T::CHUNKS` first: never reached.
            Chunks::None => {}
        }
    }
}

#[inline(always)]
fn write_scalar_rows_with<F: Format, T: ArrayItem, R: AsRef<[T]>, D: Digits>(
    w: &mut JsonWriter<'_, F>,
    rows: &[R],
) {
    debug_assert!(!F::PRETTY && w.writes_scalar_arrays());
    // The short rows share one decision (see `Run::mixed`), from a sample
    // of eight rows; each long row makes its own.
    let mixed = takes_mixed::<T, D>(|| rows_reach_nine_digits(rows));
    w.begin_array();
    for (i, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        if row.len() <= SHORT_ARRAY {
            // The row's comma goes under the row's own capacity check, so
            // that the output's length is stored once a row, not twice.
            w.check_element();
            w.check_begin::<R>();
            w.check_open_array();
            write_short_compact::<F, T, D>(w, row, mixed, i != 0);
        } else {
            w.array_value(i == 0);
            w.check_begin::<R>();
            write_scalar_array(w, row);
        }
        w.check_end();
        w.flush_point();
    }
    w.end_array(rows.is_empty());
}

#[inline(always)]
fn write_scalar_array_with<F: Format, T: Element, D: Digits>(
    w: &mut JsonWriter<'_, F>,
    items: &[T],
) {
    debug_assert!(w.writes_scalar_arrays());
    if F::PRETTY {
        if items.is_empty() {
            w.write_raw("[]");
            return;
        }
        w.begin_array();
    } else {
        w.check_open_array();
        if items.len() <= SHORT_ARRAY {
            let mixed = takes_mixed::<T, D>(|| reaches_nine_digits(items));
            return write_short_compact::<F, T, D>(w, items, mixed, false);
        }
    }
    let mut run = Run::new::<T, F, D>(w, items);
    // An array that fits in one group needs no division: in pretty
    // layout `per_item` is known only here, and a division per array was
    // most of a short one's set-up.
    let group = if items.len().saturating_mul(run.per_item) <= GROUP_BYTES {
        items.len().max(1)
    } else {
        (GROUP_BYTES / run.per_item).max(1)
    };
    let mut rest = items;
    loop {
        let (items, after) = rest.split_at(rest.len().min(group));
        rest = after;
        let last = rest.is_empty();
        write_group::<F, T, D>(w, items, &mut run, last);
        if last {
            break;
        }
        w.flush_point();
    }
    finish::<F>(w);
}

/// The state of an array written in groups: what each element takes and
/// what the next group starts with.
struct Run {
    /// Pretty layout: the line break before each element, `\n` and the
    /// indent, copied from the writer's cached one, padded to
    /// `NEWLINE_PAD` bytes so that a short one is a fixed-size copy.
    line: usize,
    /// The room an element takes at most: its comma, line break and text.
    per_item: usize,
    /// Compact layout only: the `[` before the first group (1, then 0).
    open: usize,
    /// 0 before the first element, 1 after: the `,` is stored every time
    /// and kept from the second element on.
    comma: usize,
    /// Whether the numbers' lengths mix across eight digits, so that `D`
    /// should take its path for that ([`Digits::write_u64_among`]):
    /// decided once per array, from a sample of its elements (of its
    /// first group, gathered from an iterator). Where no number reaches
    /// nine digits, `D`'s usual path is the faster.
    mixed: bool,
    /// Whether the numbers are unsigned, of five to eight digits (from the
    /// same sample), and `D` is better with them two at a time
    /// (`Digits::PAIRS`). `shapes/vec_u32` (below 2^20) took 0.59 of
    /// serde_json's time one at a time on an AMD EPYC (Zen 3): see the
    /// table of changes in docs/performance.md for the figures with them.
    /// Below five digits the scalar tiers are the cheaper.
    #[cfg_attr(
        not(all(target_arch = "x86_64", any(test, not(debug_assertions)))),
        allow(dead_code)
    )]
    pairs: bool,
}

impl Run {
    #[inline(always)]
    fn new<T: Element, F: Format, D: Digits>(w: &mut JsonWriter<'_, F>, first: &[T]) -> Run {
        let line = if F::PRETTY {
            let line = 1 + w.depth * w.indent.len();
            if line + NEWLINE_PAD > w.newline.len() {
                w.deepen_newline(line);
            }
            line
        } else {
            0
        };
        let line_room = if F::PRETTY { line.max(NEWLINE_PAD) } else { 0 };
        let mixed = takes_mixed::<T, D>(|| reaches_nine_digits(first));
        Run {
            line,
            per_item: 1 + line_room + T::ROOM,
            open: usize::from(!F::PRETTY),
            comma: 0,
            mixed,
            pairs: !mixed
                && T::PAIRS
                && D::PAIRS
                && !any_of_sample(first, |item| {
                    !(PAIRS_FROM..WIDE_FROM).contains(&item.item().magnitude())
                }),
        }
    }
}

/// The smallest number of five digits: see `Run::pairs`.
const PAIRS_FROM: u64 = 10_000;

/// Writes one group of elements under one capacity check. In compact
/// layout the group stores a `]` after its elements and keeps it only if
/// it is the `last`.
#[inline(always)]
fn write_group<F: Format, T: Element, D: Digits>(
    w: &mut JsonWriter<'_, F>,
    items: &[T],
    run: &mut Run,
    last: bool,
) {
    let close = usize::from(!F::PRETTY);
    let mixed = always_mixed::<T, D>() || run.mixed;
    let (line, open) = (run.line, run.open);
    let mut comma = run.comma;
    // Debug builds' structure checks, element by element, before the
    // bytes (nothing in release builds).
    for _ in items {
        w.check_element();
        w.check_scalar();
    }
    let newline = w.newline.as_ptr();
    let start = w.buf.spare(open + items.len() * run.per_item + close);
    let mut at = start;
    // SAFETY: `spare` left `open + items.len() * per_item + close`
    // writable bytes at `start`, in spare capacity that no source here
    // overlaps (`newline` is the writer's own `Vec`, apart from `buf`).
    // The `[` takes `open` bytes; each element stores at most `per_item`
    // bytes from where the last one ended: the comma (1), the line break
    // (at most `NEWLINE_PAD`, or `line` when longer; `newline` holds
    // `line + NEWLINE_PAD` bytes, checked in `Run::new`) and the element
    // (`T::ROOM`, all `write_item_at` may store to), and advances by at
    // most that; the `]` takes the `close` bytes after them (stored only
    // when `close` is 1).
    unsafe {
        *at = b'[';
        at = at.add(open);
        // The comma, kept after the first element, and the line break.
        let lead = |mut at: *mut u8, comma: usize| {
            *at = b',';
            at = at.add(comma);
            if F::PRETTY {
                if line <= NEWLINE_PAD {
                    // A load and a store of a fixed size, not a copy:
                    // LLVM merged two copies into one call of `memcpy`
                    // with the size chosen before the loop, a third of
                    // the time of a pretty `Vec<u32>`.
                    let pad = newline.cast::<[u8; NEWLINE_PAD]>().read_unaligned();
                    at.cast::<[u8; NEWLINE_PAD]>().write_unaligned(pad);
                } else {
                    std::ptr::copy_nonoverlapping(newline, at, line);
                }
                at = at.add(line);
            }
            at
        };
        #[allow(unused_mut)]
        let mut rest = items;
        #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
        if T::PAIRS && D::PAIRS && run.pairs {
            // Each text is one eight-byte store, within `T::ROOM`.
            let mut pairs = items.chunks_exact(2);
            for pair in &mut pairs {
                let (a, b) = (pair[0].item().magnitude(), pair[1].item().magnitude());
                if a.max(b) < WIDE_FROM {
                    let (words, lens) = crate::number::two_below_1e8(a, b);
                    at = lead(at, comma);
                    at.cast::<u64>().write_unaligned(words[0].to_le());
                    at = lead(at.add(lens[0]), 1);
                    at.cast::<u64>().write_unaligned(words[1].to_le());
                    at = at.add(lens[1]);
                } else {
                    for item in pair {
                        at = lead(at, comma);
                        at = at.add(item.item().write_item_at::<D>(at, mixed));
                        comma = 1;
                    }
                }
                comma = 1;
            }
            rest = pairs.remainder();
        }
        for item in rest {
            at = lead(at, comma);
            at = at.add(item.item().write_item_at::<D>(at, mixed));
            comma = 1;
        }
        if close == 1 {
            *at = b']';
            at = at.add(usize::from(last));
        }
    }
    run.open = 0;
    run.comma = comma;
    // SAFETY: every byte from `start` to `at` was written above, within
    // the room `spare` reserved, and nothing else touched `buf` since.
    unsafe {
        let written = at.offset_from_unsigned(start);
        w.buf.advance(written);
    }
}

/// Numbers from here up have nine digits or more.
const WIDE_FROM: u64 = 100_000_000;

/// Whether `test` holds for any of eight elements of `items`, spread
/// over it (all of them when there are fewer).
#[inline(always)]
fn any_of_sample<T>(items: &[T], test: impl Fn(&T) -> bool) -> bool {
    let step = (items.len() / 8).max(1);
    let mut any = false;
    let mut i = 0;
    while i < items.len() {
        any |= test(&items[i]);
        i += step;
    }
    any
}

/// Whether some of `items` have nine digits or more, from a sample of
/// them: eight, spread over the array. A scan of every element took
/// `Vec<Option<u32>>` a tenth of its time; whichever way a sample
/// misleads, the text is the same.
#[inline(always)]
fn reaches_nine_digits<T: Element>(items: &[T]) -> bool {
    any_of_sample(items, |item| item.item().magnitude() >= WIDE_FROM)
}

/// [`reaches_nine_digits`] over a sample of eight rows.
fn rows_reach_nine_digits<T: Element, R: AsRef<[T]>>(rows: &[R]) -> bool {
    any_of_sample(rows, |row| reaches_nine_digits(row.as_ref()))
}

/// Whether the digit writer `D` takes its path of mixed lengths for every
/// array of `T`, whatever the numbers (see `ArrayItem::ALWAYS_MIXED`): a
/// constant, so that loops over such arrays have one copy. Only where `D`
/// writes a `None` as digits (`Digits::NONE_AS_DIGITS`), which is what
/// sends `Option`s there: elsewhere they go by the sample, as integers do.
const fn always_mixed<T: Element, D: Digits>() -> bool {
    D::HEEDS_MIXED && D::NONE_AS_DIGITS && T::ALWAYS_MIXED
}

/// Whether an array of `T` takes `D`'s path of mixed lengths (see
/// `Run::mixed`): always where [`always_mixed`], else where its numbers
/// can be long and `reaches` finds one of nine digits or more.
#[inline(always)]
fn takes_mixed<T: Element, D: Digits>(reaches: impl FnOnce() -> bool) -> bool {
    always_mixed::<T, D>() || (D::HEEDS_MIXED && T::LONG_DIGITS && reaches())
}

/// Closes an array whose last group [`write_group`] wrote.
#[inline(always)]
fn finish<F: Format>(w: &mut JsonWriter<'_, F>) {
    if F::PRETTY {
        w.end_array(false);
    } else {
        w.check_close_array();
    }
}

/// Elements an iterator's array is gathered in before each group.
const CHUNK: usize = 64;

/// Moves up to [`CHUNK`] elements from `items` into `chunk` and returns
/// them.
#[inline(always)]
fn gather<'c, T: ArrayItem>(
    chunk: &'c mut [MaybeUninit<T>; CHUNK],
    items: &mut impl Iterator<Item = T>,
) -> &'c [T] {
    let mut n = 0;
    for (slot, item) in chunk.iter_mut().zip(items) {
        slot.write(item);
        n += 1;
    }
    // SAFETY: the first `n` elements of `chunk` were written just above,
    // and the slice borrows `chunk` for as long as it lives.
    unsafe { std::slice::from_raw_parts(chunk.as_ptr().cast::<T>(), n) }
}

/// Writes `items`, the elements of a set, a `VecDeque` or a list, as a
/// JSON array, as [`write_scalar_array`] writes a slice: gathered into
/// groups of [`CHUNK`] on the stack. Element by element, a `BTreeSet<u32>`
/// took 1.6 times serde_json's time: the output's length went through
/// memory several times per element.
#[inline(never)]
pub(crate) fn write_scalar_iter<F, T, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    T: ArrayItem,
    I: ExactSizeIterator<Item = T>,
{
    #[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
    if T::USES_DIGITS && crate::number::ifma_available() {
        // SAFETY: the processor has the features `write_scalar_iter_ifma`
        // is compiled with.
        return unsafe { write_scalar_iter_ifma(w, items) };
    }
    write_scalar_iter_with::<F, T, I, SharedDigits>(w, items);
}

/// [`write_scalar_iter`] with `ifma::write_u64` inline.
///
/// # Safety
///
/// The processor has the features it enables (`ifma_available`).
#[cfg(all(target_arch = "x86_64", any(test, not(debug_assertions))))]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512ifma,avx512vbmi,lzcnt")]
unsafe fn write_scalar_iter_ifma<F, T, I>(w: &mut JsonWriter<'_, F>, items: I)
where
    F: Format,
    T: ArrayItem,
    I: ExactSizeIterator<Item = T>,
{
    write_scalar_iter_with::<F, T, I, IfmaDigits>(w, items);
}

#[inline(always)]
fn write_scalar_iter_with<F, T, I, D>(w: &mut JsonWriter<'_, F>, mut items: I)
where
    F: Format,
    T: ArrayItem,
    I: ExactSizeIterator<Item = T>,
    D: Digits,
{
    let mut chunk = [const { MaybeUninit::<T>::uninit() }; CHUNK];
    let first = gather(&mut chunk, &mut items);
    if items.len() == 0 {
        // All of it in one group: the slice's own path, short arrays and
        // `[]` included.
        return write_scalar_array_with::<F, T, D>(w, first);
    }
    if F::PRETTY {
        w.begin_array();
    } else {
        w.check_open_array();
    }
    let mut run = Run::new::<T, F, D>(w, first);
    write_group::<F, T, D>(w, first, &mut run, false);
    loop {
        w.flush_point();
        let group = gather(&mut chunk, &mut items);
        let last = items.len() == 0;
        write_group::<F, T, D>(w, group, &mut run, last);
        if last {
            break;
        }
    }
    finish::<F>(w);
}

/// Compact arrays of up to this many elements take [`write_short_compact`].
///
/// At 16, rows of 0 to 20 elements went one loop or the other by turns, a
/// branch that mispredicts, and the longer ones through the groups'
/// set-up. At 32 (`to_vec` time / serde_json's, 41 interleaved rounds,
/// two runs each): `Vec<Vec<bool>>` 0.328 -> 0.308, `Vec<Vec<i32>>` 0.203
/// -> 0.179, `Vec<(u32, i64)>` 0.19 -> 0.155; `Vec<u32>`, `Vec<i64>`
/// unchanged. A short array alone takes the path of mixed lengths from a
/// sample, as a long one does: arrays of 17 to 32 `i64`s of 1 to 19
/// digits took 0.36 without it, 0.285 with it, as at 16. Build: 100
/// mixed types' stripped binary 1,274 -> 1,276 KiB.
const SHORT_ARRAY: usize = 32;

/// A compact array of at most [`SHORT_ARRAY`] elements: one check for a
/// constant room, the brackets and the elements in one loop, none of the
/// groups' arithmetic or flush tests. `Vec<Vec<u8>>` of 0 to 5 bytes each
/// took 0.42 of serde_json's time, most of it in the set-up of each row.
#[inline(always)]
fn write_short_compact<F: Format, T: Element, D: Digits>(
    w: &mut JsonWriter<'_, F>,
    items: &[T],
    mixed: bool,
    comma_before: bool,
) {
    debug_assert!(!F::PRETTY && items.len() <= SHORT_ARRAY);
    for _ in items {
        w.check_element();
        w.check_scalar();
    }
    let start = w.buf.spare(3 + SHORT_ARRAY * (1 + T::ROOM));
    // SAFETY: `spare` left `3 + SHORT_ARRAY * (1 + T::ROOM)` writable
    // bytes at `start`: a comma (stored always, kept if `comma_before`),
    // the `[`, then for each of the at most `SHORT_ARRAY` elements a comma
    // (stored always, kept after the first) and the element's `T::ROOM`,
    // all `write_item_at` may store to, and the `]` after the last. The
    // output advances over the bytes written, from `start` to the `]`
    // included.
    unsafe {
        *start = b',';
        let open = start.add(usize::from(comma_before));
        *open = b'[';
        let mut at = open.add(1);
        let mut comma = 0;
        for item in items {
            let item = item.item();
            *at = b',';
            at = at.add(comma);
            at = at.add(item.write_item_at::<D>(at, mixed));
            comma = 1;
        }
        *at = b']';
        w.buf.advance(at.offset_from_unsigned(start) + 1);
    }
    w.check_close_array();
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    /// `values` as a `Vec` of `T`, compact and pretty, against serde_json;
    /// on x86_64 with and without the IFMA loop, so that both are checked
    /// on a processor that has it.
    fn both_paths<T: Serialize + crate::ToJson>(values: &[T]) {
        let check = || {
            assert_eq!(
                crate::to_vec(values).unwrap(),
                serde_json::to_vec(values).unwrap()
            );
            assert_eq!(
                crate::to_vec_pretty(values).unwrap(),
                serde_json::to_vec_pretty(values).unwrap()
            );
        };
        check();
        #[cfg(target_arch = "x86_64")]
        crate::number::scalar_only(check);
    }

    #[test]
    fn int_arrays_match_serde_json_on_both_paths() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut values = Vec::new();
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Every bit length, so every digit count.
            values.push(x >> (x % 64));
        }
        both_paths(&values);
        both_paths(&values.iter().map(|&v| v as i64).collect::<Vec<_>>());
        both_paths(&values.iter().map(|&v| v as u32).collect::<Vec<_>>());
        both_paths(&values.iter().map(|&v| v as i32).collect::<Vec<_>>());
        both_paths(&values.iter().map(|&v| v as u16).collect::<Vec<_>>());
        both_paths(&values.iter().map(|&v| v as i16).collect::<Vec<_>>());
        both_paths(&values.iter().map(|&v| v as u8).collect::<Vec<_>>());
        both_paths(&[u64::MAX, 0, 99, 100, 10_000_000_000_000_000]);
        both_paths(&[i64::MIN, -1, 0, i64::MAX, -100, -99]);
        both_paths::<u32>(&[]);
        let options: Vec<Option<i64>> = values
            .iter()
            .map(|&v| (v % 3 != 0).then_some(v as i64))
            .collect();
        both_paths(&options);
        fn cast<T>(options: &[Option<i64>], f: impl Fn(i64) -> T) -> Vec<Option<T>> {
            options.iter().map(|v| v.map(&f)).collect()
        }
        both_paths(&cast(&options, |v| v as u8));
        // 32 bits and less, `null` stored and the digits over it or past it.
        both_paths(&cast(&options, |v| v as u32));
        both_paths(&cast(&options, |v| v as i32));
        both_paths(&cast(&options, |v| v as i16));
        both_paths(&[None, Some(i32::MIN), None, Some(0), Some(i32::MAX), None]);
        both_paths(&[Some(u32::MAX), None, Some(0), None]);
        both_paths(&values.iter().map(|&v| v % 2 == 0).collect::<Vec<_>>());
        let pairs: Vec<(u32, i64)> = values.iter().map(|&v| (v as u32, v as i64)).collect();
        both_paths(&pairs);
        both_paths(
            &pairs
                .iter()
                .map(|&(a, b)| (b, a % 2 == 0))
                .collect::<Vec<_>>(),
        );
        // Gathered from an iterator in groups of `CHUNK`.
        let set: std::collections::BTreeSet<u64> = values.iter().copied().collect();
        let expected = serde_json::to_vec(&set).unwrap();
        let check = || {
            assert_eq!(crate::to_vec(&set).unwrap(), expected);
            assert_eq!(
                crate::to_vec_pretty(&set).unwrap(),
                serde_json::to_vec_pretty(&set).unwrap()
            );
        };
        check();
        #[cfg(target_arch = "x86_64")]
        crate::number::scalar_only(check);
    }

    /// Arrays take `Digits::Wide` when a sample of their elements has one
    /// of nine digits or more: the same text with long numbers where the
    /// sample sees them, where it does not, and nowhere.
    #[test]
    fn either_digit_writer_whatever_the_sample_sees() {
        for len in [17u64, 24, 100, 1000] {
            for stride in [1, 2, 3, 5, 12, 13, 125] {
                for offset in [0, 1, 5] {
                    let values: Vec<u64> = (0..len)
                        .map(|i| match i % stride == offset {
                            true => 10_000_000_000_000 * (i + 1) + i,
                            false => i % 1000,
                        })
                        .collect();
                    both_paths(&values);
                    both_paths(&values.iter().map(|&v| -(v as i64)).collect::<Vec<_>>());
                    both_paths(
                        &values
                            .iter()
                            .map(|&v| (v % 4_000_000_000) as u32)
                            .collect::<Vec<_>>(),
                    );
                    both_paths(
                        &values
                            .iter()
                            .map(|&v| -((v % 2_000_000_000) as i32))
                            .collect::<Vec<_>>(),
                    );
                    both_paths(
                        &values
                            .iter()
                            .map(|&v| ((v % 4_000_000_000) as u32, -((v % 999_999_999) as i32)))
                            .collect::<Vec<_>>(),
                    );
                    // Short rows decide once for all, long ones each.
                    for width in [3, 16, 17, 32, 33] {
                        let rows: Vec<Vec<u32>> = values
                            .chunks(width)
                            .map(|row| row.iter().map(|&v| (v % 4_000_000_000) as u32).collect())
                            .collect();
                        both_paths(&rows);
                    }
                    both_paths(
                        &values
                            .iter()
                            .map(|&v| (v % 7 != 3).then_some(v as u32))
                            .collect::<Vec<_>>(),
                    );
                }
            }
        }
    }

    /// Every length around [`super::SHORT_ARRAY`], where compact arrays
    /// change loops, in each integer width, as rows of a `Vec<Vec<_>>` too.
    #[test]
    fn short_and_long_arrays_match_serde_json() {
        let limit = super::SHORT_ARRAY + 2;
        let values: Vec<u64> = (0..limit as u64)
            .map(|i| (u64::MAX >> (i * 7 % 64)).wrapping_sub(i))
            .collect();
        for len in 0..=limit {
            let row = &values[..len];
            both_paths(row);
            both_paths(&row.iter().map(|&v| v as i64).collect::<Vec<_>>());
            both_paths(&row.iter().map(|&v| v as u32).collect::<Vec<_>>());
            both_paths(&row.iter().map(|&v| v as i16).collect::<Vec<_>>());
            both_paths(&row.iter().map(|&v| v as u8).collect::<Vec<_>>());
            let rows: Vec<Vec<u8>> = (0..=len)
                .map(|n| row[..n].iter().map(|&v| v as u8).collect())
                .collect();
            both_paths(&rows);
            let rows: Vec<Vec<i64>> = (0..=len)
                .map(|n| row[..n].iter().map(|&v| v as i64).collect())
                .collect();
            both_paths(&rows);
            let rows: Vec<Vec<bool>> = (0..=len)
                .map(|n| row[..n].iter().map(|&v| v % 3 == 0).collect())
                .collect();
            both_paths(&rows);
        }
        both_paths::<Vec<u8>>(&[]);
        both_paths(&[Vec::<u32>::new()]);
    }

    /// `values[..len]` for each of `lengths`: alone and as rows (compact
    /// and pretty, with and without the block writers), and streamed
    /// through `to_writer` as two rows, against serde_json.
    fn prefixes_match_serde_json<T>(values: &[T], lengths: &[usize])
    where
        T: Serialize + crate::ToJson + Clone,
    {
        for &len in lengths {
            let row = &values[..len];
            both_paths(row);
            both_paths(&[row.to_vec(), Vec::new(), row.to_vec()]);
            let streamed = || {
                let mut out = Vec::new();
                crate::to_writer(&mut out, &[row, row]).unwrap();
                assert_eq!(out, serde_json::to_vec(&[row, row]).unwrap(), "{len}");
            };
            streamed();
            #[cfg(target_arch = "x86_64")]
            crate::number::scalar_only(streamed);
        }
    }

    /// Unsigned arrays of five to eight digits, which take the pairs (see
    /// `Run::pairs`), of odd and even lengths past the short arrays and
    /// around a group, with numbers of other lengths among them that the
    /// sample misses (a pair with one falls back to the usual writer).
    #[test]
    fn five_to_eight_digit_arrays_match_serde_json_in_pairs() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut values: Vec<u64> = (0..3_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                10_000 + x % (super::WIDE_FROM - 10_000)
            })
            .collect();
        for i in [1, 7, 40, 41, 999, 1_000, 2_998] {
            values[i] = [0, 99_999_999, 100_000_000, u64::MAX, 9_999, 5][i % 6];
        }
        let mut lengths: Vec<usize> = (30..=70).collect();
        lengths.extend([999, 1_000, 1_001, values.len()]);
        prefixes_match_serde_json(&values, &lengths);
        let narrow: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        prefixes_match_serde_json(&narrow, &[33, 34, 1_000, 1_001]);
        let short: Vec<u16> = values
            .iter()
            .map(|&v| (v % 55_536 + 10_000) as u16)
            .collect();
        prefixes_match_serde_json(&short, &[33, 34, 1_001]);
    }

    /// Byte arrays of every length around a chunk and a group (see
    /// `chunked::write_array`), and fixed-size arrays of them.
    #[test]
    fn byte_arrays_match_serde_json_across_chunks_and_groups() {
        let bytes: Vec<u8> = (0..5_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut lengths: Vec<usize> = (0..=40).collect();
        // A group is about `GROUP_BYTES` of text, four bytes a byte at
        // most (x86_64 only: elsewhere there are no blocks).
        #[cfg(target_arch = "x86_64")]
        for edge in [1, 2].map(|k| k * super::chunked::GROUP_BYTES / 4) {
            lengths.extend(edge - 17..=edge + 17);
        }
        lengths.push(bytes.len());
        prefixes_match_serde_json(&bytes, &lengths);
        both_paths(&[[7u8, 0, 255, 100, 99, 10, 9]; 3]);
    }

    /// The same for `bool`s, whose blocks are 24 long (three chunks of
    /// eight).
    #[test]
    fn bool_arrays_match_serde_json_across_blocks_and_groups() {
        let bools: Vec<bool> = (0..5_000u32)
            .map(|i| i.wrapping_mul(2_654_435_761) >> 17 & 1 == 1)
            .collect();
        let mut lengths: Vec<usize> = (0..=80).collect();
        // A group is a whole number of blocks of about `GROUP_BYTES` of
        // text, six bytes a `bool` at most.
        #[cfg(target_arch = "x86_64")]
        for edge in [1, 2].map(|k| k * (super::chunked::GROUP_BYTES / 6 / 24 * 24)) {
            lengths.extend(edge - 25..=edge + 25);
        }
        lengths.push(bools.len());
        prefixes_match_serde_json(&bools, &lengths);
        both_paths(&[[true, false, true]; 5]);
        both_paths(&[[false; 30]; 2]);
    }

    /// Rows go through [`super::write_scalar_rows`]' one loop; streamed, the
    /// writer still drains between them, and the bytes are serde_json's.
    #[test]
    fn rows_stream_as_serde_json_writes_them() {
        let rows: Vec<Vec<u32>> = (0..200_000u32)
            .map(|i| {
                (0..i % 7)
                    .map(|j| i.wrapping_mul(2_654_435_761) >> j)
                    .collect()
            })
            .collect();
        let expected = serde_json::to_vec(&rows).unwrap();
        let mut out = Vec::new();
        crate::to_writer(&mut out, &rows).unwrap();
        assert_eq!(out, expected);
        assert_eq!(crate::to_vec(&rows).unwrap(), expected);
        assert_eq!(
            crate::to_vec_pretty(&rows).unwrap(),
            serde_json::to_vec_pretty(&rows).unwrap()
        );
    }
}
