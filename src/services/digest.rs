//! `digest`'s run: each player who chose one mail a day sent their
//! digest, once a day (UTC), when something happened in their games
//! since the last. The digests' lock is held from the survey of the
//! held notices to the last digest queued, so two runs make each once.

use std::path::PathBuf;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::game::Game;
use crate::mail::digest::plan::{self, DigestLock, Made, Survey};
use crate::mail::mail_config::MailConfig;
use crate::mail::{self, DeliveryReport, MailError, Pending, Secret};

/// A digest run under way: the digests' lock held, the held notices
/// surveyed.
#[derive(Debug)]
pub struct Digests<'c> {
    config: &'c MailConfig,
    dry_run: bool,
    lock: DigestLock,
    survey: Survey,
    /// What could not be read on the way, each a line: held notices of
    /// unknown players, broken files, games that do not read.
    pub problems: Vec<String>,
}

/// What a digest run did.
#[derive(Debug)]
pub struct DigestRun {
    /// Each player owed a digest, in the order of the survey.
    pub rows: Vec<DigestRow>,
    /// Held notices of events being recorded now, for the next run.
    pub busy: usize,
    /// Held notices whose event was never written, removed.
    pub void: usize,
    /// What went wrong on the way, each a line (the delivery's failure
    /// is in `report`).
    pub problems: Vec<String>,
    /// What became of the digests queued.
    pub report: DeliveryReport,
}

/// One player's digest.
#[derive(Debug, Clone, Serialize)]
pub struct DigestRow {
    /// The player's address.
    pub player: String,
    /// What became of it.
    pub state: DigestState,
    /// How many games it shows.
    pub games: usize,
    /// How many held notices it stands for.
    pub held: usize,
}

/// What became of a player's digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DigestState {
    /// Sent now.
    #[serde(rename = "sent")]
    Sent,
    /// Queued now, not sent yet: it waits in the outbox.
    #[serde(rename = "queued")]
    Queued,
    /// Would be sent (`--dry-run`).
    #[serde(rename = "would send")]
    WouldSend,
    /// Made already today: the held notices wait for the next day's.
    #[serde(rename = "made already today")]
    MadeAlready,
    /// No game of the player's is in progress: the held notices dropped.
    #[serde(rename = "no game in progress")]
    NoGames,
}

impl<'c> Digests<'c> {
    /// Takes the digests' lock (waiting long enough for a run that is
    /// sending) and surveys the held notices; with `dry_run` nothing
    /// will be sent, recorded or removed.
    pub fn open(config: &'c MailConfig, dry_run: bool) -> Result<Digests<'c>, MailError> {
        let patience = config.timeout * 2 + Duration::from_secs(30);
        let lock = plan::lock(config, patience)?;
        let survey = plan::survey(config, dry_run, &lock)?;
        let mut problems = survey.unknown.clone();
        problems.extend(
            survey
                .broken
                .iter()
                .map(|(p, why)| format!("{}: {why}", p.display())),
        );
        Ok(Digests {
            config,
            dry_run,
            lock,
            survey,
            problems,
        })
    }

    /// Whether any player is owed a digest: only then are the secret and
    /// the games needed.
    pub fn owed(&self) -> bool {
        !self.survey.owed.is_empty()
    }

    /// Makes each digest owed for the day of `now` over `games` (every
    /// game file, read), signed with `secret` (needed when
    /// [`Digests::owed`]), then lets the lock go and delivers them.
    pub fn make(
        mut self,
        secret: Option<&Secret>,
        games: &[(PathBuf, Game)],
        now: DateTime<Utc>,
    ) -> DigestRun {
        let mut rows = Vec::new();
        let mut pending: Vec<Pending> = Vec::new();
        if let Some(secret) = secret {
            for owed in &self.survey.owed {
                let made = plan::make(
                    self.config,
                    secret,
                    owed,
                    games,
                    now,
                    self.dry_run,
                    &self.lock,
                );
                let (state, count) = match made {
                    Ok(Made::Queued { pending: p, games }) => {
                        pending.push(*p);
                        (DigestState::Queued, games)
                    }
                    Ok(Made::WouldMake(games)) => (DigestState::WouldSend, games),
                    Ok(Made::Already) => (DigestState::MadeAlready, 0),
                    Ok(Made::NoGames) => (DigestState::NoGames, 0),
                    Ok(Made::Elsewhere) => continue,
                    Err(e) => {
                        self.problems.push(format!("{}: {e}", owed.player));
                        continue;
                    }
                };
                rows.push(DigestRow {
                    player: owed.player.clone(),
                    state,
                    games: count,
                    held: owed.held.len(),
                });
            }
        }
        drop(self.lock);
        let report = mail::deliver(self.config, pending, false);
        for row in &mut rows {
            let sent = report
                .sent
                .iter()
                .any(|q| q.to.iter().any(|t| t.eq_ignore_ascii_case(&row.player)));
            if row.state == DigestState::Queued && sent {
                row.state = DigestState::Sent;
            }
        }
        DigestRun {
            rows,
            busy: self.survey.busy,
            void: self.survey.void,
            problems: self.problems,
            report,
        }
    }
}
