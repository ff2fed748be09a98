//! A section deleted before play (`dynamo tournament delete`): its folder
//! is set aside as `.NAME.deleted-TIME` in the games folder, by one
//! durable rename, rather than removed. Every reader of a games folder
//! passes hidden folders by, so the section is gone for the standings,
//! the overview, the inbox and the pages, and its name is free for a new
//! section; yet the record of what was cancelled stays for the director,
//! and the ids its games had (which name notices already sent) are never
//! given to a new game ([`deleted_ids`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::error::SectionError;
use crate::durable;
use crate::game::peek;

/// What marks a folder set aside.
const DELETED: &str = ".deleted-";

/// Sets the section `folder` aside in its games folder, at `now`; returns
/// where it went.
pub fn set_aside(folder: &Path, now: DateTime<Utc>) -> Result<PathBuf, SectionError> {
    let games_dir = folder.parent().unwrap_or(Path::new("."));
    let name = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = now.format("%Y%m%dT%H%M%SZ");
    let mut target = games_dir.join(format!(".{name}{DELETED}{stamp}"));
    let mut n = 1;
    while std::fs::symlink_metadata(&target).is_ok() {
        n += 1;
        target = games_dir.join(format!(".{name}{DELETED}{stamp}-{n}"));
    }
    durable::rename(folder, &target)?;
    Ok(target)
}

/// The game ids of every section set aside in `games_dir`: a new game
/// takes none of them, as notices of those games may have gone out under
/// them (their Message-IDs, and the outbox's record of them as sent, are
/// made from the id).
pub fn deleted_ids(games_dir: &Path) -> HashSet<String> {
    set_aside_sections(games_dir)
        .into_iter()
        .filter_map(|(_, aside)| peek::ids_in(&aside).ok())
        .flatten()
        .collect()
}

/// Every section set aside in `games_dir`: its name as it was, and the
/// folder it went to.
pub fn set_aside_sections(games_dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(games_dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let file_name = e.file_name();
            let hidden = file_name.to_str()?.strip_prefix('.')?;
            let (name, _) = hidden.rsplit_once(DELETED)?;
            Some((name.to_string(), e.path()))
        })
        .collect();
    found.sort();
    found
}

/// Where the game file `game` went when its section was deleted: the
/// set-aside folder of its section that holds a file of its name (the
/// latest, should the name have been deleted more than once). For the
/// words of a move that found its game gone: the section was cancelled.
pub fn cancelled_game(game: &Path) -> Option<PathBuf> {
    let file = game.file_name()?;
    let folder = game.parent().filter(|f| !f.as_os_str().is_empty())?;
    let name = folder.file_name()?.to_string_lossy().into_owned();
    let games_dir = match folder.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}{DELETED}");
    std::fs::read_dir(games_dir)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .filter(|aside| aside.join(file).is_file())
        .max()
}
