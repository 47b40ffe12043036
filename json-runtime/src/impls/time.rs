//! The time crate's types, written as time's own `Serialize` impls make
//! serde_json write them.
//!
//! time has two representations, and which one its `Serialize` impls use
//! depends on its `serde-human-readable` feature. Cargo unifies features,
//! so any crate in the build can turn that on. json-runtime therefore does
//! not guess: the first time a type is written, it runs time's own
//! `Serialize` impl for a sample value once against a probe serializer that
//! says it is human-readable (as serde_json does) and records whether time
//! asked for a string. After that, each value costs one relaxed atomic load
//! on top of the formatting, which is done here, on the stack.
//!
//! | type | with `serde-human-readable` | without |
//! |---|---|---|
//! | `Date` | `"2024-02-29"` | `[2024,60]` (year, ordinal) |
//! | `Time` | `"13:05:09.12"` | `[13,5,9,120000000]` |
//! | `PrimitiveDateTime`, `UtcDateTime` | `"2024-02-29 13:05:09.12"` | `[2024,60,13,5,9,120000000]` |
//! | `OffsetDateTime` | `"2024-02-29 13:05:09.12 +05:30:00"` | `[2024,60,13,5,9,120000000,5,30,0]` |
//! | `UtcOffset` | `"-05:30:00"` | `[-5,-30,0]` |
//! | `Duration` | `"-1.500000000"` | `[-1,-500000000]` |
//! | `Weekday` | `"Monday"` | `1` (number from Monday) |
//! | `Month` | `"January"` | `1` |
//!
//! The fraction of a second has at least one digit and no trailing zeros.
//! Years beyond 9999 (time's `large-dates`) get a `+`, negative years a `-`.
//!
//! Only `Weekday` and `Month` are [`ToJsonKey`]s: serde_json accepts
//! their string and their integer form as keys. The other types are
//! arrays without `serde-human-readable`, which serde_json rejects as keys,
//! so a key impl could not promise serde_json's output.

use crate::writer::{ValueWriter, Written};
use ::time::{
    Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset, Weekday,
};

use super::datetime_text::{write_int_array, QuotedAscii};
use super::serde_probe::{Form, Probed};
use crate::{Format, JsonWriter, ToJson, ToJsonKey};

/// Which representation time's `Serialize` impl picks for one type, found
/// out on first use.
struct Representation(Probed);

impl Representation {
    const fn new() -> Self {
        Representation(Probed::new())
    }

    /// Whether time writes this type as a string for serde_json. `sample`
    /// is only run the first time (or by racing threads, which agree).
    #[inline]
    fn is_string<T: serde::Serialize>(&self, sample: impl FnOnce() -> T) -> bool {
        self.0.form(sample) == Form::Str
    }
}

static DATE: Representation = Representation::new();
static TIME: Representation = Representation::new();
static PRIMITIVE_DATE_TIME: Representation = Representation::new();
static UTC_DATE_TIME: Representation = Representation::new();
static OFFSET_DATE_TIME: Representation = Representation::new();
static UTC_OFFSET: Representation = Representation::new();
static DURATION: Representation = Representation::new();
static WEEKDAY: Representation = Representation::new();
static MONTH: Representation = Representation::new();

// ---- the string forms, as time's `serde-human-readable` formats write them

/// `-` for a negative year, `+` for one above 9999 (time's `large-dates`),
/// and at least four digits.
#[inline]
fn push_year(text: &mut QuotedAscii, year: i32) {
    if year < 0 {
        text.push(b'-');
    } else if year >= 10_000 {
        text.push(b'+');
    }
    text.digits_padded(u64::from(year.unsigned_abs()), 4);
}

#[inline]
fn push_date(text: &mut QuotedAscii, date: Date) {
    push_year(text, date.year());
    text.push(b'-');
    text.two_digits(u8::from(date.month()));
    text.push(b'-');
    text.two_digits(date.day());
}

/// `HH:MM:SS.f`: the fraction has at least one digit and no trailing zeros.
#[inline]
fn push_time(text: &mut QuotedAscii, time: Time) {
    text.two_digits(time.hour());
    text.push(b':');
    text.two_digits(time.minute());
    text.push(b':');
    text.two_digits(time.second());
    text.push(b'.');
    let mut nanos = time.nanosecond();
    let mut digits = 9;
    while digits > 1 && nanos.is_multiple_of(10) {
        nanos /= 10;
        digits -= 1;
    }
    text.digits_padded(u64::from(nanos), digits);
}

/// `+HH:MM:SS`, the sign always written and taken from the whole offset.
#[inline]
fn push_offset(text: &mut QuotedAscii, offset: UtcOffset) {
    text.push(if offset.is_negative() { b'-' } else { b'+' });
    text.two_digits(offset.whole_hours().unsigned_abs());
    text.push(b':');
    text.two_digits(offset.minutes_past_hour().unsigned_abs());
    text.push(b':');
    text.two_digits(offset.seconds_past_minute().unsigned_abs());
}

const WEEKDAY_NAMES: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

// ---- each type in either form

#[inline]
fn write_date<F: Format>(w: &mut JsonWriter<'_, F>, date: Date, as_string: bool) {
    if as_string {
        let mut text = QuotedAscii::new();
        push_date(&mut text, date);
        text.write_to(w);
    } else {
        write_int_array(w, &[date.year().into(), date.ordinal().into()]);
    }
}

#[inline]
fn write_time<F: Format>(w: &mut JsonWriter<'_, F>, time: Time, as_string: bool) {
    if as_string {
        let mut text = QuotedAscii::new();
        push_time(&mut text, time);
        text.write_to(w);
    } else {
        write_int_array(
            w,
            &[
                time.hour().into(),
                time.minute().into(),
                time.second().into(),
                time.nanosecond().into(),
            ],
        );
    }
}

/// A `PrimitiveDateTime` or `UtcDateTime`, and with `offset` an
/// `OffsetDateTime` (its local date and time, in its own offset).
#[inline]
fn write_date_time<F: Format>(
    w: &mut JsonWriter<'_, F>,
    date: Date,
    time: Time,
    offset: Option<UtcOffset>,
    as_string: bool,
) {
    if as_string {
        let mut text = QuotedAscii::new();
        push_date(&mut text, date);
        text.push(b' ');
        push_time(&mut text, time);
        if let Some(offset) = offset {
            text.push(b' ');
            push_offset(&mut text, offset);
        }
        text.write_to(w);
    } else {
        let date_time = [
            date.year().into(),
            date.ordinal().into(),
            time.hour().into(),
            time.minute().into(),
            time.second().into(),
            time.nanosecond().into(),
        ];
        match offset {
            None => write_int_array(w, &date_time),
            Some(offset) => {
                let [year, ordinal, hour, minute, second, nano] = date_time;
                write_int_array(
                    w,
                    &[
                        year,
                        ordinal,
                        hour,
                        minute,
                        second,
                        nano,
                        offset.whole_hours().into(),
                        offset.minutes_past_hour().into(),
                        offset.seconds_past_minute().into(),
                    ],
                );
            }
        }
    }
}

#[inline]
fn write_offset<F: Format>(w: &mut JsonWriter<'_, F>, offset: UtcOffset, as_string: bool) {
    if as_string {
        let mut text = QuotedAscii::new();
        push_offset(&mut text, offset);
        text.write_to(w);
    } else {
        write_int_array(
            w,
            &[
                offset.whole_hours().into(),
                offset.minutes_past_hour().into(),
                offset.seconds_past_minute().into(),
            ],
        );
    }
}

/// The string form is `{sign}{seconds}.{nine digits}`; the numbers are
/// `[whole_seconds, subsec_nanoseconds]`, both carrying the sign.
#[inline]
fn write_duration<F: Format>(w: &mut JsonWriter<'_, F>, duration: Duration, as_string: bool) {
    if as_string {
        let mut text = QuotedAscii::new();
        if duration.is_negative() {
            text.push(b'-');
        }
        text.digits_padded(duration.whole_seconds().unsigned_abs(), 1);
        text.push(b'.');
        text.nine_digits(duration.subsec_nanoseconds().unsigned_abs());
        text.write_to(w);
    } else {
        write_int_array(
            w,
            &[
                duration.whole_seconds(),
                duration.subsec_nanoseconds().into(),
            ],
        );
    }
}

/// A name or a number, as a value or as a key. Both are valid serde_json
/// keys: a number key is written quoted.
#[inline]
fn write_name_or_number<F: Format>(
    w: &mut JsonWriter<'_, F>,
    (name, number): (&str, u8),
    as_string: bool,
    key: bool,
) {
    if as_string {
        let mut text = QuotedAscii::new();
        text.push_str(name);
        text.write_to(w);
    } else if key {
        number.write_json_key(w);
    } else {
        number.write_json(ValueWriter { w: &mut *w });
    }
}

#[inline]
fn weekday_parts(day: Weekday) -> (&'static str, u8) {
    let number = day.number_from_monday();
    (WEEKDAY_NAMES[usize::from(number - 1)], number)
}

#[inline]
fn month_parts(month: Month) -> (&'static str, u8) {
    let number = u8::from(month);
    (MONTH_NAMES[usize::from(number - 1)], number)
}

// ---- the impls: ask time once per type which form it uses

impl ToJson for Date {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_date(w, *self, DATE.is_string(|| Date::MIN));
        Written(())
    }
}

impl ToJson for Time {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_time(w, *self, TIME.is_string(|| Time::MIDNIGHT));
        Written(())
    }
}

impl ToJson for PrimitiveDateTime {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let as_string = PRIMITIVE_DATE_TIME.is_string(|| PrimitiveDateTime::MIN);
        write_date_time(w, self.date(), self.time(), None, as_string);
        Written(())
    }
}

impl ToJson for UtcDateTime {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let as_string = UTC_DATE_TIME.is_string(|| UtcDateTime::MIN);
        write_date_time(w, self.date(), self.time(), None, as_string);
        Written(())
    }
}

impl ToJson for OffsetDateTime {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let as_string = OFFSET_DATE_TIME.is_string(|| OffsetDateTime::UNIX_EPOCH);
        write_date_time(w, self.date(), self.time(), Some(self.offset()), as_string);
        Written(())
    }
}

impl ToJson for UtcOffset {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_offset(w, *self, UTC_OFFSET.is_string(|| UtcOffset::UTC));
        Written(())
    }
}

impl ToJson for Duration {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        write_duration(w, *self, DURATION.is_string(|| Duration::ZERO));
        Written(())
    }
}

impl ToJson for Weekday {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let as_string = WEEKDAY.is_string(|| Weekday::Monday);
        write_name_or_number(w, weekday_parts(*self), as_string, false);
        Written(())
    }
}

impl ToJsonKey for Weekday {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let as_string = WEEKDAY.is_string(|| Weekday::Monday);
        write_name_or_number(w, weekday_parts(*self), as_string, true);
    }
}

impl ToJson for Month {
    #[inline]
    fn write_json<F: Format>(&self, w: ValueWriter<'_, '_, F>) -> Written {
        let w = w.w;
        let as_string = MONTH.is_string(|| Month::January);
        write_name_or_number(w, month_parts(*self), as_string, false);
        Written(())
    }
}

impl ToJsonKey for Month {
    #[inline]
    fn write_json_key<F: Format>(&self, w: &mut JsonWriter<'_, F>) {
        let as_string = MONTH.is_string(|| Month::January);
        write_name_or_number(w, month_parts(*self), as_string, true);
    }
}

/// Both forms, whichever one time's features select in this build. The
/// number forms are compared with serde_json writing the same tuples that
/// time's `Serialize` impls build; tests/datetime.rs compares the string
/// forms with time's own impls.
#[cfg(test)]
mod tests {
    use ::time::{Date, Duration, Month, Time, UtcOffset, Weekday};
    use serde::Serialize;

    use super::*;
    use crate::{Compact, Pretty};

    fn serializes_as_str<T: Serialize + ?Sized>(value: &T) -> bool {
        crate::impls::serde_probe::form_of(value) == Form::Str
    }

    fn ours(write: impl Fn(&mut JsonWriter<'_, Compact>)) -> String {
        let mut w = JsonWriter::<Compact>::in_memory(&crate::writer::Config::DEFAULT, Vec::new());
        write(&mut w);
        String::from_utf8(w.into_buf()).unwrap()
    }

    fn ours_pretty(write: impl Fn(&mut JsonWriter<'_, Pretty>)) -> String {
        let mut w = JsonWriter::<Pretty>::in_memory(&crate::writer::Config::DEFAULT, Vec::new());
        write(&mut w);
        String::from_utf8(w.into_buf()).unwrap()
    }

    #[track_caller]
    fn check<T: Serialize>(
        compact: impl Fn(&mut JsonWriter<'_, Compact>),
        pretty: impl Fn(&mut JsonWriter<'_, Pretty>),
        tuple: T,
    ) {
        assert_eq!(ours(compact), serde_json::to_string(&tuple).unwrap());
        assert_eq!(
            ours_pretty(pretty),
            serde_json::to_string_pretty(&tuple).unwrap()
        );
    }

    fn dates() -> Vec<Date> {
        let mut dates = vec![Date::MIN, Date::MAX];
        for year in [-9999, -1, 0, 1, 1970, 2024, 9999] {
            for (month, day) in [
                (Month::January, 1),
                (Month::February, 29),
                (Month::December, 31),
            ] {
                if let Ok(date) = Date::from_calendar_date(year, month, day) {
                    dates.push(date);
                }
            }
        }
        dates
    }

    fn times() -> Vec<Time> {
        [
            (0, 0, 0, 0),
            (23, 59, 59, 999_999_999),
            (1, 2, 3, 120_000_000),
            (12, 0, 0, 1),
        ]
        .into_iter()
        .map(|(h, m, s, n)| Time::from_hms_nano(h, m, s, n).unwrap())
        .collect()
    }

    fn offsets() -> Vec<UtcOffset> {
        [
            (0, 0, 0),
            (0, -30, -15),
            (-5, -30, 0),
            (5, 30, 0),
            (25, 59, 59),
            (-25, -59, -59),
        ]
        .into_iter()
        .map(|(h, m, s)| UtcOffset::from_hms(h, m, s).unwrap())
        .collect()
    }

    #[test]
    fn number_forms() {
        for date in dates() {
            check(
                |w| write_date(w, date, false),
                |w| write_date(w, date, false),
                (date.year(), date.ordinal()),
            );
            for time in times() {
                check(
                    |w| write_date_time(w, date, time, None, false),
                    |w| write_date_time(w, date, time, None, false),
                    (
                        date.year(),
                        date.ordinal(),
                        time.hour(),
                        time.minute(),
                        time.second(),
                        time.nanosecond(),
                    ),
                );
                for offset in offsets() {
                    check(
                        |w| write_date_time(w, date, time, Some(offset), false),
                        |w| write_date_time(w, date, time, Some(offset), false),
                        (
                            date.year(),
                            date.ordinal(),
                            time.hour(),
                            time.minute(),
                            time.second(),
                            time.nanosecond(),
                            offset.whole_hours(),
                            offset.minutes_past_hour(),
                            offset.seconds_past_minute(),
                        ),
                    );
                }
            }
        }
        for time in times() {
            check(
                |w| write_time(w, time, false),
                |w| write_time(w, time, false),
                (time.hour(), time.minute(), time.second(), time.nanosecond()),
            );
        }
        for offset in offsets() {
            check(
                |w| write_offset(w, offset, false),
                |w| write_offset(w, offset, false),
                (
                    offset.whole_hours(),
                    offset.minutes_past_hour(),
                    offset.seconds_past_minute(),
                ),
            );
        }
        for duration in [
            Duration::ZERO,
            Duration::MIN,
            Duration::MAX,
            Duration::milliseconds(-1_500),
            Duration::nanoseconds(1),
        ] {
            check(
                |w| write_duration(w, duration, false),
                |w| write_duration(w, duration, false),
                (duration.whole_seconds(), duration.subsec_nanoseconds()),
            );
        }
        let mut day = Weekday::Monday;
        for _ in 0..7 {
            let parts = weekday_parts(day);
            check(
                |w| write_name_or_number(w, parts, false, false),
                |w| write_name_or_number(w, parts, false, false),
                day.number_from_monday(),
            );
            assert_eq!(
                ours(|w| write_name_or_number(w, parts, false, true)),
                format!("\"{}\"", day.number_from_monday()),
            );
            day = day.next();
        }
        for number in 1..=12u8 {
            let parts = month_parts(Month::try_from(number).unwrap());
            check(
                |w| write_name_or_number(w, parts, false, false),
                |w| write_name_or_number(w, parts, false, false),
                number,
            );
        }
    }

    #[test]
    fn string_forms() {
        let date = Date::from_calendar_date(2024, Month::February, 29).unwrap();
        let time = Time::from_hms_nano(13, 5, 9, 120_000_000).unwrap();
        let offset = UtcOffset::from_hms(-5, -30, 0).unwrap();
        assert_eq!(ours(|w| write_date(w, date, true)), r#""2024-02-29""#);
        assert_eq!(ours(|w| write_time(w, time, true)), r#""13:05:09.12""#);
        assert_eq!(
            ours(|w| write_date_time(w, date, time, Some(offset), true)),
            r#""2024-02-29 13:05:09.12 -05:30:00""#,
        );
        assert_eq!(
            ours(|w| write_duration(w, Duration::milliseconds(-1_500), true)),
            r#""-1.500000000""#,
        );
        let parts = weekday_parts(Weekday::Sunday);
        assert_eq!(
            ours(|w| write_name_or_number(w, parts, true, true)),
            r#""Sunday""#
        );
        let parts = month_parts(Month::December);
        assert_eq!(
            ours(|w| write_name_or_number(w, parts, true, false)),
            r#""December""#
        );
    }

    /// The probe agrees with what time's `Serialize` does in this build,
    /// checked independently through serde_json.
    #[test]
    fn probe_matches_serde_json() {
        let as_string = serde_json::to_string(&Date::MIN).unwrap().starts_with('"');
        assert_eq!(DATE.is_string(|| Date::MIN), as_string);
        assert_eq!(serializes_as_str(&Month::May), as_string);
        assert_eq!(serializes_as_str(&Duration::ZERO), as_string);
        assert!(serializes_as_str("a str"));
        assert!(!serializes_as_str(&(1, 2)));
        assert!(!serializes_as_str(&1u8));
    }
}
