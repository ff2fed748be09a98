//! `dynamo tournament delete`.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Address;
use dynamo::mail::notice::{Recipient, director_letters};
use dynamo::mail::outbox::State;
use dynamo::mail::{self, Built, Outbox};
use dynamo::services::across::{Mailer, hold_games, queue_once, read_held};
use dynamo::tournament::set_aside;
use serde_json::json;

use super::set::{played, section_games, section_named};
use crate::cli::support::across::failure_of;
use crate::cli::support::args::{QuietArgs, now};
use crate::cli::support::failure;
use crate::cli::support::given;
use crate::cli::support::notify;
use crate::cli::support::printer::Printer;
use crate::cli::support::store;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Delete a section before its first move: the notices still queued for
/// its games (or refused for good) dropped from the outbox, and its folder set aside as a
/// hidden `.NAME.deleted-TIME` folder of the games folder, which every
/// command passes by. Refused once any game has a move or a result. With
/// --mail each player is told once that the section is cancelled.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The section's name in the games folder.
    name: String,
    /// Why: told to the players.
    #[arg(long)]
    reason: Option<String>,
    /// Mail each player of the section one letter (needs `[mail]`).
    #[arg(long)]
    mail: bool,
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
    let (folder, section) = section_named(config, &args.name)?;
    given::reason(args.reason.as_deref())?;
    let mailer = notify::mailing(config, args.mail)?;
    let games = section_games(&folder, &section, catch_up)?;
    let built = match &mailer {
        Some(m) => letters(m, &folder, &section, args.reason.as_deref())?,
        None => Vec::new(),
    };
    // All or nothing against a move arriving meanwhile, as `tournament
    // set` does it: the outbox's lock (no delivery looks at the section's
    // notices meanwhile), then every game's, in the order of their real
    // paths; the section and its games read again under them. A move
    // recorded before is seen here and the deletion refused; one that
    // comes later waits for its game's lock and then finds the game gone
    // (its section cancelled), never recorded into a file set aside.
    let outbox = config.mail.as_ref().map(|m| Outbox::new(&m.outbox));
    let _sending = match (&config.mail, &outbox) {
        (Some(m), Some(outbox)) => {
            let patience = m.timeout * 2 + Duration::from_secs(5);
            Some(outbox.lock_sender(patience).map_err(mail_fail)?)
        }
        _ => None,
    };
    let paths: Vec<PathBuf> = games.iter().map(|(path, _)| path.clone()).collect();
    let held = hold_games(&paths, store::lock_wait()?).map_err(failure_of)?;
    let (_, section_now) = section_named(config, &args.name)?;
    let games = read_held(&held).map_err(failure_of)?;
    if section_now != section {
        return Err(Failure::new(
            Exit::Rejected,
            format!(
                "{}: the section changed while it was being deleted; nothing was changed: \
                 run the command again",
                folder.display()
            ),
        )
        .into());
    }
    if let Some((path, why)) = games
        .iter()
        .find_map(|(path, game)| played(game).map(|why| (path, why)))
    {
        // A run killed after queueing its letters left them for a
        // cancellation that is not to be: they go.
        if let Some(outbox) = &outbox {
            drop_letters(outbox, &section.name)?;
        }
        return Err(Failure::new(
            Exit::Rejected,
            format!(
                "{}: {why}: a section is deleted only before its first move; nothing was changed",
                path.display()
            ),
        )
        .into());
    }
    // Decided: from here on no game of the section changes, so that the
    // letters below never tell of a cancellation while play goes on in a
    // section a stopped run left in place (the recorder refuses, until
    // the folder is set aside by this run or the next).
    dynamo::game::deleting::mark(&folder).map_err(|e| Failure::new(Exit::Io, e.to_string()))?;
    // The notices still queued for its games: they would tell of games
    // that are no more.
    let mut dropped = Vec::new();
    if let Some(outbox) = &outbox {
        let ids: HashSet<String> = games.iter().map(|(_, g)| g.game_id()).collect();
        let real = std::fs::canonicalize(&folder).unwrap_or_else(|_| folder.clone());
        // Queued, and refused for good (as `mail --drop` removes them);
        // what was sent stays the record of what players were told.
        for state in [State::Queued, State::Failed] {
            for entry in outbox.scan(state).map_err(mail_fail)?.entries {
                let q = &entry.queued;
                let awaits_ours = q.awaits.as_ref().is_some_and(|a| a.game.starts_with(&real));
                if awaits_ours || ids.contains(&q.game_id) {
                    outbox.remove(&entry.path).map_err(mail_fail)?;
                    dropped.push(q.message_id.clone());
                }
            }
        }
    }
    // The letters are queued before the folder goes, so that a run killed
    // in between is finished by running it again, which sends those it
    // finds queued rather than queueing them twice.
    let queued = match &mailer {
        Some(m) => queue_once(m, &built, &section.name, CANCELLED).map_err(failure_of)?,
        None => Vec::new(),
    };
    dynamo::durable::crash_point("cancel-letters-queued");
    let aside = set_aside(&folder, now()).map_err(|e| Failure::new(Exit::Io, e.to_string()))?;
    drop(held);
    drop(_sending);
    rebuild_pages(config);
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if printer.json() {
            let value = json!({
                "section": section.name,
                "games": games.len(),
                "set_aside": aside.display().to_string(),
                "dropped": dropped,
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        } else {
            writeln!(
                out,
                "deleted section {}: {} game(s) set aside in {}; {} queued notice(s) dropped",
                section.name,
                games.len(),
                aside.display(),
                dropped.len()
            )?;
        }
        Ok(out.flush()?)
    })();
    shown?;
    notify::send_letters(
        mailer.as_ref().map(Mailer::config),
        queued,
        "the section is deleted",
        printer.said(args.quiet.quiet),
    )
}

/// The web pages (`[site] dir`) built again whole, as `dynamo site DIR`
/// builds them: the section's page, its games' pages and its players'
/// entries go, which an update after one game's event would not see.
/// The section is deleted whatever becomes of its pages: a failure is a
/// warning, and `dynamo site DIR` puts them right.
pub(crate) fn rebuild_pages(config: &Config) {
    let Some((dir, site)) = config
        .site
        .as_ref()
        .and_then(|s| Some((s.dir.as_ref()?, s)))
    else {
        return;
    };
    let settings = dynamo::site::Settings {
        delay_moves: site.delay_moves,
    };
    let built = config
        .site_dir(dir)
        .and_then(|site| dynamo::site::rebuild(&site, &settings));
    if let Err(e) = built {
        eprintln!("dynamo: warning: the web pages in {}: {e}", dir.display());
    }
}

fn mail_fail(e: mail::MailError) -> Failure {
    Failure::new(failure::mail_exit(&e), e.to_string())
}

/// What the outbox lists the cancellation letters as.
const CANCELLED: &str = "section cancelled";

/// The letter telling each player of `section` in `folder` that it is
/// cancelled, for `reason`.
fn letters(
    m: &Mailer,
    folder: &std::path::Path,
    section: &dynamo::tournament::Section,
    reason: Option<&str>,
) -> Result<Vec<Built>> {
    let key = format!("{}|{}", folder.display(), section.start);
    let letter = director_letters::section_cancelled(&section.name, &section.event, reason, &key);
    let to: Vec<Recipient> = section
        .players
        .iter()
        .filter_map(|p| {
            Some(Recipient {
                name: p.name.clone(),
                address: Address::parse(&p.email).ok()?,
            })
        })
        .collect();
    Ok(letter.build(&to, &m.sender()).map_err(mail_fail)?)
}

/// Removes the cancellation letters of `section` still queued.
fn drop_letters(outbox: &Outbox, section: &str) -> Result<()> {
    for entry in outbox.scan(State::Queued).map_err(mail_fail)?.entries {
        if entry.queued.game_id == section && entry.queued.event == CANCELLED {
            outbox.remove(&entry.path).map_err(mail_fail)?;
        }
    }
    Ok(())
}
