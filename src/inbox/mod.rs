//! Moves by email: players' replies to their notices, read from a mail
//! pipe, a Maildir or an IMAP mailbox, and turned into the game's events.
//!
//! `message` reads one RFC 5322 message into what the inbox needs to know
//! of it; `command` reads the player's command from its text. Neither
//! knows games or files; the handling above them does.

pub mod command;
pub mod config;
pub mod imap;
pub mod message;

pub use command::{Command, CommandError, read_command};
pub use message::{Automatic, Incoming, MessageError};
