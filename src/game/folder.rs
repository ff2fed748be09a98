//! The game files of a folder, for every reader of a games folder (the
//! commands that list games, the inbox that looks for one): the `*.pgn`
//! files under it, sub-folders included, in name order. Hidden entries (a
//! name starting with `.`) are left out: a section being built
//! (`.NAME.new/`), a temporary file, or the director's own attic is no
//! game of the tournament.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

/// The `*.pgn` files under `dir`, sorted. A sub-folder removed while it
/// is read holds no game; any other failure is the caller's.
pub fn pgn_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    collect(dir, &mut files, true)?;
    Ok(files)
}

/// Adds the game files under `dir` in the order of their paths: each
/// folder's entries sorted by name, a sub-folder's files in its place.
/// That is how paths compare (name by name), and a sort of 100,000
/// paths, each compared name by name from the root, cost a third of a
/// second on one core before the files were read.
fn collect(dir: &Path, files: &mut Vec<PathBuf>, top: bool) -> io::Result<()> {
    let entries = match std::fs::read_dir(dir) {
        Err(e) if !top && e.kind() == io::ErrorKind::NotFound => return Ok(()),
        other => other?,
    };
    let mut names: Vec<(OsString, bool)> = Vec::new();
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        if name.as_encoded_bytes().starts_with(b".") {
            continue;
        }
        let folder = entry.file_type()?.is_dir();
        let game = Path::new(&name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        if folder || game {
            names.push((name, folder));
        }
    }
    names.sort_unstable_by(|(a, _), (b, _)| a.as_encoded_bytes().cmp(b.as_encoded_bytes()));
    for (name, folder) in names {
        let path = dir.join(name);
        if folder {
            collect(&path, files, false)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary folder holding an empty file at each of `names`.
    fn laid_out(names: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a folder");
        for name in names {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
            std::fs::write(path, "").expect("written");
        }
        dir
    }

    #[test]
    fn hidden_folders_and_files_hold_no_game() {
        let dir = laid_out(&[
            "b.pgn",
            "a.PGN",
            "notes.txt",
            ".c.pgn",
            "s/r01-b01.pgn",
            ".s.new/r01-b01.pgn",
        ]);
        let root = dir.path();
        let found: Vec<String> = pgn_files(root)
            .expect("listed")
            .iter()
            .map(|p| p.strip_prefix(root).expect("inside").display().to_string())
            .collect();
        assert_eq!(found, ["a.PGN", "b.pgn", "s/r01-b01.pgn"]);
    }

    /// Each folder's names sorted, sub-folders in their place, is the
    /// order of the paths sorted: a folder `a` before a file `a.pgn` and
    /// `a-b.pgn` (paths compare name by name, not byte by byte).
    #[test]
    fn the_order_is_the_paths_order() {
        let dir = laid_out(&[
            "a.pgn",
            "a-b.pgn",
            "a/z.pgn",
            "a/b/c.pgn",
            "a/b.pgn",
            "B.pgn",
            "g10.pgn",
            "g2.pgn",
            "é.pgn",
            "x.pgn/inside.pgn",
        ]);
        let found = pgn_files(dir.path()).expect("listed");
        let mut sorted = found.clone();
        sorted.sort();
        assert_eq!(found, sorted);
        assert_eq!(found.len(), 10);
    }
}
