//! Searching Dynamo Chess positions, on top of `dynamo-core`'s rules.
//!
//! Two searches live here. [`solve()`] answers problems exactly: every key
//! move that forces mate in N, with threats and variations, every
//! helpmate line ([`help`]), or every key of a selfmate ([`selfmate`]). [`search`] is an iterative-deepening
//! alpha-beta engine for a director who must judge an unfinished game.
//! Both search [`dynamo_core::Position`], so the no-undo rule (§7) and
//! castling rights by piece (§8) are part of every state they visit.

#![deny(missing_docs)]

pub mod eval;
pub mod help;
pub mod key;
pub mod limits;
pub mod memo;
pub mod order;
pub mod roots;
pub mod score;
pub mod search;
pub mod selfmate;
pub mod solve;
pub mod tree;
pub mod tt;

pub use help::{HelpSolution, solve_help, solve_help_within};
pub use key::{State, key};
pub use limits::{Cut, Limits};
pub use roots::{Reach, Watch};
pub use score::Score;
pub use search::{Line, Report, Search, SearchOptions};
pub use selfmate::{solve_self, solve_self_within};
pub use solve::{Show, Solution, Solver, solve, solve_within};
pub use tree::{FirstMove, Mark, Node, Threat};
