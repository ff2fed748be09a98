//! Finding game files, and loading many of them at once for the commands
//! that need them all together (`leave`); `verify`, `games` and
//! `standings` take them one at a time in order (`load.rs`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use dynamo::config::Config;
use dynamo::game::{Game, GameError, folder};

use super::load::{Bar, Flow, Jobs, each_in_order};
use crate::exit::{Exit, Failure};

/// The game files under `paths` (default: the config's games folder):
/// files as given, folders searched for `*.pgn`, sorted. A missing games
/// folder, and no game file at all, are bad input (2) that says what to
/// do, for every command that lists games.
pub(crate) fn game_files(config: &Config, paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let defaults = [config.games_dir.clone()];
    let paths = if paths.is_empty() {
        let folder = &config.games_dir;
        if !folder.is_dir() {
            let what = if folder.exists() {
                "is not a folder"
            } else {
                "does not exist"
            };
            return Err(Failure::new(
                Exit::Usage,
                format!(
                    "the games folder {} (games_dir in the config) {what}; {}, \
                     set games_dir in dynamo.toml, or name the game files",
                    folder.display(),
                    start_one(folder)
                ),
            )
            .into());
        }
        &defaults[..]
    } else {
        paths
    };
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(
                folder::pgn_files(path)
                    .with_context(|| format!("reading folder {}", path.display()))?,
            );
        } else {
            // A missing file is reported by the replay, with the others.
            files.push(path.clone());
        }
    }
    if files.is_empty() {
        // Only folders were searched, and none holds a game.
        let folders: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let start = paths.first().map(|p| start_one(p)).unwrap_or_default();
        return Err(Failure::new(
            Exit::Usage,
            format!(
                "no game files (*.pgn) in {}; {start} or name the game files",
                folders.join(", "),
            ),
        )
        .into());
    }
    Ok(files)
}

/// What to do to start a game in `folder`.
fn start_one(folder: &Path) -> String {
    format!(
        "start a game with 'dynamo new {} --white … --black …'",
        folder.join("NAME.pgn").display()
    )
}

/// Loads the files, drawing a progress bar on standard error while it
/// works if that is a terminal and there are many files. The results are
/// in the order of `files`.
pub(crate) fn load_with_progress(files: &[PathBuf]) -> Vec<Result<Game, GameError>> {
    load_map_with_progress(files, |_, game| game)
}

/// As [`load_with_progress`], keeping of each game only what `keep`
/// takes from it, on the thread that loaded it: a command that needs a
/// few facts of ten thousand games does not hold ten thousand games.
pub(crate) fn load_map_with_progress<T: Send>(
    files: &[PathBuf],
    keep: impl Fn(&Path, Game) -> T + Sync,
) -> Vec<Result<T, GameError>> {
    let mut results = Vec::with_capacity(files.len());
    // Collecting never fails nor stops.
    let _ = each_in_order(files, Jobs::default(), Bar::Auto, keep, |_, result| {
        results.push(result);
        Ok(Flow::Next)
    });
    results
}
