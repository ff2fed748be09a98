//! A small IMAP4rev1 client (RFC 3501) of `dynamo`'s own, blocking, over
//! rustls, for the one thing the inbox needs: read the replies not yet
//! handled in one mailbox, mark them handled, and wait for more.
//!
//! `client.rs` is the session the inbox uses ([`Imap`]); `account.rs` its
//! settings ([`ImapSettings`], the `[inbox]` table's connection keys) and
//! the account they make with the password and trusted certificates;
//! `conn.rs` the tagged commands and their deadlines over `wire.rs`;
//! `frame.rs` cuts the byte stream into whole responses, literals and
//! all, within bounds; `response.rs` reads one; `argument.rs` writes a
//! command's arguments, quoted or as literals; `date.rs` reads
//! INTERNALDATE; `error.rs` says what went wrong and whether it may pass;
//! `uid_set.rs` writes the UIDs of a batch as one command names them. The
//! inbox makes the session one of its sources (`inbox/imap.rs` in
//! `dynamo`).
//!
//! Why not the `imap-codec` crate (1.0) for reading: it parses a whole
//! response held in memory, so the framing, and with it every bound, would
//! stay here all the same; it tells a literal's size only when the bytes
//! it is given end just after `{n}`, and it says of bad input only that
//! it failed, where `response.rs` says what was wrong.

mod account;
mod argument;
mod client;
mod conn;
mod date;
mod error;
mod frame;
mod response;
mod uid_set;

pub use account::{Account, CA_FILE_ENV, ImapSettings};
pub use client::{DONE_KEYWORD, Imap, ImapMessage, MAX_MESSAGE_BYTES};
pub use error::{ImapError, ImapStep};
