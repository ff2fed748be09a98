//! Running one recording, for any front end: mailing set up before
//! anything is recorded ([`Mailer::wanted`]), the request handed to the
//! one recording entry ([`crate::recorder`]) with the notices and the web
//! pages as its subscribers, and the end ([`Recording::finish`]): the
//! notices sent once the front end has said what was recorded, and what
//! became of them returned ([`Finished`]) for it to report.
//!
//! A front end turns [`RecordingError`] into its own words; what stands
//! anyway (an event recorded whose pages or commit could not follow) it
//! hears as it happens, through [`Heard`].

use std::convert::Infallible;
use std::path::Path;
use std::time::Duration;

use dynamo_core::Color;

use crate::config::Config;
use crate::game::store::{self as game_store, GameFile};
use crate::game::{Game, GameError};
use crate::mail::mail_config::MailConfig;
use crate::mail::{Pending, Report, Secret, SecretError};
use crate::recorder::{
    Creating, NotRecorded, Pages, Recorded, Recorder, Refusal, Request, SubscriberError, When,
};

use super::across::{Mailer, pages};
use super::delivery::deliver;

/// The variable that sets how many seconds a writer waits for another
/// process that holds a game's lock (default [`game_store::LOCK_WAIT`]).
pub const LOCK_WAIT_ENV: &str = "DYNAMO_LOCK_WAIT";

/// `$DYNAMO_LOCK_WAIT` is not a whole number of seconds.
#[derive(Debug, thiserror::Error)]
#[error("{LOCK_WAIT_ENV}: '{0}' is not a whole number of seconds")]
pub struct LockWaitError(pub String);

/// How long to wait for a game's lock: `$DYNAMO_LOCK_WAIT` seconds, else
/// the default. A value that is not a whole number of seconds is an
/// error, not a reason to wait for ever or not at all.
pub fn lock_wait() -> Result<Duration, LockWaitError> {
    let Some(value) = std::env::var_os(LOCK_WAIT_ENV) else {
        return Ok(game_store::LOCK_WAIT);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(Duration::from_secs)
        .ok_or_else(|| LockWaitError(value.to_string_lossy().into_owned()))
}

/// Why a run that was asked to mail cannot: refused before anything is
/// recorded.
#[derive(Debug, thiserror::Error)]
pub enum MailingError {
    /// The config has no `[mail]` table.
    #[error("no [mail] table in the configuration")]
    NoMailTable,
    /// The secret of the reply tokens cannot be had.
    #[error(transparent)]
    Secret(#[from] SecretError),
}

impl<'c> Mailer<'c> {
    /// The mailing of a run that mails when `asked` (`--mail`) or when
    /// the config mails after every move (`mail_after_move`): `None`
    /// when it does not; the `[mail]` table and the secret (made on first
    /// use when it is a key file) when it does.
    pub fn wanted(config: &'c Config, asked: bool) -> Result<Option<Mailer<'c>>, MailingError> {
        if !(asked || config.mail_after_move) {
            return Ok(None);
        }
        let mail = config.mail.as_ref().ok_or(MailingError::NoMailTable)?;
        Ok(Some(Mailer::new(mail, Secret::load(mail, true)?)))
    }
}

/// Why a recording did not go as asked. A front end turns each into its
/// own words and exit code.
#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    /// Mailing was asked for and cannot be done.
    #[error(transparent)]
    Mailing(#[from] MailingError),
    /// `$DYNAMO_LOCK_WAIT` does not read.
    #[error(transparent)]
    LockWait(#[from] LockWaitError),
    /// The game to record in is missing, unreadable, locked for too long
    /// or could not be written (its section may have been cancelled: see
    /// [`crate::tournament::cancelled_game`]).
    #[error(transparent)]
    RecordingIn(GameError),
    /// The game to create could not be made.
    #[error(transparent)]
    Creating(GameError),
    /// A subscriber could not prepare for the event; nothing was written.
    #[error(transparent)]
    Subscriber(SubscriberError),
    /// The action was refused.
    #[error(transparent)]
    Refused(Refusal),
}

/// What a front end hears while a service works, before it returns:
/// what stands anyway and is worth a warning.
pub trait Heard {
    /// Something went wrong after the event was recorded (its commit or
    /// its pages could not follow); the event stands.
    fn warning(&self, problem: &str);
}

/// A recording under way: its time, its mailing, the notices of what it
/// recorded.
pub struct Recording<'c> {
    config: &'c Config,
    mailing: Option<Mailer<'c>>,
    /// When the event happened (`--at`, else now).
    pub when: When,
    queued: Vec<Pending>,
    /// The web pages, kept up to date when the config has `[site] dir`.
    pages: Option<Pages>,
    /// The conditional replies recorded with the event.
    followed: Vec<Recorded>,
    heard: &'c dyn Heard,
}

/// How a recording ended: what the web pages could not follow (`dynamo
/// site DIR` puts it right) and, when it mails, what became of its
/// notices.
pub struct Finished {
    /// What the web pages could not follow, each a line.
    pub page_problems: Vec<String>,
    /// The delivery of the notices, when the recording mails.
    pub delivery: Option<Report>,
}

impl<'c> Recording<'c> {
    /// A recording at `when`, mailing if `mail` (or `mail_after_move`):
    /// settings that are missing are known now, not after the event is
    /// recorded. Warnings go to `heard`.
    pub fn new(
        config: &'c Config,
        mail: bool,
        when: When,
        heard: &'c dyn Heard,
    ) -> Result<Recording<'c>, RecordingError> {
        let mailing = Mailer::wanted(config, mail)?;
        Ok(Recording {
            config,
            mailing,
            when,
            queued: Vec::new(),
            pages: pages(config),
            followed: Vec::new(),
            heard,
        })
    }

    /// The `[mail]` settings, when the recording mails.
    pub fn mail(&self) -> Option<&'c MailConfig> {
        self.mailing.as_ref().map(Mailer::config)
    }

    /// Runs `work` with the recorder and its subscribers (the notices
    /// when mailing, the pages when the config keeps them), then keeps
    /// the notices it queued.
    fn recorder<T>(
        &mut self,
        work: impl FnOnce(&mut Recorder<'_>) -> T,
    ) -> Result<T, RecordingError> {
        let mut notices = self.mailing.as_ref().map(Mailer::notices);
        let mut recorder = Recorder::configured(&self.config.recorder(lock_wait()?));
        if let Some(notices) = notices.as_mut() {
            recorder.subscribe(notices);
        }
        if let Some(pages) = self.pages.as_mut() {
            recorder.subscribe(pages);
        }
        let done = work(&mut recorder);
        drop(recorder);
        if let Some(n) = notices.as_mut() {
            self.queued.append(&mut n.take());
        }
        Ok(done)
    }

    /// What went wrong after an event was recorded, each a warning: the
    /// event stands.
    fn warn(&self, problems: Vec<String>) {
        for problem in problems {
            self.heard.warning(&problem);
        }
    }

    /// Records `request` in the game at `path`, if `check` allows it on
    /// the game under its lock; the refusal is the check's own.
    pub fn record_if<E>(
        &mut self,
        path: &Path,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Result<Recorded, Refusal<E>>, RecordingError> {
        let file = GameFile::existing(path).map_err(RecordingError::RecordingIn)?;
        let (result, problems, mut followed) = self.recorder(|recorder| {
            let result = recorder.record_in(&file, request, check);
            // The event stands; a conditional reply it called for waits
            // for the next command on the game, a commit for the next
            // command.
            (result, recorder.take_problems(), recorder.take_followed())
        })?;
        self.warn(problems);
        self.followed.append(&mut followed);
        match result {
            Ok(recorded) => Ok(Ok(recorded)),
            Err(NotRecorded::Refused { why, .. }) => Ok(Err(why)),
            Err(NotRecorded::Game(e)) => Err(RecordingError::RecordingIn(e)),
            Err(NotRecorded::Subscriber(e)) => Err(RecordingError::Subscriber(e)),
        }
    }

    /// Records `request` in the game at `path`; a refusal is the error.
    pub fn record(&mut self, path: &Path, request: &Request) -> Result<Recorded, RecordingError> {
        self.record_if(path, request, |_: &Game, _| Ok::<(), Infallible>(()))?
            .map_err(RecordingError::Refused)
    }

    /// Runs `work` with the recorder and its subscribers (the conditional
    /// commands: a reply owed from before is played with its notices).
    pub fn with_recorder<T>(
        &mut self,
        work: impl FnOnce(&mut Recorder<'_>) -> T,
    ) -> Result<T, RecordingError> {
        self.recorder(work)
    }

    /// The conditional replies recorded before or after the event, in
    /// order (see [`Recorder::take_followed`]).
    pub fn take_followed(&mut self) -> Vec<Recorded> {
        std::mem::take(&mut self.followed)
    }

    /// Creates `game` at `path`, its notices queued first when mailing.
    pub fn create(&mut self, path: &Path, game: &Game) -> Result<Recorded, RecordingError> {
        let (result, problems) = self.recorder(|recorder| {
            let result = recorder.create(&GameFile::named(path), game);
            (result, recorder.take_problems())
        })?;
        self.warn(problems);
        result.map_err(|e| match e {
            NotRecorded::Refused { why, .. } => RecordingError::Refused(why),
            NotRecorded::Game(e) => RecordingError::Creating(e),
            NotRecorded::Subscriber(e) => RecordingError::Subscriber(e),
        })
    }

    /// Creates games together: `make` prepares the notices of each
    /// ([`Creating::prepare`]) before it makes them appear (a new
    /// section's folder renamed into place); they are removed if `make`
    /// fails, with its error.
    pub fn create_all<T, E>(
        &mut self,
        make: impl FnOnce(&mut Creating<'_, '_>) -> Result<T, E>,
    ) -> Result<Result<T, E>, RecordingError> {
        let (result, problems) = self.recorder(|recorder| {
            let result = recorder.create_all(make);
            (result, recorder.take_problems())
        })?;
        self.warn(problems);
        Ok(result.map(|(made, _)| made))
    }

    /// Ends the recording once the front end has said what it recorded:
    /// its notices sent when it mails (else they wait in the outbox), and
    /// what became of them and of the pages returned.
    pub fn finish(mut self) -> Finished {
        let page_problems = self
            .pages
            .iter_mut()
            .flat_map(Pages::take_problems)
            .collect();
        Finished {
            page_problems,
            delivery: deliver(self.mail(), self.queued),
        }
    }
}
