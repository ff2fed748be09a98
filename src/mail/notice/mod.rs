//! The notice: what a player reads about one event of a game — the
//! subject, what happened, whose move it is by name, both clocks, the
//! board from their side, how to reply. [`Notice`] gathers the facts from
//! the game once (`facts.rs`); `lines.rs` says them line by line, `choice.rs`
//! what a pawn awaiting its owner's choice asks of them, and
//! `correction.rs` what a correction changed; each player's copy is
//! written as text (`text_copy.rs`) and as HTML (`html_copy.rs`), with how
//! to reply ([`reply`]), the picture's marks ([`picture`]) and the picture
//! itself (`board.rs`, for the answers to players' mail too); the copies
//! are put in their envelope by `mail/envelope.rs`. The director's letters
//! about a section or a player rather than one event are `letter.rs`,
//! their words [`director_letters`] (each copy is built by
//! `mail/letter_copy.rs`).

mod board;
mod choice;
mod correction;
pub mod director_letters;
mod facts;
mod html_copy;
mod letter;
mod lines;
pub mod picture;
pub mod reply;
mod text_copy;

pub use facts::{Clocks, Happened, LeaveNote, Notice, addressed_as};
pub use letter::{Letter, Recipient};
pub use lines::numbered;

#[cfg(test)]
pub(crate) use facts::{sample, sample_game, sample_start};
