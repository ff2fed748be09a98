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
    let Ok(entries) = std::fs::read_dir(games_dir) else {
        return HashSet::new();
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with('.') && name.contains(DELETED)
        })
        .filter_map(|e| peek::ids_in(&e.path()).ok())
        .flatten()
        .collect()
}
