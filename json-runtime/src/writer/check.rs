//! The structure checks of debug builds: which containers are open, where
//! in an object or array the output stands, and how many values each
//! `write_json` call the crate makes on a value's behalf wrote. A
//! hand-written impl that writes no value, two values, a key outside an
//! object or leaves a bracket open would otherwise produce invalid JSON in
//! silence; here it panics, naming the type whose impl did it.
//!
//! Release builds have none of it: the writer's `check` field and every
//! hook's body are `cfg(debug_assertions)`, so the hooks the writer's
//! methods call are empty inline functions there.
//!
//! Values written through serde are not looked into ([`suspend`]): serde's
//! own state machine orders their calls, and the bridge counts each as one
//! value.
//!
//! [`suspend`]: JsonWriter::check_suspend

#[cfg(debug_assertions)]
use super::check_state::{check_failed, container, Call, Expect, Frame};
use super::format::Format;
use super::json_writer::JsonWriter;

// The hooks. Each is `inline(always)` and empty in release builds; in debug
// builds each is a call out of line, so that the writer's inlined methods
// and recursive encoders gain no stack for it.
impl<F: Format> JsonWriter<'_, F> {
    /// A `write_json` call on behalf of a value of type `T` begins; it must
    /// write exactly one value before [`check_end`](Self::check_end).
    ///
    /// Out of line in debug builds, where the type's name would otherwise
    /// take a slot in the frame of every recursive encoder that calls it.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn check_begin<T: ?Sized>(&mut self) {
        #[cfg(debug_assertions)]
        self.check_begin_named(std::any::type_name::<T>());
    }

    /// The call begun by the matching [`check_begin`](Self::check_begin)
    /// returned.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn check_end(&mut self) {
        #[cfg(debug_assertions)]
        self.check_end_call();
    }

    /// A whole value was written at the current position: a scalar or raw
    /// JSON text.
    #[inline(always)]
    pub(crate) fn check_scalar(&mut self) {
        #[cfg(debug_assertions)]
        self.check_value();
    }

    /// An object opens (`{`); `with_key` when a key literal opened it, so
    /// that its value comes next.
    #[inline(always)]
    pub(super) fn check_open_object(&mut self, with_key: bool) {
        #[cfg(debug_assertions)]
        self.check_open(if with_key { Expect::Value } else { Expect::Key });
        #[cfg(not(debug_assertions))]
        let _ = with_key;
    }

    /// An array opens (`[`).
    #[inline(always)]
    pub(super) fn check_open_array(&mut self) {
        #[cfg(debug_assertions)]
        self.check_open(Expect::Separator);
    }

    /// An array opened by an earlier writer goes on (pieces of one output).
    #[inline(always)]
    pub(super) fn check_resume_array(&mut self) {
        #[cfg(debug_assertions)]
        if self.check.suspended == 0 {
            self.check.frames.push(Frame {
                expect: Expect::Separator,
                values: 1,
            });
        }
    }

    /// A key literal, `{"key":` (opening an object) or `,"key":`.
    #[inline(always)]
    pub(super) fn check_key_literal(&mut self, literal: &str) {
        #[cfg(debug_assertions)]
        self.check_key_literal_now(literal.as_bytes().first().copied());
        #[cfg(not(debug_assertions))]
        let _ = literal;
    }

    /// What precedes a key written by other means: the key's text follows,
    /// then [`colon`](Self::colon).
    #[inline(always)]
    pub(super) fn check_entry(&mut self) {
        #[cfg(debug_assertions)]
        self.check_next_key(Expect::KeyText);
    }

    /// The colon after a key's text.
    #[inline(always)]
    pub(super) fn check_colon(&mut self) {
        #[cfg(debug_assertions)]
        self.check_colon_now();
    }

    /// What precedes an array element.
    #[inline(always)]
    pub(super) fn check_element(&mut self) {
        #[cfg(debug_assertions)]
        self.check_element_now();
    }

    /// An object closes (`}`).
    #[inline(always)]
    pub(super) fn check_close_object(&mut self) {
        #[cfg(debug_assertions)]
        self.check_close(Expect::Key);
    }

    /// An array closes (`]`).
    #[inline(always)]
    pub(super) fn check_close_array(&mut self) {
        #[cfg(debug_assertions)]
        self.check_close(Expect::Separator);
    }

    /// Values written from here to [`check_resume`](Self::check_resume)
    /// are not looked into: serde orders them.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn check_suspend(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.check.suspended += 1;
        }
    }

    /// Ends [`check_suspend`](Self::check_suspend).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn check_resume(&mut self) {
        #[cfg(debug_assertions)]
        {
            self.check.suspended -= 1;
        }
    }
}

#[cfg(debug_assertions)]
impl<F: Format> JsonWriter<'_, F> {
    /// Whether the checks look at what is written now: not inside serde,
    /// and not after a failure, whose output is discarded (a `Serialize`
    /// impl that failed may have left a container open, legitimately).
    fn checking(&self) -> bool {
        self.check.suspended == 0 && !self.failed()
    }

    #[cold]
    #[inline(never)]
    fn check_failed(&self, what: std::fmt::Arguments<'_>) -> ! {
        check_failed(self.check.type_name(), what)
    }

    #[inline(never)]
    fn check_begin_named(&mut self, type_name: &'static str) {
        if self.check.suspended > 0 {
            return;
        }
        let frames = self.check.frames.len();
        let values = self.check.top().values;
        let (drains, len) = (self.buf.drains(), self.buf.len());
        self.check.calls.push(Call {
            type_name,
            frames,
            values,
            drains,
            len,
        });
    }

    #[inline(never)]
    fn check_end_call(&mut self) {
        if self.check.suspended > 0 {
            return;
        }
        let call = *self
            .check
            .calls
            .last()
            .expect("check_end after check_begin");
        if self.checking() {
            if self.check.frames.len() > call.frames {
                let open = container(self.check.frames[call.frames].expect);
                self.check_failed(format_args!("left {open} open"));
            }
            let written = self.check.top().values - call.values;
            match written {
                1 => {}
                0 if self.buf.drains() != call.drains || self.buf.len() > call.len => {
                    // Written without a hook (digits put into the buffer):
                    // one value, since hooks see every other kind.
                    self.check_value();
                }
                0 => self.check_failed(format_args!("wrote no value")),
                n => self.check_failed(format_args!("wrote {n} values")),
            }
        }
        self.check.calls.pop();
    }

    #[inline(never)]
    fn check_value(&mut self) {
        if !self.checking() {
            return;
        }
        let next = match self.check.top().expect {
            // The text of a key (a key type's `write_json_key`) is not a value.
            Expect::KeyText => return,
            Expect::Document => Expect::Document,
            Expect::Value => Expect::Key,
            Expect::Element => Expect::Separator,
            Expect::Key => check_failed(
                self.check.misplaced_value_by(),
                format_args!("wrote a value where an object key belongs"),
            ),
            Expect::Separator => check_failed(
                self.check.misplaced_value_by(),
                format_args!("wrote 2 values in one array element"),
            ),
        };
        let frame = self.check.top();
        frame.expect = next;
        frame.values += 1;
    }

    #[inline(never)]
    fn check_open(&mut self, expect: Expect) {
        if !self.checking() {
            return;
        }
        self.check_value();
        self.check.frames.push(Frame { expect, values: 0 });
    }

    #[inline(never)]
    fn check_next_key(&mut self, next: Expect) {
        if !self.checking() {
            return;
        }
        match self.check.top().expect {
            Expect::Key => self.check.top().expect = next,
            Expect::Value | Expect::KeyText => {
                self.check_failed(format_args!("wrote an object key with no value after it"))
            }
            outside => {
                let outside = container(outside);
                self.check_failed(format_args!(
                    "wrote an object key in {outside}, outside any object"
                ))
            }
        }
    }

    #[inline(never)]
    fn check_key_literal_now(&mut self, first: Option<u8>) {
        if !self.checking() {
            return;
        }
        match first {
            Some(b'{') => self.check_open(Expect::Value),
            Some(b',') => self.check_next_key(Expect::Value),
            _ => self.check_failed(format_args!(
                "wrote a key literal that starts with neither `{{` nor `,`"
            )),
        }
    }

    #[inline(never)]
    fn check_colon_now(&mut self) {
        if !self.checking() {
            return;
        }
        if self.check.top().expect == Expect::KeyText {
            self.check.top().expect = Expect::Value;
        } else {
            self.check_failed(format_args!("wrote a colon that does not follow a key"));
        }
    }

    #[inline(never)]
    fn check_element_now(&mut self) {
        if !self.checking() {
            return;
        }
        match self.check.top().expect {
            Expect::Separator => self.check.top().expect = Expect::Element,
            Expect::Element => {
                self.check_failed(format_args!("wrote an array element with no value"))
            }
            outside => {
                let outside = container(outside);
                self.check_failed(format_args!(
                    "wrote an array separator in {outside}, outside any array"
                ))
            }
        }
    }

    #[inline(never)]
    fn check_close(&mut self, expect: Expect) {
        if !self.checking() {
            return;
        }
        let floor = self.check.calls.last().map_or(1, |call| call.frames);
        let frame = *self.check.top();
        let closing = if expect == Expect::Key {
            "an object"
        } else {
            "an array"
        };
        if self.check.frames.len() <= floor {
            self.check_failed(format_args!("closed {closing} that it did not open"));
        }
        match (expect, frame.expect) {
            (Expect::Key, Expect::Key) | (Expect::Separator, Expect::Separator) => {}
            (Expect::Key, Expect::Value | Expect::KeyText) => {
                self.check_failed(format_args!("wrote an object key with no value after it"))
            }
            (Expect::Separator, Expect::Element) => {
                self.check_failed(format_args!("wrote an array element with no value"))
            }
            (_, open) => {
                let open = container(open);
                self.check_failed(format_args!("closed {closing} where {open} was open"))
            }
        }
        self.check.frames.pop();
    }
}
