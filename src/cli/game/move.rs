//! `dynamo move`.

use std::io::Write;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::clock::{self, format_time_short};
use dynamo::game::{Game, read_choice};
use dynamo::recorder::{Action, Done, Refusal, Request};

use super::report::{AlreadyRecorded, print_verdict};
use super::verdict::VerdictJson;
use crate::cli::support::args::SubmitArgs;
use crate::cli::support::catch_up as owed;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::Exit;

/// Check a move against the game and, if legal, record it.
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the move (queued before the move is written, sent after; \
     needs the config's `[mail]` table, checked before anything is recorded)"
)))]
// `--quiet` is listed after `--mail`, where it stood before the shared
// arguments were one struct: options are listed by order (counted as
// they are declared: --by 0 … --mail 5, --quiet 6), then by name.
#[command(mut_arg("quiet", |a| a.display_order(6)))]
pub(crate) struct Args {
    #[command(flatten)]
    submit: SubmitArgs,
    #[command(flatten)]
    record: RecordArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    // The verdict as JSON (docs/reference.md, "JSON"), a refused move
    // included; `--quiet` would say to print nothing.
    let json = printer.json();
    printer.not_quiet(args.record.quiet().quiet)?;
    // Settings that are missing are known now: the move is not recorded
    // only to fail to mail it.
    let mut recording = recording::start(config, &args.record)?;
    let submit = &args.submit;
    let path = &submit.file;
    let quiet = args.record.quiet();
    // The owner's choice alone, `=Q`, is recorded before their move
    // (docs/RULES.md §13.18).
    let action = match read_choice(&submit.mv) {
        Some(role) => Action::Choose { role },
        None => Action::Move {
            text: submit.mv.clone(),
            offer_draw: false,
        },
    };
    let request = Request::new(action, submit.who(), recording.when);
    // Identity, legality and time are judged on the game as it is under
    // the lock, not as it was before: another move may have landed since.
    // A move sent again leaves the file as it is: no write, no notice.
    let check = |game: &Game, by| AlreadyRecorded::check(game, &submit.mv, by);
    let (game, done) = match recording.record_if(path, &request, check) {
        Ok(Ok(recorded)) => (recorded.game.clone(), recorded),
        Ok(Err(Refusal::Check(dup))) => {
            let mut out = quiet.out(out);
            return VerdictJson::already(&dup, json, &submit.mv, &mut out);
        }
        Ok(Err(why)) => {
            return VerdictJson::or_error(recording::refusal(why), json, &submit.mv, out);
        }
        Err(err) => {
            let err = recording::recording_failure(err);
            return VerdictJson::or_error(err, json, &submit.mv, out);
        }
    };
    let followed = recording.take_followed();
    let (number, checked) = match &done.done {
        Done::Moved {
            number, checked, ..
        } => (number, checked),
        Done::Chose(role) => {
            let shown = print_choice(&game, *role, json, submit, &mut quiet.out(out), &done.now);
            let said = printer.said(quiet.quiet);
            return recording::finish(recording, path, "the choice", shown, said);
        }
        _ => unreachable!("a move records a move, a choice a choice"),
    };
    // A failure to print does not stop the notices (see notify::finish).
    let shown = (|| -> Result<()> {
        let mut out = quiet.out(out);
        if json {
            let ending = game.ending();
            VerdictJson::legal(&submit.mv, checked, *number, true, ending).write(&mut out)?;
        } else {
            let label = done.label().unwrap_or_default();
            print_verdict(
                &mut out,
                &label,
                &checked.display,
                game.position(),
                submit.ascii,
            )?;
            if let Some(o) = game.ending() {
                writeln!(out, "Result: {} ({})", o.outcome, o.reason)?;
            } else if let Some(line) = game.clock_line(done.now) {
                writeln!(out, "{line}")?;
            }
            // The replies it set off, never the lines' moves still to come.
            for reply in &followed {
                writeln!(out, "{}", owed::reply_line(reply))?;
            }
            // Only the move just recorded: an earlier late move is `games`' note.
            if let Some(late) = game.last_move_late() {
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
    let said = printer.said(quiet.quiet);
    recording::finish(recording, path, "the move", shown, said)
}

/// The owner's choice alone, as `move` prints it: `2. =Q (White chose
/// the queen)`, the board with the chosen piece and who is to move.
fn print_choice(
    game: &Game,
    role: dynamo_core::Role,
    json: bool,
    submit: &SubmitArgs,
    out: &mut impl Write,
    now: &chrono::DateTime<chrono::Utc>,
) -> Result<()> {
    let side = game.position().turn();
    let number = game.position().fullmoves();
    if json {
        VerdictJson::chosen(&submit.mv, role, side, number, game.position()).write(out)?;
    } else {
        let label = dynamo::game::move_label(number, side);
        writeln!(
            out,
            "{label} ={} ({} chose the {})",
            role.upper_char(),
            side.title(),
            role.name()
        )?;
        write!(
            out,
            "{}",
            dynamo::diagram::board(
                game.position(),
                crate::cli::support::args::charset(submit.ascii)
            )
        )?;
        writeln!(out, "{} to move", side.title())?;
        if let Some(line) = game.clock_line(*now) {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(())
}
