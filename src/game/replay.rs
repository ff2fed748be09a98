//! From the text of a game file to a replayed [`Game`]: the header tags
//! read into their types, then every move checked against the rules in
//! order, with its received time.

use std::path::Path;

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use dynamo_core::{ByColor, Color, MoveError, Position, Rules, notation, parse_move};

use super::clock::{self, TimeControl};
use super::error::{GameError, RecordError};
use super::outcome::{Ending, Outcome};
use super::pgn::{self, RawMove, Record, SyntaxError, Tag};
use super::player::{Address, Player};
use super::record::Game;

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
            format!("this tool plays Dynamo, not '{}'", tag.value),
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
        let email =
            match rec.tag(email_tag) {
                Some(tag) if tag.value.trim().is_empty() => None,
                Some(tag) => Some(Address::parse(tag.value.trim()).map_err(|_| {
                    tag_error(tag, format!("'{}' is not an email address", tag.value))
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
                tag_error(d, format!("'{}' is not a date such as 2026.11.20", d.value))
            })?;
            let time = NaiveTime::parse_from_str(&t.value, "%H:%M:%S").map_err(|_| {
                tag_error(t, format!("'{}' is not a time such as 09:14:00", t.value))
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
        Some(tag) => Some(
            tag.value
                .parse::<Color>()
                .map_err(|()| tag_error(tag, format!("'{}' must be White or Black", tag.value)))?,
        ),
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

/// The ending the result token and the board agree on: a mate or
/// stalemate on the board must be the recorded result; otherwise the
/// token stands, with the Termination tag as its reason.
fn read_ending(rec: &Record, position: &Position) -> Result<Option<Ending>, RecordError> {
    let result_tag = rec.tag("Result").expect("read_header checked it");
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
    let forced = Ending::forced_by(position);
    Ok(match (Outcome::from_pgn(token), forced) {
        (None, forced) => forced,
        (Some(recorded), Some(forced)) if forced.outcome != recorded => {
            return Err(RecordError::Result {
                line: *token_line,
                message: format!(
                    "the result is {token}, but {}: it must be {}",
                    forced.reason, forced.outcome
                ),
            });
        }
        (Some(_), Some(forced)) => Some(forced),
        (Some(outcome), None) => Some(Ending {
            outcome,
            reason: rec
                .tag("Termination")
                .map_or_else(|| "no reason recorded".to_string(), |t| t.value.clone()),
        }),
    })
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
            invalid(RecordError::Syntax(SyntaxError {
                line,
                message: "the file is not UTF-8 text".to_string(),
            }))
        })?;
        Game::parse(&text).map_err(invalid)
    }

    /// Parses the text of a game file and replays it.
    pub fn parse(text: &str) -> Result<Game, RecordError> {
        let rec = pgn::parse(text)?;
        let header = read_header(&rec)?;
        let mut game = Game {
            tags: rec
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            white: header.white,
            black: header.black,
            rules: header.rules,
            time_control: header.time_control,
            started: header.started,
            position: header.start.clone(),
            start: header.start,
            moves: Vec::with_capacity(rec.moves.len()),
            ending: None,
            draw_offer: None,
            used: ByColor::new_with(|_| Duration::zero()),
            own_moves: ByColor::new_with(|_| 0),
            late: None,
        };
        for raw in &rec.moves {
            game.replay_one(raw)?;
        }
        // The tag is the state after the last move: set it only now, or the
        // replayed moves would make it lapse.
        game.draw_offer = header.draw_offer;
        game.ending = read_ending(&rec, &game.position)?;
        if let Some(ending) = game.ending.clone()
            && game.tag("Result") == Some("*")
        {
            // A mate or stalemate the file does not record yet: written
            // back in full the next time the file is saved.
            game.set_ending(ending);
        }
        Ok(game)
    }

    fn replay_one(&mut self, raw: &RawMove) -> Result<(), RecordError> {
        let color = self.position.turn();
        let number = self.position.fullmoves();
        let fail = |reason: String| RecordError::Move {
            line: raw.line,
            number,
            color,
            text: raw.text.clone(),
            reason,
        };
        if let Some((n, black)) = raw.number {
            if n != number {
                return Err(fail(format!("it is numbered {n}, but it is move {number}")));
            }
            if black != (color == Color::Black) {
                let written = if black {
                    format!("{n}...")
                } else {
                    format!("{n}.")
                };
                return Err(fail(format!(
                    "it is written after '{written}', but {color} is to move"
                )));
            }
        }
        let m = parse_move(&self.position, &raw.text).map_err(|e| match e {
            MoveError::Illegal { reason, .. } => fail(reason.to_string()),
            MoveError::Syntax(s) => fail(s.to_string()),
        })?;
        let comment = raw
            .comment
            .as_deref()
            .ok_or_else(|| fail("no {received time} comment after the move".to_string()))?;
        let received = DateTime::parse_from_rfc3339(comment)
            .map(|t| clock::truncate(t.with_timezone(&Utc)))
            .map_err(|_| {
                fail(format!(
                    "the comment {{{comment}}} is not a received time such as {{2026-11-20T09:14:00Z}}"
                ))
            })?;
        let after = self.position.play(&m).map_err(|e| fail(e.to_string()))?;
        if let Some(last) = self.last_time()
            && received < last
        {
            return Err(fail(format!(
                "received {}, before the previous time {}",
                clock::format_time(received),
                clock::format_time(last)
            )));
        }
        self.push_move(notation::format(&m), after, received);
        Ok(())
    }
}
