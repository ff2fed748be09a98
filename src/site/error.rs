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
    /// The site folder is, contains or lies inside a folder of the club's
    /// own files (`place.rs`).
    #[error(
        "the site folder {} {how} the {what} {}: the pages are kept apart from the club's files",
        dir.display(),
        path.display()
    )]
    NotApart {
        dir: PathBuf,
        how: &'static str,
        what: &'static str,
        path: PathBuf,
    },
    /// A symbolic link where the site keeps a file it cannot do without
    /// (its lock, its list of files): nothing is done through it.
    #[error("{}: a symbolic link, where the site keeps its own file; remove it", path.display())]
    Link { path: PathBuf },
    /// The site's folder could not be read.
    #[error("the site's folder {path}: {why}")]
    Folder { path: PathBuf, why: String },
}
