//! `dynamo digest [PATHS] [--now TIME] [--dry-run] [--json]`, and
//! `dynamo digest --player ADDR [--choose daily|off]`.
//!
//! The director sets a player's choice here because the choice is the
//! digest's business, kept beside the outbox (`mail::digest::choice`),
//! and a player can make it themselves by mail: one command names it
//! both ways.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chrono::{DateTime, Utc};
use dynamo::game::Game;
use dynamo::game::clock;
use dynamo::mail::digest::{Choice, Choices};
use dynamo::mail::{self, MailError};
use dynamo::services::{DigestRun, DigestState, Digests};
use serde_json::json;

use crate::cli::game::files::game_files;
use crate::cli::support::catch_up;
use crate::cli::support::failure;
use crate::cli::support::printer::Printer;
use crate::cli::support::{config_file, notify, store};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

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
    // Replies owed are played before the held notices are gathered, so
    // that their notices are in this digest.
    let catch_up = catch_up::from_config(&config, printer).read_only(args.dry_run);
    // A missing games folder is said below, if any game is needed.
    if let Ok(files) = game_files(&config, &args.paths) {
        catch_up.before_reading(&files);
    }
    let mut digests = Digests::open(mail_config, args.dry_run).map_err(mail_error)?;
    let (secret, games) = if digests.owed() {
        let secret = match args.dry_run {
            true => {
                mail::Secret::load(mail_config, false).map_err(|e| notify::secret_failure(&e))?
            }
            false => notify::secret(mail_config)?,
        };
        let games = load_games(&config, &args.paths, &catch_up, &mut digests.problems)?;
        (Some(secret), games)
    } else {
        (None, Vec::new())
    };
    let run = digests.make(secret.as_ref(), &games, now);
    let mut out = io::stdout().lock();
    if json {
        let summary = json!({
            "now": now.to_rfc3339(),
            "dry_run": args.dry_run,
            "digests": run.rows,
            "busy": run.busy,
            "void": run.void,
            "problems": run.problems,
        });
        writeln!(out, "{summary}")?;
    } else {
        text(&mut out, &run, now)?;
    }
    out.flush().context("writing to standard output")?;
    notify::run_outcome(run.problems, &run.report)
}

fn text(out: &mut dyn Write, run: &DigestRun, now: DateTime<Utc>) -> io::Result<()> {
    for row in &run.rows {
        let (player, games) = (&row.player, row.games);
        let notices = match row.held {
            1 => "1 notice held".to_string(),
            n => format!("{n} notices held"),
        };
        match row.state {
            DigestState::Queued | DigestState::Sent => {}
            DigestState::WouldSend => writeln!(
                out,
                "{player}: would send a digest of {games} game(s) ({notices})"
            )?,
            DigestState::MadeAlready => writeln!(
                out,
                "{player}: digest made already on {} (UTC); {notices} wait for the next day's",
                now.date_naive()
            )?,
            DigestState::NoGames => {
                writeln!(out, "{player}: no game in progress; {notices} dropped")?
            }
        }
    }
    for q in &run.report.sent {
        writeln!(
            out,
            "sent digest to {}: \"{}\" ({})",
            q.to.join(", "),
            q.subject,
            q.message_id
        )?;
    }
    let busy = run.busy;
    if busy > 0 {
        writeln!(
            out,
            "{busy} held notice(s) of events being recorded now: the next run sees them"
        )?;
    }
    // Quiet for cron, which mails any output; a person is told.
    if run.rows.is_empty() && busy == 0 && io::stdout().is_terminal() {
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
        match catch_up.load(&path).map_err(failure::game) {
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
