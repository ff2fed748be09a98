//! `dynamo move`.

use std::io::Write;

use anyhow::Result;
use chrono::Utc;
use dynamo::config::Config;
use dynamo::game::Rejection;
use dynamo::game::clock::{self, format_time, format_time_short};

use super::report::{move_label, print_verdict};
use crate::cli::args::SubmitArgs;
use crate::cli::{failure, notify};
use crate::exit::{Exit, Failure};

/// Check a move against the game and, if legal, record it.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    submit: SubmitArgs,
    /// When the move was received (RFC 3339, or `2026-11-20 09:14` in
    /// UTC); default now. For postal moves entered later.
    #[arg(long)]
    at: Option<String>,
    /// Mail each player a notice of the move (queued before the move is
    /// written, sent after).
    #[arg(long)]
    mail: bool,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let now = clock::truncate(Utc::now());
    let at = match &args.at {
        Some(t) => {
            let at = clock::parse_time(t)
                .map_err(|e| Failure::new(Exit::Usage, format!("--at: {e}")))?;
            if at > now {
                return Err(failure::rejected(Rejection::Future {
                    at: format_time(at),
                    now: format_time(now),
                }));
            }
            at
        }
        None => now,
    };
    let submit = &args.submit;
    let path = &submit.file;
    let mailing = notify::mailing(config, args.mail)?;
    // Identity, legality and time are judged on the game as it is under
    // the lock, not as it was before: another move may have landed since.
    let (game, (label, display), queued) = notify::update(mailing.as_ref(), path, |game| {
        let by = submit.submitter(game, config, true)?;
        let checked = game.check_move(&submit.mv, by).map_err(failure::rejected)?;
        let label = move_label(game, checked.mover);
        let recorded = game.with_move(&checked, at).map_err(failure::rejected)?;
        Ok((recorded, (label, checked.display)))
    })?;
    // A failure to print does not stop the notices (see notify::finish).
    let shown = (|| -> Result<()> {
        print_verdict(out, &label, &display, game.position(), submit.ascii)?;
        if let Some(o) = game.ending() {
            writeln!(out, "Result: {} ({})", o.outcome, o.reason)?;
        } else if let Some(line) = game.clock_line(now) {
            writeln!(out, "{line}")?;
        }
        if let Some(late) = game.late_move() {
            writeln!(
                out,
                "note: {}'s move {} was received {} after the deadline {}; the director may adjudicate a time forfeit",
                late.side.title(),
                late.number,
                clock::describe(late.received - late.deadline),
                format_time_short(late.deadline)
            )?;
        }
        // The verdict is out before mail is tried, so a failed delivery
        // cannot hide that the move was recorded.
        out.flush()?;
        Ok(())
    })();
    notify::finish(mailing, queued, path, "the move", shown)
}
