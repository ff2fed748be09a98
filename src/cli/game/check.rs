//! `dynamo check`.

use std::io::Write;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Ending;
use dynamo::game::move_label;

use super::report::{AlreadyRecorded, print_verdict};
use super::verdict::VerdictJson;
use crate::cli::support::args::SubmitArgs;
use crate::cli::support::failure;
use crate::cli::support::printer::Printer;
use crate::exit::Exit;
use dynamo::services::CatchUp;

/// Check a move against the game; nothing is written.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    submit: SubmitArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    // The verdict as JSON (docs/reference.md, "JSON"), a refused move
    // included.
    let json = printer.json();
    let submit = &args.submit;
    let game = catch_up.load(&submit.file).map_err(failure::game)?;
    let verdict = || -> Result<_> {
        // Only a recorded move needs the submitter's identity.
        let by = submit.submitter(&game, config, false)?;
        AlreadyRecorded::check(&game, &submit.mv, by).map_err(|dup| *dup)?;
        game.check_move(&submit.mv, by).map_err(failure::rejected)
    };
    let checked = match verdict() {
        Ok(checked) => checked,
        Err(err) => {
            if let Some(dup) = err.downcast_ref::<AlreadyRecorded>() {
                return VerdictJson::already(dup, json, &submit.mv, out);
            }
            return VerdictJson::or_error(err, json, &submit.mv, out);
        }
    };
    let number = game.position().fullmoves();
    if json {
        // The result the move would bring, as `move` would record it.
        let ending = Ending::forced_by(&checked.after);
        VerdictJson::legal(&submit.mv, &checked, number, false, ending.as_ref()).write(out)?;
        return Ok(Exit::Ok);
    }
    let label = move_label(game.position().fullmoves(), checked.mover);
    print_verdict(out, &label, &checked.display, &checked.after, submit.ascii)?;
    writeln!(out, "legal; nothing was recorded")?;
    Ok(Exit::Ok)
}
