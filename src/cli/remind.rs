//! `dynamo remind [PATHS] [--now TIME] [--dry-run]`.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::game::clock::{self, describe, format_time_short};
use dynamo::mail::remind::Threshold;
use dynamo::services::{Reminded, Reminder, deliver, remind};

use crate::cli::game::files::game_files;
use crate::cli::support::catch_up;
use crate::cli::support::failure;
use crate::cli::support::printer::{self, Printer};
use crate::cli::support::{config_file, notify};
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
    let catch_up = catch_up::from_config(&config, printer).read_only(args.dry_run);
    let mail_config = notify::mail_config(&config)?;
    let now = match &args.now {
        Some(t) => {
            clock::parse_time(t).map_err(|e| Failure::new(Exit::Usage, format!("--now: {e}")))?
        }
        None => clock::truncate(Utc::now()),
    };
    let files = game_files(&config, &args.paths)?;
    let run = remind::run(mail_config, &files, now, args.dry_run, |path| {
        catch_up
            .load(path)
            .map_err(failure::game)
            .map_err(|e| format!("{e:#}"))
    })
    .map_err(|e| notify::secret_failure(&e))?;
    let mut out = io::stdout().lock();
    for reminder in &run.reminders {
        writeln!(out, "{}", line(reminder))?;
    }
    out.flush().context("writing to standard output")?;
    drop(out);
    let report = deliver(Some(mail_config), run.queued).unwrap_or_default();
    let mut out = io::stdout().lock();
    printer
        .said_out()
        .list("mailed", "reminder", &report.sent, &mut out)?;
    // By hand, silence would puzzle; for cron (no terminal) it is right.
    if run.reminders.is_empty()
        && report.sent.is_empty()
        && run.problems.is_empty()
        && out.is_terminal()
    {
        writeln!(
            out,
            "nothing due in {}",
            printer::counted(run.looked, "game")
        )?;
    }
    out.flush().context("writing to standard output")?;
    notify::run_outcome(run.problems, &report)
}

/// `games/a.pgn: Ada (White): deadline 20 Nov 09:14, 2 days left
/// (within 3 days); would remind`.
fn line(reminder: &Reminder) -> String {
    let due = &reminder.due;
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
    let state = match reminder.state {
        Reminded::Already => "reminded already",
        Reminded::Would => "would remind",
    };
    format!(
        "{}: {} ({}): {when}; {state}",
        reminder.path.display(),
        reminder.player,
        due.side.title()
    )
}
