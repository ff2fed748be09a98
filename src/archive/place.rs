//! Where a file is in the archive: its path resolved as far as it
//! exists, so that a game named through a link, a relative path, or a
//! folder not yet renamed into place has one place in the record.

use std::path::{Path, PathBuf};

/// `path` made absolute with every link resolved, as far as it exists:
/// a file about to be made (a section's games before its folder is
/// renamed into place) keeps the rest of its path as given.
pub(super) fn resolved(path: &Path) -> PathBuf {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    let mut rest = Vec::new();
    let mut at = absolute.as_path();
    loop {
        if let Ok(real) = std::fs::canonicalize(at) {
            return rest.iter().rev().fold(real, |p, name| p.join(name));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                at = parent;
            }
            _ => return absolute,
        }
    }
}
