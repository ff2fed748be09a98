//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::report::print_ending;
use crate::cli::{failure, notify};
use crate::exit::Exit;
use dynamo::config::Config;

/// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
/// (time forfeit, adjudicated position, …).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    file: PathBuf,
    #[arg(allow_hyphen_values = true)]
    result: String,
    #[arg(long)]
    reason: String,
    /// Mail each player a notice of the decision.
    #[arg(long)]
    mail: bool,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        let decided = g
            .adjudicate(&args.result, &args.reason, chrono::Utc::now())
            .map_err(failure::rejected)?;
        Ok((decided, ()))
    })?;
    let shown = print_ending(out, &game).and_then(|()| Ok(out.flush()?));
    notify::finish(mailing, queued, &args.file, "the decision", shown)
}
