//! A game's positions for its page: every position of the record and the
//! move that led to each, worked out only for the pages being written
//! (a game page's boards), never kept for the whole folder.

use std::borrow::Cow;
use std::path::Path;

use dynamo_core::{Move, Position};

use super::error::SiteError;
use crate::game::{Game, RecordedMove};

/// One game with its positions.
#[derive(Debug, Clone)]
pub struct Positions<'g> {
    pub game: &'g Game,
    /// The start first; `plies[i]` is the move that led from
    /// `positions[i]` to `positions[i + 1]`.
    pub positions: Vec<Position>,
    pub plies: Vec<Move>,
    /// For a position the owner's choice completed (§9.1), the board as
    /// the mover's move left it, the pawn awaiting the choice: what is
    /// shown while the owner's turn is hidden (`[site] delay_moves`).
    awaiting: Vec<(usize, Position)>,
}

impl<'g> Positions<'g> {
    /// The positions of `game`, read from the file at `path`.
    pub fn of(game: &'g Game, path: &Path) -> Result<Positions<'g>, SiteError> {
        let mut positions = vec![game.start_position().clone()];
        let mut plies = Vec::with_capacity(game.moves().len());
        let mut awaiting = Vec::new();
        for (played, m) in game.played().zip(game.moves()) {
            // A replayed game's moves read again; if one did not, the page
            // would show a wrong board.
            let (mv, after) = played.map_err(|m| SiteError::Game {
                path: path.to_path_buf(),
                why: format!("move {} no longer reads", m.notation),
            })?;
            plies.push(mv);
            // The board after `Re6e7/e7e8=Q` has the owner's queen
            // (docs/RULES.md §9.1).
            if m.owner_chose.is_some() {
                awaiting.push((positions.len(), after.clone()));
            }
            positions.push(m.completed(after));
        }
        Ok(Positions {
            game,
            positions,
            plies,
            awaiting,
        })
    }

    /// The board of position `i` on a page that shows `shown` plies: the
    /// last one shown, if the owner's turn after it is hidden, without
    /// the owner's choice (§9.1), which is part of that turn.
    pub fn board(&self, i: usize, shown: usize) -> &Position {
        let before_choice = (i == shown && shown < self.plies.len())
            .then(|| self.awaiting.iter().find(|(at, _)| *at == i))
            .flatten();
        before_choice.map_or(&self.positions[i], |(_, before)| before)
    }

    /// The recorded move `k` (0-based) on a page that shows `shown`
    /// plies: the last one shown without the owner's choice when the
    /// owner's turn is hidden, as [`Positions::board`].
    pub fn recorded(&self, k: usize, shown: usize) -> Option<Cow<'g, RecordedMove>> {
        let m = self.game.moves().get(k)?;
        Some(if k + 1 == shown && shown < self.plies.len() {
            Cow::Owned(m.as_moved())
        } else {
            Cow::Borrowed(m)
        })
    }

    /// How many plies the pages show: all of a finished game, all but the
    /// last `delay` of one in progress (`[site] delay_moves`).
    pub fn shown(&self, delay: u32) -> usize {
        if self.game.ending().is_some() {
            self.plies.len()
        } else {
            self.plies.len().saturating_sub(delay as usize)
        }
    }
}
