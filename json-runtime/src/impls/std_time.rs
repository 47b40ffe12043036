//! `std::time`'s `Duration` and `SystemTime`, written as serde's structs.

use crate::writer::{ValueWriter, Written};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::Error;
use crate::{Format, JsonWriter, ToJson};

/// `{"secs":u64,"nanos":u32}`, with `nanos` below one second.
impl ToJson for Duration {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        w.key("{\"secs\":");
        self.as_secs().write_json(ValueWriter { w: &mut *w });
        w.key(",\"nanos\":");
        self.subsec_nanos().write_json(ValueWriter { w: &mut *w });
        w.end_object();
        Written(())
    }
}

/// `{"secs_since_epoch":..,"nanos_since_epoch":..}`, the time since
/// `UNIX_EPOCH` with `nanos_since_epoch` below one second.
///
/// A time before `UNIX_EPOCH` is serde's error, "SystemTime must be later
/// than UNIX_EPOCH", as serde_json returns it, and nothing more is written.
impl ToJson for SystemTime {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        match self.duration_since(UNIX_EPOCH) {
            Ok(since) => write_since_epoch(w, since.as_secs(), since.subsec_nanos()),
            Err(_) => before_epoch(w),
        }
        Written(())
    }
}

#[inline]
fn write_since_epoch<F: Format, S: ToJson>(w: &mut JsonWriter<'_, F>, secs: S, nanos: u32) {
    w.key("{\"secs_since_epoch\":");
    secs.write_json(ValueWriter { w: &mut *w });
    w.key(",\"nanos_since_epoch\":");
    nanos.write_json(ValueWriter { w: &mut *w });
    w.end_object();
}

#[cold]
#[inline(never)]
fn before_epoch<F: Format>(w: &mut JsonWriter<'_, F>) {
    w.fail(Error::new("SystemTime must be later than UNIX_EPOCH"));
}
