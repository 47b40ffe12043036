//! The one way a value is encoded: a writer set up from a `Config`, the
//! value's encoder, then the output or the first error. Every entry point
//! (the free functions, `Options`, `PrettyFormatter`, files, sequences,
//! `par`, the web and Tokio writers) is a few lines on top of these.

use std::io;
use std::marker::PhantomData;

use crate::buf::sizes::INITIAL_CAPACITY;
use crate::error::Error;
use crate::to_json::ToJson;
use crate::writer::{Config, Format, JsonWriter};

/// Encodes `value` into memory as `config` and `F` say, or returns the
/// error a value written through serde reported.
///
/// The value's encoder is the one part of an entry point that depends on
/// its type; it reaches the rest, [`encode_in_memory`], as an [`Erased`]
/// value, so the writer's setup and teardown are compiled once per layout,
/// not once per type (312 bytes of `.text` each). This function is only
/// that and a call, inline: out of line it was one more function per
/// type. 100 structs of `Vec` fields (`compile_time.py --shape vec --types
/// 100 --runs 5 --modes release`): net rlib 2,247 -> 2,213 KiB, stripped
/// binary 1,124 -> 1,114 KiB, release rebuild 0.49x -> 0.48x serde's CPU;
/// the mixed set, 100 types: 3,185 -> 3,148 KiB, 1,258 -> 1,248 KiB,
/// 0.80x -> 0.77x. (Inline with a `&dyn` value in place of `Erased`, the
/// release rebuild of 100 structs of `bool` or `Vec` fields took 1.34x
/// and 1.23x serde's CPU time, against 1.09-1.14x and 0.96x out of line;
/// LLVM's codegen time grew, for a reason not pinned down.) The indirect
/// call costs one jump per document.
#[inline]
pub(crate) fn to_vec<F: Format, T: ToJson + ?Sized>(
    config: &Config<'_>,
    value: &T,
) -> Result<Vec<u8>, Error> {
    encode_in_memory::<F>(config, Erased::new(&value))
}

/// A value as the one thing the entry points need of it: its address and
/// the function that encodes a value of its type.
///
/// Not a `&dyn` trait object: each type's vtable took 32 bytes of
/// `.data.rel.ro`, a dynamic relocation (24 bytes) for its function
/// pointer, and a symbol and a section of its own in the rlib; a function
/// pointer is one `lea`, relative to the code. Nor `dyn FnMut`, whose
/// vtable brings a `FnOnce::call_once` shim per type too.
struct Erased<'a, F: Format> {
    /// A `&T`, behind one more reference so that the pointer is thin
    /// whatever `T` is.
    value: *const (),
    /// `encode_erased::<F, T>` for that same `T`.
    encode: unsafe fn(*const (), &mut JsonWriter<'_, F>),
    /// The `&&T` that `value` was made from.
    lifetime: PhantomData<&'a ()>,
}

impl<'a, F: Format> Erased<'a, F> {
    #[inline(always)]
    fn new<T: ToJson + ?Sized>(value: &'a &'a T) -> Self {
        Erased {
            value: std::ptr::from_ref(value).cast(),
            encode: encode_erased::<F, T>,
            lifetime: PhantomData,
        }
    }

    #[inline(always)]
    fn encode(&self, w: &mut JsonWriter<'_, F>) {
        // SAFETY: `new` made `value` from a `&&T` borrowed for `'a`, which
        // outlives `self`, and `encode` is `encode_erased::<F, T>` for the
        // same `T`: the pointer is to a live `&T`, as it requires.
        unsafe { (self.encode)(self.value, w) }
    }
}

/// Encodes the `&T` at `value`.
///
/// # Safety
///
/// `value` points to a live `&T`.
unsafe fn encode_erased<F: Format, T: ToJson + ?Sized>(
    value: *const (),
    w: &mut JsonWriter<'_, F>,
) {
    // SAFETY: the caller's guarantee; `&T` is `Copy`.
    let value = unsafe { *value.cast::<&T>() };
    // Debug builds check that the impl wrote one value.
    w.value(value);
}

/// [`to_vec`] once the value's type is out of the way.
#[inline(never)]
fn encode_in_memory<F: Format>(
    config: &Config<'_>,
    value: Erased<'_, F>,
) -> Result<Vec<u8>, Error> {
    let mut w = JsonWriter::<F>::in_memory(config, Vec::with_capacity(INITIAL_CAPACITY));
    value.encode(&mut w);
    w.into_result()
}

/// Streams `value` into `out` as `config` and `F` say, through a buffer of
/// at most 512 KiB; the first error is returned (an I/O error as the
/// writer returned it) and nothing is written to `out` after it.
///
/// Split from the writer's setup as [`to_vec`] is, for the same reasons;
/// still out of line, one function per value and sink type, as it was
/// measured last.
#[inline(never)]
pub(crate) fn to_writer<F: Format, W: io::Write, T: ToJson + ?Sized>(
    config: &Config<'_>,
    mut out: W,
    value: &T,
) -> Result<(), Error> {
    encode_streaming::<F>(config, &mut out, Erased::new(&value))
}

/// [`to_writer`] once the value's and the sink's types are out of the way.
#[inline(never)]
fn encode_streaming<F: Format>(
    config: &Config<'_>,
    out: &mut dyn io::Write,
    value: Erased<'_, F>,
) -> Result<(), Error> {
    let mut w = JsonWriter::<F>::streaming(config, out);
    value.encode(&mut w);
    // A value's error reaches the sink as an `io::Error` holding it, which
    // `From` unwraps again.
    w.finish_io().map_err(Error::from)
}

/// Compact output, or pretty output whose indent is text, as a `String`;
/// an indent that is not UTF-8 is replaced lossily.
pub(crate) fn into_text(bytes: Vec<u8>, config: &Config<'_>) -> String {
    if config.indent_is_text() {
        into_string(bytes)
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// In-memory output as text. Compact output is always text; pretty output
/// is when its indent is (callers check with `into_text`).
pub(crate) fn into_string(bytes: Vec<u8>) -> String {
    // SAFETY: `bytes` is what an in-memory `JsonWriter` wrote, and every
    // write puts valid UTF-8 after valid UTF-8:
    // - ASCII: structure, numbers (through `buf_mut`), `write_ascii` (the
    //   crate's own date and address text, built from ASCII and from whole
    //   `&str`s that `Display` produced);
    // - whole `&str`s: `write_raw`, `key_dyn`, `static_entries`, compact
    //   `key`; escaped strings copy runs of their `&str` cut only before an
    //   ASCII byte that is escaped, or, in the other `Escape` modes, at
    //   character boundaries;
    // - pretty `key` cuts its literal after its first and before its last
    //   byte, which it asserts are ASCII, so between characters;
    // - the pretty indent: compact output writes none, and the callers that
    //   write one check first that it is UTF-8.
    // Pieces that split a character (long raw text, in `Buf::extend_slow`)
    // exist only when streaming to an `io::Write`, never in memory. The
    // output options only move whole runs of these bytes: sorting moves
    // entries that start after and end before an ASCII `{`, `[` or `,`, and
    // inline arrays drop a newline with whole copies of the indent after
    // it. So the bytes are UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}
