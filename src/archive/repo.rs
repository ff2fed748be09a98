//! The archive's repository: the games folder as a git work tree, and
//! one commit per event.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::ArchiveError;
use super::git::Git;
use super::ignore::gitignore;
use super::message::EventMessage;
use super::pending::Pending;
use super::place::resolved;
use crate::durable::FileLock;
use crate::tournament::SECTION_FILE;

/// The archive's lock in the git folder: one `dynamo` at a time commits,
/// so that git's own locks are never left to a killed run's successor
/// while a live run holds them.
const LOCK: &str = "dynamo-archive.lock";

/// Git's own locks a `git` killed mid-commit leaves behind, relative to
/// the git folder.
const GIT_LOCKS: &[&str] = &["index.lock", "HEAD.lock"];

/// The archive: the games folder's repository.
#[derive(Debug, Clone)]
pub struct Archive {
    git: Git,
    /// The games folder, resolved: every game's path in the record is
    /// taken from it.
    root: PathBuf,
    pending: Pending,
    wait: Duration,
}

impl Archive {
    /// The archive in the games folder `root`, committing as `author`
    /// (else git's own identity); its lock waited for at most `wait`.
    /// Nothing is checked until [`Archive::check`] (every command's
    /// recovery, before anything else).
    pub fn new(root: &Path, author: Option<&str>, wait: Duration) -> Archive {
        Archive {
            git: Git::new(root, author),
            root: resolved(root),
            pending: Pending::new(&root.join(".git")),
            wait,
        }
    }

    /// Makes `root` an archive: a repository (kept if there is one), its
    /// `.gitignore` (kept if there is one; `private` named in a new one
    /// when inside), and every file there committed as the record's
    /// start. Says what it did, one line each.
    pub fn init(
        root: &Path,
        author: Option<&str>,
        private: &[PathBuf],
        wait: Duration,
    ) -> Result<(Archive, Vec<String>), ArchiveError> {
        std::fs::create_dir_all(root).map_err(|e| crate::durable::FileError::new(root, e))?;
        let archive = Archive::new(root, author, wait);
        archive.git.check_version()?;
        let mut said = Vec::new();
        if root.join(".git").is_dir() {
            said.push(format!("{}: a git repository already", root.display()));
        } else {
            archive.git.run(&["init", "-q"], None)?;
            said.push(format!("{}: git repository made", root.display()));
        }
        let ignore = root.join(".gitignore");
        if ignore.exists() {
            said.push(format!("{}: kept as it is", ignore.display()));
        } else {
            crate::durable::write_atomic(&ignore, gitignore(root, private).as_bytes())?;
            said.push(format!("{}: written", ignore.display()));
        }
        let _lock = archive.lock()?;
        archive.git.run(&["add", "-A", "--", "."], None)?;
        let message = "The club's record starts\n\nDynamo-Event: archive-start\n";
        match archive.commit_staged(message, &["."])? {
            true => said.push("every file committed".to_string()),
            false => said.push("nothing new to commit".to_string()),
        }
        Ok((archive, said))
    }

    /// Refused when git is missing or too old, or the games folder is no
    /// repository's top folder.
    pub fn check(&self) -> Result<(), ArchiveError> {
        self.git.check_version()?;
        if !self.git.dir().join(".git").is_dir() {
            return Err(ArchiveError::NotARepository {
                dir: self.git.dir().to_path_buf(),
            });
        }
        Ok(())
    }

    /// Which of `private` (the private state's paths) lie inside the
    /// games folder without being ignored, so that a hand's `git add -A`
    /// would take them.
    pub fn exposed(&self, private: &[PathBuf]) -> Result<Vec<PathBuf>, ArchiveError> {
        let mut exposed = Vec::new();
        for path in private {
            let Some(rel) = self.relative(path) else {
                continue;
            };
            let said = self
                .git
                .try_run(&["check-ignore", "-q", "--", &rel], None)?;
            if !said.ok {
                exposed.push(path.clone());
            }
        }
        Ok(exposed)
    }

    /// The git program in the games folder.
    pub fn git(&self) -> &Git {
        &self.git
    }

    /// The games folder, resolved.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `path`'s place in the archive (`autumn/r01-b03.pgn`), or `None`
    /// for a file outside the games folder, which the archive does not
    /// keep.
    pub fn relative(&self, path: &Path) -> Option<String> {
        let full = resolved(path);
        let rel = full.strip_prefix(&self.root).ok()?;
        let text = rel.to_str()?;
        (!text.is_empty()).then(|| text.to_string())
    }

    /// Notes, before the game at `rel` is written, the event it is to
    /// hold: a run stopped before its commit leaves the note for the next.
    pub fn note(&self, rel: &str, message: &EventMessage) -> Result<(), ArchiveError> {
        self.pending.note(rel, message).map_err(|e| {
            crate::durable::FileError::new(&self.root.join(".git").join("dynamo-pending"), e).into()
        })
    }

    /// Forgets what was noted for `rel`: its event was not written.
    pub fn forget(&self, rel: &str) {
        self.pending.clear(rel);
    }

    /// Commits the game at `rel` as it is now, with `message`, and the
    /// section file beside it if it has changed (a section's creation,
    /// a correction of it); nothing when nothing changed (never an empty
    /// commit). `new`: the game was just made, so git is told of it first.
    /// Says whether a commit was made.
    pub fn commit_event(
        &self,
        rel: &str,
        message: &EventMessage,
        new: bool,
    ) -> Result<bool, ArchiveError> {
        let _lock = self.lock()?;
        let paths = self.paths_of(rel);
        let made = if new {
            self.add(&paths)?;
            self.commit_staged(
                &message.text(),
                &paths.iter().map(String::as_str).collect::<Vec<_>>(),
            )?
        } else {
            self.commit_paths(&paths, &message.text())?
        };
        crate::durable::crash_point("archive-committed");
        self.pending.clear(rel);
        Ok(made)
    }

    /// `rel` and the section file beside it, when there is one.
    pub(super) fn paths_of(&self, rel: &str) -> Vec<String> {
        let mut paths = vec![rel.to_string()];
        let folder = Path::new(rel)
            .parent()
            .filter(|p| !p.as_os_str().is_empty());
        if let Some(folder) = folder {
            let section = folder.join(SECTION_FILE);
            let tracked_or_there = self.root.join(&section).exists();
            if let (true, Some(section)) = (tracked_or_there, section.to_str()) {
                paths.push(section.to_string());
            }
        }
        paths
    }

    /// Commits `paths` as they are in the work tree, under the archive's
    /// lock (the caller's). Says whether a commit was made.
    pub(super) fn commit_paths(
        &self,
        paths: &[String],
        message: &str,
    ) -> Result<bool, ArchiveError> {
        let mut args = vec!["commit", "-q", "-F", "-", "--"];
        args.extend(paths.iter().map(String::as_str));
        let said = self.git.try_run(&args, Some(message.as_bytes()))?;
        if said.ok {
            return Ok(true);
        }
        if nothing_to_commit(&said.stdout, &said.stderr) {
            return Ok(false);
        }
        if said
            .stderr
            .contains("did not match any file(s) known to git")
        {
            // A new file (a game created, a section's files): git takes it
            // once added.
            self.add(paths)?;
            return self.commit_staged(
                message,
                &paths.iter().map(String::as_str).collect::<Vec<_>>(),
            );
        }
        Err(self.git.failed(&args, &said.stderr))
    }

    /// Tells git of `paths`, new files among them.
    fn add(&self, paths: &[String]) -> Result<(), ArchiveError> {
        let mut add = vec!["add", "--"];
        add.extend(paths.iter().map(String::as_str));
        self.git.run(&add, None).map(drop)
    }

    /// Commits what is staged for `paths`; false when nothing is.
    fn commit_staged(&self, message: &str, paths: &[&str]) -> Result<bool, ArchiveError> {
        let mut args = vec!["commit", "-q", "-F", "-", "--"];
        args.extend(paths);
        let said = self.git.try_run(&args, Some(message.as_bytes()))?;
        if said.ok {
            Ok(true)
        } else if nothing_to_commit(&said.stdout, &said.stderr) {
            Ok(false)
        } else {
            Err(self.git.failed(&args, &said.stderr))
        }
    }

    /// Takes the archive's lock; git's own locks left by a killed run
    /// are removed under it (a live `dynamo` commits only under it).
    pub(super) fn lock(&self) -> Result<FileLock, ArchiveError> {
        let git_dir = self.root.join(".git");
        let lock = FileLock::acquire_within(&git_dir.join(LOCK), self.wait)?;
        for name in GIT_LOCKS {
            // Absent is the usual case.
            let _ = std::fs::remove_file(git_dir.join(name));
        }
        Ok(lock)
    }

    /// How long a lock is waited for.
    pub(super) fn wait(&self) -> Duration {
        self.wait
    }

    /// The pending markers.
    pub(super) fn pending(&self) -> &Pending {
        &self.pending
    }
}

/// Whether git's words say there was nothing to commit.
fn nothing_to_commit(stdout: &str, stderr: &str) -> bool {
    let said = |w: &str| stdout.contains(w) || stderr.contains(w);
    said("nothing to commit")
        || said("no changes added to commit")
        || said("nothing added to commit")
}
