//! `dynamo mail FILE`, `mail --retry [FILE]`, `mail --list [FILE]` and
//! `mail --drop ID`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use dynamo::config::MailConfig;
use dynamo::mail::digest::plan;
use dynamo::mail::outbox::{Entry, State};
use dynamo::mail::{self, Outbox, Report};

use crate::cli::support::args::QuietArgs;
use crate::cli::support::catch_up;
use crate::cli::support::printer::{self, Printer, Said};
use crate::cli::support::{config_file, failure, notify};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// How long `--list` shows delivered notices.
const RECENT: Duration = Duration::from_secs(14 * 24 * 3600);

/// Email the game's latest event to each player (again, if it was sent
/// before); with --retry, send what the outbox owes; with --list, show
/// it; with --drop, remove one notice from it.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file (with --retry or --list: only this game's notices).
    #[arg(required_unless_present_any = ["retry", "list", "drop"])]
    file: Option<PathBuf>,
    /// Send what the outbox holds, each notice once.
    #[arg(long, conflicts_with_all = ["list", "drop"])]
    retry: bool,
    /// Show the queued, refused and recently sent notices, per game.
    #[arg(long, conflicts_with = "drop")]
    list: bool,
    /// Remove a queued, refused or held notice (its Message-ID, as
    /// --list shows it).
    #[arg(long, value_name = "ID", conflicts_with = "file")]
    drop: Option<String>,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// Loads the configuration, then does what the flags say.
pub(crate) fn execute(args: Args, config_path: Option<&Path>, printer: &Printer) -> Result<Exit> {
    printer.text_only("mail", "it prints the notices sent, in words")?;
    let config = config_file::load(config_path)?;
    // The game named is read after the reply owed in it is played.
    let catch_up = catch_up::from_config(&config, printer);
    let mail_config = notify::mail_config(&config)?;
    let game_id = match (&args.file, args.retry || args.list) {
        (Some(path), true) => Some(catch_up.load(path).map_err(failure::game)?.game_id()),
        _ => None,
    };
    if args.retry {
        return retry(
            mail_config,
            game_id.as_deref(),
            printer.said(args.quiet.quiet),
        );
    }
    if args.list {
        return list(mail_config, game_id.as_deref());
    }
    if let Some(id) = &args.drop {
        return drop_one(mail_config, id);
    }
    // clap already insists on FILE without a flag; this is the fallback
    // should that rule ever be loosened.
    let path = args.file.ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "name the game file, or use --retry, --list or --drop",
        )
    })?;
    send_latest(
        mail_config,
        &catch_up,
        &path,
        printer.said(args.quiet.quiet),
    )
}

/// Sends the game's latest event to each player, again if it was sent.
fn send_latest(config: &MailConfig, catch_up: &CatchUp, path: &Path, said: Said) -> Result<Exit> {
    let game = catch_up.load(path).map_err(failure::game)?;
    let secret = notify::secret(config)?;
    let queued = mail::queue_latest(config, &secret, &game, Utc::now())
        .map_err(|e| Failure::new(failure::mail_exit(&e), format!("{}: {e}", path.display())))?;
    let report = mail::deliver(config, queued, true);
    said.deliveries(&report, true)
        .context("writing to standard output")?;
    notify::run_outcome(Vec::new(), &report)
}

/// Sends what the outbox owes (only `game_id`'s when given), reports
/// each, and fails with the list of what is still queued.
fn retry(config: &MailConfig, game_id: Option<&str>, said: Said) -> Result<Exit> {
    let report = mail::retry(config, game_id)
        .map_err(|e| Failure::new(failure::mail_exit(&e), e.to_string()))?;
    if !said.quiet() {
        print_retry(config, said, &report).context("writing to standard output")?;
    }
    if report.all_delivered() {
        return Ok(Exit::Ok);
    }
    let mut problems = Vec::new();
    for (q, e) in &report.waiting {
        problems.push(format!(
            "not sent: \"{}\" ({}): {e}",
            q.subject, q.message_id
        ));
    }
    for (q, e) in &report.refused {
        problems.push(format!(
            "refused for good, moved to failed/: \"{}\" ({}): {e}",
            q.subject, q.message_id
        ));
    }
    if !report.not_tried.is_empty() {
        problems.push(format!(
            "{} more {} not tried after that failure",
            report.not_tried.len(),
            if report.not_tried.len() == 1 {
                "notice"
            } else {
                "notices"
            }
        ));
    }
    for (path, why) in &report.broken {
        problems.push(format!(
            "{}: not a queued notice ({why}); left as is",
            path.display()
        ));
    }
    let queued = report.waiting.len() + report.not_tried.len();
    problems.push(format!(
        "{} still queued in {}",
        printer::counted(queued, "notice"),
        config.outbox.display()
    ));
    Err(Failure::new(Exit::Io, problems.join("\n")).into())
}

fn print_retry(config: &MailConfig, said: Said, report: &Report) -> io::Result<()> {
    let mut out = io::stdout().lock();
    said.sent(report, &mut out)?;
    let nothing = report.sent.is_empty()
        && report.resent.is_empty()
        && report.already_sent.is_empty()
        && report.settled.is_empty()
        && report.void.is_empty()
        && report.held.is_empty()
        && report.all_delivered();
    if nothing {
        writeln!(out, "nothing queued in {}", config.outbox.display())?;
    }
    for q in &report.settled {
        writeln!(
            out,
            "recorded as sent (the server had the whole message; its reply was not seen): \"{}\" ({})",
            q.subject, q.message_id
        )?;
    }
    for q in &report.already_sent {
        writeln!(
            out,
            "already delivered, not sent again: \"{}\" ({})",
            q.subject, q.message_id
        )?;
    }
    for q in &report.void {
        writeln!(
            out,
            "dropped, its event was never recorded: \"{}\" ({})",
            q.subject, q.message_id
        )?;
    }
    for q in &report.held {
        writeln!(
            out,
            "left to the dynamo recording its event now: \"{}\" ({})",
            q.subject, q.message_id
        )?;
    }
    out.flush()
}

/// Lists the outbox per game: queued, being sent, refused, and sent in
/// the last two weeks.
fn list(config: &MailConfig, game_id: Option<&str>) -> Result<Exit> {
    let outbox = Outbox::new(&config.outbox);
    let mut entries: Vec<Entry> = Vec::new();
    let mut broken = Vec::new();
    let now = SystemTime::now();
    for state in [
        State::Queued,
        State::Sending,
        State::Failed,
        State::Sent,
        State::Held,
    ] {
        let scan = outbox
            .scan(state)
            .map_err(|e| Failure::new(failure::mail_exit(&e), e.to_string()))?;
        broken.extend(scan.broken);
        entries.extend(scan.entries.into_iter().filter(|e| {
            game_id.is_none_or(|g| e.queued.game_id == g)
                && (state != State::Sent
                    || now.duration_since(e.changed).unwrap_or_default() < RECENT)
        }));
    }
    entries.sort_by(|a, b| {
        (&a.queued.game_id, a.state, &a.queued.queued_at).cmp(&(
            &b.queued.game_id,
            b.state,
            &b.queued.queued_at,
        ))
    });
    let mut out = io::stdout().lock();
    if entries.is_empty() && broken.is_empty() {
        writeln!(out, "nothing in {}", config.outbox.display())?;
    }
    let mut game = None;
    for e in &entries {
        if game != Some(&e.queued.game_id) {
            game = Some(&e.queued.game_id);
            writeln!(out, "game {}", e.queued.game_id)?;
        }
        let when = match e.state {
            State::Queued => e.queued.queued_at.clone(),
            _ => DateTime::<Utc>::from(e.changed)
                .format("%Y-%m-%dT%H:%M:%SZ")
                .to_string(),
        };
        let waiting = if e.state == State::Queued && e.queued.awaits.is_some() {
            " (awaiting its event)"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:<7} {when}  {}  to {}  {}{waiting}",
            e.state.word(),
            e.queued.message_id,
            e.queued.to.join(", "),
            e.queued.event
        )?;
        if let Some(outcome) = &e.queued.outcome {
            writeln!(out, "          {outcome}")?;
        }
    }
    for (path, why) in &broken {
        writeln!(out, "not a notice: {} ({why})", path.display())?;
    }
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}

/// Removes one queued or refused notice.
fn drop_one(config: &MailConfig, id: &str) -> Result<Exit> {
    let outbox = Outbox::new(&config.outbox);
    let bare = id.trim().trim_start_matches('<').trim_end_matches('>');
    let bare = bare.strip_suffix(".json").unwrap_or(bare);
    let fail = |e: mail::MailError| Failure::new(failure::mail_exit(&e), e.to_string());
    let patience = config.timeout * 2 + Duration::from_secs(5);
    let _lock = outbox.lock_sender(patience).map_err(fail)?;
    for state in [State::Queued, State::Failed, State::Held] {
        let scan = outbox.scan(state).map_err(fail)?;
        let found = scan.entries.into_iter().find(|e| {
            let name = e.path.file_stem().map(|s| s.to_string_lossy().into_owned());
            e.queued
                .message_id
                .trim_start_matches('<')
                .trim_end_matches('>')
                == bare
                || name.as_deref() == Some(bare)
        });
        if let Some(entry) = found {
            // A held notice is the digest's to send: dropped under its
            // lock, unless a digest took it meanwhile.
            let _digest = match state {
                State::Held => Some(plan::lock(config, patience).map_err(fail)?),
                _ => None,
            };
            if !entry.path.exists() {
                continue;
            }
            outbox.remove(&entry.path).map_err(fail)?;
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "dropped {} notice {} (\"{}\")",
                state.word(),
                entry.queued.message_id,
                entry.queued.subject
            )?;
            out.flush().context("writing to standard output")?;
            return Ok(Exit::Ok);
        }
    }
    Err(Failure::new(
        Exit::Usage,
        format!(
            "no queued, refused or held notice {} in {} (see `dynamo mail --list`)",
            dynamo_core::quoted(id),
            config.outbox.display()
        ),
    )
    .into())
}
