//! Files that survive a crash: exclusive locks, atomic replacement and
//! durable renames, with one error policy. The game store and the outbox
//! both write through here.
//!
//! Every step's failure is returned, fsync included: a write that may not
//! be on disk is not reported as done. The one exception is a platform
//! where a folder cannot be opened for syncing (not Unix), where a rename
//! is as durable as the platform makes it.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file operation that failed, with the path it failed on.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct FileError {
    /// The file or folder the operation was on.
    pub path: PathBuf,
    /// What the system said.
    #[source]
    pub source: io::Error,
}

impl FileError {
    /// Wraps an I/O error with the path it concerns.
    pub fn new(path: &Path, source: io::Error) -> FileError {
        FileError {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// An exclusive lock on a lock file, held until dropped.
///
/// The lock file is never replaced or removed: a lock on a file that a
/// rename replaces would be lost, since a racer that opened the old inode
/// would lock a file no longer in the folder.
#[derive(Debug)]
pub struct FileLock {
    // Closing the file releases the lock: dropping the lock is enough.
    _file: File,
}

impl FileLock {
    /// Waits for and takes the exclusive lock on `path`, creating the file
    /// if needed.
    pub fn acquire(path: &Path) -> Result<FileLock, FileError> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(|e| FileError::new(path, e))?;
        file.lock().map_err(|e| FileError::new(path, e))?;
        Ok(FileLock { _file: file })
    }
}

/// The folder a path lives in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Replaces the file at `path` with `bytes`: a temporary file in the same
/// folder, flushed to disk, renamed over the old one, and the folder
/// flushed so that the rename itself survives a crash. On failure the
/// old file is untouched and the temporary file is removed. Call it only
/// while holding the lock that guards `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let folder = folder_of(path);
    let mut tmp_name = OsString::from(".");
    tmp_name.push(path.file_name().unwrap_or_default());
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = folder.join(tmp_name);
    let written = (|| {
        let mut file = File::create(&tmp).map_err(|e| FileError::new(&tmp, e))?;
        file.write_all(bytes).map_err(|e| FileError::new(&tmp, e))?;
        file.sync_all().map_err(|e| FileError::new(&tmp, e))?;
        drop(file);
        fs::rename(&tmp, path).map_err(|e| FileError::new(path, e))
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
        return written;
    }
    sync_folder(folder)
}

/// Moves `from` to `to` (in the same file system) and flushes both
/// folders, so that after a crash the file is in exactly one of them.
pub fn rename(from: &Path, to: &Path) -> Result<(), FileError> {
    fs::rename(from, to).map_err(|e| FileError::new(from, e))?;
    sync_folder(folder_of(to))?;
    if folder_of(from) != folder_of(to) {
        sync_folder(folder_of(from))?;
    }
    Ok(())
}

/// Removes `path` and flushes its folder.
pub fn remove(path: &Path) -> Result<(), FileError> {
    fs::remove_file(path).map_err(|e| FileError::new(path, e))?;
    sync_folder(folder_of(path))
}

/// Makes the renames and removals in `folder` durable.
#[cfg(unix)]
fn sync_folder(folder: &Path) -> Result<(), FileError> {
    File::open(folder)
        .and_then(|f| f.sync_all())
        .map_err(|e| FileError::new(folder, e))
}

/// Makes the renames and removals in `folder` durable.
#[cfg(not(unix))]
fn sync_folder(_folder: &Path) -> Result<(), FileError> {
    // Folders cannot be opened as files here; the rename is as durable as
    // the platform makes it.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_atomic_replaces_and_leaves_no_temporary_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("g.pgn");
        write_atomic(&path, b"one").expect("first write");
        write_atomic(&path, b"two").expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(tmp.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, [OsString::from("g.pgn")]);
    }

    #[test]
    fn a_failed_write_names_the_path_and_keeps_the_old_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let missing = tmp.path().join("no-such-folder").join("g.pgn");
        let err = write_atomic(&missing, b"x").expect_err("no folder");
        assert!(err.path.starts_with(tmp.path().join("no-such-folder")));
    }

    #[test]
    fn rename_moves_between_folders() {
        let tmp = tempfile::tempdir().expect("tempdir");
        fs::create_dir(tmp.path().join("sent")).expect("mkdir");
        let from = tmp.path().join("a.json");
        let to = tmp.path().join("sent").join("a.json");
        fs::write(&from, "{}").expect("write");
        rename(&from, &to).expect("rename");
        assert!(!from.exists() && to.exists());
    }
}
