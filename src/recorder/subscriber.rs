//! What reacts to a recorded event: the notices and the web pages. A subscriber is registered on the
//! [`super::Recorder`], never on a front end, so adding one touches no
//! command and not the inbox.
//!
//! Recording one event runs in phases, for a subscriber that must not lose
//! or double anything (the notices are queued before the file is written
//! and held back until their event is in it):
//!
//! 1. [`Subscriber::hold`], before the game's lock is taken (the outbox's
//!    recording lock: always taken before the game's, never after);
//! 2. [`Subscriber::prepare`], under the game's lock, with the game about
//!    to be written (after [`Subscriber::lines_ended`], the conditional
//!    lines it ends); an error here stops the write;
//! 3. then either [`Subscriber::commit`], once the event is in the file,
//!    or [`Subscriber::discard`], when nothing was recorded (refused, or
//!    the write failed). A refused action is never committed. The
//!    archive's commit comes first, under the game's lock; the others'
//!    after it is let go.

use super::action::Recorded;
use super::conditional::ended::Ended;
use super::error::SubscriberError;
use crate::game::Game;
use crate::game::store::GameFile;

/// What reacts to each recorded event, once, in order.
pub trait Subscriber {
    /// Before the lock of `file` is taken.
    fn hold(&mut self, file: &GameFile) -> Result<(), SubscriberError> {
        let _ = file;
        Ok(())
    }

    /// Under the lock of `file`, just before [`Subscriber::prepare`]: the
    /// conditional lines the event about to be written ends, each for its
    /// player's eyes only.
    fn lines_ended(&mut self, ended: &[Ended]) {
        let _ = ended;
    }

    /// Under the lock of `file`, before `game` is written over it.
    fn prepare(&mut self, file: &GameFile, game: &Game) -> Result<(), SubscriberError> {
        let _ = (file, game);
        Ok(())
    }

    /// The event is in `file`.
    fn commit(&mut self, file: &GameFile, recorded: &Recorded);

    /// Nothing was recorded since the last commit: undo what was
    /// prepared, let go of what was held.
    fn discard(&mut self) {}
}
