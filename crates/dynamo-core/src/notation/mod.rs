//! NOST notation (docs/RULES.md §10): text to syntax, syntax to a legal
//! move, and a move back to its canonical text.
//!
//! Reading is in two stages, as in the best chess libraries: a
//! [`Notation`] knows only what was written ([`nost`], [`descriptive`]);
//! [`Notation::resolve`] finds the legal move it names in a position or
//! says which rule forbids it ([`resolve`]). [`mod@write`] goes the other way.

mod cursor;
pub mod descriptive;
pub mod nost;
pub mod resolve;
pub mod write;

pub use cursor::SyntaxError;
pub use descriptive::Descriptive;
pub use nost::{Dest, Notation, Part, Style};
pub use resolve::{MoveError, parse_move};
pub use write::{format, format_numeric};
