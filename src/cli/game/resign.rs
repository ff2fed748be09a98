//! `dynamo resign`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;

use super::report::print_ending;
use crate::cli::args::{self, IdentityArgs, QuietArgs, TimeArgs};
use crate::cli::failure;
use crate::cli::notify::{self, Said};
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
    /// Mail each player a notice of the resignation (needs the config's
    /// `[mail]` table, checked before anything is recorded).
    #[arg(long)]
    mail: bool,
    #[command(flatten)]
    quiet: QuietArgs,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let received = args.time.read()?;
    let mailing = notify::mailing(config, args.mail)?;
    let (game, (), queued) = notify::update(mailing.as_ref(), &args.file, |g| {
        let side = args.identity.required_side(g)?;
        let at = received.at(args::now()).map_err(failure::rejected)?;
        Ok((g.resign(side, at).map_err(failure::rejected)?, ()))
    })?;
    let shown = (|| -> Result<()> {
        let mut out = args.quiet.out(out);
        print_ending(&mut out, &game)?;
        Ok(out.flush()?)
    })();
    let said = Said::from_flags(args.quiet.quiet, false);
    notify::finish(mailing, queued, &args.file, "the resignation", shown, said)
}
