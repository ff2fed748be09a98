//! Piece kinds and pieces.

use crate::color::Color;

/// The kind of a piece, without its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Steps forward, pushes its own pieces ahead and enemy pieces
    /// diagonally, never pulls (docs/RULES.md §4).
    Pawn,
    /// Jumps, and pushes or pulls a piece it attacks (docs/RULES.md §3).
    Knight,
    /// Moves, pushes and pulls along diagonals (docs/RULES.md §2).
    Bishop,
    /// Moves, pushes and pulls along ranks and files (docs/RULES.md §2).
    Rook,
    /// Moves, pushes and pulls along ranks, files and diagonals
    /// (docs/RULES.md §2).
    Queen,
    /// Steps, and pushes or pulls a piece beside it; never leaves the board
    /// (docs/RULES.md §3).
    King,
}

impl Role {
    /// Every role, pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// What a pawn may become, in the order notation lists them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter of the piece (`P` for pawns).
    pub fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an upper-case piece letter (`P` for pawns); `None` for
    /// any other character.
    pub fn from_upper_char(c: char) -> Option<Role> {
        Some(match c {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The role in lower case, `pawn` … `king`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Queens, rooks and bishops move, push and pull along lines.
    pub fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }

    /// Whether this role slides along ranks and files.
    pub fn slides_straight(self) -> bool {
        matches!(self, Role::Rook | Role::Queen)
    }

    /// Whether this role slides along diagonals.
    pub fn slides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Queen)
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of one colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter, upper case for White and lower case for
    /// Black; `None` for any other character.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_upper_char(c.to_ascii_uppercase())?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The Unicode chess symbol of the piece.
    pub fn symbol(self) -> char {
        const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
        const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.color {
            Color::White => WHITE[self.role as usize],
            Color::Black => BLACK[self.role as usize],
        }
    }
}

impl std::fmt::Display for Piece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
