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
    /// No piece stands on the mover's square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece written as the mover belongs to the opponent.
    #[error(
        "the {piece} on {square} is not yours: only your own pieces move under their own power"
    )]
    NotYourPiece {
        /// The piece, in words: `black pawn`.
        piece: String,
        /// Where it stands.
        square: Square,
    },
    /// A written piece letter does not match the piece on that square.
    #[error("there is a {found} on {square}, not a {named}")]
    WrongPiece {
        /// The square.
        square: Square,
        /// The role the letter names.
        named: Role,
        /// The role that stands there.
        found: Role,
    },
    /// The square after the `/` is empty: there is nothing to push or pull.
    #[error("there is no piece on {0} to push or pull")]
    NoTarget(Square),
    /// The pushed or pulled piece is written on the mover's own square.
    #[error("a piece cannot push or pull itself")]
    SelfTarget,
    /// A king is written going off the board, which it never does
    /// (docs/RULES.md §5).
    #[error("a king never leaves the board")]
    KingLeavesBoard,
    /// A pawn is written going off the board under its own power
    /// (docs/RULES.md §4).
    #[error("a pawn never leaves the board under its own power")]
    PawnLeavesBoard,
    /// A pawn is written pulling, or pushing backwards (docs/RULES.md §4).
    #[error("pawns never pull")]
    PawnPull,
    /// The move is written as a capture (`exd5`, `Nxe5`): there are none
    /// in Dynamo Chess, where a piece moves only to an empty square and
    /// pushes or pulls the piece it meets (docs/RULES.md §1).
    #[error(
        "there are no captures in Dynamo Chess: a piece moves to an empty square, or pushes or pulls another piece"
    )]
    Capture,
    /// A plain move's destination holds a piece; holds that square.
    #[error("{0} is occupied: a piece moves under its own power only to an empty square")]
    Occupied(Square),
    /// A piece stands in the way of a plain move.
    #[error("the {role} on {from} cannot reach {to}: the {piece} on {square} stands in the way")]
    Blocked {
        /// The mover's role.
        role: Role,
        /// Where the mover stands.
        from: Square,
        /// Where it was written to go.
        to: Square,
        /// The piece in the way, in words: `black pawn`.
        piece: String,
        /// Where that piece stands: the nearest one on the way.
        square: Square,
    },
    /// The piece does not move from `from` to `to` under its own power.
    #[error("a {role} cannot move from {from} to {to}")]
    NotAMove {
        /// The piece's role.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it was written to go.
        to: String,
    },
    /// The piece cannot leave the board from where it stands
    /// (docs/RULES.md §5).
    #[error("a {role} on {from} cannot leave the board: {why}")]
    CannotLeave {
        /// The piece's role.
        role: Role,
        /// Where it stands.
        from: Square,
        /// What stops it: every line to the edge blocked, or no knight jump
        /// that lands off the board.
        why: &'static str,
    },
    /// The mover cannot push or pull the piece on `target` at all, wherever
    /// the two were written to go.
    #[error("the {role} on {from} cannot push or pull {target}: {why}")]
    NotInReach {
        /// The mover's role.
        role: Role,
        /// Where the mover stands.
        from: Square,
        /// Where the piece to push or pull stands.
        target: Square,
        /// What stops it, in words.
        why: String,
    },
    /// A pull without moving, written while `stationary_pull=false`
    /// (docs/RULES.md §2, §9).
    #[error("stationary pulls are not allowed under these rules (stationary_pull=false)")]
    StationaryPull,
    /// The mover can push or pull that piece, but not to the squares
    /// written; holds the whole message, with the squares it could reach.
    #[error("{0}")]
    NoSuchShove(String),
    /// [`crate::Position::play`] was given a move that the pieces cannot
    /// make in this position.
    #[error("{0} is not a move in this position")]
    NotInPosition(Move),
    /// No legal move fits a pattern: a descriptive move, or short algebraic
    /// with the mover's square left out. Holds why, in words: the rule the
    /// one piece that could be meant breaks, or that no piece of that kind
    /// can do what is written.
    #[error("{0}")]
    NoFit(String),
    /// A move number written before the move is not the current one.
    #[error("the move is numbered {written}, but it is move {current}")]
    WrongMoveNumber {
        /// The number as written.
        written: u32,
        /// The position's move number.
        current: u32,
    },
    /// A move number written before the move numbers the other side's
    /// move: `12.` for Black or `12...` for White.
    #[error("the move is numbered {written}, but {turn} is to move")]
    WrongSideNumbered {
        /// The number as written: `12.` or `12...`.
        written: String,
        /// The side to move.
        turn: Color,
    },
    /// A pattern (descriptive, or short algebraic) fits several legal
    /// moves; holds them in canonical notation, separated by commas.
    #[error("this fits several legal moves: {0}; name the squares to tell them apart")]
    Ambiguous(String),
    /// A pawn reaches its last rank but no promotion piece is written; holds
    /// the square where it promotes (docs/RULES.md §4).
    #[error("a pawn that reaches {0} must promote: add =Q, =R, =B or =N")]
    PromotionMissing(Square),
    /// A promotion piece is written, but no pawn reaches its last rank.
    #[error("no pawn reaches its last rank in this move, so there is nothing to promote")]
    PromotionNotAllowed,
    /// No version of the move promotes to the piece written.
    #[error("a pawn cannot promote to a {0}")]
    BadPromotion(Role),
    /// A pawn awaits its owner's choice, and the move is written without
    /// one (docs/RULES.md §9.1).
    #[error(
        "the {color} pawn on {square} awaits your choice: write =Q, =R, =B or =N, a blank, then your move (=Q {example})"
    )]
    ChoiceMissing {
        /// The pawn's side, the side to move.
        color: Color,
        /// Where it stands, on its last rank.
        square: Square,
        /// The move as written, to show the form.
        example: String,
    },
    /// A choice is written before the move, but no pawn awaits one
    /// (docs/RULES.md §9.1).
    #[error("no pawn awaits a choice: write the move without =Q, =R, =B or =N before it")]
    NoChoicePending,
    /// A promotion piece is written for the opponent's pawn under
    /// `promotion=owner`, where its owner chooses (docs/RULES.md §9.1);
    /// holds where the pawn arrives.
    #[error(
        "the pawn that reaches {0} is your opponent's, and under promotion=owner they choose its piece: write the move without =Q, =R, =B or =N"
    )]
    OwnerChooses(Square),
    /// The move pushes or pulls the mover's own king off the board
    /// (docs/RULES.md §6).
    #[error("the move would leave your own king off the board")]
    OwnKingOffBoard,
    /// After the move the mover's own king is in check (docs/RULES.md §6).
    #[error("the move would leave your king in check")]
    LeavesKingInCheck,
    /// The move pushes or pulls a king, of either side, over a square where
    /// it would be in check: the king-transit rule (docs/RULES.md §6).
    #[error(
        "the {color} king would be carried over {square}, where it would be in check (king-transit rule)"
    )]
    KingTransit {
        /// The side of the king carried.
        color: Color,
        /// The square passed over where it would be in check.
        square: Square,
    },
    /// The move brings back the board as it was before the opponent's last
    /// move: the no-undo rule (docs/RULES.md §7).
    #[error("the move would undo your opponent's last move (no-undo rule)")]
    NoUndo,
    /// The king or that rook has lost its right to castle on that side
    /// (docs/RULES.md §8).
    #[error("{side} castling right is lost: {why}")]
    CastlingRightLost {
        /// `king-side` or `queen-side`.
        side: &'static str,
        /// How a right is lost under the rule set in force.
        why: String,
    },
    /// The right is kept, but the king or rook is off its original square
    /// or a square between them is occupied (docs/RULES.md §8).
    #[error("cannot castle {side}: {why}")]
    CastlingNotPossible {
        /// `king-side` or `queen-side`.
        side: &'static str,
        /// Which piece or square is in the way.
        why: String,
    },
    /// Castling while in check (docs/RULES.md §8).
    #[error("cannot castle out of check")]
    CastlingOutOfCheck,
    /// The king would be in check on the square it passes over; holds that
    /// square (docs/RULES.md §8).
    #[error("cannot castle through check: the king would be in check on {0}")]
    CastlingThroughCheck(Square),
}

/// `; did you mean Ng1f3 or Ng1h3?` after a refusal, or nothing when no
/// legal move is close.
pub(crate) struct DidYouMean<'a>(pub(crate) &'a [String]);

impl std::fmt::Display for DidYouMean<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            [] => Ok(()),
            [one] => write!(f, "; did you mean {one}?"),
            [rest @ .., last] => write!(f, "; did you mean {} or {last}?", rest.join(", ")),
        }
    }
}

impl Illegal {
    pub(crate) fn side_name(side: CastlingSide) -> &'static str {
        match side {
            CastlingSide::KingSide => "king-side",
            CastlingSide::QueenSide => "queen-side",
        }
    }
}
