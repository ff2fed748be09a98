//! `dynamo conditional add`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::recorder::When;

use super::given::{moves_of, not_kept};
use crate::cli::support::args::IdentityArgs;
use crate::cli::support::failure;
use crate::cli::support::printer::Printer;
use crate::cli::support::recording;
use crate::exit::Exit;

/// Give a player's conditional lines: each starts with the opponent's
/// next move, then the player's reply, then more of both if wished
/// (`"12... Nf6 13. e5 Nd5 14. c4"`, `"if 12... Nf6 then 13. e5"`). Every
/// move is checked at once; an illegal step, or two lines answering one
/// move differently, refuses them all (exit 1). They join the lines the
/// player has already; they are never shown to the opponent.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    #[command(flatten)]
    identity: IdentityArgs,
    /// A line, its moves in one argument: `"12... Nf6 13. e5"`.
    #[arg(value_name = "LINE", required = true)]
    lines: Vec<String>,
    /// Mail the notices of any reply owed from before and played now
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
    let written: Vec<Vec<String>> = args.lines.iter().map(|l| moves_of(l)).collect();
    let who = args.identity.who();
    let standing = recording
        .with_recorder(|r| r.add_lines(&file, &who, &written))
        .map_err(recording::recording_failure)?
        .map_err(not_kept)?;
    let shown = (|| -> Result<()> {
        writeln!(out, "{}'s conditional lines:", standing.side.title())?;
        for line in &standing.lines {
            writeln!(out, "  {line}")?;
        }
        Ok(out.flush()?)
    })();
    recording::finish(
        recording,
        &args.file,
        "the lines",
        shown,
        printer.said_out(),
    )
}
