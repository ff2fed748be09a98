//! `dynamo leave`: a player's leave, recorded in each of their games going
//! on, within the yearly allowance.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::config::Config;
use dynamo::durable::{FileLock, LockError};
use dynamo::game::clock::{format_time, format_time_short};
use dynamo::game::player::Mailbox;
use dynamo::game::{Game, LeaveDays, Rejection};
use dynamo::recorder::leave::{self, Leave, LeaveRefusal, Plan, key};
use dynamo::recorder::{Action, Request, When, Who};
use dynamo_core::{Color, quoted};

use super::files::{game_files, load_with_progress};
use crate::cli::support::args;
use crate::cli::support::printer::{self, Printer};
use crate::cli::support::recording::{self, RecordArgs};
use crate::cli::support::{failure, store};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Record a player's leave in each of their games going on: their clock
/// does not run from the first day 00:00 UTC to the end of the last,
/// within `leave_days_per_year` (a day counts once across their games).
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail both players of each game a notice of the leave (needs the config's `[mail]` \
     table, checked before anything is recorded)"
)))]
pub(crate) struct Args {
    /// Game files or folders to record it in (default: every game going on
    /// in the config's `games_dir` in which the player plays).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The player's address, in any form a mail shows; letter case does
    /// not matter.
    #[arg(long, value_name = "ADDRESS")]
    player: String,
    /// The first day of leave, `2026-12-01` (UTC).
    #[arg(long, value_name = "DATE")]
    from: String,
    /// The last day of leave, included.
    #[arg(long, value_name = "DATE")]
    to: String,
    #[command(flatten)]
    record: RecordArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let usage =
        |flag: &str, e: &dyn std::fmt::Display| Failure::new(Exit::Usage, format!("{flag}: {e}"));
    let address = Mailbox::parse(&args.player)
        .map_err(|e| usage(&format!("--player {}", quoted(&args.player)), &e))?
        .address;
    let days = LeaveDays::parse(&args.from, &args.to).map_err(|e| usage("--from/--to", &e))?;
    let mut recording = recording::start(config, &args.record)?;
    let leave = Leave {
        address: address.clone(),
        days,
        allowance: config.leave_days_per_year,
    };
    // The allowance is counted over the whole games folder, so it must be
    // there; one leave command at a time, so that two cannot both fit.
    let folder = game_files(config, &[])?;
    let _lock = lock(&config.games_dir)?;
    let targets = if args.paths.is_empty() {
        folder.clone()
    } else {
        game_files(config, &args.paths)?
    };
    let games = load(folder.iter().chain(&targets), catch_up)?;
    let refused = |e: LeaveRefusal| {
        let exit = match e {
            LeaveRefusal::TimeOrder { .. } => Exit::Usage,
            _ => Exit::Rejected,
        };
        Failure::new(exit, e.to_string())
    };
    let plans = leave
        .plan(&games, &targets, args.paths.is_empty(), &config.games_dir)
        .map_err(refused)?;
    // A time given with --at must suit every game before any is written.
    let now = args::now();
    let at = match recording.when {
        When::At(at) if at > now => {
            return Err(failure::rejected(Rejection::Future {
                at: format_time(at),
                now: format_time(now),
            }));
        }
        When::At(at) | When::Arrived(at) => at,
        When::Now => now,
    };
    let years = leave.check(&games, &plans, at).map_err(refused)?;

    let mut shown: Result<()> = Ok(());
    let quiet = args.record.quiet();
    let mut out = quiet.out(out);
    let mut recorded = 0;
    let mut stopped = None;
    for (path, plan) in &plans {
        let line = match *plan {
            Plan::Covered(side) => format!(
                "{}: {} is on leave on all those days already; nothing to do",
                path.display(),
                named(&games[&key(path)], side)
            ),
            Plan::Record(side) => {
                let request = Request::new(Action::Leave { days }, Who::side(side), When::At(at));
                match recording
                    .record(path, &request)
                    .map_err(recording::recording_failure)
                {
                    Ok(done) => {
                        recorded += 1;
                        let game = &done.game;
                        let clock = game
                            .clock(args::now())
                            .map(|c| {
                                // A deadline already past is never one to come.
                                let label = if c.is_over() {
                                    "deadline overdue since"
                                } else {
                                    "next deadline"
                                };
                                format!(
                                    "; {label} {} ({} to move)",
                                    format_time_short(c.deadline),
                                    c.side.title()
                                )
                            })
                            .unwrap_or_default();
                        format!(
                            "{}: leave {days} recorded for {}{clock}",
                            path.display(),
                            named(game, side)
                        )
                    }
                    Err(e) => {
                        stopped = Some((path, e));
                        break;
                    }
                }
            }
        };
        if shown.is_ok() {
            shown = writeln!(out, "{line}").map_err(Into::into);
        }
    }
    if shown.is_ok() {
        for y in &years {
            let taken = y.taken + if recorded > 0 { y.adding } else { 0 };
            let line = format!(
                "{address}: {taken} of {} days of leave taken in {} ({} left)",
                config.leave_days_per_year,
                y.year,
                i64::from(config.leave_days_per_year) - taken
            );
            shown = writeln!(out, "{line}")
                .and_then(|()| out.flush())
                .map_err(Into::into);
        }
    }
    let said = printer.said(quiet.quiet);
    let finished = recording::finish(recording, &config.games_dir, "the leave", shown, said);
    match stopped {
        None => finished,
        Some((path, e)) => {
            let exit = failure::exit_code(&e);
            Err(Failure::new(
                exit,
                format!(
                    "{}: {e:#}; the leave is recorded in the {} listed before it, not in the rest",
                    path.display(),
                    printer::counted(recorded, "game")
                ),
            )
            .into())
        }
    }
}

/// `Ada Lovelace (White)`.
fn named(game: &Game, side: Color) -> String {
    format!("{} ({})", game.player(side).name, side.title())
}

/// Every game of `paths`, by its key; one that cannot be read stops the
/// command, for the leave in it could not be counted.
fn load<'a>(
    paths: impl Iterator<Item = &'a PathBuf>,
    catch_up: &CatchUp,
) -> Result<HashMap<PathBuf, Game>> {
    let mut seen = HashSet::new();
    let files: Vec<PathBuf> = paths
        .filter(|path| seen.insert(key(path)))
        .cloned()
        .collect();
    catch_up.before_reading(&files);
    let mut games = HashMap::with_capacity(files.len());
    for (path, loaded) in files.iter().zip(load_with_progress(&files)) {
        let game = loaded.map_err(|e| {
            let e = failure::game(e);
            Failure::new(
                failure::exit_code(&e),
                format!("{e:#}; the leave already taken cannot be counted, nothing was recorded"),
            )
        })?;
        games.insert(key(path), game);
    }
    Ok(games)
}

/// The lock that lets one `dynamo leave` run at a time, in the games
/// folder.
fn lock(folder: &Path) -> Result<FileLock> {
    leave::lock(folder, store::lock_wait()?).map_err(|e| {
        let message = match &e {
            LockError::Busy { .. } => format!("another dynamo leave is running: {e}"),
            _ => e.to_string(),
        };
        Failure::new(Exit::Io, message).into()
    })
}
