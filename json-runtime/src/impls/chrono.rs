//! chrono's types, written as chrono's own `Serialize` impls (its `serde`
//! feature) make serde_json write them:
//!
//! | type | JSON |
//! |---|---|
//! | `DateTime<Tz>` | `"2024-02-29T13:05:09.120+05:30"`, RFC 3339 with `Z` for a zero offset |
//! | `NaiveDateTime` | `"2024-02-29T13:05:09.120"` |
//! | `NaiveDate` | `"2024-02-29"` |
//! | `NaiveTime` | `"13:05:09.120"` |
//! | `Weekday` | `"Thu"` |
//! | `Month` | `"February"` |
//! | `TimeDelta` (`Duration`) | `[secs, nanos]`, chrono's internal pair with `0 <= nanos < 1e9` |
//!
//! Years outside 0..=9999 get a sign and at least four digits (`+10000`,
//! `-0001`). The fraction has 0, 3, 6 or 9 digits, the fewest that are
//! exact. A leap second is written as second 60. The offset is rounded to
//! the minute, as chrono does.
//!
//! Every type written as a string is also a [`ToJsonKey`].

use crate::writer::{ValueWriter, Written};
use ::chrono::{
    DateTime, Datelike, FixedOffset, Month, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeDelta,
    TimeZone, Timelike, Weekday,
};

use super::datetime_text::{write_int_array, QuotedAscii};
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// A year as chrono's `Debug` writes it: four digits within 0..=9999, and
/// otherwise a sign and at least four digits (`{year:+05}`).
#[inline]
fn push_year(text: &mut QuotedAscii, year: i32) {
    if (0..=9999).contains(&year) {
        text.digits_padded(year as u64, 4);
    } else {
        text.push(if year < 0 { b'-' } else { b'+' });
        text.digits_padded(u64::from(year.unsigned_abs()), 4);
    }
}

#[inline]
fn push_date(text: &mut QuotedAscii, date: NaiveDate) {
    push_year(text, date.year());
    text.push(b'-');
    text.two_digits(date.month() as u8);
    text.push(b'-');
    text.two_digits(date.day() as u8);
}

/// `HH:MM:SS` and the shortest of no, 3, 6 or 9 fraction digits that is
/// exact. A leap second (`nanosecond() >= 1e9`) is second 60.
#[inline]
fn push_time(text: &mut QuotedAscii, time: NaiveTime) {
    let (mut second, mut nano) = (time.second(), time.nanosecond());
    if nano >= 1_000_000_000 {
        second += 1;
        nano -= 1_000_000_000;
    }
    text.two_digits(time.hour() as u8);
    text.push(b':');
    text.two_digits(time.minute() as u8);
    text.push(b':');
    text.two_digits(second as u8);
    if nano == 0 {
        return;
    }
    text.push(b'.');
    if nano % 1_000_000 == 0 {
        text.digits_padded(u64::from(nano / 1_000_000), 3);
    } else if nano % 1_000 == 0 {
        text.digits_padded(u64::from(nano / 1_000), 6);
    } else {
        text.nine_digits(nano);
    }
}

/// `Z` for a zero offset, else `+HH:MM`, rounded to the nearest minute.
#[inline]
fn push_offset(text: &mut QuotedAscii, offset: FixedOffset) {
    let seconds = offset.local_minus_utc();
    if seconds == 0 {
        text.push(b'Z');
        return;
    }
    text.push(if seconds < 0 { b'-' } else { b'+' });
    let minutes = (seconds.unsigned_abs() + 30) / 60;
    text.two_digits((minutes / 60) as u8);
    text.push(b':');
    text.two_digits((minutes % 60) as u8);
}

#[inline]
fn push_date_time(text: &mut QuotedAscii, date_time: NaiveDateTime) {
    push_date(text, date_time.date());
    text.push(b'T');
    push_time(text, date_time.time());
}

/// Implements `ToJson` and `ToJsonKey` alike from one function that
/// formats the (unquoted) text.
macro_rules! string_impls {
    ($(impl[$($generics:tt)*] $ty:ty => |$value:ident, $text:ident| $body:block)*) => {$(
        impl<$($generics)*> ToJson for $ty {
            #[inline]
            fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
                let w = w.w;
                let $value = self;
                let mut $text = QuotedAscii::new();
                $body
                $text.write_to(w);
                Written(())
            }
        }

        impl<$($generics)*> ToJsonKey for $ty {
            #[inline]
            fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
                self.write_json(ValueWriter { w: &mut *w });
            }
        }
    )*};
}

string_impls! {
    impl[Tz: TimeZone] DateTime<Tz> => |value, text| {
        push_date_time(&mut text, value.naive_local());
        push_offset(&mut text, value.offset().fix());
    }
    impl[] NaiveDateTime => |value, text| {
        push_date_time(&mut text, *value);
    }
    impl[] NaiveDate => |value, text| {
        push_date(&mut text, *value);
    }
    impl[] NaiveTime => |value, text| {
        push_time(&mut text, *value);
    }
    impl[] Weekday => |value, text| {
        text.push_str(match value {
            Weekday::Mon => "Mon",
            Weekday::Tue => "Tue",
            Weekday::Wed => "Wed",
            Weekday::Thu => "Thu",
            Weekday::Fri => "Fri",
            Weekday::Sat => "Sat",
            Weekday::Sun => "Sun",
        });
    }
    impl[] Month => |value, text| {
        text.push_str(match value {
            Month::January => "January",
            Month::February => "February",
            Month::March => "March",
            Month::April => "April",
            Month::May => "May",
            Month::June => "June",
            Month::July => "July",
            Month::August => "August",
            Month::September => "September",
            Month::October => "October",
            Month::November => "November",
            Month::December => "December",
        });
    }
}

/// chrono serializes a `TimeDelta` as its two fields, `(secs, nanos)`,
/// where `nanos` is always in `0..1e9` and `secs` rounds toward negative
/// infinity: -1.5 s is `[-2,500000000]`. The public accessors round toward
/// zero instead, so this converts back.
impl ToJson for TimeDelta {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let (mut secs, mut nanos) = (self.num_seconds(), self.subsec_nanos());
        if nanos < 0 {
            secs -= 1;
            nanos += 1_000_000_000;
        }
        write_int_array(w, &[secs, i64::from(nanos)]);
        Written(())
    }
}
