//! Giving, cancelling and listing lines: each under the game's lock, on
//! the game as it is then, after any reply owed from before is played.

use dynamo_core::Color;

use super::follow::FollowError;
use super::line::{self, LineError, Moves};
use super::store::{Store, Stored};
use super::walk::{Walked, described, walk};
use crate::durable::FileError;
use crate::game::store::{self, GameFile};
use crate::game::{Game, GameError};
use crate::recorder::action::Who;
use crate::recorder::error::{Refusal, SubscriberError};
use crate::recorder::judge::identify;
use crate::recorder::service::Recorder;

/// A player's lines in a game, numbered as the game numbers its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingLines {
    pub side: Color,
    /// Each line: `12... Ng8f6 13. e4e5`.
    pub lines: Vec<String>,
    /// Why they ended, if they did (then none is played).
    pub ended: Option<String>,
}

/// Why lines were not kept, cancelled or listed; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum LinesNotKept {
    /// Whose lines they are cannot be told, or not for them to give.
    #[error(transparent)]
    Refused(Refusal),
    /// A line is refused (illegal, conflicting, too long, …).
    #[error(transparent)]
    Line(LineError),
    /// No folder for the lines is set up.
    #[error("conditional lines are not kept here: no folder is set for them")]
    NoStore,
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Subscriber(#[from] SubscriberError),
}

impl From<FollowError> for LinesNotKept {
    fn from(e: FollowError) -> LinesNotKept {
        match e {
            FollowError::Game(e) => LinesNotKept::Game(e),
            FollowError::Subscriber(e) => LinesNotKept::Subscriber(e),
        }
    }
}

impl From<FileError> for LinesNotKept {
    fn from(e: FileError) -> LinesNotKept {
        LinesNotKept::Game(e.into())
    }
}

impl Recorder<'_> {
    /// Adds the lines `written` (each a list of moves as written, a move
    /// number before a move allowed) of the player `who` names to their
    /// lines in the game `file`: all of them, or none. Their lines as
    /// they now stand.
    pub fn add_lines(
        &mut self,
        file: &GameFile,
        who: &Who,
        written: &[Vec<String>],
    ) -> Result<StandingLines, LinesNotKept> {
        let store = self.conditionals.clone().ok_or(LinesNotKept::NoStore)?;
        self.follow(file)?;
        store::inspect_file(file, self.wait(), |game| {
            let side = side_of(game, who)?;
            if game.ending().is_some() {
                return Err(LinesNotKept::Line(LineError::GameOver));
            }
            let standing = live(&store, game, side)?;
            let mut added: Vec<Moves> = Vec::with_capacity(written.len());
            for moves in written {
                added.push(line::check(game.position(), side, moves).map_err(LinesNotKept::Line)?);
            }
            let lines =
                line::merge(game.position(), &standing, added).map_err(LinesNotKept::Line)?;
            let stored = Stored::after(game.last_event(), lines);
            store.save(game, side, &stored)?;
            Ok(StandingLines {
                side,
                lines: described(game, &stored),
                ended: None,
            })
        })?
    }

    /// Cancels the lines of the player `who` names in the game `file`:
    /// the lines that stood, if any did.
    pub fn cancel_lines(
        &mut self,
        file: &GameFile,
        who: &Who,
    ) -> Result<Option<StandingLines>, LinesNotKept> {
        let store = self.conditionals.clone().ok_or(LinesNotKept::NoStore)?;
        self.follow(file)?;
        store::inspect_file(file, self.wait(), |game| {
            let side = side_of(game, who)?;
            let stood = live(&store, game, side)?;
            store.remove(game, side)?;
            if stood.is_empty() {
                return Ok(None);
            }
            let stored = Stored::after(game.last_event(), stood);
            Ok(Some(StandingLines {
                side,
                lines: described(game, &stored),
                ended: None,
            }))
        })?
    }

    /// Both players' lines in the game `file`, as they stand, read under
    /// its lock; nothing is written.
    pub fn standing(&self, file: &GameFile) -> Result<Vec<StandingLines>, LinesNotKept> {
        let store = self.conditionals.clone().ok_or(LinesNotKept::NoStore)?;
        store::inspect_file(file, self.wait(), |game| {
            let mut all = Vec::new();
            for side in [Color::White, Color::Black] {
                let Some(stored) = store.load(game, side)? else {
                    continue;
                };
                let (stored, ended) = match walk(&stored, game, side) {
                    Walked::Live { stored, .. } => (stored, None),
                    Walked::Ended { stored } => {
                        let why = stored.ended.clone();
                        (stored, why)
                    }
                    Walked::Spent => continue,
                };
                all.push(StandingLines {
                    side,
                    lines: described(game, &stored),
                    ended,
                });
            }
            Ok(all)
        })?
    }
}

/// The side `who` names in `game`: a player's, named by side or address.
fn side_of(game: &Game, who: &Who) -> Result<Color, LinesNotKept> {
    match who {
        Who::Director => Err(LinesNotKept::Refused(Refusal::NoSide)),
        Who::Player { side, from } => {
            identify::<std::convert::Infallible>(game, *side, from.as_deref())
                .map_err(|e| match e.split() {
                    Ok(r) => LinesNotKept::Refused(r),
                    Err(never) => match never {},
                })?
                .ok_or(LinesNotKept::Refused(Refusal::NoSide))
        }
    }
}

/// The lines of `side` standing in `game` now: none once they ended.
fn live(store: &Store, game: &Game, side: Color) -> Result<Vec<Moves>, FileError> {
    Ok(match store.load(game, side)? {
        Some(stored) => match walk(&stored, game, side) {
            Walked::Live { stored, .. } => stored.lines,
            _ => Vec::new(),
        },
        None => Vec::new(),
    })
}
