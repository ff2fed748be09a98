//! `dynamo inbox`: players' replies to their notices, read from a pipe, a
//! Maildir or an IMAP mailbox, recorded, answered or set aside; proved
//! with real game files, a real SMTP server and a real Dovecot on
//! loopback.
//!
//! `replies` reads replies as each mail client writes them (fixtures);
//! `handling` covers each case of what a mail comes to, `stdin` and
//! `maildir` the two local sources, `kills` random kills over a Maildir
//! of a few hundred replies; `world` is what they share. `imap` proves the
//! IMAP client against Dovecot, `imap_faults` against servers that
//! misbehave on purpose, `settings` the `[inbox]` table, and `modes` the
//! private modes of what it keeps.

pub(crate) mod batches;
mod handling;
mod imap;
mod imap_batches;
mod imap_faults;
mod imap_inbox;
mod kills;
mod maildir;
mod modes;
mod replies;
mod settings;
mod stdin;
mod table;
pub(crate) mod world;
