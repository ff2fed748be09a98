//! Conditional moves (docs/director.md, "Conditional moves"): lines given with
//! `dynamo conditional add`, checked at once, played the moment the
//! opponent's move is recorded, ended by anything else, and never shown
//! outside the director's folder for them.

mod imap;
mod kills;
mod lines;
mod mail;
mod owed;
