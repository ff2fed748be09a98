//! Mailing as a subscriber: each player's notice of each recorded event,
//! queued in the outbox before the game file is written and held back
//! until the event is in it, under the game's recording lock; removed if
//! nothing was recorded. So a recorded event always has its notices,
//! whatever stops the process afterwards, and a refused one has none.
//! A digest player's notice of a non-urgent event is held back the same
//! way, in the outbox's `held/`, owed to their next digest
//! (`mail::digest`): never delivered by itself. The player whose
//! conditional lines the event ends is told in their own copy which, and
//! why; the opponent's copy says nothing of them.

use chrono::Utc;
use dynamo_core::Color;

use super::action::Recorded;
use super::conditional::ended::Ended;
use super::error::SubscriberError;
use super::subscriber::Subscriber;
use crate::game::Game;
use crate::game::store::GameFile;
use crate::mail::mail_config::MailConfig;
use crate::mail::{self, Pending, RecordingLock, Secret};

/// The notices of the events recorded, waiting to be delivered
/// ([`Notices::take`], then [`mail::deliver`]).
pub struct Notices<'a> {
    config: &'a MailConfig,
    secret: &'a Secret,
    held: Vec<RecordingLock>,
    prepared: Vec<Pending>,
    queued: Vec<Pending>,
    /// What the next prepared notices tell one player each.
    private: Vec<(Color, String)>,
}

impl<'a> Notices<'a> {
    /// Notices built with `[mail]` and signed with `secret`.
    pub fn new(config: &'a MailConfig, secret: &'a Secret) -> Notices<'a> {
        Notices {
            config,
            secret,
            held: Vec::new(),
            prepared: Vec::new(),
            queued: Vec::new(),
            private: Vec::new(),
        }
    }

    /// The notices of the events committed so far, in order.
    pub fn take(&mut self) -> Vec<Pending> {
        std::mem::take(&mut self.queued)
    }
}

impl Subscriber for Notices<'_> {
    fn hold(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        let lock = mail::recording(self.config, file).map_err(SubscriberError::new)?;
        self.held.push(lock);
        Ok(())
    }

    fn lines_ended(&mut self, ended: &[Ended]) {
        self.private = ended.iter().flat_map(Ended::told).collect();
    }

    fn prepare(&mut self, file: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        let private = std::mem::take(&mut self.private);
        let queued =
            mail::queue_event(self.config, self.secret, (game, &private), file, Utc::now())
                .map_err(SubscriberError::new)?;
        self.prepared.extend(queued);
        Ok(())
    }

    fn commit(&mut self, _: &GameFile, _: &Recorded) {
        // Held notices wait in the outbox for `dynamo digest`.
        let prepared = std::mem::take(&mut self.prepared);
        self.queued.extend(prepared.into_iter().filter(|p| !p.held));
        // The events are in their files: the notices may be judged.
        self.held.clear();
    }

    fn discard(&mut self) {
        self.private.clear();
        // Nothing was recorded: the notices are void. Should removing
        // fail, the next `--retry` finds their event missing.
        mail::discard(self.config, &self.prepared);
        self.prepared.clear();
        self.held.clear();
    }
}
