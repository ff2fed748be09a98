//! A request judged on a game, with no file, lock or subscriber: who
//! acts, when, and the game after the action — or the refusal, in the
//! order the commands judge (a move's time before its sender, a side's
//! action's sender before its time).

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::action::{Action, Done, Recorded, Request, When, Who};
use super::error::Refusal;
use crate::game::clock::format_time;
use crate::game::player::Mailbox;
use crate::game::{Game, Rejection};

/// Judges `request` on `game` with the time `now` taken under its lock:
/// the game after it, and what was done; or why not. The order of the
/// judging is the commands' own: a move's time before its sender, a
/// side's action's sender before its time.
pub(super) fn judge<E>(
    game: &Game,
    request: &Request,
    now: DateTime<Utc>,
    require_identity: bool,
    check: impl FnOnce(&Game, Option<Color>) -> Result<(), E>,
) -> Result<Recorded, Refusal<E>> {
    let timed = || -> Result<DateTime<Utc>, Refusal<E>> {
        if let When::At(at) = request.when
            && at > now
        {
            return Err(Refusal::Rejected(Rejection::Future {
                at: format_time(at),
                now: format_time(now),
            }));
        }
        Ok(request.when.time_in(game, now))
    };
    let (side, at) = match (&request.who, request.by_director()) {
        (Who::Director, true) => (None, timed()?),
        (Who::Director, false) => return Err(Refusal::NotTheirs("the director")),
        (Who::Player { .. }, true) => return Err(Refusal::NotTheirs("a player")),
        (Who::Player { side, from }, false) => {
            // A move, and the owner's choice that begins one, may come
            // from whoever is to move.
            if let Action::Move { .. } | Action::Choose { .. } = request.action {
                let at = timed()?;
                let side = identify::<E>(game, *side, from.as_deref())?;
                if side.is_none() && require_identity {
                    return Err(Refusal::IdentityRequired);
                }
                (side, at)
            } else {
                let side = identify::<E>(game, *side, from.as_deref())?;
                (Some(side.ok_or(Refusal::<E>::NoSide)?), timed()?)
            }
        }
    };
    check(game, side).map_err(Refusal::Check)?;
    let (after, done) = act::<E>(game, &request.action, side, at)?;
    let after = match &request.mail {
        // A mail's key is always one a game file can hold.
        Some(mail) => after.with_mail_source(mail).unwrap_or(after),
        None => after,
    };
    let side = match &done {
        Done::Moved { checked, .. } => Some(checked.mover),
        _ => side,
    };
    Ok(Recorded {
        game: after,
        side,
        done,
        at,
        now,
    })
}

/// The side named by `side` or the address `from`, which must agree.
pub(super) fn identify<E>(
    game: &Game,
    side: Option<Color>,
    from: Option<&str>,
) -> Result<Option<Color>, Refusal<E>> {
    let address = match from {
        Some(text) => match Mailbox::parse(text) {
            Ok(mailbox) => Some(mailbox.address),
            Err(error) => {
                return Err(Refusal::Address {
                    text: text.to_string(),
                    error,
                });
            }
        },
        None => None,
    };
    game.identify(side, address.as_ref().map(|a| a.as_str()))
        .map_err(Refusal::Rejected)
}

/// The game after `action` by `side` (the director's when `None`) at
/// `at`: the one place where a front end's request becomes a mutation of
/// the game.
fn act<E>(
    game: &Game,
    action: &Action,
    side: Option<Color>,
    at: DateTime<Utc>,
) -> Result<(Game, Done), Refusal<E>> {
    let rejected = Refusal::<E>::Rejected;
    // A player's action other than a move has its side (see `judge`).
    let player = || -> Result<Color, Refusal<E>> { side.ok_or(Refusal::NoSide) };
    Ok(match action {
        Action::Move { text, offer_draw } => {
            let checked = game.check_move(text, side).map_err(rejected)?;
            let number = game.position().fullmoves();
            let mut after = game.with_move(&checked, at).map_err(rejected)?;
            let offered_draw = *offer_draw && after.ending().is_none();
            if offered_draw {
                after = after.offer_draw(checked.mover, at).map_err(rejected)?;
            }
            let done = Done::Moved {
                number,
                checked: Box::new(checked),
                offered_draw,
            };
            (after, done)
        }
        Action::Resign => (
            game.resign(player()?, at).map_err(rejected)?,
            Done::Resigned,
        ),
        Action::OfferDraw => (
            game.offer_draw(player()?, at).map_err(rejected)?,
            Done::DrawOffered,
        ),
        Action::AcceptDraw => (
            game.accept_draw(player()?, at).map_err(rejected)?,
            Done::DrawAccepted,
        ),
        Action::DeclineDraw => (
            game.decline_draw(player()?, at).map_err(rejected)?,
            Done::DrawDeclined,
        ),
        Action::Leave { days } => (
            game.take_leave(player()?, *days, at).map_err(rejected)?,
            Done::Leave(*days),
        ),
        Action::Choose { role } => (
            game.choose(side.unwrap_or(game.position().turn()), *role, at)
                .map_err(rejected)?,
            Done::Chose(*role),
        ),
        Action::Adjudicate { result, reason } => (
            game.adjudicate(result, reason, at).map_err(rejected)?,
            Done::Adjudicated,
        ),
        Action::Undo { reason } => {
            let undone = game.moves().last().cloned();
            let after = game.undo(reason, at).map_err(Refusal::Correction)?;
            // `undo` refuses a game without a move.
            let undone = undone.ok_or(Refusal::<E>::Correction(
                crate::game::CorrectionError::NothingToUndo,
            ))?;
            (after, Done::Undone(undone))
        }
        Action::Cancel { reason } => (
            game.cancel(reason, at).map_err(Refusal::Correction)?,
            Done::Cancelled,
        ),
        Action::Set { edits, reason } => (
            game.set_tags(edits, reason.as_deref(), at)
                .map_err(Refusal::Correction)?,
            Done::Set,
        ),
    })
}
