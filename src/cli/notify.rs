//! Mailing a game's current position to both players: what `mail` does,
//! and what `move --mail` does once the move is recorded.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use chrono::Utc;
use dynamo::config::{Config, MailConfig};
use dynamo::mail::{self, Notice, Undelivered};

use crate::cli::{failure, store};
use crate::exit::{Exit, Failure};

/// The `[mail]` settings; without them nothing can be sent.
pub(crate) fn mail_config(config: &Config) -> Result<&MailConfig> {
    config.mail.as_ref().ok_or_else(|| {
        Failure::new(
            Exit::Usage,
            "no [mail] table in the configuration: add host, port, security and from \
             (see README, \"Mailing the position\")",
        )
        .into()
    })
}

/// Sends the game's current position to both players and says so on
/// `out`; a notice that could not be sent is queued.
pub(crate) fn send_position(config: &MailConfig, path: &Path, out: &mut dyn Write) -> Result<()> {
    let game = store::load(path)?;
    let notice = Notice::from_game(&game, Utc::now());
    let built = notice
        .build(&config.from)
        .map_err(|e| Failure::new(failure::mail_exit(&e), format!("{}: {e}", path.display())))?;
    match mail::post(config, &built, &notice.game_id, notice.ply()) {
        Ok(done) => {
            let verb = if done.resent { "resent" } else { "mailed" };
            writeln!(
                out,
                "{verb} \"{}\" to {} ({})",
                built.subject,
                done.to.join(", "),
                done.message_id
            )?;
            out.flush().context("writing to standard output")?;
            Ok(())
        }
        Err(Undelivered { queued, error }) => {
            let message = match queued {
                Some(queued) => format!(
                    "{error}\nthe notice is queued in {}; send it with `dynamo mail --retry`",
                    queued.display()
                ),
                None => format!("{error}\nthe notice could not be queued either"),
            };
            Err(Failure::new(failure::mail_exit(&error), message).into())
        }
    }
}
