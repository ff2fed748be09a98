//! `dynamo move`.

use std::io::Write;

use anyhow::Result;
use chrono::{DateTime, Utc};
use dynamo::config::Config;
use dynamo::game::Checked;
use dynamo::game::clock::{self, format_time_short};

use super::report::{AlreadyRecorded, move_label, print_verdict};
use super::verdict::VerdictJson;
use crate::cli::args::{self, QuietArgs, SubmitArgs, TimeArgs};
use crate::cli::failure;
use crate::cli::notify::{self, Said};
use crate::exit::Exit;

/// Check a move against the game and, if legal, record it.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    submit: SubmitArgs,
    #[command(flatten)]
    time: TimeArgs,
    /// Mail each player a notice of the move (queued before the move is
    /// written, sent after; needs the config's `[mail]` table, checked
    /// before anything is recorded).
    #[arg(long)]
    mail: bool,
    /// Print the verdict as one line of JSON (README, "JSON"), a refused
    /// move included.
    #[arg(long, conflicts_with = "quiet")]
    json: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

/// What the locked update tells the printing.
struct Recorded {
    label: String,
    number: u32,
    checked: Checked,
    now: DateTime<Utc>,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    // Settings that are missing are known now: the move is not recorded
    // only to fail to mail it.
    let mailing = notify::mailing(config, args.mail)?;
    let submit = &args.submit;
    let path = &submit.file;
    // Identity, legality and time are judged on the game as it is under
    // the lock, not as it was before: another move may have landed since.
    let update = notify::update(mailing.as_ref(), path, |game| {
        let now = args::now();
        let at = received.at(now).map_err(failure::rejected)?;
        let by = submit.submitter(game, config, true)?;
        // A move sent again leaves the file as it is: no write, no notice.
        AlreadyRecorded::check(game, &submit.mv, by)?;
        let checked = game.check_move(&submit.mv, by).map_err(failure::rejected)?;
        let label = move_label(game, checked.mover);
        let number = game.position().fullmoves();
        let recorded = game.with_move(&checked, at).map_err(failure::rejected)?;
        Ok((
            recorded,
            Recorded {
                label,
                number,
                checked,
                now,
            },
        ))
    });
    let (game, done, queued) = match update {
        Ok(update) => update,
        Err(err) => {
            if let Some(dup) = err.downcast_ref::<AlreadyRecorded>() {
                let mut out = args.quiet.out(out);
                return VerdictJson::already(dup, args.json, &submit.mv, &mut out);
            }
            return VerdictJson::or_error(err, args.json, &submit.mv, out);
        }
    };
    // A failure to print does not stop the notices (see notify::finish).
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        if args.json {
            let ending = game.ending();
            VerdictJson::legal(&submit.mv, &done.checked, done.number, true, ending)
                .write(&mut out)?;
        } else {
            let (label, display) = (&done.label, &done.checked.display);
            print_verdict(&mut out, label, display, game.position(), submit.ascii)?;
            if let Some(o) = game.ending() {
                writeln!(out, "Result: {} ({})", o.outcome, o.reason)?;
            } else if let Some(line) = game.clock_line(done.now) {
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
        }
        // The verdict is out before mail is tried, so a failed delivery
        // cannot hide that the move was recorded.
        out.flush()?;
        Ok(())
    })();
    let said = Said::from_flags(args.quiet.quiet, args.json);
    notify::finish(mailing, queued, path, "the move", shown, said)
}
