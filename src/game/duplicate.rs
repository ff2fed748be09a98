//! A move sent twice: a mail resent, a move entered again by mistake.
//! Recognised here, in the game, so that every way in (the command line,
//! a reader of replies) treats it alike: nothing is recorded, and the
//! sender is told it already was.

use dynamo_core::{Color, Move, Position, parse_game_move};

use super::choice::read_choice;
use super::event::EventKind;
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
        same_move(&before, &recorded, text).then_some(last)
    }

    /// The owner's choice alone, `text` (`=R`), sent again by `by` (if
    /// known): the choice that completed the last mover's move while its
    /// owner is still to move (made alone, docs/RULES.md §13.18), or that
    /// began the owner's turn now ended by their move. Returned as the
    /// owner's turn would be numbered, `2. =R`, at the time it was made.
    /// A pawn awaiting a choice now makes any choice a new one.
    pub fn already_chosen(&self, text: &str, by: Option<Color>) -> Option<RecordedMove> {
        let role = read_choice(text)?;
        if self.awaiting_choice().is_some() {
            return None;
        }
        let last = self.moves.last()?;
        // Made alone, the choice is written on the last move, whose mover's
        // opponent is still to move; else on the move before the owner's.
        let (completed, owner_move) =
            if last.owner_chose.is_some() && self.position.turn() != last.mover {
                (last, None)
            } else {
                let before = self.moves.len().checked_sub(2)?;
                (self.moves.get(before)?, Some(last))
            };
        let owner = !completed.mover;
        if completed.owner_chose != Some(role) || by.is_some_and(|side| side != owner) {
            return None;
        }
        // Made alone, the choice has its own event and time; made with the
        // move, the move's.
        let alone = self.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Chose { by, .. } if by == owner && e.ply == completed.ply => e.at,
            _ => None,
        });
        let received = alone.or(owner_move.map(|m| m.received))?;
        let number = completed.number + u32::from(owner == Color::White);
        Some(RecordedMove {
            ply: completed.ply + 1,
            number,
            mover: owner,
            notation: format!("={}", role.upper_char()),
            received,
            owner_chose: None,
        })
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

/// Whether `text`, read where `recorded` was played from, is that move:
/// the same move in any notation, and an owner's turn whose choice was
/// made alone (docs/RULES.md §13.18) also written without the choice, as
/// its move was sent.
pub fn same_move(before: &Position, recorded: &Move, text: &str) -> bool {
    if parse_game_move(before, text).is_ok_and(|m| m == *recorded) {
        return true;
    }
    match recorded.choice().map(|role| before.choose(role)) {
        Some(Ok(chosen)) => {
            parse_game_move(&chosen, text).is_ok_and(|m| m == recorded.with_choice(None))
        }
        _ => false,
    }
}
