//! Mailing the events the game commands record: `--mail` (or
//! `mail_after_move = true`) on `new`, `move`, `resign`, `draw` and
//! `adjudicate`.
//!
//! The notices are queued before the game file is written, under the
//! game's recording lock (the recorder's [`Notices`]), so a recorded event
//! always has its notices whatever stops the command afterwards; they are
//! sent after the command has said what it recorded ([`finish`]), and
//! what cannot be sent waits for `dynamo mail --retry`. Standard output
//! that cannot be written (a closed pipe, a full disk) changes nothing of
//! that: the notices still go, and standard error says the event is
//! recorded.

use std::path::Path;

use anyhow::Result;
use dynamo::config::{Config, MailConfig};
use dynamo::mail::{Pending, Report, Secret, SecretError};
use dynamo::services::{Corrected, Finished, Mailer, MailingError, deliver};

use crate::cli::support::failure;
use crate::cli::support::printer::{Said, counted};
use crate::exit::{Exit, Failure};

/// The `[mail]` settings; without them nothing can be sent.
pub(crate) fn mail_config(config: &Config) -> Result<&MailConfig> {
    config.mail.as_ref().ok_or_else(no_mail_table)
}

/// No `[mail]` table: bad usage (2), with what to add.
fn no_mail_table() -> anyhow::Error {
    Failure::new(
        Exit::Usage,
        "no [mail] table in the configuration: add host, port, security and from \
         (see docs/mail.md, \"Sending by SMTP\")",
    )
    .into()
}

/// The secret of the notices' reply tokens (made on first use when it is
/// a key file): settings that do not work are bad usage (2), a disk that
/// fails an input/output failure (3).
pub(crate) fn secret(config: &MailConfig) -> Result<Secret> {
    Secret::load(config, true).map_err(|e| secret_failure(&e))
}

/// A [`SecretError`] with its exit code.
pub(crate) fn secret_failure(e: &SecretError) -> anyhow::Error {
    let exit = if e.is_setting() {
        Exit::Usage
    } else {
        Exit::Io
    };
    Failure::new(exit, e.to_string()).into()
}

/// Whether the command mails its event (`--mail`, or `mail_after_move`
/// in the config); mailing without a `[mail]` table, or without a secret
/// for the reply tokens, is refused before anything is recorded.
pub(crate) fn mailing(config: &Config, flag: bool) -> Result<Option<Mailer<'_>>> {
    Mailer::wanted(config, flag).map_err(mailing_failure)
}

/// Mailing that cannot be done, in the commands' words (see
/// [`mail_config`], [`secret_failure`]).
pub(crate) fn mailing_failure(e: MailingError) -> anyhow::Error {
    match e {
        MailingError::NoMailTable => no_mail_table(),
        MailingError::Secret(e) => secret_failure(&e),
    }
}

/// Ends a command that recorded `what` in the game at `path`, once its
/// recording has `finished` (its notices sent): what the web pages could not
/// follow warned of (`dynamo site DIR` puts it right), then the notices
/// reported as `said`. `shown` is how printing the command's own report
/// went: when standard output failed, the notices still went and standard
/// error says the event is recorded.
pub(crate) fn finish(
    finished: Finished,
    path: &Path,
    what: &str,
    shown: Result<()>,
    said: Said,
) -> Result<Exit> {
    for problem in &finished.page_problems {
        eprintln!("dynamo: warning: {problem}");
    }
    let report = finished.delivery;
    let mut problems = Vec::new();
    if let Err(e) = &shown {
        if failure::is_broken_pipe(e) {
            eprintln!(
                "dynamo: {what} is recorded in {}; standard output is closed",
                path.display()
            );
        } else {
            problems.push(format!("standard output could not be written: {e:#}"));
        }
    }
    if let Some(report) = &report {
        // A failure to say them is not one of the mailing.
        let _ = said.deliveries(report, shown.is_ok());
        if let Some(why) = undelivered(report) {
            problems.push(format!("mailing it failed: {why}"));
        }
    }
    if problems.is_empty() {
        return Ok(Exit::Ok);
    }
    let exit = report
        .as_ref()
        .and_then(Report::first_error)
        .map_or(Exit::Io, failure::mail_exit);
    Err(Failure::new(
        exit,
        format!(
            "{what} is recorded in {}, but {}",
            path.display(),
            problems.join("; and ")
        ),
    )
    .into())
}

/// Ends a command that did `what` and queued letters to go with it: the
/// letters sent when it mails (`mail`), said as `said`; what could not
/// be sent is the command's failure, with where the letters wait.
pub(crate) fn send_letters(
    mail: Option<&MailConfig>,
    queued: Vec<Pending>,
    what: &str,
    said: Said,
) -> Result<Exit> {
    if queued.is_empty() {
        return Ok(Exit::Ok);
    }
    let Some(report) = deliver(mail, queued) else {
        return Ok(Exit::Ok);
    };
    // A failure to say them is not one of the mailing.
    let _ = said.deliveries(&report, true);
    match (report.first_error(), undelivered(&report)) {
        (Some(e), Some(why)) => Err(Failure::new(
            failure::mail_exit(e),
            format!("{what}, but mailing the letters failed: {why}"),
        )
        .into()),
        _ => Ok(Exit::Ok),
    }
}

/// Ends corrections across games that did `what`: what the web pages
/// could not follow warned of (`dynamo site DIR` puts it right), then
/// the letters sent as [`send_letters`] sends them.
pub(crate) fn send_corrected(
    corrected: Corrected,
    mailer: Option<&Mailer>,
    what: &str,
    said: Said,
) -> Result<Exit> {
    for problem in &corrected.page_problems {
        eprintln!("dynamo: warning: {problem}");
    }
    send_letters(mailer.map(Mailer::config), corrected.letters, what, said)
}

/// Ends a run (`remind`, `digest`) that delivered `report` after finding
/// `problems` on its way: each problem, then the delivery's failure,
/// one line each, with the mail's exit code when mailing failed.
pub(crate) fn run_outcome(mut problems: Vec<String>, report: &Report) -> Result<Exit> {
    problems.extend(undelivered(report));
    if problems.is_empty() {
        return Ok(Exit::Ok);
    }
    let exit = report.first_error().map_or(Exit::Io, failure::mail_exit);
    Err(Failure::new(exit, problems.join("\n")).into())
}

/// What a delivery could not do, in words: its first error, and where
/// what was not sent waits.
pub(crate) fn undelivered(report: &Report) -> Option<String> {
    report
        .first_error()
        .map(|e| format!("{e}\n{}", where_queued(report)))
}

/// Where the undelivered notices of a report are.
fn where_queued(report: &Report) -> String {
    let queued = report.waiting.len() + report.not_tried.len();
    let mut lines = Vec::new();
    if queued > 0 {
        lines.push(format!(
            "{} queued in the outbox; send them with `dynamo mail --retry`",
            counted(queued, "notice")
        ));
    }
    if !report.refused.is_empty() {
        lines.push(format!(
            "{} refused for good, kept in the outbox's failed/ folder \
             (see `dynamo mail --list`)",
            counted(report.refused.len(), "notice")
        ));
    }
    lines.join("\n")
}
