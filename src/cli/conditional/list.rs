//! `dynamo conditional list`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::recorder::Recorder;
use serde_json::json;

use super::given::not_kept;
use crate::cli::{failure, store};
use crate::exit::Exit;

/// List both players' conditional lines in a game, for the director:
/// those standing, and those that ended, with why. Changes nothing.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
    /// Print one JSON object: `{"game": …, "players": [{"side", "lines",
    /// "ended"}]}`.
    #[arg(long)]
    json: bool,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let file = GameFile::existing(&args.file).map_err(failure::game)?;
    let recorder = Recorder::configured(&config.recorder(store::lock_wait()?));
    let all = recorder.standing(&file).map_err(not_kept)?;
    if args.json {
        let players: Vec<_> = all
            .iter()
            .map(|s| {
                json!({
                    "side": s.side.title().to_lowercase(),
                    "lines": s.lines,
                    "ended": s.ended,
                })
            })
            .collect();
        let value = json!({"game": args.file.display().to_string(), "players": players});
        writeln!(out, "{value}")?;
        return Ok(Exit::Ok);
    }
    if all.is_empty() {
        writeln!(out, "no conditional lines")?;
    }
    for standing in &all {
        match &standing.ended {
            Some(why) => writeln!(out, "{}: ended ({why}):", standing.side.title())?,
            None => writeln!(out, "{}:", standing.side.title())?,
        }
        for line in &standing.lines {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(Exit::Ok)
}
