//! The recorded moves read again as they were played, for whatever needs
//! a position or a move of a replayed game (a board at some ply, a move
//! sent twice). The record's text alone does not say it: under
//! `promotion=owner` the owner's choice is written on the mover's move
//! (`Re6e7/e7e8=Q`) and belongs to the owner's move after it
//! (docs/RULES.md §9.1), so each move is read as replay reads the file.

use dynamo_core::{Move, Position};

use super::choice::read_recorded;
use super::record::{Game, RecordedMove};

/// Each recorded move as played, with the position after it: `Err` with
/// the move that no longer reads (which a replayed game cannot have),
/// then nothing more.
pub struct PlayedMoves<'g> {
    moves: std::slice::Iter<'g, RecordedMove>,
    position: Position,
    choice: Option<String>,
}

impl Game {
    /// The recorded moves as played, from the start position.
    pub fn played(&self) -> PlayedMoves<'_> {
        PlayedMoves {
            moves: self.moves.iter(),
            position: self.start.clone(),
            choice: None,
        }
    }
}

impl<'g> Iterator for PlayedMoves<'g> {
    type Item = Result<(Move, Position), &'g RecordedMove>;

    fn next(&mut self) -> Option<Self::Item> {
        let m = self.moves.next()?;
        let mut after = self.position.clone();
        match read_recorded(&self.position, self.choice.take(), &m.notation, &mut after) {
            Ok((mv, completed)) => {
                self.position = after.clone();
                self.choice = completed;
                Some(Ok((mv, after)))
            }
            Err(_) => {
                self.moves = [].iter();
                Some(Err(m))
            }
        }
    }
}
