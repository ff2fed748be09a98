//! `dynamo mail FILE` and `dynamo mail --retry [FILE]`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use dynamo::config::MailConfig;
use dynamo::mail;

use crate::cli::args::QuietArgs;
use crate::cli::{config, failure, notify, store};
use crate::exit::{Exit, Failure};

/// Email the game's current position to both players; with --retry,
/// send the notices waiting in the outbox (only FILE's when given).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file (with --retry: send only this game's notices).
    #[arg(required_unless_present = "retry")]
    file: Option<PathBuf>,
    /// Send what the outbox holds, each notice once.
    #[arg(long)]
    retry: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// Loads the configuration, then sends the position or the outbox.
pub(crate) fn execute(args: Args, config_path: Option<&Path>) -> Result<Exit> {
    let config = config::load(config_path)?;
    let mail_config = notify::mail_config(&config)?;
    if args.retry {
        let game_id = match &args.file {
            Some(path) => Some(store::load(path)?.game_id()),
            None => None,
        };
        return retry(mail_config, game_id.as_deref(), &args.quiet);
    }
    // clap already insists on FILE without --retry; this is the fallback
    // should that rule ever be loosened.
    let path = args.file.ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "name the game file, or use --retry to send the outbox",
        )
    })?;
    let mut stdout = io::stdout().lock();
    let mut out = args.quiet.out(&mut stdout);
    notify::send_position(mail_config, &path, &mut out)?;
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}

/// Sends the queued notices (only `game_id`'s when given), reports each,
/// and fails with the list of what is still queued.
fn retry(config: &MailConfig, game_id: Option<&str>, quiet: &QuietArgs) -> Result<Exit> {
    let report = mail::retry(config, game_id)
        .map_err(|e| Failure::new(failure::mail_exit(&e), e.to_string()))?;
    let mut stdout = io::stdout().lock();
    let mut out = quiet.out(&mut stdout);
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
