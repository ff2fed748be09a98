//! A move sent twice: a mail resent, a move entered again by mistake.
//! Recognised here, in the game, so that every way in (the command line,
//! a reader of replies) treats it alike: nothing is recorded, and the
//! sender is told it already was.

use dynamo_core::{Color, Position, parse_game_move, parse_move};

use super::record::{Game, RecordedMove};

impl Game {
    /// The last recorded move, when `text`, submitted by `by` (if known),
    /// is that move sent again: `by` is the side that played it, or, with
    /// no side given, `text` is no legal move for the side to move now.
    /// "The same move" is the same move once read in the position it was
    /// played from, whatever the notation (`e4`, `e2e4`, `5254`, `1.
    /// P-K4`). A text that is a legal move for the side to move, with no
    /// side given, is that side's new move, never a duplicate.
    pub fn already_recorded(&self, text: &str, by: Option<Color>) -> Option<&RecordedMove> {
        let last = self.moves.last()?;
        match by {
            Some(side) if side != last.mover => return None,
            Some(_) => {}
            None if self.check_move(text, None).is_ok() => return None,
            None => {}
        }
        let before = self.position_before_last()?;
        let submitted = parse_game_move(&before, text).ok()?;
        let recorded = parse_move(&before, &last.notation).ok()?;
        (submitted == recorded).then_some(last)
    }

    /// The position the last move was played from, replayed from the
    /// start; `None` before the first move.
    fn position_before_last(&self) -> Option<Position> {
        let (_, earlier) = self.moves.split_last()?;
        let mut pos = self.start.clone();
        for m in earlier {
            let mv = parse_move(&pos, &m.notation).ok()?;
            pos = pos.play(&mv).ok()?;
        }
        Some(pos)
    }
}
