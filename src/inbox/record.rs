//! Recording one reply's command in one game, whichever reply brought it
//! (a reply in the game's own thread, one game's part of a reply to a
//! digest, the move before a reply's conditional lines): with the
//! recorder the commands use, the notices, the web pages and the
//! conditional lines subscribed, with the time the mail arrived and the
//! mail named as the event's source ([`crate::game::source`]), the
//! command judged again under the game's lock. What to answer is the
//! caller's: each kind of reply words it its own way.

use chrono::{DateTime, Utc};

use super::command::Command;
use super::error::InboxError;
use super::games::Target;
use super::judge::{Judged, action, judge};
use super::settings::Settings;
use crate::game::store::GameFile;
use crate::game::{Game, GameError};
use crate::mail::{MailError, Pending};
use crate::recorder::{NotRecorded, Notices, Request, When, Who};
use crate::tournament::cancelled_game;

/// What became of a command given to [`record`].
#[derive(Debug)]
pub(super) enum Recording {
    /// Recorded (on a dry run: would be): the event's summary.
    Done(String),
    /// Not done now, judged on the game as it was under its lock:
    /// another mail may have moved it since the caller judged it.
    Judged(Box<Game>, Judged),
    /// Refused by the rules, on the game as it was: the recorder's words.
    Rejected(Box<Game>, String),
    /// Not an action of the game at all (conditional lines on their own,
    /// a digest choice): nothing to record.
    NotOfTheGame,
    /// The game's section was deleted (before the mail was handled, or
    /// while it waited for the game's lock): nothing to record, ever.
    Cancelled { section: String },
}

/// The mail a command came in.
pub(super) struct Mail<'m> {
    /// When it arrived: the time of the event.
    pub(super) arrived: DateTime<Utc>,
    /// Its reference, kept in the game file as the event's source.
    pub(super) reference: &'m str,
}

/// Records `command` in the game of `target` under its lock, judged again
/// on the game as it is then; the notices it queues are added to
/// `pending`, to be delivered.
pub(super) fn record(
    settings: &mut Settings<'_>,
    mail: &Mail<'_>,
    target: &Target,
    command: &Command,
    pending: &mut Vec<Pending>,
) -> Result<Recording, InboxError> {
    let Some(asked) = action(command) else {
        return Ok(Recording::NotOfTheGame);
    };
    let (side, seq, reference) = (target.side, target.seq, mail.reference);
    let request = Request {
        action: asked,
        who: Who::side(side),
        when: When::Arrived(mail.arrived),
        mail: Some(reference.to_string()),
    };
    let mut recorder = settings.recorder();
    if settings.dry_run {
        let file = match GameFile::existing(&target.path) {
            Ok(file) => file,
            Err(e) => return cancelled(e),
        };
        return match recorder.preview_in(&file, &target.game, &request) {
            Ok(done) => Ok(Recording::Done(super::preview::previewed(&recorder, &done))),
            Err(NotRecorded::Refused { why, game }) => {
                Ok(Recording::Rejected(game, format!("rejected: {why}")))
            }
            Err(NotRecorded::Game(e)) => cancelled(e),
            Err(NotRecorded::Subscriber(e)) => Err(InboxError::Source {
                what: e.to_string(),
                temporary: false,
            }),
        };
    }
    let mut notices = Notices::new(settings.mail, settings.signing_secret()?);
    recorder.subscribe(&mut notices);
    if let Some(pages) = settings.pages.as_mut() {
        recorder.subscribe(pages);
    }
    let key = target.game.events().get(seq as usize).map(|e| e.key());
    let file = match GameFile::existing(&target.path) {
        Ok(file) => file,
        Err(e) => return cancelled(e),
    };
    let result = recorder.record_in(&file, &request, |game: &Game, _| {
        // Judged again: another mail may have moved the game since.
        if game.events().get(seq as usize).map(|e| e.key()) != key {
            return Err(Judged::MovedOn);
        }
        match judge(game, side, seq, command, reference) {
            Judged::Current => Ok(()),
            other => Err(other),
        }
    });
    drop(recorder);
    pending.extend(notices.take());
    match result {
        Ok(done) => Ok(Recording::Done(done.summary())),
        Err(NotRecorded::Refused { why, game }) => Ok(match why.split() {
            Err(judged) => Recording::Judged(game, judged),
            Ok(why) => Recording::Rejected(game, format!("rejected: {why}")),
        }),
        Err(NotRecorded::Game(e)) => cancelled(e),
        Err(NotRecorded::Subscriber(e)) => Err(match e.downcast::<MailError>() {
            Ok(e) => e.into(),
            Err(e) => InboxError::Source {
                what: e.to_string(),
                temporary: false,
            },
        }),
    }
}

/// A game gone from its file because its section was deleted is
/// [`Recording::Cancelled`]; any other trouble with it, the error.
fn cancelled(e: GameError) -> Result<Recording, InboxError> {
    if let GameError::NotFound { path } | GameError::Removed { path } = &e
        && cancelled_game(path).is_some()
    {
        let section = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        return Ok(Recording::Cancelled { section });
    }
    Err(e.into())
}
