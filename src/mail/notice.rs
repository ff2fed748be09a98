//! The notice: everything a player reads after a move — the subject, the
//! plain-text body with the diagram and the move list, the HTML body and
//! the line that says what the game waits for. How it travels (the MIME
//! message, its ids and threading) is the envelope's business.

use std::fmt::Write;

use chrono::{DateTime, Utc};

use super::text::{header_text, one_line};
use crate::diagram::{self, Charset};
use crate::game::{Ending, Game, Outcome, Player, RecordedMove};
use crate::render::BOARD_PX;
use dynamo_core::color::Color;
use dynamo_core::position::{Position, Status};

/// Everything a notice says, gathered from a game.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Stable identifier of the game (names the Message-IDs).
    pub game_id: String,
    /// The game's event, shown when not blank.
    pub event: String,
    /// The player of White.
    pub white: Player,
    /// The player of Black.
    pub black: Player,
    /// The position after the last move.
    pub position: Position,
    /// The moves as the game records them, numbered by the game.
    pub moves: Vec<RecordedMove>,
    /// A finished game's result and reason (`1-0`, `Black resigned`).
    pub ending: Option<Ending>,
    /// The clock or deadline of the side to move, in words.
    pub clock: Option<String>,
}

impl Notice {
    /// The notice for a game as it stands; `now` sets the clock line.
    pub fn from_game(game: &Game, now: DateTime<Utc>) -> Notice {
        Notice {
            game_id: game.game_id(),
            event: game.event().to_string(),
            white: game.white().clone(),
            black: game.black().clone(),
            position: game.position().clone(),
            moves: game.moves().to_vec(),
            ending: game.ending().cloned(),
            clock: game.clock_line(now),
        }
    }

    /// How many moves are recorded: 0 for a new game.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.moves.len()).unwrap_or(u32::MAX)
    }

    /// The last move with its number, `14... Qd8/d7d5`, if any.
    pub fn last_move(&self) -> Option<String> {
        self.moves.last().map(numbered)
    }

    /// What the game waits for, in a sentence: `White to move.`,
    /// `Checkmate: Black wins.`, `Game over: 1-0 (Black resigned).`
    pub fn state(&self) -> String {
        if let Some(Ending { outcome, reason }) = &self.ending {
            return if reason.is_empty() {
                format!("Game over: {outcome}.")
            } else {
                format!("Game over: {outcome} ({reason}).")
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

    /// `Dynamo: Alice – Bob, 14... Qd8/d7d5 — White to move`, ready to be
    /// a header.
    pub fn subject(&self) -> String {
        let names = format!(
            "{} – {}",
            header_text(&self.white.name),
            header_text(&self.black.name)
        );
        let last = self.last_move().unwrap_or_else(|| "new game".to_string());
        let turn = self.position.turn();
        let tail = match (&self.ending, self.position.status()) {
            (Some(ending), _) => format!("game over, {}", ending.outcome),
            (None, Status::Checkmate) => format!("checkmate, {}", Outcome::loss_for(turn)),
            (None, Status::Stalemate) => "stalemate, draw".to_string(),
            (None, Status::Check) => format!("{} to move (check)", turn.title()),
            (None, Status::Ongoing) => format!("{} to move", turn.title()),
        };
        header_text(&format!("Dynamo: {names}, {} — {tail}", header_text(&last)))
    }

    /// The plain-text body.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} (White) – {} (Black)",
            one_line(&self.white.name),
            one_line(&self.black.name)
        );
        if !self.event.trim().is_empty() {
            let _ = writeln!(out, "Event: {}", one_line(&self.event));
        }
        out.push('\n');
        match self.last_move() {
            Some(last) => {
                let _ = writeln!(out, "Last move: {last}");
            }
            None => out.push_str("No moves yet.\n"),
        }
        out.push('\n');
        out.push_str(&diagram::board(&self.position, Charset::Ascii));
        out.push('\n');
        let _ = writeln!(out, "{}", self.state());
        if let Some(clock) = &self.clock {
            let _ = writeln!(out, "Clock: {}", one_line(clock));
        }
        out.push('\n');
        out.push_str("Moves:\n");
        out.push_str(&self.move_list());
        let _ = writeln!(out, "\nFEN: {}", self.position.to_fen());
        out.push_str("\n-- \nSent by dynamo, the Dynamo Chess adjudicator.\n");
        out
    }

    /// The move list, one full move a line: ` 1. e2e4      f7f6`.
    pub fn move_list(&self) -> String {
        if self.moves.is_empty() {
            return "(none)\n".to_string();
        }
        let width = self
            .moves
            .iter()
            .map(|m| m.notation.chars().count())
            .max()
            .unwrap_or(0)
            + 2;
        let digits = self.moves.last().map_or(1, |m| m.number.to_string().len());
        let mut out = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let n = mv.number;
            let notation = one_line(&mv.notation);
            match mv.mover {
                Color::White => {
                    let _ = write!(out, "{n:>digits$}. {notation:<width$}");
                }
                Color::Black => {
                    let continues = i > 0 && self.moves[i - 1].mover == Color::White;
                    if !continues {
                        let _ = write!(out, "{n:>digits$}. {:<width$}", "...");
                    }
                    let _ = write!(out, "{notation}");
                }
            }
            let line_ends = mv.mover == Color::Black || i + 1 == self.moves.len();
            if line_ends {
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out
    }

    /// The HTML body; `board_cid` names the inline picture (no `<>`).
    pub fn html(&self, board_cid: &str) -> String {
        let mut out = String::new();
        out.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">");
        let _ = write!(out, "<title>{}</title>", escape(&self.subject()));
        out.push_str("</head>\n<body style=\"font-family: sans-serif\">\n");
        let _ = writeln!(
            out,
            "<p><b>{}</b> (White) – <b>{}</b> (Black)</p>",
            escape(&one_line(&self.white.name)),
            escape(&one_line(&self.black.name))
        );
        if !self.event.trim().is_empty() {
            let _ = writeln!(out, "<p>Event: {}</p>", escape(&one_line(&self.event)));
        }
        match self.last_move() {
            Some(last) => {
                let _ = writeln!(out, "<p>Last move: <b>{}</b></p>", escape(&last));
            }
            None => out.push_str("<p>No moves yet.</p>\n"),
        }
        let _ = writeln!(
            out,
            "<p><img src=\"cid:{}\" width=\"{BOARD_PX}\" height=\"{BOARD_PX}\" alt=\"{}\"></p>",
            escape(board_cid),
            escape(&format!("Board: {}", self.position.to_fen()))
        );
        let _ = writeln!(out, "<p><b>{}</b></p>", escape(&self.state()));
        if let Some(clock) = &self.clock {
            let _ = writeln!(out, "<p>Clock: {}</p>", escape(&one_line(clock)));
        }
        let _ = writeln!(
            out,
            "<p>Moves:</p>\n<pre>{}</pre>",
            escape(&self.move_list())
        );
        let _ = writeln!(
            out,
            "<details><summary>Text diagram</summary><pre>{}</pre></details>",
            escape(&diagram::board(&self.position, Charset::Ascii))
        );
        let _ = writeln!(
            out,
            "<p>FEN: <code>{}</code></p>",
            escape(&self.position.to_fen())
        );
        out.push_str(
            "<p style=\"color: #777\">Sent by dynamo, the Dynamo Chess adjudicator.</p>\n",
        );
        out.push_str("</body></html>\n");
        out
    }
}

/// `14. Qd8/d7d5` for White's move, `14... Qd8/d7d5` for Black's.
fn numbered(mv: &RecordedMove) -> String {
    let dots = if mv.mover == Color::White { "." } else { "..." };
    format!("{}{dots} {}", mv.number, one_line(&mv.notation))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A notice of Alice (White) against Bob (Black) after `moves` from the
/// start position, with a clock line: the fixture of this layer's tests.
#[cfg(test)]
pub(super) fn sample(moves: &[&str]) -> Notice {
    use dynamo_core::rules::Rules;

    let received = crate::game::clock::parse_time("2024-04-21T12:00:00Z").expect("time");
    let mut pos = Position::startpos(Rules::NOST);
    let mut recorded = Vec::new();
    for text in moves {
        let m = dynamo_core::parse_move(&pos, text).expect("legal");
        recorded.push(RecordedMove {
            ply: u32::try_from(recorded.len()).expect("few moves") + 1,
            number: pos.fullmoves(),
            mover: pos.turn(),
            notation: dynamo_core::notation::format(&m),
            received,
        });
        pos = pos.play(&m).expect("plays");
    }
    Notice {
        game_id: "2024-alice-bob".to_string(),
        event: "Club match".to_string(),
        white: Player {
            name: "Alice".to_string(),
            email: "alice@example.org".parse().ok(),
        },
        black: Player {
            name: "Bob".to_string(),
            email: "bob@example.org".parse().ok(),
        },
        position: pos,
        moves: recorded,
        ending: None,
        clock: Some("White: 9 days left (deadline 2024-05-01 12:00 UTC)".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subject_names_players_last_move_and_turn() {
        let n = sample(&["e2e4", "f7f6"]);
        assert_eq!(
            n.subject(),
            "Dynamo: Alice – Bob, 1... f7f6 — White to move"
        );
        assert_eq!(
            sample(&[]).subject(),
            "Dynamo: Alice – Bob, new game — White to move"
        );
        let n = sample(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(
            n.subject(),
            "Dynamo: Alice – Bob, 2. Qd1h5 — Black to move (check)"
        );
    }

    #[test]
    fn move_list_pairs_moves_by_number() {
        let n = sample(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(n.move_list(), "1. e2e4   f7f6\n2. Qd1h5\n");
        assert_eq!(n.last_move().as_deref(), Some("2. Qd1h5"));
    }

    #[test]
    fn text_has_diagram_state_clock_and_moves() {
        let n = sample(&["e2e4", "f7f6", "Qd1h5"]);
        let text = n.text();
        assert!(text.contains(&diagram::board(&n.position, Charset::Ascii)));
        assert!(text.contains("Black to move, in check."));
        assert!(text.contains("Clock: White: 9 days left"));
        assert!(text.contains("Last move: 2. Qd1h5"));
    }

    #[test]
    fn a_finished_game_says_its_result_and_reason() {
        let mut n = sample(&["e2e4", "f7f6"]);
        n.ending = Some(Ending {
            outcome: Outcome::loss_for(Color::White),
            reason: "White resigns".to_string(),
        });
        assert_eq!(n.state(), "Game over: 0-1 (White resigns).");
        assert_eq!(
            n.subject(),
            "Dynamo: Alice – Bob, 1... f7f6 — game over, 0-1"
        );
    }
}
