//! Files that survive a crash: exclusive locks, atomic replacement and
//! durable renames, with one error policy, and reading a file that must
//! be a regular one. The game store and the outbox both write through
//! here.
//!
//! Every step's failure is returned, fsync included: a write that may not
//! be on disk is not reported as done. The one exception is a platform
//! where a folder cannot be opened for syncing (not Unix), where a rename
//! is as durable as the platform makes it.
//!
//! Nothing here waits without a limit: files are opened without blocking
//! (a FIFO would otherwise block until a writer came) and refused unless
//! they are regular files, reads stop at a size limit (a link to
//! `/dev/zero` would otherwise be read until memory ran out), and a lock
//! is waited for at most a given time.

mod crash;
mod error;
mod folder;
mod group;
mod lock;
mod read;
mod staged;
mod write;

pub use crash::{CRASH_AT_ENV, crash_point};
pub use error::FileError;
pub use folder::make_private_dirs;
pub use group::{Batch, Flush};
pub use lock::{FileLock, LOCK_WAIT, LockError};
pub use read::{ReadError, read_regular, real_location, real_path};
pub use staged::Staged;
pub use write::{
    remove, remove_dead_temps, remove_dead_temps_of, remove_stale_temps, rename, write_atomic,
    write_private,
};
