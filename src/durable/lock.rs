//! Exclusive locks with a limited wait.

use std::fs::{self, File, Metadata, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::error::FileError;
use super::read::{kind_of, no_blocking};

/// Why [`FileLock::acquire_within`] holds no lock.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// The lock file could not be created, opened or locked.
    #[error(transparent)]
    File(#[from] FileError),
    /// Something other than a regular file has the lock file's name.
    #[error("{}: {}", path.display(), not_regular(kind))]
    NotRegular { path: PathBuf, kind: &'static str },
    /// Another process held the lock for the whole wait.
    #[error("{}: {}", path.display(), busy(*waited))]
    Busy { path: PathBuf, waited: Duration },
}

fn not_regular(kind: &str) -> String {
    format!("{kind}, not a regular file as a lock file must be; remove it")
}

fn busy(waited: Duration) -> String {
    format!(
        "locked by another process; gave up after {} s",
        waited.as_secs()
    )
}

/// For callers with one error for every file operation (the outbox).
impl From<LockError> for FileError {
    fn from(e: LockError) -> FileError {
        let (path, kind, message) = match e {
            LockError::File(e) => return e,
            LockError::NotRegular { path, kind } => {
                (path, io::ErrorKind::InvalidInput, not_regular(kind))
            }
            LockError::Busy { path, waited } => (path, io::ErrorKind::TimedOut, busy(waited)),
        };
        FileError {
            path,
            source: io::Error::new(kind, message),
        }
    }
}

/// How long [`FileLock::acquire`] waits for another holder.
pub const LOCK_WAIT: Duration = Duration::from_secs(30);

/// The longest pause between two tries of a busy lock: short enough that
/// a freed lock is taken soon, long enough that waiters cost nothing.
const LOCK_POLL: Duration = Duration::from_millis(20);

/// An exclusive lock on a lock file, held until dropped.
///
/// The lock file is never replaced or removed: a lock on a file that a
/// rename replaces would be lost, since a racer that opened the old inode
/// would lock a file no longer in the folder. That is also why a file is
/// not locked through itself but through a lock file beside it.
#[derive(Debug)]
pub struct FileLock {
    // Closing the file releases the lock: dropping the lock is enough.
    _file: File,
    /// Whether the lock file says this process holds it, to be said free
    /// when dropped ([`FileLock::acquire_noting`]).
    noted: bool,
}

/// What a noting holder leaves in the lock file when it lets go: no
/// write of its can have been cut short.
const FREE: &[u8] = b"free\n";

/// What a noting holder writes into the lock file while it holds it.
fn held_note() -> String {
    format!("held {}\n", std::process::id())
}

impl FileLock {
    /// Takes the exclusive lock on `path` as [`FileLock::acquire_within`]
    /// does, waiting at most [`LOCK_WAIT`].
    pub fn acquire(path: &Path) -> Result<FileLock, FileError> {
        Ok(FileLock::acquire_within(path, LOCK_WAIT)?)
    }

    /// Takes the exclusive lock on `path`, creating the file if needed and
    /// waiting at most `wait` while another process holds it.
    ///
    /// Whoever may write the file a lock guards may lock it, whoever
    /// created the lock file: the lock file is opened for writing where
    /// the caller may, else for reading only, and an exclusive `flock`
    /// needs no write access. Writing is tried first because NFS emulates
    /// `flock` with `fcntl` locks, which need it.
    pub fn acquire_within(path: &Path, wait: Duration) -> Result<FileLock, LockError> {
        let file = open_lock_file(path)?;
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            // Polled rather than blocking in `flock`: a blocked call cannot
            // be given a limit without a thread that might take the lock
            // after we gave up.
            match file.try_lock() {
                Ok(()) => {
                    return Ok(FileLock {
                        _file: file,
                        noted: false,
                    });
                }
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(e)) => return Err(FileError::new(path, e).into()),
            }
            let waited = start.elapsed();
            if waited >= wait {
                return Err(LockError::Busy {
                    path: path.to_path_buf(),
                    waited: wait,
                });
            }
            std::thread::sleep(pause.min(wait - waited));
            pause = (pause * 2).min(LOCK_POLL);
        }
    }
}

impl FileLock {
    /// Takes the lock as [`FileLock::acquire_within`] does and notes in
    /// the lock file that this process holds it, until the lock is
    /// dropped; with whether the last noting holder let it go whole.
    ///
    /// `true` says that no holder was killed while it held the lock since
    /// the last one that let it go: what a killed writer leaves (its
    /// temporary files) need not be looked for, which for a game in a
    /// folder of 10,000 costs a listing of all of them. `false` when the
    /// lock file says a holder was killed, or says nothing (made by a
    /// version that did not note, or by a holder that does not), or
    /// cannot be read or written by this process: then look.
    pub fn acquire_noting(path: &Path, wait: Duration) -> Result<(FileLock, bool), LockError> {
        let mut lock = FileLock::acquire_within(path, wait)?;
        let mut note = [0u8; 32];
        let read = {
            use std::os::unix::fs::FileExt;
            lock._file.read_at(&mut note, 0).unwrap_or(0)
        };
        let clean = &note[..read] == FREE;
        lock.noted = write_note(&lock._file, held_note().as_bytes()).is_ok();
        let clean = clean && lock.noted;
        Ok((lock, clean))
    }

    /// Whether the lock file held is still the file at `path`: a waiter
    /// that opened it before its folder was renamed away (a section
    /// deleted) holds a lock that no longer guards anything at `path`.
    pub fn is_at(&self, path: &Path) -> bool {
        use std::os::unix::fs::MetadataExt;
        match (self._file.metadata(), fs::metadata(path)) {
            (Ok(held), Ok(there)) => held.dev() == there.dev() && held.ino() == there.ino(),
            _ => false,
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        if self.noted {
            // Not flushed: a crash of the machine leaves the note of a
            // holder, and the next one looks, as after a kill.
            let _ = write_note(&self._file, FREE);
        }
    }
}

/// Replaces the lock file's content with `note`.
fn write_note(file: &File, note: &[u8]) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    file.write_all_at(note, 0)?;
    file.set_len(note.len() as u64)
}

/// Opens (creating if needed) the lock file at `path`, refusing anything
/// but a regular file.
fn open_lock_file(path: &Path) -> Result<File, LockError> {
    let not_regular = |meta: &Metadata| LockError::NotRegular {
        path: path.to_path_buf(),
        kind: kind_of(meta),
    };
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(not_regular(&meta)),
        Err(e) if e.kind() != io::ErrorKind::NotFound => {
            return Err(FileError::new(path, e).into());
        }
        _ => {}
    }
    let opened = no_blocking()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path);
    let file = match opened {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => no_blocking()
            .read(true)
            .open(path)
            .map_err(|e| FileError::new(path, e))?,
        Err(e) => return Err(FileError::new(path, e).into()),
    };
    let meta = file.metadata().map_err(|e| FileError::new(path, e))?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lock file says whether its last noting holder let it go: new or
    /// made by a holder that did not note, it says nothing; let go, it
    /// says so; left by a holder that never let it go (killed), it says
    /// that holder's process.
    #[test]
    fn a_noted_lock_says_whether_its_last_holder_let_it_go() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("g.pgn.lock");
        let wait = Duration::from_secs(1);
        let (first, clean) = FileLock::acquire_noting(&path, wait).expect("locked");
        assert!(!clean, "a new lock file says nothing");
        assert_eq!(fs::read(&path).expect("read"), held_note().as_bytes());
        drop(first);
        assert_eq!(fs::read(&path).expect("read"), FREE);
        let (second, clean) = FileLock::acquire_noting(&path, wait).expect("locked");
        assert!(clean);
        drop(second);
        // What a kill leaves: the note of a holder that never let go.
        fs::write(&path, "held 4999999\n").expect("written");
        let (_third, clean) = FileLock::acquire_noting(&path, wait).expect("locked");
        assert!(!clean);
    }
}
