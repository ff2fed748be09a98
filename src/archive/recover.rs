//! What every command does first with the archive on: the record made
//! whole again. An event written but not committed (a run killed between
//! the two, its marker left) is committed under its own message, saying
//! it was recovered; a file changed with no marker is a hand edit,
//! committed as one once it replays; a game file that does not replay is
//! left uncommitted and said. Each file is looked at under its game's
//! lock, taken before the archive's as an event takes them, so that a
//! run recording in that game now is never taken for a stopped one.

use super::error::ArchiveError;
use super::message::{EventMessage, game_label as label};
use super::repo::Archive;
use crate::game::Game;
use crate::game::store::{self, GameFile, HeldGame};

/// What a recovery did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recovered {
    /// The events committed late, by their first line.
    pub recovered: Vec<String>,
    /// The files committed as hand edits, by their path in the archive.
    pub hand_edits: Vec<String>,
    /// The files left uncommitted, each with why.
    pub refused: Vec<String>,
}

impl Recovered {
    /// What to tell the director, one line each; nothing when the record
    /// was whole.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .recovered
            .iter()
            .map(|m| format!("archive: committed an event a stopped run left: {m}"))
            .collect();
        lines.extend(
            self.hand_edits
                .iter()
                .map(|p| format!("archive: committed {p} as a hand edit")),
        );
        lines.extend(self.refused.iter().map(|why| format!("archive: {why}")));
        lines
    }
}

impl Archive {
    /// Commits what was written and not committed (see the module's
    /// text), one commit per file, in the order of their paths.
    /// Checks the archive first ([`Archive::check`]).
    pub fn recover(&self) -> Result<Recovered, ArchiveError> {
        self.check()?;
        let mut changed = {
            let _lock = self.lock()?;
            let mut status = self.status()?;
            let staged = staged_paths(&status);
            if !staged.is_empty() {
                // The archive stages nothing it does not commit at once: a
                // staged path is a git killed mid-commit (its index not yet
                // written, or written before its commit), so the index goes
                // back to the last commit and the work tree decides.
                let mut reset = vec!["reset", "-q", "--"];
                reset.extend(staged.iter().map(String::as_str));
                self.git().run(&reset, None)?;
                status = self.status()?;
            }
            changed_paths(&status)
        };
        // A marker whose file is as committed: its commit was made, or its
        // event never written, or its run is writing it now (then its own
        // commit is made under the game's lock, before the one taken here).
        let noted_only: Vec<String> = self
            .pending()
            .all()
            .into_iter()
            .filter(|rel| !changed.contains(rel))
            .collect();
        changed.sort();
        let mut done = Recovered::default();
        let mut committed = Vec::new();
        for rel in &changed {
            if committed.contains(rel) {
                // Went with a game of its section.
                continue;
            }
            // The game's lock first, then the archive's, as an event takes
            // them: a run recording in the game now commits its event
            // before this looks, and is never taken for a stopped one.
            let _game = self.hold_game(rel)?;
            let _lock = self.lock()?;
            let full = self.root().join(rel);
            let noted = self.pending().noted(rel);
            if rel.ends_with(".pgn")
                && full.exists()
                && let Err(e) = Game::load(&full)
            {
                done.refused.push(format!(
                    "{rel} does not replay, so it is not committed: {e}; correct it, then `dynamo verify {}`",
                    full.display()
                ));
                continue;
            }
            let (paths, message) = match noted {
                Some(mut message) => {
                    message.recovered = true;
                    (self.paths_of(rel), message)
                }
                None => (vec![rel.clone()], EventMessage::hand_edit(&label(rel))),
            };
            if self.commit_paths(&paths, &message.text())? {
                if message.recovered {
                    done.recovered
                        .push(format!("{}: {}", message.game, message.summary));
                } else {
                    done.hand_edits.push(rel.clone());
                }
            }
            self.pending().clear(rel);
            committed.extend(paths);
        }
        for rel in noted_only {
            // Its run may have been stopped after the look above and
            // after writing: under the game's lock, git looks again.
            let _game = self.hold_game(&rel)?;
            let _lock = self.lock()?;
            if let Some(mut message) = self.pending().noted(&rel) {
                message.recovered = true;
                let there = self.root().join(&rel).exists();
                if there && self.commit_paths(&self.paths_of(&rel), &message.text())? {
                    done.recovered
                        .push(format!("{}: {}", message.game, message.summary));
                }
                self.pending().clear(&rel);
            }
        }
        Ok(done)
    }

    /// The lock of the game at `rel`, when it is a game there: taken as
    /// an event takes it ([`store::hold`]), waited for as long.
    fn hold_game(&self, rel: &str) -> Result<Option<HeldGame>, ArchiveError> {
        let full = self.root().join(rel);
        if !rel.ends_with(".pgn") || !full.is_file() {
            return Ok(None);
        }
        let file = GameFile::existing(&full)?;
        Ok(Some(store::hold(&file, self.wait())?))
    }
}

impl Archive {
    /// What `git status` says of the work tree, every untracked file named.
    fn status(&self) -> Result<String, ArchiveError> {
        self.git().run(
            &["status", "--porcelain=v1", "-z", "--untracked-files=all"],
            None,
        )
    }
}

/// The paths `git status --porcelain=v1 -z` names as staged: differing
/// in the index from the last commit.
fn staged_paths(status: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut entries = status.split('\0').filter(|e| !e.is_empty());
    while let Some(entry) = entries.next() {
        let (Some(code), Some(path)) = (entry.chars().next(), entry.get(3..)) else {
            continue;
        };
        if code == 'R' || code == 'C' {
            // The rename's source is staged too.
            paths.extend(entries.next().map(str::to_string));
        }
        if code != ' ' && code != '?' {
            paths.push(path.to_string());
        }
    }
    paths
}

/// The paths `git status --porcelain=v1 -z` names as changed, untracked
/// or removed (a rename's source is skipped: the archive stages none).
fn changed_paths(status: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut entries = status.split('\0').filter(|e| !e.is_empty());
    while let Some(entry) = entries.next() {
        let Some(path) = entry.get(3..) else {
            continue;
        };
        if entry.starts_with('R') || entry.starts_with('C') {
            entries.next();
        }
        paths.push(path.to_string());
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::{changed_paths, staged_paths};

    #[test]
    fn status_names_each_changed_path() {
        let status = " M a.pgn\0?? autumn/r01-b01.pgn\0R  new.pgn\0old.pgn\0";
        assert_eq!(
            changed_paths(status),
            vec!["a.pgn", "autumn/r01-b01.pgn", "new.pgn"]
        );
        assert_eq!(staged_paths(status), vec!["old.pgn", "new.pgn"]);
    }
}
