//! The game record: who plays, under which rules and time control, the
//! moves as received, and what replaying them has shown (the position,
//! the clocks, a late move, the ending).

use chrono::{DateTime, Duration, Utc};
use dynamo_core::{ByColor, Color, MoveNumber, Position, Role, Rules};

use super::clock::{self, LateMove, TimeControl};
use super::event::{Event, EventKind};
use super::language::Language;
use super::leave::Pauses;
use super::outcome::Ending;
use super::pgn::{BadValue, Note, check_value};
use super::player::Player;

/// The tag that keeps a game's id once a tag it is made from changes.
pub(super) const GAME_ID: &str = "GameId";

/// A move of the record, as it was received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// 1-based half-move count from the start of the record.
    pub ply: u32,
    /// The move number the record gives it: the start position's move
    /// number, plus one for each of Black's moves before it.
    pub number: u32,
    /// The side that played it.
    pub mover: Color,
    /// Canonical NOST notation, without `+` or `#`.
    pub notation: String,
    /// When it was received (whole seconds, UTC).
    pub received: DateTime<Utc>,
    /// Under `promotion=owner`, the piece the opponent, the pawn's owner,
    /// chose for the pawn this move left on its last rank (docs/RULES.md
    /// §9.1): `notation` ends with it, `=Q`.
    pub owner_chose: Option<Role>,
}

impl RecordedMove {
    /// `12. Qd1d3/d2d6` for White's move, `12... Qd8/d7d5` for Black's.
    pub fn numbered(&self) -> String {
        format!(
            "{} {}",
            MoveNumber {
                number: self.number,
                side: self.mover
            },
            self.notation
        )
    }

    /// `White chose the queen`: the note that the pawn's owner made the
    /// choice the notation ends with (docs/RULES.md §9.1).
    pub fn choice_note(&self) -> Option<String> {
        self.owner_chose.map(|role| choice_note(!self.mover, role))
    }

    /// The move as its mover played it, without the owner's choice
    /// written on it (docs/RULES.md §9.1): what may be shown while the
    /// owner's turn, of which the choice is part, is not.
    pub fn as_moved(&self) -> RecordedMove {
        let mut moved = self.clone();
        if moved.owner_chose.take().is_some()
            && let Some(at) = moved.notation.rfind('=')
        {
            moved.notation.truncate(at);
        }
        moved
    }
}

/// `White chose the queen`.
pub(crate) fn choice_note(owner: Color, role: Role) -> String {
    format!("{} chose the {}", owner.title(), role.name())
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
    /// The game id, pinned in the `GameId` tag; `None`: made from the
    /// tags ([`Game::game_id`]). A section's games carry the section's
    /// name in theirs, so that two sections of the same players and start
    /// never share an id (the defect "two games can share an id").
    pub game_id: Option<String>,
    /// Each player's language, written in the header ([`Language::tag`])
    /// unless English, which a file without the tag means.
    pub languages: ByColor<Language>,
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
            game_id: None,
            languages: ByColor::new_with(|_| Language::English),
        }
    }
}

/// A replayed game: the record's tags and moves plus everything derived.
#[derive(Debug, Clone)]
pub struct Game {
    pub(super) tags: Vec<(String, String)>,
    pub(super) white: Player,
    pub(super) black: Player,
    pub(super) rules: Rules,
    pub(super) time_control: TimeControl,
    pub(super) started: Option<DateTime<Utc>>,
    pub(super) start: Position,
    pub(super) position: Position,
    pub(super) moves: Vec<RecordedMove>,
    pub(super) ending: Option<Ending>,
    pub(super) draw_offer: Option<Color>,
    pub(super) used: ByColor<Duration>,
    pub(super) own_moves: ByColor<u32>,
    /// Every move received after its deadline, in order.
    pub(super) late: Vec<LateMove>,
    /// When each side's clock stops for leave.
    pub(super) leave: ByColor<Pauses>,
    /// Everything that happened, from the creation on.
    pub(super) events: Vec<Event>,
    /// The latest time of any event, corrections included.
    pub(super) latest: Option<DateTime<Utc>>,
    /// What the file has between moves: `gaps[p]` follows ply `p` (`0`:
    /// before the first move).
    pub(super) gaps: Vec<Vec<Gap>>,
}

/// The game id ([`Game::game_id`]) of the game with these tags.
pub(crate) fn game_id_from<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> String {
    // Pinned by the first correction of a tag the id is made from
    // (see `Game::set_tags`), so that a game keeps its mail thread.
    if let Some(id) = tag(GAME_ID) {
        return crate::id::sanitize(id, "").to_ascii_lowercase();
    }
    // The start time tells apart two games of the same players on the
    // same day; mail threads and the outbox rely on ids being unique.
    let raw = ["White", "Black", "Date", "Round", "UTCTime"]
        .iter()
        .map(|t| tag(t).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("-");
    crate::id::sanitize(&raw, "").to_ascii_lowercase()
}

/// An item between two moves of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Gap {
    /// An event other than a move, by its index in `Game::events`.
    Event(usize),
    /// The director's annotation, kept where it stands.
    Note(Note),
}

impl Game {
    /// A new game with no moves, or the setting a tag cannot hold.
    pub fn create(new: NewGame) -> Result<Game, BadValue> {
        for (field, value) in [
            ("White", &new.white.name),
            ("Black", &new.black.name),
            ("Event", &new.event),
            ("Site", &new.site),
            ("Round", &new.round),
        ] {
            check_value(field, value)?;
        }
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
            tags.push(("WhiteEmail".into(), email.to_string()));
        }
        if let Some(email) = &new.black.email {
            tags.push(("BlackEmail".into(), email.to_string()));
        }
        for side in [Color::White, Color::Black] {
            let language = new.languages[side];
            if language != Language::English {
                tags.push((Language::tag(side).into(), language.code().into()));
            }
        }
        tags.push(("TimeControl".into(), new.time_control.to_string()));
        tags.push(("UTCDate".into(), new.started.format("%Y.%m.%d").to_string()));
        tags.push(("UTCTime".into(), new.started.format("%H:%M:%S").to_string()));
        if let Some(id) = &new.game_id {
            // As the id reads back (`game_id_from`), so that the tag is the id.
            let id = crate::id::sanitize(id, "").to_ascii_lowercase();
            tags.push((GAME_ID.into(), id));
        }
        if new.setup.is_some() {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start.to_fen()));
        }
        let outcome = Ending::forced_by(&start);
        let mut game = Game::begin(
            tags,
            new.white,
            new.black,
            new.rules,
            new.time_control,
            Some(new.started),
            start,
        );
        if let Some(outcome) = outcome {
            game.set_ending(outcome);
        }
        Ok(game)
    }

    /// A game at `start` with nothing played yet but its creation: where
    /// [`Game::create`] and [`Game::parse`] both begin.
    pub(super) fn begin(
        tags: Vec<(String, String)>,
        white: Player,
        black: Player,
        rules: Rules,
        time_control: TimeControl,
        started: Option<DateTime<Utc>>,
        start: Position,
    ) -> Game {
        let mut game = Game {
            tags,
            white,
            black,
            rules,
            time_control,
            started,
            position: start.clone(),
            start,
            moves: Vec::new(),
            ending: None,
            draw_offer: None,
            used: ByColor::new_with(|_| Duration::zero()),
            own_moves: ByColor::new_with(|_| 0),
            late: Vec::new(),
            leave: ByColor::new_with(|_| Pauses::default()),
            events: Vec::new(),
            latest: None,
            gaps: vec![Vec::new()],
        };
        game.record_event(EventKind::Created, started, "", false);
        game
    }

    /// When the clock of the side to move started: the last move's time,
    /// else the game's start.
    pub(crate) fn last_time(&self) -> Option<DateTime<Utc>> {
        self.moves.last().map(|m| m.received).or(self.started)
    }

    /// The time of the latest event of the game: nothing may be recorded
    /// before it. The director's corrections do not count: a move
    /// received before a correction may be entered after it.
    pub fn last_event_time(&self) -> Option<DateTime<Utc>> {
        self.events
            .iter()
            .rev()
            .filter(|e| !e.kind.is_correction())
            .find_map(|e| e.at)
    }

    /// Appends an event at the current ply; `written` puts it into the
    /// movetext (moves and the creation are written in their own way, and
    /// an event read from an old file's tags stays in the tags).
    pub(super) fn record_event(
        &mut self,
        kind: EventKind,
        at: Option<DateTime<Utc>>,
        detail: &str,
        written: bool,
    ) {
        let seq = self.events.len() as u32;
        let ply = self.moves.len() as u32;
        self.latest = self.latest.max(at);
        self.events.push(Event::new(seq, kind, at, ply, detail));
        if written && let Some(gap) = self.gaps.last_mut() {
            gap.push(Gap::Event(self.events.len() - 1));
        }
    }

    /// Keeps an annotation after the last move.
    pub(super) fn push_note(&mut self, note: Note) {
        if let Some(gap) = self.gaps.last_mut() {
            gap.push(Gap::Note(note));
        }
    }

    /// Appends a move that is known to be legal and in time order:
    /// `notation` is its canonical text, `after` the position it leads to.
    /// An owner's turn under `promotion=owner`, `=Q Qe8/e7e6`, completes
    /// the mover's move before it: the record shows `Re6e7/e7e8=Q`, then
    /// `Qe8/e7e6` (docs/RULES.md §9.1).
    pub(crate) fn push_move(&mut self, notation: String, after: Position, received: DateTime<Utc>) {
        let notation = match notation.split_once(' ') {
            Some((choice, rest)) if choice.starts_with('=') => {
                let role = choice
                    .chars()
                    .nth(1)
                    .and_then(Role::from_upper_char)
                    .filter(|r| Role::PROMOTIONS.contains(r));
                if let Some(role) = role {
                    self.complete_last_move(role);
                }
                rest.to_string()
            }
            _ => notation,
        };
        let color = self.position.turn();
        let since = self.last_time();
        self.time_move(
            color,
            since,
            received,
            self.moves.len() as u32 + 1,
            self.position.fullmoves(),
        );
        if self.draw_offer == Some(!color) {
            // Playing on instead of answering declines the offer.
            self.draw_offer = None;
            self.sync_draw_tag();
        }
        self.moves.push(RecordedMove {
            ply: self.moves.len() as u32 + 1,
            number: self.position.fullmoves(),
            mover: color,
            notation,
            received,
            owner_chose: None,
        });
        self.position = after;
        // The event's digest reads the notation the move keeps, lent for
        // the while: no copy of it is made (a replay records every move).
        let lent = self
            .moves
            .last_mut()
            .map(|m| std::mem::take(&mut m.notation));
        let notation = lent.unwrap_or_default();
        self.record_event(EventKind::Moved, Some(received), &notation, false);
        if let Some(last) = self.moves.last_mut() {
            last.notation = notation;
        }
        self.gaps.push(Vec::new());
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

    /// The language of the player of `side`: the header's tag
    /// ([`Language::tag`]), English without one (the replay refused a
    /// file whose tag names no language).
    pub fn language(&self, side: Color) -> Language {
        self.tag(Language::tag(side))
            .and_then(|code| code.parse().ok())
            .unwrap_or_default()
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

    /// Everything that happened, in order; the first is the creation.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The latest event.
    pub fn last_event(&self) -> &Event {
        // `create` and `parse` both begin with the creation event.
        &self.events[self.events.len() - 1]
    }

    /// How the game ended; `None` while it goes on.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// A stable id from the tags, for Message-IDs and file names:
    /// `alice-bob-2026-11-20-1`.
    pub fn game_id(&self) -> String {
        game_id_from(|name| self.tag(name))
    }

    pub(crate) fn set_tag(&mut self, name: &str, value: Option<String>) {
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

    pub(crate) fn sync_draw_tag(&mut self) {
        let value = self.draw_offer.map(|c| c.title().to_string());
        self.set_tag("DrawOffer", value);
    }

    pub(crate) fn set_ending(&mut self, ending: Ending) {
        self.set_tag("Result", Some(ending.outcome.pgn().to_string()));
        self.set_tag("Termination", Some(ending.reason.clone()));
        self.draw_offer = None;
        self.sync_draw_tag();
        self.ending = Some(ending);
    }

    /// The first move received after its player's deadline.
    pub fn late_move(&self) -> Option<&LateMove> {
        self.late.first()
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;
    use dynamo_core::{Position, Rules};

    use crate::game::clock::parse_time;
    use crate::game::{Game, NewGame, Player};

    /// A game set up at move 20 whose first move came late: the record,
    /// the late-move note and the text all say move 20 (the note used to
    /// say move 1).
    #[test]
    fn late_move_in_a_game_set_up_at_move_20_is_move_20() {
        let start = parse_time("2026-11-01T09:00:00Z").expect("a time");
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 20";
        let mut new = NewGame::new(
            Player::parse("Ann").expect("a name"),
            Player::parse("Bob").expect("a name"),
            start,
        );
        new.time_control = "3d".parse().expect("a time control");
        new.setup = Some(Position::from_fen(fen, Rules::NOST).expect("a position"));
        let game = Game::create(new).expect("plain names");
        let late = start + Duration::days(4);
        let white = game.check_move("e2e4", None).expect("legal");
        let game = game.with_move(&white, late).expect("recorded");
        let black = game.check_move("e7e5", None).expect("legal");
        let game = game
            .with_move(&black, late + Duration::hours(1))
            .expect("recorded");
        let numbers: Vec<u32> = game.moves().iter().map(|m| m.number).collect();
        assert_eq!(numbers, [20, 20]);
        let note = game.late_move().expect("four days for a three-day move");
        assert_eq!((note.ply, note.number), (1, 20));
        assert!(
            game.to_text().contains("\n20. e2e4 {"),
            "{}",
            game.to_text()
        );
        let again = Game::parse(&game.to_text()).expect("replays");
        assert_eq!(again.late_move().map(|l| l.number), Some(20));
    }
}
