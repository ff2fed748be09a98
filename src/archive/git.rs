//! The `git` program, called as `pass` calls it: `git -C DIR …`, with the
//! repository's own settings (identity, signing, hooks) deciding what
//! they decide, and nothing of the caller's environment pointing it at
//! another repository.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::error::ArchiveError;

/// The oldest git the archive is tested with: `git status --porcelain=v2`,
/// `git rebase` keeping both versions of a conflict, `init.defaultBranch`.
pub const MINIMUM_GIT: &str = "2.28";

/// Standard error quoted in a failure, at most.
const QUOTED_BYTES: usize = 2000;

/// The `git` program run in one folder.
#[derive(Debug, Clone)]
pub struct Git {
    dir: PathBuf,
    author: Option<(String, String)>,
}

/// What one git command said.
pub(super) struct Said {
    pub(super) ok: bool,
    pub(super) stdout: String,
    pub(super) stderr: String,
}

impl Git {
    /// Git in `dir`, committing as `author` (`Name <address>`) when given.
    pub fn new(dir: &Path, author: Option<&str>) -> Git {
        Git {
            dir: dir.to_path_buf(),
            author: author.map(split_author),
        }
    }

    /// The folder it runs in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Checks that git runs and is recent enough.
    pub fn check_version(&self) -> Result<(), ArchiveError> {
        let said = self.try_run(&["--version"], None)?;
        let found = said.stdout.trim().to_string();
        let version = found.trim_start_matches("git version ");
        if newer_or_same(version, MINIMUM_GIT) {
            Ok(())
        } else {
            Err(ArchiveError::OldGit {
                minimum: MINIMUM_GIT,
                found,
            })
        }
    }

    /// Runs `git args`, `input` on its standard input; a failure is an
    /// error that quotes git.
    pub(super) fn run(&self, args: &[&str], input: Option<&[u8]>) -> Result<String, ArchiveError> {
        let said = self.try_run(args, input)?;
        if said.ok {
            Ok(said.stdout)
        } else {
            Err(self.failed(args, &said.stderr))
        }
    }

    /// The error of `git args` that said `stderr`.
    pub(super) fn failed(&self, args: &[&str], stderr: &str) -> ArchiveError {
        let command = args
            .iter()
            .take_while(|a| **a != "--")
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        let mut message = stderr.trim().to_string();
        if message.len() > QUOTED_BYTES {
            let mut end = QUOTED_BYTES;
            while !message.is_char_boundary(end) {
                end -= 1;
            }
            message.truncate(end);
            message.push('…');
        }
        ArchiveError::Git {
            command,
            dir: self.dir.clone(),
            message,
        }
    }

    /// Runs `git args` talking to a remote, as [`Git::try_run`] does but
    /// waiting at most `limit` (then it is stopped: `None`), and never
    /// asking for a password or a host's key on a terminal.
    pub(super) fn try_run_within(
        &self,
        args: &[&str],
        limit: Duration,
    ) -> Result<Option<Said>, ArchiveError> {
        let mut command = self.command(args, false);
        command.env("GIT_TERMINAL_PROMPT", "0");
        if std::env::var_os("GIT_SSH_COMMAND").is_none() {
            command.env("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
        }
        let no_git = |source| ArchiveError::NoGit {
            minimum: MINIMUM_GIT,
            source,
        };
        let mut child = command.spawn().map_err(no_git)?;
        let start = Instant::now();
        // Git says little with `-q`: its pipes never fill while it runs.
        while child.try_wait().map_err(no_git)?.is_none() {
            if start.elapsed() > limit {
                // Ended meanwhile is as good.
                let _ = child.kill();
                let _ = child.wait();
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let output = child.wait_with_output().map_err(no_git)?;
        Ok(Some(Said {
            ok: output.status.success(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }))
    }

    /// Runs `git args` and says how it ended, failed or not.
    pub(super) fn try_run(
        &self,
        args: &[&str],
        input: Option<&[u8]>,
    ) -> Result<Said, ArchiveError> {
        let mut command = self.command(args, input.is_some());
        let no_git = |source| ArchiveError::NoGit {
            minimum: MINIMUM_GIT,
            source,
        };
        let mut child = command.spawn().map_err(no_git)?;
        if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
            match stdin.write_all(input) {
                // Git stopped before reading (a path it does not know):
                // its exit says why.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other.map_err(no_git)?,
            }
        }
        let output = child.wait_with_output().map_err(no_git)?;
        Ok(Said {
            ok: output.status.success(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        })
    }

    /// `git args` in the folder, its input piped when `input`.
    fn command(&self, args: &[&str], input: bool) -> Command {
        let mut command = Command::new("git");
        command
            .arg("-C")
            .arg(&self.dir)
            .args(args)
            // Git's words are read (`nothing to commit`, conflicts): in
            // English whatever the director's language.
            .env("LC_ALL", "C")
            // A command run from a git hook or another repository's
            // shell must still mean the games folder.
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .env_remove("GIT_INDEX_FILE")
            .stdin(if input { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some((name, email)) = &self.author {
            // The director both writes and commits the event.
            command
                .env("GIT_AUTHOR_NAME", name)
                .env("GIT_AUTHOR_EMAIL", email)
                .env("GIT_COMMITTER_NAME", name)
                .env("GIT_COMMITTER_EMAIL", email);
        }
        command
    }
}

/// `Ada Director <ada@example.org>` as its name and address; a bare
/// address is both.
fn split_author(author: &str) -> (String, String) {
    match (author.find('<'), author.rfind('>')) {
        (Some(open), Some(close)) if open < close => (
            author[..open].trim().to_string(),
            author[open + 1..close].trim().to_string(),
        ),
        _ => (author.trim().to_string(), author.trim().to_string()),
    }
}

/// Whether version `found` (`2.39.2`, `2.39.2.windows.1`) is `minimum`
/// or later.
fn newer_or_same(found: &str, minimum: &str) -> bool {
    let numbers = |v: &str| -> Vec<u32> {
        v.split('.')
            .map_while(|part| part.parse::<u32>().ok())
            .collect()
    };
    numbers(found) >= numbers(minimum)
}

#[cfg(test)]
mod tests {
    use super::{newer_or_same, split_author};

    #[test]
    fn versions_compare_by_their_numbers() {
        assert!(newer_or_same("2.39.2", "2.28"));
        assert!(newer_or_same("2.28", "2.28"));
        assert!(newer_or_same("2.100.0.windows.1", "2.28"));
        assert!(!newer_or_same("2.27.9", "2.28"));
        assert!(!newer_or_same("1.9", "2.28"));
        assert!(!newer_or_same("nonsense", "2.28"));
    }

    #[test]
    fn an_author_is_a_name_and_an_address() {
        assert_eq!(
            split_author("Ada Director <ada@example.org>"),
            ("Ada Director".to_string(), "ada@example.org".to_string())
        );
        assert_eq!(
            split_author("ada@example.org"),
            ("ada@example.org".to_string(), "ada@example.org".to_string())
        );
    }
}
