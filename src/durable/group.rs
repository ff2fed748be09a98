//! Group commit: the durable writes of a batch flushed together, not one
//! by one.
//!
//! Outside a batch every [`write_atomic`](super::write_atomic),
//! [`rename`](super::rename) and [`remove`](super::remove) flushes its
//! file and its folder before it returns: two to four flushes each, and
//! a message of the inbox makes about ten such writes. Inside a batch
//! ([`Batch::begin`]), in the thread that opened it (writes of other
//! threads flush as outside one):
//!
//! - a write that **replaces** a file (a game file, a queued notice
//!   rewritten) first flushes everything written before it, then its own
//!   new content, then renames: the old file or the whole new one after
//!   a crash, as outside a batch;
//! - a write of a **new** file, a rename and a removal do not flush: the
//!   next flush (the next replacing write's, or [`Batch::flush`]) makes
//!   them durable, folders included;
//! - [`Batch::flush`] makes everything written since the last flush
//!   durable.
//!
//! How a flush is done is the batch's [`Flush`]: `fsync` of each file
//! written and each folder whose entries changed since the last flush,
//! once each ([`Flush::Files`]), or one `syncfs` of the file system
//! ([`Flush::FileSystem`]), which also writes out every other program's
//! unwritten data on that disk and so waits for it. The reference's
//! "Flushing a batch" says when to pick which, with the figures.
//!
//! So the caller decides the points at which everything written before
//! is on disk, and writes what depends on it only after. The inbox's
//! order and why it keeps each message exactly once are in
//! `inbox/batch.rs`. A process killed inside a batch loses nothing it
//! wrote (the system has it); only the machine's crash or power loss
//! can undo what was written since the last flush, and never half a
//! file that replaced another. A new file written since the last flush
//! may come back empty after a power loss; its readers take it so (an
//! inbox note that does not read is still a mail handled, a notice that
//! does not read is reported and its mail handled again).
//!
//! Where the system has no `syncfs` (not Linux), [`Flush::FileSystem`]
//! flushes as [`Flush::Files`].

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fs::File;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::error::FileError;

/// How a batch's writes are made durable at each of its flushes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Flush {
    /// `fsync` of each file written and each folder changed since the
    /// last flush: only this program's data, but about seven calls a
    /// message of the inbox.
    Files,
    /// One `syncfs` of each file system written to: about one call a
    /// message of the inbox, but each waits for every program's
    /// unwritten data on that disk.
    #[default]
    FileSystem,
}

impl Flush {
    /// Its name in the config: `files` or `filesystem`.
    pub fn name(self) -> &'static str {
        match self {
            Flush::Files => "files",
            Flush::FileSystem => "filesystem",
        }
    }
}

/// The most files a batch keeps open to flush: a batch that wrote more
/// is flushed then and there (flushing early never breaks the order), so
/// that a batch never holds more than this many descriptors.
const MAX_OPEN_FILES: usize = 256;

/// What was written since the last flush, while a batch is open.
struct Open {
    flush: Flush,
    /// The files written, by their handles (a file renamed since, a
    /// notice moved from state to state, is flushed all the same), each
    /// with the name it was written under, for an error.
    files: Vec<(PathBuf, File)>,
    /// The folders whose entries changed.
    folders: BTreeSet<PathBuf>,
}

impl Open {
    /// Flushes what it holds, leaving it empty.
    fn flush(&mut self) -> Result<(), FileError> {
        let files = std::mem::take(&mut self.files);
        let folders = std::mem::take(&mut self.folders);
        match self.flush {
            Flush::Files => flush_each(files, &folders),
            Flush::FileSystem => flush_file_systems(&folders),
        }
    }
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

/// Calls `f` with the open batch, if a batch is open.
fn with_open<T>(f: impl FnOnce(Option<&mut Open>) -> T) -> T {
    OPEN.with(|open| f(open.borrow_mut().as_mut()))
}

/// A batch of this process's writes, flushed together; closed (and
/// flushed, as far as it goes) when dropped.
#[derive(Debug)]
pub struct Batch {
    _open: (),
}

impl Batch {
    /// Opens a batch whose flushes are done as `flush` says: until it is
    /// dropped, this thread's writes are grouped (see the module).
    pub fn begin(flush: Flush) -> Batch {
        let flush = match flush {
            Flush::FileSystem if !cfg!(target_os = "linux") => Flush::Files,
            other => other,
        };
        OPEN.with(|open| {
            *open.borrow_mut() = Some(Open {
                flush,
                files: Vec::new(),
                folders: BTreeSet::new(),
            })
        });
        Batch { _open: () }
    }

    /// Makes everything written in the batch so far durable.
    pub fn flush(&self) -> Result<(), FileError> {
        with_open(|open| open.map_or(Ok(()), Open::flush))
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        // A batch left on an error: what it wrote is flushed if it can
        // be; the caller has reported the error, and nothing after it
        // depended on this flush.
        let _ = self.flush();
        OPEN.with(|open| *open.borrow_mut() = None);
    }
}

/// Whether a batch is open: the caller notes `folder` as changed and
/// leaves its flush to the batch. `false`: flush it now.
pub(super) fn defer(folder: &Path) -> bool {
    with_open(|open| match open {
        Some(open) => {
            open.folders.insert(folder.to_path_buf());
            true
        }
        None => false,
    })
}

/// Whether a batch is open: the caller's new `file` in `folder`, about to
/// be renamed to `path`, is left to the batch's next flush. `false`:
/// flush it now.
pub(super) fn defer_file(folder: &Path, path: &Path, file: &File) -> Result<bool, FileError> {
    with_open(|open| {
        let Some(open) = open else {
            return Ok(false);
        };
        open.folders.insert(folder.to_path_buf());
        if open.flush == Flush::Files {
            let kept = file.try_clone().map_err(|e| FileError::new(path, e))?;
            open.files.push((path.to_path_buf(), kept));
            if open.files.len() >= MAX_OPEN_FILES {
                open.flush()?;
            }
        }
        Ok(true)
    })
}

/// In a batch, flushes everything written so far and then `file`, the
/// new content about to replace a file in `folder`: all of it reaches the
/// disk before the rename that makes it count. `Ok(false)` outside a
/// batch.
pub(super) fn flush_before_replace(folder: &Path, file: &File) -> Result<bool, FileError> {
    with_open(|open| {
        let Some(open) = open else {
            return Ok(false);
        };
        match open.flush {
            Flush::Files => {
                open.flush()?;
                file.sync_all().map_err(|e| FileError::new(folder, e))?;
            }
            // One syncfs covers the new content with the rest.
            Flush::FileSystem => {
                open.folders.insert(folder.to_path_buf());
                open.flush()?;
            }
        }
        Ok(true)
    })
}

/// `fsync` of each of `files`, then of each of `folders`: the files'
/// content before the names that lead to it.
fn flush_each(files: Vec<(PathBuf, File)>, folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    for (path, file) in files {
        file.sync_all().map_err(|e| FileError::new(&path, e))?;
    }
    for folder in folders {
        sync_folder_now(folder)?;
    }
    Ok(())
}

/// Makes the renames and removals in `folder` durable now.
#[cfg(unix)]
pub(super) fn sync_folder_now(folder: &Path) -> Result<(), FileError> {
    File::open(folder)
        .and_then(|f| f.sync_all())
        .map_err(|e| FileError::new(folder, e))
}

/// Makes the renames and removals in `folder` durable.
#[cfg(not(unix))]
pub(super) fn sync_folder_now(_folder: &Path) -> Result<(), FileError> {
    // Folders cannot be opened as files here; the rename is as durable as
    // the platform makes it.
    Ok(())
}

/// One `syncfs` for each file system holding one of `folders`.
#[cfg(target_os = "linux")]
pub(super) fn flush_file_systems(folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    use std::os::unix::fs::MetadataExt;
    let mut devices = BTreeSet::new();
    for folder in folders {
        let file = File::open(folder).map_err(|e| FileError::new(folder, e))?;
        let device = file
            .metadata()
            .map_err(|e| FileError::new(folder, e))?
            .dev();
        if devices.insert(device) {
            rustix::fs::syncfs(&file).map_err(|e| FileError::new(folder, e.into()))?;
        }
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
pub(super) fn flush_file_systems(folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    // Batch::begin never opens a batch of this kind here.
    flush_each(Vec::new(), folders)
}
