//! `dynamo resign`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;

use super::report::print_ending;
use crate::cli::args::{self, IdentityArgs, QuietArgs, TimeArgs};
use crate::cli::{failure, store};
use crate::exit::Exit;

/// Record a resignation: the side given by --by or --from loses.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    #[command(flatten)]
    identity: IdentityArgs,
    #[command(flatten)]
    time: TimeArgs,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let (game, ()) = store::update(&args.file, |g| {
        let side = args.identity.required_side(g)?;
        let at = received.at(args::now()).map_err(failure::rejected)?;
        Ok((g.resign(side, at).map_err(failure::rejected)?, ()))
    })?;
    print_ending(&mut args.quiet.out(out), &game)?;
    Ok(Exit::Ok)
}
