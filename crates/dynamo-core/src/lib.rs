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

pub mod bitboard;
pub mod board;
pub mod castling;
pub mod check;
mod choice;
pub mod color;
mod count;
pub mod excerpt;
mod exposure;
pub mod fen;
pub mod illegal;
pub mod make;
mod movegen;
pub mod moves;
pub mod notation;
mod one_move;
mod pawns;
pub mod perft;
pub mod position;
#[cfg(test)]
mod random;
pub mod role;
pub mod rules;
mod safety;
pub mod setup;
pub mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{Castling, CastlingSide};
pub use color::{ByColor, Color};
pub use excerpt::{clipped, quoted};
pub use fen::FenError;
pub use illegal::Illegal;
pub use make::Scratch;
pub use moves::{Move, Shove};
pub use notation::{MoveError, Notation, SyntaxError, parse_and_play, parse_game_move, parse_move};
pub use position::{Position, Status};
pub use role::{Piece, Role};
pub use rules::{CastlingRule, Promotion, RuleSetName, Rules, RulesError};
pub use setup::{PositionError, Setup};
pub use square::{Square, Step};
