//! The replies the lines owe, recorded through the recorder itself, so
//! that each is a move of its player in every respect (the file, the
//! notices, the pages): see the argument in [`super`].

use chrono::{DateTime, Utc};
use dynamo_core::{Color, MoveNumber};

use super::line::MAX_PLIES;
use super::store::Store;
use super::walk::{Walked, walk};
use crate::durable::FileError;
use crate::game::store::{self, GameFile};
use crate::game::{Game, GameError};
use crate::recorder::action::{Action, Recorded, Request, When, Who};
use crate::recorder::error::{NotRecorded, Refusal, SubscriberError};
use crate::recorder::service::Recorder;

/// The most replies one event can set off: both players' lines answering
/// each other to their ends.
const MAX_FOLLOW: usize = 2 * MAX_PLIES + 2;

/// Why the owed replies could not be looked at or recorded; the event
/// that asked for them, if any, stands.
#[derive(Debug, thiserror::Error)]
pub enum FollowError {
    #[error("conditional lines: {0}")]
    Game(#[from] GameError),
    #[error("conditional lines: {0}")]
    Subscriber(#[from] SubscriberError),
}

impl From<FileError> for FollowError {
    fn from(e: FileError) -> FollowError {
        FollowError::Game(e.into())
    }
}

impl<E> NotRecorded<E> {
    /// A reply owed from before that could not be recorded: nothing of
    /// the request was.
    pub(crate) fn from_follow(e: FollowError) -> NotRecorded<E> {
        match e {
            FollowError::Game(e) => NotRecorded::Game(e),
            FollowError::Subscriber(e) => NotRecorded::Subscriber(e),
        }
    }
}

/// A reply owed: who plays it, the move, and the event it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Owed {
    side: Color,
    text: String,
    key: String,
    at: Option<DateTime<Utc>>,
}

/// The owed reply was played or the lines changed meanwhile: another
/// recorder got there first.
#[derive(Debug, thiserror::Error)]
#[error("the conditional reply is no longer owed")]
struct Gone;

impl<'s> Recorder<'s> {
    /// Keeps the players' conditional lines in `store` and plays them.
    pub fn conditionals(mut self, store: Store) -> Recorder<'s> {
        self.conditionals = Some(store);
        self
    }

    /// The conditional replies recorded since the last call, in order.
    pub fn take_followed(&mut self) -> Vec<Recorded> {
        std::mem::take(&mut self.followed)
    }

    /// What went wrong after an event was recorded (its conditional
    /// replies then wait for the next command on the game), in words.
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    /// Plays the replies owed in the game `file` from before (a recorder
    /// stopped between a move and its reply), for a command that opens
    /// the game without recording in it: the replies recorded, in order.
    pub fn catch_up(&mut self, file: &GameFile) -> Result<Vec<Recorded>, FollowError> {
        self.follow(file)?;
        Ok(self.take_followed())
    }

    /// The reply owed in `game`, as its file and the store now stand,
    /// writing nothing and taking no lock (for a command that promises
    /// not to write): its player and the move, numbered (`2. Ng1f3`).
    pub fn owed_reply(&self, game: &Game) -> Result<Option<(Color, String)>, FileError> {
        let Some(store) = &self.conditionals else {
            return Ok(None);
        };
        Ok(owed_in(store, game)?.map(|(side, text)| {
            let number = game.position().fullmoves();
            (side, format!("{} {text}", MoveNumber { number, side }))
        }))
    }

    /// The replies the lines would play after `game`, an event's preview
    /// ([`Recorder::preview`], `inbox --dry-run`): each judged as it
    /// would be recorded, nothing written.
    pub fn preview_replies(&self, game: &Game) -> Vec<Recorded> {
        let Some(store) = &self.conditionals else {
            return Vec::new();
        };
        let mut replies: Vec<Recorded> = Vec::new();
        let mut game = game.clone();
        for _ in 0..MAX_FOLLOW {
            let Ok(Some((side, text))) = owed_in(store, &game) else {
                break;
            };
            let at = game.last_event().at.map_or(When::Now, When::At);
            let request = Request::new(
                Action::Move {
                    text,
                    offer_draw: false,
                },
                Who::side(side),
                at,
            );
            let Ok(reply) = self.preview(&game, &request) else {
                break;
            };
            game = reply.game.clone();
            replies.push(reply);
        }
        replies
    }

    /// Plays every reply the lines owe in the game `file`, one locked
    /// update each, until none is owed.
    pub(crate) fn follow(&mut self, file: &GameFile) -> Result<(), FollowError> {
        let Some(store) = self.conditionals.clone() else {
            return Ok(());
        };
        for _ in 0..MAX_FOLLOW {
            let owed = store::inspect_file(file, self.wait(), |game| settle(&store, game))??;
            let Some(owed) = owed else {
                return Ok(());
            };
            let request = Request::new(
                Action::Move {
                    text: owed.text.clone(),
                    offer_draw: false,
                },
                Who::side(owed.side),
                // At the time of the move it answers: the player's clock
                // does not run.
                owed.at.map_or(When::Now, When::At),
            );
            let check = |game: &Game, _| match still_owed(&store, game, &owed) {
                true => Ok(()),
                false => Err(Gone),
            };
            match self.record_once(file, &request, check) {
                Ok(recorded) => self.followed.push(recorded),
                Err(NotRecorded::Refused {
                    why: Refusal::Check(Gone),
                    ..
                }) => {}
                Err(NotRecorded::Refused { why, .. }) => {
                    // Cannot be: the line was played through when it was
                    // given. Should it happen, the lines end, saying why.
                    let why = format!("{} could not be played: {why}", owed.text);
                    store::inspect_file(file, self.wait(), |game| {
                        end(&store, game, owed.side, why)
                    })??;
                }
                Err(NotRecorded::Game(e)) => return Err(e.into()),
                Err(NotRecorded::Subscriber(e)) => return Err(e.into()),
            }
        }
        Ok(())
    }
}

/// Brings both players' stores up to the game's last event (under its
/// lock): lines that ended are kept as ended, lines played out removed.
/// The reply owed now, if any.
fn settle(store: &Store, game: &Game) -> Result<Option<Owed>, FileError> {
    let mut owed = None;
    for side in [Color::White, Color::Black] {
        let Some(stored) = store.load(game, side)? else {
            continue;
        };
        if stored.ended.is_some() {
            continue;
        }
        match walk(&stored, game, side) {
            Walked::Live {
                stored: now,
                owed: due,
            } => {
                if now != stored {
                    store.save(game, side, &now)?;
                }
                if let Some(text) = due {
                    let last = game.last_event();
                    owed = Some(Owed {
                        side,
                        text,
                        key: last.key(),
                        at: last.at,
                    });
                }
            }
            Walked::Ended { stored: now } => store.save(game, side, &now)?,
            Walked::Spent => store.remove(game, side)?,
        }
    }
    Ok(owed)
}

/// The reply the stored lines owe in `game` now, if any: its player
/// and the move as kept. Pure: nothing is saved.
fn owed_in(store: &Store, game: &Game) -> Result<Option<(Color, String)>, FileError> {
    for side in [Color::White, Color::Black] {
        if let Some(stored) = store.load(game, side)?
            && let Walked::Live {
                owed: Some(text), ..
            } = walk(&stored, game, side)
        {
            return Ok(Some((side, text)));
        }
    }
    Ok(None)
}

/// Whether `owed` is still the reply owed in `game`, under its lock.
fn still_owed(store: &Store, game: &Game, owed: &Owed) -> bool {
    if game.last_event().key() != owed.key {
        return false;
    }
    match store.load(game, owed.side) {
        Ok(Some(stored)) => matches!(
            walk(&stored, game, owed.side),
            Walked::Live { owed: Some(text), .. } if text == owed.text
        ),
        _ => false,
    }
}

/// Ends the lines of `side` in `game` for `why`.
fn end(store: &Store, game: &Game, side: Color, why: String) -> Result<(), FileError> {
    if let Some(mut stored) = store.load(game, side)? {
        stored.ended = Some(why);
        store.save(game, side, &stored)?;
    }
    Ok(())
}
