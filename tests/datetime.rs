//! chrono, time and uuid types (json-runtime's `chrono`, `time` and `uuid`
//! features) compared byte for byte with those crates' own serde impls
//! through serde_json, compact and pretty, as values, inside derived types
//! and as map keys.
//!
//! This crate turns on time's `serde-human-readable` and `large-dates`, so
//! time writes strings and years up to six digits here. The number forms
//! that time writes without `serde-human-readable` are checked by the unit
//! tests in json-runtime/src/impls/time.rs.

use std::collections::{BTreeMap, HashMap};

use json_runtime::ToJson;
use json_tests::{assert_compact, assert_same, same};
use proptest::prelude::*;
use serde::Serialize;

mod chrono_types {
    use super::*;
    use chrono::{
        DateTime, Datelike, FixedOffset, Local, Month, NaiveDate, NaiveDateTime, NaiveTime,
        TimeDelta, TimeZone, Utc, Weekday,
    };

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn time(h: u32, m: u32, s: u32, nano: u32) -> NaiveTime {
        NaiveTime::from_hms_nano_opt(h, m, s, nano).unwrap()
    }

    /// Years at every boundary of chrono's formatting: four digits within
    /// 0..=9999, a sign and at least four digits outside, up to the range.
    fn edge_years() -> Vec<i32> {
        let mut years = vec![
            NaiveDate::MIN.year(),
            NaiveDate::MAX.year(),
            -262_143,
            -262_142,
            -100_000,
            -99_999,
            -10_000,
            -9_999,
            -1_000,
            -999,
            -100,
            -99,
            -10,
            -9,
            -1,
            0,
            1,
            9,
            10,
            99,
            100,
            999,
            1000,
            1969,
            1970,
            1999,
            2000,
            2024,
            9_999,
            10_000,
            99_999,
            100_000,
            262_141,
            262_142,
        ];
        years.retain(|&y| NaiveDate::from_ymd_opt(y, 6, 15).is_some());
        years
    }

    /// Fractions that take each of chrono's 0, 3, 6 and 9 digit forms, and
    /// leap-second fractions (at or above one second).
    const NANOS: &[u32] = &[
        0,
        1,
        9,
        10,
        999,
        1_000,
        1_001,
        10_000,
        999_000,
        999_999,
        1_000_000,
        1_000_001,
        100_000_000,
        120_000_000,
        123_456_000,
        123_456_789,
        500_000_000,
        999_000_000,
        999_999_000,
        999_999_999,
    ];
    const LEAP_NANOS: &[u32] = &[
        1_000_000_000,
        1_000_000_001,
        1_000_001_000,
        1_001_000_000,
        1_500_000_000,
        1_999_999_999,
    ];

    /// Offsets in seconds: zero, sub-minute (chrono rounds to the minute,
    /// and writes `+00:00`, not `Z`, for a nonzero offset rounding to zero),
    /// negative, half hours and the extremes.
    const OFFSETS: &[i32] = &[
        0, 1, -1, 29, 30, -29, -30, 59, -59, 60, -60, 89, 90, 3_600, -3_600, 3_630, 19_800,
        -19_800, 20_700, -34_200, 36_000, 50_400, -43_200, 86_340, 86_369, 86_370, 86_399, -86_399,
    ];

    #[test]
    fn naive_dates() {
        for year in edge_years() {
            for (m, d) in [(1, 1), (2, 28), (6, 15), (12, 31)] {
                same!(date(year, m, d));
            }
        }
        same!(
            NaiveDate::MIN,
            NaiveDate::MAX,
            date(2024, 2, 29),
            date(2000, 2, 29)
        );
        assert_compact(&date(2024, 2, 29), r#""2024-02-29""#);
        assert_compact(&date(-1, 1, 1), r#""-0001-01-01""#);
        assert_compact(&date(10_000, 1, 1), r#""+10000-01-01""#);
        // Every day of a leap year, so every month and day pair is written.
        let mut day = date(2024, 1, 1);
        while day.year() == 2024 {
            same!(day);
            day = day.succ_opt().unwrap();
        }
    }

    #[test]
    fn naive_times() {
        for &nano in NANOS {
            for (h, m, s) in [(0, 0, 0), (1, 2, 3), (9, 59, 59), (12, 0, 0), (23, 59, 59)] {
                same!(time(h, m, s, nano));
            }
        }
        for &nano in LEAP_NANOS {
            for (h, m) in [(23, 59), (0, 0), (12, 30)] {
                same!(time(h, m, 59, nano));
            }
        }
        same!(NaiveTime::MIN);
        assert_compact(&time(13, 5, 9, 120_000_000), r#""13:05:09.120""#);
        assert_compact(&time(13, 5, 9, 123_400), r#""13:05:09.000123400""#);
        assert_compact(&time(23, 59, 59, 1_500_000_000), r#""23:59:60.500""#);
        for h in 0..24 {
            for m in 0..60 {
                same!(time(h, m, (h + m) % 60, 0));
            }
        }
    }

    #[test]
    fn naive_date_times() {
        for year in edge_years() {
            for &nano in NANOS.iter().step_by(3) {
                same!(NaiveDateTime::new(date(year, 3, 4), time(5, 6, 7, nano)));
            }
            same!(NaiveDateTime::new(
                date(year, 12, 31),
                time(23, 59, 59, 1_999_999_999)
            ));
        }
        same!(NaiveDateTime::MIN, NaiveDateTime::MAX);
        assert_compact(
            &NaiveDateTime::new(date(2016, 12, 31), time(23, 59, 59, 1_000_000_000)),
            r#""2016-12-31T23:59:60""#,
        );
    }

    #[test]
    fn date_times_utc() {
        same!(
            DateTime::<Utc>::MIN_UTC,
            DateTime::<Utc>::MAX_UTC,
            DateTime::<Utc>::UNIX_EPOCH
        );
        for year in edge_years() {
            for &nano in NANOS.iter().step_by(2) {
                same!(date(year, 7, 8).and_time(time(9, 10, 11, nano)).and_utc());
            }
        }
        let leap = date(2016, 12, 31)
            .and_time(time(23, 59, 59, 1_250_000_000))
            .and_utc();
        same!(leap);
        assert_compact(&leap, r#""2016-12-31T23:59:60.250Z""#);
        assert_compact(
            &DateTime::from_timestamp(0, 0).unwrap(),
            r#""1970-01-01T00:00:00Z""#,
        );
    }

    #[test]
    fn date_times_fixed_offset() {
        let instants = [
            date(2024, 2, 29).and_time(time(13, 5, 9, 120_000_000)),
            date(1970, 1, 1).and_time(time(0, 0, 0, 0)),
            date(-1, 12, 31).and_time(time(23, 59, 59, 999_999_999)),
            date(9_999, 12, 31).and_time(time(23, 0, 0, 1)),
            date(2016, 12, 31).and_time(time(23, 59, 59, 1_000_000_000)),
            date(2016, 12, 31).and_time(time(23, 59, 59, 1_999_999_999)),
        ];
        for &seconds in OFFSETS {
            let offset = FixedOffset::east_opt(seconds).unwrap();
            for instant in instants {
                same!(offset.from_utc_datetime(&instant));
            }
            // The edges of chrono's range, where the local time is still
            // in range. Past it, chrono's `naive_local` panics, in its
            // serde impl and in ours alike (see below).
            if seconds >= 0 {
                same!(DateTime::<Utc>::MIN_UTC.with_timezone(&offset));
            }
            if seconds <= 0 {
                same!(DateTime::<Utc>::MAX_UTC.with_timezone(&offset));
            }
        }
        let ist = FixedOffset::east_opt(19_800).unwrap();
        assert_compact(
            &ist.from_utc_datetime(&instants[0]),
            r#""2024-02-29T18:35:09.120+05:30""#,
        );
        let west = FixedOffset::west_opt(30).unwrap();
        assert_compact(
            &west.from_utc_datetime(&instants[1]),
            r#""1969-12-31T23:59:30-00:01""#,
        );
        let tiny = FixedOffset::east_opt(29).unwrap();
        assert_compact(
            &tiny.from_utc_datetime(&instants[1]),
            r#""1970-01-01T00:00:29+00:00""#,
        );
    }

    /// A `DateTime` whose local time is past chrono's range exists, but
    /// chrono's serde impl panics on it ("Local time out of range"), and so
    /// does json-runtime, rather than invent a text for it.
    #[test]
    fn local_time_out_of_range_panics_in_both() {
        let east = FixedOffset::east_opt(3_600).unwrap();
        let west = FixedOffset::west_opt(3_600).unwrap();
        let past_max = DateTime::<Utc>::MAX_UTC.with_timezone(&east);
        let past_min = DateTime::<Utc>::MIN_UTC.with_timezone(&west);
        for value in [past_max, past_min] {
            let serde = std::panic::catch_unwind(|| serde_json::to_vec(&value));
            let ours = std::panic::catch_unwind(|| json_runtime::to_vec(&value));
            assert!(serde.is_err() && ours.is_err());
        }
    }

    #[test]
    fn date_times_local() {
        let now = Local::now();
        same!(now, now.with_timezone(&Utc), now.fixed_offset());
        for secs in [0, 1, -1, 1_700_000_000, -14_182_940, 4_102_444_800] {
            let utc = DateTime::from_timestamp(secs, 123_000).unwrap();
            same!(utc.with_timezone(&Local));
        }
    }

    #[test]
    fn weekdays_and_months() {
        let mut day = Weekday::Mon;
        for _ in 0..7 {
            same!(day);
            day = day.succ();
        }
        assert_compact(&Weekday::Thu, r#""Thu""#);
        for number in 1..=12u8 {
            same!(Month::try_from(number).unwrap());
        }
        assert_compact(&Month::February, r#""February""#);
    }

    #[test]
    fn time_deltas() {
        same!(
            TimeDelta::zero(),
            TimeDelta::MIN,
            TimeDelta::MAX,
            TimeDelta::nanoseconds(1),
            TimeDelta::nanoseconds(-1),
            TimeDelta::milliseconds(-1_500),
            TimeDelta::milliseconds(1_500),
            TimeDelta::seconds(-3),
            TimeDelta::seconds(86_400 * 365),
            TimeDelta::microseconds(-999_999),
            TimeDelta::new(-5, 999_999_999).unwrap(),
            TimeDelta::new(i64::MAX / 1_000, 807_000_000).unwrap()
        );
        assert_compact(&TimeDelta::milliseconds(-1_500), "[-2,500000000]");
        for nanos in [
            -1_000_000_001i64,
            -999_999_999,
            -1,
            0,
            1,
            999_999_999,
            1_000_000_001,
        ] {
            same!(TimeDelta::nanoseconds(nanos));
        }
    }

    #[test]
    fn as_map_keys() {
        let mut dates = BTreeMap::new();
        for year in edge_years() {
            dates.insert(date(year, 1, 2), year);
        }
        same!(dates);

        let times: BTreeMap<NaiveTime, u8> = [
            (time(0, 0, 0, 0), 1),
            (time(23, 59, 59, 1_500_000_000), 2),
            (time(1, 2, 3, 4_000), 3),
        ]
        .into();
        same!(times);

        let instants: BTreeMap<DateTime<Utc>, Vec<NaiveDateTime>> = [
            (DateTime::<Utc>::UNIX_EPOCH, vec![]),
            (
                DateTime::<Utc>::MAX_UTC,
                vec![NaiveDateTime::MIN, NaiveDateTime::MAX],
            ),
        ]
        .into();
        same!(instants);

        let offset = FixedOffset::west_opt(3 * 3_600 + 1_800).unwrap();
        let fixed: HashMap<DateTime<FixedOffset>, bool> =
            [(offset.timestamp_opt(1_000_000_000, 5).unwrap(), true)].into();
        same!(fixed);

        // Weekday and Month have no `Ord`; a HashMap iterates in the same
        // order for both encoders.
        let days: HashMap<Weekday, Month> = [
            (Weekday::Sun, Month::December),
            (Weekday::Mon, Month::January),
            (Weekday::Wed, Month::May),
        ]
        .into();
        same!(days);
        let months: HashMap<Month, Weekday> = [(Month::March, Weekday::Fri)].into();
        same!(months);
        let deltas: HashMap<NaiveDate, TimeDelta> =
            [(date(2000, 1, 1), TimeDelta::milliseconds(-1))].into();
        same!(deltas);
    }

    /// A value of every chrono type inside a derived struct, so pretty
    /// layout puts each on its own line.
    #[derive(Serialize, ToJson)]
    struct Event {
        at: DateTime<Utc>,
        local: DateTime<FixedOffset>,
        day: NaiveDate,
        starts: NaiveTime,
        seen: Option<NaiveDateTime>,
        late: Vec<TimeDelta>,
        weekday: Weekday,
        month: Month,
        by_day: BTreeMap<NaiveDate, Vec<DateTime<Utc>>>,
    }

    #[test]
    fn inside_derived_types() {
        let at = DateTime::from_timestamp(1_709_211_909, 120_000_000).unwrap();
        let event = Event {
            at,
            local: at.with_timezone(&FixedOffset::west_opt(18_000).unwrap()),
            day: at.date_naive(),
            starts: at.time(),
            seen: None,
            late: vec![TimeDelta::seconds(-1), TimeDelta::zero()],
            weekday: at.weekday(),
            month: Month::February,
            by_day: [(at.date_naive(), vec![at, DateTime::<Utc>::UNIX_EPOCH])].into(),
        };
        assert_same(&event);
        let with_seen = Event {
            seen: Some(at.naive_utc()),
            late: vec![],
            by_day: BTreeMap::new(),
            ..event
        };
        assert_same(&with_seen);
        same!(vec![Some(at), None], (at, at.naive_local(), at.time()));
    }

    /// Nanoseconds that favour chrono's short fraction forms.
    fn nanos() -> impl Strategy<Value = u32> {
        prop_oneof![
            Just(0u32),
            (0u32..1_000).prop_map(|ms| ms * 1_000_000),
            (0u32..1_000_000).prop_map(|us| us * 1_000),
            0u32..1_000_000_000,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_instants(
            secs in DateTime::<Utc>::MIN_UTC.timestamp()..=DateTime::<Utc>::MAX_UTC.timestamp(),
            nano in nanos(),
            leap in any::<bool>(),
            offset in -86_399i32..=86_399,
        ) {
            // A leap second is only representable at second 59.
            let (secs, nano) = if leap { (secs - secs.rem_euclid(60) + 59, nano + 1_000_000_000) } else { (secs, nano) };
            if let Some(utc) = DateTime::from_timestamp(secs, nano) {
                let fixed = utc.with_timezone(&FixedOffset::east_opt(offset).unwrap());
                assert_same(&utc);
                assert_same(&fixed);
                assert_same(&utc.naive_utc());
                assert_same(&fixed.naive_local());
                assert_same(&utc.date_naive());
                assert_same(&fixed.time());
                assert_same(&BTreeMap::from([(utc, fixed)]));
            }
        }

        #[test]
        fn random_time_deltas(secs in -i64::MAX / 1_000..=i64::MAX / 1_000, nano in nanos()) {
            if let Some(delta) = TimeDelta::new(secs, nano) {
                assert_same(&delta);
                assert_same(&-delta);
            }
        }

        #[test]
        fn random_timestamps_millis(millis in any::<i64>()) {
            if let Some(utc) = DateTime::from_timestamp_millis(millis) {
                assert_same(&utc);
            }
            assert_same(&TimeDelta::milliseconds(millis / 1_000_000));
        }
    }
}

mod uuid_types {
    use super::*;
    use uuid::{NonNilUuid, Uuid};

    const IDS: &[u128] = &[
        0,
        1,
        u128::MAX,
        0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8,
        0xffff_ffff_ffff_ffff_0000_0000_0000_0000,
        0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
        0xa0a0_a0a0_a0a0_a0a0_a0a0_a0a0_a0a0_a0a0,
    ];

    #[test]
    fn uuids() {
        for &bits in IDS {
            let id = Uuid::from_u128(bits);
            same!(
                id,
                id.hyphenated(),
                id.simple(),
                id.braced(),
                id.urn(),
                Some(id),
                [id, id]
            );
            if let Some(non_nil) = NonNilUuid::new(id) {
                same!(non_nil);
            }
        }
        same!(Uuid::nil(), Uuid::max());
        let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
        assert_compact(&id, r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#);
        assert_compact(&id.simple(), r#""67e5504410b1426f9247bb680e5fe0c8""#);
        assert_compact(&id.braced(), r#""{67e55044-10b1-426f-9247-bb680e5fe0c8}""#);
        assert_compact(
            &id.urn(),
            r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
        );
    }

    #[derive(Serialize, ToJson)]
    struct Account {
        id: Uuid,
        parent: Option<Uuid>,
        members: BTreeMap<Uuid, String>,
        aliases: HashMap<uuid::fmt::Simple, u8>,
    }

    #[test]
    fn keys_and_derived_types() {
        let ids: Vec<Uuid> = IDS.iter().map(|&bits| Uuid::from_u128(bits)).collect();
        let account = Account {
            id: ids[3],
            parent: None,
            members: ids.iter().map(|id| (*id, id.to_string())).collect(),
            aliases: [(ids[4].simple(), 4)].into(),
        };
        assert_same(&account);
        let braced: BTreeMap<uuid::fmt::Braced, uuid::fmt::Urn> =
            ids.iter().map(|id| (id.braced(), id.urn())).collect();
        same!(braced);
        let hyphenated: BTreeMap<uuid::fmt::Hyphenated, ()> =
            ids.iter().map(|id| (id.hyphenated(), ())).collect();
        same!(hyphenated);
        let non_nil: BTreeMap<NonNilUuid, u8> = [(NonNilUuid::new(ids[1]).unwrap(), 1)].into();
        same!(non_nil);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_uuids(bits in any::<u128>()) {
            let id = Uuid::from_u128(bits);
            assert_same(&id);
            assert_same(&id.simple());
            assert_same(&id.urn());
            assert_same(&BTreeMap::from([(id, id.braced())]));
        }
    }
}

mod time_types {
    use super::*;
    use time::{
        Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset,
        Weekday,
    };

    fn date(year: i32, month: u8, day: u8) -> Date {
        Date::from_calendar_date(year, Month::try_from(month).unwrap(), day).unwrap()
    }

    fn time(h: u8, m: u8, s: u8, nano: u32) -> Time {
        Time::from_hms_nano(h, m, s, nano).unwrap()
    }

    fn offset(h: i8, m: i8, s: i8) -> UtcOffset {
        UtcOffset::from_hms(h, m, s).unwrap()
    }

    /// With `large-dates`, years run to ±999,999: `+` above 9999, `-`
    /// below zero, at least four digits.
    const YEARS: &[i32] = &[
        -999_999, -100_000, -99_999, -10_000, -9_999, -1_000, -999, -10, -1, 0, 1, 9, 99, 999,
        1_000, 1_970, 2_024, 9_999, 10_000, 99_999, 100_000, 999_999,
    ];

    /// time trims trailing zeros and keeps at least one digit.
    const NANOS: &[u32] = &[
        0,
        1,
        10,
        100,
        1_000,
        123_456_789,
        100_000_000,
        120_000_000,
        123_000_000,
        123_456_000,
        500_000_000,
        999_999_999,
        999_999_990,
        10_000_000,
    ];

    fn offsets() -> Vec<UtcOffset> {
        vec![
            UtcOffset::UTC,
            offset(0, 0, 1),
            offset(0, 0, -1),
            offset(0, -30, 0),
            offset(0, -30, -15),
            offset(-5, -30, 0),
            offset(5, 30, 0),
            offset(14, 0, 0),
            offset(-12, 0, 0),
            offset(25, 59, 59),
            offset(-25, -59, -59),
            offset(9, 0, 59),
        ]
    }

    #[test]
    fn dates() {
        for &year in YEARS {
            for (m, d) in [(1, 1), (2, 28), (6, 15), (12, 31)] {
                same!(date(year, m, d));
            }
        }
        same!(Date::MIN, Date::MAX, date(2024, 2, 29));
        assert_compact(&date(2024, 2, 29), r#""2024-02-29""#);
        assert_compact(&date(-1, 1, 1), r#""-0001-01-01""#);
        assert_compact(&date(10_000, 1, 1), r#""+10000-01-01""#);
        let mut day = date(2024, 1, 1);
        while day.year() == 2024 {
            same!(day);
            day = day.next_day().unwrap();
        }
    }

    #[test]
    fn times() {
        for &nano in NANOS {
            for (h, m, s) in [(0, 0, 0), (1, 2, 3), (12, 0, 0), (23, 59, 59)] {
                same!(time(h, m, s, nano));
            }
        }
        same!(Time::MIDNIGHT, Time::MAX);
        assert_compact(&time(13, 5, 9, 120_000_000), r#""13:05:09.12""#);
        assert_compact(&Time::MIDNIGHT, r#""00:00:00.0""#);
    }

    #[test]
    fn date_times() {
        for &year in YEARS {
            for &nano in NANOS.iter().step_by(3) {
                let local = PrimitiveDateTime::new(date(year, 3, 4), time(5, 6, 7, nano));
                same!(local, local.as_utc());
                for offset in offsets() {
                    same!(local.assume_offset(offset));
                }
            }
        }
        same!(PrimitiveDateTime::MIN, PrimitiveDateTime::MAX);
        same!(UtcDateTime::MIN, UtcDateTime::MAX, UtcDateTime::UNIX_EPOCH);
        same!(OffsetDateTime::UNIX_EPOCH);
        for offset in offsets() {
            same!(PrimitiveDateTime::MIN.assume_offset(offset));
            same!(PrimitiveDateTime::MAX.assume_offset(offset));
        }
        let at = PrimitiveDateTime::new(date(2024, 2, 29), time(13, 5, 9, 120_000_000));
        assert_compact(&at, r#""2024-02-29 13:05:09.12""#);
        assert_compact(
            &at.assume_offset(offset(-5, -30, 0)),
            r#""2024-02-29 13:05:09.12 -05:30:00""#,
        );
    }

    #[test]
    fn offsets_alone() {
        for offset in offsets() {
            same!(offset);
        }
        for seconds in (-93_599..=93_599).step_by(997) {
            same!(UtcOffset::from_whole_seconds(seconds).unwrap());
        }
        assert_compact(&offset(0, -30, 0), r#""-00:30:00""#);
        assert_compact(&UtcOffset::UTC, r#""+00:00:00""#);
    }

    #[test]
    fn durations() {
        same!(
            Duration::ZERO,
            Duration::MIN,
            Duration::MAX,
            Duration::nanoseconds(1),
            Duration::nanoseconds(-1),
            Duration::milliseconds(-1_500),
            Duration::seconds(86_400),
            Duration::new(-3, 0),
            Duration::new(i64::MAX, 999_999_999),
            Duration::new(i64::MIN, -999_999_999)
        );
        assert_compact(&Duration::milliseconds(-500), r#""-0.500000000""#);
        assert_compact(&Duration::ZERO, r#""0.000000000""#);
    }

    #[test]
    fn weekdays_and_months() {
        let mut day = Weekday::Monday;
        for _ in 0..7 {
            same!(day);
            day = day.next();
        }
        for number in 1..=12u8 {
            same!(Month::try_from(number).unwrap());
        }
        assert_compact(&Weekday::Thursday, r#""Thursday""#);
        assert_compact(&Month::February, r#""February""#);
        let keys: HashMap<Weekday, Month> = [
            (Weekday::Sunday, Month::December),
            (Weekday::Monday, Month::January),
        ]
        .into();
        same!(keys);
        let by_month: HashMap<Month, Vec<Date>> = [(Month::May, vec![date(1, 5, 1)])].into();
        same!(by_month);
    }

    #[derive(Serialize, ToJson)]
    struct Shift {
        starts: OffsetDateTime,
        local: PrimitiveDateTime,
        utc: UtcDateTime,
        day: Date,
        at: Time,
        zone: UtcOffset,
        length: Duration,
        weekday: Weekday,
        month: Option<Month>,
    }

    #[test]
    fn inside_derived_types() {
        let starts = OffsetDateTime::from_unix_timestamp_nanos(1_709_211_909_120_000_000)
            .unwrap()
            .to_offset(offset(-3, -30, 0));
        let shift = Shift {
            starts,
            local: PrimitiveDateTime::new(starts.date(), starts.time()),
            utc: starts.to_utc(),
            day: starts.date(),
            at: starts.time(),
            zone: starts.offset(),
            length: Duration::minutes(-90),
            weekday: starts.weekday(),
            month: None,
        };
        assert_same(&shift);
        same!(vec![shift], Some(starts.month()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        #[test]
        fn random_instants(
            nanos in OffsetDateTime::new_utc(Date::MIN, Time::MIDNIGHT).unix_timestamp_nanos()
                ..=OffsetDateTime::new_utc(Date::MAX, Time::MAX).unix_timestamp_nanos(),
            offset_seconds in -93_599i32..=93_599,
        ) {
            let utc = OffsetDateTime::from_unix_timestamp_nanos(nanos).unwrap();
            let offset = UtcOffset::from_whole_seconds(offset_seconds).unwrap();
            assert_same(&utc);
            if let Some(local) = utc.checked_to_offset(offset) {
                assert_same(&local);
                assert_same(&PrimitiveDateTime::new(local.date(), local.time()));
            }
            assert_same(&utc.to_utc());
            assert_same(&utc.date());
            assert_same(&utc.time());
            assert_same(&offset);
        }

        #[test]
        fn random_short_fractions(
            secs in -1_000_000_000_000i64..1_000_000_000_000,
            millis in 0u32..1_000,
        ) {
            let instant = OffsetDateTime::from_unix_timestamp(secs).unwrap()
                + Duration::milliseconds(millis.into());
            assert_same(&instant);
        }

        #[test]
        fn random_durations(secs in any::<i64>(), nanos in -999_999_999i32..=999_999_999) {
            // Seconds and nanoseconds must agree in sign.
            let nanos = if secs < 0 { -nanos.abs() } else if secs > 0 { nanos.abs() } else { nanos };
            assert_same(&Duration::new(secs, nanos));
        }
    }
}
