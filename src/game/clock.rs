//! Correspondence time controls and the clocks derived from the received
//! times of the moves.

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Duration, NaiveDateTime, SecondsFormat, Utc};
use dynamo_core::Color;

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
    "time control '{0}' is not understood: expected 'none', a time per move such as '3d', or moves/time such as '10/50d' (units d, h, m)"
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
        let span = match *self {
            TimeControl::None => return None,
            TimeControl::PerMove(span) => span,
            TimeControl::Period { .. } => self.allowance(n)?.checked_sub(&used)?,
        };
        start.checked_add_signed(span)
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

/// A duration in words, its two largest units: `12 days 3 hours`,
/// `5 hours`, `1 second`, `0 seconds`.
pub fn describe(span: Duration) -> String {
    let total = span.num_seconds().unsigned_abs();
    let units = [
        (total / 86_400, "day"),
        (total % 86_400 / 3600, "hour"),
        (total % 3600 / 60, "minute"),
        (total % 60, "second"),
    ];
    let Some(first) = units.iter().position(|&(n, _)| n > 0) else {
        return "0 seconds".to_string();
    };
    units[first..]
        .iter()
        .take(2)
        .filter(|&&(n, _)| n > 0)
        .map(|&(n, unit)| format!("{n} {unit}{}", if n == 1 { "" } else { "s" }))
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
#[error(
    "invalid time '{0}': expected RFC 3339 such as 2026-11-20T09:14:00Z, or '2026-11-20 09:14' (UTC)"
)]
pub struct TimeError(pub String);

/// Reads a time: RFC 3339 with any offset, or `YYYY-MM-DD HH:MM[:SS]` /
/// `YYYY-MM-DDTHH:MM[:SS]` taken as UTC. Sub-second parts are dropped so
/// that what is written is exactly what is read back.
pub fn parse_time(text: &str) -> Result<DateTime<Utc>, TimeError> {
    let text = text.trim();
    let parsed = DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .or_else(|_| {
            [
                "%Y-%m-%d %H:%M:%S",
                "%Y-%m-%d %H:%M",
                "%Y-%m-%dT%H:%M:%S",
                "%Y-%m-%dT%H:%M",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
            .map(|t| t.and_utc())
            .ok_or(())
        })
        .map_err(|_| TimeError(text.to_string()))?;
    Ok(truncate(parsed))
}

/// Drops sub-second precision.
pub fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::from_timestamp(t.timestamp(), 0).unwrap_or(t)
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
    /// When it was due.
    pub deadline: DateTime<Utc>,
    /// When it came.
    pub received: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
