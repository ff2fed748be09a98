//! The yearly allowance of leave (`leave_days_per_year`): the days of
//! leave a player has, counted once per day across all their games (a
//! day of leave in three games is one day), per calendar year in UTC (a
//! leave over the new year counts in each year for its days there).

use chrono::{Datelike, NaiveDate};
use dynamo_core::Color;

use super::event::EventKind;
use super::leave::{LeaveDays, Pauses};
use super::record::Game;

/// The days of leave a player has taken, in all their games.
#[derive(Debug, Clone, Default)]
pub struct LeaveTaken(Pauses);

/// One calendar year of a leave asked for: the days taken already, and
/// the days the leave would add.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YearOfLeave {
    pub year: i32,
    /// Days of leave in that year already recorded, in any game.
    pub taken: i64,
    /// Days of the new leave in that year not taken already.
    pub adding: i64,
}

/// Leave over the yearly allowance; nothing is recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{address} has taken {taken} of {allowance} days of leave in {year} ({left} left); \
     {leave} would add {adding} more (leave_days_per_year in the config)",
    left = allowance.saturating_sub(*taken)
)]
pub struct OverAllowance {
    pub address: String,
    pub leave: LeaveDays,
    pub year: i32,
    pub taken: i64,
    pub adding: i64,
    pub allowance: i64,
}

impl LeaveTaken {
    /// The leave recorded in `games` for each side whose address is
    /// `address` (any form a mail shows, any letter case), finished games
    /// included.
    pub fn of<'a>(games: impl IntoIterator<Item = &'a Game>, address: &str) -> LeaveTaken {
        let mut days = Vec::new();
        for game in games {
            let sides: Vec<Color> = [Color::White, Color::Black]
                .into_iter()
                .filter(|&side| game.player(side).has_address(address))
                .collect();
            days.extend(game.events().iter().filter_map(|e| match e.kind {
                EventKind::Leave { by, days } if sides.contains(&by) => Some(days),
                _ => None,
            }));
        }
        LeaveTaken(Pauses::of(days))
    }

    /// Each calendar year `leave` touches, with the days taken and the
    /// days it would add there.
    pub fn years(&self, leave: LeaveDays) -> Vec<YearOfLeave> {
        (leave.from().year()..=leave.to().year())
            .filter_map(|year| {
                let first = NaiveDate::from_ymd_opt(year, 1, 1)?;
                let last = NaiveDate::from_ymd_opt(year, 12, 31)?;
                let whole = LeaveDays::new(first, last).ok()?;
                let part = LeaveDays::new(leave.from().max(first), leave.to().min(last)).ok()?;
                let taken = self.0.paused(whole.start(), whole.end()).num_days();
                let already = self.0.paused(part.start(), part.end()).num_days();
                Some(YearOfLeave {
                    year,
                    taken,
                    adding: part.days() - already,
                })
            })
            .collect()
    }

    /// The years of `leave`, or the first year in which it would take
    /// `address` over `allowance` days.
    pub fn check(
        &self,
        leave: LeaveDays,
        allowance: u32,
        address: &str,
    ) -> Result<Vec<YearOfLeave>, OverAllowance> {
        let years = self.years(leave);
        let allowance = i64::from(allowance);
        match years.iter().find(|y| y.taken + y.adding > allowance) {
            Some(y) => Err(OverAllowance {
                address: address.to_string(),
                leave,
                year: y.year,
                taken: y.taken,
                adding: y.adding,
                allowance,
            }),
            None => Ok(years),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::clock::parse_time;
    use crate::game::{NewGame, Player};

    fn game(white: &str, black: &str) -> Game {
        let start = parse_time("2026-01-05T12:00:00Z").expect("a time");
        let mut new = NewGame::new(
            Player::parse(white).expect("white"),
            Player::parse(black).expect("black"),
            start,
        );
        new.time_control = "3d".parse().expect("a time control");
        Game::create(new).expect("a game")
    }

    fn leave(from: &str, to: &str) -> LeaveDays {
        LeaveDays::parse(from, to).expect("dates")
    }

    #[test]
    fn a_day_in_several_games_counts_once_and_years_apart() {
        let at = parse_time("2026-02-01T00:00:00Z").expect("a time");
        let ada = "Ada <ada@example.org>";
        let g1 = game(ada, "Bob <bob@example.org>")
            .take_leave(Color::White, leave("2026-12-20", "2027-01-03"), at)
            .expect("leave");
        let g2 = game("Cy <cy@example.org>", ada)
            .take_leave(Color::Black, leave("2026-12-25", "2026-12-31"), at)
            .expect("leave")
            .take_leave(Color::White, leave("2026-03-01", "2026-03-31"), at)
            .expect("Cy's leave is not Ada's");
        let taken = LeaveTaken::of([&g1, &g2], "ADA@example.org");
        // 12 days in 2026 (20–31 December), 3 in 2027; asking for 30
        // December to 5 January adds none in 2026 and 2 in 2027.
        assert_eq!(
            taken.years(leave("2026-12-30", "2027-01-05")),
            [
                YearOfLeave {
                    year: 2026,
                    taken: 12,
                    adding: 0
                },
                YearOfLeave {
                    year: 2027,
                    taken: 3,
                    adding: 2
                },
            ]
        );
        assert!(
            taken
                .check(leave("2027-01-04", "2027-01-30"), 30, "a")
                .is_ok()
        );
        let over = taken
            .check(leave("2027-01-04", "2027-01-31"), 30, "ada@example.org")
            .expect_err("3 + 28 > 30");
        assert_eq!((over.year, over.taken, over.adding), (2027, 3, 28));
        assert_eq!(
            over.to_string(),
            "ada@example.org has taken 3 of 30 days of leave in 2027 (27 left); \
             2027-01-04 to 2027-01-31 would add 28 more (leave_days_per_year in the config)"
        );
    }
}
