//! A letter from the director: a message about a section or a player
//! rather than one event of one game — a section's settings corrected
//! before play, a section cancelled, a player's address or name changed.
//! Plain text, without a board or a reply token: there is no move to
//! answer, and a reply reaches the director as any mail does.
//!
//! Each recipient gets one copy, its Message-ID made from what the
//! letter is about (its `key`) and the recipient's address, so that the
//! same letter made again (a command run again to finish what a killed
//! run began) is recognisably the same one and is not queued twice
//! ([`crate::mail::Outbox::holds`]). Each copy is built by
//! `mail/letter_copy.rs`, beside the envelope of the notices.

use super::super::text::{bounded, digest};
use crate::game::Address;
use crate::id;

/// A letter, the same words for each recipient but their name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// What it is about, stable across runs: part of its Message-IDs.
    pub key: String,
    /// The subject, after `Dynamo: `.
    pub subject: String,
    /// The paragraphs after the salutation.
    pub paragraphs: Vec<String>,
}

/// One recipient: the name to address them by and where the copy goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub name: String,
    pub address: Address,
}

impl Letter {
    /// The Message-ID of the copy to `to`.
    pub fn message_id(&self, to: &Address, domain: &str) -> String {
        format!(
            "<dynamo.letter.{}.{}@{}>",
            bounded(&id::sanitize(&self.key, "-"), 60),
            digest(&to.as_str().to_lowercase()),
            id::sanitize(domain, "-.")
        )
    }
}
