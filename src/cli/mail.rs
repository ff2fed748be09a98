//! `dynamo mail FILE`, `dynamo mail --retry [FILE]`, and the notice sent
//! by `dynamo move … --mail`.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::config::{Config, MailConfig};
use dynamo::mail::{self, MailError, Notice, Undelivered};

use crate::exit::{Exit, Failure};

/// `dynamo mail`: loads the configuration, then [`run_mail`].
pub(crate) fn run(config_path: Option<&Path>, file: Option<&Path>, retry: bool) -> Result<Exit> {
    let cwd = std::env::current_dir().context("finding the current folder")?;
    let config =
        Config::load(config_path, &cwd).map_err(|e| Failure::new(Exit::Usage, e.to_string()))?;
    run_mail(&config, file, retry)
}

/// Sends the game's current position to both players, or with `retry`
/// sends what the outbox holds (only `file`'s notices when given).
pub(crate) fn run_mail(config: &Config, file: Option<&Path>, retry: bool) -> Result<Exit> {
    let mail_config = mail_config(config)?;
    if retry {
        let game_id = match file {
            Some(path) => Some(super::game::load(path)?.game_id()),
            None => None,
        };
        return retry_queue(mail_config, game_id.as_deref());
    }
    let path = file.ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "name the game file, or use --retry to send the outbox",
        )
    })?;
    send_game(mail_config, path)?;
    Ok(Exit::Ok)
}

/// Mails the position after a move that is already durably recorded. On
/// failure the notice is in the outbox and the error says so.
pub(crate) fn notify_after_move(config: &Config, game_path: &Path) -> Result<()> {
    send_game(mail_config(config)?, game_path)
}

fn mail_config(config: &Config) -> Result<&MailConfig> {
    config.mail.as_ref().ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "no [mail] table in the configuration: add host, port, security and from \
             (see README, \"Mailing the position\")",
        )
        .into()
    })
}

fn send_game(config: &MailConfig, path: &Path) -> Result<()> {
    let game = super::game::load(path)?;
    let notice = Notice::from_game(&game, Utc::now());
    let built = notice
        .build(&config.from)
        .map_err(|e| Failure::new(exit_for(&e), format!("{}: {e}", path.display())))?;
    match mail::post(config, &built, &notice.game_id, notice.ply()) {
        Ok(done) => {
            let mut out = io::stdout().lock();
            let verb = if done.resent { "resent" } else { "mailed" };
            writeln!(
                out,
                "{verb} \"{}\" to {} ({})",
                built.subject,
                done.to.join(", "),
                done.message_id
            )?;
            out.flush().context("writing to standard output")?;
            Ok(())
        }
        Err(Undelivered { queued, error }) => {
            let message = match queued {
                Some(queued) => format!(
                    "{error}\nthe notice is queued in {}; send it with `dynamo mail --retry`",
                    queued.display()
                ),
                None => format!("{error}\nthe notice could not be queued either"),
            };
            Err(Failure::new(exit_for(&error), message).into())
        }
    }
}

fn retry_queue(config: &MailConfig, game_id: Option<&str>) -> Result<Exit> {
    let report =
        mail::retry(config, game_id).map_err(|e| Failure::new(exit_for(&e), e.to_string()))?;
    let mut out = io::stdout().lock();
    let nothing = report.sent.is_empty()
        && report.already_sent.is_empty()
        && report.failed.is_empty()
        && report.not_tried.is_empty();
    if nothing && report.broken.is_empty() {
        writeln!(out, "nothing queued in {}", config.outbox.display())?;
    }
    for q in &report.sent {
        writeln!(
            out,
            "mailed \"{}\" to {} ({})",
            q.subject,
            q.to.join(", "),
            q.message_id
        )?;
    }
    for q in &report.already_sent {
        writeln!(
            out,
            "already delivered, not sent again: \"{}\" ({})",
            q.subject, q.message_id
        )?;
    }
    out.flush().context("writing to standard output")?;
    drop(out);
    if report.all_delivered() {
        return Ok(Exit::Ok);
    }
    let mut problems = Vec::new();
    for (q, e) in &report.failed {
        problems.push(format!(
            "not sent: \"{}\" ({}): {e}",
            q.subject, q.message_id
        ));
    }
    if !report.not_tried.is_empty() {
        problems.push(format!(
            "{} more notice(s) not tried after that failure",
            report.not_tried.len()
        ));
    }
    for (path, why) in &report.broken {
        problems.push(format!(
            "{}: not a queued notice ({why}); left as is",
            path.display()
        ));
    }
    let queued = report.failed.len() + report.not_tried.len();
    problems.push(format!(
        "{queued} notice(s) still queued in {}",
        config.outbox.display()
    ));
    Err(Failure::new(Exit::Io, problems.join("\n")).into())
}

/// Bad addresses in the game are bad input (2); everything about the
/// server, the settings or the outbox is a mail failure (3).
fn exit_for(error: &MailError) -> Exit {
    match error {
        MailError::Address { .. } | MailError::NoRecipients => Exit::Usage,
        _ => Exit::Io,
    }
}
