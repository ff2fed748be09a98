//! Folders made once a process: the inbox and the outbox make theirs
//! before each write, and a run over a thousand messages asked the system
//! to make the same few folders tens of thousands of times (the defect
//! "a mkdir of every folder for every message").

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::error::FileError;

/// The folders this process has made or found.
fn made() -> &'static Mutex<HashSet<PathBuf>> {
    static MADE: OnceLock<Mutex<HashSet<PathBuf>>> = OnceLock::new();
    MADE.get_or_init(Mutex::default)
}

/// Makes `folder` and its parents unless this process made or found them
/// before. A folder removed since (by hand, while a run goes on) makes
/// the next write in it fail with its path, as before it was made.
pub fn make_dirs(folder: &Path) -> Result<(), FileError> {
    let known = |set: &HashSet<PathBuf>| set.contains(folder);
    if made().lock().is_ok_and(|set| known(&set)) {
        return Ok(());
    }
    fs::create_dir_all(folder).map_err(|e| FileError::new(folder, e))?;
    if let Ok(mut set) = made().lock() {
        set.insert(folder.to_path_buf());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_made_once_and_found_after() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let folder = tmp.path().join("a/b");
        make_dirs(&folder).expect("made");
        assert!(folder.is_dir());
        make_dirs(&folder).expect("known");
        let file = tmp.path().join("file");
        fs::write(&file, "x").expect("write");
        assert!(make_dirs(&file.join("under")).is_err());
    }
}
