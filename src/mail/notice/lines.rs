//! What a notice says, line by line: what happened, whose move it is,
//! the event, the last move and what left the board, both clocks, leave,
//! the draw offer, the result, the move list and the position, and the
//! subject. Every copy (`text_copy.rs`, `html_copy.rs`) says these same
//! lines; what a correction changed is said in `correction.rs`.

use dynamo_core::{Color, Status};

use super::facts::Notice;
use crate::game::clock::format_time_short;
use crate::game::{Ending, EventKind, RecordedMove};
use crate::mail::messages::{self, Args};
use crate::mail::text::{header_text, one_line};

impl Notice {
    /// The last move with its number, `14... Qd8/d7d5`, if any.
    pub fn last_move(&self) -> Option<String> {
        self.moves.last().map(numbered)
    }

    /// What happened, in a sentence, with its time.
    pub fn headline(&self) -> String {
        let by_other = |id: &str, by: Color| {
            self.say(
                id,
                &Args::new()
                    .text("by", self.named(by))
                    .text("other", self.name(!by)),
            )
        };
        let what = match &self.happened.kind {
            EventKind::Created => self.say(
                "headline-created",
                &Args::new()
                    .text("white", self.named(Color::White))
                    .text("black", self.named(Color::Black))
                    .text("rules", &self.rules)
                    .text("control", &self.time_control),
            ),
            EventKind::Moved => match self.moves.last() {
                Some(m) => self.say(
                    "headline-moved",
                    &Args::new()
                        .text("mover", self.named(m.mover))
                        .text("move", numbered(m)),
                ),
                None => self.say("headline-move-recorded", &Args::new()),
            },
            EventKind::DrawOffered { by } => self.say(
                "headline-draw-offered",
                &Args::new().text("by", self.named(*by)),
            ),
            EventKind::DrawAccepted { by } => by_other("headline-draw-accepted", *by),
            EventKind::DrawDeclined { by } => by_other("headline-draw-declined", *by),
            EventKind::Resigned { by } => self.say(
                "headline-resigned",
                &Args::new().text("by", self.named(*by)),
            ),
            EventKind::Adjudicated { outcome, reason } => self.say(
                "headline-adjudicated",
                &Args::new()
                    .text("outcome", outcome.to_string())
                    .text("reason", one_line(reason)),
            ),
            EventKind::Undone { .. } | EventKind::Corrected(_) => {
                self.correction_headline().unwrap_or_default()
            }
            EventKind::Leave { by, days } => self.say(
                "headline-leave",
                &Args::new()
                    .text("by", self.named(*by))
                    .text("from", self.long_date(days.from()))
                    .text("to", self.long_date(days.to()))
                    .text("name", self.name(*by)),
            ),
            EventKind::Chose { by, role } => self.chose_headline(*by, *role),
        };
        match self.happened.at {
            Some(at) => self.say(
                "with-time",
                &Args::new()
                    .text("what", what)
                    .text("at", format_time_short(at)),
            ),
            None => self.say("without-time", &Args::new().text("what", what)),
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
            format!(" {}", self.say("turn-in-check", &Args::new()))
        } else {
            String::new()
        };
        let named =
            |id: &str, side: Color| self.say(id, &Args::new().text("name", self.name(side)));
        if let Some(choice) = self.choice_line(side) {
            if turn == side {
                format!("{}{check} {choice}", named("turn-yours-to-choose", side))
            } else {
                choice
            }
        } else if turn == side {
            format!("{}{check}", named("turn-yours", side))
        } else {
            named("turn-waiting", turn)
        }
    }

    /// What the game waits for, in a sentence: `White to move.`,
    /// `Checkmate: Black wins.`, `Game over: 1-0 (Black resigns).`
    pub fn state(&self) -> String {
        if let Some(Ending { outcome, reason }) = &self.ending {
            let args = Args::new()
                .text("outcome", outcome.to_string())
                .text("reason", one_line(reason));
            return if reason.is_empty() {
                self.say("state-over", &args)
            } else {
                self.say("state-over-because", &args)
            };
        }
        let turn = self.position.turn();
        let side = |id: &str, side: Color, name: &'static str| {
            self.say(id, &Args::new().text(name, self.side_word(side)))
        };
        match self.position.status() {
            Status::Checkmate => side("state-checkmate", !turn, "winner"),
            Status::Stalemate => self.say("state-stalemate", &Args::new()),
            Status::Check => side("state-in-check", turn, "side"),
            Status::Ongoing => side("state-to-move", turn, "side"),
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
        let by = |id: &str, by: Color| self.say(id, &Args::new().text("by", short(by)));
        match &self.happened.kind {
            EventKind::Created => self.say("summary-new-game", &Args::new()),
            EventKind::Moved => self
                .last_move()
                .unwrap_or_else(|| self.say("summary-move", &Args::new())),
            EventKind::DrawOffered { by: side } => by("summary-draw-offered", *side),
            EventKind::DrawAccepted { .. } => self.say("summary-draw-agreed", &Args::new()),
            EventKind::DrawDeclined { by: side } => by("summary-draw-declined", *side),
            EventKind::Resigned { by: side } => by("summary-resigned", *side),
            EventKind::Adjudicated { .. } => self.say("summary-adjudicated", &Args::new()),
            EventKind::Undone { .. } | EventKind::Corrected(_) => {
                self.correction_summary().unwrap_or_default()
            }
            EventKind::Leave { by, days } => self.say(
                "summary-leave",
                &Args::new()
                    .text("by", short(*by))
                    .text("from", days.from().to_string())
                    .text("to", days.to().to_string()),
            ),
            EventKind::Chose { by, role } => self.say(
                "summary-chose",
                &Args::new()
                    .text("by", short(*by))
                    .text("piece", role.name()),
            ),
        }
    }

    /// The subject of the copy for `side`, in their language: `Dynamo:
    /// Alice – Bob, 14... Qd8/d7d5 — your move`, ready to be a header.
    pub fn subject(&self, side: Color) -> String {
        self.speaking(self.languages[side]).subject_said(side)
    }

    fn subject_said(&self, side: Color) -> String {
        let short = |s: Color| {
            header_text(&self.name(s))
                .chars()
                .take(40)
                .collect::<String>()
        };
        let what = self.summary();
        let turn = self.position.turn();
        let mut tail = match &self.ending {
            Some(ending) => self.say(
                "subject-game-over",
                &Args::new().text("outcome", ending.outcome.to_string()),
            ),
            None if turn == side => self.say("subject-your-move", &Args::new()),
            None => self.say("subject-to-move", &Args::new().text("name", short(turn))),
        };
        if self.ending.is_none() && self.position.status() == Status::Check {
            tail = format!("{tail} {}", self.say("subject-check", &Args::new()));
        }
        header_text(
            &self.say(
                "subject",
                &Args::new()
                    .text("white", short(Color::White))
                    .text("black", short(Color::Black))
                    .text("what", header_text(&what))
                    .text("tail", tail),
            ),
        )
    }

    /// `Event: Club match, round 3`, when the game names an event.
    pub fn event_line(&self) -> Option<String> {
        let event = one_line(&self.event_name);
        let round = one_line(&self.round);
        let round = (!matches!(round.as_str(), "" | "-" | "?")).then_some(round);
        let id = match (event.is_empty() || event == "?", &round) {
            (true, None) => return None,
            (true, Some(_)) => "event-round",
            (false, None) => "event-name",
            (false, Some(_)) => "event-name-round",
        };
        Some(
            self.say(
                id,
                &Args::new()
                    .text("event", event)
                    .text("round", round.unwrap_or_default()),
            ),
        )
    }

    /// The lines about the game, before the board: what happened and
    /// whose move it is.
    pub(super) fn opening(&self, side: Color) -> Vec<String> {
        let mut lines = vec![
            self.salutation(side),
            String::new(),
            self.headline(),
            self.turn_line(side),
        ];
        if let Some(event) = self.event_line() {
            lines.push(event);
        }
        lines.push(format!(
            "{} – {}",
            self.named(Color::White),
            self.named(Color::Black)
        ));
        lines.extend(
            self.private
                .iter()
                .filter(|(only, _)| *only == side)
                .map(|(_, line)| line.clone()),
        );
        lines
    }

    /// The lines after the board: last move, losses, clocks, the draw
    /// offer, the result.
    pub(super) fn details(&self) -> Vec<String> {
        let mut lines = Vec::new();
        match self.moves.last() {
            Some(m) => lines.push(
                self.say(
                    "last-move",
                    &Args::new()
                        .text("move", numbered(m))
                        .text("name", self.name(m.mover))
                        .text("at", format_time_short(m.received)),
                ),
            ),
            None => lines.push(self.say("no-moves", &Args::new())),
        }
        lines.extend(self.late_lines());
        if let Some(exits) = self.exits_line() {
            lines.push(exits);
        }
        lines.push(self.lost_line());
        lines.extend(self.clock_lines());
        lines.extend(self.leave_lines());
        if let Some(draw) = self.draw_line() {
            lines.push(draw);
        }
        if let Some(ending) = &self.ending {
            lines.push(
                self.say(
                    "result",
                    &Args::new()
                        .text("outcome", ending.outcome.to_string())
                        .text("reason", one_line(&ending.reason)),
                ),
            );
        }
        lines
    }

    /// The clock lines: each player's time, then the next deadline.
    pub fn clock_lines(&self) -> Vec<String> {
        let Some(clocks) = &self.clocks else {
            return Vec::new();
        };
        let running = &clocks.running;
        let time = |span| messages::span(self.language, span);
        let left = self.say(
            if running.is_over() {
                "clock-over"
            } else {
                "clock-left"
            },
            &Args::new().text("time", time(running.left)),
        );
        let on_leave = self
            .leave
            .iter()
            .any(|l| l.side == running.side && l.current);
        let state = self.say(
            if on_leave {
                "clock-stopped"
            } else {
                "clock-running"
            },
            &Args::new(),
        );
        let clock_of = |side: Color, what: String| {
            self.say(
                "clock-of",
                &Args::new()
                    .text("named", self.named(side))
                    .text("what", what),
            )
        };
        let mut lines = vec![clock_of(
            running.side,
            self.say(
                "clock-state",
                &Args::new().text("left", left).text("state", state),
            ),
        )];
        if let Some(other) = clocks.other_left {
            let waiting = !running.side;
            // Over its limit already (a period control, after a late
            // move): that is no time in hand, and the next move is late
            // whenever it comes.
            let id = if other < chrono::Duration::zero() {
                "clock-hand-over"
            } else {
                "clock-hand"
            };
            let hand = self.say(
                id,
                &Args::new()
                    .text("time", time(other))
                    .text("name", self.name(waiting)),
            );
            lines.push(clock_of(waiting, hand));
        }
        lines.push(
            self.say(
                if running.is_over() {
                    "deadline-overdue"
                } else {
                    "deadline-next"
                },
                &Args::new()
                    .text("deadline", format_time_short(running.deadline))
                    .text("name", self.name(running.side)),
            ),
        );
        lines
    }

    /// The move this notice is about, when it came after its deadline:
    /// by how much, what the time control allowed, and that the opponent
    /// may claim the game on time. The rule book ends a game on time
    /// only by adjudication (§6, the game's end), so the claim is put to
    /// the director.
    pub fn late_lines(&self) -> Vec<String> {
        let Some(note) = &self.late else {
            return Vec::new();
        };
        let late = &note.late;
        let move_text = self.moves.iter().find(|m| m.ply == late.ply).map_or_else(
            || {
                self.say(
                    "move-number",
                    &Args::new().number("number", u64::from(late.number)),
                )
            },
            numbered,
        );
        let allows = note
            .allowed
            .map(|a| messages::allowed(self.language, a))
            .unwrap_or_default();
        let mut lines = vec![
            self.say(
                "late-move",
                &Args::new()
                    .text("mover", self.name(late.side))
                    .text("move", move_text)
                    .text("late", messages::late_words(self.language, late))
                    .text("control", &self.time_control)
                    .text("allows", allows),
            ),
        ];
        // A late move that ended the game (a mate, a stalemate) leaves no
        // game to claim and none that goes on.
        if self.ending.is_none() && self.position.status() != Status::Checkmate {
            lines.push(self.say(
                "late-claim",
                &Args::new().text("name", self.name(!late.side)),
            ));
        }
        lines
    }

    /// Each player's leave, going on or to come, in a sentence:
    /// `Leave: Ada is on leave until 10 December 2026; Ada's clock is
    /// stopped.`
    pub fn leave_lines(&self) -> Vec<String> {
        self.leave
            .iter()
            .map(|l| {
                let args = Args::new()
                    .text("name", self.name(l.side))
                    .text("from", self.long_date(l.days.from()))
                    .text("to", self.long_date(l.days.to()));
                self.say(
                    if l.current {
                        "leave-now"
                    } else {
                        "leave-coming"
                    },
                    &args,
                )
            })
            .collect()
    }

    /// The standing draw offer, in a sentence.
    pub fn draw_line(&self) -> Option<String> {
        self.draw_offer.map(|by| {
            self.say(
                "draw-standing",
                &Args::new()
                    .text("by", self.name(by))
                    .text("other", self.name(!by)),
            )
        })
    }

    /// The pieces each side has lost off the board: `Off the board:
    /// White lost 2 pawns, a knight and a rook; Black lost nothing.`
    pub fn lost_line(&self) -> String {
        let side = |color: Color| {
            let pieces = &self.replayed.lost[color];
            let mut parts = Vec::new();
            for role in dynamo_core::Role::ALL {
                let n = pieces.iter().filter(|p| p.role == role).count();
                if n > 0 {
                    parts.push(
                        self.say(
                            "piece-count",
                            &Args::new()
                                .text("piece", role.name())
                                .number("count", n as u64),
                        ),
                    );
                }
            }
            let what = match parts.split_last() {
                None => self.say("lost-nothing", &Args::new()),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => self.say(
                    "list-and",
                    &Args::new()
                        .text("rest", rest.join(", "))
                        .text("last", last.clone()),
                ),
            };
            self.say(
                "lost-side",
                &Args::new()
                    .text("side", self.side_word(color))
                    .text("what", what),
            )
        };
        self.say(
            "lost",
            &Args::new()
                .text("white", side(Color::White))
                .text("black", side(Color::Black)),
        )
    }

    /// The pieces the last move took off the board:
    /// `Left the board: the white rook from h8, the black pawn from h7.`
    pub fn exits_line(&self) -> Option<String> {
        let (before, mv) = self.replayed.last.as_ref()?;
        if !matches!(self.happened.kind, EventKind::Moved) {
            return None;
        }
        let exits = super::picture::marks(before, mv).exits;
        if exits.is_empty() {
            return None;
        }
        let each: Vec<String> = exits
            .iter()
            .map(|e| {
                self.say(
                    "exit",
                    &Args::new()
                        .text("color", e.piece.color.name())
                        .text("piece", e.piece.role.name())
                        .text("from", e.from.to_string()),
                )
            })
            .collect();
        Some(self.say("exits", &Args::new().text("pieces", each.join(", "))))
    }

    /// The move list, one full move a line: ` 1. e2e4      f7f6`.
    pub fn move_list(&self) -> String {
        if self.moves.is_empty() {
            return format!("{}\n", self.say("moves-none", &Args::new()));
        }
        let width = self
            .moves
            .iter()
            .map(|m| one_line(&m.notation).chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let digits = self.moves.last().map_or(1, |m| m.number.to_string().len());
        let mut out = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let n = mv.number;
            let notation = one_line(&mv.notation);
            match mv.mover {
                Color::White => out.push_str(&format!("{n:>digits$}. {notation:<width$}")),
                Color::Black => {
                    let continues = i > 0 && self.moves[i - 1].mover == Color::White;
                    if !continues {
                        out.push_str(&format!("{n:>digits$}. {:<width$}", "..."));
                    }
                    out.push_str(&notation);
                }
            }
            if mv.mover == Color::Black || i + 1 == self.moves.len() {
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out
    }

    /// The position as standard FEN (six fields), and the board before the
    /// last move that the no-undo rule needs, when there is one.
    pub fn fen_lines(&self) -> (String, Option<String>) {
        let full = self.position.to_fen();
        let fields: Vec<&str> = full.split(' ').collect();
        let standard = fields[..fields.len().min(6)].join(" ");
        let previous = fields.get(6).filter(|f| **f != "-").map(|f| f.to_string());
        (standard, previous)
    }
}

/// `14. Qd8/d7d5` for White's move, `14... Qd8/d7d5` for Black's.
pub fn numbered(mv: &RecordedMove) -> String {
    let label = crate::game::move_label(mv.number, mv.mover);
    format!("{label} {}", one_line(&mv.notation))
}

impl Notice {
    /// `1 December 2026`, in the notice's language.
    fn long_date(&self, day: chrono::NaiveDate) -> String {
        messages::long_date(self.language, day)
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::game::sample::resigned;
    use crate::mail::notice::facts::{sample, sample_game, sample_start};

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

    /// A late move that mates is said to be late, but no claim is
    /// offered on a game that is over.
    #[test]
    fn a_late_mate_is_late_with_no_claim() {
        use crate::game::{Game, NewGame, Player};
        let start = sample_start();
        let mut new = NewGame::new(
            Player::parse("Ann").expect("a name"),
            Player::parse("Bob").expect("a name"),
            start,
        );
        new.time_control = "3d".parse().expect("a time control");
        let mut game = Game::create(new).expect("plain names");
        let times = [
            start + Duration::hours(1),
            start + Duration::hours(2),
            start + Duration::hours(2) + Duration::days(3) + Duration::minutes(5),
        ];
        for (mv, at) in ["Bc1g5/d2h6", "Ng8E/h6g8=Q", "Qg8f7/f7e6"]
            .iter()
            .zip(times)
        {
            let checked = game.check_move(mv, None).expect("legal");
            game = game.with_move(&checked, at).expect("recorded");
        }
        let n = Notice::from_game(&game, times[2]);
        assert_eq!(n.position.status(), Status::Checkmate);
        assert_eq!(
            n.late_lines(),
            [format!(
                "Late move: Ann's 2. Qg8f7/f7e6 was received 5 minutes after its deadline, {}; time control 3d: each move within 3 days of the opponent's move.",
                format_time_short(times[1] + Duration::days(3))
            )]
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
            "Off the board: White lost a pawn; Black lost nothing."
        );
        assert_eq!(
            n.exits_line().as_deref(),
            Some("Left the board: the white pawn from g2.")
        );
    }

    #[test]
    fn a_finished_game_says_its_result_and_reason() {
        let game = resigned(
            &sample_game(&["e2e4", "f7f6"]),
            Color::White,
            sample_start() + Duration::days(1),
        );
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
