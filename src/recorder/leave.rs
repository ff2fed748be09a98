//! A player's leave across their games: which games it goes into, whether
//! it fits the yearly allowance counted over the whole games folder, and
//! its recording in each, one game's locked update after another. One
//! leave is counted and recorded at a time in a games folder
//! (`.dynamo-leave.lock`), so that two cannot both fit.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::action::{Action, Recorded, Request, When, Who};
use super::error::NotRecorded;
use super::service::Recorder;
use crate::durable::{FileLock, LockError};
use crate::game::clock::format_time;
use crate::game::store::GameFile;
use crate::game::{Address, Game, LeaveDays, LeaveTaken, OverAllowance, Rejection, YearOfLeave};

/// The lock that lets one leave be counted and recorded at a time in the
/// games `folder`: `.dynamo-leave.lock`, waited for at most `wait`.
pub fn lock(folder: &Path, wait: Duration) -> Result<FileLock, LockError> {
    FileLock::acquire_within(&folder.join(".dynamo-leave.lock"), wait)
}

/// The key of the game file at `path` among the games of a leave: one
/// game however it is named ([`GameFile::key`]).
pub fn key(path: &Path) -> PathBuf {
    GameFile::named(path).key().to_path_buf()
}

/// A player's leave.
#[derive(Debug, Clone)]
pub struct Leave {
    pub address: Address,
    pub days: LeaveDays,
    /// `leave_days_per_year`.
    pub allowance: u32,
}

/// What to do in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeavePlan {
    Record(Color),
    /// The side is on leave on every one of those days already.
    Covered(Color),
}

/// Why no leave was recorded at all.
#[derive(Debug, thiserror::Error)]
pub enum LeaveRefusal {
    /// Both players of a game have the address.
    #[error("{}: both players have the address {address}: whose leave it is cannot be told", path.display())]
    Ambiguous { path: PathBuf, address: String },
    /// A game named refuses it (the player is not in it, it is over).
    #[error("{}: {why}", path.display())]
    Rejected { path: PathBuf, why: Rejection },
    /// The player plays in no game going on.
    #[error("{address} plays in no game going on in {}; nothing was recorded", folder.display())]
    NoGame { address: Address, folder: PathBuf },
    /// The time given is before a game's latest event.
    #[error("{}: {why}; nothing was recorded", path.display())]
    TimeOrder { path: PathBuf, why: Rejection },
    /// Over the yearly allowance.
    #[error("{0}; nothing was recorded")]
    OverAllowance(OverAllowance),
}

impl Leave {
    /// The games of `targets` the leave goes into, and what to do in each;
    /// `games` holds every game by its [`key`]. With `every` (no game was
    /// named), games without the player, or over, are passed by; a game
    /// named must be the player's and going on.
    pub fn plan<'p>(
        &self,
        games: &HashMap<PathBuf, Game>,
        targets: &'p [PathBuf],
        every: bool,
        folder: &Path,
    ) -> Result<Vec<(&'p PathBuf, LeavePlan)>, LeaveRefusal> {
        let address = self.address.as_str();
        let mut plans = Vec::new();
        for path in targets {
            let Some(game) = games.get(&key(path)) else {
                continue;
            };
            let refuse = |why: Rejection| LeaveRefusal::Rejected {
                path: path.clone(),
                why,
            };
            let side = match game.identify(None, Some(address)) {
                Ok(Some(side)) => side,
                Err(Rejection::UnknownAddress(_)) if every => continue,
                Err(Rejection::AmbiguousAddress(a)) => {
                    return Err(LeaveRefusal::Ambiguous {
                        path: path.clone(),
                        address: a,
                    });
                }
                Err(e) => return Err(refuse(e)),
                // Not reached: an address always names a side or is refused.
                Ok(None) => continue,
            };
            if let Some(ending) = game.ending() {
                if every {
                    continue;
                }
                return Err(refuse(Rejection::GameOver(ending.clone())));
            }
            let plan = if game.leave(side).covers(self.days) {
                LeavePlan::Covered(side)
            } else {
                LeavePlan::Record(side)
            };
            plans.push((path, plan));
        }
        if plans.is_empty() {
            return Err(LeaveRefusal::NoGame {
                address: self.address.clone(),
                folder: folder.to_path_buf(),
            });
        }
        Ok(plans)
    }

    /// Whether the leave, recorded at `at`, suits every game it goes into
    /// (`at` after each one's latest event) and fits the allowance counted
    /// over `games`; the years it falls in, with the days taken in each.
    pub fn check(
        &self,
        games: &HashMap<PathBuf, Game>,
        plans: &[(&PathBuf, LeavePlan)],
        at: DateTime<Utc>,
    ) -> Result<Vec<YearOfLeave>, LeaveRefusal> {
        for (path, plan) in plans {
            let last = games.get(&key(path)).and_then(Game::last_event_time);
            if let (LeavePlan::Record(_), Some(last)) = (plan, last)
                && at < last
            {
                return Err(LeaveRefusal::TimeOrder {
                    path: (*path).clone(),
                    why: Rejection::TimeOrder {
                        at: format_time(at),
                        last: format_time(last),
                    },
                });
            }
        }
        let address = self.address.as_str();
        LeaveTaken::of(games.values(), address)
            .check(self.days, self.allowance, address)
            .map_err(LeaveRefusal::OverAllowance)
    }
}

impl Recorder<'_> {
    /// Records the leave of `side` at `at` in the game at `path`: one
    /// event, told to the subscribers as any other.
    pub fn record_leave(
        &mut self,
        path: &Path,
        side: Color,
        days: LeaveDays,
        at: DateTime<Utc>,
    ) -> Result<Recorded, NotRecorded> {
        let request = Request::new(Action::Leave { days }, Who::side(side), When::At(at));
        self.record(path, &request)
    }
}
