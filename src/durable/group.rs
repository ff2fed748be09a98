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
//!   rewritten) first flushes the file system (`syncfs`), the new
//!   content and every write before it, then renames: the old file or
//!   the whole new one after a crash, as outside a batch;
//! - a write of a **new** file, a rename and a removal do not flush: the
//!   next flush (the next replacing write's, or [`Batch::flush`]) makes
//!   them durable, folders included, in the order they were made;
//! - [`Batch::flush`] flushes the file system of every folder written
//!   since the last flush, once each.
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
//! Where the system has no `syncfs` (not Linux), a batch changes nothing:
//! every write flushes as outside one.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::error::FileError;

thread_local! {
    /// The folders written since the last flush, while a batch is open.
    static OPEN: RefCell<Option<BTreeSet<PathBuf>>> = const { RefCell::new(None) };
}

/// Calls `f` with the open batch's folders, if a batch is open.
fn with_open<T>(f: impl FnOnce(Option<&mut BTreeSet<PathBuf>>) -> T) -> T {
    OPEN.with(|open| f(open.borrow_mut().as_mut()))
}

/// A batch of this process's writes, flushed together; closed (and
/// flushed, as far as it goes) when dropped.
#[derive(Debug)]
pub struct Batch {
    _open: (),
}

impl Batch {
    /// Opens a batch: until it is dropped, this process's writes are
    /// grouped (see the module). On a system without `syncfs`, writes
    /// stay as outside a batch.
    pub fn begin() -> Batch {
        if cfg!(target_os = "linux") {
            OPEN.with(|open| *open.borrow_mut() = Some(BTreeSet::new()));
        }
        Batch { _open: () }
    }

    /// Makes everything written in the batch so far durable: one flush
    /// of each file system written to.
    pub fn flush(&self) -> Result<(), FileError> {
        let folders = with_open(|open| open.map(std::mem::take).unwrap_or_default());
        flush_file_systems(&folders)
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

/// Whether a batch is open: the caller notes `folder` as written and
/// leaves its flush to the batch. `false`: flush it now.
pub(super) fn defer(folder: &Path) -> bool {
    with_open(|open| match open {
        Some(folders) => {
            folders.insert(folder.to_path_buf());
            true
        }
        None => false,
    })
}

/// In a batch, flushes everything written so far before a file is
/// replaced: its new content and every earlier write reach the disk
/// before the rename that makes them count. `Ok(false)` outside a batch.
pub(super) fn flush_before_replace(folder: &Path) -> Result<bool, FileError> {
    let taken = with_open(|open| open.map(std::mem::take));
    let Some(mut folders) = taken else {
        return Ok(false);
    };
    folders.insert(folder.to_path_buf());
    flush_file_systems(&folders)?;
    Ok(true)
}

/// One `syncfs` for each file system holding one of `folders`.
#[cfg(target_os = "linux")]
fn flush_file_systems(folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    use std::os::unix::fs::MetadataExt;
    let mut devices = BTreeSet::new();
    for folder in folders {
        let file = std::fs::File::open(folder).map_err(|e| FileError::new(folder, e))?;
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
fn flush_file_systems(_folders: &BTreeSet<PathBuf>) -> Result<(), FileError> {
    Ok(())
}
