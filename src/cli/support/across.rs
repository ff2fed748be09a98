//! The director's corrections across many games
//! ([`dynamo::services::across`]) as the commands run them: each tried
//! first on the game as read through the command's catch-up, and their
//! failures in the commands' words.

use std::path::{Path, PathBuf};

use anyhow::Result;
use chrono::{DateTime, Utc};
use dynamo::config::Config;
use dynamo::game::{Game, TagEdit};
use dynamo::mail::Built;
use dynamo::recorder::Action;
use dynamo::services::across::{Across, AcrossError, Mailer, set_action};

use crate::cli::support::recording::{refusal, subscriber_failure};
use crate::cli::support::{failure, store};
use crate::exit::{Exit, Failure};
use dynamo::services::CatchUp;

/// Corrections under way (see [`Across::new`]), each game's lock waited
/// for as long as `DYNAMO_LOCK_WAIT` says.
pub(crate) fn start<'c>(
    config: &'c Config,
    mailer: Option<&Mailer<'c>>,
    built: Vec<Built>,
    about: &str,
) -> Result<Across<'c>> {
    Ok(Across::new(
        config,
        mailer,
        built,
        about,
        store::lock_wait()?,
    ))
}

/// Tries each correction on its game as read through `catch_up`, at
/// `at`: the first refusal, in the commands' words, stops everything.
pub(crate) fn try_each(
    games: &[(PathBuf, Vec<TagEdit>)],
    reason: Option<&str>,
    at: DateTime<Utc>,
    catch_up: &CatchUp,
    check: impl Fn(&Path, &Game) -> Result<()>,
) -> Result<()> {
    let actions: Vec<(PathBuf, Action)> = games
        .iter()
        .map(|(path, edits)| (path.clone(), set_action(edits, reason)))
        .collect();
    try_actions(&actions, at, catch_up, check)
}

/// Tries each action on its game as read through `catch_up`, at `at`:
/// the first refusal, in the commands' words, stops everything.
pub(crate) fn try_actions(
    actions: &[(PathBuf, Action)],
    at: DateTime<Utc>,
    catch_up: &CatchUp,
    check: impl Fn(&Path, &Game) -> Result<()>,
) -> Result<()> {
    for (path, action) in actions {
        let game = catch_up.load(path).map_err(failure::game)?;
        check(path, &game)?;
        Across::preview(path, &game, action, at).map_err(failure_of)?;
    }
    Ok(())
}

/// A correction's failure in the commands' words, with its exit code.
pub(crate) fn failure_of(e: AcrossError) -> anyhow::Error {
    match e {
        AcrossError::Game(e) => failure::game(e),
        AcrossError::Previewed { path, why } => {
            let message = format!("{}: {why}; nothing was changed", path.display());
            let exit = failure::exit_code(&refusal(why));
            Failure::new(exit, message).into()
        }
        AcrossError::Refused { why, .. } => refusal(why),
        AcrossError::Checked { path, why } => {
            Failure::new(Exit::Rejected, format!("{}: {why}", path.display())).into()
        }
        AcrossError::Subscriber(e) => subscriber_failure(e),
        AcrossError::Mail(e) => Failure::new(failure::mail_exit(&e), e.to_string()).into(),
    }
}
