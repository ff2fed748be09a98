//! Writing game files safely: one writer at a time, and a file on disk
//! that is always either the old record or the new one.
//!
//! Writers lock `FILE.lock`, a separate file that is never replaced: a lock
//! on the game file itself would be lost on rename, since a racer that
//! opened the old inode before the rename would lock a file no longer in
//! the folder and go on to overwrite the newer record.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::GameError;

/// An exclusive lock on one game file, held until dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
    path: PathBuf,
}

impl Lock {
    /// The lock file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `games/x.pgn` → `games/x.pgn.lock`.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

fn io_error(path: &Path, source: io::Error) -> GameError {
    GameError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Waits for and takes the exclusive lock on the game file at `path`.
pub fn lock(path: &Path) -> Result<Lock, GameError> {
    let lock_path = lock_path(path);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| io_error(&lock_path, e))?;
    file.lock().map_err(|e| io_error(&lock_path, e))?;
    Ok(Lock {
        _file: file,
        path: lock_path,
    })
}

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Replaces the file at `path` with `text`: a temporary file in the same
/// folder, flushed to disk, renamed over the old one, and the folder
/// flushed so that the rename itself survives a crash. Call it only while
/// holding the [`Lock`].
pub fn write_atomic(path: &Path, text: &str) -> Result<(), GameError> {
    let folder = folder_of(path);
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(path.file_name().unwrap_or_default());
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = folder.join(tmp_name);
    let result = (|| {
        let mut file = File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
        file.write_all(text.as_bytes())
            .map_err(|e| io_error(&tmp, e))?;
        file.sync_all().map_err(|e| io_error(&tmp, e))?;
        drop(file);
        fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
        return result;
    }
    sync_folder(folder).map_err(|e| io_error(folder, e))
}

#[cfg(unix)]
fn sync_folder(folder: &Path) -> io::Result<()> {
    File::open(folder)?.sync_all()
}

#[cfg(not(unix))]
fn sync_folder(_folder: &Path) -> io::Result<()> {
    // Folders cannot be opened as files here; the rename is as durable as
    // the platform makes it.
    Ok(())
}
