//! Reading a file that must be a regular one, of bounded size, and
//! following a name's symbolic links to the file itself.

use std::fs::{self, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

use super::error::FileError;

/// Why [`read_regular`] read nothing.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file is missing or could not be opened or read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A FIFO, a device, a folder or a socket: never read.
    #[error("{}: {kind}, not a regular file", path.display())]
    NotRegular { path: PathBuf, kind: &'static str },
    /// Longer than the limit the caller set.
    #[error("{}: {size} bytes, over the limit of {limit} bytes", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
}

/// Options that never wait on opening a FIFO nor make a terminal ours;
/// on a regular file `O_NONBLOCK` changes nothing.
pub(super) fn no_blocking() -> OpenOptions {
    let mut options = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options
}

/// What a file that is not a regular one is, in words.
pub(super) fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        } else if t.is_char_device() {
            return "a character device";
        } else if t.is_block_device() {
            return "a block device";
        } else if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

/// Reads the regular file at `path` (following symbolic links), which
/// must be at most `limit` bytes long. Anything else is refused before a
/// byte is read.
pub fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let check = |meta: &Metadata| {
        if !meta.is_file() {
            Err(ReadError::NotRegular {
                path: path.to_path_buf(),
                kind: kind_of(meta),
            })
        } else if meta.len() > limit {
            Err(ReadError::TooLarge {
                path: path.to_path_buf(),
                size: meta.len(),
                limit,
            })
        } else {
            Ok(())
        }
    };
    // Checked once the file is open, on what was opened: the check a swap
    // of files cannot dodge, and one system call fewer than a `stat`
    // before (a folder of 100,000 games is read file by file). Opening
    // never waits on a FIFO nor makes a terminal ours (`no_blocking`),
    // and nothing is read before the check.
    let file = no_blocking()
        .read(true)
        .open(path)
        .map_err(|e| FileError::new(path, e))?;
    let meta = file.metadata().map_err(|e| FileError::new(path, e))?;
    check(&meta)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // One byte past the limit tells a file that grew since it was checked.
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::new(path, e))?;
    let size = bytes.len() as u64;
    if size > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size,
            limit,
        });
    }
    Ok(bytes)
}

/// How many symbolic links [`real_path`] follows, as Linux does.
const MAX_LINKS: usize = 40;

/// The file that `path` names once symbolic links at its last component
/// are followed: what a write must replace so that the link stays a link
/// and every name of the file sees the change. A relative link is read
/// from the link's folder, so the result stays relative when the links
/// are. Fails (with `NotFound`) when the file at the end is missing.
pub fn real_path(path: &Path) -> Result<PathBuf, FileError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = fs::symlink_metadata(&current).map_err(|e| FileError::new(&current, e))?;
        if !meta.file_type().is_symlink() {
            return Ok(current);
        }
        let target = fs::read_link(&current).map_err(|e| FileError::new(&current, e))?;
        current = match current.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    Err(FileError::new(
        path,
        io::Error::other("too many levels of symbolic links"),
    ))
}

/// Where `path` is once every symbolic link on the way is followed: an
/// absolute path without `.`, `..` or links, even when its end does not
/// exist yet (the part that does not exist is taken as written, since a
/// name that is not there is no link). Two paths name the same place
/// exactly when their locations are equal: what a check of one folder
/// against another compares, where a string test would be fooled by a
/// link or a `..`.
pub fn real_location(path: &Path) -> Result<PathBuf, FileError> {
    located(path, 0)
}

/// [`real_location`], `links` links followed so far.
fn located(path: &Path, links: usize) -> Result<PathBuf, FileError> {
    let mut here = if path.is_absolute() {
        PathBuf::from("/")
    } else {
        let cwd = std::env::current_dir().map_err(|e| FileError::new(Path::new("."), e))?;
        fs::canonicalize(&cwd).map_err(|e| FileError::new(&cwd, e))?
    };
    let mut links = links;
    for part in path.components() {
        match part {
            Component::Prefix(_) | Component::RootDir | Component::CurDir => {}
            Component::ParentDir => {
                here.pop();
            }
            Component::Normal(name) => {
                here.push(name);
                let meta = match fs::symlink_metadata(&here) {
                    Ok(meta) => meta,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                    Err(e) => return Err(FileError::new(&here, e)),
                };
                if !meta.file_type().is_symlink() {
                    continue;
                }
                links += 1;
                if links > MAX_LINKS {
                    return Err(FileError::new(
                        path,
                        io::Error::other("too many levels of symbolic links"),
                    ));
                }
                // `here` is real up to the link: its target is read from
                // the link's folder, and may itself not exist yet.
                let target = fs::read_link(&here).map_err(|e| FileError::new(&here, e))?;
                here.pop();
                here = located(&here.join(target), links)?;
            }
        }
    }
    Ok(here)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_the_limit_is_read_and_one_byte_more_is_not() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("g.pgn");
        fs::write(&path, b"12345").expect("write");
        assert_eq!(read_regular(&path, 5).expect("read"), b"12345");
        let err = read_regular(&path, 4).expect_err("too large");
        assert!(matches!(
            err,
            ReadError::TooLarge {
                size: 5,
                limit: 4,
                ..
            }
        ));
        let err = read_regular(tmp.path(), 4).expect_err("a folder");
        assert!(matches!(
            err,
            ReadError::NotRegular {
                kind: "a folder",
                ..
            }
        ));
    }

    #[cfg(unix)]
    #[test]
    fn real_path_follows_a_chain_of_relative_links_and_stops_at_a_loop() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp.path();
        fs::create_dir(root.join("x")).expect("mkdir");
        fs::create_dir(root.join("y")).expect("mkdir");
        fs::write(root.join("y/real.pgn"), "game").expect("write");
        symlink("../y/real.pgn", root.join("x/link.pgn")).expect("link");
        symlink("x/link.pgn", root.join("top.pgn")).expect("link");
        let real = real_path(&root.join("top.pgn")).expect("resolved");
        assert_eq!(real, root.join("x/../y/real.pgn"));
        assert!(!fs::symlink_metadata(&real).expect("stat").is_symlink());
        symlink("b", root.join("a")).expect("link");
        symlink("a", root.join("b")).expect("link");
        let err = real_path(&root.join("a")).expect_err("a loop");
        assert_eq!(err.path, root.join("a"));
    }

    #[cfg(unix)]
    #[test]
    fn a_location_follows_every_link_and_takes_a_missing_end_as_written() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = fs::canonicalize(tmp.path()).expect("real");
        fs::create_dir_all(root.join("club/games")).expect("mkdir");
        symlink(root.join("club"), root.join("link")).expect("link");
        let through = real_location(&root.join("link/games")).expect("resolved");
        assert_eq!(through, root.join("club/games"));
        let missing = real_location(&root.join("link/public/../games/x")).expect("resolved");
        assert_eq!(missing, root.join("club/games/x"));
        // A link to a folder not made yet is followed all the same.
        symlink("club/later", root.join("dangling")).expect("link");
        let later = real_location(&root.join("dangling/x")).expect("resolved");
        assert_eq!(later, root.join("club/later/x"));
        symlink("loop", root.join("loop")).expect("link");
        assert!(real_location(&root.join("loop")).is_err());
    }
}
