//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::report::print_ending;
use crate::cli::analysis::AdjudicationArgs;
use crate::cli::args::{self, QuietArgs, TimeArgs};
use crate::cli::failure;
use crate::cli::notify::{self, Said};
use crate::exit::Exit;
use dynamo::config::Config;

/// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
/// (time forfeit, adjudicated position, …).
#[derive(clap::Args, Debug)]
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
    time: TimeArgs,
    /// Mail each player a notice of the decision (needs the config's
    /// `[mail]` table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
    #[command(flatten)]
    engine: AdjudicationArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    args.engine.show(&args.file, &mut args.quiet.out(out))?;
    let (Some(result), Some(reason)) = (&args.result, &args.reason) else {
        return Ok(Exit::Ok);
    };
    let received = args.time.read()?;
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        let at = received.at(args::now()).map_err(failure::rejected)?;
        let decided = g
            .adjudicate(result, reason, at)
            .map_err(failure::rejected)?;
        Ok((decided, ()))
    })?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        print_ending(&mut out, &game)?;
        Ok(out.flush()?)
    })();
    let said = Said::from_flags(args.quiet.quiet, false);
    notify::finish(mailing, queued, &args.file, "the decision", shown, said)
}
