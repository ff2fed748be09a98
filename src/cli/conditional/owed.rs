//! The replies conditional lines owe, played by every command that opens
//! a game (docs/players.md, "Conditional moves"). A run stopped between
//! the opponent's move and the reply leaves the reply owed; the commands
//! that record play it first ([`dynamo::recorder::Recorder::record_in`]),
//! and so does any other command that opens the game (`show --game`,
//! `export`, `games`, `verify`, `standings`, `site`, `legal`, `mail`,
//! `remind`, `digest`, `inbox`): under the game's lock, through the
//! recorder with its notices and pages, exactly once. A command that
//! promises not to write (`--dry-run`, `site --check`) says on standard
//! error that the reply is owed instead.
//!
//! The catch-up is a value, [`CatchUp`], that a command builds from its
//! config ([`CatchUp::from_config`]) and hands to what reads its games
//! ([`CatchUp::load`], [`CatchUp::before_reading`]), so that every call
//! site that may record shows it; a command that reads no config has the
//! default, with which a load is a plain read. The store folder is read once, and a
//! game with no standing lines costs a set lookup.

use std::path::{Path, PathBuf};

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::game::{Game, peek};
use dynamo::recorder::conditional::{LiveGames, Store};
use dynamo::recorder::{Recorded, Recorder, When};

use crate::cli::printer::{Printer, Said};
use crate::cli::recording::{Recording, subscriber_failure};
use crate::cli::{failure, store};

/// What a command does with the conditional replies owed in the games it
/// reads: plays them, says them (a command that promises not to write),
/// or nothing (no config read, or no game with standing lines).
#[derive(Clone, Default)]
pub(crate) struct CatchUp {
    live: Option<Live>,
}

/// The catch-up of a run with standing lines.
#[derive(Clone)]
struct Live {
    config: Config,
    live: LiveGames,
    /// Whether the command may write; else owed replies are only said.
    writes: bool,
    /// How the replies' notices are said: on standard error, beside the
    /// command's own output.
    said: Said,
}

impl CatchUp {
    /// The catch-up of a run with `config`: the store folder read once
    /// for the games with standing lines; `printer` says the replies'
    /// notices.
    pub(crate) fn from_config(config: &Config, printer: &Printer) -> Self {
        let live = Store::new(&config.conditional_dir).live_games();
        Self {
            live: (!live.is_empty()).then(|| Live {
                config: config.clone(),
                live,
                writes: true,
                said: printer.said_err(),
            }),
        }
    }

    /// For a command that promises not to write (`--dry-run`, `site
    /// --check`), when `promised`: owed replies are said on standard
    /// error, not recorded.
    pub(crate) fn read_only(mut self, promised: bool) -> Self {
        if promised && let Some(live) = &mut self.live {
            live.writes = false;
        }
        self
    }

    /// Loads a game for reading, after playing the reply owed in it;
    /// nothing is locked.
    pub(crate) fn load(&self, path: &Path) -> Result<Game> {
        self.before_reading_one(path);
        Game::load(path).map_err(failure::game)
    }

    /// Plays the replies owed in the games at `paths` (each a game file)
    /// before a command reads them. What cannot be played is a warning:
    /// the reply waits for the next command, and this one reads the game
    /// as it stands. With no standing lines this returns at once,
    /// whatever the number of files.
    pub(crate) fn before_reading<'p>(&self, paths: impl IntoIterator<Item = &'p PathBuf>) {
        let Some(live) = &self.live else {
            return;
        };
        for path in paths {
            live.before_reading(path);
        }
    }

    /// [`CatchUp::before_reading`] for one game file.
    fn before_reading_one(&self, path: &Path) {
        if let Some(live) = &self.live {
            live.before_reading(path);
        }
    }

    /// Plays the replies owed in every game file of the games folder
    /// `dir` (the commands that read the folder through the library:
    /// `site`, `inbox`).
    pub(crate) fn before_reading_folder(&self, dir: &Path) {
        if self.live.is_some()
            && let Ok(files) = dynamo::game::folder::pgn_files(dir)
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
            eprintln!("dynamo: warning: {}: {e:#}", path.display());
        }
    }

    fn play(&self, path: &Path) -> Result<()> {
        if !self.writes {
            let game = Game::load(path).map_err(failure::game)?;
            let recorder = Recorder::configured(&self.config.recorder(store::lock_wait()?));
            if let Some((side, reply)) = recorder.owed_reply(&game)? {
                eprintln!(
                    "dynamo: {}'s conditional reply {reply} is owed in {}; \
                     it is recorded by the next command that records",
                    side.title(),
                    path.display()
                );
            }
            return Ok(());
        }
        let file = GameFile::existing(path).map_err(failure::game)?;
        // The reply's notices go as any move's would with a `[mail]`
        // table: the opponent's move before it was mailed.
        let mut recording = Recording::new(&self.config, self.config.mail.is_some(), When::Now)?;
        let played = recording.with_recorder(|r| r.catch_up(&file))?;
        let played = played.map_err(|e| match e {
            dynamo::recorder::conditional::FollowError::Game(e) => failure::game(e),
            dynamo::recorder::conditional::FollowError::Subscriber(e) => subscriber_failure(e),
        })?;
        for reply in &played {
            eprintln!("dynamo: {} in {}", reply_line(reply), path.display());
        }
        recording.finish(path, "the conditional reply", Ok(()), self.said)?;
        Ok(())
    }
}

/// `conditional reply recorded: 2. Ng1f3 (Alice's line)`: the reply
/// alone, never the moves of the line still to come.
pub(crate) fn reply_line(reply: &Recorded) -> String {
    let label = reply.label().unwrap_or_default();
    let notation = match &reply.done {
        dynamo::recorder::Done::Moved { checked, .. } => checked.display.clone(),
        _ => String::new(),
    };
    let whose = match reply.side {
        Some(side) => {
            let name = &reply.game.player(side).name;
            if name.is_empty() || name == "?" {
                side.title().to_string()
            } else {
                name.clone()
            }
        }
        None => "the player".to_string(),
    };
    format!("conditional reply recorded: {label} {notation} ({whose}'s line)")
}
