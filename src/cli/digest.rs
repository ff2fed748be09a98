//! `dynamo digest [PATHS] [--now TIME] [--dry-run] [--json]`, and
//! `dynamo digest --player ADDR [--choose daily|off]`.
//!
//! The director sets a player's choice here because the choice is the
//! digest's business, kept beside the outbox (`mail::digest::choice`),
//! and a player can make it themselves by mail: one command names it
//! both ways.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use dynamo::game::Game;
use dynamo::game::clock;
use dynamo::mail::digest::plan::{self, Made};
use dynamo::mail::digest::{Choice, Choices};
use dynamo::mail::{self, MailError, Pending};
use serde_json::json;

use crate::cli::conditional::owed::CatchUp;
use crate::cli::game::files::game_files;
use crate::cli::printer::Printer;
use crate::cli::{config_file, failure, notify, store};
use crate::exit::{Exit, Failure};

/// Send each player who chose one mail a day (`digest daily`) their
/// digest, once a day (UTC), when something happened in their games
/// since the last: for cron or a systemd timer, like `remind`. With
/// `--player`, show or set that player's choice instead.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Game files or folders (default: games_dir from the config).
    paths: Vec<PathBuf>,
    /// Make the digests of this time's day (RFC 3339, or `2026-11-20
    /// 09:14` in UTC) instead of now's.
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
    /// Say which digests are due; send, record and remove nothing.
    #[arg(long)]
    dry_run: bool,
    /// The player (an address) whose choice to show or set.
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["paths", "now", "dry_run"])]
    player: Option<String>,
    /// With --player: `daily` (one mail a day) or `off` (a notice of
    /// every event).
    #[arg(long, value_name = "CHOICE", requires = "player", value_parser = ["daily", "off"])]
    choose: Option<String>,
}

pub(crate) fn execute(args: Args, config_path: Option<&Path>, printer: &Printer) -> Result<Exit> {
    // The JSON (docs/reference.md, "JSON"): one object, each digest and
    // what became of it, or the player's choice.
    let json = printer.json();
    let config = config_file::load(config_path)?;
    let mail_config = notify::mail_config(&config)?;
    if let Some(player) = &args.player {
        return choose(mail_config, player, args.choose.as_deref(), json);
    }
    let now = match &args.now {
        Some(t) => {
            clock::parse_time(t).map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?
        }
        None => clock::truncate(Utc::now()),
    };
    let mail_error = |e: MailError| Failure::new(Exit::Io, e.to_string());
    let patience = mail_config.timeout * 2 + Duration::from_secs(30);
    // Replies owed are played before the held notices are gathered, so
    // that their notices are in this digest.
    let catch_up = CatchUp::from_config(&config, printer).read_only(args.dry_run);
    // A missing games folder is said below, if any game is needed.
    if let Ok(files) = game_files(&config, &args.paths) {
        catch_up.before_reading(&files);
    }
    let lock = plan::lock(mail_config, patience).map_err(mail_error)?;
    let survey = plan::survey(mail_config, args.dry_run, &lock).map_err(mail_error)?;
    let mut problems: Vec<String> = survey.unknown.clone();
    problems.extend(
        survey
            .broken
            .iter()
            .map(|(p, why)| format!("{}: {why}", p.display())),
    );
    let mut rows = Vec::new();
    let mut pending: Vec<Pending> = Vec::new();
    if !survey.owed.is_empty() {
        let secret = match args.dry_run {
            true => {
                mail::Secret::load(mail_config, false).map_err(|e| notify::secret_failure(&e))?
            }
            false => notify::secret(mail_config)?,
        };
        let games = load_games(&config, &args.paths, &catch_up, &mut problems)?;
        for owed in &survey.owed {
            let made = plan::make(mail_config, &secret, owed, &games, now, args.dry_run, &lock);
            let (state, count) = match made {
                Ok(Made::Queued { pending: p, games }) => {
                    pending.push(*p);
                    ("queued", games)
                }
                Ok(Made::WouldMake(games)) => ("would send", games),
                Ok(Made::Already) => ("made already today", 0),
                Ok(Made::NoGames) => ("no game in progress", 0),
                Ok(Made::Elsewhere) => continue,
                Err(e) => {
                    problems.push(format!("{}: {e}", owed.player));
                    continue;
                }
            };
            rows.push((owed.player.clone(), state, count, owed.held.len()));
        }
    }
    drop(lock);
    let report = mail::deliver(mail_config, pending, false);
    let sent = |player: &str| {
        report
            .sent
            .iter()
            .find(|q| q.to.iter().any(|t| t.eq_ignore_ascii_case(player)))
    };
    let mut out = io::stdout().lock();
    if json {
        let digests: Vec<_> = rows
            .iter()
            .map(|(player, state, games, held)| {
                let state = match (*state, sent(player)) {
                    ("queued", Some(_)) => "sent",
                    (s, _) => s,
                };
                json!({"player": player, "state": state, "games": games, "held": held})
            })
            .collect();
        let summary = json!({
            "now": now.to_rfc3339(),
            "dry_run": args.dry_run,
            "digests": digests,
            "busy": survey.busy,
            "void": survey.void,
            "problems": problems,
        });
        writeln!(out, "{summary}")?;
    } else {
        text(&mut out, &rows, &report, now, survey.busy)?;
    }
    out.flush().context("writing to standard output")?;
    if let Some(e) = report.first_error() {
        problems.push(format!("{e}\n{}", notify::where_queued(&report)));
    }
    if problems.is_empty() {
        return Ok(Exit::Ok);
    }
    let exit = report.first_error().map_or(Exit::Io, failure::mail_exit);
    Err(Failure::new(exit, problems.join("\n")).into())
}

type Row = (String, &'static str, usize, usize);

fn text(
    out: &mut dyn Write,
    rows: &[Row],
    report: &mail::Report,
    now: DateTime<Utc>,
    busy: usize,
) -> io::Result<()> {
    for (player, state, games, held) in rows {
        let notices = match held {
            1 => "1 notice held".to_string(),
            n => format!("{n} notices held"),
        };
        match *state {
            "queued" => {}
            "would send" => writeln!(
                out,
                "{player}: would send a digest of {games} game(s) ({notices})"
            )?,
            "made already today" => writeln!(
                out,
                "{player}: digest made already on {} (UTC); {notices} wait for the next day's",
                now.date_naive()
            )?,
            other => writeln!(out, "{player}: {other}; {notices} dropped")?,
        }
    }
    for q in &report.sent {
        writeln!(
            out,
            "sent digest to {}: \"{}\" ({})",
            q.to.join(", "),
            q.subject,
            q.message_id
        )?;
    }
    if busy > 0 {
        writeln!(
            out,
            "{busy} held notice(s) of events being recorded now: the next run sees them"
        )?;
    }
    // Quiet for cron, which mails any output; a person is told.
    if rows.is_empty() && busy == 0 && io::stdout().is_terminal() {
        writeln!(out, "nothing due")?;
    }
    Ok(())
}

/// Every game file, read; one that does not read is a problem reported.
fn load_games(
    config: &dynamo::config::Config,
    paths: &[PathBuf],
    catch_up: &CatchUp,
    problems: &mut Vec<String>,
) -> Result<Vec<(PathBuf, Game)>> {
    let mut games = Vec::new();
    for path in game_files(config, paths)? {
        match catch_up.load(&path) {
            Ok(game) => games.push((path, game)),
            Err(e) => problems.push(format!("{e:#}")),
        }
    }
    Ok(games)
}

/// Shows or sets the choice of `player`.
fn choose(
    config: &dynamo::config::MailConfig,
    player: &str,
    choice: Option<&str>,
    json: bool,
) -> Result<Exit> {
    let player = player.trim();
    if dynamo::game::player::Mailbox::parse(player).is_err() || !player.contains('@') {
        return Err(Failure::new(
            Exit::Usage,
            format!("--player: '{player}' is not an address"),
        )
        .into());
    }
    let io_error = |e: MailError| Failure::new(Exit::Io, e.to_string());
    let (before, now) = match choice.and_then(Choice::parse) {
        Some(choice) => {
            let wait = store::lock_wait()?;
            let before = Choices::set(&config.outbox, player, choice, wait).map_err(io_error)?;
            (Some(before), choice)
        }
        None => (
            None,
            Choices::load(&config.outbox).map_err(io_error)?.get(player),
        ),
    };
    let mut out = io::stdout().lock();
    if json {
        let summary = json!({
            "player": player.to_lowercase(),
            "digest": now.word(),
            "was": before.map(Choice::word),
        });
        writeln!(out, "{summary}")?;
    } else {
        let what = match now {
            Choice::Daily => "one mail a day (digest daily)",
            Choice::Off => "a notice of every event (digest off)",
        };
        match before {
            Some(b) if b == now => writeln!(out, "{player}: {what}, as before")?,
            Some(_) => writeln!(out, "{player}: {what} from now on")?,
            None => writeln!(out, "{player}: {what}")?,
        }
    }
    out.flush().context("writing to standard output")?;
    Ok(Exit::Ok)
}
