//! `dynamo check`.

use std::io::Write;

use anyhow::Result;
use dynamo::config::Config;

use super::report::{move_label, print_verdict};
use crate::cli::args::SubmitArgs;
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Check a move against the game; nothing is written.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    submit: SubmitArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let submit = &args.submit;
    let game = store::load(&submit.file)?;
    // Only a recorded move needs the submitter's identity.
    let by = submit.submitter(&game, config, false)?;
    let checked = game.check_move(&submit.mv, by).map_err(failure::rejected)?;
    let label = move_label(&game, checked.mover);
    print_verdict(out, &label, &checked.display, &checked.after, submit.ascii)?;
    writeln!(out, "legal; nothing was recorded")?;
    Ok(Exit::Ok)
}
