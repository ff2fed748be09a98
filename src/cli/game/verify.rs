//! `dynamo verify`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Game;

use super::files::{game_files, load_with_progress};
use super::report::half_moves;
use crate::exit::Exit;

/// Replay every game file (default: the games folder) and report each,
/// then a count; exit 1 if any is bad.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Game files, and folders searched for `*.pgn` (default: the config's
    /// `games_dir`).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Print only the bad files and the count, not an `ok` line a game.
    #[arg(long)]
    failures_only: bool,
}

pub(crate) fn execute(args: Args, config: &Config, out: &mut impl Write) -> Result<Exit> {
    let files = game_files(config, &args.paths)?;
    let results = load_with_progress(&files);
    let mut bad = 0;
    for (path, result) in files.iter().zip(&results) {
        match result {
            Ok(_) if args.failures_only => {}
            Ok(game) => writeln!(out, "{}: ok, {}", path.display(), summary(game))?,
            Err(e) => {
                bad += 1;
                // The error names the file itself.
                writeln!(out, "{e}")?;
            }
        }
    }
    writeln!(
        out,
        "{} file{}: {} ok, {bad} bad",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        files.len() - bad
    )?;
    Ok(if bad > 0 { Exit::Rejected } else { Exit::Ok })
}

/// `12 half-moves, White to move`, or the result and its reason.
fn summary(game: &Game) -> String {
    let plies = half_moves(game);
    match game.ending() {
        Some(o) => format!("{plies}, {} ({})", o.outcome, o.reason),
        None => format!("{plies}, {} to move", game.position().turn().title()),
    }
}
