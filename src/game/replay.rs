//! From the text of a game file to a replayed [`Game`]: the header tags
//! read into their types, then every move checked against the rules in
//! order, with its received time.

use std::path::Path;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use dynamo_core::{Color, MoveError, Position, Rules, clipped, notation, parse_and_play, quoted};

use super::actions::ADJUDICATED;
use super::cancelled::{cancellation, settle_cancelled};
use super::choice::read_choice;
use super::clock::{self, TimeControl};
use super::error::{GameError, RecordError};
use super::event::EventKind;
use super::label::move_label;
use super::leave::Pauses;
use super::outcome::{Ending, Outcome};
use super::pgn::Note;
use super::pgn::{self, Item, PgnAction, PgnSyntaxError, RawEvent, RawMove, Record, Tag};
use super::player::{Address, Player};
use super::record::{Game, choice_note};

/// The seven tags every PGN file has, in their order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn tag_error(tag: &Tag, message: impl Into<String>) -> RecordError {
    RecordError::Tag {
        line: tag.line,
        tag: tag.name.clone(),
        message: message.into(),
    }
}

/// What the header says, read into types.
struct Header {
    rules: Rules,
    time_control: TimeControl,
    white: Player,
    black: Player,
    started: Option<DateTime<Utc>>,
    start: Position,
    draw_offer: Option<Color>,
}

fn read_header(rec: &Record) -> Result<Header, RecordError> {
    for name in ROSTER {
        if rec.tag(name).is_none() {
            return Err(RecordError::MissingTag(name));
        }
    }
    if let Some(tag) = rec.tag("Variant")
        && !tag.value.eq_ignore_ascii_case("dynamo")
    {
        return Err(tag_error(
            tag,
            format!("this tool plays Dynamo, not {}", quoted(&tag.value)),
        ));
    }
    let rules = match rec.tag("Rules") {
        Some(tag) => tag
            .value
            .parse::<Rules>()
            .map_err(|e| tag_error(tag, e.to_string()))?,
        None => Rules::NOST,
    };
    let time_control = match rec.tag("TimeControl") {
        Some(tag) => tag
            .value
            .parse::<TimeControl>()
            .map_err(|e| tag_error(tag, e.to_string()))?,
        None => TimeControl::None,
    };
    let player = |name_tag: &str, email_tag: &str| -> Result<Player, RecordError> {
        let name = rec
            .tag(name_tag)
            .map(|t| t.value.clone())
            .unwrap_or_default();
        let email = match rec.tag(email_tag) {
            Some(tag) if tag.value.trim().is_empty() => None,
            Some(tag) => Some(Address::parse(tag.value.trim()).map_err(|_| {
                tag_error(
                    tag,
                    format!("{} is not an email address", quoted(&tag.value)),
                )
            })?),
            None => None,
        };
        Ok(Player { name, email })
    };
    let white = player("White", "WhiteEmail")?;
    let black = player("Black", "BlackEmail")?;
    let started = match (rec.tag("UTCDate"), rec.tag("UTCTime")) {
        (Some(d), Some(t)) => {
            let date = NaiveDate::parse_from_str(&d.value, "%Y.%m.%d").map_err(|_| {
                tag_error(
                    d,
                    format!("{} is not a date such as 2026.11.20", quoted(&d.value)),
                )
            })?;
            let time = NaiveTime::parse_from_str(&t.value, "%H:%M:%S").map_err(|_| {
                tag_error(
                    t,
                    format!("{} is not a time such as 09:14:00", quoted(&t.value)),
                )
            })?;
            Some(date.and_time(time).and_utc())
        }
        _ => None,
    };
    let setup = rec.tag("SetUp").map(|t| t.value.as_str());
    let start = match (setup, rec.tag("FEN")) {
        (Some("1") | None, Some(fen)) => {
            Position::from_fen(&fen.value, rules).map_err(|e| tag_error(fen, e.to_string()))?
        }
        (Some("1"), None) => {
            return Err(tag_error(
                rec.tag("SetUp").expect("just found"),
                "SetUp \"1\" needs a FEN tag with the start position",
            ));
        }
        (Some("0") | None, None) => Position::startpos(rules),
        (Some("0"), Some(fen)) => {
            return Err(tag_error(fen, "a FEN tag needs [SetUp \"1\"]"));
        }
        (Some(other), _) => {
            return Err(tag_error(
                rec.tag("SetUp").expect("just found"),
                format!("'{other}' must be 0 or 1"),
            ));
        }
    };
    let draw_offer = match rec.tag("DrawOffer") {
        Some(tag) => Some(tag.value.parse::<Color>().map_err(|()| {
            tag_error(
                tag,
                format!("{} must be White or Black", quoted(&tag.value)),
            )
        })?),
        None => None,
    };
    Ok(Header {
        rules,
        time_control,
        white,
        black,
        started,
        start,
        draw_offer,
    })
}

/// Checks the result token and tag against what replaying found (an
/// ending by event, or a mate or stalemate on the board); with neither,
/// the token stands, with the Termination tag as its reason (files
/// written before endings were recorded as events).
fn settle_ending(rec: &Record, game: &mut Game) -> Result<(), RecordError> {
    let result_tag = rec.tag("Result").ok_or(RecordError::MissingTag("Result"))?;
    let (token, token_line) = &rec.result;
    if result_tag.value != *token {
        return Err(RecordError::Result {
            line: *token_line,
            message: format!(
                "the moves end with {token} but the Result tag (line {}) says {}",
                result_tag.line, result_tag.value
            ),
        });
    }
    let recorded = Outcome::from_pgn(token);
    match (game.ending.clone(), recorded) {
        (Some(ending), Some(outcome)) if ending.outcome != outcome => Err(RecordError::Result {
            line: *token_line,
            message: format!(
                "the result is {token}, but {}: it must be {}",
                ending.reason, ending.outcome
            ),
        }),
        (Some(ending), None) if game.events.iter().any(|e| ends(&e.kind)) => {
            Err(RecordError::Result {
                line: *token_line,
                message: format!(
                    "the result is *, but {}: it must be {}",
                    ending.reason, ending.outcome
                ),
            })
        }
        (Some(ending), _) => {
            // A mate or stalemate the file does not record yet is written
            // back in full the next time the file is saved.
            game.set_ending(ending);
            Ok(())
        }
        (None, None) => Ok(()),
        (None, Some(outcome)) => {
            let reason = rec
                .tag("Termination")
                .map_or_else(|| "no reason recorded".to_string(), |t| t.value.clone());
            let kind = legacy_event(outcome, &reason);
            game.ending = Some(Ending { outcome, reason });
            game.record_event(kind, None, "", false);
            Ok(())
        }
    }
}

fn ends(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::DrawAccepted { .. } | EventKind::Resigned { .. } | EventKind::Adjudicated { .. }
    )
}

/// The event an old file's Termination tag describes.
fn legacy_event(outcome: Outcome, reason: &str) -> EventKind {
    for side in [Color::White, Color::Black] {
        if reason == format!("{} resigns", side.title()) {
            return EventKind::Resigned { by: side };
        }
        if outcome == Outcome::Draw && reason.contains(&format!("{} accepted", side.title())) {
            return EventKind::DrawAccepted { by: side };
        }
    }
    EventKind::Adjudicated {
        outcome,
        reason: reason
            .strip_prefix(ADJUDICATED)
            .unwrap_or(reason)
            .to_string(),
    }
}

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
            text: clipped(&raw.text).to_string(),
            reason,
        };
        if let Some((n, black)) = raw.number {
            if n != number {
                return Err(fail(format!("it is numbered {n}, but it is move {number}")));
            }
            if black != (color == Color::Black) {
                let written = move_label(n, if black { Color::Black } else { Color::White });
                return Err(fail(format!(
                    "it is written after '{written}', but {color} is to move"
                )));
            }
        }
        // Reading the move judges it and builds the position after it.
        let (m, after, completed) =
            read_recorded(&self.position, choice, &raw.text).map_err(|e| match e {
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
            .as_deref()
            .ok_or_else(|| fail("no {received time} comment after the move".to_string()))?;
        let received = DateTime::parse_from_rfc3339(comment)
            .map(|t| clock::truncate(t.with_timezone(&Utc)))
            .map_err(|_| {
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

/// Reads a recorded move, `text`, after the one before it; `choice` is
/// the owner's choice written on that one, returned by the reading before
/// (see [`read_completed`]), unless the choice was recorded alone since
/// and the pawn awaits none.
pub(super) fn read_recorded(
    pos: &Position,
    choice: Option<String>,
    text: &str,
) -> Result<(dynamo_core::Move, Position, Option<String>), MoveError> {
    match choice.filter(|_| pos.pending().is_some()) {
        Some(choice) => read_completed(pos, &format!("{choice} {text}")),
        None => read_completed(pos, text),
    }
}

/// Reads a recorded move. Under `promotion=owner` the record shows the
/// mover's move completed by the owner's choice, `Re6e7/e7e8=Q`
/// (docs/RULES.md §9.1): the move is played without the piece, which is
/// returned for the owner's move that follows.
fn read_completed(
    pos: &Position,
    text: &str,
) -> Result<(dynamo_core::Move, Position, Option<String>), MoveError> {
    match parse_and_play(pos, text) {
        Err(MoveError::Illegal {
            reason: dynamo_core::Illegal::OwnerChooses(_),
            ..
        }) => {
            let body = text.trim_end_matches(['+', '#', '!', '?']);
            let split = body.len().saturating_sub(2);
            let (played, choice) = (body.get(..split), body.get(split..));
            match (played, choice) {
                (Some(played), Some(choice)) if choice.starts_with('=') => {
                    let (m, after) = parse_and_play(pos, played)?;
                    Ok((m, after, Some(choice.to_string())))
                }
                _ => parse_and_play(pos, text).map(|(m, after)| (m, after, None)),
            }
        }
        read => read.map(|(m, after)| (m, after, None)),
    }
}
