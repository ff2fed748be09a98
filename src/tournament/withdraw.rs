//! A player withdrawn from a section (`dynamo tournament withdraw`): what
//! becomes of each of their games under the section's rule, in the
//! section's order. Nothing here writes a game: each change is an action
//! the recorder records (a cancellation, an adjudication), with its audit
//! trail; the section file, which records the withdrawal, is written
//! last ([`super::store_section`]).
//!
//! The rules (docs/director.md, "Withdrawing a player"):
//! - `iccf`, the default: a withdrawal before half of the player's games
//!   are finished cancels all their games, finished ones too; from half
//!   on, their unfinished games are lost by withdrawal and the finished
//!   ones stand;
//! - `forfeit`: the unfinished games are lost, the finished ones stand,
//!   however many there are;
//! - `cancel`: every game is cancelled, however many are finished.
//!
//! A run that stops half-way is finished by running it again: the games
//! changed already are recognised by what they say (cancelled, or lost
//! by this withdrawal), and the count that decides the `iccf` rule moves
//! only further the same way as games are changed (a cancelled game is
//! not finished; a game lost by withdrawal is), so a run again decides
//! the same.

use std::path::PathBuf;
use std::str::FromStr;

use chrono::{DateTime, Utc};

use super::section::{Entrant, Section, Withdrawal};
use crate::game::clock::format_time;
use crate::game::{Address, Game};

/// How a withdrawn player's games are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WithdrawRule {
    Iccf,
    Forfeit,
    Cancel,
}

impl WithdrawRule {
    /// Its name on the command line and in the section file.
    pub fn name(self) -> &'static str {
        match self {
            WithdrawRule::Iccf => "iccf",
            WithdrawRule::Forfeit => "forfeit",
            WithdrawRule::Cancel => "cancel",
        }
    }
}

impl FromStr for WithdrawRule {
    type Err = String;
    fn from_str(text: &str) -> Result<WithdrawRule, String> {
        match text {
            "iccf" => Ok(WithdrawRule::Iccf),
            "forfeit" => Ok(WithdrawRule::Forfeit),
            "cancel" => Ok(WithdrawRule::Cancel),
            _ => Err(format!(
                "{}: the rule is iccf, forfeit or cancel",
                dynamo_core::quoted(text)
            )),
        }
    }
}

/// What becomes of one game of the withdrawn player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// Cancelled: it counts for nobody.
    Cancelled,
    /// Lost by withdrawal: the PGN result (`1-0`, `0-1`) the opponent wins.
    Lost(&'static str),
    /// Finished before the withdrawal, and its result stands.
    Stands,
}

/// One game of the withdrawn player.
#[derive(Debug, Clone)]
pub struct WithdrawnGame {
    pub path: PathBuf,
    /// The opponent's number.
    pub opponent: u32,
    pub fate: Fate,
    /// Whether the game says so already (a run again after a crash).
    pub done: bool,
}

/// The withdrawal planned.
#[derive(Debug, Clone)]
pub struct WithdrawPlan {
    pub player: Entrant,
    /// The player's games in the section, and how many had finished.
    pub total: usize,
    pub finished: usize,
    pub games: Vec<WithdrawnGame>,
    /// The section file with the withdrawal recorded.
    pub section: Section,
    /// The reason written in each game changed: `Eve Adams withdrew on
    /// 2026-12-01`.
    pub why: String,
}

/// Why a withdrawal is refused; nothing is changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WithdrawError {
    #[error("{address} is not a player of section {section}; nothing was changed")]
    NotInSection { address: String, section: String },
    #[error(
        "{name} <{address}> withdrew from section {section} already, at {at}; nothing was changed"
    )]
    Already {
        name: String,
        address: String,
        section: String,
        at: String,
    },
}

/// The Termination of a game lost by withdrawal begins so, after
/// `adjudicated: `.
pub const LOST_BY_WITHDRAWAL: &str = "lost by withdrawal: ";

/// Plans the withdrawal of `address` from `section`, whose games are
/// `games` (in the section's order, as read), at `at` under `rule`.
pub fn plan(
    section: &Section,
    games: &[(PathBuf, Game)],
    address: &Address,
    rule: WithdrawRule,
    at: DateTime<Utc>,
    reason: Option<&str>,
) -> Result<WithdrawPlan, WithdrawError> {
    let wanted = address.as_str().to_lowercase();
    let player = section
        .players
        .iter()
        .find(|p| p.email.to_lowercase() == wanted)
        .ok_or_else(|| WithdrawError::NotInSection {
            address: address.to_string(),
            section: section.name.clone(),
        })?;
    if let Some(w) = section.withdrawn.iter().find(|w| w.player == player.number) {
        return Err(WithdrawError::Already {
            name: player.name.clone(),
            address: player.email.clone(),
            section: section.name.clone(),
            at: w.at.clone(),
        });
    }
    let why = format!("{} withdrew on {}", player.name, at.format("%Y-%m-%d"));
    let lost_reason = format!("adjudicated: {LOST_BY_WITHDRAWAL}{why}");
    let theirs: Vec<(&PathBuf, &Game, u32, bool)> = section
        .games
        .iter()
        .zip(games)
        .filter_map(|(g, (path, game))| {
            if g.white == player.number {
                Some((path, game, g.black, true))
            } else if g.black == player.number {
                Some((path, game, g.white, false))
            } else {
                None
            }
        })
        .collect();
    let finished = theirs
        .iter()
        .filter(|(_, game, _, _)| game.ending().is_some() && game.cancelled().is_none())
        .count();
    let cancel_all = match rule {
        WithdrawRule::Iccf => 2 * finished < theirs.len(),
        WithdrawRule::Forfeit => false,
        WithdrawRule::Cancel => true,
    };
    let planned = theirs
        .iter()
        .map(|&(path, game, opponent, white)| {
            let (fate, done) = if cancel_all {
                (Fate::Cancelled, game.cancelled().is_some())
            } else if game.cancelled().is_some() {
                // Cancelled before, for another reason: it stays so.
                (Fate::Stands, true)
            } else {
                let result = if white { "0-1" } else { "1-0" };
                match game.ending() {
                    None => (Fate::Lost(result), false),
                    Some(e) if e.reason == lost_reason => (Fate::Lost(result), true),
                    Some(_) => (Fate::Stands, true),
                }
            };
            WithdrawnGame {
                path: path.clone(),
                opponent,
                fate,
                done,
            }
        })
        .collect();
    let mut after = section.clone();
    after.withdrawn.push(Withdrawal {
        player: player.number,
        at: format_time(at),
        rule: rule.name().to_string(),
        reason: reason.map(str::to_string),
    });
    Ok(WithdrawPlan {
        player: player.clone(),
        total: theirs.len(),
        finished,
        games: planned,
        section: after,
        why,
    })
}

impl WithdrawPlan {
    /// The reason of an adjudication of a game lost by this withdrawal
    /// (the Termination is it after `adjudicated: `).
    pub fn lost_reason(&self) -> String {
        format!("{LOST_BY_WITHDRAWAL}{}", self.why)
    }

    /// Whether the player's games are cancelled (before half were
    /// finished, under `iccf`; always under `cancel`).
    pub fn cancels(&self) -> bool {
        self.games.iter().any(|g| g.fate == Fate::Cancelled)
    }
}
