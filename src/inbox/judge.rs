//! What a player's command comes to in their game: recorded already (by
//! this very mail, or by an earlier one), asked of a game that has moved
//! on since the notice it answers, or to be done now — and what it asks,
//! in the recorder's words, which records it as it records the commands
//! `move`, `resign` and `draw`.

use chrono::{DateTime, Utc};
use dynamo_core::{Color, Move, Position};

use super::command::Command;
use super::reading::choice::written_choices;
use super::reading::verdict::{Unread, read_reply};
use crate::game::{Choosing, Event, EventKind, Game, same_move};
use crate::mail::notice::numbered;
use crate::recorder::Action;

/// What a command comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// This very mail brought an event of the game already: `what`.
    Duplicate(String),
    /// The player's command is recorded already, from another mail.
    Already { what: String, at: DateTime<Utc> },
    /// The mail answers an older notice and asks for something else.
    MovedOn,
    /// The command is for the game as it is now.
    Current,
}

/// Judges `command` of the player of `side`, answering the notice of
/// event `seq`, in `game`; `mail` is the mail's reference (see
/// [`crate::game::source`]).
pub fn judge(game: &Game, side: Color, seq: u32, command: &Command, mail: &str) -> Judged {
    if let Some(event) = game.event_from_mail(mail) {
        return Judged::Duplicate(describe(game, event));
    }
    let events = game.events();
    // The player's answer to the notice: their first event since, and
    // after a choice made alone the move that completed their turn too
    // (docs/RULES.md §13.18): either may be what the mail asks again.
    let own = events
        .iter()
        .skip(seq as usize)
        .filter(|e| by(game, e) == Some(side));
    let mut answer = Vec::with_capacity(2);
    for event in own {
        answer.push(event);
        if !matches!(event.kind, EventKind::Chose { .. }) {
            break;
        }
    }
    if let Some(event) = answer.into_iter().find(|e| matches(game, e, command)) {
        return Judged::Already {
            what: describe(game, event),
            at: event.at.unwrap_or_default(),
        };
    }
    // A header corrected since (a name, an address) or leave recorded
    // leaves the position the player answered as it was; so does the
    // player's own choice alone, which their move completes
    // (docs/RULES.md §9.1; see `position_seen`).
    if events.iter().skip(seq as usize + 1).any(|e| {
        !matches!(
            e.kind,
            EventKind::Corrected(_) | EventKind::Leave { .. } | EventKind::Chose { .. }
        )
    }) {
        return Judged::MovedOn;
    }
    Judged::Current
}

/// The command of the player of `side` in their own words `text`,
/// answering the notice of event `seq`: read in [`position_seen`]. After
/// their choice made alone (docs/RULES.md §13.18), a choice written
/// again with the move (`=R Ka1b1`, and `=Q Ka1b1` after `=Q` too: "a
/// second choice is refused") goes with the move to the game, which
/// refuses it naming the choice made, as `dynamo move` does: it is never
/// dropped unseen.
pub fn read_command(game: &Game, seq: u32, side: Color, text: &str) -> Result<Command, Unread> {
    let command = read_reply(text, &position_seen(game, seq), side)?;
    let Some(Choosing::Chose { owner, .. }) = game.choosing() else {
        return Ok(command);
    };
    let written = written_choices(text).into_iter().next();
    Ok(match (command, written) {
        (
            Command::Move {
                text,
                number,
                offer_draw,
            },
            Some(written),
        ) if owner == side => Command::Move {
            text: format!("={} {text}", written.upper_char()),
            number,
            offer_draw,
        },
        (command, _) => command,
    })
}

/// The position the notice of event `seq` showed: the one a reply to it
/// is read in. The game's current position when that event is gone
/// (the director took moves back since).
/// A pawn awaiting its owner's choice there, chosen alone since, is the
/// chosen piece: the reply is the move that completes the owner's turn,
/// or that move sent again (docs/RULES.md §9.1, §13.18).
pub fn position_seen(game: &Game, seq: u32) -> Position {
    let Some(event) = game.events().get(seq as usize) else {
        return game.position().clone();
    };
    let Some(seen) = position_at(game, event.ply as usize + 1) else {
        return game.position().clone();
    };
    let chosen_alone = game
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::Chose { .. }) && e.ply == event.ply);
    match (event.ply as usize)
        .checked_sub(1)
        .and_then(|k| game.moves().get(k))
    {
        Some(m) if chosen_alone => m.completed(seen),
        _ => seen,
    }
}

/// What `command` asks of the game, in the recorder's words; `None` for
/// a command that is not the game's (`digest daily`).
pub fn action(command: &Command) -> Option<Action> {
    Some(match command {
        Command::Move {
            text,
            number,
            offer_draw,
        } => Action::Move {
            text: with_number(text, *number),
            offer_draw: *offer_draw,
        },
        Command::Choose(role) => Action::Choose { role: *role },
        Command::Resign => Action::Resign,
        Command::OfferDraw => Action::OfferDraw,
        Command::AcceptDraw => Action::AcceptDraw,
        Command::DeclineDraw => Action::DeclineDraw,
        Command::Conditional {
            first: Some(first), ..
        } => return action(first),
        // Lines are kept beside the game, never recorded in it (the inbox
        // hands them to `Recorder::add_lines`); the digest choice is not
        // the game's either.
        Command::Conditional { first: None, .. }
        | Command::CancelConditionals
        | Command::Digest(_) => return None,
    })
}

/// The move text with its number, as `check_move` reads and checks it.
fn with_number(text: &str, number: Option<(u32, bool)>) -> String {
    match number {
        Some((n, true)) => format!("{n}... {text}"),
        Some((n, false)) => format!("{n}. {text}"),
        None => text.to_string(),
    }
}

/// The side that did `event`, if a side did it.
fn by(game: &Game, event: &Event) -> Option<Color> {
    match event.kind {
        EventKind::Moved => game
            .moves()
            .get((event.ply as usize).checked_sub(1)?)
            .map(|m| m.mover),
        ref kind => kind.by(),
    }
}

/// Whether `event` is what `command` asks for.
fn matches(game: &Game, event: &Event, command: &Command) -> bool {
    match (command, &event.kind) {
        (Command::Move { text, number, .. }, EventKind::Moved) => {
            // What the move is, not its text: an owner's turn is recorded
            // without its choice, which the mover's move before carries
            // (docs/RULES.md §9.1).
            let Some((before, recorded)) = played_at(game, event.ply as usize) else {
                return false;
            };
            same_move(&before, &recorded, &with_number(text, *number))
        }
        (Command::Resign, EventKind::Resigned { .. })
        | (Command::OfferDraw, EventKind::DrawOffered { .. })
        | (Command::AcceptDraw, EventKind::DrawAccepted { .. })
        | (Command::DeclineDraw, EventKind::DrawDeclined { .. }) => true,
        (Command::Choose(chosen), EventKind::Chose { role, .. }) => chosen == role,
        _ => false,
    }
}

/// The position before ply `ply` (from 1) of the game.
fn position_at(game: &Game, ply: usize) -> Option<Position> {
    let mut position = game.start_position().clone();
    for played in game.played().take(ply.checked_sub(1)?) {
        position = played.ok()?.1;
    }
    Some(position)
}

/// Ply `ply` (from 1) of the game as played, with the position before it.
fn played_at(game: &Game, ply: usize) -> Option<(Position, Move)> {
    let before = position_at(game, ply)?;
    let (mv, _) = game.played().nth(ply.checked_sub(1)?)?.ok()?;
    Some((before, mv))
}

/// An event in a few words: `12... Qd8/d7d5`, `Black's resignation`.
fn describe(game: &Game, event: &Event) -> String {
    match &event.kind {
        EventKind::Moved => game
            .moves()
            .get((event.ply as usize).saturating_sub(1))
            .map_or_else(|| "a move".to_string(), numbered),
        EventKind::Created => "the game's creation".to_string(),
        EventKind::DrawOffered { by } => format!("{}'s draw offer", by.title()),
        EventKind::DrawAccepted { by } => format!("{}'s acceptance of the draw", by.title()),
        EventKind::DrawDeclined { by } => format!("{}'s refusal of the draw", by.title()),
        EventKind::Resigned { by } => format!("{}'s resignation", by.title()),
        EventKind::Adjudicated { outcome, .. } => format!("the director's decision, {outcome}"),
        EventKind::Undone { .. } => "the director's taking back of a move".to_string(),
        EventKind::Corrected(_) => "the director's correction of the header".to_string(),
        EventKind::Leave { by, .. } => format!("{}'s leave", by.title()),
        EventKind::Chose { by, role } => format!("{}'s choice of a {}", by.title(), role.name()),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::{NewGame, Player, clock};
    use crate::recorder::{Recorder, Refusal, Request, When, Who};

    /// What `command` by `side` would record in `game` at `at`.
    fn apply(
        game: &Game,
        side: Color,
        command: &Command,
        at: DateTime<Utc>,
    ) -> Result<(Game, String), Refusal> {
        let request = Request::new(
            action(command).expect("a game's"),
            Who::side(side),
            When::Arrived(at),
        );
        let recorded = Recorder::new(Duration::ZERO).preview(game, &request)?;
        let what = recorded.summary();
        Ok((recorded.game, what))
    }

    fn game(moves: &[&str]) -> Game {
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("time");
        let white = Player::parse("Alice <a@example.org>").expect("white");
        let black = Player::parse("Bob <b@example.org>").expect("black");
        let mut game = Game::create(NewGame::new(white, black, start)).expect("a game");
        for (i, m) in moves.iter().enumerate() {
            let at = start + chrono::Duration::hours(i as i64 + 1);
            let side = game.position().turn();
            game = apply(&game, side, &mv(m), at).expect("recorded").0;
        }
        game
    }

    fn mv(text: &str) -> Command {
        Command::Move {
            text: text.to_string(),
            number: None,
            offer_draw: false,
        }
    }

    #[test]
    fn a_command_is_current_recorded_already_or_overtaken() {
        let g = game(&["e2e4", "e7e5", "Ng1f3"]);
        // Black answers the notice of 1. e2e4 (event 1) with 1... e7e5: done.
        let already = judge(&g, Color::Black, 1, &mv("e7e5"), "<m@x>");
        assert!(
            matches!(&already, Judged::Already { what, .. } if what == "1... e7e5"),
            "{already:?}"
        );
        // With another move: the game has moved on.
        assert_eq!(
            judge(&g, Color::Black, 1, &mv("d7d5"), "<m@x>"),
            Judged::MovedOn
        );
        // The latest notice: current.
        assert_eq!(
            judge(&g, Color::Black, 3, &mv("Nb8c6"), "<m@x>"),
            Judged::Current
        );
        let (_, what) = apply(&g, Color::Black, &mv("Nb8c6"), Utc::now()).expect("legal");
        assert_eq!(what, "2... Nb8c6");
        let mut request = Request::new(
            action(&mv("Nb8c6")).expect("a move"),
            Who::side(Color::Black),
            When::Now,
        );
        request.mail = Some("<m@x>".to_string());
        let noted = Recorder::new(Duration::ZERO)
            .preview(&g, &request)
            .expect("legal")
            .game;
        assert_eq!(
            judge(&noted, Color::Black, 3, &mv("Nb8c6"), "<m@x>"),
            Judged::Duplicate("2... Nb8c6".to_string())
        );
        let err = apply(&g, Color::White, &mv("d2d4"), Utc::now()).expect_err("not White's turn");
        assert_eq!(err.to_string(), "it is Black's turn, not White's");
    }

    /// A name or address corrected after the notice leaves the position
    /// the player answered: their move is still the move to make.
    #[test]
    fn a_header_corrected_since_the_notice_has_not_moved_the_game_on() {
        let g = game(&["e2e4"]);
        let edit = crate::game::TagEdit {
            field: "--black".to_string(),
            name: "Black".to_string(),
            value: "Robert".to_string(),
        };
        let set = Action::Set {
            edits: vec![edit],
            reason: Some("his full name".to_string()),
        };
        let request = Request::new(set, Who::Director, When::Now);
        let corrected = Recorder::new(Duration::ZERO)
            .preview(&g, &request)
            .expect("set")
            .game;
        assert_eq!(corrected.events().len(), 3);
        assert_eq!(
            judge(&corrected, Color::Black, 1, &mv("e7e5"), "<m@x>"),
            Judged::Current
        );
    }
}
