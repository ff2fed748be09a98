//! The director's letters riding on one recorded event: a change that
//! spans many games (a section corrected, a player's address changed)
//! tells each person once, not once per game. The letters are queued
//! with the *last* game's event, under that game's recording lock, held
//! back until the event is in its file, as a notice is: so they go once
//! the change is whole, and a run killed before it leaves none owed. A
//! run again to finish the change records the same last game last, and
//! so queues them then; once that game is changed, no run queues them
//! again.
//!
//! A change that holds every game's lock at once ([`Letters::hold_for`])
//! takes the letters' lock first, since the outbox's recording lock is
//! always taken before a game's, never after.

use std::path::PathBuf;

use super::action::Recorded;
use super::error::SubscriberError;
use super::subscriber::Subscriber;
use crate::game::Game;
use crate::game::store::GameFile;
use crate::mail::mail_config::MailConfig;
use crate::mail::{self, Awaits, Built, Pending, RecordingLock};

/// Letters queued with the next event recorded once [`Letters::arm`]ed.
pub struct Letters<'a> {
    config: &'a MailConfig,
    built: Vec<Built>,
    /// What the outbox lists them under (a section's name, an address).
    about: String,
    armed: bool,
    /// The one game the letters go with, when named beforehand.
    target: Option<PathBuf>,
    held: Option<RecordingLock>,
    prepared: Vec<Pending>,
    queued: Vec<Pending>,
}

impl<'a> Letters<'a> {
    /// `built`, listed in the outbox as about `about` (`mail --list`).
    pub fn new(config: &'a MailConfig, built: Vec<Built>, about: &str) -> Letters<'a> {
        Letters {
            config,
            built,
            about: about.to_string(),
            armed: false,
            target: None,
            held: None,
            prepared: Vec::new(),
            queued: Vec::new(),
        }
    }

    /// The letters go with the next event recorded.
    pub fn arm(&mut self) {
        self.armed = true;
    }

    /// The letters go with the next event of the game `file`, whose
    /// recording lock is taken now, before the caller takes any game's.
    pub fn hold_for(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        self.armed = true;
        self.target = Some(file.key().to_path_buf());
        self.held = Some(mail::recording(self.config, file).map_err(SubscriberError::new)?);
        Ok(())
    }

    /// Whether the letters go with an event of `file`.
    fn goes_with(&self, file: &GameFile) -> bool {
        self.armed && self.target.as_deref().is_none_or(|t| t == file.key())
    }

    /// The letters queued with an event recorded, once.
    pub fn take(&mut self) -> Vec<Pending> {
        std::mem::take(&mut self.queued)
    }
}

impl Subscriber for Letters<'_> {
    fn hold(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        if self.goes_with(file) && self.held.is_none() {
            self.held = Some(mail::recording(self.config, file).map_err(SubscriberError::new)?);
        }
        Ok(())
    }

    fn prepare(&mut self, file: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        if !self.goes_with(file) {
            return Ok(());
        }
        let event = game.last_event();
        let awaits = Awaits {
            game: file.key().to_path_buf(),
            seq: event.seq,
            fingerprint: event.key(),
        };
        let queued = mail::queue(
            self.config,
            &self.built,
            &self.about,
            "the director's letter",
            game.moves().len() as u32,
            Some(&awaits),
        )
        .map_err(SubscriberError::new)?;
        self.prepared.extend(queued);
        Ok(())
    }

    fn commit(&mut self, file: &GameFile, _: &Recorded) {
        if self.goes_with(file) {
            self.queued.append(&mut self.prepared);
            self.armed = false;
            self.held = None;
        }
    }

    fn discard(&mut self) {
        mail::discard(self.config, &self.prepared);
        self.prepared.clear();
        self.held = None;
    }
}
