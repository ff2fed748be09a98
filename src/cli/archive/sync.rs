//! `dynamo archive sync`.

use std::fmt;
use std::io::Write;
use std::path::Path;

use anyhow::Result;
use dynamo::archive::{ArchiveError, Synced};
use serde::Serialize;

use crate::cli::support::printer::{Printer, Report};
use crate::cli::support::{config_file, store};
use crate::exit::{Exit, Failure};

/// Share the club's record with its remote (`[archive] remote`, else
/// `origin`): fetch the remote's commits, rebase this machine's onto
/// them, push. Offline, the commits stay here for the next sync (exit
/// 75); a game changed both here and on the remote keeps the remote's
/// record in the games folder and this machine's on a branch, and is
/// named with how to choose (exit 1).
#[derive(clap::Args, Debug)]
pub(crate) struct Args {}

/// What a sync did: in words, or one JSON object `{"remote", "received",
/// "sent", "offline": {"waiting", "why"} | null, "conflict": {"games",
/// "branch", "left_out"} | null}`.
#[derive(Serialize)]
pub(crate) struct SyncReport {
    remote: String,
    /// The games folder, for the commands a conflict names.
    #[serde(skip)]
    dir: String,
    received: usize,
    sent: usize,
    offline: Option<Offline>,
    conflict: Option<ConflictReport>,
}

#[derive(Serialize)]
struct Offline {
    waiting: usize,
    why: String,
}

#[derive(Serialize)]
struct ConflictReport {
    games: Vec<String>,
    branch: String,
    left_out: usize,
}

impl SyncReport {
    /// The report of `synced` with `remote`, the archive in `dir`.
    pub(crate) fn new(synced: Synced, remote: &str, dir: &Path) -> SyncReport {
        SyncReport {
            remote: remote.to_string(),
            dir: dir.display().to_string(),
            received: synced.received,
            sent: synced.sent,
            offline: synced
                .offline
                .map(|(waiting, why)| Offline { waiting, why }),
            conflict: synced.conflict.map(|c| ConflictReport {
                games: c.labels(),
                branch: c.branch,
                left_out: c.left_out,
            }),
        }
    }

    /// The exit it calls for: a conflict 1, offline 75.
    pub(crate) fn exit(&self) -> Exit {
        if self.conflict.is_some() {
            Exit::Rejected
        } else if self.offline.is_some() {
            Exit::TempFail
        } else {
            Exit::Ok
        }
    }
}

impl fmt::Display for SyncReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let remote = &self.remote;
        writeln!(
            f,
            "archive sync with {remote}: {} received, {} sent",
            self.received, self.sent
        )?;
        if let Some(offline) = &self.offline {
            writeln!(
                f,
                "{remote} not reached ({}): {} commit(s) kept here; the next sync sends them",
                offline.why.lines().next().unwrap_or(""),
                offline.waiting
            )?;
        }
        if let Some(conflict) = &self.conflict {
            let dir = &self.dir;
            let branch = &conflict.branch;
            for game in &conflict.games {
                writeln!(
                    f,
                    "conflict: {game} changed both here and on {remote}: {remote}'s record is in the games folder, \
                     this machine's on branch {branch} (`git -C {dir} show {branch}:{game}.pgn`)"
                )?;
            }
            writeln!(
                f,
                "to keep this machine's record of a game instead: `git -C {dir} checkout {branch} -- GAME.pgn`, \
                 `dynamo verify {dir}/GAME.pgn` (committed as a hand edit), then `dynamo archive sync`; \
                 {} local commit(s) are on the branch only",
                conflict.left_out
            )?;
        }
        Ok(())
    }
}

impl Report for SyncReport {}

pub(crate) fn execute(
    _args: Args,
    path: Option<&Path>,
    printer: &Printer,
    out: &mut impl Write,
) -> Result<Exit> {
    let config = config_file::load(path)?;
    let Some(archive) = config.archive(store::lock_wait()?) else {
        return Err(Failure::new(
            Exit::Usage,
            "the archive is off: `dynamo archive sync` shares the record on git ([archive] git = true)",
        )
        .into());
    };
    let remote = config.archive.clone().unwrap_or_default().remote;
    let synced = archive.sync(&remote).map_err(|e| {
        let exit = match e {
            ArchiveError::NotARepository { .. }
            | ArchiveError::OldGit { .. }
            | ArchiveError::Uncommitted { .. } => Exit::Usage,
            _ => Exit::Io,
        };
        Failure::new(exit, e.to_string())
    })?;
    let report = SyncReport::new(synced, &remote, &config.games_dir);
    printer.out(&report, out)?;
    Ok(report.exit())
}
