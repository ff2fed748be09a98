//! `remind`'s run: each game whose player to move nears a deadline
//! within one of `[mail] remind_days`, or has passed it, reminded once,
//! however often the run is made.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use crate::game::Game;
use crate::game::store::GameFile;
use crate::mail::mail_config::MailConfig;
use crate::mail::remind::{self, DueReminder, Threshold};
use crate::mail::{self, MailError, Pending, Secret, SecretError};

/// What a run of reminders found: the reminders it names, those it
/// queued to be delivered, and the games it could not judge.
#[derive(Debug)]
pub struct RemindRun {
    /// How many games were looked at.
    pub looked: usize,
    /// The reminders due that were made before or, under `--dry-run`,
    /// would be made, in the order of the games.
    pub reminders: Vec<Reminder>,
    /// The reminders queued by this run, to deliver.
    pub queued: Vec<Pending>,
    /// Games that could not be read or reminded, each a line.
    pub problems: Vec<String>,
}

/// One reminder due in a game.
#[derive(Debug, Clone)]
pub struct Reminder {
    /// The game file.
    pub path: PathBuf,
    /// The name of the player to move.
    pub player: String,
    /// Their deadline, and how near it is.
    pub due: DueReminder,
    /// Whether it was made before or would be made now.
    pub state: Reminded,
}

/// What a run says of a reminder due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reminded {
    /// Made by an earlier run.
    Already,
    /// To be made (`--dry-run`: nothing is sent).
    Would,
}

/// Looks at the games at `files` at `now`, each read by `load` (its
/// failure a problem line), and queues each reminder due that no run
/// made before; with `dry_run`, says which are due and queues nothing.
/// The secret of the reminders' reply tokens is made only when one is
/// queued, so a dry run makes no key file; a secret that cannot be had
/// stops the run.
pub fn run(
    config: &MailConfig,
    files: &[PathBuf],
    now: DateTime<Utc>,
    dry_run: bool,
    mut load: impl FnMut(&Path) -> Result<Game, String>,
) -> Result<RemindRun, SecretError> {
    let days = &config.remind_days;
    let mut done = RemindRun {
        looked: 0,
        reminders: Vec::new(),
        queued: Vec::new(),
        problems: Vec::new(),
    };
    let mut secret = None;
    let mail_error = |path: &Path, e: MailError| format!("{}: {e}", path.display());
    for path in files {
        done.looked += 1;
        let game = match load(path) {
            Ok(game) => game,
            Err(e) => {
                done.problems.push(e);
                continue;
            }
        };
        let Some(due) = remind::due(&game, now, days) else {
            continue;
        };
        let reminder = |state| Reminder {
            path: path.clone(),
            player: game.player(due.side).name.clone(),
            due: due.clone(),
            state,
        };
        match remind::already_made(config, &game.game_id(), &due, days) {
            Err(e) => done.problems.push(mail_error(path, e)),
            Ok(true) => done.reminders.push(reminder(Reminded::Already)),
            Ok(false) if dry_run => done.reminders.push(reminder(Reminded::Would)),
            Ok(false) => {
                let secret = match &secret {
                    Some(s) => s,
                    None => secret.insert(Secret::load(config, true)?),
                };
                match queue(config, secret, path, now) {
                    Ok(mut queued) => done.queued.append(&mut queued),
                    Err(e) => done.problems.push(mail_error(path, e)),
                }
            }
        }
    }
    Ok(done)
}

/// Queues the reminder due for the game at `path`, judged again under
/// the game's recording lock, so that two `remind` runs at once make it
/// once.
fn queue(
    config: &MailConfig,
    secret: &Secret,
    path: &Path,
    now: DateTime<Utc>,
) -> Result<Vec<Pending>, MailError> {
    let _recording = mail::recording(config, &GameFile::named(path))?;
    let Ok(game) = Game::load(path) else {
        return Ok(Vec::new());
    };
    let days = &config.remind_days;
    let Some(due) = remind::due(&game, now, days) else {
        return Ok(Vec::new());
    };
    if remind::already_made(config, &game.game_id(), &due, days)? {
        return Ok(Vec::new());
    }
    let built = remind::build(config, secret, &game, &due, now)?;
    let what = match due.threshold {
        Threshold::Overdue => "reminder: deadline passed".to_string(),
        Threshold::Days(1) => "reminder: 1 day before the deadline".to_string(),
        Threshold::Days(d) => format!("reminder: {d} days before the deadline"),
    };
    mail::queue(
        config,
        &built,
        &game.game_id(),
        &what,
        game.moves().len() as u32,
        None,
    )
}
