//! `dynamo inbox`: players' replies read from a mail pipe, a Maildir or an
//! IMAP mailbox. `imap` proves the IMAP client against a real Dovecot on
//! loopback, `imap_faults` against servers that misbehave on purpose, and
//! `settings` the `[inbox]` table.

mod imap;
mod imap_faults;
mod settings;
