//! Sharing the archive with its remote (`dynamo archive sync`): the
//! remote's commits fetched, this machine's rebased onto them and pushed.
//! A push the remote refused (another director pushed meanwhile) is
//! fetched, rebased and tried again, a few times; a remote that cannot be
//! reached within [`NETWORK_WAIT`] leaves the commits here for the next
//! sync. A game changed both here and on the remote is a conflict: the
//! remote's record goes into the games folder, every local commit is
//! kept on a branch of its own (`dynamo-ours-…`), the local commits of
//! the other games are shared, and the director is told which games and
//! how to choose.

use std::time::Duration;

use chrono::Utc;

use super::error::ArchiveError;
use super::message::game_label;
use super::repo::Archive;

/// How long one fetch or push may take before the remote is taken for
/// unreachable.
pub const NETWORK_WAIT: Duration = Duration::from_secs(60);

/// How many times a push the remote refused is fetched, rebased and
/// tried again.
const PUSH_TRIES: usize = 5;

/// The prefix of the branch that keeps this machine's commits when a
/// game changed on both sides.
pub const OURS_BRANCH: &str = "dynamo-ours-";

/// What a sync did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Synced {
    /// The remote's commits taken.
    pub received: usize,
    /// This machine's commits sent.
    pub sent: usize,
    /// This machine's commits not sent, when the remote could not be
    /// reached: how many, and what git said.
    pub offline: Option<(usize, String)>,
    /// The games changed on both sides, when there were any.
    pub conflict: Option<Conflict>,
}

/// Games changed both here and on the remote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The games, by their path in the archive.
    pub games: Vec<String>,
    /// The branch holding every local commit as it was before the sync.
    pub branch: String,
    /// The local commits left out of the shared record (they are on the
    /// branch).
    pub left_out: usize,
}

/// Where a sync's commits go: the remote, and the branch on both sides.
struct Place<'a> {
    remote: &'a str,
    branch: String,
    /// The remote's branch as fetched here.
    tracking: String,
}

impl Archive {
    /// Shares the archive with `remote` (see the module's text). The
    /// work tree must be as committed (every command's recovery makes
    /// it so, unless a file does not replay).
    pub fn sync(&self, remote: &str) -> Result<Synced, ArchiveError> {
        self.check()?;
        let _lock = self.lock()?;
        let changed = self
            .git()
            .run(&["status", "--porcelain", "--untracked-files=no"], None)?;
        if !changed.is_empty() {
            return Err(ArchiveError::Uncommitted {
                paths: changed
                    .lines()
                    .map(|l| l.get(3..).unwrap_or(l))
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let branch = self
            .git()
            .run(&["symbolic-ref", "--short", "-q", "HEAD"], None)?
            .trim()
            .to_string();
        let place = Place {
            remote,
            tracking: format!("refs/remotes/{remote}/{branch}"),
            branch,
        };
        let mut synced = Synced::default();
        for _ in 0..PUSH_TRIES {
            if let Err(why) = self.fetch(&place)? {
                synced.offline = Some((self.ahead(&place)?, why));
                return Ok(synced);
            }
            self.take_remote(&place, &mut synced)?;
            let ahead = self.ahead(&place)?;
            if ahead == 0 {
                return Ok(synced);
            }
            match self.push(&place)? {
                Pushed::Done => {
                    synced.sent = ahead;
                    return Ok(synced);
                }
                Pushed::Refused => continue,
                Pushed::Unreachable(why) => {
                    synced.offline = Some((ahead, why));
                    return Ok(synced);
                }
            }
        }
        let ahead = self.ahead(&place)?;
        synced.offline = Some((
            ahead,
            format!("the remote refused the push {PUSH_TRIES} times: other pushes came first"),
        ));
        Ok(synced)
    }

    /// Fetches the remote's branch; `Err` with git's words when the
    /// remote could not be reached. A remote without the branch yet (a
    /// new, empty one) is fetched as it is.
    fn fetch(&self, place: &Place) -> Result<Result<(), String>, ArchiveError> {
        let refspec = format!("+refs/heads/{}:{}", place.branch, place.tracking);
        let said = self
            .git()
            .try_run_within(&["fetch", "-q", place.remote, &refspec], NETWORK_WAIT)?;
        Ok(match said {
            Some(said) if said.ok || said.stderr.contains("couldn't find remote ref") => Ok(()),
            Some(said) => Err(said.stderr.trim().to_string()),
            None => Err(format!("no answer within {} s", NETWORK_WAIT.as_secs())),
        })
    }

    /// Takes the remote's commits: local ones rebased onto them, or, when
    /// a game changed on both sides, set aside ([`Archive::set_aside`]).
    fn take_remote(&self, place: &Place, synced: &mut Synced) -> Result<(), ArchiveError> {
        if !self.has(&place.tracking)? {
            return Ok(());
        }
        let received = self.count(&format!("HEAD..{}", place.tracking))?;
        if received == 0 {
            return Ok(());
        }
        synced.received += received;
        let rebase = ["rebase", "-q", place.tracking.as_str()];
        let said = self.git().try_run(&rebase, None)?;
        if said.ok {
            return Ok(());
        }
        let games = self.conflicted()?;
        self.git().run(&["rebase", "--abort"], None)?;
        if games.is_empty() {
            return Err(self.git().failed(&rebase, &said.stderr));
        }
        let conflict = self.set_aside(place, games)?;
        synced.conflict = Some(match synced.conflict.take() {
            // A second conflict in a retried push: the first branch holds
            // every commit the second does.
            Some(first) => Conflict {
                games: merged(first.games, conflict.games),
                left_out: first.left_out + conflict.left_out,
                branch: first.branch,
            },
            None => conflict,
        });
        Ok(())
    }

    /// After a conflict in `games`: every local commit kept on a branch,
    /// the work tree reset to the remote's, and the local commits that
    /// touch none of the games changed on both sides put back on it, one
    /// by one (a commit found to clash too is left out as well).
    fn set_aside(&self, place: &Place, mut games: Vec<String>) -> Result<Conflict, ArchiveError> {
        let ours = self
            .git()
            .run(&["rev-parse", "HEAD"], None)?
            .trim()
            .to_string();
        let branch = format!("{OURS_BRANCH}{}", Utc::now().format("%Y%m%dT%H%M%SZ"));
        self.git().run(&["branch", "-f", &branch, &ours], None)?;
        let range = format!("{}..{ours}", place.tracking);
        let commits = self.git().run(&["rev-list", "--reverse", &range], None)?;
        self.git()
            .run(&["reset", "-q", "--hard", &place.tracking], None)?;
        let mut left_out = 0;
        for commit in commits.lines() {
            let files = self.git().run(
                &["diff-tree", "--no-commit-id", "--name-only", "-r", commit],
                None,
            )?;
            let files: Vec<String> = files.lines().map(str::to_string).collect();
            if files.iter().any(|f| games.contains(f)) {
                left_out += 1;
                games = merged(games, files);
                continue;
            }
            if self.git().try_run(&["cherry-pick", commit], None)?.ok {
                continue;
            }
            let clashes = self.conflicted()?;
            self.git().run(&["cherry-pick", "--abort"], None)?;
            if !clashes.is_empty() {
                left_out += 1;
                games = merged(games, files);
            }
            // Else it changed nothing the remote had not: the same
            // commit, shared before.
        }
        games.retain(|g| g.ends_with(".pgn"));
        Ok(Conflict {
            games,
            branch,
            left_out,
        })
    }

    /// Pushes the local branch to the remote's.
    fn push(&self, place: &Place) -> Result<Pushed, ArchiveError> {
        let refspec = format!("HEAD:refs/heads/{}", place.branch);
        let said = self
            .git()
            .try_run_within(&["push", "-q", place.remote, &refspec], NETWORK_WAIT)?;
        Ok(match said {
            Some(said) if said.ok => {
                // The remote is as pushed: the next sync counts from here.
                self.git()
                    .run(&["update-ref", &place.tracking, "HEAD"], None)?;
                Pushed::Done
            }
            Some(said)
                if [
                    "[rejected]",
                    "fetch first",
                    "non-fast-forward",
                    "stale info",
                ]
                .iter()
                .any(|w| said.stderr.contains(w)) =>
            {
                Pushed::Refused
            }
            Some(said) => Pushed::Unreachable(said.stderr.trim().to_string()),
            None => Pushed::Unreachable(format!("no answer within {} s", NETWORK_WAIT.as_secs())),
        })
    }

    /// How many local commits the remote lacks, as last fetched.
    fn ahead(&self, place: &Place) -> Result<usize, ArchiveError> {
        if self.has(&place.tracking)? {
            self.count(&format!("{}..HEAD", place.tracking))
        } else {
            self.count("HEAD")
        }
    }

    /// Whether `reference` names a commit.
    fn has(&self, reference: &str) -> Result<bool, ArchiveError> {
        Ok(self
            .git()
            .try_run(&["rev-parse", "-q", "--verify", reference], None)?
            .ok)
    }

    /// How many commits `range` holds.
    fn count(&self, range: &str) -> Result<usize, ArchiveError> {
        let text = self.git().run(&["rev-list", "--count", range], None)?;
        Ok(text.trim().parse().unwrap_or(0))
    }

    /// The files a stopped rebase or cherry-pick could not merge.
    fn conflicted(&self) -> Result<Vec<String>, ArchiveError> {
        let text = self
            .git()
            .run(&["diff", "--name-only", "--diff-filter=U"], None)?;
        Ok(text.lines().map(str::to_string).collect())
    }
}

/// How a push ended.
enum Pushed {
    Done,
    /// Another push came first: fetch and rebase again.
    Refused,
    /// The remote could not be reached: git's words.
    Unreachable(String),
}

/// `a` and `b`'s paths, each once, in order.
fn merged(mut a: Vec<String>, b: Vec<String>) -> Vec<String> {
    for path in b {
        if !a.contains(&path) {
            a.push(path);
        }
    }
    a
}

impl Conflict {
    /// The games by label (`autumn/r01-b03`).
    pub fn labels(&self) -> Vec<String> {
        self.games.iter().map(|g| game_label(g)).collect()
    }
}
