//! `dynamo tournament set`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::ArgGroup;
use dynamo::config::Config;
use dynamo::game::clock;
use dynamo::game::{Game, TimeControl};
use dynamo::recorder::When;
use dynamo::services::across::{Across, read_held, set_action};
use dynamo::tournament::{AmendPlan, Amendment, Section, SectionCorrection, SectionError};
use dynamo_core::{Rules, quoted};
use serde_json::json;

use super::pending::{complete, section_failure};
use crate::cli::support::across::{self, failure_of};
use crate::cli::support::args::{QuietArgs, TimeArgs, check_first_deadline, now};
use crate::cli::support::failure;
use crate::cli::support::notify;
use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Correct a section before its first move: its start, time control,
/// event or rules, in each game's header (with the audit trail) and in
/// the section file. Refused once any game has a move or a result. With
/// --mail each player gets one letter for the section, not one per game.
/// With no setting, it finishes a correction a run stopped half-way left
/// pending.
#[derive(clap::Args, Debug)]
#[command(group(
    ArgGroup::new("what")
        .multiple(true)
        .args(["start", "time_control", "event", "rules"])
))]
pub(crate) struct Args {
    /// The section's name in the games folder.
    name: String,
    /// When every game starts: RFC 3339, `2026-11-20 09:14` in UTC, or a
    /// mail's Date header, years 1900 to 9999.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    start: Option<String>,
    /// `10/50d`, `3d` or `none`.
    #[arg(long, value_name = "TC")]
    time_control: Option<String>,
    /// The games' Event tag.
    #[arg(long, value_name = "TEXT")]
    event: Option<String>,
    /// The rule set: `nost`, optionally followed by overrides.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// Why: recorded in each game file and told to the players.
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail each player of the section one letter (needs `[mail]`).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// The section named `name` in the games folder, and its folder; a name
/// that is not a section is bad input (2).
pub(crate) fn section_named(config: &Config, name: &str) -> Result<(PathBuf, Section)> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
        return Err(usage(format!(
            "{}: a section's name in the games folder is wanted",
            quoted(name)
        )));
    }
    let folder = config.games_dir.join(name);
    let section = Section::load(&folder).map_err(|e| match &e {
        SectionError::Read(_) if !folder.is_dir() => usage(format!(
            "no section {} in {}",
            quoted(name),
            config.games_dir.display()
        )),
        e if e.is_input() => usage(e.to_string()),
        e => Failure::new(Exit::Io, e.to_string()).into(),
    })?;
    Ok((folder, section))
}

/// Each game of `section` in `folder`, read.
pub(crate) fn section_games(
    folder: &Path,
    section: &Section,
    catch_up: &CatchUp,
) -> Result<Vec<(PathBuf, Game)>> {
    section
        .games
        .iter()
        .map(|g| {
            let path = folder.join(&g.file);
            catch_up
                .load(&path)
                .map_err(failure::game)
                .map(|game| (path, game))
        })
        .collect()
}

/// Refuses the correction (exit 1) when a game it changes has a move or
/// a result. A game it leaves as it is may have either: that is what a
/// run killed half-way leaves once play has begun in a game it had
/// corrected, and running it again finishes the rest.
fn refuse_played(plan: &AmendPlan, games: &[(PathBuf, Game)]) -> Result<()> {
    for (path, game) in games {
        if !plan.games.iter().any(|(p, _)| p == path) {
            continue;
        }
        if let Some(why) = played(game) {
            return Err(Failure::new(
                Exit::Rejected,
                format!(
                    "{}: {why}: a section is corrected only before its first move; \
                     nothing was changed",
                    path.display()
                ),
            )
            .into());
        }
    }
    Ok(())
}

/// Why a game is past correcting as a section: a move, or a result.
pub(crate) fn played(game: &Game) -> Option<String> {
    if let Some(m) = game.moves().first() {
        return Some(format!("it has a move ({})", m.numbered()));
    }
    game.ending()
        .map(|e| format!("it has a result ({})", e.outcome))
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    let when = args.time.read()?;
    let amendment = Amendment {
        start: args
            .start
            .as_deref()
            .map(clock::parse_time)
            .transpose()
            .map_err(|e| usage(format!("--start: {e}")))?,
        time_control: args
            .time_control
            .as_deref()
            .map(str::parse::<TimeControl>)
            .transpose()
            .map_err(|e| usage(format!("--time-control: {e}")))?,
        event: args.event.clone(),
        rules: args
            .rules
            .as_deref()
            .map(str::parse::<Rules>)
            .transpose()
            .map_err(|e| usage(format!("--rules: {e}")))?,
    };
    let (folder, section) = section_named(config, &args.name)?;
    let pending = SectionCorrection::read(&folder).map_err(section_failure)?;
    let asked = amendment != Amendment::default();
    if !asked && pending.is_none() {
        return Err(usage(format!(
            "section {} has no correction pending: give --start, --time-control, --event \
             or --rules",
            section.name
        )));
    }
    let tc_after = match amendment.time_control {
        Some(tc) => tc,
        None => section
            .time_control
            .parse()
            .map_err(|e| usage(format!("{}: time_control: {e}", folder.display())))?,
    };
    if asked && let Some(start) = amendment.start_after(&section) {
        check_first_deadline(tc_after, start, "--start")?;
    }
    let mailer = notify::mailing(
        config,
        args.mail || pending.as_ref().is_some_and(|p| p.mail),
    )?;
    let at = match when {
        When::At(at) => at,
        _ => now(),
    };
    let reason = args.reason.as_deref();
    let mut across = across::start(config, None, Vec::new(), &section.name)?;
    let mut lines = Vec::new();
    let mut done: Vec<SectionCorrection> = Vec::new();
    // First what a run stopped half-way began: its games, its section
    // file and its letter, before anything else is judged.
    if let Some(record) = pending {
        let games = section_games(&folder, &section, catch_up)?;
        let paths: Vec<PathBuf> = games.into_iter().map(|(path, _)| path).collect();
        let held = across.hold_all(&paths, None).map_err(failure_of)?;
        let queued = complete(
            &mut across,
            &held,
            &folder,
            &record,
            mailer.as_ref(),
            &mut lines,
        )?;
        across.queue(queued);
        drop(held);
        done.push(record);
    }
    if asked {
        let (_, section) = section_named(config, &args.name)?;
        // A first look without the locks: nothing to do, or a game played
        // already, is said at once; each correction is tried on its game
        // under the locks, after the check for a move, which a move
        // landing in between must meet first.
        let games = section_games(&folder, &section, catch_up)?;
        let plan = amendment.plan(&section, &games);
        refuse_played(&plan, &games)?;
        if plan.games.is_empty() && plan.section == section {
            if done.is_empty() {
                writeln!(
                    args.quiet.out(out),
                    "nothing to change: section {} says so already",
                    section.name
                )?;
                return Ok(Exit::Ok);
            }
        } else {
            // All or nothing against a move arriving meanwhile: every game
            // of the section locked before any is judged again, the
            // correction written down (docs/director.md) before any game
            // is changed; a move lands either before (and the correction
            // is refused, nothing changed) or after the correction is
            // written down, and is then judged under it.
            let paths: Vec<PathBuf> = games.into_iter().map(|(path, _)| path).collect();
            let held = across.hold_all(&paths, None).map_err(failure_of)?;
            let (_, section_now) = section_named(config, &args.name)?;
            let games = read_held(&held).map_err(failure_of)?;
            let plan = amendment.plan(&section_now, &games);
            refuse_played(&plan, &games)?;
            if section_now != section {
                return Err(Failure::new(
                    Exit::Rejected,
                    format!(
                        "{}: the section changed while it was being corrected; nothing was \
                         changed: run the command again",
                        folder.display()
                    ),
                )
                .into());
            }
            // Every correction judged on its game under the locks before
            // anything is written.
            for (path, edits) in &plan.games {
                if let Some((_, game)) = games.iter().find(|(p, _)| p == path) {
                    Across::preview(path, game, &set_action(edits, reason), at)
                        .map_err(failure_of)?;
                }
            }
            let record = SectionCorrection::new(&plan, &games, at, reason, mailer.is_some());
            record.write(&folder).map_err(section_failure)?;
            dynamo::durable::crash_point("correction-pending");
            let queued = complete(
                &mut across,
                &held,
                &folder,
                &record,
                mailer.as_ref(),
                &mut lines,
            )?;
            across.queue(queued);
            drop(held);
            done.push(record);
        }
    }
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if printer.json() {
            let changes: Vec<&String> = done.iter().flat_map(|r| &r.changes).collect();
            let games: Vec<String> = done
                .iter()
                .flat_map(|r| &r.correction.games)
                .map(|g| folder.join(&g.file).display().to_string())
                .collect();
            let value = json!({
                "section": section.name,
                "changes": changes,
                "games": games,
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        } else {
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            for record in &done {
                writeln!(
                    out,
                    "corrected section {} in {} game(s): {}",
                    section.name,
                    record.correction.games.len(),
                    record.changes.join("; ")
                )?;
            }
        }
        Ok(out.flush()?)
    })();
    shown?;
    let said = printer.said(args.quiet.quiet);
    notify::send_corrected(
        across.finish(),
        mailer.as_ref(),
        "the section is corrected",
        said,
    )
}
