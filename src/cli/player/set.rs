//! `dynamo player set`.

use std::io::Write;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::durable::{FileLock, LockError};
use dynamo::game::clock::format_time;
use dynamo::game::{EventKind, Language, TagEdit};
use dynamo::mail::notice::{Recipient, director_letters};
use dynamo::recorder::When;
use dynamo::tournament::{PlayerChange, PlayerChangeError, Step, store_section};
use dynamo_core::quoted;
use serde_json::json;

use crate::cli::support::across::{self, failure_of};
use crate::cli::support::args::{QuietArgs, TimeArgs, now};
use crate::cli::support::given::{self, address};
use crate::cli::support::notify;
use crate::cli::support::printer::Printer;
use crate::cli::support::store;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Change a player's address, name or language in every game and section
/// file of the games folder, finished games included, each game's header
/// corrected with its audit trail (the language is kept in the games'
/// headers only). With --mail the player gets one
/// letter, at the old address and the new; their opponents get none, as
/// replies go to the director, never from player to player. Run again, it
/// finishes a change that was interrupted.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The player's address now, as the games have it (any letter case).
    old: String,
    /// The new address, alone: `ada@example.org`; without it the address
    /// stays.
    #[arg(long, value_name = "ADDRESS")]
    email: Option<String>,
    /// The player's new name, in every game and section file too.
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The language the player's mail is written in from now on: en, it,
    /// fr, de or es.
    #[arg(long, value_name = "CODE")]
    lang: Option<Language>,
    /// Why: recorded in each game file and told to the player.
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail the player one letter, at both addresses (needs `[mail]`).
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
    let usage = |m: String| anyhow::Error::from(Failure::new(Exit::Usage, m));
    let when = args.time.read()?;
    let old = address("OLD", &args.old)?;
    let email = match &args.email {
        Some(email) => address("--email", email)?,
        None => old.clone(),
    };
    let name = match &args.name {
        Some(n) => Some(given::name("--name", n, "the name")?),
        None => None,
    };
    if args.email.is_none() && name.is_none() && args.lang.is_none() {
        return Err(usage(
            "say what changes: --email, --name or --lang".to_string(),
        ));
    }
    if args.email.is_some()
        && old.as_str().to_lowercase() == email.as_str().to_lowercase()
        && name.is_none()
        && args.lang.is_none()
    {
        return Err(usage(format!(
            "--email {email} is the address the player has: give a new address, --name or --lang"
        )));
    }
    let mailer = if args.dry_run {
        None
    } else {
        notify::mailing(config, args.mail)?
    };
    let games_dir = &config.games_dir;
    if !games_dir.is_dir() {
        return Err(usage(format!(
            "the games folder {} does not exist",
            games_dir.display()
        )));
    }
    // One player's change at a time: two could cross in a game.
    let lock = games_dir.join(".dynamo-player.lock");
    let _held = FileLock::acquire_within(&lock, store::lock_wait()?).map_err(|e| {
        let e = match e {
            LockError::File(e) => e,
            other => other.into(),
        };
        Failure::new(Exit::Io, e.to_string())
    })?;
    let change = PlayerChange {
        old: old.clone(),
        email: email.clone(),
        name: name.clone(),
        language: args.lang,
    };
    let steps = change.plan(games_dir).map_err(|e| match &e {
        PlayerChangeError::Folder(_) => Failure::new(Exit::Io, e.to_string()),
        _ if e.is_input() => Failure::new(Exit::Usage, e.to_string()),
        _ => Failure::new(Exit::Io, e.to_string()),
    })?;
    let at = match when {
        When::At(at) => at,
        _ => now(),
    };
    let games: Vec<_> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Game { path, edits, .. } => Some((path.clone(), edits.clone())),
            Step::Section { .. } => None,
        })
        .collect();
    if steps.is_empty() {
        if !change.named_anywhere(games_dir) {
            return Err(usage(format!(
                "no game or section file in {} has the address {old}; nothing was changed",
                games_dir.display()
            )));
        }
        writeln!(
            args.quiet.out(out),
            "nothing to change: every game and section file says {email} already"
        )?;
        return Ok(Exit::Ok);
    }
    across::try_each(&games, args.reason.as_deref(), at, catch_up, |_, _| Ok(()))?;
    let finished = steps
        .iter()
        .filter(|s| matches!(s, Step::Game { finished: true, .. }))
        .count();
    let sections = steps.len() - games.len();
    if args.dry_run {
        let mut lines = Vec::new();
        for step in &steps {
            lines.push(format!(
                "would change {}: {}",
                step.file().display(),
                step_words(step, &change)
            ));
        }
        return print(out, printer, &args, &steps, &change, &lines, true);
    }
    // The player as their games have them: the name, and the old address
    // as written there, for the letter and the summary.
    let known = change.known_player(&steps);
    let old = known.as_ref().and_then(|p| p.email.clone()).unwrap_or(old);
    let known = known.map_or_else(|| old.as_str().to_string(), |p| p.name);
    let built = match &mailer {
        // The letter is about the address: a change of language alone
        // shows in the next notice, written in it.
        Some(m) if !change.keeps_address() || name.is_some() => {
            let key = format!(
                "{old}|{email}|{}|{}",
                name.as_deref().unwrap_or(""),
                format_time(at)
            );
            let letter = director_letters::address_changed(
                old.as_str(),
                email.as_str(),
                name.as_deref(),
                games.len(),
                args.reason.as_deref(),
                &key,
            );
            let to_name = name.clone().unwrap_or(known);
            let to = [
                Recipient {
                    name: to_name.clone(),
                    address: old.clone(),
                },
                Recipient {
                    name: to_name,
                    address: email.clone(),
                },
            ];
            letter
                .build(&to, &m.sender())
                .map_err(|e| Failure::new(Exit::Usage, e.to_string()))?
        }
        _ => Vec::new(),
    };
    let mut across = across::start(config, mailer.as_ref(), built, email.as_str())?;
    let mut lines = Vec::new();
    let last = games.len().saturating_sub(1);
    let mut game_index = 0;
    for step in &steps {
        match step {
            Step::Game { path, edits, .. } => {
                let recorded = across
                    .set(
                        path,
                        edits,
                        args.reason.as_deref(),
                        When::At(at),
                        game_index == last,
                        |_| Ok(()),
                    )
                    .map_err(failure_of)?;
                game_index += 1;
                let words = match &recorded.game.last_event().kind {
                    EventKind::Corrected(fix) => fix
                        .changes
                        .iter()
                        .map(|c| format!("{} {} (was {})", c.name, quoted(&c.new), quoted(&c.old)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    _ => String::new(),
                };
                lines.push(format!("{}: {words}", path.display()));
            }
            Step::Section { folder, section } => {
                store_section(folder, section).map_err(|e| {
                    let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
                    Failure::new(exit, e.to_string())
                })?;
                lines.push(format!(
                    "{}: {}",
                    step.file().display(),
                    step_words(step, &change)
                ));
            }
        }
    }
    let what = if change.keeps_address() {
        format!("changed {old}")
    } else {
        format!("changed {old} to {email}")
    };
    lines.push(format!(
        "{what} in {} ({finished} finished) and {}",
        many(games.len(), "game"),
        many(sections, "section file")
    ));
    print(out, printer, &args, &steps, &change, &lines, false)?;
    let said = printer.said(args.quiet.quiet);
    notify::send_corrected(
        across.finish(),
        mailer.as_ref(),
        "the address is changed",
        said,
    )
}

/// `1 game`, `3 games`.
fn many(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// What a step changes, in a few words.
fn step_words(step: &Step, change: &PlayerChange) -> String {
    match step {
        Step::Game {
            edits, finished, ..
        } => {
            let each: Vec<String> = edits
                .iter()
                .map(|e: &TagEdit| format!("{} {}", e.name, quoted(&e.value)))
                .collect();
            let over = if *finished {
                " (finished: its moves and result stay)"
            } else {
                ""
            };
            format!("{}{over}", each.join(", "))
        }
        Step::Section { section, .. } => {
            let p = section
                .players
                .iter()
                .find(|p| p.email == change.email.as_str());
            match p {
                Some(p) => format!("player {} is {} <{}>", p.number, p.name, p.email),
                None => "the player's entry".to_string(),
            }
        }
    }
}

/// The lines, or the JSON object, on standard output.
fn print(
    out: &mut impl Write,
    printer: &Printer,
    args: &Args,
    steps: &[Step],
    change: &PlayerChange,
    lines: &[String],
    dry_run: bool,
) -> Result<Exit> {
    let mut out = args.quiet.out(out);
    if printer.json() {
        let files: Vec<_> = steps
            .iter()
            .map(|s| match s {
                Step::Game { path, edits, finished, .. } => json!({
                    "file": path.display().to_string(),
                    "kind": "game",
                    "finished": finished,
                    "set": edits.iter().map(|e| json!({"tag": e.name, "value": e.value})).collect::<Vec<_>>(),
                }),
                Step::Section { .. } => json!({
                    "file": s.file().display().to_string(),
                    "kind": "section",
                }),
            })
            .collect();
        let value = json!({
            "old": change.old.as_str(),
            "email": change.email.as_str(),
            "name": change.name,
            "lang": change.language.map(|l| l.code()),
            "dry_run": dry_run,
            "files": files,
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
