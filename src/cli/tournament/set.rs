//! `dynamo tournament set`.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::ArgGroup;
use dynamo::config::Config;
use dynamo::game::clock::{self, format_time};
use dynamo::game::{EventKind, Game, TimeControl};
use dynamo::mail::notice::{Recipient, director_letters};
use dynamo::recorder::When;
use dynamo::tournament::{AmendPlan, Amendment, Section, SectionError, store_section};
use dynamo_core::{Rules, quoted};
use serde_json::json;

use crate::cli::across::{Across, Mailer, set_action};
use crate::cli::args::{QuietArgs, TimeArgs, check_first_deadline, now};
use crate::cli::notify::Said;
use crate::cli::store;
use crate::exit::{Exit, Failure};

/// Correct a section before its first move: its start, time control,
/// event or rules, in each game's header (with the audit trail) and in
/// the section file. Refused once any game has a move or a result. With
/// --mail each player gets one letter for the section, not one per game.
#[derive(clap::Args, Debug)]
#[command(group(
    ArgGroup::new("what")
        .required(true)
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
    /// Print one JSON object: the changes and the files.
    #[arg(long)]
    json: bool,
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
pub(crate) fn section_games(folder: &Path, section: &Section) -> Result<Vec<(PathBuf, Game)>> {
    section
        .games
        .iter()
        .map(|g| {
            let path = folder.join(&g.file);
            store::load(&path).map(|game| (path, game))
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

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
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
    let tc_after = match amendment.time_control {
        Some(tc) => tc,
        None => section
            .time_control
            .parse()
            .map_err(|e| usage(format!("{}: time_control: {e}", folder.display())))?,
    };
    if let Some(start) = amendment.start_after(&section) {
        check_first_deadline(tc_after, start, "--start")?;
    }
    let mailer = Mailer::new(config, args.mail)?;
    let at = match when {
        When::At(at) => at,
        _ => now(),
    };
    let reason = args.reason.as_deref();
    // A first look without the locks: nothing to do, or a game played
    // already, is said at once (each correction is tried on its game
    // under the locks, after the check for a move, which a move landing
    // in between must meet first); and
    // which game the letters go with (the last corrected) is known before
    // any lock is taken, as their lock comes first.
    let games = section_games(&folder, &section)?;
    let plan = amendment.plan(&section, &games);
    refuse_played(&plan, &games)?;
    if plan.games.is_empty() && plan.section == section {
        writeln!(
            args.quiet.out(out),
            "nothing to change: section {} says so already",
            section.name
        )?;
        return Ok(Exit::Ok);
    }
    let built = match &mailer {
        Some(m) if !plan.changes.is_empty() => {
            let key = format!(
                "{}|{}|{}",
                folder.display(),
                plan.changes.join("|"),
                format_time(at)
            );
            let letter = director_letters::section_corrected(
                &section.name,
                &plan.section.event,
                &plan.changes,
                reason,
                &key,
            );
            let to: Vec<Recipient> = section
                .players
                .iter()
                .filter_map(|p| {
                    let address = dynamo::game::Address::parse(&p.email).ok()?;
                    Some(Recipient {
                        name: p.name.clone(),
                        address,
                    })
                })
                .collect();
            letter
                .build(&to, &m.sender())
                .map_err(|e| Failure::new(Exit::Usage, e.to_string()))?
        }
        _ => Vec::new(),
    };
    let mut across = Across::new(config, mailer.as_ref(), built, &section.name);
    // All or nothing against a move arriving meanwhile: every game of the
    // section locked before any is judged again or written, so a move
    // lands either before (and the correction is refused, nothing
    // changed) or after the whole correction (and is judged under it).
    let paths: Vec<PathBuf> = games.into_iter().map(|(path, _)| path).collect();
    let with = plan.games.last().map(|(path, _)| path.clone());
    let held = across.hold_all(&paths, with.as_deref())?;
    let (_, section_now) = section_named(config, &args.name)?;
    let games = held
        .iter()
        .map(|h| {
            h.load()
                .map(|game| (h.file().given().to_path_buf(), game))
                .map_err(crate::cli::failure::game)
        })
        .collect::<Result<Vec<_>>>()?;
    let plan = amendment.plan(&section_now, &games);
    refuse_played(&plan, &games)?;
    if section_now != section || plan.games.last().map(|(p, _)| p) != with.as_ref() {
        return Err(Failure::new(
            Exit::Rejected,
            format!(
                "{}: the section changed while it was being corrected; nothing was changed: \
                 run the command again",
                folder.display()
            ),
        )
        .into());
    }
    // Every correction judged on its game under the locks before the
    // first is written.
    for (path, edits) in &plan.games {
        if let Some((_, game)) = games.iter().find(|(p, _)| p == path) {
            Across::try_on(path, game, &set_action(edits, reason), at)?;
        }
    }
    let mut lines = Vec::new();
    for (path, edits) in &plan.games {
        let Some(held) = held.iter().find(|h| h.file().given() == path) else {
            continue;
        };
        let recorded = across.record_held(
            held,
            set_action(edits, reason),
            When::At(at),
            |game| match played(game) {
                Some(why) => Err(format!(
                    "{why}: a section is corrected only before its first move"
                )),
                None => Ok(()),
            },
        )?;
        dynamo::durable::crash_point("amended");
        if let EventKind::Corrected(fix) = &recorded.game.last_event().kind {
            let each: Vec<String> = fix
                .changes
                .iter()
                .map(|c| format!("{} {} (was {})", c.name, quoted(&c.new), quoted(&c.old)))
                .collect();
            lines.push(format!("{}: {}", path.display(), each.join(", ")));
        }
    }
    if plan.section != section {
        store_section(&folder, &plan.section).map_err(|e| {
            let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
            Failure::new(exit, e.to_string())
        })?;
        lines.push(format!(
            "{}: the section's settings",
            folder.join(dynamo::tournament::SECTION_FILE).display()
        ));
    }
    drop(held);
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if args.json {
            let value = json!({
                "section": section.name,
                "changes": plan.changes,
                "games": plan.games.iter().map(|(p, _)| p.display().to_string()).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        } else {
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            writeln!(
                out,
                "corrected section {} in {} game(s): {}",
                section.name,
                plan.games.len(),
                plan.changes.join("; ")
            )?;
        }
        Ok(out.flush()?)
    })();
    shown?;
    let said = Said::from_flags(args.quiet.quiet, args.json);
    across.finish(mailer.as_ref(), "the section is corrected", said)
}
