//! From the text of a game file to a replayed [`Game`]: the header tags
//! read into their types, then every move checked against the rules in
//! order, with its received time.
//!
//! Split by the order of a replay, so that each part reads on its own:
//! [`header`] reads the tags before any move, this module replays the
//! moves, events and corrections in their order, and [`ending`] checks
//! the result against what they left. A cancellation read back is
//! `cancelled.rs`, and a move with the owner's choice written on it is
//! read by `choice.rs`, beside what they replay.

mod ending;
mod header;

use std::path::Path;

use dynamo_core::{Color, MoveError, MoveNumber, clipped, notation};

use super::actions::ADJUDICATED;
use super::cancel::{cancellation, settle_cancelled};
use super::choice::{read_choice, read_recorded};
use super::clock;
use super::error::{GameError, RecordError};
use super::event::EventKind;
use super::leave::Pauses;
use super::outcome::Ending;
use super::pgn::Note;
use super::pgn::{self, Item, PgnAction, PgnSyntaxError, RawEvent, RawMove};
use super::record::{Game, choice_note};
use ending::settle_ending;
use header::read_header;

impl Game {
    /// Reads a game file (a regular file, within
    /// [`store::MAX_FILE_BYTES`](super::store::MAX_FILE_BYTES)) and replays it.
    pub fn load(path: &Path) -> Result<Game, GameError> {
        let text = super::store::read(path)?;
        let invalid = |error| GameError::Invalid {
            path: path.to_path_buf(),
            error,
        };
        let text = String::from_utf8(text).map_err(|e| {
            let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            invalid(RecordError::Syntax(PgnSyntaxError {
                line,
                column: None,
                message: "the file is not UTF-8 text".to_string(),
            }))
        })?;
        Game::parse(&text).map_err(invalid)
    }

    /// Parses the text of a game file and replays it.
    pub fn parse(text: &str) -> Result<Game, RecordError> {
        let mut rec = pgn::parse(text)?;
        let header = read_header(&rec)?;
        // The game takes the tags; the record keeps only the few that
        // replaying still reads (a file may hold a million tags).
        let tags = std::mem::take(&mut rec.tags);
        rec.tags = tags
            .iter()
            .filter(|t| matches!(t.name.as_str(), "Result" | "Termination" | "DrawOffer"))
            .cloned()
            .collect();
        let mut game = Game::begin(
            tags.into_iter().map(|t| (t.name, t.value)).collect(),
            header.white,
            header.black,
            header.rules,
            header.time_control,
            header.started,
            header.start,
        );
        game.ending = Ending::forced_by(&game.start);
        let plies = rec.moves().count();
        game.moves.reserve_exact(plies);
        game.gaps.reserve_exact(plies);
        game.events.reserve(plies + 1);
        // Leave stops a clock on its days wherever the file records it,
        // so every leave is known before the first move is timed.
        for side in [Color::White, Color::Black] {
            game.leave[side] = Pauses::of(rec.items.iter().filter_map(|item| match item {
                Item::Event(RawEvent {
                    action: PgnAction::Leave { by, days },
                    ..
                }) if *by == side => Some(*days),
                _ => None,
            }));
        }
        // A cancellation replaced the Termination tag: the events before
        // it read their reason from what it replaced.
        let cancel = rec.items.iter().find_map(|item| match item {
            Item::Correction(fix) => cancellation(&fix.kind),
            _ => None,
        });
        let termination = match cancel {
            Some((old, _)) => old,
            None => rec.tag("Termination").map_or("", |t| t.value.as_str()),
        };
        let mut cancelled: Option<String> = None;
        let mut draw_events = false;
        // The owner's choice read from the mover's move, `Re6e7/e7e8=Q`,
        // which the owner's move that follows begins with (§9.1).
        let mut choice = None;
        for item in &rec.items {
            if let (
                Item::Move(RawMove { line, .. }) | Item::Event(RawEvent { line, .. }),
                Some(_),
            ) = (item, &cancelled)
            {
                return Err(RecordError::Event {
                    line: *line,
                    message: "the game was cancelled before it: a cancelled game is over"
                        .to_string(),
                });
            }
            match item {
                Item::Move(raw) => choice = game.replay_one(raw, choice.take())?,
                Item::Event(event) => {
                    if let PgnAction::Choose { role, .. } = event.action
                        && let Some(written) = choice.take()
                        && read_choice(&written) != Some(role)
                    {
                        return Err(RecordError::Event {
                            line: event.line,
                            message: format!(
                                "the choice of a {} differs from the {written} written on the move before it",
                                role.name()
                            ),
                        });
                    }
                    // Whether the moves so far ended the game, asked only
                    // here: every move's status would cost a full move
                    // generation each, and a move after a mate fails anyway.
                    if game.ending.is_none() {
                        game.ending = Ending::forced_by(&game.position);
                    }
                    draw_events |= matches!(
                        event.action,
                        PgnAction::OfferDraw(_)
                            | PgnAction::AcceptDraw(_)
                            | PgnAction::DeclineDraw(_)
                    );
                    let reason = termination.strip_prefix(ADJUDICATED).unwrap_or(termination);
                    game.apply(event.action, event.at, reason)
                        .map_err(|e| RecordError::Event {
                            line: event.line,
                            message: e.to_string(),
                        })?;
                }
                Item::Correction(fix) => {
                    game.replay_correction(fix.kind.clone(), fix.at)
                        .map_err(|e| RecordError::Event {
                            line: fix.line,
                            message: e.to_string(),
                        })?;
                    if let Some((_, now)) = cancellation(&fix.kind) {
                        cancelled = Some(now.to_string());
                    }
                }
                // The note that the owner chose is the record's own
                // (text.rs), said again from the move on every write.
                Item::Note(Note::Comment(text))
                    if Some(text) == chosen_note(&game, choice.as_deref()).as_ref() => {}
                Item::Note(note) => game.push_note(note.clone()),
            }
        }
        if draw_events {
            if header.draw_offer != game.draw_offer {
                let tag = rec.tag("DrawOffer").or_else(|| rec.tag("Result"));
                return Err(RecordError::Result {
                    line: tag.map_or(1, |t| t.line),
                    message: format!(
                        "the DrawOffer tag says {}, but the draw events in the moves leave {}",
                        header.draw_offer.map_or("none", |c| c.title()),
                        game.draw_offer.map_or("none", |c| c.title())
                    ),
                });
            }
        } else if game.ending.is_none()
            && let Some(by) = header.draw_offer
        {
            // A file from before draw offers were events: the tag is the
            // state after the last move.
            game.draw_offer = Some(by);
            game.record_event(EventKind::DrawOffered { by }, None, "", false);
        }
        if let Some(reason) = cancelled {
            settle_cancelled(&rec, &mut game, reason)?;
            return Ok(game);
        }
        if game.ending.is_none() {
            game.ending = Ending::forced_by(&game.position);
        }
        settle_ending(&rec, &mut game)?;
        Ok(game)
    }

    /// Replays one move; `choice` is the owner's choice written on the
    /// mover's move before it. Returns the choice written on this move,
    /// if it is a mover's move that an owner's choice completes.
    fn replay_one(
        &mut self,
        raw: &RawMove,
        choice: Option<String>,
    ) -> Result<Option<String>, RecordError> {
        let color = self.position.turn();
        let number = self.position.fullmoves();
        let fail = |reason: String| RecordError::Move {
            line: raw.line,
            number,
            color,
            text: clipped(raw.text).to_string(),
            reason,
        };
        if let Some((n, black)) = raw.number {
            if n != number {
                return Err(fail(format!("it is numbered {n}, but it is move {number}")));
            }
            if black != (color == Color::Black) {
                let written = MoveNumber {
                    number: n,
                    side: if black { Color::Black } else { Color::White },
                }
                .to_string();
                return Err(fail(format!(
                    "it is written after '{written}', but {color} is to move"
                )));
            }
        }
        // Reading the move judges it and builds the position after it.
        let mut after = self.position.clone();
        let (m, completed) =
            read_recorded(&self.position, choice, raw.text, &mut after).map_err(|e| match e {
                MoveError::Illegal { reason, .. } => fail(reason.to_string()),
                MoveError::Syntax(s) => fail(s.to_string()),
            })?;
        if let Some(ending) = &self.ending {
            return Err(fail(format!(
                "the game was already over ({}: {})",
                ending.outcome, ending.reason
            )));
        }
        let comment = raw
            .time
            .ok_or_else(|| fail("no {received time} comment after the move".to_string()))?;
        let received = clock::parse_stamp(comment).map_err(|_| {
            fail(format!(
                "the comment {{{}}} is not a received time such as {{2026-11-20T09:14:00Z}}",
                clipped(comment)
            ))
        })?;
        if let Some(last) = self.last_event_time()
            && received < last
        {
            return Err(fail(format!(
                "received {}, before the previous time {}",
                clock::format_time(received),
                clock::format_time(last)
            )));
        }
        self.push_move(notation::format(&m), after, received);
        Ok(completed)
    }
}

/// The note the record writes after the last move when its pawn's owner
/// chose (`White chose the queen`), by the choice written on it and still
/// to be played (`written`) or already made.
fn chosen_note(game: &Game, written: Option<&str>) -> Option<String> {
    match written.and_then(read_choice) {
        Some(role) => Some(choice_note(game.position.turn(), role)),
        None => game.moves.last().and_then(|m| m.choice_note()),
    }
}
