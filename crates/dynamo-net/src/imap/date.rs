//! INTERNALDATE, the time the server received a message:
//! `"23-Nov-2026 10:00:00 +0000"` (RFC 3501 `date-time`; a day below 10
//! may come with a leading space instead of a zero).

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};

/// The instant, or `None` when the text is not such a date.
pub(super) fn internal_date(text: &str) -> Option<DateTime<Utc>> {
    let text = text.strip_prefix(' ').unwrap_or(text);
    let mut parts = text.split(' ');
    let (date, time, zone) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let mut date = date.split('-');
    let day = number(date.next()?, 1, 2)?;
    let month = month(date.next()?)?;
    let year = i32::try_from(number(date.next()?, 4, 4)?).ok()?;
    if date.next().is_some() {
        return None;
    }
    let mut time = time.split(':');
    let hour = number(time.next()?, 2, 2)?;
    let minute = number(time.next()?, 2, 2)?;
    let second = number(time.next()?, 2, 2)?;
    if time.next().is_some() {
        return None;
    }
    let sign = match zone.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let zone = zone.get(1..)?;
    let (zone_hours, zone_minutes) = (number(zone.get(..2)?, 2, 2)?, number(zone.get(2..)?, 2, 2)?);
    if zone_minutes > 59 {
        return None;
    }
    let offset =
        FixedOffset::east_opt(sign * i32::try_from(zone_hours * 3600 + zone_minutes * 60).ok()?)?;
    let naive = NaiveDate::from_ymd_opt(year, month, day)?.and_hms_opt(hour, minute, second)?;
    let local = offset.from_local_datetime(&naive).single()?;
    Some(local.with_timezone(&Utc))
}

/// A number of `min` to `max` ASCII digits.
fn number(text: &str, min: usize, max: usize) -> Option<u32> {
    if !(min..=max).contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn month(name: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let index = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(name))?;
    u32::try_from(index + 1).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .expect("a test time")
            .with_timezone(&Utc)
    }

    #[test]
    fn dates_in_any_zone_become_utc() {
        let cases = [
            ("23-Nov-2026 10:00:00 +0000", "2026-11-23T10:00:00Z"),
            ("23-Nov-2026 10:00:00 +0130", "2026-11-23T08:30:00Z"),
            ("01-Jan-2027 00:30:00 -0800", "2027-01-01T08:30:00Z"),
            (" 3-feb-2026 23:59:59 +0100", "2026-02-03T22:59:59Z"),
            ("3-FEB-2026 23:59:59 +0100", "2026-02-03T22:59:59Z"),
            ("29-Feb-2028 12:00:00 +0000", "2028-02-29T12:00:00Z"),
        ];
        for (text, want) in cases {
            assert_eq!(internal_date(text), Some(utc(want)), "{text}");
        }
    }

    #[test]
    fn anything_else_is_not_a_date() {
        for text in [
            "",
            "23-Nov-2026",
            "23-Nov-2026 10:00:00",
            "23-Nov-2026 10:00:00 0000",
            "23-Nov-2026 10:00:00 +00",
            "23-Nov-2026 10:00:00 +0060",
            "23-Nov-2026 10:00 +0000",
            "23-Nox-2026 10:00:00 +0000",
            "30-Feb-2026 10:00:00 +0000",
            "23-Nov-26 10:00:00 +0000",
            "23-Nov-2026 24:00:00 +0000",
            "23-Nov-2026 10:00:00 +0000 extra",
            "+1-Nov-2026 10:00:00 +0000",
            "23-Nov-2026 10:00:00 +９９００",
        ] {
            assert_eq!(internal_date(text), None, "{text:?}");
        }
    }
}
