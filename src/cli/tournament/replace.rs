//! `dynamo tournament replace`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::clock::format_time;
use dynamo::game::{Game, TagEdit};
use dynamo::mail::notice::director_letters::{self, Seat};
use dynamo::mail::notice::{Notice, Recipient};
use dynamo::mail::{self, Built};
use dynamo::recorder::When;
use dynamo::recorder::conditional::Store;
use dynamo::services::across::{Mailer, queue_once};
use dynamo::tournament::{
    ReplaceError, ReplacePlan, Replacement, TakenGame, plan_replacement, store_section,
};
use dynamo_core::quoted;
use serde_json::json;

use super::delete::rebuild_pages;
use super::set::{section_games, section_named};
use crate::cli::support::across::{self, failure_of};
use crate::cli::support::args::{QuietArgs, TimeArgs, now};
use crate::cli::support::failure;
use crate::cli::support::given::{self, address};
use crate::cli::support::notify;
use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// A substitute takes a player's seat in a section: every game of the
/// seat still in progress gets the substitute (name and address), each a
/// header correction with its audit trail; the finished ones stay as
/// played, under the player's name, and count for the seat, which the
/// standings show once, under the substitute's name. With --mail the
/// substitute, the player and each opponent get one letter, and the
/// substitute each notice they are to answer. Run again, it finishes a
/// substitution that was interrupted.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The section's name in the games folder.
    name: String,
    /// The address of the player who leaves, as the section file has it
    /// (any letter case).
    #[arg(long, value_name = "ADDRESS")]
    player: String,
    /// The substitute's address, alone: `bob@example.org`.
    #[arg(long, value_name = "ADDRESS")]
    by: String,
    /// The substitute's name, as the games and the standings show it.
    #[arg(long = "name", value_name = "NAME")]
    new_name: String,
    /// Why: recorded in the section file and each game changed, and told
    /// to the players.
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail the substitute, the player and each opponent one letter, and
    /// the substitute the notice of each game they are to move in (needs
    /// `[mail]`).
    #[arg(long)]
    mail: bool,
    /// List what would change; change nothing.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let when = args.time.read()?;
    let old = address("--player", args.player.trim())?;
    let email = address("--by", args.by.trim())?;
    let name = given::name("--name", &args.new_name, "the substitute's name")?;
    given::reason(args.reason.as_deref())?;
    let (folder, section) = section_named(config, &args.name)?;
    let mailer = match args.dry_run {
        true => None,
        false => notify::mailing(config, args.mail)?,
    };
    let games = section_games(&folder, &section, catch_up)?;
    let at = match when {
        When::At(at) => at,
        _ => now(),
    };
    let asked = Replacement {
        old: &old,
        email: &email,
        name: &name,
        at,
        reason: args.reason.as_deref(),
    };
    let plan = match plan_replacement(&section, &games, &asked) {
        Ok(plan) => plan,
        Err(e @ ReplaceError::Replaced { done: true, .. }) => {
            let e = e.to_string();
            let said = e.trim_end_matches("; nothing was changed");
            writeln!(args.quiet.out(out), "nothing to change: {said}")?;
            return Ok(Exit::Ok);
        }
        Err(e) => return Err(Failure::new(Exit::Rejected, e.to_string()).into()),
    };
    // The audit trail of each game says who took over from whom.
    let why = match &args.reason {
        Some(r) => format!("{} replaces {}: {r}", plan.substitute.name, plan.seat.name),
        None => format!("{} replaces {}", plan.substitute.name, plan.seat.name),
    };
    let changes: Vec<_> = plan
        .games
        .iter()
        .filter(|g| !g.edits.is_empty())
        .map(|g| (g.path.clone(), g.edits.clone()))
        .collect();
    across::try_each(&changes, Some(&why), at, catch_up, |_, _| Ok(()))?;
    let mut lines = Vec::new();
    if args.dry_run {
        for g in &plan.games {
            lines.push(format!("would change {}: {}", g.path.display(), words(g)));
        }
        lines.push(format!(
            "would record the substitution in {}",
            folder.join(dynamo::tournament::SECTION_FILE).display()
        ));
        return print(out, printer, &args, &plan, &section.name, &lines, true);
    }
    let mut across = across::start(config, mailer.as_ref(), Vec::new(), &section.name)?;
    let conditionals = Store::new(&config.conditional_dir);
    for (path, edits) in &changes {
        let seat = plan.games.iter().find(|g| &g.path == path);
        let side = seat.map(|g| g.side);
        // Under the game's lock: a game the player finished meanwhile
        // stays theirs, as played; the player's conditional lines go
        // with them, never played for the substitute, in the same lock
        // as the change of player, so no line can slip in between.
        across
            .set(
                path,
                edits,
                Some(&why),
                When::At(at),
                false,
                |game| match (game.ending(), side) {
                    (Some(_), Some(side)) if !game.player(side).has_address(email.as_str()) => {
                        Err(format!(
                            "{} ended while the substitution was made; run it again",
                            path.display()
                        ))
                    }
                    (_, Some(side)) => conditionals.remove(game, side).map_err(|e| e.to_string()),
                    _ => Ok(()),
                },
            )
            .map_err(failure_of)?;
        dynamo::durable::crash_point("replaced");
    }
    for g in &plan.games {
        lines.push(format!("{}: {}", g.path.display(), words(g)));
    }
    if let Some(m) = &mailer {
        // Queued after the games and before the section file, each once:
        // a run again makes the same letters and notices, with the same
        // Message-IDs, and queues only those the outbox does not hold.
        let built = letters(
            &plan,
            &section.event,
            args.reason.as_deref(),
            at,
            m,
            catch_up,
        )?;
        across.queue(
            queue_once(m, &built, &section.name, "the director's letter").map_err(failure_of)?,
        );
    }
    store_section(&folder, &plan.section).map_err(|e| {
        let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
        Failure::new(exit, e.to_string())
    })?;
    // The section's page and the players' follow the section file, which
    // no game's event carries: the pages are built again whole.
    rebuild_pages(config);
    lines.push(format!(
        "{} takes the seat {} of {} in section {}: {} in progress taken over, {} finished kept",
        plan.substitute.name,
        plan.seat.number,
        plan.seat.name,
        section.name,
        many(plan.games.len(), "game"),
        plan.kept
    ));
    print(out, printer, &args, &plan, &section.name, &lines, false)?;
    let said = printer.said(args.quiet.quiet);
    notify::send_corrected(
        across.finish(),
        mailer.as_ref(),
        "the substitute has the seat",
        said,
    )
}

/// What a game's change is, in a few words.
fn words(g: &TakenGame) -> String {
    if g.edits.is_empty() {
        return "the substitute's already".to_string();
    }
    g.edits
        .iter()
        .map(|e: &TagEdit| format!("{} {}", e.name, quoted(&e.value)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `1 game`, `3 games`.
fn many(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    }
}

/// The lines, or the JSON object, on standard output.
fn print(
    out: &mut impl Write,
    printer: &Printer,
    args: &Args,
    plan: &ReplacePlan,
    section: &str,
    lines: &[String],
    dry_run: bool,
) -> Result<Exit> {
    let mut out = args.quiet.out(out);
    if printer.json() {
        let value = json!({
            "section": section,
            "seat": plan.seat.number,
            "player": plan.seat.name,
            "email": plan.seat.email,
            "substitute": plan.substitute.name,
            "substitute_email": plan.substitute.email,
            "finished_kept": plan.kept,
            "dry_run": dry_run,
            "games": plan.games.iter().map(|g| json!({
                "file": g.path.display().to_string(),
                "side": g.side.name(),
                "changed": !g.edits.is_empty(),
            })).collect::<Vec<_>>(),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
    } else {
        for line in lines {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(Exit::Ok)
}

/// One letter to the substitute, one to the player, one to each
/// opponent of a game taken over; and to the substitute the notice of
/// each game where it is their move, which carries the reply token their
/// reply needs (a letter carries none).
fn letters(
    plan: &ReplacePlan,
    event: &str,
    reason: Option<&str>,
    at: chrono::DateTime<chrono::Utc>,
    mailer: &Mailer,
    catch_up: &CatchUp,
) -> Result<Vec<Built>> {
    let section = &plan.section;
    let date = at.format("%Y-%m-%d").to_string();
    let key = format!("{}|{}|{}", section.name, plan.seat.email, format_time(at));
    let seat = Seat {
        section: &section.name,
        event,
        old: &plan.seat.name,
        new: &plan.substitute.name,
        date: &date,
        reason,
        key: &key,
    };
    let fail = |e: mail::MailError| Failure::new(Exit::Usage, e.to_string());
    let name_of = |n: u32| {
        section
            .players
            .get(n as usize - 1)
            .map_or_else(String::new, |p| p.name.clone())
    };
    let file_of = |p: &Path| {
        p.file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned())
    };
    let sender = mailer.sender();
    let mut notices = Vec::new();
    let mut own = Vec::new();
    let mut given = Vec::new();
    let mut by_opponent: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for g in &plan.games {
        let game: Game = catch_up.load(&g.path).map_err(failure::game)?;
        let theirs = game.ending().is_none() && game.position().turn() == g.side;
        let mover = if theirs { ", your move" } else { "" };
        own.push(format!(
            "{} against {}, {}{mover}",
            file_of(&g.path),
            name_of(g.opponent),
            g.side.title()
        ));
        given.push(format!(
            "{} against {}",
            file_of(&g.path),
            name_of(g.opponent)
        ));
        by_opponent.entry(g.opponent).or_default().push(format!(
            "{}: you play {}",
            file_of(&g.path),
            (!g.side).title()
        ));
        if theirs {
            let notice = Notice::from_game(&game, at);
            notices.extend(notice.build_for(g.side, &sender).map_err(fail)?);
        }
    }
    let recipient = |name: &str, email: &str| -> Option<Recipient> {
        Some(Recipient {
            name: name.to_string(),
            address: dynamo::game::Address::parse(email).ok()?,
        })
    };
    let mut built = Vec::new();
    if let Some(to) = recipient(&plan.substitute.name, &plan.substitute.email) {
        let letter = director_letters::seat_taken(&seat, &own, notices.len());
        built.extend(letter.build(&[to], &sender).map_err(fail)?);
    }
    built.extend(notices);
    if let Some(to) = recipient(&plan.seat.name, &plan.seat.email) {
        let letter = director_letters::seat_given(&seat, &given);
        built.extend(letter.build(&[to], &sender).map_err(fail)?);
    }
    for (n, lines) in by_opponent {
        let Some(p) = section.players.get(n as usize - 1) else {
            continue;
        };
        let Some(to) = recipient(&p.name, &p.email) else {
            continue;
        };
        let letter = director_letters::opponent_substituted(&seat, &lines);
        built.extend(letter.build(&[to], &sender).map_err(fail)?);
    }
    Ok(built)
}
