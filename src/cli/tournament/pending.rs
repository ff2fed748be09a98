//! A section's correction written down before it is made
//! ([`SectionCorrection`]), finished: by the `tournament set` that wrote
//! it, or, when that run was stopped half-way, by the next `tournament
//! set` of the section. Commands that only read say it is pending.

use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::game::EventKind;
use dynamo::game::store::HeldGame;
use dynamo::mail::notice::{Recipient, director_letters};
use dynamo::mail::{Built, Pending};
use dynamo::recorder::When;
use dynamo::services::across::{Across, Mailer, queue_once, set_action};
use dynamo::tournament::{Section, SectionCorrection, SectionError, store_section};
use dynamo_core::quoted;

use crate::cli::support::across::failure_of;
use crate::cli::support::failure;
use crate::exit::{Exit, Failure};

/// A section file's error as the commands report it.
pub(crate) fn section_failure(e: SectionError) -> anyhow::Error {
    let exit = if e.is_input() { Exit::Usage } else { Exit::Io };
    Failure::new(exit, e.to_string()).into()
}

/// Finishes the correction `record` of the section in `folder`, whose
/// games are all `held`: each game's part still due recorded (the same
/// `[%set …]` event at the same time as any other change of the game
/// would have made first), then the section file, then the letter queued
/// once; the record removed last. What it did goes to `lines`; the
/// letters to send come back.
pub(crate) fn complete(
    across: &mut Across<'_>,
    held: &[HeldGame],
    folder: &Path,
    record: &SectionCorrection,
    mailer: Option<&Mailer<'_>>,
    lines: &mut Vec<String>,
) -> Result<Vec<Pending>> {
    for part in &record.correction.games {
        let Some(game) = held.iter().find(|h| {
            h.file()
                .given()
                .file_name()
                .is_some_and(|n| *n == *part.file)
        }) else {
            continue;
        };
        let path: PathBuf = game.file().given().to_path_buf();
        let now = game.load().map_err(failure::game)?;
        let Some(due) = record.correction.due(&part.file, &now) else {
            continue;
        };
        let recorded = across
            .record_held(
                game,
                set_action(&due.edits, due.reason.as_deref()),
                When::At(due.at),
                |_| Ok(()),
            )
            .map_err(failure_of)?;
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
    if Section::load(folder).map_err(section_failure)? != record.section {
        store_section(folder, &record.section).map_err(section_failure)?;
        lines.push(format!(
            "{}: the section's settings",
            folder.join(dynamo::tournament::SECTION_FILE).display()
        ));
    }
    dynamo::durable::crash_point("section-stored");
    let queued = match mailer {
        Some(m) if record.mail && !record.changes.is_empty() => queue_once(
            m,
            &letters(m, folder, record)?,
            &record.section.name,
            LETTER,
        )
        .map_err(failure_of)?,
        _ => Vec::new(),
    };
    dynamo::durable::crash_point("letters-queued");
    SectionCorrection::remove(folder).map_err(section_failure)?;
    Ok(queued)
}

/// What the outbox lists the letters as.
const LETTER: &str = "section corrected";

/// Each player's letter naming every change of `record`; made again the
/// same by a run that finishes it, so that one already queued or sent is
/// known by its Message-ID.
fn letters(m: &Mailer<'_>, folder: &Path, record: &SectionCorrection) -> Result<Vec<Built>> {
    let key = format!(
        "{}|{}|{}",
        folder.display(),
        record.changes.join("|"),
        record.correction.at
    );
    let letter = director_letters::section_corrected(
        &record.section.name,
        &record.section.event,
        &record.changes,
        record.correction.reason.as_deref(),
        &key,
    );
    let to: Vec<Recipient> = record
        .section
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
    Ok(letter
        .build(&to, &m.sender())
        .map_err(|e| Failure::new(Exit::Usage, e.to_string()))?)
}

/// Says on standard error which sections of `games_dir` have a
/// correction pending (a `tournament set` stopped half-way) and how to
/// finish it: a command that only reads shows the files as they are.
pub(crate) fn warn_pending(games_dir: &Path) {
    let Ok(entries) = std::fs::read_dir(games_dir) else {
        return;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter(|e| dynamo::game::pending::path(&e.path()).exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in names {
        eprintln!(
            "dynamo: warning: section {name} has a correction pending (a `tournament set` \
             stopped half-way): its games are shown as they are; \
             `dynamo tournament set {name}` finishes it"
        );
    }
}
