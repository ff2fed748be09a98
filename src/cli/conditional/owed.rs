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
//! The config is known once it is read ([`set`], from
//! [`crate::cli::config_file::load`]); the games where they are read
//! ([`before_reading`], from the commands' loaders). Both are plain
//! calls in shared places, so that no command's own file has to carry
//! the catch-up; the store folder is read once, and a game with no
//! standing lines costs a set lookup.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Result;
use dynamo::config::Config;
use dynamo::game::store::GameFile;
use dynamo::game::{Game, peek};
use dynamo::recorder::conditional::{LiveGames, Store};
use dynamo::recorder::{Recorded, Recorder, When};

use crate::cli::notify::Said;
use crate::cli::recording::{Recording, subscriber_failure};
use crate::cli::{failure, store};

/// The catch-up of this run, once the config is read and if any game
/// has standing lines.
static CATCH_UP: Mutex<Option<Arc<CatchUp>>> = Mutex::new(None);

struct CatchUp {
    config: Config,
    live: LiveGames,
    /// Whether the command may write; else owed replies are only said.
    writes: bool,
}

/// Sets the catch-up up for the run with `config`: the store folder read
/// once for the games with standing lines.
pub(crate) fn set(config: &Config) {
    store::before_reading(before_reading_one);
    let live = Store::new(&config.conditional_dir).live_games();
    let catch_up = (!live.is_empty()).then(|| {
        Arc::new(CatchUp {
            config: config.clone(),
            live,
            writes: true,
        })
    });
    *CATCH_UP.lock().unwrap_or_else(PoisonError::into_inner) = catch_up;
}

/// For a command that promises not to write: owed replies are said on
/// standard error, not recorded.
pub(crate) fn without_writing() {
    let mut slot = CATCH_UP.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(c) = slot.as_ref() {
        *slot = Some(Arc::new(CatchUp {
            config: c.config.clone(),
            live: c.live.clone(),
            writes: false,
        }));
    }
}

/// Plays the replies owed in the games at `paths` (each a game file)
/// before a command reads them. What cannot be played is a warning: the
/// reply waits for the next command, and this one reads the game as it
/// stands. With no standing lines this returns at once, whatever the
/// number of files.
pub(crate) fn before_reading<'p>(paths: impl IntoIterator<Item = &'p PathBuf>) {
    let Some(catch_up) = current() else {
        return;
    };
    for path in paths {
        catch_up.before_reading(path);
    }
}

/// [`before_reading`] for one game file.
pub(crate) fn before_reading_one(path: &Path) {
    if let Some(catch_up) = current() {
        catch_up.before_reading(path);
    }
}

/// The catch-up of this run, if any game has standing lines.
fn current() -> Option<Arc<CatchUp>> {
    CATCH_UP
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Plays the replies owed in every game file of the games folder `dir`
/// (the commands that read the folder through the library: `site`,
/// `inbox`).
pub(crate) fn before_reading_folder(dir: &Path) {
    let live = CATCH_UP
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .is_some();
    if live && let Ok(files) = dynamo::game::folder::pgn_files(dir) {
        before_reading(&files);
    }
}

impl CatchUp {
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
        recording.finish(path, "the conditional reply", Ok(()), Said::Err)?;
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
