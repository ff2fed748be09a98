//! Game records: a PGN-style file per game, replayed move by move to
//! derive everything else (position, castling history, the no-undo rule,
//! clocks, the result).
//!
//! The record is split by concern: [`player`] (names and addresses),
//! [`outcome`] (how a game ends), `record` (the game and what replaying it shows), [`pgn`] (the
//! text format, both ways), `replay` (text to a checked game), `actions` (moves,
//! resignations, draws, adjudication, leave), `correct` (the director's
//! `undo` and `set`), `cancel` (a game cancelled, counting for nobody), `duplicate` (a
//! move sent twice), `choice` (the owner's choice under `promotion=owner`, sent alone or
//! with the move), [`clock`] (time
//! controls and deadlines), [`leave`] (the days a player's clock stops),
//! `timing` (the clocks of a replayed game), [`language`] (the language
//! each player reads and writes) and [`store`] (the locked,
//! atomic update of a file).
//!
//! ```
//! use dynamo::game::{Game, NewGame, Player};
//!
//! let start = dynamo::game::clock::parse_time("2026-11-20T09:00:00Z").unwrap();
//! let mut new = NewGame::new(Player::parse("Alice <a@example.org>").unwrap(), Player::parse("Bob").unwrap(), start);
//! new.event = "Club match".into();
//! let game = Game::create(new).unwrap();
//! let checked = game.check_move("e2e4", None).unwrap();
//! let game = game.with_move(&checked, start + chrono::Duration::hours(1)).unwrap();
//! assert_eq!(game.moves()[0].notation, "e2e4");
//! assert_eq!(game.moves()[0].number, 1);
//! let again = Game::parse(&game.to_text()).unwrap();
//! assert_eq!(again.to_text(), game.to_text());
//! ```

mod actions;
pub mod allowance;
mod cancel;
mod cancelled;
mod choice;
mod choosing;
pub mod clock;
mod correct;
pub mod deleting;
mod duplicate;
mod error;
pub mod event;
pub mod folder;
mod label;
pub mod language;
pub mod leave;
pub mod outcome;
pub mod peek;
pub mod pending;
pub mod pgn;
pub mod played;
pub mod player;
mod record;
mod replay;
#[cfg(test)]
pub(crate) mod sample;
pub mod source;
pub mod store;
mod text;
mod timing;

pub use actions::{Checked, Rejection};
pub use allowance::{LeaveTaken, OverAllowance, YearOfLeave};
pub use choice::read_choice;
pub use choosing::Choosing;
pub use clock::{Allowed, Clock, LateMove, TimeControl, TimeControlError, TimeError, TimeUnit};
pub use correct::{CorrectionError, TagEdit};
pub use duplicate::same_move;
pub use error::{GameError, RecordError};
pub use event::{Event, EventKind, HeaderFix, TagChange, TakenBack};
pub use label::move_label;
pub use language::{Language, LanguageError};
pub use leave::{LeaveDays, LeaveError, Pauses};
pub use outcome::{CANCELLED, Ending, Outcome, OutcomeError};
pub use pgn::{BadValue, PgnSyntaxError};
pub use player::{Address, AddressError, Player, PlayerError};
pub use record::{Game, NewGame, RecordedMove};
pub use timing::SideClock;
