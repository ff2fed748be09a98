//! Game records: a PGN-style file per game, replayed move by move to
//! derive everything else (position, castling history, the no-undo rule,
//! clocks, the result).
//!
//! ```
//! use dynamo::game::{Game, NewGame, Player};
//!
//! let start = dynamo::game::clock::parse_time("2026-11-20T09:00:00Z").unwrap();
//! let mut new = NewGame::new(Player::parse("Alice <a@example.org>").unwrap(), Player::parse("Bob").unwrap(), start);
//! new.event = "Club match".into();
//! let game = Game::create(new);
//! let checked = game.check_move("e2e4", None).unwrap();
//! let game = game.with_move(&checked, start + chrono::Duration::hours(1)).unwrap();
//! assert_eq!(game.moves()[0].notation, "e2e4");
//! let again = Game::parse(&game.to_text()).unwrap();
//! assert_eq!(again.to_text(), game.to_text());
//! ```

pub mod clock;
pub mod record;
pub mod store;

use std::fmt;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

use dynamo_core::color::{ByColor, Color};
use dynamo_core::notation::{self, MoveError};
use dynamo_core::position::{Position, Status};
use dynamo_core::rules::Rules;
use dynamo_core::{Move, parse_move};

pub use clock::{Clock, TimeControl, TimeControlError, TimeError};
pub use record::SyntaxError;

/// A player: a name and, for email play, an address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub email: Option<String>,
}

impl Player {
    /// Reads `Name <address>`, `Name` or a bare `address`.
    pub fn parse(text: &str) -> Result<Player, PlayerError> {
        let text = text.trim();
        let bad = |why: &'static str| PlayerError {
            text: text.to_string(),
            why,
        };
        if let Some(open) = text.find('<') {
            let rest = text[open + 1..]
                .strip_suffix('>')
                .ok_or_else(|| bad("the address must end with '>'"))?;
            let name = text[..open].trim();
            let email = rest.trim();
            if !is_address(email) {
                return Err(bad("the address between < > is not an email address"));
            }
            if name.is_empty() {
                return Err(bad("the name before <address> is empty"));
            }
            return Ok(Player {
                name: name.to_string(),
                email: Some(email.to_string()),
            });
        }
        if text.is_empty() {
            return Err(bad("the name is empty"));
        }
        if text.contains('>') || text.contains('"') {
            return Err(bad("write it as Name <address>"));
        }
        if is_address(text) {
            return Ok(Player {
                name: text.to_string(),
                email: Some(text.to_string()),
            });
        }
        Ok(Player {
            name: text.to_string(),
            email: None,
        })
    }
}

/// Reads an email address: what the mail layer can send to (lettre's
/// grammar), with no spaces or control characters that could smuggle a
/// header in. Game creation and mail both use this one rule.
pub fn parse_address(text: &str) -> Result<lettre::Address, String> {
    if text.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err("contains spaces or line breaks".to_string());
    }
    text.parse::<lettre::Address>().map_err(|e| e.to_string())
}

fn is_address(text: &str) -> bool {
    parse_address(text).is_ok()
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.email {
            Some(email) if *email != self.name => write!(f, "{} <{email}>", self.name),
            _ => f.write_str(&self.name),
        }
    }
}

/// Why a player text is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("player '{text}': {why}")]
pub struct PlayerError {
    pub text: String,
    pub why: &'static str,
}

/// A move of the record, as it was received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// 1-based half-move count from the start of the record.
    pub ply: u32,
    pub mover: Color,
    /// Canonical NOST notation, without `+` or `#`.
    pub notation: String,
    pub received: DateTime<Utc>,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// In words: `Black is checkmated`, `White resigns`, …
    pub reason: String,
}

/// A move received later than its player's clock allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LateMove {
    pub ply: u32,
    pub side: Color,
    pub deadline: DateTime<Utc>,
    pub received: DateTime<Utc>,
}

/// Why a game file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    #[error("{}: no such game file", path.display())]
    NotFound { path: PathBuf },
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: RecordError },
    #[error("{}: the file already exists; a new game never overwrites one", path.display())]
    Exists { path: PathBuf },
}

/// Why the text of a game file does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error("missing tag [{0} \"…\"]")]
    MissingTag(&'static str),
    #[error("line {line}: tag {tag}: {message}")]
    Tag {
        line: usize,
        tag: String,
        message: String,
    },
    #[error("line {line}: move {number} by {} ({text}): {reason}", .color.title())]
    Move {
        line: usize,
        number: u32,
        color: Color,
        text: String,
        reason: String,
    },
    #[error("line {line}: {message}")]
    Result { line: usize, message: String },
}

impl RecordError {
    /// The line (from 1) the trouble is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            RecordError::Syntax(e) => Some(e.line),
            RecordError::MissingTag(_) => None,
            RecordError::Tag { line, .. }
            | RecordError::Move { line, .. }
            | RecordError::Result { line, .. } => Some(*line),
        }
    }
}

/// Why a move, a resignation or a draw action is refused. Nothing is
/// written when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Rejection {
    #[error("the game is over ({result}: {reason}); nothing more can be recorded")]
    GameOver { result: String, reason: String },
    #[error("it is {}'s turn, not {}'s", .to_move.title(), .by.title())]
    NotYourTurn { by: Color, to_move: Color },
    #[error("{0} is not the address of either player in this game")]
    UnknownAddress(String),
    #[error("{address} is {}'s address, but the submitter was given as {}", .side.title(), .by.title())]
    AddressMismatch {
        address: String,
        side: Color,
        by: Color,
    },
    #[error("both players have the address {0}: say which side with --by")]
    AmbiguousAddress(String),
    #[error("{0}")]
    Move(MoveError),
    #[error("the time {at} is before the last recorded time {last}")]
    TimeOrder { at: String, last: String },
    #[error("the time {at} is in the future (now {now})")]
    Future { at: String, now: String },
    #[error("{} has already offered a draw", .0.title())]
    AlreadyOffered(Color),
    #[error("{} cannot offer a draw: {} has offered one; accept or decline it", .by.title(), .offerer.title())]
    OfferPending { by: Color, offerer: Color },
    #[error("there is no draw offer for {} to answer", .0.title())]
    NoOffer(Color),
    #[error("result must be 1-0, 0-1 or 1/2-1/2, not '{0}'")]
    BadResult(String),
    #[error("the reason must not be empty")]
    EmptyReason,
}

/// A move that has been checked against the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub mv: Move,
    pub mover: Color,
    /// Canonical notation without check marks.
    pub notation: String,
    /// With `+` or `#` when it gives check or mate.
    pub display: String,
    pub after: Position,
}

/// The settings of a game about to be created.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub white: Player,
    pub black: Player,
    pub event: String,
    pub site: String,
    pub round: String,
    pub rules: Rules,
    pub time_control: TimeControl,
    /// A start position other than the usual one.
    pub setup: Option<Position>,
    /// When the game starts: White's clock runs from here.
    pub started: DateTime<Utc>,
}

impl NewGame {
    pub fn new(white: Player, black: Player, started: DateTime<Utc>) -> NewGame {
        NewGame {
            white,
            black,
            event: "Correspondence game".to_string(),
            site: "?".to_string(),
            round: "-".to_string(),
            rules: Rules::NOST,
            time_control: TimeControl::None,
            setup: None,
            started: clock::truncate(started),
        }
    }
}

/// A replayed game: the record's tags and moves plus everything derived.
#[derive(Debug, Clone)]
pub struct Game {
    tags: Vec<(String, String)>,
    white: Player,
    black: Player,
    rules: Rules,
    time_control: TimeControl,
    started: Option<DateTime<Utc>>,
    start: Position,
    position: Position,
    moves: Vec<RecordedMove>,
    outcome: Option<Outcome>,
    draw_offer: Option<Color>,
    used: ByColor<Duration>,
    own_moves: ByColor<u32>,
    late: Option<LateMove>,
}

/// The seven tags every PGN file has, in their order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn tag_error(tag: &record::Tag, message: impl Into<String>) -> RecordError {
    RecordError::Tag {
        line: tag.line,
        tag: tag.name.clone(),
        message: message.into(),
    }
}

/// The result forced by a finished board, and its reason.
fn forced_outcome(pos: &Position) -> Option<Outcome> {
    match pos.status() {
        Status::Checkmate => Some(Outcome {
            result: match pos.turn() {
                Color::White => "0-1",
                Color::Black => "1-0",
            }
            .to_string(),
            reason: format!("{} is checkmated", pos.turn().title()),
        }),
        Status::Stalemate => Some(Outcome {
            result: "1/2-1/2".to_string(),
            reason: format!("{} is stalemated", pos.turn().title()),
        }),
        Status::Ongoing | Status::Check => None,
    }
}

impl Game {
    /// A new game with no moves.
    pub fn create(new: NewGame) -> Game {
        let start = new
            .setup
            .clone()
            .unwrap_or_else(|| Position::startpos(new.rules));
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), new.event.clone()),
            ("Site".into(), new.site.clone()),
            ("Date".into(), new.started.format("%Y.%m.%d").to_string()),
            ("Round".into(), new.round.clone()),
            ("White".into(), new.white.name.clone()),
            ("Black".into(), new.black.name.clone()),
            ("Result".into(), "*".into()),
            ("Variant".into(), "Dynamo".into()),
            ("Rules".into(), new.rules.to_string()),
        ];
        if let Some(email) = &new.white.email {
            tags.push(("WhiteEmail".into(), email.clone()));
        }
        if let Some(email) = &new.black.email {
            tags.push(("BlackEmail".into(), email.clone()));
        }
        tags.push(("TimeControl".into(), new.time_control.to_string()));
        tags.push(("UTCDate".into(), new.started.format("%Y.%m.%d").to_string()));
        tags.push(("UTCTime".into(), new.started.format("%H:%M:%S").to_string()));
        if new.setup.is_some() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_fen()));
        }
        let outcome = forced_outcome(&start);
        let mut game = Game {
            tags,
            white: new.white,
            black: new.black,
            rules: new.rules,
            time_control: new.time_control,
            started: Some(new.started),
            position: start.clone(),
            start,
            moves: Vec::new(),
            outcome: None,
            draw_offer: None,
            used: ByColor::new_with(|_| Duration::zero()),
            own_moves: ByColor::new_with(|_| 0),
            late: None,
        };
        if let Some(outcome) = outcome {
            game.set_outcome(outcome);
        }
        game
    }

    /// Reads a game file and replays it.
    pub fn load(path: &Path) -> Result<Game, GameError> {
        let text = std::fs::read(path).map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                GameError::NotFound {
                    path: path.to_path_buf(),
                }
            } else {
                GameError::Io {
                    path: path.to_path_buf(),
                    source,
                }
            }
        })?;
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
        let rec = record::parse(text)?;
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
            let email = match rec.tag(email_tag) {
                Some(tag) if tag.value.trim().is_empty() => None,
                Some(tag) if is_address(tag.value.trim()) => Some(tag.value.trim().to_string()),
                Some(tag) => {
                    return Err(tag_error(
                        tag,
                        format!("'{}' is not an email address", tag.value),
                    ));
                }
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
        let draw_offer =
            match rec.tag("DrawOffer") {
                Some(tag) => Some(tag.value.parse::<Color>().map_err(|()| {
                    tag_error(tag, format!("'{}' must be White or Black", tag.value))
                })?),
                None => None,
            };
        let mut game = Game {
            tags: rec
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            white,
            black,
            rules,
            time_control,
            started,
            position: start.clone(),
            start,
            moves: Vec::with_capacity(rec.moves.len()),
            outcome: None,
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
        game.draw_offer = draw_offer;
        let result_tag = rec.tag("Result").expect("checked above");
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
        let forced = forced_outcome(&game.position);
        game.outcome = match (token.as_str(), forced) {
            ("*", forced) => forced,
            (_, Some(forced)) if forced.result != *token => {
                return Err(RecordError::Result {
                    line: *token_line,
                    message: format!(
                        "the result is {token}, but {}: it must be {}",
                        forced.reason, forced.result
                    ),
                });
            }
            (_, Some(forced)) => Some(forced),
            (token, None) => Some(Outcome {
                result: token.to_string(),
                reason: rec
                    .tag("Termination")
                    .map_or_else(|| "no reason recorded".to_string(), |t| t.value.clone()),
            }),
        };
        if let Some(outcome) = game.outcome.clone()
            && game.tag("Result") == Some("*")
        {
            // A mate or stalemate the file does not record yet: written
            // back in full the next time the file is saved.
            game.set_outcome(outcome);
        }
        Ok(game)
    }

    fn replay_one(&mut self, raw: &record::RawMove) -> Result<(), RecordError> {
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
        let received = chrono::DateTime::parse_from_rfc3339(comment)
            .map(|t| clock::truncate(t.with_timezone(&Utc)))
            .map_err(|_| {
                fail(format!(
                    "the comment {{{comment}}} is not a received time such as {{2026-11-20T09:14:00Z}}"
                ))
            })?;
        let checked = Checked {
            notation: notation::format(&m),
            display: String::new(),
            after: self.position.play(&m).map_err(|e| fail(e.to_string()))?,
            mover: color,
            mv: m,
        };
        if let Some(last) = self.last_time()
            && received < last
        {
            return Err(fail(format!(
                "received {}, before the previous time {}",
                clock::format_time(received),
                clock::format_time(last)
            )));
        }
        self.push_move(checked, received);
        Ok(())
    }

    /// When the clock of the side to move started: the last move's time,
    /// else the game's start.
    fn last_time(&self) -> Option<DateTime<Utc>> {
        self.moves.last().map(|m| m.received).or(self.started)
    }

    /// Appends a move that is known to be legal and in time order.
    fn push_move(&mut self, checked: Checked, received: DateTime<Utc>) {
        let color = checked.mover;
        if let Some(since) = self.last_time() {
            let n = self.own_moves[color] + 1;
            if let Some(deadline) = self.time_control.deadline(n, self.used[color], since)
                && received > deadline
                && self.late.is_none()
            {
                self.late = Some(LateMove {
                    ply: self.moves.len() as u32 + 1,
                    side: color,
                    deadline,
                    received,
                });
            }
            self.used[color] += received - since;
        }
        self.own_moves[color] += 1;
        if self.draw_offer == Some(!color) {
            // Playing on instead of answering declines the offer.
            self.draw_offer = None;
        }
        self.moves.push(RecordedMove {
            ply: self.moves.len() as u32 + 1,
            mover: color,
            notation: checked.notation,
            received,
        });
        self.position = checked.after;
    }

    pub fn white(&self) -> &Player {
        &self.white
    }

    pub fn black(&self) -> &Player {
        &self.black
    }

    pub fn player(&self, side: Color) -> &Player {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// A tag's value as the file has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// All tags in file order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    pub fn event(&self) -> &str {
        self.tag("Event").unwrap_or("")
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn time_control(&self) -> TimeControl {
        self.time_control
    }

    /// When the game started (the UTCDate and UTCTime tags).
    pub fn started(&self) -> Option<DateTime<Utc>> {
        self.started
    }

    /// The position the record starts from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn moves(&self) -> &[RecordedMove] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The first move received after its player's deadline.
    pub fn late_move(&self) -> Option<&LateMove> {
        self.late.as_ref()
    }

    /// A stable id from the tags, for Message-IDs and file names:
    /// `alice-bob-2026-11-20-1`.
    pub fn game_id(&self) -> String {
        // The start time tells apart two games of the same players on the
        // same day; mail threads and the outbox rely on ids being unique.
        let raw = ["White", "Black", "Date", "Round", "UTCTime"]
            .iter()
            .map(|t| self.tag(t).unwrap_or(""))
            .collect::<Vec<_>>()
            .join("-");
        let mut id = String::with_capacity(raw.len());
        for c in raw.chars() {
            if c.is_ascii_alphanumeric() {
                id.push(c.to_ascii_lowercase());
            } else if !id.ends_with('-') {
                id.push('-');
            }
        }
        let id = id.trim_matches('-');
        if id.is_empty() {
            "game".to_string()
        } else {
            id.to_string()
        }
    }

    /// The clock of the side to move, or `None` when the game has ended,
    /// has no time control, or its start time is unknown.
    pub fn clock(&self, now: DateTime<Utc>) -> Option<Clock> {
        if self.outcome.is_some() {
            return None;
        }
        let side = self.position.turn();
        let since = self.last_time()?;
        let deadline =
            self.time_control
                .deadline(self.own_moves[side] + 1, self.used[side], since)?;
        Some(Clock {
            side,
            deadline,
            left: deadline - now,
        })
    }

    /// `Black to move: 12 days 3 hours left (deadline 2026-12-01 09:14 UTC)`
    /// or `… 2 hours over the time limit (deadline …)`; `None` as for
    /// [`Game::clock`].
    pub fn clock_line(&self, now: DateTime<Utc>) -> Option<String> {
        let clock = self.clock(now)?;
        let state = if clock.is_over() {
            format!("{} over the time limit", clock::describe(clock.left))
        } else {
            format!("{} left", clock::describe(clock.left))
        };
        Some(format!(
            "{} to move: {state} (deadline {})",
            clock.side.title(),
            clock::format_time_short(clock.deadline)
        ))
    }

    /// Who is submitting, from `--by` and/or a sender address; `None` when
    /// neither is given.
    pub fn identify(
        &self,
        by: Option<Color>,
        from: Option<&str>,
    ) -> Result<Option<Color>, Rejection> {
        let Some(address) = from else {
            return Ok(by);
        };
        let matches = |p: &Player| {
            p.email
                .as_deref()
                .is_some_and(|e| e.eq_ignore_ascii_case(address.trim()))
        };
        let side = match (matches(&self.white), matches(&self.black)) {
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (true, true) => match by {
                Some(by) => return Ok(Some(by)),
                None => return Err(Rejection::AmbiguousAddress(address.to_string())),
            },
            (false, false) => return Err(Rejection::UnknownAddress(address.to_string())),
        };
        match by {
            Some(by) if by != side => Err(Rejection::AddressMismatch {
                address: address.to_string(),
                side,
                by,
            }),
            _ => Ok(Some(side)),
        }
    }

    fn ensure_ongoing(&self) -> Result<(), Rejection> {
        match &self.outcome {
            Some(o) => Err(Rejection::GameOver {
                result: o.result.clone(),
                reason: o.reason.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The verdict on a move submitted by `by` (when known): nothing is
    /// changed.
    pub fn check_move(&self, text: &str, by: Option<Color>) -> Result<Checked, Rejection> {
        self.ensure_ongoing()?;
        let to_move = self.position.turn();
        if let Some(by) = by
            && by != to_move
        {
            return Err(Rejection::NotYourTurn { by, to_move });
        }
        let m = parse_move(&self.position, text).map_err(Rejection::Move)?;
        let after = self.position.play(&m).map_err(|reason| {
            Rejection::Move(MoveError::Illegal {
                text: text.trim().to_string(),
                reason,
            })
        })?;
        let mut display = notation::format(&m);
        match after.status() {
            Status::Check => display.push('+'),
            Status::Checkmate => display.push('#'),
            _ => {}
        }
        Ok(Checked {
            notation: notation::format(&m),
            display,
            mover: to_move,
            after,
            mv: m,
        })
    }

    fn check_time(&self, at: DateTime<Utc>) -> Result<(), Rejection> {
        if let Some(last) = self.last_time()
            && at < last
        {
            return Err(Rejection::TimeOrder {
                at: clock::format_time(at),
                last: clock::format_time(last),
            });
        }
        Ok(())
    }

    /// The game with `checked` (from [`Game::check_move`] on this game)
    /// recorded as received at `at`; mate or stalemate ends it.
    pub fn with_move(&self, checked: &Checked, at: DateTime<Utc>) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        let at = clock::truncate(at);
        self.check_time(at)?;
        let mut game = self.clone();
        game.push_move(checked.clone(), at);
        game.sync_draw_tag();
        if let Some(outcome) = forced_outcome(&game.position) {
            game.set_outcome(outcome);
        }
        Ok(game)
    }

    fn set_tag(&mut self, name: &str, value: Option<String>) {
        let at = self.tags.iter().position(|(n, _)| n == name);
        match (at, value) {
            (Some(i), Some(v)) => self.tags[i].1 = v,
            (None, Some(v)) => self.tags.push((name.to_string(), v)),
            (Some(i), None) => {
                self.tags.remove(i);
            }
            (None, None) => {}
        }
    }

    fn sync_draw_tag(&mut self) {
        let value = self.draw_offer.map(|c| c.title().to_string());
        self.set_tag("DrawOffer", value);
    }

    fn set_outcome(&mut self, outcome: Outcome) {
        self.set_tag("Result", Some(outcome.result.clone()));
        self.set_tag("Termination", Some(outcome.reason.clone()));
        self.draw_offer = None;
        self.sync_draw_tag();
        self.outcome = Some(outcome);
    }

    /// `side` resigns.
    pub fn resign(&self, side: Color) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        let mut game = self.clone();
        game.set_outcome(Outcome {
            result: match side {
                Color::White => "0-1",
                Color::Black => "1-0",
            }
            .to_string(),
            reason: format!("{} resigns", side.title()),
        });
        Ok(game)
    }

    /// `side` offers a draw; it stands until answered or until the
    /// opponent moves.
    pub fn offer_draw(&self, side: Color) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        match self.draw_offer {
            Some(c) if c == side => return Err(Rejection::AlreadyOffered(side)),
            Some(c) => {
                return Err(Rejection::OfferPending {
                    by: side,
                    offerer: c,
                });
            }
            None => {}
        }
        let mut game = self.clone();
        game.draw_offer = Some(side);
        game.sync_draw_tag();
        Ok(game)
    }

    /// `side` accepts the opponent's standing offer: the game is drawn.
    pub fn accept_draw(&self, side: Color) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(!side) {
            return Err(Rejection::NoOffer(side));
        }
        let mut game = self.clone();
        game.set_outcome(Outcome {
            result: "1/2-1/2".to_string(),
            reason: format!(
                "draw agreed ({} offered, {} accepted)",
                (!side).title(),
                side.title()
            ),
        });
        Ok(game)
    }

    /// `side` declines the opponent's standing offer.
    pub fn decline_draw(&self, side: Color) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        if self.draw_offer != Some(!side) {
            return Err(Rejection::NoOffer(side));
        }
        let mut game = self.clone();
        game.draw_offer = None;
        game.sync_draw_tag();
        Ok(game)
    }

    /// The director's decision: `result` with `reason` (a time forfeit,
    /// an adjudicated position, …).
    pub fn adjudicate(&self, result: &str, reason: &str) -> Result<Game, Rejection> {
        self.ensure_ongoing()?;
        if !matches!(result, "1-0" | "0-1" | "1/2-1/2") {
            return Err(Rejection::BadResult(result.to_string()));
        }
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Rejection::EmptyReason);
        }
        let mut game = self.clone();
        game.set_outcome(Outcome {
            result: result.to_string(),
            reason: format!("adjudicated: {reason}"),
        });
        Ok(game)
    }

    /// The record as text: tags, then one numbered move pair per line,
    /// each move followed by its received time, then the result.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(512 + self.moves.len() * 32);
        for (name, value) in &self.tags {
            record::write_tag(&mut out, name, value);
        }
        out.push('\n');
        let mut number = self.start.fullmoves();
        let mut line = String::new();
        for m in &self.moves {
            use std::fmt::Write as _;
            match m.mover {
                Color::White => {
                    let _ = write!(line, "{number}. ");
                }
                Color::Black if line.is_empty() => {
                    let _ = write!(line, "{number}... ");
                }
                Color::Black => line.push(' '),
            }
            let _ = write!(
                line,
                "{} {{{}}}",
                m.notation,
                clock::format_time(m.received)
            );
            if m.mover == Color::Black {
                out.push_str(&line);
                out.push('\n');
                line.clear();
                number += 1;
            }
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(self.outcome.as_ref().map_or("*", |o| o.result.as_str()));
        out.push('\n');
        out
    }
}
