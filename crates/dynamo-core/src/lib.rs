//! The rules of Dynamo Chess (Klüver & Kahl, 1968) as NOST plays it: no
//! captures, pieces push and pull each other, and a piece pushed or pulled
//! off the board is gone.
//!
//! This crate knows the rules and nothing else: no files, clocks, threads
//! or mail. The rule book it implements is `docs/RULES.md` in the
//! repository; section numbers in comments (§N) refer to it.
//!
//! ```
//! use dynamo_core::{Position, Rules, notation};
//!
//! let pos = Position::startpos(Rules::NOST);
//! assert_eq!(pos.legal_moves().len(), 176);
//! let m = dynamo_core::parse_move(&pos, "Qd1d3/d2d6").unwrap();
//! let after = pos.play(&m).unwrap();
//! assert_eq!(notation::format(&m), "Qd1d3/d2d6");
//! assert_eq!(after.board().placement(), "rnbqkbnr/pppppppp/3P4/8/8/3Q4/PPP1PPPP/RNB1KBNR");
//! ```

#![deny(missing_docs)]

// The vocabulary modules are private: each type has one public path, the
// crate's root, as shakmaty's are. `notation` stays a module for the
// functions that write a move (`notation::format`), a name too general
// for the root; it holds no type.
mod bitboard;
mod board;
mod castling;
mod check;
mod choice;
mod color;
mod count;
mod excerpt;
mod exposure;
mod fen;
mod illegal;
mod make;
mod movegen;
mod moves;
pub mod notation;
mod one_move;
mod pawns;
mod perft;
mod position;
#[cfg(test)]
mod random;
mod role;
mod rules;
mod safety;
mod setup;
mod square;
mod zobrist;

pub use bitboard::{ALL_LINES, Bitboard, DIAGONAL, STRAIGHT, empty_along, knight_jumps, ray};
pub use board::{Board, PieceSets, PlacementError};
pub use castling::{Castling, CastlingError, CastlingSide};
pub use check::{can_push_or_pull_off, is_in_check};
pub use color::{ByColor, Color};
pub use excerpt::{EXCERPT_CHARS, Excerpt, clipped, quoted};
pub use fen::FenError;
pub use illegal::Illegal;
pub use make::Scratch;
pub use moves::{Move, Shove};
pub use notation::cursor::SyntaxError;
pub use notation::descriptive::{DescDest, DescPart, DescSquare, Descriptive};
pub use notation::nost::{Dest, Notation, Part, Short, Style};
pub use notation::number::MoveNumber;
pub use notation::read::{MoveError, parse_and_play, parse_game_move, parse_move};
pub use perft::{divide, perft, perft_made};
pub use position::{Position, Status};
pub use role::{Piece, Role};
pub use rules::{CastlingRule, Promotion, RuleSetName, Rules, RulesError};
pub use setup::{PositionError, Setup};
pub use square::{Square, Step};
