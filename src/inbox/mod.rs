//! Moves by email: players' replies to their notices, read from a mail
//! pipe, a Maildir or an IMAP mailbox, and turned into the game's events.
//!
//! `message` reads one RFC 5322 message into what the inbox needs to know
//! of it (with `automatic`, which tells a machine's mail, and `text`,
//! which finds the player's own words in its body); `command` reads the
//! player's command from those words. None of them knows games or files;
//! the handling above them does.

pub mod automatic;
pub mod command;
pub mod message;
pub mod text;

pub use command::{Command, CommandError, read_command};
pub use message::{Automatic, Incoming, MessageError};
