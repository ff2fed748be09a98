//! The archive as a subscriber: each event in a game of the games folder
//! becomes one commit of the club's record ([`crate::archive`]). Its
//! message is noted before the game is written and the commit made once
//! the event is in the file, so that a run stopped in between leaves the
//! next run what it needs to commit the event, once. The recorder tells
//! it of the commit before letting go of the game's lock: another run's
//! event, written the moment the lock is free, never goes into this
//! event's commit.
//!
//! The event is recorded whatever becomes of its commit: a commit that
//! failed is a problem to report, and the next command's recovery makes
//! it. A note that could not be written stops the event, unwritten.

use super::action::{Done, Recorded};
use super::error::SubscriberError;
use super::subscriber::Subscriber;
use crate::archive::{Archive, EventMessage, game_label};
use crate::game::Game;
use crate::game::store::GameFile;

/// Commits each event to the archive.
#[derive(Debug, Clone)]
pub struct Archiving {
    archive: Archive,
    /// The games noted and not yet committed, by their path in the
    /// archive.
    noted: Vec<String>,
    problems: Vec<String>,
}

impl Archiving {
    /// Commits to `archive`.
    pub fn new(archive: Archive) -> Archiving {
        Archiving {
            archive,
            noted: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// What went wrong with the commits since the last call, in words.
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }
}

impl Subscriber for Archiving {
    fn prepare(&mut self, file: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        // A game outside the games folder is no part of the record.
        let Some(rel) = self.archive.relative(file.key()) else {
            return Ok(());
        };
        let message = EventMessage::of_last_event(&game_label(&rel), game);
        self.archive
            .note(&rel, &message)
            .map_err(SubscriberError::new)?;
        self.noted.push(rel);
        crate::durable::crash_point("archive-noted");
        Ok(())
    }

    fn commit(&mut self, file: &GameFile, recorded: &Recorded) {
        let Some(rel) = self.archive.relative(file.key()) else {
            return;
        };
        self.noted.retain(|n| *n != rel);
        let message = EventMessage::of_last_event(&game_label(&rel), &recorded.game);
        crate::durable::crash_point("archive-uncommitted");
        if let Err(e) = self
            .archive
            .commit_event(&rel, &message, recorded.done == Done::Created)
        {
            self.problems.push(format!(
                "{}: the event is recorded but not yet in the archive ({e}); the next command commits it",
                message.game
            ));
        }
    }

    fn discard(&mut self) {
        for rel in self.noted.drain(..) {
            self.archive.forget(&rel);
        }
    }
}
