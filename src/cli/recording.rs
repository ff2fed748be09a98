//! What the recording commands share: their `--at`, `--mail` and
//! `--quiet` ([`RecordArgs`]), and running one ([`Recording`]): mailing
//! set up before anything is recorded, the request handed to the one
//! recording entry ([`dynamo::recorder`]) with the notices as its
//! subscriber, the refusal in the command's words, and the end
//! ([`notify::finish`]): the notices sent after the command has said
//! what it recorded.

use std::convert::Infallible;
use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Game;
use dynamo::game::store::GameFile;
use dynamo::mail::{MailError, Pending};
use dynamo::recorder::{
    Creating, NotRecorded, Notices, Pages, Recorded, Recorder, Refusal, Request, SubscriberError,
    When,
};
use dynamo::services::Mailer;
use dynamo::services::pages;
use dynamo_core::Color;
use dynamo_core::quoted;

use crate::cli::args::{Output, QuietArgs, TimeArgs};
use crate::cli::notify;
use crate::cli::printer::{Printer, Said};
use crate::cli::{failure, store};
use crate::exit::{Exit, Failure};

// `--at`, `--mail` and `--quiet` of a command that records an event.
// (Plain comments: clap would make a doc comment the help text of every
// command that flattens it; each command words `--mail` for its event.)
#[derive(clap::Args, Debug)]
pub(crate) struct RecordArgs {
    #[command(flatten)]
    time: TimeArgs,
    /// Mail each player a notice of the event (needs the config's `[mail]`
    /// table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

impl RecordArgs {
    /// `--at`, read (see [`TimeArgs::read`]).
    pub(crate) fn when(&self) -> Result<When> {
        self.time.read()
    }

    /// `--mail`.
    pub(crate) fn mail(&self) -> bool {
        self.mail
    }

    /// `--quiet`.
    pub(crate) fn quiet(&self) -> &QuietArgs {
        &self.quiet
    }
}

/// A recording command under way: its time, its mailing, the notices of
/// what it recorded.
pub(crate) struct Recording<'c> {
    config: &'c Config,
    mailing: Option<Mailer<'c>>,
    /// When the event happened (`--at`, else now).
    pub(crate) when: When,
    queued: Vec<Pending>,
    /// The web pages, kept up to date when the config has `[site] dir`.
    pages: Option<Pages>,
    /// The conditional replies recorded with the command's event.
    followed: Vec<Recorded>,
}

impl<'c> Recording<'c> {
    /// Reads `--at` and sets up mailing: settings that are missing are
    /// known now, not after the event is recorded.
    pub(crate) fn start(config: &'c Config, args: &RecordArgs) -> Result<Recording<'c>> {
        let when = args.time.read()?;
        Recording::new(config, args.mail, when)
    }

    /// A recording at `when`, mailing if `mail` (or `mail_after_move`).
    pub(crate) fn new(config: &'c Config, mail: bool, when: When) -> Result<Recording<'c>> {
        let mailing = notify::mailing(config, mail)?;
        let pages = pages(config);
        Ok(Recording {
            config,
            mailing,
            when,
            queued: Vec::new(),
            pages,
            followed: Vec::new(),
        })
    }

    /// The recorder, with its subscribers: the notices when mailing, the
    /// web pages when the config keeps them.
    fn recorder<'s>(
        config: &Config,
        notices: Option<&'s mut Notices<'_>>,
        pages: Option<&'s mut Pages>,
    ) -> Result<Recorder<'s>> {
        let mut recorder = Recorder::configured(&config.recorder(store::lock_wait()?));
        if let Some(notices) = notices {
            recorder.subscribe(notices);
        }
        if let Some(pages) = pages {
            recorder.subscribe(pages);
        }
        Ok(recorder)
    }

    /// Records `request` in the game at `path`, if `check` allows it on
    /// the game under its lock; the refusal is the check's own.
    pub(crate) fn record_if<E>(
        &mut self,
        path: &Path,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Result<Recorded, Refusal<E>>> {
        let file = GameFile::existing(path).map_err(failure::recording_in)?;
        let mut notices = self.mailing.as_ref().map(Mailer::notices);
        let mut recorder = Self::recorder(self.config, notices.as_mut(), self.pages.as_mut())?;
        let result = recorder.record_in(&file, request, check);
        // The event stands; a conditional reply it called for waits for
        // the next command on the game, a commit for the next command.
        warn(recorder.take_problems());
        self.followed.append(&mut recorder.take_followed());
        drop(recorder);
        if let Some(n) = notices.as_mut() {
            self.queued.append(&mut n.take());
        }
        match result {
            Ok(recorded) => Ok(Ok(recorded)),
            Err(NotRecorded::Refused { why, .. }) => Ok(Err(why)),
            Err(NotRecorded::Game(e)) => Err(failure::recording_in(e)),
            Err(NotRecorded::Subscriber(e)) => Err(subscriber_failure(e)),
        }
    }

    /// Runs `work` with the recorder and its subscribers (the conditional
    /// commands: a reply owed from before is played with its notices).
    pub(crate) fn with_recorder<T>(
        &mut self,
        work: impl FnOnce(&mut Recorder<'_>) -> T,
    ) -> Result<T> {
        let mut notices = self.mailing.as_ref().map(Mailer::notices);
        let mut recorder = Self::recorder(self.config, notices.as_mut(), self.pages.as_mut())?;
        let done = work(&mut recorder);
        drop(recorder);
        if let Some(n) = notices.as_mut() {
            self.queued.append(&mut n.take());
        }
        Ok(done)
    }

    /// The conditional replies recorded before or after the command's
    /// own event, in order (see [`Recorder::take_followed`]).
    pub(crate) fn take_followed(&mut self) -> Vec<Recorded> {
        std::mem::take(&mut self.followed)
    }

    /// Records `request` in the game at `path`; a refusal is the error.
    pub(crate) fn record(&mut self, path: &Path, request: &Request) -> Result<Recorded> {
        self.record_if(path, request, |_: &Game, _| Ok::<(), Infallible>(()))?
            .map_err(refusal)
    }

    /// Creates `game` at `path`, its notices queued first when mailing.
    pub(crate) fn create(&mut self, path: &Path, game: &Game) -> Result<Recorded> {
        let mut notices = self.mailing.as_ref().map(Mailer::notices);
        let mut recorder = Self::recorder(self.config, notices.as_mut(), self.pages.as_mut())?;
        let result = recorder.create(&GameFile::named(path), game);
        warn(recorder.take_problems());
        drop(recorder);
        if let Some(n) = notices.as_mut() {
            self.queued.append(&mut n.take());
        }
        result.map_err(|e| match e {
            NotRecorded::Refused { why, .. } => refusal(why),
            NotRecorded::Game(e) => failure::game(e),
            NotRecorded::Subscriber(e) => subscriber_failure(e),
        })
    }

    /// Creates games together: `make` prepares the notices of each
    /// ([`Creating::prepare`]) before it makes them appear (a new
    /// section's folder renamed into place); they are removed if `make`
    /// fails.
    pub(crate) fn create_all<T>(
        &mut self,
        make: impl FnOnce(&mut Creating<'_, '_>) -> Result<T>,
    ) -> Result<T> {
        let mut notices = self.mailing.as_ref().map(Mailer::notices);
        let mut recorder = Self::recorder(self.config, notices.as_mut(), self.pages.as_mut())?;
        let result = recorder.create_all(make);
        warn(recorder.take_problems());
        drop(recorder);
        if let Some(n) = notices.as_mut() {
            self.queued.append(&mut n.take());
        }
        result.map(|(made, _)| made)
    }

    /// Ends the command that recorded `what` in `path`: its notices sent,
    /// then reported as `said` (see [`notify::finish`]).
    pub(crate) fn finish(
        mut self,
        path: &Path,
        what: &str,
        shown: Result<()>,
        said: Said,
    ) -> Result<Exit> {
        // The event is recorded: pages that could not follow it are a
        // warning, which `dynamo site DIR` puts right.
        for problem in self.pages.iter_mut().flat_map(Pages::take_problems) {
            eprintln!("dynamo: warning: {problem}");
        }
        notify::finish(self.mailing, self.queued, path, what, shown, said)
    }
}

/// Runs a recording command that prints nothing but what `print` says of
/// the event: records `request` in `path`, prints (nothing when `said` is
/// quiet), sends the notices and says them as `said`.
pub(crate) fn run(
    mut recording: Recording,
    path: &Path,
    what: &str,
    request: impl FnOnce(When) -> Request,
    said: Said,
    out: &mut impl Write,
    print: impl FnOnce(&Recorded, &mut dyn Write) -> Result<()>,
) -> Result<Exit> {
    let recorded = recording.record(path, &request(recording.when))?;
    let shown = (|| -> Result<()> {
        let mut out = Output::unless(said.quiet(), out);
        print(&recorded, &mut out)?;
        Ok(out.flush()?)
    })();
    recording.finish(path, what, shown, said)
}

/// What went wrong after an event was recorded, each a warning on
/// standard error: the event stands.
fn warn(problems: Vec<String>) {
    for problem in problems {
        eprintln!("dynamo: warning: {problem}");
    }
}

impl RecordArgs {
    /// The recording these arguments start (see [`Recording::start`]),
    /// and where it says its notices.
    pub(crate) fn start<'c>(
        &self,
        config: &'c Config,
        printer: &Printer,
    ) -> Result<(Recording<'c>, Said)> {
        Ok((
            Recording::start(config, self)?,
            printer.said(self.quiet.quiet),
        ))
    }
}

/// A refusal in the commands' words, with its exit code.
pub(crate) fn refusal<E: Into<anyhow::Error>>(why: Refusal<E>) -> anyhow::Error {
    let usage = |m: String| Failure::new(Exit::Usage, m).into();
    match why {
        Refusal::Rejected(r) => failure::rejected(r),
        Refusal::Correction(e) => e.into(),
        Refusal::Address { text, error } => usage(format!("--from {}: {error}", quoted(&text))),
        Refusal::NoSide => usage("say who acts: give --by white|black or --from ADDRESS".into()),
        Refusal::IdentityRequired => usage(
            "the config requires the submitter's identity: give --by white|black or --from ADDRESS"
                .into(),
        ),
        Refusal::NotTheirs(who) => usage(format!("not for {who} to do")),
        Refusal::Check(e) => e.into(),
    }
}

/// A subscriber's failure: the notices' with the mail's exit code.
pub(crate) fn subscriber_failure(e: SubscriberError) -> anyhow::Error {
    match e.downcast::<MailError>() {
        Ok(e) => Failure::new(failure::mail_exit(&e), e.to_string()).into(),
        Err(e) => Failure::new(Exit::Io, e.to_string()).into(),
    }
}
