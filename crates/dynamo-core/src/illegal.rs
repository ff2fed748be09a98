//! Why a move is not legal: the rule that forbids it, in words a player
//! understands.

use crate::castling::CastlingSide;
use crate::color::Color;
use crate::moves::Move;
use crate::role::Role;
use crate::square::Square;

/// The rule a well-formed move breaks in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error(
        "the {piece} on {square} is not yours: only your own pieces move under their own power"
    )]
    NotYourPiece { piece: String, square: Square },
    #[error("there is a {found} on {square}, not a {named}")]
    WrongPiece {
        square: Square,
        named: Role,
        found: Role,
    },
    #[error("name the moving piece: the {found} on {square} is written {letter}{square}")]
    LetterMissing {
        square: Square,
        found: Role,
        letter: char,
    },
    #[error("there is no piece on {0} to push or pull")]
    NoTarget(Square),
    #[error("a piece cannot push or pull itself")]
    SelfTarget,
    #[error("a king never leaves the board")]
    KingLeavesBoard,
    #[error("a pawn never leaves the board under its own power")]
    PawnLeavesBoard,
    #[error("pawns never pull")]
    PawnPull,
    #[error("{0} is occupied: a piece moves under its own power only to an empty square")]
    Occupied(Square),
    #[error("the path is blocked on {0}")]
    Blocked(Square),
    #[error("a {role} cannot move from {from} to {to}")]
    NotAMove {
        role: Role,
        from: Square,
        to: String,
    },
    #[error("a {role} on {from} cannot leave the board: {why}")]
    CannotLeave {
        role: Role,
        from: Square,
        why: &'static str,
    },
    #[error("the {role} on {from} cannot push or pull {target}: {why}")]
    NotInReach {
        role: Role,
        from: Square,
        target: Square,
        why: String,
    },
    #[error("stationary pulls are not allowed under these rules (stationary_pull=false)")]
    StationaryPull,
    #[error("{0}")]
    NoSuchShove(String),
    #[error("{0} is not a move in this position")]
    NotInPosition(Move),
    #[error("no legal move fits this description")]
    NoFit,
    #[error("this fits several legal moves: {0}; name the squares to tell them apart")]
    Ambiguous(String),
    #[error("a pawn that reaches {0} must promote: add =Q, =R, =B or =N")]
    PromotionMissing(Square),
    #[error("no pawn reaches its last rank in this move, so there is nothing to promote")]
    PromotionNotAllowed,
    #[error("a pawn cannot promote to a {0}")]
    BadPromotion(Role),
    #[error("the move would leave your own king off the board")]
    OwnKingOffBoard,
    #[error("the move would leave your king in check")]
    LeavesKingInCheck,
    #[error(
        "the {color} king would be carried over {square}, where it would be in check (king-transit rule)"
    )]
    KingTransit { color: Color, square: Square },
    #[error("the move would undo your opponent's last move (no-undo rule)")]
    NoUndo,
    #[error("{side} castling right is lost: {why}")]
    CastlingRightLost { side: &'static str, why: String },
    #[error("cannot castle {side}: {why}")]
    CastlingNotPossible { side: &'static str, why: String },
    #[error("cannot castle out of check")]
    CastlingOutOfCheck,
    #[error("cannot castle through check: the king would be in check on {0}")]
    CastlingThroughCheck(Square),
}

impl Illegal {
    pub(crate) fn side_name(side: CastlingSide) -> &'static str {
        match side {
            CastlingSide::KingSide => "king-side",
            CastlingSide::QueenSide => "queen-side",
        }
    }
}
