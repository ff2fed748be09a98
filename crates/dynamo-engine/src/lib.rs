//! Searching Dynamo Chess positions, on top of `dynamo-core`'s rules.
//!
//! Two searches live here. [`solve()`] answers problems exactly: every key
//! move that forces mate in N, with threats and variations, every
//! helpmate line ([`solve_help`]), or every key of a selfmate
//! ([`solve_self`]). [`Search`] is an iterative-deepening
//! alpha-beta engine for a director who must judge an unfinished game.
//! Both search [`dynamo_core::Position`], so the no-undo rule (§7) and
//! castling rights by piece (§8) are part of every state they visit.

#![deny(missing_docs)]

// The modules are private: each type has one public path, the crate's
// root (as dynamo-core's).
mod eval;
mod help;
mod key;
mod limits;
mod memo;
mod order;
mod roots;
mod score;
mod search;
mod selfmate;
mod solve;
mod tree;
mod tt;

pub use help::{HelpSolution, LINE_LIMIT, line_text, solve_help, solve_help_within};
pub use key::{State, key};
pub use limits::{Cut, DEFAULT_DEPTH, Limits, MAX_DEPTH};
pub use memo::DEFAULT_MB;
pub use roots::{Reach, Watch};
pub use score::Score;
pub use search::{Line, Search, SearchOptions, SearchReport};
pub use selfmate::{solve_self, solve_self_within};
pub use solve::{Show, Solution, Solver, solve, solve_within};
pub use tree::{FirstMove, Mark, Node, Threat};
pub use tt::Table;
