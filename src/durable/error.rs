//! The one error of a file operation: what failed, on which path.

use std::io;
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
