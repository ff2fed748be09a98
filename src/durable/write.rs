//! Atomic, durable replacement of a file, durable renames and removals,
//! and the temporary files a killed write leaves.

use std::ffi::OsString;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::crash::crash_point;
use super::error::FileError;
use super::group;

/// The folder a path lives in (`.` for a bare file name).
pub(super) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `.NAME.tmp`: the start of the name of every temporary file a write to
/// `path` makes, the writer's process id following.
fn temp_prefix(path: &Path) -> OsString {
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".tmp");
    name
}

/// Removes the temporary files that writes to `path` left behind when
/// they were killed before their rename. Call it only while holding the
/// lock that guards `path`: then no live write has one.
///
/// Best effort: a file it cannot list or remove stays for the next time;
/// nothing a write does depends on it.
pub fn remove_stale_temps(path: &Path) {
    let folder = folder_of(path);
    let prefix = temp_prefix(path);
    let prefix = prefix.as_encoded_bytes();
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let stale = name
            .as_encoded_bytes()
            .strip_prefix(prefix)
            .is_some_and(|pid| !pid.is_empty() && pid.iter().all(u8::is_ascii_digit));
        if stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Removes, from `folder`, the temporary files of writes whose process is
/// gone (killed before its rename): `.NAME.tmpPID` where no process PID
/// runs. For folders whose files are written without one lock over the
/// whole folder (the outbox's queue, where each notice is its own file):
/// a live writer's file is never touched. A dead writer's file whose id
/// the system has given to another process since stays until that one
/// ends. Where the system cannot say which processes run (no `/proc`),
/// nothing is removed.
///
/// Best effort, as [`remove_stale_temps`].
pub fn remove_dead_temps(folder: &Path) {
    remove_dead_temps_of(folder, |_| true);
}

/// [`remove_dead_temps`] for the writes to the names `ours` accepts
/// (`NAME`, without the dot and the suffix): in a folder that may hold
/// files of others, only temporary files of our own kind of file go.
pub fn remove_dead_temps_of(folder: &Path, ours: impl Fn(&[u8]) -> bool) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some((written, pid)) = temp_writer(name.as_encoded_bytes()) else {
            continue;
        };
        if ours(written) && writer_gone(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The name written and the process id of the writer whose temporary
/// file has this name (`.NAME.tmpPID`), or `None` for any other name.
fn temp_writer(name: &[u8]) -> Option<(&[u8], u32)> {
    let rest = name.strip_prefix(b".")?;
    let at = rest.windows(4).rposition(|w| w == b".tmp")?;
    let digits = &rest[at + 4..];
    if at == 0 || digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let pid = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some((&rest[..at], pid))
}

/// Whether no process `pid` runs, as far as the system says.
fn writer_gone(pid: u32) -> bool {
    let proc = Path::new("/proc");
    // Without /proc (another system, or none mounted) nothing is known.
    proc.join("self").exists() && !proc.join(pid.to_string()).exists()
}

/// Who may read a file written here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// A new file as the umask makes it; a replaced one keeps its mode.
    /// Games and pages: the public record.
    Kept,
    /// The owner alone (0600), like the mail key: a player's private data
    /// (conditional lines, the inbox's state, the outbox). A file written
    /// with a looser mode before is tightened by its next write.
    Private,
}

/// Replaces the file at `path` with `bytes`: a temporary file in the same
/// folder, flushed to disk, renamed over the old one, and the folder
/// flushed so that the rename itself survives a crash. On failure the
/// old file is untouched and the temporary file is removed. Call it only
/// while holding the lock that guards `path`, with `path` the real file
/// (see [`real_path`](super::real_path)): a link at `path` would be
/// replaced by a file.
///
/// The new file keeps the old one's permission bits, and its owner and
/// group as far as the system lets the writer set them: only root may
/// give a file to another user, so a file that another user owns becomes
/// the writer's (in the old group, if the writer belongs to it). The
/// alternative, rewriting the old file in place, could leave half a file
/// after a crash.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_with(path, bytes, Access::Kept)
}

/// As [`write_atomic`], for a file of a player's private data: made
/// readable by its owner alone (0600), whatever the old file's mode was
/// (its owner and group kept as [`write_atomic`] keeps them). Put it in a
/// folder made by [`make_private_dirs`](super::make_private_dirs).
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_with(path, bytes, Access::Private)
}

fn write_with(path: &Path, bytes: &[u8], access: Access) -> Result<(), FileError> {
    let folder = folder_of(path);
    let (tmp, file, old) = temporary(path, access)?;
    let written = (|| {
        (&file)
            .write_all(bytes)
            .map_err(|e| FileError::new(&tmp, e))?;
        // In a batch, a new file waits for the batch's flush; one that
        // replaces another is flushed before the rename (durable/group.rs).
        let grouped = match old {
            Some(_) => group::flush_before_replace(folder, &file)?,
            None => group::defer_file(folder, path, &file)?,
        };
        if !grouped {
            file.sync_all().map_err(|e| FileError::new(&tmp, e))?;
        }
        // Where a kill leaves a temporary file behind (tests: they must
        // not stay once the next writer of the folder comes).
        crash_point("before-rename");
        fs::rename(&tmp, path).map_err(|e| FileError::new(path, e))
    })();
    drop(file);
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
        return written;
    }
    sync_folder(folder)
}

/// The new content of `path`, `bytes`, in its temporary file, not
/// flushed, with the old file's owner and mode (as [`write_atomic`]
/// gives them); the temporary file's path. For a caller that flushes
/// many such files at once before renaming each (`staged.rs`).
pub(super) fn write_unflushed(path: &Path, bytes: &[u8]) -> Result<PathBuf, FileError> {
    let (tmp, mut file, _) = temporary(path, Access::Kept)?;
    if let Err(e) = file.write_all(bytes) {
        drop(file);
        let _ = fs::remove_file(&tmp);
        return Err(FileError::new(&tmp, e));
    }
    Ok(tmp)
}

/// A temporary file for a new content of `path`, made with the old
/// file's owner and mode (see [`write_atomic`]): its path, the file, and
/// the old file's metadata if there is one.
fn temporary(path: &Path, access: Access) -> Result<(PathBuf, File, Option<Metadata>), FileError> {
    let folder = folder_of(path);
    let old = match fs::metadata(path) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(FileError::new(path, e)),
    };
    let mut tmp_name = temp_prefix(path);
    tmp_name.push(std::process::id().to_string());
    let tmp = folder.join(tmp_name);
    let mut options = OpenOptions::new();
    // A new name only: never through a link or into a file left there.
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Private until it has the old file's owner and mode: the game
        // may hold addresses its mode keeps from other users.
        let public = old.is_none() && access == Access::Kept;
        options.mode(if public { 0o666 } else { 0o600 });
    }
    let file = match options.open(&tmp) {
        // Left by a killed process of the same id: under the lock no live
        // write has this name.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let _ = fs::remove_file(&tmp);
            options.open(&tmp)
        }
        opened => opened,
    }
    .map_err(|e| FileError::new(&tmp, e))?;
    if let Some(old) = &old
        && let Err(e) = keep_owner_and_mode(&file, old, access)
    {
        drop(file);
        let _ = fs::remove_file(&tmp);
        return Err(FileError::new(&tmp, e));
    }
    Ok((tmp, file, old))
}

/// Gives `file` the owner, group and permission bits of `old`, as far as
/// the system lets this process (see [`write_atomic`]); a private file
/// the owner's bits alone.
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, old: &Metadata, access: Access) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
    // `Ok(false)`: the system does not let this process do it.
    let allowed = |done: io::Result<()>| match done {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::PermissionDenied => Ok(false),
        Err(e) => Err(e),
    };
    if !allowed(fchown(file, Some(old.uid()), Some(old.gid())))? {
        allowed(fchown(file, None, Some(old.gid())))?;
    }
    let mode = match access {
        Access::Kept => old.mode() & 0o7777,
        Access::Private => 0o600,
    };
    // After the owner: changing it clears the set-id bits.
    allowed(file.set_permissions(fs::Permissions::from_mode(mode)))?;
    Ok(())
}

/// Gives `file` the permissions of `old`.
#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, old: &Metadata, _: Access) -> io::Result<()> {
    file.set_permissions(old.permissions())
}

/// Moves `from` to `to` (in the same file system) and flushes both
/// folders, so that after a crash the file is in exactly one of them.
pub fn rename(from: &Path, to: &Path) -> Result<(), FileError> {
    fs::rename(from, to).map_err(|e| FileError::new(from, e))?;
    sync_folder(folder_of(to))?;
    if folder_of(from) != folder_of(to) {
        sync_folder(folder_of(from))?;
    }
    Ok(())
}

/// Removes `path` and flushes its folder.
pub fn remove(path: &Path) -> Result<(), FileError> {
    fs::remove_file(path).map_err(|e| FileError::new(path, e))?;
    sync_folder(folder_of(path))
}

/// Makes the renames and removals in `folder` durable: now, or in a
/// batch at its next flush (durable/group.rs).
fn sync_folder(folder: &Path) -> Result<(), FileError> {
    if group::defer(folder) {
        return Ok(());
    }
    group::sync_folder_now(folder)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A private file is 0600 new and after a write over a looser one; a
    /// game written over keeps its mode.
    #[cfg(unix)]
    #[test]
    fn write_private_makes_and_keeps_the_file_the_owners_alone() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().expect("tempdir");
        let mode = |p: &Path| fs::metadata(p).expect("mode").permissions().mode() & 0o777;
        let private = tmp.path().join("lines.json");
        write_private(&private, b"one").expect("new");
        assert_eq!(mode(&private), 0o600);
        fs::set_permissions(&private, fs::Permissions::from_mode(0o644)).expect("chmod");
        write_private(&private, b"two").expect("over a looser one");
        assert_eq!(mode(&private), 0o600);
        let game = tmp.path().join("g.pgn");
        write_atomic(&game, b"one").expect("new");
        fs::set_permissions(&game, fs::Permissions::from_mode(0o644)).expect("chmod");
        write_atomic(&game, b"two").expect("over it");
        assert_eq!(mode(&game), 0o644);
    }

    #[test]
    fn write_atomic_replaces_and_leaves_no_temporary_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = tmp.path().join("g.pgn");
        write_atomic(&path, b"one").expect("first write");
        write_atomic(&path, b"two").expect("second write");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = fs::read_dir(tmp.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, [OsString::from("g.pgn")]);
    }

    #[test]
    fn a_failed_write_names_the_path_and_keeps_the_old_file() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let missing = tmp.path().join("no-such-folder").join("g.pgn");
        let err = write_atomic(&missing, b"x").expect_err("no folder");
        assert!(err.path.starts_with(tmp.path().join("no-such-folder")));
    }

    #[test]
    fn only_temporary_files_of_dead_writers_are_removed() {
        assert_eq!(temp_writer(b".g.pgn.tmp123"), Some((&b"g.pgn"[..], 123)));
        assert_eq!(temp_writer(b".a.json.tmp7"), Some((&b"a.json"[..], 7)));
        for other in [
            &b"g.pgn.tmp1"[..],
            b".tmp1",
            b".g.pgn.tmp",
            b".g.tmp1x",
            b".lock",
        ] {
            assert_eq!(
                temp_writer(other),
                None,
                "{}",
                String::from_utf8_lossy(other)
            );
        }
        let tmp = tempfile::tempdir().expect("tempdir");
        // Process ids above the kernel's limit (2^22) are never alive.
        let dead = tmp.path().join(".a.json.tmp4999999");
        let live = tmp
            .path()
            .join(format!(".b.json.tmp{}", std::process::id()));
        let kept = tmp.path().join("a.json");
        for path in [&dead, &live, &kept] {
            fs::write(path, "{}").expect("write");
        }
        remove_dead_temps(tmp.path());
        assert!(!dead.exists());
        assert!(live.exists() && kept.exists());
    }

    #[test]
    fn rename_moves_between_folders() {
        let tmp = tempfile::tempdir().expect("tempdir");
        fs::create_dir(tmp.path().join("sent")).expect("mkdir");
        let from = tmp.path().join("a.json");
        let to = tmp.path().join("sent").join("a.json");
        fs::write(&from, "{}").expect("write");
        rename(&from, &to).expect("rename");
        assert!(!from.exists() && to.exists());
    }
}
