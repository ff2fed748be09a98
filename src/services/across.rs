//! The director's corrections across many games, for `player set`,
//! `tournament set`, `withdraw`, `replace` and `delete`: each game's
//! header corrected through the recorder (its audit trail, its lock,
//! the web pages kept up to date), without the per-game notices, which
//! would tell each player once per game; instead one letter per person
//! ([`Letters`]) goes with the last game's correction, and is sent at
//! the end ([`Corrected`]).
//!
//! Every correction is first tried on the game as read
//! ([`Across::preview`], the recorder's preview), so that a `--at`
//! before a game's latest event, a value a game cannot hold or any other
//! refusal stops the command before anything is written.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::archive::Archive;
use crate::config::Config;
use crate::game::store::{self as game_store, GameFile, HeldGame};
use crate::game::{Game, GameError, TagEdit};
use crate::mail::mail_config::MailConfig;
use crate::mail::outbox::DeliveryState;
use crate::mail::{self, Built, MailError, Outbox, Pending, Secret, Sender};
use crate::recorder::{
    Action, Letters, NotRecorded, Notices, Pages, Recorded, Recorder, RecorderSettings, Refusal,
    Request, SubscriberError, When, Who,
};
use crate::site::SiteSettings;

/// The `[mail]` settings and the secret of a command that mails.
pub struct Mailer<'c> {
    config: &'c MailConfig,
    secret: Secret,
}

impl<'c> Mailer<'c> {
    /// Mailing with `config`, its reply tokens signed with `secret`.
    pub fn new(config: &'c MailConfig, secret: Secret) -> Mailer<'c> {
        Mailer { config, secret }
    }

    /// Who the letters are from.
    pub fn sender(&self) -> Sender<'_> {
        Sender::new(self.config, &self.secret)
    }

    /// The recorder's subscriber that queues the notices of each event.
    pub fn notices(&self) -> Notices<'_> {
        Notices::new(self.config, &self.secret)
    }

    /// The `[mail]` settings.
    pub fn config(&self) -> &'c MailConfig {
        self.config
    }
}

/// Why a correction across games stopped.
#[derive(Debug, thiserror::Error)]
pub enum AcrossError {
    /// A game file could not be read, locked or written.
    #[error("{0}")]
    Game(GameError),
    /// Tried on the game as read, the correction is refused: nothing was
    /// changed.
    #[error("{}: {why}; nothing was changed", .path.display())]
    Previewed { path: PathBuf, why: Refusal },
    /// The recorder refused it under the game's lock.
    #[error("{}: {why}", .path.display())]
    Refused { path: PathBuf, why: Refusal },
    /// The command's own check refused it under the game's lock.
    #[error("{}: {why}", .path.display())]
    Checked { path: PathBuf, why: String },
    /// The letters or the pages failed.
    #[error("{0}")]
    Subscriber(SubscriberError),
    /// The outbox failed.
    #[error("{0}")]
    Mail(MailError),
}

/// What corrections across games leave to do once every game is
/// corrected: the letters queued, to deliver, and the web pages that
/// could not follow (a warning: `dynamo site DIR` puts them right).
#[derive(Debug)]
pub struct Corrected {
    /// The director's letters, queued.
    pub letters: Vec<Pending>,
    /// What the web pages could not follow, each a line.
    pub page_problems: Vec<String>,
}

/// Corrections under way.
pub struct Across<'c> {
    pages: Option<Pages>,
    letters: Option<Letters<'c>>,
    queued: Vec<Pending>,
    lock_wait: Duration,
    /// The club's record on git, with `[archive] git = true`.
    archive: Option<Archive>,
}

impl<'c> Across<'c> {
    /// With `built` letters (about `about`) when mailing; each game's
    /// lock waited for `lock_wait` at most.
    pub fn new(
        config: &'c Config,
        mailer: Option<&Mailer<'c>>,
        built: Vec<Built>,
        about: &str,
        lock_wait: Duration,
    ) -> Across<'c> {
        Across {
            pages: pages(config),
            letters: mailer.map(|m| Letters::new(m.config, built, about)),
            queued: Vec::new(),
            lock_wait,
            archive: config.archive(lock_wait),
        }
    }

    /// Tries `action` on `game`, read from `path`, at `at`, as the
    /// director: its refusal, before anything is written.
    pub fn preview(
        path: &Path,
        game: &Game,
        action: &Action,
        at: DateTime<Utc>,
    ) -> Result<(), AcrossError> {
        let judge = Recorder::new(Duration::ZERO);
        let request = Request::new(action.clone(), Who::Director, When::At(at));
        judge
            .preview(game, &request)
            .map(drop)
            .map_err(|why| AcrossError::Previewed {
                path: path.to_path_buf(),
                why,
            })
    }

    /// Records the correction `edits` of `path` for `reason` at `when`,
    /// if `check` allows it on the game under its lock; with `last`, the
    /// letters go with it.
    pub fn set(
        &mut self,
        path: &Path,
        edits: &[TagEdit],
        reason: Option<&str>,
        when: When,
        last: bool,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded, AcrossError> {
        self.record(path, set_action(edits, reason), when, last, check)
    }

    /// Records the director's `action` on `path` at `when`, if `check`
    /// allows it on the game under its lock; with `last`, the letters go
    /// with it.
    pub fn record(
        &mut self,
        path: &Path,
        action: Action,
        when: When,
        last: bool,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded, AcrossError> {
        let file = GameFile::existing(path).map_err(AcrossError::Game)?;
        let mut recorder = Recorder::configured(&self.director());
        if let Some(letters) = self.letters.as_mut() {
            if last {
                letters.arm();
            }
            recorder.subscribe(letters);
        }
        if let Some(pages) = self.pages.as_mut() {
            recorder.subscribe(pages);
        }
        let request = Request::new(action, Who::Director, when);
        let result = recorder.record_in(&file, &request, |game: &Game, _| check(game));
        drop(recorder);
        self.outcome(path, result)
    }

    /// What came of recording in `path`: the letters it queued kept, a
    /// refusal said.
    fn outcome(
        &mut self,
        path: &Path,
        result: Result<Recorded, NotRecorded<String>>,
    ) -> Result<Recorded, AcrossError> {
        if let Some(letters) = self.letters.as_mut() {
            self.queued.append(&mut letters.take());
        }
        let path = path.to_path_buf();
        match result {
            Ok(recorded) => Ok(recorded),
            Err(NotRecorded::Refused { why, .. }) => Err(match why.split() {
                Ok(why) => AcrossError::Refused { path, why },
                Err(why) => AcrossError::Checked { path, why },
            }),
            Err(NotRecorded::Game(e)) => Err(AcrossError::Game(e)),
            Err(NotRecorded::Subscriber(e)) => Err(AcrossError::Subscriber(e)),
        }
    }

    /// The games at `paths` locked, all of them, for a change that must
    /// be all or nothing: first the letters' lock of the game `with`, the
    /// one they are to go with (the outbox's lock before a game's, as
    /// every recorder takes them), then each game's, in the order of
    /// their real paths, so that two such changes never wait on each
    /// other crosswise. The games come back in the order of `paths`.
    pub fn hold_all(
        &mut self,
        paths: &[PathBuf],
        with: Option<&Path>,
    ) -> Result<Vec<HeldGame>, AcrossError> {
        let files = game_files(paths)?;
        if let (Some(letters), Some(with)) = (self.letters.as_mut(), with) {
            let file = GameFile::existing(with).map_err(AcrossError::Game)?;
            letters.hold_for(&file).map_err(AcrossError::Subscriber)?;
        }
        hold_files(&files, self.lock_wait)
    }

    /// Records the director's `action` on the game `held`, at `when`, if
    /// `check` allows it: as [`Across::record`], under the lock held.
    pub fn record_held(
        &mut self,
        held: &HeldGame,
        action: Action,
        when: When,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded, AcrossError> {
        let path = held.file().given().to_path_buf();
        let mut recorder = Recorder::configured(&self.director());
        if let Some(letters) = self.letters.as_mut() {
            recorder.subscribe(letters);
        }
        if let Some(pages) = self.pages.as_mut() {
            recorder.subscribe(pages);
        }
        let request = Request::new(action, Who::Director, when);
        let result = recorder.record_held(held, &request, |game: &Game, _| check(game));
        drop(recorder);
        self.outcome(&path, result)
    }

    /// Letters queued already, without a game's event to carry them, to
    /// be sent at the end with the rest.
    pub fn queue(&mut self, queued: Vec<Pending>) {
        self.queued.extend(queued);
    }

    /// The corrections done: the letters to deliver, what the pages could
    /// not follow.
    pub fn finish(mut self) -> Corrected {
        Corrected {
            letters: std::mem::take(&mut self.queued),
            page_problems: self
                .pages
                .iter_mut()
                .flat_map(Pages::take_problems)
                .collect(),
        }
    }

    /// The recorder's settings for the director's corrections: no move
    /// needs a sender's identity, and no conditional line is played after
    /// a correction.
    fn director(&self) -> RecorderSettings {
        RecorderSettings {
            lock_wait: self.lock_wait,
            require_identity: false,
            conditionals: None,
            archive: self.archive.clone(),
        }
    }
}

/// The web pages every recorded event brings up to date, with `[site]
/// dir` in the config; the commands and the inbox alike.
pub fn pages(config: &Config) -> Option<Pages> {
    let site = config.site.as_ref()?;
    let dir = site.dir.as_ref()?;
    let settings = SiteSettings {
        delay_moves: site.delay_moves,
    };
    Some(Pages::new(dir, config.site_dir(dir), settings))
}

/// The director's header correction `edits`, for `reason`.
pub fn set_action(edits: &[TagEdit], reason: Option<&str>) -> Action {
    Action::Set {
        edits: edits.to_vec(),
        reason: reason.map(str::to_string),
    }
}

/// The games at `paths`, resolved.
fn game_files(paths: &[PathBuf]) -> Result<Vec<GameFile>, AcrossError> {
    paths
        .iter()
        .map(|p| GameFile::existing(p).map_err(AcrossError::Game))
        .collect()
}

/// The games at `paths` locked, all of them, in the order of their real
/// paths, each waited for `lock_wait` at most, as [`Across::hold_all`]
/// takes them (a caller that mails takes the outbox's lock first); they
/// come back in the order of `paths`.
pub fn hold_games(paths: &[PathBuf], lock_wait: Duration) -> Result<Vec<HeldGame>, AcrossError> {
    hold_files(&game_files(paths)?, lock_wait)
}

/// The games `held`, read again under their locks, each with its path as
/// given.
pub fn read_held(held: &[HeldGame]) -> Result<Vec<(PathBuf, Game)>, AcrossError> {
    held.iter()
        .map(|h| {
            h.load()
                .map(|game| (h.file().given().to_path_buf(), game))
                .map_err(AcrossError::Game)
        })
        .collect()
}

fn hold_files(files: &[GameFile], wait: Duration) -> Result<Vec<HeldGame>, AcrossError> {
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by(|&a, &b| files[a].key().cmp(files[b].key()));
    let mut held: Vec<Option<HeldGame>> = files.iter().map(|_| None).collect();
    for i in order {
        held[i] = Some(game_store::hold(&files[i], wait).map_err(AcrossError::Game)?);
    }
    Ok(held.into_iter().flatten().collect())
}

/// The letters `built` queued as `what` about `about`, once: those the
/// outbox holds queued already (a run stopped after queueing them) taken
/// as they are, those it holds otherwise (sent) not queued again.
pub fn queue_once(
    m: &Mailer<'_>,
    built: &[Built],
    about: &str,
    what: &str,
) -> Result<Vec<Pending>, AcrossError> {
    let outbox = Outbox::new(&m.config().outbox);
    let ids: HashSet<&str> = built.iter().map(|b| b.message_id.as_str()).collect();
    let mut queued: Vec<Pending> = outbox
        .scan(DeliveryState::Queued)
        .map_err(AcrossError::Mail)?
        .entries
        .into_iter()
        .filter(|e| ids.contains(e.queued.message_id.as_str()))
        .map(|e| Pending {
            path: e.path,
            queued: e.queued,
            held: false,
        })
        .collect();
    let new: Vec<Built> = built
        .iter()
        .filter(|b| !outbox.holds(&b.message_id))
        .cloned()
        .collect();
    queued.extend(mail::queue(m.config(), &new, about, what, 0, None).map_err(AcrossError::Mail)?);
    Ok(queued)
}
