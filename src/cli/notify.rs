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
use dynamo::mail::{self, Pending, Report, Secret, SecretError};
use dynamo::recorder::Notices;

use crate::cli::failure;
use crate::cli::printer::{Said, counted};
use crate::exit::{Exit, Failure};

/// The `[mail]` settings; without them nothing can be sent.
pub(crate) fn mail_config(config: &Config) -> Result<&MailConfig> {
    config.mail.as_ref().ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "no [mail] table in the configuration: add host, port, security and from \
             (see docs/mail.md, \"Sending by SMTP\")",
        )
        .into()
    })
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

/// Mailing of the event a command records; `None` when off.
pub(crate) struct Mailing<'c> {
    config: &'c MailConfig,
    secret: Secret,
}

impl Mailing<'_> {
    /// The recorder's subscriber that queues the notices of each event.
    pub(crate) fn notices(&self) -> Notices<'_> {
        Notices::new(self.config, &self.secret)
    }
}

/// Whether the command mails its event (`--mail`, or `mail_after_move`
/// in the config); mailing without a `[mail]` table, or without a secret
/// for the reply tokens, is refused before anything is recorded.
pub(crate) fn mailing(config: &Config, flag: bool) -> Result<Option<Mailing<'_>>> {
    if !(flag || config.mail_after_move) {
        return Ok(None);
    }
    let config = mail_config(config)?;
    Ok(Some(Mailing {
        config,
        secret: secret(config)?,
    }))
}

/// Ends a command that recorded `what` in the game at `path`: sends its
/// queued notices, then reports them as `said`. `shown` is how printing
/// the command's own report went: when standard output failed, the
/// notices still go and standard error says the event is recorded.
pub(crate) fn finish(
    mailing: Option<Mailing>,
    queued: Vec<Pending>,
    path: &Path,
    what: &str,
    shown: Result<()>,
    said: Said,
) -> Result<Exit> {
    let report = mailing.map(|m| mail::deliver(m.config, queued, false));
    let stdout_ok = shown.is_ok();
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
        let _ = said.deliveries(report, stdout_ok);
        if let Some(e) = report.first_error() {
            problems.push(format!("mailing it failed: {e}\n{}", where_queued(report)));
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

/// Where the undelivered notices of a report are.
pub(crate) fn where_queued(report: &Report) -> String {
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
