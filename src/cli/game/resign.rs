//! `dynamo resign`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::recorder::{Action, Request};

use super::report::print_ending;
use crate::cli::support::args::IdentityArgs;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording::{self, RecordArgs};
use crate::exit::Exit;

/// Record a resignation: the side given by --by or --from loses.
#[derive(clap::Args, Debug)]
#[command(mut_arg("mail", |a| a.help(
    "Mail each player a notice of the resignation (needs the config's `[mail]` table, \
     checked before anything is recorded)"
)))]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    #[command(flatten)]
    identity: IdentityArgs,
    #[command(flatten)]
    record: RecordArgs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let who = args.identity.who();
    let request = |when| Request::new(Action::Resign, who, when);
    let (recording, said) = args.record.start(config, printer)?;
    recording::run(
        recording,
        &args.file,
        "the resignation",
        request,
        said,
        out,
        |r, out| print_ending(out, &r.game),
    )
}
