//! A reply with conditional lines (docs/players.md, "Conditional moves"): its move,
//! if any, recorded as any move is; then the lines given to the recorder,
//! which checks them on the game as it is after that move and keeps them
//! beside it; and a private answer to the player listing their lines as
//! they now stand, in canonical notation, or why they were refused. A
//! refused line leaves the move recorded: the move was clear on its own.
//! Nothing of the lines reaches the opponent.

use super::command::Command;
use super::disposition::{Disposition, Why};
use super::error::InboxError;
use super::games::Target;
use super::handle::{Inbox, Work};
use super::judge::{Judged, judge};
use crate::game::Game;
use crate::game::store::GameFile;
use crate::recorder::Who;
use crate::recorder::conditional::LinesNotKept;

impl Inbox<'_> {
    /// Handles `command`, a reply's lines or `cancel conditionals`.
    pub(super) fn conditional(
        &mut self,
        work: &mut Work,
        target: &Target,
        command: Command,
        from: &str,
    ) -> Result<Disposition, InboxError> {
        let (path, side) = (&target.path, target.side);
        let (first, lines, cancel) = match command {
            Command::Conditional { first, lines } => (first, lines, false),
            Command::CancelConditionals => (None, Vec::new(), true),
            other => (Some(Box::new(other)), Vec::new(), false),
        };
        let mut recorded = None;
        if let Some(first) = first {
            let reference = work.key.reference.clone();
            match judge(&target.game, side, target.seq, &first, &reference) {
                Judged::Current => {}
                other => return self.judged(work, path, &target.game, side, from, other),
            }
            match self.record(work, target, &first, from)? {
                done @ Disposition::Recorded { .. } => recorded = Some(done),
                other => return Ok(other),
            }
        }
        let settings = self.settings();
        let mut recorder = settings.recorder();
        let who = Who::side(side);
        let why = if settings.dry_run {
            let lines = lines.iter().map(|l| l.join(" ")).collect();
            Why::Conditional {
                lines,
                cancelled: cancel,
            }
        } else {
            let file = GameFile::existing(path)?;
            let kept = match cancel {
                true => recorder
                    .cancel_lines(&file, &who)
                    .map(|s| s.map(|s| s.lines).unwrap_or_default()),
                false => recorder.add_lines(&file, &who, &lines).map(|s| s.lines),
            };
            match kept {
                Ok(lines) => Why::Conditional {
                    lines,
                    cancelled: cancel,
                },
                Err(LinesNotKept::Line(e)) => Why::Refused(format!("refused: {e}")),
                Err(LinesNotKept::Refused(e)) => Why::Refused(format!("rejected: {e}")),
                Err(LinesNotKept::NoStore) => Why::Refused(LinesNotKept::NoStore.to_string()),
                Err(LinesNotKept::Game(e)) => return Err(e.into()),
                Err(LinesNotKept::Subscriber(e)) => {
                    return Err(InboxError::Source {
                        what: e.to_string(),
                        temporary: false,
                    });
                }
            }
        };
        let game = match settings.dry_run {
            true => target.game.clone(),
            false => Game::load(path)?,
        };
        let answered = self.answer(work, path, &game, side, from, why)?;
        Ok(recorded.unwrap_or(answered))
    }
}
