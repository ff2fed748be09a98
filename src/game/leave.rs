//! A player's leave: whole days in UTC during which their clock does not
//! run. `--from 2026-12-01 --to 2026-12-10` stops it from 1 December
//! 00:00 UTC to 11 December 00:00 UTC, both days included. A side's leave
//! in a game is the union of every leave recorded for it there
//! ([`Pauses`]): overlapping or repeated leave stops the clock once.

use std::fmt;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};

/// The first and the last year a leave may name, as for every other time
/// a game file holds.
const FIRST_YEAR: i32 = 1900;
const LAST_YEAR: i32 = 9999;

/// One leave: from the start of `from` to the end of `to`, UTC, both
/// days included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeaveDays {
    from: NaiveDate,
    to: NaiveDate,
}

/// Why dates do not make a leave.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LeaveError {
    /// The text is not a date such as 2026-12-01.
    #[error("{} is not a date such as 2026-12-01", dynamo_core::quoted(.0))]
    BadDate(String),
    /// The last day comes before the first.
    #[error("the leave ends ({to}) before it begins ({from})")]
    Reversed { from: NaiveDate, to: NaiveDate },
    /// A date outside the years a game file holds.
    #[error("{0} is outside the years 1900 to 9999 that game files hold")]
    OutOfRange(NaiveDate),
}

impl LeaveDays {
    /// The days from `from` to `to`, both included.
    pub fn new(from: NaiveDate, to: NaiveDate) -> Result<LeaveDays, LeaveError> {
        for date in [from, to] {
            if !(FIRST_YEAR..=LAST_YEAR).contains(&date.year()) {
                return Err(LeaveError::OutOfRange(date));
            }
        }
        if to < from {
            return Err(LeaveError::Reversed { from, to });
        }
        Ok(LeaveDays { from, to })
    }

    /// Reads the two dates as the file and the command line write them:
    /// `2026-12-01`.
    pub fn parse(from: &str, to: &str) -> Result<LeaveDays, LeaveError> {
        LeaveDays::new(parse_date(from)?, parse_date(to)?)
    }

    /// The first day.
    pub fn from(&self) -> NaiveDate {
        self.from
    }

    /// The last day.
    pub fn to(&self) -> NaiveDate {
        self.to
    }

    /// How many days: 1 for a leave of one day.
    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// When the clock stops: the first day at 00:00 UTC.
    pub fn start(&self) -> DateTime<Utc> {
        midnight(self.from)
    }

    /// When it runs again: the day after the last, at 00:00 UTC.
    pub fn end(&self) -> DateTime<Utc> {
        midnight(self.to) + Duration::days(1)
    }
}

impl fmt::Display for LeaveDays {
    /// `2026-12-01 to 2026-12-10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {}", self.from, self.to)
    }
}

/// A date as written: `2026-12-01`, and nothing else.
pub fn parse_date(text: &str) -> Result<NaiveDate, LeaveError> {
    let text = text.trim();
    let well_formed = text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    well_formed
        .then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok())
        .flatten()
        .ok_or_else(|| LeaveError::BadDate(text.to_string()))
}

fn midnight(day: NaiveDate) -> DateTime<Utc> {
    day.and_time(chrono::NaiveTime::MIN).and_utc()
}

/// The times during which one side's clock is stopped: disjoint spans,
/// in order, each from a leave's start to its end (touching leaves make
/// one span).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pauses(Vec<(DateTime<Utc>, DateTime<Utc>)>);

impl Pauses {
    /// The union of `leaves`, in any order.
    pub fn of(leaves: impl IntoIterator<Item = LeaveDays>) -> Pauses {
        Pauses(merge(
            leaves.into_iter().map(|l| (l.start(), l.end())).collect(),
        ))
    }

    /// Whether there is no leave at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether every day of `leave` is already leave.
    pub fn covers(&self, leave: LeaveDays) -> bool {
        let i = self.first_ending_after(leave.start());
        self.0
            .get(i)
            .is_some_and(|&(s, e)| s <= leave.start() && leave.end() <= e)
    }

    /// Adds `leave`; nothing changes when [`Pauses::covers`] it.
    pub fn add(&mut self, leave: LeaveDays) {
        if self.covers(leave) {
            return;
        }
        let mut spans = std::mem::take(&mut self.0);
        spans.push((leave.start(), leave.end()));
        self.0 = merge(spans);
    }

    /// The index of the first span that ends after `t`.
    fn first_ending_after(&self, t: DateTime<Utc>) -> usize {
        self.0.partition_point(|&(_, end)| end <= t)
    }

    /// The span of leave going on at `t`, if any: `t` at its start is on
    /// leave, at its end no longer.
    pub fn at(&self, t: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        let i = self.first_ending_after(t);
        self.0.get(i).copied().filter(|&(s, _)| s <= t)
    }

    /// The next span of leave that has not ended at `t`: the one going on,
    /// else the next to come.
    pub fn next(&self, t: DateTime<Utc>) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
        self.0.get(self.first_ending_after(t)).copied()
    }

    /// How much of the time from `a` to `b` is leave.
    pub fn paused(&self, a: DateTime<Utc>, b: DateTime<Utc>) -> Duration {
        let mut total = Duration::zero();
        for &(s, e) in &self.0[self.first_ending_after(a)..] {
            if s >= b {
                break;
            }
            total += e.min(b) - s.max(a);
        }
        total
    }

    /// How long a clock that starts at `a` has run at `b`: the time
    /// between them less the leave; zero when `b` is not after `a`.
    pub fn running(&self, a: DateTime<Utc>, b: DateTime<Utc>) -> Duration {
        if b <= a {
            return Duration::zero();
        }
        (b - a) - self.paused(a, b)
    }

    /// When a clock that starts at `since` has run for `span`: `since +
    /// span`, moved on by every leave on the way. A leave that begins
    /// exactly when the time is up does not move it. `None` beyond the
    /// last time a clock can show.
    pub fn after(&self, since: DateTime<Utc>, span: Duration) -> Option<DateTime<Utc>> {
        if span <= Duration::zero() {
            // Over already: any time from `since` on is too late.
            return since.checked_add_signed(span);
        }
        let mut t = since;
        let mut remaining = span;
        for &(s, e) in &self.0[self.first_ending_after(since)..] {
            if s > t {
                let until = t.checked_add_signed(remaining)?;
                if until <= s {
                    return Some(until);
                }
                remaining -= s - t;
            }
            t = e.max(t);
        }
        t.checked_add_signed(remaining)
    }
}

/// Sorts `spans` and joins those that overlap or touch.
fn merge(mut spans: Vec<(DateTime<Utc>, DateTime<Utc>)>) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
    spans.sort();
    let mut merged: Vec<(DateTime<Utc>, DateTime<Utc>)> = Vec::with_capacity(spans.len());
    for (start, end) in spans {
        match merged.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => merged.push((start, end)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(from: &str, to: &str) -> LeaveDays {
        LeaveDays::parse(from, to).expect("dates")
    }

    fn t(text: &str) -> DateTime<Utc> {
        crate::game::clock::parse_time(text).expect("a time")
    }

    #[test]
    fn dates_are_read_strictly_and_in_order() {
        let leave = days("2026-12-01", "2026-12-10");
        assert_eq!(leave.days(), 10);
        assert_eq!(leave.start(), t("2026-12-01T00:00:00Z"));
        assert_eq!(leave.end(), t("2026-12-11T00:00:00Z"));
        assert_eq!(days("2026-12-01", "2026-12-01").days(), 1);
        assert!(matches!(
            LeaveDays::parse("2026-12-10", "2026-12-01"),
            Err(LeaveError::Reversed { .. })
        ));
        for bad in [
            "2026-13-01",
            "2026-2-01",
            "tomorrow",
            "2026-12-01T00:00",
            "",
        ] {
            assert!(
                matches!(parse_date(bad), Err(LeaveError::BadDate(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            LeaveDays::parse("1899-12-31", "1900-01-01"),
            Err(LeaveError::OutOfRange(_))
        ));
    }

    #[test]
    fn pauses_merge_and_cover() {
        let mut p = Pauses::of([
            days("2026-12-05", "2026-12-06"),
            days("2026-12-01", "2026-12-02"),
        ]);
        assert!(p.covers(days("2026-12-01", "2026-12-02")));
        assert!(!p.covers(days("2026-12-01", "2026-12-03")));
        // Touching leave makes one span.
        p.add(days("2026-12-03", "2026-12-04"));
        assert_eq!(p, Pauses::of([days("2026-12-01", "2026-12-06")]));
        assert!(p.covers(days("2026-12-02", "2026-12-05")));
        assert_eq!(
            p.at(t("2026-12-01T00:00:00Z")).map(|s| s.1),
            Some(t("2026-12-07T00:00:00Z"))
        );
        assert_eq!(p.at(t("2026-12-07T00:00:00Z")), None);
    }

    #[test]
    fn running_time_leaves_the_leave_out() {
        let p = Pauses::of([days("2026-12-01", "2026-12-02")]);
        let a = t("2026-11-30T12:00:00Z");
        assert_eq!(p.running(a, t("2026-12-03T12:00:00Z")), Duration::days(1));
        assert_eq!(p.running(a, t("2026-12-01T06:00:00Z")), Duration::hours(12));
        assert_eq!(p.running(a, a), Duration::zero());
        // A clock that starts during leave runs from its end.
        assert_eq!(
            p.running(t("2026-12-01T10:00:00Z"), t("2026-12-03T01:00:00Z")),
            Duration::hours(1)
        );
    }

    #[test]
    fn a_deadline_moves_by_the_leave_on_its_way() {
        let p = Pauses::of([days("2026-12-01", "2026-12-02")]);
        let monday_noon = t("2026-11-30T12:00:00Z");
        // Three days, two of them on leave: five days of calendar.
        assert_eq!(
            p.after(monday_noon, Duration::days(3)),
            Some(t("2026-12-05T12:00:00Z"))
        );
        // Time up exactly when the leave begins: not moved.
        assert_eq!(
            p.after(monday_noon, Duration::hours(12)),
            Some(t("2026-12-01T00:00:00Z"))
        );
        // Starting during leave: from its end.
        assert_eq!(
            p.after(t("2026-12-01T08:00:00Z"), Duration::days(1)),
            Some(t("2026-12-04T00:00:00Z"))
        );
        // Leave after the deadline does not move it.
        assert_eq!(
            p.after(t("2026-11-20T00:00:00Z"), Duration::days(1)),
            Some(t("2026-11-21T00:00:00Z"))
        );
    }
}
