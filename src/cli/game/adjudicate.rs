//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::report::print_ending;
use crate::cli::args::{self, QuietArgs, TimeArgs};
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
/// (time forfeit, adjudicated position, …).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// The result: 1-0, 0-1 or 1/2-1/2.
    result: String,
    /// Why: a time forfeit, an adjudicated position, …; the game file's
    /// Termination tag says `adjudicated: REASON`.
    #[arg(long)]
    reason: String,
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let (game, ()) = store::update(&args.file, |g| {
        let at = received.at(args::now()).map_err(failure::rejected)?;
        let decided = g
            .adjudicate(&args.result, &args.reason, at)
            .map_err(failure::rejected)?;
        Ok((decided, ()))
    })?;
    print_ending(&mut args.quiet.out(out), &game)?;
    Ok(Exit::Ok)
}
