//! Castling rights, tied to the king and rook that hold them (docs/RULES.md §8).
//!
//! Under NOST a right belongs to a piece, not to a square: the h1 rook pushed
//! to h3 keeps its right and can castle again once pushed back. So for each
//! eligible piece we remember where it stands now.

use std::fmt::Write as _;

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::excerpt::quoted;
use crate::rules::CastlingRule;
use crate::square::Square;
use crate::zobrist;

/// King side (`O-O`) or queen side (`O-O-O`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastlingSide {
    /// With the rook from the h-file: `O-O`.
    KingSide,
    /// With the rook from the a-file: `O-O-O`.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    fn index(self) -> usize {
        self as usize
    }

    /// Where `color`'s king starts.
    pub fn king_home(color: Color) -> Square {
        Square::new(4, color.back_rank() as i8).expect("on the board")
    }

    /// Where this side's rook starts.
    pub fn rook_home(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::KingSide => 7,
            CastlingSide::QueenSide => 0,
        };
        Square::new(file, color.back_rank() as i8).expect("on the board")
    }

    /// Where the king lands.
    pub fn king_target(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::KingSide => 6,
            CastlingSide::QueenSide => 2,
        };
        Square::new(file, color.back_rank() as i8).expect("on the board")
    }

    /// Where the rook lands, which is also the square the king passes over.
    pub fn rook_target(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::KingSide => 5,
            CastlingSide::QueenSide => 3,
        };
        Square::new(file, color.back_rank() as i8).expect("on the board")
    }

    /// The squares between king and rook, which must be empty.
    pub fn between(self, color: Color) -> impl Iterator<Item = Square> {
        let files: &'static [i8] = match self {
            CastlingSide::KingSide => &[5, 6],
            CastlingSide::QueenSide => &[1, 2, 3],
        };
        let rank = color.back_rank() as i8;
        files
            .iter()
            .map(move |&f| Square::new(f, rank).expect("on the board"))
    }

    /// How this castling is written: `O-O` or `O-O-O`.
    pub fn notation(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    fn letter(self, color: Color) -> char {
        let c = match self {
            CastlingSide::KingSide => 'K',
            CastlingSide::QueenSide => 'Q',
        };
        match color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// Where each piece that still may castle stands now.
///
/// Kept canonical: a king is tracked only while one of its rooks is, and a
/// rook only while its king is, so equal rights compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Castling {
    king: ByColor<Option<Square>>,
    rooks: ByColor<[Option<Square>; 2]>,
}

/// Why the castling field of a FEN is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CastlingError {
    /// A character before the `@` that is not `K`, `Q`, `k` or `q`, in a
    /// field that is not a lone `-`.
    #[error("'{0}' is not a castling letter (expected K, Q, k, q or -)")]
    BadLetter(char),
    /// A castling letter appears twice.
    #[error("castling letter '{0}' is given twice")]
    Repeated(char),
    /// An `@` entry is not two squares, `ORIGINALcurrent`; holds the entry.
    #[error("{} is not an @ entry: expected ORIGINALcurrent, like h1h3", quoted(.0))]
    BadEntry(String),
    /// An `@` entry's first square is not where a king or rook starts;
    /// holds the entry and that square.
    #[error("@ entry {}: {} is not a king's or rook's original square", quoted(.0), .1)]
    NotAnOrigin(String, Square),
    /// Two `@` entries name the same original square.
    #[error("@ entry for {0} is given twice")]
    RepeatedEntry(Square),
    /// An `@` entry names a king or rook that holds no right in the letters.
    #[error("@ entry for {0} belongs to no castling right in the letters")]
    Unused(Square),
    /// A right's king or rook is not on the square the field puts it on.
    #[error("castling right '{letter}' needs the {piece} from {home} on {at}, but {found}")]
    PieceMissing {
        /// The letter of the right, such as `K`.
        letter: char,
        /// `"king"` or `"rook"`.
        piece: &'static str,
        /// The piece's original square.
        home: Square,
        /// Where the field says it stands now.
        at: Square,
        /// What that square holds instead, in words.
        found: String,
    },
    /// Two pieces holding rights are said to stand on the same square.
    #[error("two castling pieces are said to stand on {0}")]
    SameSquare(Square),
    /// An `@` entry under `castling=strict`, where a king or rook off its
    /// original square has no right (docs/RULES.md §11).
    #[error(
        "under castling=strict a displaced piece has no castling right, so '@' entries are invalid"
    )]
    StrictDisplaced,
}

impl Castling {
    /// Both sides' full rights, for the start position.
    pub fn start() -> Castling {
        let mut c = Castling::default();
        for color in Color::ALL {
            c.king[color] = Some(CastlingSide::king_home(color));
            for side in CastlingSide::ALL {
                c.rooks[color][side.index()] = Some(side.rook_home(color));
            }
        }
        c
    }

    /// Whether `color` keeps the right to castle on `side` (wherever the
    /// pieces stand now).
    pub fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rooks[color][side.index()].is_some()
    }

    /// Where `color`'s king stands, if it keeps a castling right.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.king[color]
    }

    /// Where the rook holding `color`'s right on `side` stands.
    pub fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rooks[color][side.index()]
    }

    /// Whether castling is possible as far as rights go: both pieces
    /// eligible and back on their original squares.
    pub fn is_home(&self, color: Color, side: CastlingSide) -> bool {
        self.king[color] == Some(CastlingSide::king_home(color))
            && self.rooks[color][side.index()] == Some(side.rook_home(color))
    }

    fn slots_mut(&mut self) -> impl Iterator<Item = &mut Option<Square>> {
        let [w0, w1] = &mut self.rooks.white;
        let [b0, b1] = &mut self.rooks.black;
        [&mut self.king.white, w0, w1, &mut self.king.black, b0, b1].into_iter()
    }

    /// The piece on `from` moved under its own power: it never castles again.
    pub fn moved_under_own_power(&mut self, from: Square) {
        for slot in self.slots_mut() {
            if *slot == Some(from) {
                *slot = None;
            }
        }
        self.canonicalize();
    }

    /// The piece on `from` was pushed or pulled to `to` (`None`: off the
    /// board). Under NOST it keeps its right; under strict rules it loses it.
    pub fn displaced(&mut self, from: Square, to: Option<Square>, rule: CastlingRule) {
        let to = match rule {
            CastlingRule::Nost => to,
            CastlingRule::Strict => None,
        };
        for slot in self.slots_mut() {
            if *slot == Some(from) {
                *slot = to;
            }
        }
        self.canonicalize();
    }

    fn canonicalize(&mut self) {
        for color in Color::ALL {
            if self.king[color].is_none() || self.rooks[color].iter().all(Option::is_none) {
                self.king[color] = None;
                self.rooks[color] = [None, None];
            }
        }
    }

    /// The Zobrist key of the rights: each tracked piece by its slot and
    /// the square it stands on now, so that rights held by pieces standing
    /// elsewhere count as different (§8).
    pub(crate) fn zobrist(&self) -> u64 {
        let slots = [
            self.king.white,
            self.rooks.white[0],
            self.rooks.white[1],
            self.king.black,
            self.rooks.black[0],
            self.rooks.black[1],
        ];
        slots
            .iter()
            .enumerate()
            .filter_map(|(slot, at)| at.map(|sq| zobrist::castling(slot, sq.index())))
            .fold(0, |key, k| key ^ k)
    }

    /// Whether no right is left at all.
    pub fn is_empty(&self) -> bool {
        Color::ALL.iter().all(|&c| self.king[c].is_none())
    }

    /// The castling field of the extended FEN (docs/RULES.md §11): `KQkq`
    /// letters, then `@` and the displaced eligible pieces.
    pub fn fen(&self) -> String {
        let mut letters = String::new();
        let mut displaced = Vec::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.has(color, side) {
                    letters.push(side.letter(color));
                }
            }
            let home = CastlingSide::king_home(color);
            if let Some(at) = self.king[color].filter(|&at| at != home) {
                displaced.push((home, at));
            }
            for side in CastlingSide::ALL {
                let home = side.rook_home(color);
                if let Some(at) = self.rooks[color][side.index()].filter(|&at| at != home) {
                    displaced.push((home, at));
                }
            }
        }
        if letters.is_empty() {
            return "-".to_string();
        }
        if !displaced.is_empty() {
            letters.push('@');
            for (i, (home, at)) in displaced.iter().enumerate() {
                if i > 0 {
                    letters.push(',');
                }
                let _ = write!(letters, "{home}{at}");
            }
        }
        letters
    }

    /// Parses the castling field. Where the pieces stand is checked later,
    /// against the board, by [`Castling::validate`].
    pub fn from_fen(text: &str) -> Result<Castling, CastlingError> {
        let (letters, entries) = match text.split_once('@') {
            Some((l, e)) => (l, Some(e)),
            None => (text, None),
        };
        let mut c = Castling::default();
        if letters != "-" {
            for ch in letters.chars() {
                let (color, side) = match ch {
                    'K' => (Color::White, CastlingSide::KingSide),
                    'Q' => (Color::White, CastlingSide::QueenSide),
                    'k' => (Color::Black, CastlingSide::KingSide),
                    'q' => (Color::Black, CastlingSide::QueenSide),
                    _ => return Err(CastlingError::BadLetter(ch)),
                };
                if c.has(color, side) {
                    return Err(CastlingError::Repeated(ch));
                }
                c.king[color] = Some(CastlingSide::king_home(color));
                c.rooks[color][side.index()] = Some(side.rook_home(color));
            }
        }
        let mut seen = Vec::new();
        for entry in entries.into_iter().flat_map(|e| e.split(',')) {
            let bad = || CastlingError::BadEntry(entry.to_string());
            let (home, at) = match (entry.get(..2), entry.get(2..)) {
                (Some(h), Some(a)) => (
                    h.parse::<Square>().map_err(|_| bad())?,
                    a.parse::<Square>().map_err(|_| bad())?,
                ),
                _ => return Err(bad()),
            };
            if seen.contains(&home) {
                return Err(CastlingError::RepeatedEntry(home));
            }
            seen.push(home);
            let slot = c
                .slots_mut()
                .zip(ORIGINS)
                .find(|(_, origin)| *origin == home);
            match slot {
                Some((slot, _)) if slot.is_some() => *slot = Some(at),
                Some(_) => return Err(CastlingError::Unused(home)),
                None => return Err(CastlingError::NotAnOrigin(entry.to_string(), home)),
            }
        }
        Ok(c)
    }

    /// Checks the rights against the board: every tracked piece stands
    /// where the rights say, and `@` entries exist only where the rule
    /// allows a displaced piece to keep its right.
    pub fn validate(&self, board: &Board, rule: CastlingRule) -> Result<(), CastlingError> {
        use crate::role::{Piece, Role};
        let mut seen: Vec<Square> = Vec::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.has(color, side) {
                    continue;
                }
                let letter = side.letter(color);
                let pieces = [
                    (Role::King, CastlingSide::king_home(color), self.king[color]),
                    (Role::Rook, side.rook_home(color), self.rook(color, side)),
                ];
                for (role, home, at) in pieces {
                    let at = at.expect("a right tracks its king and rook");
                    if at != home && rule == CastlingRule::Strict {
                        return Err(CastlingError::StrictDisplaced);
                    }
                    let want = Piece::new(color, role);
                    if board.piece_at(at) != Some(want) {
                        let found = match board.piece_at(at) {
                            Some(p) => format!("{at} holds a {p}"),
                            None => format!("{at} is empty"),
                        };
                        return Err(CastlingError::PieceMissing {
                            letter,
                            piece: if role == Role::King { "king" } else { "rook" },
                            home,
                            at,
                            found,
                        });
                    }
                }
            }
        }
        for color in Color::ALL {
            let tracked = [self.king[color]]
                .into_iter()
                .chain(self.rooks[color])
                .flatten();
            for at in tracked {
                if seen.contains(&at) {
                    return Err(CastlingError::SameSquare(at));
                }
                seen.push(at);
            }
        }
        Ok(())
    }
}

/// The original squares in the order of [`Castling::slots_mut`].
const ORIGINS: [Square; 6] = [
    Square::E1,
    Square::H1,
    Square::A1,
    Square::E8,
    Square::H8,
    Square::A8,
];
