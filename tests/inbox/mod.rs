//! `dynamo inbox`: players' replies to their notices, read from a pipe, a
//! Maildir (and IMAP), recorded, answered or set aside; proved with real
//! game files and a real SMTP server on loopback.
//!
//! `handling` covers each case of what a mail comes to, `stdin` and
//! `maildir` the two local sources, `kills` random kills over a Maildir
//! of a few hundred replies; `world` is what they share.

mod handling;
mod kills;
mod maildir;
mod stdin;
mod world;
