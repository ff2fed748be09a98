//! The notice: what a player reads about one event of a game — the
//! subject, what happened, whose move it is by name, both clocks, the
//! board from their side, how to reply. [`Notice`] gathers it from the
//! game once; each player's copy is written by `body.rs` and put in its
//! envelope by `envelope.rs`.

use chrono::{DateTime, Duration, Utc};

use super::picture::{Replayed, replay};
use super::text::{header_text, one_line};
use crate::game::clock::format_time_short;
use crate::game::{Clock, Ending, EventKind, Game, LeaveDays, Player, RecordedMove};
use dynamo_core::{Color, Position, Status};

/// The event a notice is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Happened {
    /// Its place in the game's history (0: the creation).
    pub seq: u32,
    /// Its key ([`crate::game::Event::key`]): names the notice's
    /// Message-IDs and proves, in the outbox, which event it is.
    pub key: String,
    /// What happened.
    pub kind: EventKind,
    /// When.
    pub at: Option<DateTime<Utc>>,
}

/// Both players' clocks at the time of the notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    /// The clock of the side to move, which runs.
    pub running: Clock,
    /// The time the other side has for their next move, not running.
    pub other_left: Option<Duration>,
}

/// A player's leave that a notice mentions: going on, or to come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveNote {
    /// Whose leave.
    pub side: Color,
    /// Its first and last day.
    pub days: LeaveDays,
    /// Whether it is going on at the time of the notice.
    pub current: bool,
}

/// Everything a notice says, gathered from a game.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Stable identifier of the game (names the Message-IDs).
    pub game_id: String,
    /// The game's Event tag, shown when not blank.
    pub event_name: String,
    /// The Round tag, shown when it names one.
    pub round: String,
    /// The rule set and the time control, as the file writes them.
    pub rules: String,
    /// The time control, as the file writes it.
    pub time_control: String,
    /// The player of White.
    pub white: Player,
    /// The player of Black.
    pub black: Player,
    /// The position after the event.
    pub position: Position,
    /// The moves as the game records them, numbered by the game.
    pub moves: Vec<RecordedMove>,
    /// A finished game's result and reason.
    pub ending: Option<Ending>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The event this notice is about.
    pub happened: Happened,
    /// The keys of the game's earlier events, oldest first (threading).
    pub earlier: Vec<String>,
    /// The last move's marks and the pieces lost off the board.
    pub replayed: Replayed,
    /// Both clocks; `None` without a time control or after the end.
    pub clocks: Option<Clocks>,
    /// Each player's leave going on or to come, while the game goes on.
    pub leave: Vec<LeaveNote>,
}

impl Notice {
    /// The notice of the game's latest event; `now` sets the clocks.
    pub fn from_game(game: &Game, now: DateTime<Utc>) -> Notice {
        let last = game.last_event();
        let earlier = game.events()[..game.events().len() - 1]
            .iter()
            .map(|e| e.key())
            .collect();
        let running = game.clock(now);
        let clocks = running.map(|running| Clocks {
            other_left: game.side_clock(!running.side, now).map(|c| c.in_hand),
            running,
        });
        let leave = [Color::White, Color::Black]
            .into_iter()
            .filter(|_| game.ending().is_none())
            .filter_map(|side| {
                let days = game.next_leave(side, now)?;
                Some(LeaveNote {
                    side,
                    days,
                    current: game.leave(side).at(now).is_some(),
                })
            })
            .collect();
        let replayed = replay(
            game.start_position(),
            game.moves().iter().map(|m| m.notation.as_str()),
        );
        Notice {
            game_id: game.game_id(),
            event_name: game.event().to_string(),
            round: game.tag("Round").unwrap_or("").to_string(),
            rules: game.rules().to_string(),
            time_control: game.time_control().to_string(),
            white: game.white().clone(),
            black: game.black().clone(),
            position: game.position().clone(),
            moves: game.moves().to_vec(),
            ending: game.ending().cloned(),
            draw_offer: game.draw_offer(),
            happened: Happened {
                seq: last.seq,
                key: last.key(),
                kind: last.kind.clone(),
                at: last.at,
            },
            earlier,
            replayed,
            clocks,
            leave,
        }
    }

    /// How many moves are recorded: 0 for a new game.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// The player of `side`.
    pub fn player(&self, side: Color) -> &Player {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The name of the player of `side`, on one line.
    pub fn name(&self, side: Color) -> String {
        let name = one_line(&self.player(side).name);
        if name.is_empty() {
            side.title().to_string()
        } else {
            name
        }
    }

    /// `Ada (White)`.
    pub(super) fn named(&self, side: Color) -> String {
        format!("{} ({})", self.name(side), side.title())
    }

    /// The last move with its number, `14... Qd8/d7d5`, if any.
    pub fn last_move(&self) -> Option<String> {
        self.moves.last().map(numbered)
    }

    /// What happened, in a sentence, with its time.
    pub fn headline(&self) -> String {
        let what = match &self.happened.kind {
            EventKind::Created => format!(
                "A new game: {} against {}, rules {}, time control {}",
                self.named(Color::White),
                self.named(Color::Black),
                self.rules,
                self.time_control
            ),
            EventKind::Moved => match self.moves.last() {
                Some(m) => format!("{} played {}", self.named(m.mover), numbered(m)),
                None => "A move was recorded".to_string(),
            },
            EventKind::DrawOffered { by } => format!("{} offers a draw", self.named(*by)),
            EventKind::DrawAccepted { by } => format!(
                "{} accepts {}'s draw offer: the game is drawn",
                self.named(*by),
                self.name(!*by)
            ),
            EventKind::DrawDeclined { by } => format!(
                "{} declines {}'s draw offer; the game goes on",
                self.named(*by),
                self.name(!*by)
            ),
            EventKind::Resigned { by } => format!("{} resigns", self.named(*by)),
            EventKind::Adjudicated { outcome, reason } => format!(
                "The director has decided the game: {outcome}, {}",
                one_line(reason)
            ),
            EventKind::Undone { .. } | EventKind::Corrected(_) => {
                self.correction_headline().unwrap_or_default()
            }
            EventKind::Leave { by, days } => format!(
                "{} is on leave from {} to {}: {}'s clock does not run on those days",
                self.named(*by),
                long_date(days.from()),
                long_date(days.to()),
                self.name(*by)
            ),
        };
        match self.happened.at {
            Some(at) => format!("{what} ({}).", format_time_short(at)),
            None => format!("{what}."),
        }
    }

    /// Whose move it is, said to the player of `side`: `Charles, it is
    /// your move.`, `Waiting for Ada's move.`, or the end of the game.
    pub fn turn_line(&self, side: Color) -> String {
        if self.ending.is_some() {
            return self.state();
        }
        let turn = self.position.turn();
        let check = if self.position.status() == Status::Check {
            " You are in check."
        } else {
            ""
        };
        if turn == side {
            format!("{}, it is your move.{check}", self.name(side))
        } else {
            format!("Waiting for {}'s move.", self.name(turn))
        }
    }

    /// What the game waits for, in a sentence: `White to move.`,
    /// `Checkmate: Black wins.`, `Game over: 1-0 (Black resigns).`
    pub fn state(&self) -> String {
        if let Some(Ending { outcome, reason }) = &self.ending {
            return if reason.is_empty() {
                format!("Game over: {outcome}.")
            } else {
                format!("Game over: {outcome} ({}).", one_line(reason))
            };
        }
        let turn = self.position.turn();
        match self.position.status() {
            Status::Checkmate => format!("Checkmate: {} wins.", (!turn).title()),
            Status::Stalemate => "Stalemate: the game is drawn.".to_string(),
            Status::Check => format!("{} to move, in check.", turn.title()),
            Status::Ongoing => format!("{} to move.", turn.title()),
        }
    }

    /// The event in a few words: `new game`, `2. Qd1h5`, `Bob offers a
    /// draw`, `draw agreed`, `Bob resigns`, `adjudicated`.
    pub fn summary(&self) -> String {
        let short = |s: Color| {
            header_text(&self.name(s))
                .chars()
                .take(40)
                .collect::<String>()
        };
        match &self.happened.kind {
            EventKind::Created => "new game".to_string(),
            EventKind::Moved => self.last_move().unwrap_or_else(|| "move".to_string()),
            EventKind::DrawOffered { by } => format!("{} offers a draw", short(*by)),
            EventKind::DrawAccepted { .. } => "draw agreed".to_string(),
            EventKind::DrawDeclined { by } => format!("{} declines the draw", short(*by)),
            EventKind::Resigned { by } => format!("{} resigns", short(*by)),
            EventKind::Adjudicated { .. } => "adjudicated".to_string(),
            EventKind::Undone { .. } | EventKind::Corrected(_) => {
                self.correction_summary().unwrap_or_default()
            }
            EventKind::Leave { by, days } => {
                format!("{} on leave {} to {}", short(*by), days.from(), days.to())
            }
        }
    }

    /// The subject of the copy for `side`: `Dynamo: Alice – Bob, 14...
    /// Qd8/d7d5 — your move`, ready to be a header.
    pub fn subject(&self, side: Color) -> String {
        let short = |s: Color| {
            header_text(&self.name(s))
                .chars()
                .take(40)
                .collect::<String>()
        };
        let what = self.summary();
        let turn = self.position.turn();
        let tail = match &self.ending {
            Some(ending) => format!("game over, {}", ending.outcome),
            None if turn == side => "your move".to_string(),
            None => format!("{} to move", short(turn)),
        };
        let check = if self.ending.is_none() && self.position.status() == Status::Check {
            " (check)"
        } else {
            ""
        };
        header_text(&format!(
            "Dynamo: {} – {}, {} — {tail}{check}",
            short(Color::White),
            short(Color::Black),
            header_text(&what)
        ))
    }

    /// `Event: Club match, round 3`, when the game names an event.
    pub fn event_line(&self) -> Option<String> {
        let event = one_line(&self.event_name);
        let round = one_line(&self.round);
        let round = (!matches!(round.as_str(), "" | "-" | "?")).then_some(round);
        match (event.is_empty() || event == "?", round) {
            (true, None) => None,
            (true, Some(r)) => Some(format!("Round {r}")),
            (false, None) => Some(format!("Event: {event}")),
            (false, Some(r)) => Some(format!("Event: {event}, round {r}")),
        }
    }
}

/// `14. Qd8/d7d5` for White's move, `14... Qd8/d7d5` for Black's.
pub fn numbered(mv: &RecordedMove) -> String {
    let label = crate::game::move_label(mv.number, mv.mover);
    format!("{label} {}", one_line(&mv.notation))
}

/// `1 December 2026`.
pub(super) fn long_date(day: chrono::NaiveDate) -> String {
    day.format("%-d %B %Y").to_string()
}

/// The notice of the last event of a game of Alice (White) against Bob
/// (Black), time control `10/50d`, with `moves` played from the start:
/// the fixture of this layer's tests.
#[cfg(test)]
pub(super) fn sample(moves: &[&str]) -> Notice {
    Notice::from_game(&sample_game(moves), sample_start() + Duration::days(2))
}

#[cfg(test)]
pub(super) fn sample_start() -> DateTime<Utc> {
    crate::game::clock::parse_time("2024-04-21T12:00:00Z").expect("time")
}

#[cfg(test)]
pub(super) fn sample_game(moves: &[&str]) -> Game {
    use crate::game::NewGame;

    let mut new = NewGame::new(
        Player::parse("Alice <alice@example.org>").expect("a player"),
        Player::parse("Bob <bob@example.org>").expect("a player"),
        sample_start(),
    );
    new.event = "Club match".to_string();
    new.round = "3".to_string();
    new.time_control = "10/50d".parse().expect("a time control");
    let mut game = Game::create(new).expect("a game");
    for (i, text) in moves.iter().enumerate() {
        let checked = game.check_move(text, None).expect("legal");
        let at = sample_start() + Duration::hours(i as i64 + 1);
        game = game.with_move(&checked, at).expect("recorded");
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject_names_the_event_and_whose_move_it_is() {
        let n = sample(&["e2e4", "f7f6"]);
        assert_eq!(
            n.subject(Color::White),
            "Dynamo: Alice – Bob, 1... f7f6 — your move"
        );
        assert_eq!(
            n.subject(Color::Black),
            "Dynamo: Alice – Bob, 1... f7f6 — Alice to move"
        );
        assert_eq!(
            sample(&[]).subject(Color::Black),
            "Dynamo: Alice – Bob, new game — Alice to move"
        );
        let n = sample(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(
            n.subject(Color::Black),
            "Dynamo: Alice – Bob, 2. Qd1h5 — your move (check)"
        );
    }

    #[test]
    fn each_copy_says_whose_move_it_is_by_name() {
        let n = sample(&["e2e4"]);
        assert_eq!(n.turn_line(Color::Black), "Bob, it is your move.");
        assert_eq!(n.turn_line(Color::White), "Waiting for Bob's move.");
        assert_eq!(
            n.headline(),
            "Alice (White) played 1. e2e4 (2024-04-21 13:00 UTC)."
        );
        assert_eq!(
            n.event_line().as_deref(),
            Some("Event: Club match, round 3")
        );
    }

    #[test]
    fn both_clocks_and_the_next_deadline() {
        let n = sample(&["e2e4"]);
        let lines = n.clock_lines();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("Clock of Bob (Black): "), "{lines:?}");
        assert!(
            lines[1].starts_with("Clock of Alice (White): 49 days 23 hours"),
            "{lines:?}"
        );
        assert_eq!(
            lines[2],
            "Next deadline: 2024-06-10 13:00 UTC, for Bob's move"
        );
    }

    #[test]
    fn move_list_pairs_moves_by_number() {
        let n = sample(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(n.move_list(), "1. e2e4   f7f6\n2. Qd1h5\n");
        assert_eq!(n.last_move().as_deref(), Some("2. Qd1h5"));
    }

    #[test]
    fn the_fen_line_is_standard_and_the_no_undo_board_is_apart() {
        let n = sample(&["e2e4"]);
        let (fen, previous) = n.fen_lines();
        assert_eq!(
            fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(
            previous.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
        );
    }

    #[test]
    fn a_piece_pushed_off_is_lost_and_named() {
        let n = sample(&["Bf1/g2E"]);
        assert_eq!(
            n.lost_line(),
            "Off the board: White lost pawn; Black lost nothing."
        );
        assert_eq!(
            n.exits_line().as_deref(),
            Some("Left the board: the white pawn from g2.")
        );
    }

    #[test]
    fn a_finished_game_says_its_result_and_reason() {
        let game = sample_game(&["e2e4", "f7f6"])
            .resign(Color::White, sample_start() + Duration::days(1))
            .expect("resigns");
        let n = Notice::from_game(&game, sample_start() + Duration::days(1));
        assert_eq!(n.state(), "Game over: 0-1 (White resigns).");
        assert_eq!(n.turn_line(Color::Black), "Game over: 0-1 (White resigns).");
        assert_eq!(
            n.subject(Color::White),
            "Dynamo: Alice – Bob, Alice resigns — game over, 0-1"
        );
        assert!(n.clocks.is_none());
    }
}
