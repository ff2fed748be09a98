//! `dynamo verify`.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::Game;

use super::files::game_files;
use super::load::{Bar, Flow, Jobs, each_in_order};
use super::report::half_moves;
use crate::exit::Exit;
use dynamo::services::CatchUp;

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
    #[command(flatten)]
    jobs: Jobs,
}

pub(crate) fn execute(
    args: Args,
    config: &Config,
    catch_up: &CatchUp,
    out: &mut impl Write,
) -> Result<Exit> {
    let files = game_files(config, &args.paths)?;
    catch_up.before_reading(&files);
    // Each file's line is written as soon as it and those before it are
    // replayed, and nothing else of the game is kept: memory stays flat
    // however many files there are. On a terminal the lines are the
    // progress, shown as they come; elsewhere they go out in large
    // writes, and a terminal on standard error gets the bar.
    let live = io::stdout().is_terminal();
    let bar = if live { Bar::Never } else { Bar::Auto };
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut bad = 0;
    let failures_only = args.failures_only;
    each_in_order(
        &files,
        args.jobs,
        bar,
        |_, game| summary(&game),
        |path, result| {
            match result {
                Ok(_) if failures_only => return Ok(Flow::Next),
                Ok(summary) => writeln!(out, "{}: ok, {summary}", path.display())?,
                Err(e) => {
                    bad += 1;
                    // The error names the file itself.
                    writeln!(out, "{e}")?;
                }
            }
            if live {
                out.flush()?;
            }
            Ok(Flow::Next)
        },
    )?;
    writeln!(
        out,
        "{} file{}: {} ok, {bad} bad",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        files.len() - bad
    )?;
    out.flush()?;
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
