//! Why nothing was recorded: the action refused (the file untouched), the
//! game file unusable, or a subscriber unable to prepare for the event.

use std::convert::Infallible;
use std::error::Error;

use crate::game::player::MailboxError;
use crate::game::{CorrectionError, Game, GameError, Rejection};

/// Why an action was refused. `E` is what the front end's own check under
/// the game's lock refuses with (the inbox's "recorded already").
#[derive(Debug, thiserror::Error)]
pub enum Refusal<E = Infallible> {
    /// The rules or the game refuse it (a wrong turn, an illegal move, a
    /// time to come, a game over).
    #[error(transparent)]
    Rejected(Rejection),
    /// The director's correction cannot be made.
    #[error(transparent)]
    Correction(CorrectionError),
    /// The address given for the player is not one.
    #[error("{}: {error}", dynamo_core::clipped(.text))]
    Address { text: String, error: MailboxError },
    /// A player's action other than a move, with no side or address.
    #[error("no side and no address: who acts cannot be told")]
    NoSide,
    /// A move with no side or address, where the referee requires one.
    #[error("the submitter's identity is required")]
    IdentityRequired,
    /// A director's action asked by a player, or a player's by the
    /// director.
    #[error("not for {0} to do")]
    NotTheirs(&'static str),
    /// The front end's own check refused.
    #[error(transparent)]
    Check(E),
}

impl<E> Refusal<E> {
    /// The front end's own refusal apart (`Err`), or the recorder's.
    pub fn split(self) -> Result<Refusal, E> {
        Ok(match self {
            Refusal::Check(e) => return Err(e),
            Refusal::Rejected(r) => Refusal::Rejected(r),
            Refusal::Correction(c) => Refusal::Correction(c),
            Refusal::Address { text, error } => Refusal::Address { text, error },
            Refusal::NoSide => Refusal::NoSide,
            Refusal::IdentityRequired => Refusal::IdentityRequired,
            Refusal::NotTheirs(who) => Refusal::NotTheirs(who),
        })
    }
}

/// Why nothing was recorded; the game file is as it was.
#[derive(Debug, thiserror::Error)]
pub enum NotRecorded<E = Infallible> {
    /// The action is refused; `game` is the game it was judged on.
    #[error("{why}")]
    Refused { why: Refusal<E>, game: Box<Game> },
    /// The game file is missing, unreadable, locked for too long, or could
    /// not be written.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A subscriber could not prepare for the event (the notices could
    /// not be queued); nothing was written.
    #[error(transparent)]
    Subscriber(#[from] SubscriberError),
}

impl<E> NotRecorded<E> {
    /// The refusal, if the action was refused.
    pub fn refusal(&self) -> Option<&Refusal<E>> {
        match self {
            NotRecorded::Refused { why, .. } => Some(why),
            _ => None,
        }
    }
}

/// A subscriber's failure, kept whole so that a front end can tell what it
/// is ([`SubscriberError::downcast`]).
#[derive(Debug)]
pub struct SubscriberError(Box<dyn Error + Send + Sync + 'static>);

impl std::fmt::Display for SubscriberError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Error for SubscriberError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.0.source()
    }
}

impl SubscriberError {
    pub fn new(e: impl Error + Send + Sync + 'static) -> SubscriberError {
        SubscriberError(Box::new(e))
    }

    /// The error as the subscriber raised it, if it is a `T`.
    pub fn downcast<T: Error + 'static>(self) -> Result<T, SubscriberError> {
        self.0.downcast::<T>().map(|e| *e).map_err(SubscriberError)
    }

    /// A reference to the error, if it is a `T`.
    pub fn downcast_ref<T: Error + 'static>(&self) -> Option<&T> {
        self.0.downcast_ref::<T>()
    }
}
