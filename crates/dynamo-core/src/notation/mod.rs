//! NOST notation (docs/RULES.md §10): text to syntax, syntax to a legal
//! move, and a move back to its canonical text.
//!
//! Reading is in two stages, as in the best chess libraries: a
//! [`Notation`](crate::Notation) knows only what was written (`nost.rs`,
//! `descriptive.rs`, a move number before it in `number.rs`);
//! [`Notation::resolve`](crate::Notation::resolve) finds the legal move it
//! names in a position or says which rule forbids it (the exact forms in
//! `resolve.rs`, short algebraic in `short.rs`); `read.rs` does both and
//! adds the closest legal moves to a refusal ([`closest_moves`]).
//! [`format()`] and [`format_short`] go the other way.
//!
//! This module holds the functions that write a move; its types are at the
//! crate's root, their one public path.

pub(crate) mod capture;
pub(crate) mod cursor;
pub(crate) mod descriptive;
pub(crate) mod nost;
pub(crate) mod number;
pub(crate) mod read;
mod resolve;
mod short;
mod suggest;
mod write;

pub use capture::written_as_capture;
pub use descriptive::looks_descriptive;
pub use short::format_short;
pub use suggest::closest_moves;
pub use write::{format, format_numeric};
