//! A games folder as the pages read it: its game files and its section
//! files, and work over its games on every core.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::cache::Cache;
use super::club::{relative, section_folders};
use super::error::SiteError;
use crate::game::Game;
use crate::game::folder::pgn_files;
use crate::tournament::{SECTION_FILE, Section};

/// The largest section file read (a section of the largest size is far
/// smaller).
const MAX_SECTION_BYTES: u64 = 4 << 20;

/// A games folder's files.
#[derive(Debug, Clone, Default)]
pub struct Folder {
    /// Each game file and its path under the folder (`/`-separated), in
    /// path order.
    pub games: Vec<(PathBuf, String)>,
    /// Each section's folder, its path under the games folder, and its
    /// section file's text, by name.
    pub sections: Vec<(PathBuf, String, String)>,
}

impl Folder {
    /// The files of `games_dir`.
    pub fn read(games_dir: &Path) -> Result<Folder, SiteError> {
        let io = |e: std::io::Error| SiteError::Read {
            path: games_dir.to_path_buf(),
            why: e.to_string(),
        };
        let games = pgn_files(games_dir)
            .map_err(io)?
            .into_iter()
            .map(|path| {
                let file = relative(games_dir, &path);
                (path, file)
            })
            .collect();
        let mut sections = Vec::new();
        for folder in section_folders(games_dir).map_err(io)? {
            let path = folder.join(SECTION_FILE);
            let bytes = crate::durable::read_regular(&path, MAX_SECTION_BYTES).map_err(|e| {
                SiteError::Section {
                    path: folder.clone(),
                    why: e.to_string(),
                }
            })?;
            let text = String::from_utf8(bytes).map_err(|_| SiteError::Section {
                path: folder.clone(),
                why: "not UTF-8 text".to_string(),
            })?;
            let rel = relative(games_dir, &folder);
            sections.push((folder, rel, text));
        }
        Ok(Folder { games, sections })
    }

    /// Each game file's path, in the folder's order.
    pub fn paths(&self) -> Vec<&Path> {
        self.games.iter().map(|(p, _)| p.as_path()).collect()
    }

    /// What each section file says: as the cache has it when the text is
    /// the one it read, else read now.
    pub fn parse_sections(
        &self,
        cache: Option<&Cache>,
    ) -> Result<Vec<(PathBuf, Section)>, SiteError> {
        self.sections
            .iter()
            .map(|(folder, rel, text)| {
                let known = cache
                    .and_then(|c| c.sections.get(rel))
                    .filter(|(t, _)| t == text)
                    .map(|(_, s)| s.clone());
                let section = match known {
                    Some(s) => s,
                    None => Section::parse(text, &folder.join(SECTION_FILE)).map_err(|e| {
                        SiteError::Section {
                            path: folder.clone(),
                            why: e.to_string(),
                        }
                    })?,
                };
                Ok((folder.clone(), section))
            })
            .collect()
    }
}

/// `work(i)` for each `i` in `0..n`, on every core, the results in the
/// order of `i` whatever the threads' timing. Each thread takes the next
/// index as it finishes one (games differ a hundredfold in length, so
/// equal shares would leave a core idle). On failures, the error of the
/// lowest index, the one a single thread would have met first: the
/// threads stop taking indices above it but finish those below.
pub fn each<T: Send>(
    n: usize,
    work: impl Fn(usize) -> Result<T, SiteError> + Sync,
) -> Result<Vec<T>, SiteError> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .min(n.max(1));
    let next = AtomicUsize::new(0);
    let limit = AtomicUsize::new(n);
    let parts: Vec<Vec<(usize, Result<T, SiteError>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= limit.load(Ordering::Relaxed) {
                            return done;
                        }
                        let result = work(i);
                        if result.is_err() {
                            limit.fetch_min(i, Ordering::Relaxed);
                        }
                        done.push((i, result));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    vec![(
                        0,
                        Err(SiteError::Read {
                            path: PathBuf::new(),
                            why: "a thread building the pages failed".to_string(),
                        }),
                    )]
                })
            })
            .collect()
    });
    let mut all: Vec<(usize, Result<T, SiteError>)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// One game, replayed.
pub fn load(path: &Path) -> Result<Game, SiteError> {
    Game::load(path).map_err(|e| SiteError::Game {
        path: path.to_path_buf(),
        why: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Whatever order the threads finish in (each item waits a while
    /// that has nothing to do with its place), the results come in the
    /// order of the items.
    #[test]
    fn work_on_every_core_keeps_the_order() {
        let wait = |i: usize| Duration::from_micros(((i * 7919) % 13) as u64 * 50);
        let done = each(200, |i| {
            std::thread::sleep(wait(i));
            Ok(i * 3)
        })
        .expect("no failure");
        assert_eq!(done, (0..200).map(|i| i * 3).collect::<Vec<_>>());
        assert!(each(0, Ok).expect("nothing to do").is_empty());
    }

    /// Of several failures, the one reported is the first in the items'
    /// order, as a single thread would meet it, however the threads ran.
    #[test]
    fn the_first_failure_in_order_is_reported() {
        for _ in 0..20 {
            let result = each(100, |i| {
                // The later failure takes no time, the others a while.
                std::thread::sleep(Duration::from_micros(if i == 90 { 0 } else { 200 }));
                if i == 40 || i == 90 {
                    Err(SiteError::Read {
                        path: PathBuf::from(format!("g{i}.pgn")),
                        why: "bad".to_string(),
                    })
                } else {
                    Ok(i)
                }
            });
            match result {
                Err(SiteError::Read { path, .. }) => assert_eq!(path, PathBuf::from("g40.pgn")),
                other => panic!("expected the failure of g40.pgn: {other:?}"),
            }
        }
    }
}
