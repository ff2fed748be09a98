//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::recorder::{Action, Request, Who};

use super::report::print_ending;
use crate::cli::support::analysis::AdjudicationArgs;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::Exit;
use dynamo::services::CatchUp;

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
    /// The result: 1-0, 0-1 or 1/2-1/2 (with --analyse, leave it out to see
    /// the engine's view only).
    #[arg(required_unless_present = "analyse", requires = "reason")]
    result: Option<String>,
    /// Why: a time forfeit, an adjudicated position, …; the game file's
    /// Termination tag says `adjudicated: REASON`.
    #[arg(long, required_unless_present = "analyse", requires = "result")]
    reason: Option<String>,
    #[command(flatten)]
    record: RecordArgs,
    #[command(flatten)]
    engine: AdjudicationArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    args.engine
        .show(&args.file, catch_up, &mut args.record.quiet().out(out))?;
    // The engine's view alone records nothing: the decision is the
    // director's.
    let (Some(result), Some(reason)) = (args.result.clone(), args.reason.clone()) else {
        return Ok(Exit::Ok);
    };
    let action = Action::Adjudicate { result, reason };
    let request = |when| Request::new(action, Who::Director, when);
    let (recording, said) = args.record.start(config, printer)?;
    recording::run(
        recording,
        &args.file,
        "the decision",
        request,
        said,
        out,
        |r, out| print_ending(out, &r.game),
    )
}
