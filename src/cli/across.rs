//! The director's corrections across many games, for `player set`,
//! `tournament set` and `tournament withdraw`: each game's header corrected through the recorder
//! (its audit trail, its lock, the web pages kept up to date), without
//! the per-game notices, which would tell each player once per game;
//! instead one letter per person ([`Letters`]) goes with the last game's
//! correction, and is sent at the end.
//!
//! Every correction is first tried on the game as read
//! ([`Across::try_each`], the recorder's preview), so that a `--at` before a game's latest event,
//! a value a game cannot hold or any other refusal stops the command
//! before anything is written.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::Result;
use chrono::{DateTime, Utc};
use dynamo::config::{Config, MailConfig};
use dynamo::game::store::{self as game_store, GameFile, HeldGame};
use dynamo::game::{Game, TagEdit};
use dynamo::mail::outbox::State;
use dynamo::mail::{self, Built, MailError, Outbox, Pending, Secret, Sender};
use dynamo::recorder::{
    Action, Letters, NotRecorded, Pages, Recorded, Recorder, RecorderSettings, Request, When, Who,
};

use crate::cli::conditional::owed::CatchUp;
use crate::cli::notify;
use crate::cli::printer::Said;
use crate::cli::recording::{pages, refusal, subscriber_failure};
use crate::cli::{failure, store};
use crate::exit::{Exit, Failure};

/// The `[mail]` settings and the secret, when the command mails.
pub(crate) struct Mailer<'c> {
    config: &'c MailConfig,
    secret: Secret,
}

impl<'c> Mailer<'c> {
    /// With `--mail` or `mail_after_move`; refused (before anything is
    /// changed) without a `[mail]` table or a usable secret.
    pub(crate) fn new(config: &'c Config, flag: bool) -> Result<Option<Mailer<'c>>> {
        if !(flag || config.mail_after_move) {
            return Ok(None);
        }
        let mail_config = notify::mail_config(config)?;
        Ok(Some(Mailer {
            config: mail_config,
            secret: notify::secret(mail_config)?,
        }))
    }

    /// Who the letters are from.
    pub(crate) fn sender(&self) -> Sender<'_> {
        Sender::new(self.config, &self.secret)
    }

    /// The `[mail]` settings.
    pub(crate) fn config(&self) -> &'c MailConfig {
        self.config
    }
}

/// Corrections under way.
pub(crate) struct Across<'c> {
    pages: Option<Pages>,
    letters: Option<Letters<'c>>,
    queued: Vec<Pending>,
}

impl<'c> Across<'c> {
    /// With `built` letters (about `about`) when mailing.
    pub(crate) fn new(
        config: &'c Config,
        mailer: Option<&Mailer<'c>>,
        built: Vec<Built>,
        about: &str,
    ) -> Across<'c> {
        Across {
            pages: pages(config),
            letters: mailer.map(|m| Letters::new(m.config, built, about)),
            queued: Vec::new(),
        }
    }

    /// Tries each correction on its game as read through `catch_up`, at
    /// `at`: the first refusal, in the commands' words, stops everything.
    pub(crate) fn try_each(
        games: &[(PathBuf, Vec<TagEdit>)],
        reason: Option<&str>,
        at: DateTime<Utc>,
        catch_up: &CatchUp,
        check: impl Fn(&Path, &Game) -> Result<()>,
    ) -> Result<()> {
        let actions: Vec<(PathBuf, Action)> = games
            .iter()
            .map(|(path, edits)| (path.clone(), set_action(edits, reason)))
            .collect();
        Across::try_actions(&actions, at, catch_up, check)
    }

    /// Tries each action on its game as read through `catch_up`, at
    /// `at`: the first refusal, in the commands' words, stops everything.
    pub(crate) fn try_actions(
        actions: &[(PathBuf, Action)],
        at: DateTime<Utc>,
        catch_up: &CatchUp,
        check: impl Fn(&Path, &Game) -> Result<()>,
    ) -> Result<()> {
        for (path, action) in actions {
            let game = catch_up.load(path)?;
            check(path, &game)?;
            Across::try_on(path, &game, action, at)?;
        }
        Ok(())
    }

    /// Tries `action` on `game`, read from `path`, at `at`: its refusal in
    /// the commands' words.
    pub(crate) fn try_on(
        path: &Path,
        game: &Game,
        action: &Action,
        at: DateTime<Utc>,
    ) -> Result<()> {
        let judge = Recorder::new(store::lock_wait()?);
        let request = Request::new(action.clone(), Who::Director, When::At(at));
        if let Err(why) = judge.preview(game, &request) {
            let message = format!("{}: {why}; nothing was changed", path.display());
            let exit = failure::exit_code(&refusal(why));
            return Err(Failure::new(exit, message).into());
        }
        Ok(())
    }

    /// Records the correction `edits` of `path` for `reason` at `when`,
    /// if `check` allows it on the game under its lock; with `last`, the
    /// letters go with it.
    pub(crate) fn set(
        &mut self,
        path: &Path,
        edits: &[TagEdit],
        reason: Option<&str>,
        when: When,
        last: bool,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded> {
        self.record(path, set_action(edits, reason), when, last, check)
    }

    /// Records the director's `action` on `path` at `when`, if `check`
    /// allows it on the game under its lock; with `last`, the letters go
    /// with it.
    pub(crate) fn record(
        &mut self,
        path: &Path,
        action: Action,
        when: When,
        last: bool,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded> {
        let file = GameFile::existing(path).map_err(failure::game)?;
        let mut recorder = Recorder::configured(&director()?);
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
    /// refusal in the commands' words.
    fn outcome(
        &mut self,
        path: &Path,
        result: Result<Recorded, NotRecorded<String>>,
    ) -> Result<Recorded> {
        if let Some(letters) = self.letters.as_mut() {
            self.queued.append(&mut letters.take());
        }
        match result {
            Ok(recorded) => Ok(recorded),
            Err(NotRecorded::Refused { why, .. }) => Err(match why.split() {
                Ok(why) => refusal(why),
                Err(why) => {
                    Failure::new(Exit::Rejected, format!("{}: {why}", path.display())).into()
                }
            }),
            Err(NotRecorded::Game(e)) => Err(failure::game(e)),
            Err(NotRecorded::Subscriber(e)) => Err(subscriber_failure(e)),
        }
    }

    /// The games at `paths` locked, all of them, for a change that must
    /// be all or nothing: first the letters' lock of the game `with`, the
    /// one they are to go with (the outbox's lock before a game's, as
    /// every recorder takes them), then each game's, in the order of
    /// their real paths, so that two such changes never wait on each
    /// other crosswise. The games come back in the order of `paths`.
    pub(crate) fn hold_all(
        &mut self,
        paths: &[PathBuf],
        with: Option<&Path>,
    ) -> Result<Vec<HeldGame>> {
        let files = game_files(paths)?;
        if let (Some(letters), Some(with)) = (self.letters.as_mut(), with) {
            let file = GameFile::existing(with).map_err(failure::game)?;
            letters.hold_for(&file).map_err(subscriber_failure)?;
        }
        hold_files(&files)
    }

    /// Records the director's `action` on the game `held`, at `when`, if
    /// `check` allows it: as [`Across::record`], under the lock held.
    pub(crate) fn record_held(
        &mut self,
        held: &HeldGame,
        action: Action,
        when: When,
        check: impl FnOnce(&Game) -> Result<(), String>,
    ) -> Result<Recorded> {
        let path = held.file().given().to_path_buf();
        let mut recorder = Recorder::configured(&director()?);
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
    pub(crate) fn queue(&mut self, queued: Vec<Pending>) {
        self.queued.extend(queued);
    }

    /// Sends the letters queued (when mailing) and says so as `said`;
    /// warns of pages that could not follow. `what` is what was done, for
    /// a failure's message.
    pub(crate) fn finish(
        mut self,
        mailer: Option<&Mailer>,
        what: &str,
        said: Said,
    ) -> Result<Exit> {
        for problem in self.pages.iter_mut().flat_map(Pages::take_problems) {
            eprintln!("dynamo: warning: {problem}");
        }
        let (Some(mailer), false) = (mailer, self.queued.is_empty()) else {
            return Ok(Exit::Ok);
        };
        let report = mail::deliver(mailer.config, std::mem::take(&mut self.queued), false);
        // A failure to say them is not one of the mailing.
        let _ = said.deliveries(&report, true);
        match report.first_error() {
            None => Ok(Exit::Ok),
            Some(e) => Err(Failure::new(
                failure::mail_exit(e),
                format!(
                    "{what}, but mailing the letters failed: {e}\n{}",
                    notify::where_queued(&report)
                ),
            )
            .into()),
        }
    }
}

/// The recorder's settings for the director's corrections: no move
/// needs a sender's identity, and no conditional line is played after
/// a correction.
fn director() -> Result<RecorderSettings> {
    Ok(RecorderSettings {
        lock_wait: store::lock_wait()?,
        require_identity: false,
        conditionals: None,
    })
}

/// The director's header correction `edits`, for `reason`.
pub(crate) fn set_action(edits: &[TagEdit], reason: Option<&str>) -> Action {
    Action::Set {
        edits: edits.to_vec(),
        reason: reason.map(str::to_string),
    }
}

/// The games at `paths`, resolved.
fn game_files(paths: &[PathBuf]) -> Result<Vec<GameFile>> {
    paths
        .iter()
        .map(|p| GameFile::existing(p).map_err(failure::game))
        .collect()
}

/// The games at `paths` locked, all of them, in the order of their real
/// paths, as [`Across::hold_all`] takes them (a caller that mails takes
/// the outbox's lock first); they come back in the order of `paths`.
pub(crate) fn hold_games(paths: &[PathBuf]) -> Result<Vec<HeldGame>> {
    hold_files(&game_files(paths)?)
}

/// The games `held`, read again under their locks, each with its path as
/// given.
pub(crate) fn read_held(held: &[HeldGame]) -> Result<Vec<(PathBuf, Game)>> {
    held.iter()
        .map(|h| {
            h.load()
                .map(|game| (h.file().given().to_path_buf(), game))
                .map_err(failure::game)
        })
        .collect()
}

fn hold_files(files: &[GameFile]) -> Result<Vec<HeldGame>> {
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by(|&a, &b| files[a].key().cmp(files[b].key()));
    let wait = store::lock_wait()?;
    let mut held: Vec<Option<HeldGame>> = files.iter().map(|_| None).collect();
    for i in order {
        held[i] = Some(game_store::hold(&files[i], wait).map_err(failure::game)?);
    }
    Ok(held.into_iter().flatten().collect())
}

/// The letters `built` queued as `what` about `about`, once: those the
/// outbox holds queued already (a run stopped after queueing them) taken
/// as they are, those it holds otherwise (sent) not queued again.
pub(crate) fn queue_once(
    m: &Mailer<'_>,
    built: &[Built],
    about: &str,
    what: &str,
) -> Result<Vec<Pending>> {
    let outbox = Outbox::new(&m.config().outbox);
    let fail =
        |e: MailError| anyhow::Error::from(Failure::new(failure::mail_exit(&e), e.to_string()));
    let ids: HashSet<&str> = built.iter().map(|b| b.message_id.as_str()).collect();
    let mut queued: Vec<Pending> = outbox
        .scan(State::Queued)
        .map_err(fail)?
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
    queued.extend(mail::queue(m.config(), &new, about, what, 0, None).map_err(fail)?);
    Ok(queued)
}
