//! The recording service: one entry that takes what a game is to undergo
//! ([`Action`]), who asks ([`Who`]) and when ([`When`]), judges it on the
//! game as it is under its one lock, writes it durably, and returns what
//! happened ([`Recorded`]) or why not ([`NotRecorded`]). The commands and
//! the inbox record through it alike; none of them changes a game itself.
//!
//! What reacts to an event is a [`Subscriber`] registered on the
//! [`Recorder`]: the players' notices ([`Notices`]), the director's
//! letters of a change across games ([`Letters`]), the web pages
//! ([`Pages`]), the club's record on git ([`Archiving`], made from the
//! recorder's settings), and whatever comes next without a front end knowing. `dynamo leave`'s walk over a
//! player's games, within the yearly allowance, is here too ([`leave`]),
//! so that any front end can use it.
//!
//! Above the game and mail layers, below the front ends: mail never
//! imports it.

mod action;
mod archiving;
pub mod conditional;
mod error;
mod judge;
pub mod leave;
mod letters;
mod mailing;
mod pages;
mod service;
mod subscriber;

pub use action::{Action, Done, Recorded, Request, When, Who};
pub use archiving::Archiving;
pub use error::{NotRecorded, Refusal, SubscriberError};
pub use letters::Letters;
pub use mailing::Notices;
pub use pages::Pages;
pub use service::{Creating, Recorder, RecorderSettings};
pub use subscriber::Subscriber;

#[cfg(test)]
mod tests;
