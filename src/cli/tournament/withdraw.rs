//! `dynamo tournament withdraw`.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Address;
use dynamo::game::clock::format_time;
use dynamo::mail;
use dynamo::mail::notice::{Recipient, director_letters};
use dynamo::recorder::{Action, When};
use dynamo::services::across::{Mailer, queue_once};
use dynamo::tournament::{
    Fate, WithdrawError, WithdrawPlan, WithdrawRule, plan_withdrawal, store_section,
};
use dynamo_core::quoted;
use serde_json::json;

use super::set::{section_games, section_named};
use crate::cli::support::across::{self, failure_of};
use crate::cli::support::args::{QuietArgs, TimeArgs, now};
use crate::cli::support::given;
use crate::cli::support::notify;
use crate::cli::support::printer::Printer;
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Withdraw a player from a section. Under the default rule, ICCF's, a
/// withdrawal before half of the player's games are finished cancels all
/// their games (finished ones too: they count for nobody); from half on,
/// their unfinished games are lost by withdrawal and the finished ones
/// stand. Each game is changed with the audit trail; with --mail the
/// player and each opponent get one letter. Run again, it finishes a
/// withdrawal that was interrupted.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The section's name in the games folder.
    name: String,
    /// The player's address, as the section file has it (any letter case).
    #[arg(long, value_name = "ADDRESS")]
    player: String,
    /// How the games are settled: `iccf` (the default), `forfeit` (the
    /// unfinished games lost, however many are finished) or `cancel`
    /// (every game cancelled).
    #[arg(long, value_name = "RULE", default_value = "iccf")]
    rule: String,
    /// Why: recorded in the section file and told to the players.
    #[arg(long)]
    reason: Option<String>,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail the player and each opponent one letter (needs `[mail]`).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// A game's fate in a few words.
fn fate_words(fate: &Fate) -> String {
    match fate {
        Fate::Cancelled => "cancelled: it counts for nobody".to_string(),
        Fate::Lost(result) => format!("lost by withdrawal ({result})"),
        Fate::Stands => "finished before: its result stands".to_string(),
    }
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
    let rule: WithdrawRule = args
        .rule
        .parse()
        .map_err(|e: String| usage(format!("--rule: {e}")))?;
    let address = Address::parse(args.player.trim())
        .map_err(|e| usage(format!("--player: {}: {e}", quoted(&args.player))))?;
    given::reason(args.reason.as_deref())?;
    let (folder, section) = section_named(config, &args.name)?;
    let mailer = notify::mailing(config, args.mail)?;
    let games = section_games(&folder, &section, catch_up)?;
    let at = match when {
        When::At(at) => at,
        _ => now(),
    };
    let plan = plan_withdrawal(&section, &games, &address, rule, at, args.reason.as_deref())
        .map_err(|e| match e {
            WithdrawError::NotInSection { .. } | WithdrawError::Already { .. } => {
                Failure::new(Exit::Rejected, e.to_string())
            }
        })?;
    let actions: Vec<_> = plan
        .games
        .iter()
        .filter(|g| !g.done)
        .filter_map(|g| {
            let action = match g.fate {
                Fate::Cancelled => Action::Cancel {
                    reason: plan.why.clone(),
                },
                Fate::Lost(result) => Action::Adjudicate {
                    result: result.to_string(),
                    reason: plan.lost_reason(),
                },
                Fate::Stands => return None,
            };
            Some((g.path.clone(), action))
        })
        .collect();
    across::try_actions(&actions, at, catch_up, |_, _| Ok(()))?;
    let built = match &mailer {
        Some(m) => letters(&plan, &section.event, rule, args.reason.as_deref(), m)?,
        None => Vec::new(),
    };
    let mut lines = Vec::new();
    let mut across = across::start(config, mailer.as_ref(), Vec::new(), &section.name)?;
    if actions.is_empty() {
        // No game to carry the letters: they are queued now, once.
        if let Some(m) = &mailer {
            across.queue(
                queue_once(m, &built, &section.name, "the director's letter")
                    .map_err(failure_of)?,
            );
        }
    } else {
        across = across::start(config, mailer.as_ref(), built, &section.name)?;
    }
    let last = actions.len().saturating_sub(1);
    for (i, (path, action)) in actions.into_iter().enumerate() {
        across
            .record(&path, action, When::At(at), i == last, |_| Ok(()))
            .map_err(failure_of)?;
    }
    for g in &plan.games {
        lines.push(format!("{}: {}", g.path.display(), fate_words(&g.fate)));
    }
    store_section(&folder, &plan.section).map_err(|e| {
        let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
        Failure::new(exit, e.to_string())
    })?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if printer.json() {
            let value = json!({
                "section": section.name,
                "player": plan.player.name,
                "email": plan.player.email,
                "rule": rule.name(),
                "games": plan.total,
                "finished": plan.finished,
                "cancelled": plan.cancels(),
                "files": plan.games.iter().map(|g| json!({
                    "file": g.path.display().to_string(),
                    "fate": match g.fate {
                        Fate::Cancelled => "cancelled",
                        Fate::Lost(_) => "lost",
                        Fate::Stands => "stands",
                    },
                })).collect::<Vec<_>>(),
            });
            writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        } else {
            for line in &lines {
                writeln!(out, "{line}")?;
            }
            let how = if plan.cancels() {
                "their games are cancelled"
            } else {
                "their unfinished games are lost, the finished ones stand"
            };
            writeln!(
                out,
                "withdrew {} from section {} under the rule {} ({} of {} games finished): {how}",
                plan.player.name,
                section.name,
                rule.name(),
                plan.finished,
                plan.total
            )?;
        }
        Ok(out.flush()?)
    })();
    shown?;
    let said = printer.said(args.quiet.quiet);
    notify::send_corrected(
        across.finish(),
        mailer.as_ref(),
        "the player is withdrawn",
        said,
    )
}

/// One letter to the player and one to each opponent whose games change,
/// each listing their games.
fn letters(
    plan: &WithdrawPlan,
    event: &str,
    rule: WithdrawRule,
    reason: Option<&str>,
    mailer: &Mailer,
) -> Result<Vec<mail::Built>> {
    let section = &plan.section;
    let date = plan.why.rsplit(' ').next().unwrap_or("").to_string();
    let rule_words = match rule {
        WithdrawRule::Iccf => {
            "iccf (before half of the games are finished, all are cancelled; \
             from half on, the unfinished ones are lost)"
        }
        WithdrawRule::Forfeit => "forfeit (the unfinished games are lost)",
        WithdrawRule::Cancel => "cancel (every game is cancelled)",
    };
    let name_of = |n: u32| {
        section
            .players
            .get(n as usize - 1)
            .map_or_else(String::new, |p| p.name.clone())
    };
    let file_of = |g: &dynamo::tournament::WithdrawnGame| {
        g.path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned())
    };
    let key = format!(
        "{}|{}|{}",
        section.name,
        plan.player.email,
        format_time(at_of(plan))
    );
    let mut by_opponent: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    let mut own = Vec::new();
    for g in &plan.games {
        own.push(format!(
            "{} against {}: {}",
            file_of(g),
            name_of(g.opponent),
            fate_words(&g.fate)
        ));
        if g.fate != Fate::Stands {
            let theirs = match g.fate {
                Fate::Lost(_) => "won by withdrawal".to_string(),
                _ => fate_words(&g.fate),
            };
            by_opponent
                .entry(g.opponent)
                .or_default()
                .push(format!("{}: {theirs}", file_of(g)));
        }
    }
    let fail = |e: mail::MailError| Failure::new(Exit::Usage, e.to_string());
    let recipient = |name: &str, email: &str| -> Option<Recipient> {
        Some(Recipient {
            name: name.to_string(),
            address: Address::parse(email).ok()?,
        })
    };
    let mut built = Vec::new();
    if let Some(to) = recipient(&plan.player.name, &plan.player.email) {
        let letter = director_letters::withdrawn(
            &section.name,
            event,
            &date,
            rule_words,
            &own,
            reason,
            &key,
        );
        built.extend(letter.build(&[to], &mailer.sender()).map_err(fail)?);
    }
    for (n, lines) in by_opponent {
        let Some(p) = section.players.get(n as usize - 1) else {
            continue;
        };
        let Some(to) = recipient(&p.name, &p.email) else {
            continue;
        };
        let letter = director_letters::opponent_withdrew(
            &section.name,
            event,
            &plan.player.name,
            &date,
            rule_words,
            &lines,
            &format!("{key}|{}", p.email),
        );
        built.extend(letter.build(&[to], &mailer.sender()).map_err(fail)?);
    }
    Ok(built)
}

/// When the withdrawal was recorded, as the section file has it.
fn at_of(plan: &WithdrawPlan) -> chrono::DateTime<chrono::Utc> {
    plan.section
        .withdrawn
        .last()
        .and_then(|w| dynamo::game::clock::parse_time(&w.at).ok())
        .unwrap_or_default()
}
