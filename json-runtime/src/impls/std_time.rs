//! `std::time`'s `Duration` and `SystemTime`, written as serde's structs.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::{Format, JsonWriter, ToJson};

/// `{"secs":u64,"nanos":u32}`, with `nanos` below one second.
impl ToJson for Duration {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        w.key("{\"secs\":");
        self.as_secs().write_json(w);
        w.key(",\"nanos\":");
        self.subsec_nanos().write_json(w);
        w.end_object();
    }
}

/// `{"secs_since_epoch":..,"nanos_since_epoch":..}`, the time since
/// `UNIX_EPOCH` with `nanos_since_epoch` below one second.
///
/// A time before `UNIX_EPOCH` gets a negative `secs_since_epoch`, rounded
/// down, with `nanos_since_epoch` still counting up from it: 1.5 s before
/// the epoch is `{"secs_since_epoch":-2,"nanos_since_epoch":500000000}`.
/// serde_json returns the error "SystemTime must be later than UNIX_EPOCH"
/// there. Such a time is an ordinary value (a file date from 1969, a clock
/// set wrong), so json-runtime neither panics nor writes a made-up value:
/// it writes the exact time in the same shape, which serde's
/// `Deserialize for SystemTime` rejects loudly (`secs_since_epoch` must be
/// a `u64`), and which matches how chrono's `TimeDelta` splits a negative
/// duration.
impl ToJson for SystemTime {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        match self.duration_since(UNIX_EPOCH) {
            Ok(since) => write_since_epoch(w, since.as_secs(), since.subsec_nanos()),
            Err(before) => write_before_epoch(w, before.duration()),
        }
    }
}

#[inline]
fn write_since_epoch<F: Format, S: ToJson>(w: &mut JsonWriter<'_, F>, secs: S, nanos: u32) {
    w.key("{\"secs_since_epoch\":");
    secs.write_json(w);
    w.key(",\"nanos_since_epoch\":");
    nanos.write_json(w);
    w.end_object();
}

/// `before` is how long before the epoch the time is, and not zero.
#[cold]
fn write_before_epoch<F: Format>(w: &mut JsonWriter<'_, F>, before: Duration) {
    // i128 holds the negation of any u64, and the one below it.
    let secs = -i128::from(before.as_secs());
    match before.subsec_nanos() {
        0 => write_since_epoch(w, secs, 0),
        nanos => write_since_epoch(w, secs - 1, 1_000_000_000 - nanos),
    }
}
