//! What the recording commands share: their `--at`, `--mail` and
//! `--quiet` ([`RecordArgs`]), starting the library's recording
//! ([`dynamo::services::Recording`]) with warnings said on standard
//! error ([`Warnings`]), a command that prints nothing but its event
//! ([`run`]), and the recording's errors and refusals in the commands'
//! words with their exit codes.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::mail::MailError;
use dynamo::recorder::{Recorded, Refusal, Request, SubscriberError, When};
use dynamo::services::{Heard, Recording, RecordingError};
use dynamo_core::quoted;

use crate::cli::support::args::{Output, QuietArgs, TimeArgs};
use crate::cli::support::notify;
use crate::cli::support::printer::{Printer, Said};
use crate::cli::support::{failure, store};
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

/// What a recording says as it goes: each warning on standard error
/// (the event stands).
pub(crate) struct Warnings;

impl Heard for Warnings {
    fn warning(&self, problem: &str) {
        eprintln!("dynamo: warning: {problem}");
    }
}

/// A recording at `when`, mailing if `mail` (or `mail_after_move`),
/// its warnings said on standard error (see [`Recording::new`]).
pub(crate) fn new(config: &Config, mail: bool, when: When) -> Result<Recording<'_>> {
    Recording::new(config, mail, when, &Warnings).map_err(recording_failure)
}

/// Reads `--at` and sets up mailing as [`new`] does.
pub(crate) fn start<'c>(config: &'c Config, args: &RecordArgs) -> Result<Recording<'c>> {
    let when = args.time.read()?;
    new(config, args.mail, when)
}

/// Ends a command that recorded `what` in `path`: its notices sent,
/// then reported as `said` (see [`notify::finish`]).
pub(crate) fn finish(
    recording: Recording,
    path: &Path,
    what: &str,
    shown: Result<()>,
    said: Said,
) -> Result<Exit> {
    notify::finish(recording.finish(), path, what, shown, said)
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
    let recorded = recording
        .record(path, &request(recording.when))
        .map_err(recording_failure)?;
    let shown = (|| -> Result<()> {
        let mut out = Output::unless(said.quiet(), out);
        print(&recorded, &mut out)?;
        Ok(out.flush()?)
    })();
    finish(recording, path, what, shown, said)
}

impl RecordArgs {
    /// The recording these arguments start (see [`Recording::start`]),
    /// and where it says its notices.
    pub(crate) fn start<'c>(
        &self,
        config: &'c Config,
        printer: &Printer,
    ) -> Result<(Recording<'c>, Said)> {
        let recording = start(config, self)?;
        Ok((recording, printer.said(self.quiet.quiet)))
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

/// A recording's error in the commands' words, with its exit code: a game
/// file's as [`failure::recording_in`] or [`failure::game`] says it, a
/// refusal as [`refusal`] does.
pub(crate) fn recording_failure(e: RecordingError) -> anyhow::Error {
    match e {
        RecordingError::Mailing(e) => notify::mailing_failure(e),
        RecordingError::LockWait(e) => store::lock_wait_failure(&e),
        RecordingError::RecordingIn(e) => failure::recording_in(e),
        RecordingError::Creating(e) => failure::game(e),
        RecordingError::Subscriber(e) => subscriber_failure(e),
        RecordingError::Refused(why) => refusal(why),
    }
}
