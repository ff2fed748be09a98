//! Conditional moves: lines of play a player leaves for a game, starting
//! with the opponent's next move (`if 12... Nf6 then 13. e5`, `12... Nf6
//! 13. e5 Nd5 14. c4`), whose replies are recorded the moment the
//! opponent's move is, at the same time, so that the player's clock does
//! not run (docs/players.md, "Conditional moves").
//!
//! **The lines** ([`mod@line`]). Each is checked when given, move by move,
//! with the rules of a played move, from the game as it is under its
//! lock; one illegal step refuses the whole line, and lines that answer
//! one opponent's move differently are refused as conflicting. They are
//! kept in canonical notation, at most [`MAX_LINES`] lines of at most
//! [`MAX_PLIES`] moves each. A line is given when the opponent is to
//! move: a player to move sends their move first (by mail, a reply may
//! hold the move and lines for after it).
//!
//! **The store** ([`store`]): one file per game and player in the
//! director's folder for them (`conditional_dir`), read and written only
//! under the game's lock, each write atomic and durable. It holds the
//! lines and the game's event they stand after (its place and key).
//! Nothing of it reaches the game file, a notice to the opponent, a page
//! or an export.
//!
//! **Played, exactly once.** The game file decides, the store only says
//! where to start: [`walk`] follows the game's events since the event the
//! lines stand after, keeping the lines that begin with each move made.
//! An opponent's move no line begins with ends them; so does any event
//! that is not a move (a draw offer, a resignation, an adjudication,
//! leave, the director's `undo` or `set`) and the end of the game; ended
//! lines are kept as ended, with why, and never played. When the walk
//! ends on an opponent's move that a line began, the player's reply is
//! owed. The walk is pure: the same game and store give the same answer,
//! however often it is asked.
//!
//! Every recording ([`crate::recorder::Recorder::record_in`]) ends with
//! the catch-up step, and begins with it too: under the game's lock the
//! walk brings both players' stores up to the last event and names the
//! reply owed, if any; the reply is then recorded through the same
//! recorder, with the same subscribers (its notices, its pages), as a
//! move of the player at the time of the move it answers, if, judged
//! again under the lock, the last event is still the one it answers and
//! the walk still owes it. So:
//!
//! - a reply is never recorded twice: once it is in the file, the walk
//!   has passed it and owes nothing until the opponent moves again; two
//!   recorders that both saw it owed are ordered by the game's lock, and
//!   the second finds it no longer owed;
//! - a reply is never lost: if the process stops after the opponent's
//!   move is written and before the reply is, the file ends on that move
//!   and the store (old or new: both walk to the same answer, as a store
//!   is rewritten atomically and only to the game's own events) still
//!   owes the reply, which the next command that records in the game
//!   through the recorder plays first, before its own request;
//! - the store is never ahead of the game: it is brought forward only
//!   to events already in the file, under the lock, so a store whose
//!   event is no longer there (a file edited by hand) ends its lines.
//!
//! Decisions the guides leave open: a player to move cannot give lines for
//! after their move without it (the line would start with a move not yet
//! made); new lines join those standing (cancel first to replace them);
//! a reply that could not be played after all ends the lines, saying why.

pub mod ended;
mod follow;
pub mod line;
mod manage;
pub mod store;
pub mod walk;

pub use follow::FollowError;
pub use line::{LineError, MAX_LINES, MAX_PLIES};
pub use manage::{LinesNotKept, StandingLines};
pub use store::{LiveGames, Store};
