//! Moves by email: players' replies to their notices, read from a mail
//! pipe, a Maildir or an IMAP mailbox, and turned into the game's events.
//!
//! `message` reads one RFC 5322 message into what the inbox needs to know
//! of it (with `automatic`, which tells a machine's mail, and `text`,
//! which finds the player's own words in its body); `reading` finds the
//! player's [`Command`] in those words, judged against the position of
//! the notice they answer. None of them knows game files;
//! the handling above them does: [`handle`] (one mail, from any source:
//! find the game by its reply tokens in `games`, judge the command in
//! `judge`, record it through `record` or answer), what it remembers in
//! [`state`], and the mailboxes it reads in [`source`], [`maildir`] and
//! [`imap`].

pub mod automatic;
pub mod batch;
pub mod command;
mod conditional;
mod digest;
pub mod disposition;
pub mod error;
pub mod games;
pub mod handle;
pub mod imap;
pub mod inbox_config;
mod judge;
pub mod key;
pub mod maildir;
pub mod message;
mod preview;
pub mod reading;
mod record;
pub mod settings;
pub mod source;
pub mod state;
pub mod text;

pub use command::Command;
pub use disposition::{Disposition, ReplyFate, SetAside, Why};
pub use error::InboxError;
pub use handle::{Handled, Inbox};
pub use message::{Automatic, Incoming, MessageError};
pub use reading::verdict::{Unread, read_reply};
pub use settings::Settings;
pub use source::{RawMessage, Source};
