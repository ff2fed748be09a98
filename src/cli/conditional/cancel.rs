//! `dynamo conditional cancel`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::recorder::When;

use super::given::not_kept;
use crate::cli::support::args::IdentityArgs;
use crate::cli::support::failure;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording;
use crate::exit::Exit;

/// Cancel a player's conditional lines in a game: none of them is played.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    #[command(flatten)]
    identity: IdentityArgs,
    /// Mail the notices of any reply owed from before and played first
    /// (needs the config's `[mail]` table).
    #[arg(long)]
    mail: bool,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let mut recording = recording::new(config, args.mail, When::Now)?;
    let file = GameFile::existing(&args.file).map_err(failure::game)?;
    let who = args.identity.who();
    let cancelled = recording
        .with_recorder(|r| r.cancel_lines(&file, &who))
        .map_err(recording::recording_failure)?
        .map_err(not_kept)?;
    let shown = (|| -> Result<()> {
        match cancelled {
            Some(standing) => {
                writeln!(
                    out,
                    "cancelled {}'s conditional lines:",
                    standing.side.title()
                )?;
                for line in &standing.lines {
                    writeln!(out, "  {line}")?;
                }
            }
            None => writeln!(out, "no conditional lines to cancel")?,
        }
        Ok(out.flush()?)
    })();
    recording::finish(
        recording,
        &args.file,
        "the cancellation",
        shown,
        printer.said_out(),
    )
}
