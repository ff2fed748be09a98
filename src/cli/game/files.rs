//! Finding game files and loading many of them at once, for `verify` and
//! `games`.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result};
use dynamo::config::Config;
use dynamo::game::{Game, GameError, folder};

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

/// Above this many files, a terminal gets a progress bar.
const PROGRESS_FROM: usize = 20;

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
    crate::cli::conditional::owed::before_reading(files);
    let done = AtomicUsize::new(0);
    if files.len() < PROGRESS_FROM || !io::stderr().is_terminal() {
        return load_all(files, &done, &keep);
    }
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let total = files.len();
            loop {
                // Read the flag first: once it is set every file is counted,
                // so the last bar drawn is full.
                let last = finished.load(Ordering::Acquire);
                let n = done.load(Ordering::Acquire);
                let filled = n * 30 / total;
                // The bar is a courtesy: a standard error that cannot be
                // written to must not stop the loading.
                let _ = write!(
                    io::stderr(),
                    "\r[{}{}] {n}/{total}",
                    "#".repeat(filled),
                    ".".repeat(30 - filled)
                );
                if last {
                    let _ = writeln!(io::stderr());
                    break;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let results = load_all(files, &done, &keep);
        finished.store(true, Ordering::Release);
        results
    })
}

/// Loads every file, on all cores, results in the order of `files`.
/// `done` counts finished files for a progress bar.
fn load_all<T: Send>(
    files: &[PathBuf],
    done: &AtomicUsize,
    keep: &(impl Fn(&Path, Game) -> T + Sync),
) -> Vec<Result<T, GameError>> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len().max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<Result<T, GameError>>> = Vec::new();
    results.resize_with(files.len(), || None);
    let chunks: Vec<Vec<(usize, Result<T, GameError>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = files.get(i) else { break };
                        mine.push((i, Game::load(path).map(|game| keep(path, game))));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    for (i, r) in chunks.into_iter().flatten() {
        results[i] = Some(r);
    }
    // Every index below `files.len()` was taken by exactly one worker.
    results
        .into_iter()
        .map(|r| r.expect("every file loaded"))
        .collect()
}
