//! A games folder as the pages read it: its game files and its section
//! files, and the games loaded on every core.

use std::path::{Path, PathBuf};

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

/// Each of `paths` replayed, on every core, in their order. A game that
/// does not replay stops the build: its section's standings would be
/// wrong.
pub fn load_games(paths: &[&Path]) -> Result<Vec<Game>, SiteError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = paths.len().div_ceil(threads).max(1);
    let parts: Vec<Result<Vec<Game>, SiteError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = paths
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|p| load(p)).collect()))
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    Err(SiteError::Read {
                        path: PathBuf::new(),
                        why: "a thread reading games failed".to_string(),
                    })
                })
            })
            .collect()
    });
    let mut games = Vec::with_capacity(paths.len());
    for part in parts {
        games.extend(part?);
    }
    Ok(games)
}

/// One game, replayed.
pub fn load(path: &Path) -> Result<Game, SiteError> {
    Game::load(path).map_err(|e| SiteError::Game {
        path: path.to_path_buf(),
        why: e.to_string(),
    })
}
