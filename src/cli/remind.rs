//! `dynamo remind [PATHS] [--now TIME] [--dry-run]`.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::game::clock::{self, describe, format_time_short};
use dynamo::mail::remind::{self, Threshold};
use dynamo::mail::{self, Pending};

use crate::cli::conditional::owed::CatchUp;
use crate::cli::game::files::game_files;
use crate::cli::printer::{self, Printer};
use crate::cli::{config_file, failure, notify};
use crate::exit::{Exit, Failure};

/// Remind each player to move whose deadline is within one of [mail]
/// remind_days, and once more when it has passed (with a copy to the
/// director); each reminder is sent once, however often this runs.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Game files or folders (default: games_dir from the config).
    paths: Vec<PathBuf>,
    /// Judge the deadlines at this time (RFC 3339, or `2026-11-20 09:14`
    /// in UTC) instead of now.
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
    /// Say which reminders are due; send and record nothing.
    #[arg(long)]
    dry_run: bool,
}

pub(crate) fn execute(args: Args, config_path: Option<&Path>, printer: &Printer) -> Result<Exit> {
    printer.text_only("remind", "it prints the reminders sent, in words")?;
    let config = config_file::load(config_path)?;
    let catch_up = CatchUp::from_config(&config, printer).read_only(args.dry_run);
    let mail_config = notify::mail_config(&config)?;
    let now = match &args.now {
        Some(t) => {
            clock::parse_time(t).map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?
        }
        None => clock::truncate(Utc::now()),
    };
    let days = &mail_config.remind_days;
    let mut out = io::stdout().lock();
    let mut pending: Vec<Pending> = Vec::new();
    let mut problems = Vec::new();
    // Made only when a reminder is due: `--dry-run` makes no key file.
    let mut secret = None;
    let mail_error = |path: &Path, e: mail::MailError| format!("{}: {e}", path.display());
    // The games looked at, and the lines said of them.
    let (mut looked, mut said) = (0, 0);
    for path in game_files(&config, &args.paths)? {
        looked += 1;
        let game = match catch_up.load(&path) {
            Ok(game) => game,
            Err(e) => {
                problems.push(format!("{e:#}"));
                continue;
            }
        };
        let Some(due) = remind::due(&game, now, days) else {
            continue;
        };
        let who = format!("{} ({})", game.player(due.side).name, due.side.title());
        let when = match due.threshold {
            Threshold::Overdue => format!(
                "deadline {} passed {} ago",
                format_time_short(due.deadline),
                describe(-due.left)
            ),
            Threshold::Days(d) => format!(
                "deadline {}, {} left (within {d} day{})",
                format_time_short(due.deadline),
                describe(due.left),
                if d == 1 { "" } else { "s" }
            ),
        };
        let made = remind::already_made(mail_config, &game.game_id(), &due, days)
            .map_err(|e| mail_error(&path, e));
        said += usize::from(matches!(made, Ok(true)) || args.dry_run);
        match made {
            Err(e) => problems.push(e),
            Ok(true) => writeln!(out, "{}: {who}: {when}; reminded already", path.display())?,
            Ok(false) if args.dry_run => {
                writeln!(out, "{}: {who}: {when}; would remind", path.display())?
            }
            Ok(false) => match queue(
                mail_config,
                match &secret {
                    Some(s) => s,
                    None => secret.insert(notify::secret(mail_config)?),
                },
                &path,
                now,
            ) {
                Ok(mut queued) => pending.append(&mut queued),
                Err(e) => problems.push(mail_error(&path, e)),
            },
        }
    }
    out.flush().context("writing to standard output")?;
    drop(out);
    let report = mail::deliver(mail_config, pending, false);
    let mut out = io::stdout().lock();
    printer
        .said_out()
        .list("mailed", "reminder", &report.sent, &mut out)?;
    // By hand, silence would puzzle; for cron (no terminal) it is right.
    if said == 0 && report.sent.is_empty() && problems.is_empty() && out.is_terminal() {
        writeln!(out, "nothing due in {}", printer::counted(looked, "game"))?;
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

/// Queues the reminder due for the game at `path`, judged again under
/// the game's recording lock, so that two `remind` runs at once make it
/// once.
fn queue(
    config: &dynamo::config::MailConfig,
    secret: &mail::Secret,
    path: &Path,
    now: chrono::DateTime<Utc>,
) -> Result<Vec<Pending>, mail::MailError> {
    let _recording = mail::recording(config, &dynamo::game::store::GameFile::named(path))?;
    let Ok(game) = dynamo::game::Game::load(path) else {
        return Ok(Vec::new());
    };
    let days = &config.remind_days;
    let Some(due) = remind::due(&game, now, days) else {
        return Ok(Vec::new());
    };
    if remind::already_made(config, &game.game_id(), &due, days)? {
        return Ok(Vec::new());
    }
    let built = remind::build(config, secret, &game, &due, now)?;
    let what = match due.threshold {
        Threshold::Overdue => "reminder: deadline passed".to_string(),
        Threshold::Days(d) => format!(
            "reminder: {} before the deadline",
            printer::counted(d as usize, "day")
        ),
    };
    mail::queue(
        config,
        &built,
        &game.game_id(),
        &what,
        game.moves().len() as u32,
        None,
    )
}
