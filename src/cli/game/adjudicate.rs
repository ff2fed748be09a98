//! `dynamo adjudicate`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::report::print_ending;
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Record the director's decision: 1-0, 0-1 or 1/2-1/2, with a reason
/// (time forfeit, adjudicated position, …).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    file: PathBuf,
    #[arg(allow_hyphen_values = true)]
    result: String,
    #[arg(long)]
    reason: String,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let (game, ()) = store::update(&args.file, |g| {
        let decided = g
            .adjudicate(&args.result, &args.reason, chrono::Utc::now())
            .map_err(failure::rejected)?;
        Ok((decided, ()))
    })?;
    print_ending(out, &game)?;
    Ok(Exit::Ok)
}
