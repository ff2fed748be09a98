//! NOST notation (docs/RULES.md §10): text to syntax, syntax to a legal
//! move, and a move back to its canonical text.
//!
//! Reading is in two stages, as in the best chess libraries: a
//! [`Notation`] knows only what was written ([`nost`], [`descriptive`],
//! a move number before it in [`number`]); [`Notation::resolve`] finds the
//! legal move it names in a position or says which rule forbids it (the
//! exact forms in `resolve`, short algebraic in [`short`]); [`read`] does
//! both and adds the closest legal moves to a refusal ([`suggest`]).
//! [`mod@write`] and [`format_short`] go the other way.

pub mod capture;
mod cursor;
pub mod descriptive;
pub mod nost;
pub mod number;
pub mod read;
mod resolve;
pub mod short;
pub mod suggest;
pub mod write;

pub use capture::written_as_capture;
pub use cursor::SyntaxError;
pub use descriptive::Descriptive;
pub use nost::{Dest, Notation, Part, Short, Style};
pub use number::MoveNumber;
pub use read::{MoveError, parse_and_play, parse_game_move, parse_move};
pub use short::format_short;
pub use suggest::closest_moves;
pub use write::{format, format_numeric};
