//! What the notice's picture and text say about the moves: the last
//! move's marks (squares it touched, pieces that left the board and which
//! way) and the pieces each side has lost off the board, found by playing
//! the record's moves again from its start.

use dynamo_core::{ByColor, Move, Piece, Position, parse_move};

use crate::game::Game;
use crate::render::exits;
pub use crate::render::marks;

/// The record's moves, played again.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The position before the last move, and that move.
    pub last: Option<(Position, Move)>,
    /// The pieces each side has lost off the board, in the order they
    /// went.
    pub lost: ByColor<Vec<Piece>>,
}

/// The record's moves as the game played them: under `promotion=owner`
/// the record writes the owner's choice on the mover's move
/// (`Re6e7/e7e8=Q`), which its text alone does not play (docs/RULES.md
/// §9.1).
pub fn replay_played(game: &Game) -> Replayed {
    let mut replayed = Replayed {
        last: None,
        lost: ByColor::new_with(|_| Vec::new()),
    };
    let mut pos = game.start_position().clone();
    for played in game.played() {
        let Ok((mv, after)) = played else {
            replayed.last = None;
            return replayed;
        };
        for exit in exits(&pos, &mv) {
            replayed.lost[exit.piece.color].push(exit.piece);
        }
        replayed.last = Some((std::mem::replace(&mut pos, after), mv));
    }
    replayed
}

/// Plays `moves` (canonical notation) from `start`. A move that no longer
/// reads (which a replayed game cannot have) stops the replay: the notice
/// then shows less, never something wrong.
pub fn replay<'m>(start: &Position, moves: impl IntoIterator<Item = &'m str>) -> Replayed {
    let mut replayed = Replayed {
        last: None,
        lost: ByColor::new_with(|_| Vec::new()),
    };
    let mut pos = start.clone();
    for text in moves {
        let Ok(mv) = parse_move(&pos, text) else {
            return Replayed {
                last: None,
                ..replayed
            };
        };
        let Ok(after) = pos.play(&mv) else {
            return Replayed {
                last: None,
                ..replayed
            };
        };
        for exit in exits(&pos, &mv) {
            replayed.lost[exit.piece.color].push(exit.piece);
        }
        replayed.last = Some((pos, mv));
        pos = after;
    }
    replayed
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::Rules;
    use dynamo_core::{Color, Square, Step};

    #[test]
    fn both_pieces_leaving_are_marked_with_their_way() {
        let pos =
            Position::from_fen("7r/7p/8/8/8/8/8/K6k w - - 0 1", Rules::NOST).expect("a position");
        // A black rook pulling its pawn off: Black to move.
        let pos =
            Position::from_fen(&pos.to_fen().replace(" w ", " b "), Rules::NOST).expect("turn");
        let mv = parse_move(&pos, "Rh8E/h7E").expect("legal");
        let m = marks(&pos, &mv);
        assert_eq!(m.exits.len(), 2, "{m:?}");
        assert!(m.exits.iter().all(|e| e.toward == Step::new(0, 1)), "{m:?}");
        assert!(
            m.squares.contains(&Square::H8) && m.squares.len() == 2,
            "{m:?}"
        );
    }

    #[test]
    fn a_stationary_mover_is_marked_and_losses_are_counted() {
        let start = Position::startpos(Rules::NOST);
        let replayed = replay(&start, ["Bf1/g2E"]);
        let (before, mv) = replayed.last.clone().expect("a last move");
        let m = marks(&before, &mv);
        assert!(m.squares.contains(&Square::F1), "{m:?}");
        assert_eq!(m.exits[0].toward, Step::new(1, 1));
        assert_eq!(replayed.lost[Color::White].len(), 1);
        assert!(replayed.lost[Color::Black].is_empty());
    }
}
