//! Why the archive could not do what it was asked.

use std::path::PathBuf;

/// An archive's failure.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The `git` program could not be started.
    #[error(
        "the archive needs the git program (version {minimum} or later), which could not be run: {source}"
    )]
    NoGit {
        /// The version asked for.
        minimum: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
    /// The `git` program is older than the archive needs.
    #[error("the archive needs git {minimum} or later; this is {found}")]
    OldGit {
        /// The version asked for.
        minimum: &'static str,
        /// What `git --version` said.
        found: String,
    },
    /// The games folder is no repository of its own.
    #[error(
        "the archive is on ([archive] git = true) but {dir} is not a git repository's top folder: run `dynamo archive init`"
    )]
    NotARepository {
        /// The games folder.
        dir: PathBuf,
    },
    /// A git command failed.
    #[error("git {command} in {dir}: {message}")]
    Git {
        /// The command, without its paths.
        command: String,
        /// Where it ran.
        dir: PathBuf,
        /// What git said on standard error, cut short.
        message: String,
    },
    /// A file of the archive's own could not be read or written.
    #[error(transparent)]
    File(#[from] crate::durable::FileError),
    /// A game could not be locked or read.
    #[error(transparent)]
    Game(#[from] crate::game::GameError),
    /// The archive's lock was not free in time.
    #[error(transparent)]
    Lock(#[from] crate::durable::LockError),
    /// The work tree holds changes not committed, which a sync would
    /// carry off or lose.
    #[error(
        "archive sync: {paths} changed and not committed (a file that does not replay?): \
         correct it and run `dynamo verify` on it first"
    )]
    Uncommitted {
        /// The files, comma-separated.
        paths: String,
    },
}
