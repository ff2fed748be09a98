//! Folders made once a process: the inbox and the outbox make theirs
//! before each write, and a run over a thousand messages asked the system
//! to make the same few folders tens of thousands of times (the defect
//! "a mkdir of every folder for every message"). They hold a player's
//! private data (the inbox's state, the outbox, conditional lines), so
//! they are the owner's alone (0700), like the mail key.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::error::FileError;

/// The folders this process has made or found.
fn made() -> &'static Mutex<HashSet<PathBuf>> {
    static MADE: OnceLock<Mutex<HashSet<PathBuf>>> = OnceLock::new();
    MADE.get_or_init(Mutex::default)
}

/// Makes `folder` and its parents, those it makes 0700, unless this
/// process made or found them before. A `folder` there already with a
/// looser mode is tightened to 0700 once a process, when its owner runs
/// it (another user's folder is left as it is). A folder removed since
/// (by hand, while a run goes on) makes the next write in it fail with
/// its path, as before it was made.
pub fn make_private_dirs(folder: &Path) -> Result<(), FileError> {
    let known = |set: &HashSet<PathBuf>| set.contains(folder);
    if made().lock().is_ok_and(|set| known(&set)) {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder
        .create(folder)
        .map_err(|e| FileError::new(folder, e))?;
    #[cfg(unix)]
    tighten(folder)?;
    if let Ok(mut set) = made().lock() {
        set.insert(folder.to_path_buf());
    }
    Ok(())
}

/// Takes the group's and others' bits off `folder`, when this process
/// may: an earlier version made it as the umask said.
#[cfg(unix)]
fn tighten(folder: &Path) -> Result<(), FileError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = fs::metadata(folder).map_err(|e| FileError::new(folder, e))?;
    if meta.permissions().mode() & 0o077 == 0 {
        return Ok(());
    }
    match fs::set_permissions(folder, fs::Permissions::from_mode(0o700)) {
        Err(e) if e.kind() != std::io::ErrorKind::PermissionDenied => {
            Err(FileError::new(folder, e))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_made_once_and_found_after() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let folder = tmp.path().join("a/b");
        make_private_dirs(&folder).expect("made");
        assert!(folder.is_dir());
        make_private_dirs(&folder).expect("known");
        let file = tmp.path().join("file");
        fs::write(&file, "x").expect("write");
        assert!(make_private_dirs(&file.join("under")).is_err());
    }

    /// Made 0700, parents made with it too; one there already, looser,
    /// tightened.
    #[cfg(unix)]
    #[test]
    fn a_private_folder_is_the_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().expect("tempdir");
        let mode = |p: &Path| fs::metadata(p).expect("mode").permissions().mode() & 0o777;
        let folder = tmp.path().join("outbox/held");
        make_private_dirs(&folder).expect("made");
        assert_eq!(mode(&folder), 0o700);
        assert_eq!(mode(&tmp.path().join("outbox")), 0o700);
        let old = tmp.path().join("conditional");
        fs::create_dir(&old).expect("made by an earlier version");
        fs::set_permissions(&old, fs::Permissions::from_mode(0o755)).expect("chmod");
        make_private_dirs(&old).expect("tightened");
        assert_eq!(mode(&old), 0o700);
    }
}
