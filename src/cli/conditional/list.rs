//! `dynamo conditional list`.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::recorder::Recorder;
use dynamo::recorder::conditional::Standing;
use dynamo_core::Color;
use serde::Serialize;

use super::given::not_kept;
use crate::cli::support::printer::{Printer, Report};
use crate::cli::support::{failure, store};
use crate::exit::Exit;

/// List both players' conditional lines in a game, for the director:
/// those standing, and those that ended, with why. Changes nothing.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The game file.
    file: PathBuf,
}

/// Both players' lines: in words, or one JSON object `{"game": …,
/// "players": [{"ended", "lines", "side"}]}`.
#[derive(Serialize)]
struct Listed {
    game: String,
    players: Vec<Lines>,
}

/// One player's lines. The keys are in the order JSON scripts have read
/// them since the command had JSON: alphabetical.
#[derive(Serialize)]
struct Lines {
    ended: Option<String>,
    lines: Vec<String>,
    #[serde(serialize_with = "side_name")]
    side: Color,
}

/// A side as JSON names it: `white`, `black`.
fn side_name<S: serde::Serializer>(side: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side.name())
}

impl From<Standing> for Lines {
    fn from(s: Standing) -> Lines {
        Lines {
            ended: s.ended,
            lines: s.lines,
            side: s.side,
        }
    }
}

impl fmt::Display for Listed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.players.is_empty() {
            writeln!(f, "no conditional lines")?;
        }
        for player in &self.players {
            let side = player.side.title();
            match &player.ended {
                Some(why) => writeln!(f, "{side}: ended ({why}):")?,
                None => writeln!(f, "{side}:")?,
            }
            for line in &player.lines {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}

impl Report for Listed {
    const ONE_LINE: bool = true;
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let file = GameFile::existing(&args.file).map_err(failure::game)?;
    let recorder = Recorder::configured(&config.recorder(store::lock_wait()?));
    let all = recorder.standing(&file).map_err(not_kept)?;
    let listed = Listed {
        game: args.file.display().to_string(),
        players: all.into_iter().map(Lines::from).collect(),
    };
    printer.out(&listed, out)?;
    Ok(Exit::Ok)
}
