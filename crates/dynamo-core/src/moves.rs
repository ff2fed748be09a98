//! What a turn does (docs/RULES.md §1).

use crate::castling::CastlingSide;
use crate::color::Color;
use crate::role::Role;
use crate::square::Square;

/// One turn. Squares given as `Option<Square>` are `None` when the piece
/// ends off the board.
///
/// Under `promotion=owner`, a turn that starts with a pawn awaiting its
/// owner's choice is the choice and a move (docs/RULES.md §9.1): the
/// move's `choice` holds the piece chosen, written `=Q e2e4`. Every other
/// move's `choice` is `None`.
///
/// A move is identified by its effect as notation writes it (docs/RULES.md §10,
/// §12): two ways to the same squares are one move. The only such pair, a
/// slider pushing a piece off and following it versus leaving the other way
/// and pulling it off, is generated once, as a push.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves under its own power to an empty square or off the board.
    Plain {
        /// The moving piece.
        role: Role,
        /// Where it starts.
        from: Square,
        /// Where it lands; `None` when it leaves the board (docs/RULES.md §5).
        to: Option<Square>,
        /// What a pawn that lands on its last rank becomes (docs/RULES.md §4).
        promotion: Option<Role>,
        /// The owner's choice for the pawn awaiting it, made first (§9.1).
        choice: Option<Role>,
    },
    /// The mover pushes the target ahead of it and may follow.
    Push(Shove),
    /// The mover pulls the target after it.
    Pull(Shove),
    /// King and rook castle; `king` and `rook` are their original squares.
    Castle {
        /// King side or queen side.
        side: CastlingSide,
        /// The king's original square.
        king: Square,
        /// The rook's original square.
        rook: Square,
        /// The owner's choice for the pawn awaiting it, made first (§9.1).
        choice: Option<Role>,
    },
}

/// The two pieces of a push or pull and where each ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shove {
    /// The piece that moves under its own power (or stays, pushing or
    /// pulling from where it stands).
    pub role: Role,
    /// Where the mover stands before the move.
    pub from: Square,
    /// Where the mover ends: `Some(from)` for a stationary push or pull,
    /// `None` when it leaves the board pulling.
    pub to: Option<Square>,
    /// The pushed or pulled piece.
    pub target: Role,
    /// Where the pushed or pulled piece stands before the move.
    pub target_from: Square,
    /// Where it ends; `None` when it is pushed or pulled off the board.
    pub target_to: Option<Square>,
    /// What a pawn that reaches its last rank in this move becomes: the
    /// mover if it is a pawn landing on a back rank, else the target.
    /// `None` for an enemy pawn under `promotion=owner`: it awaits its
    /// owner's choice (docs/RULES.md §9.1).
    pub promotion: Option<Role>,
    /// The owner's choice for the pawn awaiting it, made before this
    /// push or pull (§9.1).
    pub choice: Option<Role>,
}

impl Shove {
    /// Whether the mover stays where it is.
    pub fn is_stationary(&self) -> bool {
        self.to == Some(self.from)
    }

    /// Whether the promotion, if any, is the mover's.
    pub fn mover_promotes(&self) -> bool {
        // A pawn moves only forward, so a moving pawn that lands on a back
        // rank lands on its own last rank.
        self.promotion.is_some()
            && self.role == Role::Pawn
            && !self.is_stationary()
            && self.to.is_some_and(|to| to.rank() == 0 || to.rank() == 7)
    }
}

impl Move {
    /// The square of the piece that moves or acts.
    pub fn from(&self) -> Square {
        match self {
            Move::Plain { from, .. } => *from,
            Move::Push(s) | Move::Pull(s) => s.from,
            Move::Castle { king, .. } => *king,
        }
    }

    /// Where the acting piece ends (`None`: off the board).
    pub fn to(&self) -> Option<Square> {
        match self {
            Move::Plain { to, .. } => *to,
            Move::Push(s) | Move::Pull(s) => s.to,
            Move::Castle { side, king, .. } => {
                let color = if king.rank() == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                Some(side.king_target(color))
            }
        }
    }

    /// The role of the acting piece.
    pub fn role(&self) -> Role {
        match self {
            Move::Plain { role, .. } => *role,
            Move::Push(s) | Move::Pull(s) => s.role,
            Move::Castle { .. } => Role::King,
        }
    }

    /// The pushed or pulled piece, if any.
    pub fn shove(&self) -> Option<&Shove> {
        match self {
            Move::Push(s) | Move::Pull(s) => Some(s),
            _ => None,
        }
    }

    /// What a pawn that reaches its last rank in this move becomes, if one
    /// does.
    pub fn promotion(&self) -> Option<Role> {
        match self {
            Move::Plain { promotion, .. } => *promotion,
            Move::Push(s) | Move::Pull(s) => s.promotion,
            Move::Castle { .. } => None,
        }
    }

    /// The piece the owner chose for the pawn awaiting the choice, when
    /// this turn began with one (docs/RULES.md §9.1).
    pub fn choice(&self) -> Option<Role> {
        match self {
            Move::Plain { choice, .. } | Move::Castle { choice, .. } => *choice,
            Move::Push(s) | Move::Pull(s) => s.choice,
        }
    }

    /// The same move with the owner's choice before it (or none).
    pub fn with_choice(mut self, role: Option<Role>) -> Move {
        match &mut self {
            Move::Plain { choice, .. } | Move::Castle { choice, .. } => *choice = role,
            Move::Push(s) | Move::Pull(s) => s.choice = role,
        }
        self
    }

    /// Whether the acting piece moved under its own power (as opposed to a
    /// stationary push or pull), which is what costs a castling right.
    pub fn mover_moves(&self) -> bool {
        match self {
            Move::Plain { .. } | Move::Castle { .. } => true,
            Move::Push(s) | Move::Pull(s) => !s.is_stationary(),
        }
    }
}
