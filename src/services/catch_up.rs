//! The replies conditional lines owe, played by every front end that
//! opens a game (docs/players.md, "Conditional moves"). A run stopped
//! between the opponent's move and the reply leaves the reply owed; the
//! commands that record play it first ([`crate::recorder::Recorder::record_in`]),
//! and so does anything else that opens the game: under the game's lock,
//! through the recorder with its notices and pages, exactly once. A run
//! that promises not to write (`--dry-run`, `site --check`) is told that
//! the reply is owed instead.
//!
//! The catch-up is a value, [`CatchUp`], that a front end builds from its
//! config ([`CatchUp::new`]) and hands to what reads its games
//! ([`CatchUp::load`], [`CatchUp::before_reading`]), so that every call
//! site that may record shows it; the default, for a run that reads no
//! config, makes a load a plain read. The store folder is read once, and
//! a game with no standing lines costs a set lookup. What it plays, the
//! front end hears through [`Told`] as it happens.

use std::path::{Path, PathBuf};

use dynamo_core::Color;

use crate::config::Config;
use crate::durable::FileError;
use crate::game::store::GameFile;
use crate::game::{Game, GameError, peek};
use crate::recorder::conditional::{FollowError, LiveGames, Store};
use crate::recorder::{Recorded, Recorder, When};

use super::recording::{Finished, Heard, Recording, RecordingError, lock_wait};

/// What a front end is told of the replies a catch-up finds owed.
pub trait Told: Heard {
    /// The reply owed in the game at `path`, not recorded: the run
    /// promised not to write.
    fn owed(&self, path: &Path, side: Color, reply: &str);
    /// `reply` recorded in the game at `path`.
    fn played(&self, path: &Path, reply: &Recorded);
    /// The replies recorded in the game at `path` are finished: the pages'
    /// problems and the notices' delivery.
    fn finished(&self, path: &Path, finished: Finished);
    /// The reply owed in the game at `path` could not be looked at or
    /// played: it waits for the next command, and this one reads the
    /// game as it stands.
    fn failed(&self, path: &Path, error: CatchUpError);
}

/// Why the reply owed in a game could not be looked at or played.
#[derive(Debug, thiserror::Error)]
pub enum CatchUpError {
    /// The game could not be read.
    #[error(transparent)]
    Game(GameError),
    /// The conditional lines could not be read.
    #[error(transparent)]
    Lines(FileError),
    /// The recording of the reply could not be set up or run.
    #[error(transparent)]
    Recording(RecordingError),
    /// The reply could not be recorded.
    #[error(transparent)]
    Follow(FollowError),
}

/// What a run does with the conditional replies owed in the games it
/// reads: plays them, tells them (a run that promises not to write), or
/// nothing (no config read, or no game with standing lines).
#[derive(Default)]
pub struct CatchUp {
    live: Option<Live>,
}

/// The catch-up of a run with standing lines.
struct Live {
    config: Config,
    live: LiveGames,
    /// Whether the run may write; else owed replies are only told.
    writes: bool,
    told: Box<dyn Told>,
}

impl CatchUp {
    /// The catch-up of a run with `config`: the store folder read once
    /// for the games with standing lines; what it does is `told`.
    pub fn new(config: &Config, told: Box<dyn Told>) -> Self {
        let live = Store::new(&config.conditional_dir).live_games();
        Self {
            live: (!live.is_empty()).then(|| Live {
                config: config.clone(),
                live,
                writes: true,
                told,
            }),
        }
    }

    /// For a run that promises not to write (`--dry-run`, `site
    /// --check`), when `promised`: owed replies are told, not recorded.
    pub fn read_only(mut self, promised: bool) -> Self {
        if promised && let Some(live) = &mut self.live {
            live.writes = false;
        }
        self
    }

    /// Loads a game for reading, after playing the reply owed in it;
    /// nothing is locked.
    pub fn load(&self, path: &Path) -> Result<Game, GameError> {
        if let Some(live) = &self.live {
            live.before_reading(path);
        }
        Game::load(path)
    }

    /// Plays the replies owed in the games at `paths` (each a game file)
    /// before a run reads them. What cannot be played is told: the reply
    /// waits for the next command, and this one reads the game as it
    /// stands. With no standing lines this returns at once, whatever the
    /// number of files.
    pub fn before_reading<'p>(&self, paths: impl IntoIterator<Item = &'p PathBuf>) {
        let Some(live) = &self.live else {
            return;
        };
        for path in paths {
            live.before_reading(path);
        }
    }

    /// Plays the replies owed in every game file of the games folder
    /// `dir` (the runs that read the folder through the library: `site`,
    /// `inbox`).
    pub fn before_reading_folder(&self, dir: &Path) {
        if self.live.is_some()
            && let Ok(files) = crate::game::folder::pgn_files(dir)
        {
            self.before_reading(&files);
        }
    }
}

impl Live {
    fn before_reading(&self, path: &Path) {
        let Ok(id) = peek::game_id(path) else {
            return;
        };
        if !self.live.has(&id) {
            return;
        }
        if let Err(e) = self.play(path) {
            self.told.failed(path, e);
        }
    }

    fn play(&self, path: &Path) -> Result<(), CatchUpError> {
        if !self.writes {
            let game = Game::load(path).map_err(CatchUpError::Game)?;
            let wait = lock_wait().map_err(|e| CatchUpError::Recording(e.into()))?;
            let recorder = Recorder::configured(&self.config.recorder(wait));
            let owed = recorder.owed_reply(&game).map_err(CatchUpError::Lines)?;
            if let Some((side, reply)) = owed {
                self.told.owed(path, side, &reply);
            }
            return Ok(());
        }
        let file = GameFile::existing(path).map_err(CatchUpError::Game)?;
        // The reply's notices go as any move's would with a `[mail]`
        // table: the opponent's move before it was mailed.
        let mut recording = Recording::new(
            &self.config,
            self.config.mail.is_some(),
            When::Now,
            &*self.told,
        )
        .map_err(CatchUpError::Recording)?;
        let played = recording
            .with_recorder(|r| r.catch_up(&file))
            .map_err(CatchUpError::Recording)?
            .map_err(CatchUpError::Follow)?;
        for reply in &played {
            self.told.played(path, reply);
        }
        self.told.finished(path, recording.finish());
        Ok(())
    }
}
