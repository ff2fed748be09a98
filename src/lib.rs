//! Rules engine for Dynamo Chess (Klüver & Kahl, 1968) as NOST plays it:
//! no captures, pieces push and pull each other, and a piece pushed or
//! pulled off the board is gone.
//!
//! ```
//! use dynamo::{Position, Rules, notation};
//!
//! let pos = Position::startpos(Rules::NOST);
//! assert_eq!(pos.legal_moves().len(), 176);
//! let m = dynamo::parse_move(&pos, "Qd1d3/d2d6").unwrap();
//! let after = pos.play(&m).unwrap();
//! assert_eq!(notation::format(&m), "Qd1d3/d2d6");
//! assert_eq!(after.board().placement(), "rnbqkbnr/pppppppp/3P4/8/8/3Q4/PPP1PPPP/RNB1KBNR");
//! ```

pub mod board;
pub mod castling;
pub mod check;
pub mod color;
pub mod config;
pub mod descriptive;
pub mod diagram;
pub mod fen;
pub mod game;
pub mod illegal;
pub mod mail;
mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod render;
pub mod resolve;
pub mod role;
pub mod rules;
pub mod square;

pub use board::Board;
pub use castling::{Castling, CastlingSide};
pub use color::{ByColor, Color};
pub use fen::{FenError, START_FEN, Setup};
pub use illegal::Illegal;
pub use moves::{Move, Shove};
pub use notation::{MoveError, Notation, SyntaxError};
pub use position::{Position, Status};
pub use resolve::parse_move;
pub use role::{Piece, Role};
pub use rules::{CastlingRule, Rules, RulesError};
pub use square::{Square, Step};
