//! The director's corrections: taking back the last move ([`Game::undo`])
//! and fixing the header ([`Game::set_tags`]). Each is recorded in the
//! file where it was made, with its time and reason (see
//! `pgn/correction.rs`), so the record shows what was corrected and
//! still replays. Both return a new game, replayed from its own text, or
//! say why not; the game they are called on is never changed.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Utc};
use dynamo_core::{Color, Rules, notation, quoted};

use super::choice::read_recorded;
use super::clock::{self, TimeControl};
use super::event::{EventKind, HeaderFix, TagChange, TakenBack};
use super::pgn::{BadValue, check_value, is_tag_name};
use super::player::{Mailbox, Player};
use super::record::{GAME_ID, Game, Gap};
use super::text::action_of;

/// Why a correction is refused. Nothing is written when one of these is
/// returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CorrectionError {
    #[error("nothing to undo: no move has been recorded")]
    NothingToUndo,
    /// Only a move is taken back; the event named came after the last one.
    #[error("the last event is {0}, not a move: undo takes back moves only")]
    NotAMove(String),
    #[error("the reason must not be empty")]
    EmptyReason,
    #[error(transparent)]
    BadValue(BadValue),
    #[error("{name} cannot be set: {why}")]
    NotSettable { name: String, why: &'static str },
    #[error("{0} is given twice")]
    Twice(String),
    /// Every tag already has the value asked for: there is nothing to do.
    #[error("nothing to change: {0}")]
    NothingToChange(String),
    #[error("the time {at} is before the last recorded time {last}")]
    TimeOrder { at: String, last: String },
    /// The corrected record does not replay: a bug, caught before
    /// anything is written.
    #[error(
        "the corrected record does not replay ({0}); this is a bug in dynamo, please report it"
    )]
    Replay(String),
}

/// One tag to set, and how the user named it (`--white-email`, `--tag
/// Round`), for the messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagEdit {
    pub field: String,
    pub name: String,
    pub value: String,
}

/// The tags of how a game is played and when it starts, which `set`
/// changes only before the first move: no move has been judged under
/// them yet, and no clock has run from the start (a section corrected
/// before play, `tournament set`).
const BEFORE_PLAY_TAGS: [&str; 3] = ["Rules", "UTCDate", "UTCTime"];

/// Why `set` leaves a tag alone in `game`, or `None` for a tag it may set.
fn not_settable(name: &str, game: &Game) -> Option<&'static str> {
    let unplayed = game.moves.is_empty() && game.ending.is_none();
    if unplayed && BEFORE_PLAY_TAGS.contains(&name) {
        if name == "Rules" && game.tag("SetUp").is_some() {
            return Some(
                "the game's set-up position was written under it; start a new game instead",
            );
        }
        return None;
    }
    Some(match name {
        "Result" | "Termination" | "DrawOffer" => {
            "it follows from the game's events (adjudicate decides a result, undo takes back a move)"
        }
        "Variant" | "Rules" | "SetUp" | "FEN" => {
            "it decides which moves are legal, and the recorded moves were judged under it; start a new game instead"
        }
        "UTCDate" | "UTCTime" => {
            "it is when the game started, which the creation event and every clock are measured from"
        }
        GAME_ID => "it keeps the game's mail thread once a name, date or round has changed",
        _ => return None,
    })
}

/// The tags `dynamo` reads or writes, in their spelling.
const KNOWN_TAGS: [&str; 18] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "Rules",
    "WhiteEmail",
    "BlackEmail",
    "TimeControl",
    "UTCDate",
    "UTCTime",
    "SetUp",
    "FEN",
    "DrawOffer",
    "Termination",
];

/// The tags the game's id is made from that `set` may change.
const ID_TAGS: [&str; 4] = ["White", "Black", "Date", "Round"];

pub(super) fn reason_of(reason: &str) -> Result<String, CorrectionError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(CorrectionError::EmptyReason);
    }
    check_value("--reason", reason).map_err(CorrectionError::BadValue)?;
    Ok(reason.to_string())
}

/// The value of `edit` as the file will hold it, checked as `dynamo new`
/// checks it.
fn checked_value(edit: &TagEdit, game: &Game) -> Result<String, CorrectionError> {
    let bad = |why: String| {
        CorrectionError::BadValue(BadValue {
            field: edit.field.clone(),
            why,
        })
    };
    if !is_tag_name(&edit.name) {
        return Err(bad(format!(
            "{} is not a tag name: letters, digits or _",
            quoted(&edit.name)
        )));
    }
    if let Some(why) = not_settable(&edit.name, game) {
        return Err(CorrectionError::NotSettable {
            name: edit.name.clone(),
            why,
        });
    }
    let value = edit.value.as_str();
    check_value(&edit.field, value).map_err(CorrectionError::BadValue)?;
    match edit.name.as_str() {
        "White" | "Black" => {
            let player = Player::parse(value).map_err(|e| bad(e.to_string()))?;
            if value.contains('<') {
                return Err(bad("give the name alone, without an address".to_string()));
            }
            Ok(player.name)
        }
        "WhiteEmail" | "BlackEmail" => {
            let mailbox =
                Mailbox::parse(value).map_err(|e| bad(format!("{}: {e}", quoted(value))))?;
            if mailbox.name.is_some() {
                return Err(bad("give the address alone, without a name".to_string()));
            }
            Ok(mailbox.address.as_str().to_string())
        }
        "TimeControl" => value
            .parse::<TimeControl>()
            .map(|tc| tc.to_string())
            .map_err(|e| bad(e.to_string())),
        "Rules" => value
            .parse::<Rules>()
            .map(|r| r.to_string())
            .map_err(|e| bad(e.to_string())),
        // As `Game::create` writes them, years 1900 to 9999.
        "UTCDate" => NaiveDate::parse_from_str(value, "%Y.%m.%d")
            .ok()
            .filter(|d| (1900..=9999).contains(&d.year()))
            .map(|d| d.format("%Y.%m.%d").to_string())
            .ok_or_else(|| {
                bad(format!(
                    "{} is not a date such as 2026.11.20",
                    quoted(value)
                ))
            }),
        "UTCTime" => NaiveTime::parse_from_str(value, "%H:%M:%S")
            .map(|t| t.format("%H:%M:%S").to_string())
            .map_err(|_| bad(format!("{} is not a time such as 09:00:00", quoted(value)))),
        _ => Ok(value.to_string()),
    }
}

impl Game {
    /// The latest time of any event but the creation: a correction may
    /// not be earlier. The creation's time is the start of play, which
    /// may lie ahead: a director corrects a game before it begins, and a
    /// start put back leaves the correction before the creation.
    pub(super) fn check_correction_time(&self, at: DateTime<Utc>) -> Result<(), CorrectionError> {
        let latest = self
            .events
            .iter()
            .filter(|e| !matches!(e.kind, EventKind::Created))
            .filter_map(|e| e.at)
            .max();
        match latest {
            Some(last) if at < last => Err(CorrectionError::TimeOrder {
                at: clock::format_time(at),
                last: clock::format_time(last),
            }),
            _ => Ok(()),
        }
    }

    /// Records a correction read from the file.
    pub(super) fn replay_correction(
        &mut self,
        kind: EventKind,
        at: DateTime<Utc>,
    ) -> Result<(), CorrectionError> {
        self.check_correction_time(at)?;
        self.record_event(kind, Some(at), "", true);
        Ok(())
    }

    /// The game replayed from its own text: everything derived (clocks,
    /// late moves, the ending) follows from what is written.
    pub(super) fn reread(&self) -> Result<Game, CorrectionError> {
        Game::parse(&self.to_text()).map_err(|e| CorrectionError::Replay(e.to_string()))
    }

    /// Takes back the last move, at `at`, for `reason`: the game as if it
    /// had not been played, with a record of it where it stood. A move
    /// that ended the game (a mate or stalemate) may be taken back; the
    /// game goes on. Only a move is taken back: when a draw offer or
    /// answer, a resignation or an adjudication came after it, that is
    /// refused.
    pub fn undo(&self, reason: &str, at: DateTime<Utc>) -> Result<Game, CorrectionError> {
        if self.cancelled().is_some() {
            // A cancelled game is over for good: its moves count for nobody.
            return Err(CorrectionError::NotAMove(
                "the game's cancellation".to_string(),
            ));
        }
        let last = self.moves.last().ok_or(CorrectionError::NothingToUndo)?;
        let latest = self.events.iter().rev().find(|e| !e.kind.is_correction());
        if let Some(event) = latest.filter(|e| !matches!(e.kind, EventKind::Moved)) {
            return Err(CorrectionError::NotAMove(describe(&event.kind)));
        }
        let reason = reason_of(reason)?;
        let at = clock::truncate(at);
        self.check_correction_time(at)?;
        let undone = TakenBack {
            number: last.number,
            mover: last.mover,
            notation: last.notation.clone(),
            received: last.received,
        };
        let mut game = self.without_last_move()?;
        game.record_event(EventKind::Undone { undone, reason }, Some(at), "", true);
        game.reread()
    }

    /// The game replayed from its start without its last move: every
    /// other move, event and note where it stood, and what stood after
    /// the last move (notes and corrections only) after the one before.
    fn without_last_move(&self) -> Result<Game, CorrectionError> {
        let keep = self.moves.len().saturating_sub(1);
        let mut tags = self.tags.clone();
        tags.retain(|(name, _)| !matches!(name.as_str(), "Termination" | "DrawOffer"));
        let mut game = Game::begin(
            tags,
            self.white.clone(),
            self.black.clone(),
            self.rules,
            self.time_control,
            self.started,
            self.start.clone(),
        );
        game.set_tag("Result", Some("*".to_string()));
        let broken = |e: String| CorrectionError::Replay(e);
        let mut choice = None;
        for (ply, gap) in self.gaps.iter().enumerate() {
            for item in gap {
                match item {
                    Gap::Note(note) => game.push_note(note.clone()),
                    Gap::Event(i) => {
                        let event = &self.events[*i];
                        match action_of(&event.kind) {
                            Some(action) => {
                                let reason = match &event.kind {
                                    EventKind::Adjudicated { reason, .. } => reason.as_str(),
                                    _ => "",
                                };
                                game.apply(action, event.at, reason)
                                    .map_err(|e| broken(e.to_string()))?;
                            }
                            None => game.record_event(event.kind.clone(), event.at, "", true),
                        }
                    }
                }
            }
            if ply < keep {
                // Read as replay reads the file: the owner's choice on the
                // mover's move goes with the owner's move after it, and
                // is gone with it when that is the move taken back
                // (docs/RULES.md §9.1).
                let m = &self.moves[ply];
                let mut after = game.position.clone();
                let (mv, completed) =
                    read_recorded(&game.position, choice.take(), &m.notation, &mut after)
                        .map_err(|e| broken(e.to_string()))?;
                game.push_move(notation::format(&mv), after, m.received);
                choice = completed;
            }
        }
        Ok(game)
    }

    /// Sets the tags `edits` name, at `at`, for `reason` if given, after
    /// checking each value as `dynamo new` does; a tag that decides how
    /// the moves replay, or follows from the events, is refused. Names,
    /// addresses and the time control take effect at once (the clocks are
    /// worked out again under a new time control).
    pub fn set_tags(
        &self,
        edits: &[TagEdit],
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<Game, CorrectionError> {
        let mut changes: Vec<TagChange> = Vec::new();
        let mut same = Vec::new();
        for (i, edit) in edits.iter().enumerate() {
            if edits[..i].iter().any(|e| e.name == edit.name) {
                return Err(CorrectionError::Twice(edit.name.clone()));
            }
            // Tag names are case-sensitive: `round` would be a tag of its
            // own beside `Round`, which is surely not what was meant.
            let spelt = KNOWN_TAGS
                .into_iter()
                .chain([GAME_ID])
                .chain(self.tags.iter().map(|(n, _)| n.as_str()))
                .find(|n| n.eq_ignore_ascii_case(&edit.name) && *n != edit.name);
            if let Some(spelt) = spelt {
                return Err(CorrectionError::BadValue(BadValue {
                    field: edit.field.clone(),
                    why: format!("the tag is spelt {spelt}"),
                }));
            }
            let new = checked_value(edit, self)?;
            let old = self.tag(&edit.name).unwrap_or("").to_string();
            if old == new && self.tag(&edit.name).is_some() {
                same.push(format!("{} is already {}", edit.name, quoted(&new)));
            } else {
                let name = edit.name.clone();
                changes.push(TagChange { name, old, new });
            }
        }
        if changes.is_empty() {
            return Err(CorrectionError::NothingToChange(same.join("; ")));
        }
        let reason = reason.map(reason_of).transpose()?;
        let at = clock::truncate(at);
        self.check_correction_time(at)?;
        let mut game = self.clone();
        let names_id = changes.iter().any(|c| ID_TAGS.contains(&c.name.as_str()));
        if names_id && game.tag(GAME_ID).is_none() {
            game.set_tag(GAME_ID, Some(self.game_id()));
        }
        for c in &changes {
            game.set_tag(&c.name, Some(c.new.clone()));
        }
        game.write_unwritten_events();
        let fix = HeaderFix { changes, reason };
        game.record_event(EventKind::Corrected(fix), Some(at), "", true);
        game.reread()
    }

    /// Writes into the movetext, after the last move, the events a file
    /// of an older `dynamo` records only in its tags (a standing draw
    /// offer, an ending), so that read again they still come before the
    /// correction made now, which its notices are about. An agreed draw
    /// is written with the offer its Termination tag names.
    pub(super) fn write_unwritten_events(&mut self) {
        let mut written = vec![false; self.events.len()];
        for gap in &self.gaps {
            for item in gap {
                if let Gap::Event(i) = item {
                    written[*i] = true;
                }
            }
        }
        for (i, was_written) in written.into_iter().enumerate() {
            let kind = self.events[i].kind.clone();
            if was_written || action_of(&kind).is_none() {
                continue;
            }
            if let EventKind::DrawAccepted { by } = kind {
                match self.draw_offer {
                    Some(offerer) if offerer == by => continue,
                    Some(_) => {}
                    None => self.record_event(EventKind::DrawOffered { by: !by }, None, "", true),
                }
            }
            if let Some(gap) = self.gaps.last_mut() {
                gap.push(Gap::Event(i));
            }
        }
    }
}

/// An event in a few words: `Black's resignation`.
fn describe(kind: &EventKind) -> String {
    let side = |c: Color| c.title();
    match kind {
        EventKind::Created => "the game's creation".to_string(),
        EventKind::Moved => "a move".to_string(),
        EventKind::DrawOffered { by } => format!("{}'s draw offer", side(*by)),
        EventKind::DrawAccepted { by } => format!("{}'s acceptance of a draw", side(*by)),
        EventKind::DrawDeclined { by } => format!("{}'s refusal of a draw", side(*by)),
        EventKind::Resigned { by } => format!("{}'s resignation", side(*by)),
        EventKind::Adjudicated { outcome, .. } => format!("the director's decision ({outcome})"),
        EventKind::Chose { by, role } => format!("{}'s choice of a {}", side(*by), role.name()),
        other => format!("the {} event", other.label()),
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::game::NewGame;

    /// The game a correction returns is the game its text replays to,
    /// event for event: the notices queued for its latest event are
    /// confirmed against the file by sequence number and key.
    #[test]
    fn a_corrected_game_is_the_game_its_text_replays_to() {
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("a time");
        let white = Player::parse("Ann <ann@example.org>").expect("a player");
        let black = Player::parse("Bob <bob@example.org>").expect("a player");
        let mut game = Game::create(NewGame::new(white, black, start)).expect("a game");
        for (i, text) in ["e2e4", "e7e5", "Ng1f3"].iter().enumerate() {
            let checked = game.check_move(text, None).expect("legal");
            let at = start + Duration::hours(i as i64 + 1);
            game = game.with_move(&checked, at).expect("recorded");
        }
        let later = start + Duration::days(1);
        let game = game.undo("twice", later).expect("undone");
        let edit = TagEdit {
            field: "--white".into(),
            name: "White".into(),
            value: "Ann Lee".into(),
        };
        let game = game.set_tags(&[edit], None, later).expect("set");
        let game = game.undo("again", later).expect("undone");
        let again = Game::parse(&game.to_text()).expect("replays");
        assert_eq!(again.events(), game.events());
        assert_eq!(again.to_text(), game.to_text());
        let labels: Vec<&str> = game.events().iter().map(|e| e.kind.label()).collect();
        assert_eq!(labels, ["created", "move", "undo", "set", "undo"]);
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.white().name, "Ann Lee");
        assert_eq!(game.game_id(), "ann-bob-2026-11-20-09-00-00");
    }

    /// A section corrected before play (`tournament set`): its start put
    /// back a week and its rules changed, the correction made before the
    /// old start; once a move is recorded both are refused.
    #[test]
    fn the_start_and_rules_change_only_before_the_first_move() {
        let start = clock::parse_time("2026-11-20T09:00:00Z").expect("a time");
        let white = Player::parse("Ann <ann@example.org>").expect("a player");
        let black = Player::parse("Bob <bob@example.org>").expect("a player");
        let game = Game::create(NewGame::new(white, black, start)).expect("a game");
        let edit = |name: &str, value: &str| TagEdit {
            field: format!("--tag {name}"),
            name: name.into(),
            value: value.into(),
        };
        let edits = [
            edit("UTCDate", "2026.11.27"),
            edit("UTCTime", "10:30:00"),
            edit("Rules", "nost,castling=strict"),
        ];
        let before = start - Duration::days(2);
        let moved = game
            .set_tags(&edits, Some("postponed"), before)
            .expect("set");
        let again = Game::parse(&moved.to_text()).expect("replays");
        assert_eq!(again.to_text(), moved.to_text());
        assert_eq!(
            moved.started(),
            Some(clock::parse_time("2026-11-27T10:30:00Z").expect("a time"))
        );
        assert_eq!(moved.rules().to_string(), "nost,castling=strict");
        let bad = game.set_tags(&[edit("UTCDate", "2026-11-27")], None, before);
        assert!(matches!(bad, Err(CorrectionError::BadValue(_))), "{bad:?}");
        let checked = game.check_move("e2e4", None).expect("legal");
        let played = game.with_move(&checked, start).expect("a move");
        let refused = played.set_tags(&edits[..1], None, start + Duration::days(1));
        assert!(
            matches!(refused, Err(CorrectionError::NotSettable { .. })),
            "{refused:?}"
        );
    }
}
