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
use dynamo::game::{Game, LeaveDays, LeaveTaken, Rejection};
use dynamo::mail::{self, Pending};
use dynamo_core::{Color, quoted};

use super::files::{game_files, load_with_progress};
use crate::cli::args::{self, QuietArgs, TimeArgs};
use crate::cli::notify::{self, Said};
use crate::cli::{failure, store};
use crate::exit::{Exit, Failure};

/// Record a player's leave in each of their games going on: their clock
/// does not run from the first day 00:00 UTC to the end of the last,
/// within `leave_days_per_year` (a day counts once across their games).
#[derive(clap::Args, Debug)]
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
    time: TimeArgs,
    /// Mail both players of each game a notice of the leave (needs the
    /// config's `[mail]` table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// What to do in one game.
enum Plan {
    Record(Color),
    /// The side is on leave on every one of those days already.
    Covered(Color),
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let usage =
        |flag: &str, e: &dyn std::fmt::Display| Failure::new(Exit::Usage, format!("{flag}: {e}"));
    let address = Mailbox::parse(&args.player)
        .map_err(|e| usage(&format!("--player {}", quoted(&args.player)), &e))?
        .address;
    let days = LeaveDays::parse(&args.from, &args.to).map_err(|e| usage("--from/--to", &e))?;
    let received = args.time.read()?;
    let mailing = notify::mailing(config, args.mail)?;
    // The allowance is counted over the whole games folder, so it must be
    // there; one leave command at a time, so that two cannot both fit.
    let folder = game_files(config, &[])?;
    let _lock = lock(&config.games_dir)?;
    let targets = if args.paths.is_empty() {
        folder.clone()
    } else {
        game_files(config, &args.paths)?
    };
    let games = load(folder.iter().chain(&targets))?;
    let game_at = |path: &Path| &games[&mail::game_path(path)];
    let taken = LeaveTaken::of(games.values(), address.as_str());

    let mut plans: Vec<(&PathBuf, Plan)> = Vec::new();
    for path in &targets {
        let game = game_at(path);
        let refuse =
            |e: Rejection| Failure::new(Exit::Rejected, format!("{}: {e}", path.display()));
        let side = match game.identify(None, Some(address.as_str())) {
            Ok(Some(side)) => side,
            Err(Rejection::UnknownAddress(_)) if args.paths.is_empty() => continue,
            Err(Rejection::AmbiguousAddress(a)) => {
                return Err(Failure::new(
                    Exit::Rejected,
                    format!(
                        "{}: both players have the address {a}: whose leave it is cannot be told",
                        path.display()
                    ),
                )
                .into());
            }
            Err(e) => return Err(refuse(e).into()),
            // Not reached: an address always names a side or is refused.
            Ok(None) => continue,
        };
        if let Some(ending) = game.ending() {
            if args.paths.is_empty() {
                continue;
            }
            return Err(refuse(Rejection::GameOver(ending.clone())).into());
        }
        let plan = if game.leave(side).covers(days) {
            Plan::Covered(side)
        } else {
            Plan::Record(side)
        };
        plans.push((path, plan));
    }
    if plans.is_empty() {
        return Err(Failure::new(
            Exit::Rejected,
            format!(
                "{address} plays in no game going on in {}; nothing was recorded",
                config.games_dir.display()
            ),
        )
        .into());
    }
    // A time given with --at must suit every game before any is written.
    let at = received.at(args::now()).map_err(failure::rejected)?;
    for (path, plan) in &plans {
        if let (Plan::Record(_), Some(last)) = (plan, game_at(path).last_event_time())
            && at < last
        {
            let e = Rejection::TimeOrder {
                at: format_time(at),
                last: format_time(last),
            };
            return Err(Failure::new(
                Exit::Usage,
                format!("{}: {e}; nothing was recorded", path.display()),
            )
            .into());
        }
    }
    let years = taken
        .check(days, config.leave_days_per_year, address.as_str())
        .map_err(|e| Failure::new(Exit::Rejected, format!("{e}; nothing was recorded")))?;

    let mut queued: Vec<Pending> = Vec::new();
    let mut shown: Result<()> = Ok(());
    let mut out = args.quiet.out(out);
    let mut recorded = 0;
    let mut stopped = None;
    for (path, plan) in &plans {
        let line = match *plan {
            Plan::Covered(side) => format!(
                "{}: {} is on leave on all those days already; nothing to do",
                path.display(),
                named(game_at(path), side)
            ),
            Plan::Record(side) => {
                let result = notify::update(mailing.as_ref(), path, |g| {
                    let changed = g.take_leave(side, days, at).map_err(failure::rejected)?;
                    Ok((changed, ()))
                });
                match result {
                    Ok((game, (), mut notices)) => {
                        queued.append(&mut notices);
                        recorded += 1;
                        let clock = game
                            .clock(args::now())
                            .map(|c| {
                                format!(
                                    "; next deadline {} ({} to move)",
                                    format_time_short(c.deadline),
                                    c.side.title()
                                )
                            })
                            .unwrap_or_default();
                        format!(
                            "{}: leave {days} recorded for {}{clock}",
                            path.display(),
                            named(&game, side)
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
    let said = Said::from_flags(args.quiet.quiet, false);
    let finished = notify::finish(mailing, queued, &config.games_dir, "the leave", shown, said);
    match stopped {
        None => finished,
        Some((path, e)) => {
            let exit = failure::exit_code(&e);
            Err(Failure::new(
                exit,
                format!(
                    "{}: {e:#}; the leave is recorded in the {recorded} game(s) listed before it, not in the rest",
                    path.display()
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

/// Every game of `paths`, by its absolute path; one that cannot be read
/// stops the command, for the leave in it could not be counted.
fn load<'a>(paths: impl Iterator<Item = &'a PathBuf>) -> Result<HashMap<PathBuf, Game>> {
    let mut seen = HashSet::new();
    let files: Vec<PathBuf> = paths
        .filter(|path| seen.insert(mail::game_path(path)))
        .cloned()
        .collect();
    let mut games = HashMap::with_capacity(files.len());
    for (path, loaded) in files.iter().zip(load_with_progress(&files)) {
        let game = loaded.map_err(|e| {
            let e = failure::game(e);
            Failure::new(
                failure::exit_code(&e),
                format!("{e:#}; the leave already taken cannot be counted, nothing was recorded"),
            )
        })?;
        games.insert(mail::game_path(path), game);
    }
    Ok(games)
}

/// The lock that lets one `dynamo leave` run at a time, in the games
/// folder: `.dynamo-leave.lock`.
fn lock(folder: &Path) -> Result<FileLock> {
    let path = folder.join(".dynamo-leave.lock");
    FileLock::acquire_within(&path, store::lock_wait()?).map_err(|e| {
        let message = match &e {
            LockError::Busy { .. } => format!("another dynamo leave is running: {e}"),
            _ => e.to_string(),
        };
        Failure::new(Exit::Io, message).into()
    })
}
