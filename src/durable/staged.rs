//! Many files replaced together and made durable at once: each new
//! content written to its temporary file, unflushed; then one flush of
//! them all (one `syncfs` of each file system written to, as a batch of
//! the inbox under `inbox_flush = filesystem` flushes); then each renamed
//! over its file; then one flush of the renames. Two flushes for any
//! number of files, where [`write_atomic`](super::write_atomic) makes two
//! a file.
//!
//! A kill at any point leaves each file old or new, never torn: nothing
//! is renamed before every new content is on disk. What a kill leaves
//! are temporary files (`.NAME.tmpPID`, as every write's), which
//! [`remove_dead_temps`](super::remove_dead_temps) removes once their
//! writer is gone. Where the system has no `syncfs` (not Linux), each
//! temporary file is flushed with `fsync`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::crash::crash_point;
use super::error::FileError;
use super::group::{flush_file_systems, sync_folder_now};
use super::write::{folder_of, write_unflushed};

/// Files written but not yet renamed into place; usable from many
/// threads at once.
#[derive(Debug, Default)]
pub struct Staged {
    /// Each temporary file and the file it replaces.
    files: Mutex<Vec<(PathBuf, PathBuf)>>,
}

impl Staged {
    /// Nothing staged yet.
    pub fn new() -> Staged {
        Staged::default()
    }

    /// Writes `bytes` as the new content of `path`, which stays as it is
    /// until [`Staged::commit`]; the temporary file's path, for its mode
    /// to be set before it takes `path`'s place. Call it only while
    /// holding the lock that guards `path`, as
    /// [`write_atomic`](super::write_atomic).
    pub fn write(&self, path: &Path, bytes: &[u8]) -> Result<PathBuf, FileError> {
        let tmp = write_unflushed(path, bytes)?;
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        files.push((tmp.clone(), path.to_path_buf()));
        Ok(tmp)
    }

    /// Makes every file staged durable, renames each into place, and makes
    /// the renames durable. On an error the files not yet renamed keep
    /// their old content and their temporary files are removed.
    pub fn commit(self) -> Result<(), FileError> {
        let files = self.files.into_inner().unwrap_or_else(|e| e.into_inner());
        if files.is_empty() {
            return Ok(());
        }
        let folders: BTreeSet<PathBuf> = files
            .iter()
            .map(|(_, path)| folder_of(path).to_path_buf())
            .collect();
        let done = flush(&files, &folders);
        crash_point("pages-flushed");
        let mut renamed = 0;
        let done = done.and_then(|()| {
            for (tmp, path) in &files {
                fs::rename(tmp, path).map_err(|e| FileError::new(path, e))?;
                renamed += 1;
                crash_point("page-renamed");
            }
            flush(&[], &folders)
        });
        if done.is_err() {
            for (tmp, _) in &files[renamed..] {
                let _ = fs::remove_file(tmp);
            }
        }
        done
    }
}

/// Makes `files` (each temporary file first) and the entries of
/// `folders` durable.
fn flush(files: &[(PathBuf, PathBuf)], folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    if cfg!(target_os = "linux") {
        return flush_file_systems(folders);
    }
    for (tmp, _) in files {
        fs::File::open(tmp)
            .and_then(|f| f.sync_all())
            .map_err(|e| FileError::new(tmp, e))?;
    }
    for folder in folders {
        sync_folder_now(folder)?;
    }
    Ok(())
}
