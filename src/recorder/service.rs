//! The one entry that records an event, whoever asks: judged on the game
//! as it is under its lock, written durably ([`crate::game::store`]), and
//! told to each subscriber.

use std::time::Duration;

use chrono::Utc;
use dynamo_core::Color;

use super::action::{Action, Done, Recorded, Request, When, Who};
use super::archiving::Archiving;
use super::conditional::ended;
use super::conditional::store::Store;
use super::error::{NotRecorded, Refusal, SubscriberError};
use super::judge::judge;
use super::subscriber::Subscriber;
use crate::archive::Archive;
use crate::game::clock;
use crate::game::store::{self, GameFile, HeldGame, UpdateError};
use crate::game::{Game, GameError};
use crate::game::{deleting, pending};

/// The recording service: how long to wait for a game's lock, the
/// referee's policy, and the subscribers told of each event.
pub struct Recorder<'s> {
    wait: Duration,
    require_identity: bool,
    subscribers: Vec<&'s mut dyn Subscriber>,
    /// The club's record on git, told of each event after the other
    /// subscribers: its note is the last thing before the write.
    archive: Option<Archiving>,
    /// The players' conditional lines, played as the games go on.
    pub(super) conditionals: Option<Store>,
    /// The conditional replies recorded, in order (`take_followed`).
    pub(super) followed: Vec<Recorded>,
    /// What went wrong after an event was recorded, in words.
    pub(super) problems: Vec<String>,
}

/// What a recorder for a real run is made with ([`Recorder::configured`]).
/// The config fills it (`Config::recorder`); the recorder never reads the
/// config itself.
#[derive(Debug, Clone)]
pub struct RecorderSettings {
    /// How long a game's lock is waited for.
    pub lock_wait: Duration,
    /// Whether a move must say who sends it (`require_identity`).
    pub require_identity: bool,
    /// The players' conditional lines (`conditional_dir`), played as the
    /// games go on; `None` plays none.
    pub conditionals: Option<Store>,
    /// `[archive] git`: each event a commit in the games folder's
    /// repository; `None` keeps no archive.
    pub archive: Option<Archive>,
}

/// Why the front end's check or the judging stopped an update.
enum Stop<E> {
    Refused(Refusal<E>, Box<Game>),
    Subscriber(SubscriberError),
    Game(GameError),
}

impl<'s> Recorder<'s> {
    /// A recorder that waits at most `wait` for a game's lock.
    pub fn new(wait: Duration) -> Recorder<'s> {
        Recorder {
            wait,
            require_identity: false,
            subscribers: Vec::new(),
            archive: None,
            conditionals: None,
            followed: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// The recorder of a real run, as `settings` say; its subscribers
    /// are the front end's to add ([`Recorder::subscribe`]).
    pub fn configured(settings: &RecorderSettings) -> Recorder<'s> {
        Recorder {
            require_identity: settings.require_identity,
            conditionals: settings.conditionals.clone(),
            archive: settings.archive.clone().map(Archiving::new),
            ..Recorder::new(settings.lock_wait)
        }
    }

    /// Whether a move must say who sends it (`require_identity`).
    pub fn require_identity(mut self, required: bool) -> Recorder<'s> {
        self.require_identity = required;
        self
    }

    /// Tells `subscriber` of each event recorded from now on.
    pub fn subscribe(&mut self, subscriber: &'s mut dyn Subscriber) {
        self.subscribers.push(subscriber);
    }

    /// How long a game's lock is waited for.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// Records `request` in the game file at `path`.
    pub fn record(
        &mut self,
        path: &std::path::Path,
        request: &Request,
    ) -> Result<Recorded, NotRecorded> {
        let file = GameFile::existing(path)?;
        self.record_in(&file, request, |_: &Game, _| Ok(()))
    }

    /// Records `request` in the game `file`, if `check` allows it on the
    /// game as it is under the lock, once the side and the time are known
    /// (the front end's own judging: the inbox's "has the game moved on
    /// since the notice answered?"). Each subscriber is told: held,
    /// prepared, then committed once the event is in the file, or
    /// discarded when nothing was recorded.
    ///
    /// With conditional lines kept ([`Recorder::conditionals`]), a reply
    /// owed from before (a recorder stopped between a move and its
    /// reply) is played first, and the replies the event calls for after
    /// it ([`Recorder::take_followed`]); see [`super::conditional`].
    pub fn record_in<E>(
        &mut self,
        file: &GameFile,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Recorded, NotRecorded<E>> {
        self.follow(file).map_err(NotRecorded::from_follow)?;
        let recorded = self.record_once(file, request, check)?;
        if let Err(e) = self.follow(file) {
            // The event stands; its replies are owed to the next run.
            self.problems.push(e.to_string());
        }
        Ok(recorded)
    }

    /// Records `request` in a game whose lock the caller holds already
    /// (a change of many games, all or nothing: [`store::hold`]), as
    /// [`Recorder::record_in`] does but for the conditional lines, which
    /// a director's correction of a game not yet begun never sets off.
    /// A subscriber that locks before the game (the notices) must have
    /// taken its lock before the game's was taken.
    pub fn record_held<E>(
        &mut self,
        held: &HeldGame,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Recorded, NotRecorded<E>> {
        self.record_locked(held.file(), Some(held), request, check)
    }

    /// Records `request` alone, as [`Recorder::record_in`] describes.
    pub(super) fn record_once<E>(
        &mut self,
        file: &GameFile,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Recorded, NotRecorded<E>> {
        self.record_locked(file, None, request, check)
    }

    /// Records `request` in `file`, under the lock `held` or one taken now.
    fn record_locked<E>(
        &mut self,
        file: &GameFile,
        held: Option<&HeldGame>,
        request: &Request,
        check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
    ) -> Result<Recorded, NotRecorded<E>> {
        self.hold(file)?;
        let require_identity = self.require_identity;
        let conditionals = &self.conditionals;
        let subscribers = &mut self.subscribers;
        let archive = &mut self.archive;
        let change = |game: &Game| {
            let now = clock::truncate(Utc::now());
            if deleting::is_marked(file.real()) {
                return Err(Stop::Game(GameError::Deleting {
                    path: file.given().to_path_buf(),
                }));
            }
            let corrected = corrected_first(file, game, request)?;
            let game = corrected.as_ref().unwrap_or(game);
            let recorded = judge(game, request, now, require_identity, check)
                .map_err(|why| Stop::Refused(why, Box::new(game.clone())))?;
            let ended = match conditionals {
                Some(store) => ended::ended_by(store, &recorded.game)
                    .map_err(|e| Stop::Subscriber(SubscriberError::new(e)))?,
                None => Vec::new(),
            };
            for s in each(subscribers, archive) {
                s.lines_ended(&ended);
                s.prepare(file, &recorded.game).map_err(Stop::Subscriber)?;
            }
            Ok((recorded.game.clone(), recorded))
        };
        // The game's lock is kept until the archive has committed the
        // event: another run's event written in between would otherwise
        // go into this event's commit.
        let mut own = None;
        let held = match held {
            Some(held) => Ok(held),
            None => store::hold(file, self.wait).map(|h| &*own.insert(h)),
        };
        let result = held
            .map_err(UpdateError::Game)
            .and_then(|h| h.update(change));
        match result {
            Ok((_, recorded)) => {
                self.commit_archive(file, &recorded);
                drop(own);
                self.commit_others(file, &recorded);
                Ok(recorded)
            }
            Err(e) => {
                self.discard();
                Err(match e {
                    UpdateError::Game(e) => NotRecorded::Game(e),
                    UpdateError::Refused(Stop::Refused(why, game)) => {
                        NotRecorded::Refused { why, game }
                    }
                    UpdateError::Refused(Stop::Subscriber(e)) => NotRecorded::Subscriber(e),
                    UpdateError::Refused(Stop::Game(e)) => NotRecorded::Game(e),
                })
            }
        }
    }

    /// What `request` would record in `game`, writing nothing and telling
    /// no subscriber (`inbox --dry-run`).
    pub fn preview(&self, game: &Game, request: &Request) -> Result<Recorded, Refusal> {
        let now = clock::truncate(Utc::now());
        judge(game, request, now, self.require_identity, |_: &Game, _| {
            Ok(())
        })
    }

    /// As [`Recorder::preview`] for the game of `file`, as recording would
    /// judge it: with the correction of its section still due there made
    /// first (`inbox --dry-run` says what a run would do).
    pub fn preview_in(
        &self,
        file: &GameFile,
        game: &Game,
        request: &Request,
    ) -> Result<Recorded, NotRecorded> {
        let corrected = corrected_first(file, game, request).map_err(|e| match e {
            Stop::Refused(why, game) => NotRecorded::Refused { why, game },
            Stop::Subscriber(e) => NotRecorded::Subscriber(e),
            Stop::Game(e) => NotRecorded::Game(e),
        })?;
        let game = corrected.as_ref().unwrap_or(game);
        self.preview(game, request)
            .map_err(|why| NotRecorded::Refused {
                why,
                game: Box::new(game.clone()),
            })
    }

    /// Creates `game` at `file` ([`store::create`]), its subscribers told
    /// as of any event.
    pub fn create(&mut self, file: &GameFile, game: &Game) -> Result<Recorded, NotRecorded> {
        let wait = self.wait;
        let (_, mut recorded) = self.create_all(|new| -> Result<(), NotRecorded> {
            new.prepare(file, game)?;
            Ok(store::create(file.real(), wait, game)?)
        })?;
        // One game prepared, one recorded.
        Ok(recorded.remove(0))
    }

    /// Creates games together: `make` prepares the subscribers for each
    /// ([`Creating::prepare`]) before it makes them appear (a section's
    /// folder renamed into place); then each is committed in order, or,
    /// if `make` fails, everything prepared is discarded.
    pub fn create_all<T, E>(
        &mut self,
        make: impl FnOnce(&mut Creating<'_, 's>) -> Result<T, E>,
    ) -> Result<(T, Vec<Recorded>), E> {
        let mut creating = Creating {
            recorder: self,
            games: Vec::new(),
        };
        let made = make(&mut creating);
        let games = creating.games;
        let made = match made {
            Ok(made) => made,
            Err(e) => {
                self.discard();
                return Err(e);
            }
        };
        let now = clock::truncate(Utc::now());
        let mut all = Vec::with_capacity(games.len());
        for (file, game) in games {
            let recorded = Recorded {
                at: game.last_event_time().unwrap_or(now),
                game,
                side: None,
                done: Done::Created,
                now,
            };
            self.commit(&file, &recorded);
            all.push(recorded);
        }
        Ok((made, all))
    }

    fn hold(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        for i in 0..self.subscribers.len() {
            if let Err(e) = self.subscribers[i].hold(file) {
                self.discard();
                return Err(e);
            }
        }
        Ok(())
    }

    fn commit(&mut self, file: &GameFile, recorded: &Recorded) {
        self.commit_archive(file, recorded);
        self.commit_others(file, recorded);
    }

    /// Tells the archive the event is in `file`: under the game's lock
    /// when the event was recorded in one, so that its commit holds this
    /// event alone.
    fn commit_archive(&mut self, file: &GameFile, recorded: &Recorded) {
        if let Some(archive) = self.archive.as_mut() {
            archive.commit(file, recorded);
            self.problems.append(&mut archive.take_problems());
        }
    }

    /// Tells the front end's subscribers the event is in `file`, the
    /// game's lock let go (the pages read the games).
    fn commit_others(&mut self, file: &GameFile, recorded: &Recorded) {
        for s in self.subscribers.iter_mut() {
            s.commit(file, recorded);
        }
    }

    fn discard(&mut self) {
        for s in each(&mut self.subscribers, &mut self.archive) {
            s.discard();
        }
    }
}

/// Every subscriber in the order they are held, prepared and discarded:
/// the front end's, then the archive (told of a commit first, under the
/// game's lock).
fn each<'a>(
    subscribers: &'a mut [&mut dyn Subscriber],
    archive: &'a mut Option<Archiving>,
) -> impl Iterator<Item = &'a mut dyn Subscriber> {
    let archive = archive.iter_mut().map(|a| a as &mut dyn Subscriber);
    subscribers
        .iter_mut()
        .map(|s| &mut **s as &mut dyn Subscriber)
        .chain(archive)
}

/// New games being made ([`Recorder::create_all`]).
pub struct Creating<'r, 's> {
    recorder: &'r mut Recorder<'s>,
    games: Vec<(GameFile, Game)>,
}

impl Creating<'_, '_> {
    /// Holds and prepares each subscriber for `game`, about to appear at
    /// `file`.
    pub fn prepare(&mut self, file: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        self.recorder.hold(file)?;
        let recorder = &mut *self.recorder;
        for s in each(&mut recorder.subscribers, &mut recorder.archive) {
            s.prepare(file, game)?;
        }
        self.games.push((file.clone(), game.clone()));
        Ok(())
    }
}

/// `game` with the correction of many games written down for it and not
/// yet made (a `tournament set` stopped half-way, [`pending`]), made now,
/// as that run would have made it: the same `[%set …]` event at the same
/// time; the request is judged after it, so that no game is ever changed
/// under settings the rest of its section no longer has. `None` when
/// nothing is due, or when the request is that very correction.
fn corrected_first<E>(
    file: &GameFile,
    game: &Game,
    request: &Request,
) -> Result<Option<Game>, Stop<E>> {
    let Some(due) = pending::due(file.real(), game).map_err(Stop::Game)? else {
        return Ok(None);
    };
    if let (Action::Set { edits, reason }, Who::Director) = (&request.action, &request.who)
        && *edits == due.edits
        && *reason == due.reason
        && request.when == When::At(due.at)
    {
        return Ok(None);
    }
    game.set_tags(&due.edits, due.reason.as_deref(), due.at)
        .map(Some)
        .map_err(|e| Stop::Refused(Refusal::Correction(e), Box::new(game.clone())))
}
