//! Why the pages could not be built or written.

use std::path::PathBuf;

use crate::durable::FileError;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// The games folder could not be read.
    #[error("the games folder {path}: {why}")]
    Read { path: PathBuf, why: String },
    /// A game file does not replay: its pages would be wrong.
    #[error("{path}: {why}")]
    Game { path: PathBuf, why: String },
    /// A section file could not be read, or names a game that is missing.
    #[error("section {path}: {why}")]
    Section { path: PathBuf, why: String },
    /// A page could not be written.
    #[error(transparent)]
    Write(#[from] FileError),
    /// The site's folder could not be read.
    #[error("the site's folder {path}: {why}")]
    Folder { path: PathBuf, why: String },
}
