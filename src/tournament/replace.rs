//! A substitute takes a player's seat in a section (`dynamo tournament
//! replace`): which games change, and how the section file records it.
//! Nothing here writes a game: each game in progress gets the substitute
//! by a header correction the recorder records, with its audit trail
//! ([`side_edits`], as `dynamo player set` writes it); the section file,
//! which records the substitution, is written last
//! ([`super::store_section`]).
//!
//! The rule (docs/director.md, "Replacing a player"), ICCF's practice:
//! the substitute plays every game of the seat that is not finished; the
//! finished ones stay as played, under the original player's name, and
//! count for the seat, whose row in the standings carries them all under
//! the substitute's name.
//!
//! A run that stops half-way is finished by running it again: a game
//! that names the substitute already is left as it is, and the section
//! file, written last, still names the original player until the end.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::player_change::side_edits;
use super::section::{Entrant, Section, Substitution};
use crate::game::clock::format_time;
use crate::game::{Address, Game, TagEdit};

/// The substitution asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement<'a> {
    /// The player who leaves, as the section file has them (any case).
    pub old: &'a Address,
    /// The substitute's address and name.
    pub email: &'a Address,
    pub name: &'a str,
    pub at: DateTime<Utc>,
    pub reason: Option<&'a str>,
}

/// One game of the seat in progress, which the substitute takes over.
#[derive(Debug, Clone)]
pub struct TakenGame {
    pub path: PathBuf,
    /// The seat's colour in it.
    pub side: Color,
    /// The opponent's number.
    pub opponent: u32,
    /// The tags to set; none when the game names the substitute already
    /// (a run again after a stop).
    pub edits: Vec<TagEdit>,
}

/// The substitution planned.
#[derive(Debug, Clone)]
pub struct ReplacePlan {
    /// The seat as the section file had it: the player who leaves.
    pub seat: Entrant,
    /// The substitute, as the section file will have them.
    pub substitute: Entrant,
    /// The seat's games in progress, in the section's order.
    pub games: Vec<TakenGame>,
    /// How many of the seat's games are finished (or cancelled): they
    /// stay the original player's.
    pub kept: usize,
    /// The section file with the substitution recorded.
    pub section: Section,
}

/// Why a substitution is refused; nothing is changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplaceError {
    #[error("{address} is not a player of section {section}; nothing was changed")]
    NotInSection { address: String, section: String },
    /// The seat was given to a substitute already: `done` when to the
    /// one asked for (a run again after the whole change).
    #[error(
        "{name} <{address}> was substituted by {by} in section {section} already, at {at}; \
         nothing was changed"
    )]
    Replaced {
        name: String,
        address: String,
        by: String,
        section: String,
        at: String,
        done: bool,
    },
    #[error(
        "{name} <{address}> withdrew from section {section} at {at}: a withdrawn player's \
         games are settled, and nobody takes them over; nothing was changed"
    )]
    Withdrawn {
        name: String,
        address: String,
        section: String,
        at: String,
    },
    /// The substitute plays in the section, or played in it before.
    #[error("{why}: a substitute must be new to section {section}; nothing was changed")]
    Plays { why: String, section: String },
}

/// Whether `a` and `b` are one address, as mail systems compare them.
fn same(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

/// Plans the substitution `asked` in `section`, whose games are `games`
/// (in the section's order, as read).
pub fn plan(
    section: &Section,
    games: &[(PathBuf, Game)],
    asked: &Replacement,
) -> Result<ReplacePlan, ReplaceError> {
    let seat = find_seat(section, asked)?;
    let number = seat.number;
    if let Some(w) = section.withdrawn.iter().find(|w| w.player == number) {
        return Err(ReplaceError::Withdrawn {
            name: seat.name.clone(),
            address: seat.email.clone(),
            section: section.name.clone(),
            at: w.at.clone(),
        });
    }
    let plays = |why: String| ReplaceError::Plays {
        why,
        section: section.name.clone(),
    };
    for p in &section.players {
        if same(&p.email, asked.email.as_str()) {
            return Err(plays(format!(
                "{} is the address of player {} ({})",
                asked.email, p.number, p.name
            )));
        }
        if p.number != number && p.name.to_lowercase() == asked.name.to_lowercase() {
            return Err(plays(format!(
                "player {} is called {} already",
                p.number, p.name
            )));
        }
    }
    if let Some(s) = section
        .substituted
        .iter()
        .find(|s| same(&s.old_email, asked.email.as_str()))
    {
        return Err(plays(format!(
            "{} <{}> held seat {} before",
            s.old_name, s.old_email, s.player
        )));
    }
    let mut taken = Vec::new();
    let mut kept = 0;
    for (g, (path, game)) in section.games.iter().zip(games) {
        let (side, opponent) = if g.white == number {
            (Color::White, g.black)
        } else if g.black == number {
            (Color::Black, g.white)
        } else {
            continue;
        };
        let player = game.player(side);
        // Already the substitute's: a run again after a stop, where the
        // game may have ended since.
        let theirs = player.has_address(asked.email.as_str());
        if game.ending().is_some() && !theirs {
            kept += 1;
            continue;
        }
        taken.push(TakenGame {
            path: path.clone(),
            side,
            opponent,
            edits: side_edits(player, side, asked.email, Some(asked.name)),
        });
    }
    let substitute = Entrant {
        number,
        name: asked.name.to_string(),
        email: asked.email.as_str().to_string(),
    };
    let mut after = section.clone();
    after.players[number as usize - 1] = substitute.clone();
    after.substituted.push(Substitution {
        player: number,
        old_name: seat.name.clone(),
        old_email: seat.email.clone(),
        new_name: asked.name.to_string(),
        at: format_time(asked.at),
        reason: asked.reason.map(str::to_string),
    });
    Ok(ReplacePlan {
        seat: seat.clone(),
        substitute,
        games: taken,
        kept,
        section: after,
    })
}

/// The seat of the player `asked.old`, or why there is none.
fn find_seat<'s>(section: &'s Section, asked: &Replacement) -> Result<&'s Entrant, ReplaceError> {
    let old = asked.old.as_str();
    if let Some(seat) = section.players.iter().find(|p| same(&p.email, old)) {
        return Ok(seat);
    }
    match section
        .substituted
        .iter()
        .rev()
        .find(|s| same(&s.old_email, old))
    {
        Some(s) => {
            let by = section.players.get(s.player as usize - 1);
            Err(ReplaceError::Replaced {
                name: s.old_name.clone(),
                address: s.old_email.clone(),
                by: s.new_name.clone(),
                section: section.name.clone(),
                at: s.at.clone(),
                done: by.is_some_and(|p| same(&p.email, asked.email.as_str())),
            })
        }
        None => Err(ReplaceError::NotInSection {
            address: old.to_string(),
            section: section.name.clone(),
        }),
    }
}
