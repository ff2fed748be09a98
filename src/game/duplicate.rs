//! A move sent twice: a mail resent, a move entered again by mistake.
//! Recognised here, in the game, so that every way in (the command line,
//! a reader of replies) treats it alike: nothing is recorded, and the
//! sender is told it already was.

use dynamo_core::{Color, Move, Position, parse_game_move};

use super::record::{Game, RecordedMove};

impl Game {
    /// The last recorded move, when `text`, submitted by `by` (if known),
    /// is that move sent again: `by` is the side that played it, or, with
    /// no side given, `text` is no legal move for the side to move now.
    /// "The same move" is the same move once read in the position it was
    /// played from, whatever the notation (`e4`, `e2e4`, `5254`, `1.
    /// P-K4`), and an owner's turn is its choice and its move, `=Q
    /// Qe8/e7e6`, though the record writes the choice on the mover's move
    /// before it (docs/RULES.md §9.1). A text that is a legal move for the
    /// side to move, with no side given, is that side's new move, never a
    /// duplicate.
    pub fn already_recorded(&self, text: &str, by: Option<Color>) -> Option<&RecordedMove> {
        let last = self.moves.last()?;
        match by {
            Some(side) if side != last.mover => return None,
            Some(_) => {}
            None if self.check_move(text, None).is_ok() => return None,
            None => {}
        }
        let (before, recorded) = self.last_played()?;
        let submitted = parse_game_move(&before, text).ok()?;
        (submitted == recorded).then_some(last)
    }

    /// The last move as played, with the position it was played from;
    /// `None` before the first move.
    fn last_played(&self) -> Option<(Position, Move)> {
        let mut before = self.start.clone();
        let mut last = None;
        for played in self.played() {
            let (mv, after) = played.ok()?;
            last = Some((std::mem::replace(&mut before, after), mv));
        }
        last
    }
}
