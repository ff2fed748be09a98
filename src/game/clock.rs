//! Correspondence time controls and the clocks derived from the received
//! times of the moves.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Datelike, Duration, NaiveDateTime, SecondsFormat, Utc};
use dynamo_core::{Color, quoted};

/// How much time each player has (the `TimeControl` tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No time limit.
    #[default]
    None,
    /// `3d`: every move within this time of the opponent's move.
    PerMove(Duration),
    /// `10/50d` (ICCF): `time` for every `moves` moves; unused time carries
    /// over to the next period.
    Period { moves: u32, time: Duration },
}

/// Why a time-control text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "time control {} is not understood: expected 'none', a time per move such as '3d', or moves/time such as '10/50d' (units d, h, m)",
    quoted(.0)
)]
pub struct TimeControlError(pub String);

fn parse_span(text: &str) -> Option<Duration> {
    let unit = text.chars().last()?;
    let number: i64 = text[..text.len() - unit.len_utf8()].parse().ok()?;
    if number <= 0 || number > 100_000 {
        return None;
    }
    match unit {
        'd' => Some(Duration::days(number)),
        'h' => Some(Duration::hours(number)),
        'm' => Some(Duration::minutes(number)),
        _ => None,
    }
}

fn write_span(f: &mut fmt::Formatter<'_>, span: Duration) -> fmt::Result {
    let minutes = span.num_minutes();
    if minutes % (24 * 60) == 0 {
        write!(f, "{}d", minutes / (24 * 60))
    } else if minutes % 60 == 0 {
        write!(f, "{}h", minutes / 60)
    } else {
        write!(f, "{minutes}m")
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        let bad = || TimeControlError(text.to_string());
        match text {
            "" | "-" | "none" => return Ok(TimeControl::None),
            _ => {}
        }
        match text.split_once('/') {
            Some((moves, span)) => {
                let moves: u32 = moves.parse().map_err(|_| bad())?;
                if moves == 0 || moves > 1000 {
                    return Err(bad());
                }
                let time = parse_span(span).ok_or_else(bad)?;
                Ok(TimeControl::Period { moves, time })
            }
            None => Ok(TimeControl::PerMove(parse_span(text).ok_or_else(bad)?)),
        }
    }
}

impl fmt::Display for TimeControl {
    /// The canonical text: `none`, `3d`, `10/50d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("none"),
            TimeControl::PerMove(span) => write_span(f, span),
            TimeControl::Period { moves, time } => {
                write!(f, "{moves}/")?;
                write_span(f, time)
            }
        }
    }
}

impl TimeControl {
    /// The total time a player may have used up to and including their
    /// `n`-th move (1-based) under a period control; `None` for the other
    /// kinds.
    /// `None` also when the allowance is beyond any representable time.
    fn allowance(&self, n: u32) -> Option<Duration> {
        match *self {
            TimeControl::Period { moves, time } => {
                let periods = i32::try_from(n.div_ceil(moves)).ok()?;
                time.checked_mul(periods)
            }
            _ => None,
        }
    }

    /// The latest time a player may make their `n`-th move, who has used
    /// `used` on their earlier moves and whose clock started at `start`.
    /// `None` without a time control, and when the deadline lies beyond
    /// the last time a clock can show (year 262143): no move can be late
    /// for it.
    pub fn deadline(&self, n: u32, used: Duration, start: DateTime<Utc>) -> Option<DateTime<Utc>> {
        start.checked_add_signed(self.span(n, used)?)
    }

    /// How long a player's clock may run for their `n`-th move, who has
    /// used `used` on their earlier moves (negative when already over);
    /// `None` without a time control or beyond any representable time.
    pub fn span(&self, n: u32, used: Duration) -> Option<Duration> {
        match *self {
            TimeControl::None => None,
            TimeControl::PerMove(span) => Some(span),
            TimeControl::Period { .. } => self.allowance(n)?.checked_sub(&used),
        }
    }
}

/// The state of one side's clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    /// The side whose clock this is.
    pub side: Color,
    /// When their move must have been received, at the latest. A move
    /// received exactly at the deadline is in time.
    pub deadline: DateTime<Utc>,
    /// `deadline - now`: negative once the player is over the limit.
    pub left: Duration,
}

impl Clock {
    pub fn is_over(&self) -> bool {
        self.left < Duration::zero()
    }
}

/// A unit a duration is said in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    Day,
    Hour,
    Minute,
    Second,
}

impl TimeUnit {
    /// Its English name, singular (`day`): also the key the messages
    /// choose each language's word by.
    pub fn name(self) -> &'static str {
        match self {
            TimeUnit::Day => "day",
            TimeUnit::Hour => "hour",
            TimeUnit::Minute => "minute",
            TimeUnit::Second => "second",
        }
    }
}

/// A duration in words, its two largest units: `12 days 3 hours`,
/// `5 hours`, `1 second`, `0 seconds`.
pub fn describe(span: Duration) -> String {
    describe_with(span, |n, unit| {
        format!("{n} {}{}", unit.name(), if n == 1 { "" } else { "s" })
    })
}

/// A duration in its two largest units, each count and unit said by
/// `say` (a language's words), joined by a space.
pub fn describe_with(span: Duration, say: impl Fn(u64, TimeUnit) -> String) -> String {
    let total = span.num_seconds().unsigned_abs();
    let units = [
        (total / 86_400, TimeUnit::Day),
        (total % 86_400 / 3600, TimeUnit::Hour),
        (total % 3600 / 60, TimeUnit::Minute),
        (total % 60, TimeUnit::Second),
    ];
    let Some(first) = units.iter().position(|&(n, _)| n > 0) else {
        return say(0, TimeUnit::Second);
    };
    units[first..]
        .iter()
        .take(2)
        .filter(|&&(n, _)| n > 0)
        .map(|&(n, unit)| say(n, unit))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A time as the record writes it: `2026-11-20T09:14:00Z`.
pub fn format_time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A time for people: `2026-12-01 09:14 UTC` (seconds only when not zero).
pub fn format_time_short(t: DateTime<Utc>) -> String {
    if t.timestamp() % 60 == 0 {
        t.format("%Y-%m-%d %H:%M UTC").to_string()
    } else {
        t.format("%Y-%m-%d %H:%M:%S UTC").to_string()
    }
}

/// Why a time text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TimeError {
    /// The text is in none of the forms [`parse_time`] reads.
    #[error(
        "invalid time {}: expected RFC 3339 such as 2026-11-20T09:14:00Z, '2026-11-20 09:14' (UTC), or a mail's date such as 'Fri, 20 Nov 2026 09:14:00 +0100'",
        quoted(.0)
    )]
    Unreadable(String),
    /// A mail date whose zone is a name other than UT, GMT or a North
    /// American zone: mail takes such a zone as unknown, not as UTC.
    #[error(
        "time {}: the zone {} is not understood: give its offset, such as +0100",
        quoted(text),
        quoted(zone)
    )]
    UnknownZone {
        /// The text as given.
        text: String,
        /// The zone's name.
        zone: String,
    },
    /// A time before 1900 or after 9999, which game files and clocks
    /// cannot hold.
    #[error("time {} is outside the years 1900 to 9999 that game files and clocks hold", quoted(.0))]
    OutOfRange(String),
}

/// The earliest and the latest time a game file holds: four-digit years
/// from 1900, so that every time written reads back and clock arithmetic
/// stays far from chrono's limits.
const FIRST_YEAR: i32 = 1900;
const LAST_YEAR: i32 = 9999;

/// Zones a mail date may name (RFC 5322 §4.3); any other name means an
/// unknown zone, which a referee must not guess.
const ZONE_NAMES: [&str; 11] = [
    "UT", "GMT", "Z", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT",
];

/// Reads a time: RFC 3339 with any offset; `YYYY-MM-DD HH:MM[:SS]` or
/// `YYYY-MM-DDTHH:MM[:SS]` taken as UTC; or a mail's `Date:` as RFC 2822
/// and 5322 write it (`Fri, 20 Nov 2026 09:14:00 +0100`, comments and
/// the weekday optional, the weekday checked). Times outside the years
/// 1900–9999 (in UTC) are refused. Sub-second parts are dropped so that
/// what is written is exactly what is read back.
pub fn parse_time(text: &str) -> Result<DateTime<Utc>, TimeError> {
    let text = text.trim();
    let parsed = DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            [
                "%Y-%m-%d %H:%M:%S",
                "%Y-%m-%d %H:%M",
                "%Y-%m-%dT%H:%M:%S",
                "%Y-%m-%dT%H:%M",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
            .map(|t| t.and_utc())
        });
    let parsed = match parsed {
        Some(t) => t,
        None => parse_mail_date(text)?,
    };
    if !(FIRST_YEAR..=LAST_YEAR).contains(&parsed.year()) {
        return Err(TimeError::OutOfRange(text.to_string()));
    }
    Ok(truncate(parsed))
}

/// A mail's date (RFC 2822/5322). A zone given by a name other than
/// those of [`ZONE_NAMES`] is refused as such, not as an unreadable time.
fn parse_mail_date(text: &str) -> Result<DateTime<Utc>, TimeError> {
    let without_comments = text.split('(').next().unwrap_or(text).trim_end();
    let zone = without_comments.rsplit(' ').next().unwrap_or("");
    let named = !zone.is_empty() && zone.chars().all(|c| c.is_ascii_alphabetic());
    if named && !ZONE_NAMES.iter().any(|z| z.eq_ignore_ascii_case(zone)) {
        let mut as_utc = without_comments[..without_comments.len() - zone.len()].to_string();
        as_utc.push_str("+0000");
        // Only a text that is a mail date but for its zone is told so.
        return Err(if DateTime::parse_from_rfc2822(&as_utc).is_ok() {
            TimeError::UnknownZone {
                text: text.to_string(),
                zone: zone.to_string(),
            }
        } else {
            TimeError::Unreadable(text.to_string())
        });
    }
    let t =
        DateTime::parse_from_rfc2822(text).map_err(|_| TimeError::Unreadable(text.to_string()))?;
    Ok(t.with_timezone(&Utc))
}

/// Drops sub-second precision.
pub fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp(t.timestamp(), 0).unwrap_or(t)
}

/// A time the record writes after a move or an event, `{2026-11-20T09:14:00Z}`:
/// any RFC 3339 time, to the whole second, in UTC. A replay reads one a
/// move, so the form the referee writes is read by hand (a tenth of
/// chrono's cost), and any other form, or a time that is no date, by
/// chrono, which says why.
pub fn parse_stamp(text: &str) -> Result<DateTime<Utc>, chrono::ParseError> {
    if let Some(t) = written_stamp(text) {
        return Ok(t);
    }
    DateTime::parse_from_rfc3339(text).map(|t| truncate(t.with_timezone(&Utc)))
}

/// `YYYY-MM-DDTHH:MM:SSZ` exactly, as [`format_time`] writes it, when it
/// names a real date and time (a leap second is left to chrono).
fn written_stamp(text: &str) -> Option<DateTime<Utc>> {
    let b: &[u8; 20] = text.as_bytes().try_into().ok()?;
    let punctuation = [
        (4, b'-'),
        (7, b'-'),
        (10, b'T'),
        (13, b':'),
        (16, b':'),
        (19, b'Z'),
    ];
    if punctuation.iter().any(|&(at, c)| b[at] != c) {
        return None;
    }
    let number = |from: usize, to: usize| -> Option<u32> {
        b[from..to].iter().try_fold(0u32, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    let year = i32::try_from(number(0, 4)?).ok()?;
    let date = chrono::NaiveDate::from_ymd_opt(year, number(5, 7)?, number(8, 10)?)?;
    let time = date.and_hms_opt(number(11, 13)?, number(14, 16)?, number(17, 19)?)?;
    Some(time.and_utc())
}

/// A move received later than its player's clock allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LateMove {
    /// Its ply (1-based) in the record.
    pub ply: u32,
    /// Its move number, as the record numbers it.
    pub number: u32,
    /// The side that played it late.
    pub side: Color,
    /// Which of the side's own moves it is (1-based): a period control
    /// counts these, not the record's move numbers.
    pub nth: u32,
    /// When it was due.
    pub deadline: DateTime<Utc>,
    /// When it came.
    pub received: DateTime<Utc>,
}

impl LateMove {
    /// How late it came: always more than zero.
    pub fn by(&self) -> Duration {
        self.received - self.deadline
    }

    /// `received 2 days 23 hours after its deadline, 2026-03-01 09:00
    /// UTC`: the one way every output says how late a move came.
    pub fn words(&self) -> String {
        format!(
            "received {} after its deadline, {}",
            describe(self.by()),
            format_time_short(self.deadline)
        )
    }
}

impl TimeControl {
    /// What the control gives a side up to its `n`-th move, in the
    /// control's own terms: `each move within 3 days of the opponent's
    /// move`, `50 days for every 10 moves, so 100 days in all for a
    /// player's first 20 moves`; `None` without a time control.
    pub fn allows(&self, n: u32) -> Option<String> {
        Some(match self.allowed(n)? {
            Allowed::PerMove(span) => {
                format!("each move within {} of the opponent's move", describe(span))
            }
            Allowed::Period {
                moves,
                time,
                total,
                upto,
            } => format!(
                "{} for every {moves} moves, so {} in all for a player's first {upto} moves",
                describe(time),
                describe(total)
            ),
        })
    }

    /// What the control gives a side up to its `n`-th move, as figures
    /// for a sentence in any language; `None` without a time control.
    pub fn allowed(&self, n: u32) -> Option<Allowed> {
        match *self {
            TimeControl::None => None,
            TimeControl::PerMove(span) => Some(Allowed::PerMove(span)),
            TimeControl::Period { moves, time } => Some(Allowed::Period {
                moves,
                time,
                total: self.allowance(n)?,
                upto: n.div_ceil(moves).saturating_mul(moves),
            }),
        }
    }
}

/// What a time control gives a side up to one of its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// Each move within this span of the opponent's.
    PerMove(Duration),
    /// `time` for every `moves` moves, so `total` for the first `upto`.
    Period {
        moves: u32,
        time: Duration,
        total: Duration,
        upto: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The written form read by hand gives what chrono gives, and every
    /// other text, or a time that is no date, is chrono's to judge.
    #[test]
    fn stamps_read_as_chrono_reads_them() {
        for text in [
            "2026-11-20T09:14:00Z",
            "2024-02-29T23:59:59Z",
            "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z",
            "2026-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-00-10T00:00:00Z",
            "2026-11-31T00:00:00Z",
            "2026-11-20T24:00:00Z",
            "2026-11-20T23:60:00Z",
            "2016-12-31T23:59:60Z",
            "2026-11-20t09:14:00z",
            "2026-11-20 09:14:00Z",
            "2026-11-20T09:14:00+01:00",
            "2026-11-20T09:14:00.75Z",
            "2026-11-20T09:14:0aZ",
            "2026-11-2+T09:14:00Z",
            "+026-11-20T09:14:00Z",
            "2026-11-20T09:14:00",
            "",
        ] {
            let chrono =
                DateTime::parse_from_rfc3339(text).map(|t| truncate(t.with_timezone(&Utc)));
            assert_eq!(parse_stamp(text), chrono, "{text}");
        }
        assert_eq!(
            written_stamp("2026-11-20T09:14:00Z")
                .map(format_time)
                .as_deref(),
            Some("2026-11-20T09:14:00Z")
        );
    }

    #[test]
    fn time_controls_round_trip() {
        for text in ["none", "3d", "10/50d", "5/12h", "1/90m"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!("-".parse::<TimeControl>().unwrap(), TimeControl::None);
        for bad in [
            "3", "d", "0d", "10/", "/50d", "0/50d", "10/50x", "-3d", "3 days",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn period_allowance_carries_over() {
        let tc: TimeControl = "10/50d".parse().unwrap();
        assert_eq!(tc.allowance(1), Some(Duration::days(50)));
        assert_eq!(tc.allowance(10), Some(Duration::days(50)));
        assert_eq!(tc.allowance(11), Some(Duration::days(100)));
    }

    /// The words a late move's notice gives its time control (docs/director.md,
    /// "Time control"): days per move, or moves per period with the
    /// period the move falls in.
    #[test]
    fn what_a_time_control_allows_in_its_own_terms() {
        let per_move: TimeControl = "3d".parse().unwrap();
        assert_eq!(
            per_move.allows(7).as_deref(),
            Some("each move within 3 days of the opponent's move")
        );
        let period: TimeControl = "10/50d".parse().unwrap();
        assert_eq!(
            period.allows(5).as_deref(),
            Some("50 days for every 10 moves, so 50 days in all for a player's first 10 moves")
        );
        assert_eq!(
            period.allows(11).as_deref(),
            Some("50 days for every 10 moves, so 100 days in all for a player's first 20 moves")
        );
        assert_eq!(TimeControl::None.allows(1), None);
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(describe(Duration::zero()), "0 seconds");
        assert_eq!(describe(Duration::seconds(1)), "1 second");
        assert_eq!(describe(Duration::seconds(-1)), "1 second");
        assert_eq!(
            describe(Duration::days(12) + Duration::hours(3)),
            "12 days 3 hours"
        );
        assert_eq!(describe(Duration::days(2) + Duration::minutes(5)), "2 days");
        assert_eq!(
            describe(Duration::hours(1) + Duration::seconds(2)),
            "1 hour"
        );
        assert_eq!(
            describe(Duration::minutes(1) + Duration::seconds(2)),
            "1 minute 2 seconds"
        );
    }

    #[test]
    fn times() {
        let t = parse_time("2026-11-20T10:14:00+01:00").unwrap();
        assert_eq!(format_time(t), "2026-11-20T09:14:00Z");
        assert_eq!(parse_time("2026-11-20 09:14").unwrap(), t);
        assert!(parse_time("2026-13-20 09:14").is_err());
        assert!(parse_time("yesterday").is_err());
    }

    #[test]
    fn times_as_mail_dates() {
        let t = parse_time("2026-11-20T08:14:00Z").unwrap();
        for text in [
            "Fri, 20 Nov 2026 09:14:00 +0100",
            "20 Nov 2026 09:14 +0100",
            "Fri, 20 Nov 2026 09:14:00 +0100 (CET)",
            "fri, 20 nov 2026 08:14:00 GMT",
            "Fri, 20 Nov 2026 03:14:00 EST",
        ] {
            assert_eq!(parse_time(text), Ok(t), "{text}");
        }
        // The weekday must be the date's.
        assert!(matches!(
            parse_time("Thu, 20 Nov 2026 09:14:00 +0100"),
            Err(TimeError::Unreadable(_))
        ));
        for zone in ["CET", "A"] {
            assert!(matches!(
                parse_time(&format!("Fri, 20 Nov 2026 09:14:00 {zone}")),
                Err(TimeError::UnknownZone { zone: z, .. }) if z == zone
            ));
        }
        assert!(matches!(
            parse_time("last Friday"),
            Err(TimeError::Unreadable(_))
        ));
    }

    #[test]
    fn time_outside_1900_9999_is_refused() {
        for text in [
            "-0001-01-01T00:00",
            "0000-01-01T00:00:00Z",
            "1899-12-31T23:59:59Z",
            "1900-01-01T00:30:00+01:00",
            "9999-12-31T23:30:00-01:00",
            "Fri, 1 Jan 1800 00:00:00 +0000",
        ] {
            assert!(
                matches!(
                    parse_time(text),
                    Err(TimeError::OutOfRange(_)) | Err(TimeError::Unreadable(_))
                ),
                "{text}"
            );
        }
        assert!(matches!(
            parse_time("1899-12-31T23:59:59Z"),
            Err(TimeError::OutOfRange(_))
        ));
        assert!(parse_time("1900-01-01T00:00:00Z").is_ok());
        assert!(parse_time("9999-12-31T23:59:59Z").is_ok());
    }
}
