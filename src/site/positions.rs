//! A game's positions for its page: every position of the record and the
//! move that led to each, worked out only for the pages being written
//! (a game page's boards), never kept for the whole folder.

use std::path::Path;

use dynamo_core::{Move, Position};

use super::error::SiteError;
use crate::game::Game;

/// One game with its positions.
#[derive(Debug, Clone)]
pub struct Positions<'g> {
    pub game: &'g Game,
    /// The start first; `plies[i]` is the move that led from
    /// `positions[i]` to `positions[i + 1]`.
    pub positions: Vec<Position>,
    pub plies: Vec<Move>,
}

impl<'g> Positions<'g> {
    /// The positions of `game`, read from the file at `path`.
    pub fn of(game: &'g Game, path: &Path) -> Result<Positions<'g>, SiteError> {
        let mut positions = vec![game.start_position().clone()];
        let mut plies = Vec::with_capacity(game.moves().len());
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
            positions.push(m.completed(after));
        }
        Ok(Positions {
            game,
            positions,
            plies,
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
