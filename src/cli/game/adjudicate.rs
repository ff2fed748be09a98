//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::recorder::{Action, Request, Who};

use super::report::print_ending;
use crate::cli::recording::{self, RecordArgs};
use crate::exit::Exit;

/// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
/// (time forfeit, adjudicated position, …).
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the decision (needs the config's `[mail]` table, \
     checked before anything is recorded)"
)))]
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
    record: RecordArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let action = Action::Adjudicate {
        result: args.result.clone(),
        reason: args.reason.clone(),
    };
    let request = |when| Request::new(action, Who::Director, when);
    recording::run(
        config,
        &args.record,
        &args.file,
        "the decision",
        request,
        out,
        |r, out| print_ending(out, &r.game),
    )
}
