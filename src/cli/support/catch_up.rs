//! The command line's side of the conditional catch-up
//! ([`dynamo::services::CatchUp`]): every command that opens a game plays
//! the reply owed in it first (`show --game`, `export`, `games`,
//! `verify`, `standings`, `site`, `legal`, `mail`, `remind`, `digest`,
//! `inbox`), and says on standard error what it played, or, under a
//! promise not to write (`--dry-run`, `site --check`), that the reply is
//! owed. What cannot be played is a warning: the reply waits for the next
//! command, and this one reads the game as it stands.

use std::path::Path;

use dynamo::config::Config;
use dynamo::recorder::conditional::FollowError;
use dynamo::recorder::{Done, Recorded};
use dynamo::services::{CatchUp, CatchUpError, Finished, Heard, Told};
use dynamo_core::Color;

use crate::cli::support::printer::{Printer, Said};
use crate::cli::support::recording::{Warnings, recording_failure, subscriber_failure};
use crate::cli::support::{failure, notify};

/// The catch-up of a command that read `config`: the replies' notices
/// said on standard error, beside the command's own output.
pub(crate) fn from_config(config: &Config, printer: &Printer) -> CatchUp {
    CatchUp::new(config, Box::new(OnStderr(printer.said_err())))
}

/// What the catch-up tells, said on standard error; the notices as
/// `Said` says them.
struct OnStderr(Said);

impl Heard for OnStderr {
    fn warning(&self, problem: &str) {
        Warnings.warning(problem);
    }
}

impl Told for OnStderr {
    fn owed(&self, path: &Path, side: Color, reply: &str) {
        eprintln!(
            "dynamo: {}'s conditional reply {reply} is owed in {}; \
             it is recorded by the next command that records",
            side.title(),
            path.display()
        );
    }

    fn played(&self, path: &Path, reply: &Recorded) {
        eprintln!("dynamo: {} in {}", reply_line(reply), path.display());
    }

    fn finished(&self, path: &Path, finished: Finished) {
        if let Err(e) = notify::finish(finished, path, "the conditional reply", Ok(()), self.0) {
            warn_of(path, &e);
        }
    }

    fn failed(&self, path: &Path, error: CatchUpError) {
        let e = match error {
            CatchUpError::Game(e) => failure::game(e),
            CatchUpError::Lines(e) => e.into(),
            CatchUpError::Recording(e) => recording_failure(e),
            CatchUpError::Follow(FollowError::Game(e)) => failure::game(e),
            CatchUpError::Follow(FollowError::Subscriber(e)) => subscriber_failure(e),
        };
        warn_of(path, &e);
    }
}

/// `dynamo: warning: PATH: why`.
fn warn_of(path: &Path, e: &anyhow::Error) {
    eprintln!("dynamo: warning: {}: {e:#}", path.display());
}

/// `conditional reply recorded: 2. Ng1f3 (Alice's line)`: the reply
/// alone, never the moves of the line still to come.
pub(crate) fn reply_line(reply: &Recorded) -> String {
    let label = reply.label().unwrap_or_default();
    let notation = match &reply.done {
        Done::Moved { checked, .. } => checked.display.clone(),
        _ => String::new(),
    };
    let whose = match reply.side {
        Some(side) => {
            let name = &reply.game.player(side).name;
            if name.is_empty() || name == "?" {
                side.title().to_string()
            } else {
                name.clone()
            }
        }
        None => "the player".to_string(),
    };
    format!("conditional reply recorded: {label} {notation} ({whose}'s line)")
}
