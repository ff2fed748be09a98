//! The game files of a folder, for every reader of a games folder (the
//! commands that list games, the inbox that looks for one): the `*.pgn`
//! files under it, sub-folders included, in name order. Hidden entries (a
//! name starting with `.`) are left out: a section being built
//! (`.NAME.new/`), a temporary file, or the director's own attic is no
//! game of the tournament.

use std::io;
use std::path::{Path, PathBuf};

/// The `*.pgn` files under `dir`, sorted. A sub-folder removed while it
/// is read holds no game; any other failure is the caller's.
pub fn pgn_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    collect(dir, &mut files, true)?;
    files.sort();
    Ok(files)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>, top: bool) -> io::Result<()> {
    let entries = match std::fs::read_dir(dir) {
        Err(e) if !top && e.kind() == io::ErrorKind::NotFound => return Ok(()),
        other => other?,
    };
    for entry in entries {
        let entry = entry?;
        if entry.file_name().as_encoded_bytes().starts_with(b".") {
            continue;
        }
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect(&path, files, false)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_folders_and_files_hold_no_game() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        for name in [
            "b.pgn",
            "a.PGN",
            "notes.txt",
            ".c.pgn",
            "s/r01-b01.pgn",
            ".s.new/r01-b01.pgn",
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
            std::fs::write(path, "").expect("written");
        }
        let found: Vec<String> = pgn_files(root)
            .expect("listed")
            .iter()
            .map(|p| p.strip_prefix(root).expect("inside").display().to_string())
            .collect();
        assert_eq!(found, ["a.PGN", "b.pgn", "s/r01-b01.pgn"]);
    }
}
