//! The notice: what a player reads after a move, as a MIME message
//! (plain text, and HTML with the board picture inline).

use std::fmt::Write;

use chrono::{DateTime, Utc};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::MailError;
use dynamo_core::color::Color;
use crate::diagram::{self, Charset};
use crate::game::{Ending, Game, Outcome, Player};
use dynamo_core::position::{Position, Status};
use crate::render;

pub use crate::render::BOARD_PX;

/// One recorded move, in NOST notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeMove {
    pub mover: Color,
    pub notation: String,
}

/// Everything a notice says, gathered from a game.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Stable identifier of the game (names the Message-IDs).
    pub game_id: String,
    pub event: String,
    pub white: Player,
    pub black: Player,
    /// The position after the last move.
    pub position: Position,
    pub moves: Vec<NoticeMove>,
    /// A finished game's result and reason (`1-0`, `Black resigned`).
    pub ending: Option<Ending>,
    /// The clock or deadline of the side to move, in words.
    pub clock: Option<String>,
}

/// A built message with the envelope it goes out in.
#[derive(Debug, Clone)]
pub struct Built {
    /// `<…>` included.
    pub message_id: String,
    pub subject: String,
    pub from: Address,
    pub to: Vec<Address>,
    /// The whole message, CRLF line ends, ready for SMTP DATA.
    pub raw: Vec<u8>,
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
            moves: game
                .moves()
                .iter()
                .map(|m| NoticeMove {
                    mover: m.mover,
                    notation: m.notation.clone(),
                })
                .collect(),
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
        let numbers = self.move_numbers();
        let (mv, n) = self.moves.last().zip(numbers.last())?;
        Some(numbered(*n, mv))
    }

    /// The full move numbers of the recorded moves, counted back from the
    /// position's own move counter so games from a set-up position number
    /// correctly.
    fn move_numbers(&self) -> Vec<u32> {
        let mut numbers = vec![0; self.moves.len()];
        let Some(last) = self.moves.last() else {
            return numbers;
        };
        let full = self.position.fullmoves();
        let mut n = match last.mover {
            Color::Black => full.saturating_sub(1),
            Color::White => full,
        };
        for (i, mv) in self.moves.iter().enumerate().rev() {
            numbers[i] = n.max(1);
            if mv.mover == Color::White {
                n = n.saturating_sub(1);
            }
        }
        numbers
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

    /// `Dynamo: Alice – Bob, 14... Qd8/d7d5 — White to move`
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
        let numbers = self.move_numbers();
        let digits = numbers.last().map_or(1, |n| n.to_string().len());
        let mut out = String::new();
        for (i, (mv, n)) in self.moves.iter().zip(&numbers).enumerate() {
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

    /// The Message-ID of this game's notice after `ply` moves.
    pub fn message_id(&self, ply: u32, domain: &str) -> String {
        message_id(&self.game_id, ply, domain)
    }

    /// Builds the message from `from` to both players. Players without an
    /// address are left out; none at all is an error.
    pub fn build(&self, from: &str) -> Result<Built, MailError> {
        let from: Mailbox = from.parse().map_err(|e| MailError::Address {
            who: "the configured sender (mail.from)".to_string(),
            address: from.to_string(),
            reason: format!("{e}"),
        })?;
        let mut to = Vec::new();
        for (color, player) in [(Color::White, &self.white), (Color::Black, &self.black)] {
            if let Some(email) = &player.email {
                let address = email
                    .as_str()
                    .parse::<Address>()
                    .map_err(|reason| MailError::Address {
                        who: format!("{} ({})", color.title(), one_line(&player.name)),
                        address: email.to_string(),
                        reason: reason.to_string(),
                    })?;
                to.push(Mailbox::new(Some(header_text(&player.name)), address));
            }
        }
        if to.is_empty() {
            return Err(MailError::NoRecipients);
        }
        let domain = sanitize_id_part(from.email.domain());
        let ply = self.ply();
        let message_id = self.message_id(ply, &domain);
        let subject = self.subject();
        let cid = format!("board.{}.{ply}@{domain}", sanitize_id_part(&self.game_id));
        let png = render::png(&self.position, BOARD_PX)?;

        let mut builder = Message::builder()
            .from(from.clone())
            .subject(subject.clone())
            .message_id(Some(message_id.clone()))
            .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")));
        for mailbox in &to {
            builder = builder.to(mailbox.clone());
        }
        if ply > 0 {
            builder = builder
                .in_reply_to(self.message_id(ply - 1, &domain))
                .references(self.references(ply, &domain));
        }
        let body = MultiPart::alternative()
            .singlepart(SinglePart::plain(self.text()))
            .multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(self.html(&cid)))
                    .singlepart(
                        Attachment::new_inline(cid)
                            .body(png, ContentType::parse("image/png").map_err(build_error)?),
                    ),
            );
        let message = builder.multipart(body).map_err(build_error)?;
        Ok(Built {
            message_id,
            subject,
            from: from.email,
            to: to.into_iter().map(|m| m.email).collect(),
            raw: message.formatted(),
        })
    }

    /// The thread's root notice and the last few before this one.
    fn references(&self, ply: u32, domain: &str) -> String {
        let mut plies = vec![0];
        plies.extend(ply.saturating_sub(5).max(1)..ply);
        plies
            .iter()
            .map(|&p| self.message_id(p, domain))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn build_error(e: impl std::fmt::Display) -> MailError {
    MailError::Build(e.to_string())
}

fn numbered(n: u32, mv: &NoticeMove) -> String {
    let dots = if mv.mover == Color::White { "." } else { "..." };
    format!("{n}{dots} {}", one_line(&mv.notation))
}

/// `<dynamo.GAME.PLY@DOMAIN>`: the same game and ply always give the same
/// id, so a resent notice is recognisably the same one.
pub fn message_id(game_id: &str, ply: u32, domain: &str) -> String {
    format!(
        "<dynamo.{}.{ply}@{}>",
        sanitize_id_part(game_id),
        sanitize_id_part(domain)
    )
}

/// Keeps letters, digits, `-` and `.`: safe in a Message-ID and in a
/// file name.
fn sanitize_id_part(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim_matches('.').to_string();
    if cleaned.is_empty() {
        "game".to_string()
    } else {
        cleaned
    }
}

/// Text for a header: control characters (line breaks included) become
/// spaces, runs of space collapse, and the length is capped. Lettre then
/// quotes or encodes what remains, so a name cannot add a header or a
/// recipient.
pub fn header_text(text: &str) -> String {
    let cleaned = one_line(text);
    let mut out: String = cleaned.chars().take(120).collect();
    if out.len() < cleaned.len() {
        out.push('…');
    }
    out
}

/// One line of text: control characters become spaces, runs collapse.
fn one_line(text: &str) -> String {
    text.split(|c: char| c.is_control() || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
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

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::rules::Rules;

    fn notice(moves: &[&str]) -> Notice {
        let mut pos = Position::startpos(Rules::NOST);
        let mut recorded = Vec::new();
        for text in moves {
            let m = dynamo_core::parse_move(&pos, text).expect("legal");
            recorded.push(NoticeMove {
                mover: pos.turn(),
                notation: dynamo_core::notation::format(&m),
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

    #[test]
    fn subject_names_players_last_move_and_turn() {
        let n = notice(&["e2e4", "f7f6"]);
        assert_eq!(
            n.subject(),
            "Dynamo: Alice – Bob, 1... f7f6 — White to move"
        );
        assert_eq!(
            notice(&[]).subject(),
            "Dynamo: Alice – Bob, new game — White to move"
        );
        let n = notice(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(
            n.subject(),
            "Dynamo: Alice – Bob, 2. Qd1h5 — Black to move (check)"
        );
    }

    #[test]
    fn move_list_pairs_moves_by_number() {
        let n = notice(&["e2e4", "f7f6", "Qd1h5"]);
        assert_eq!(n.move_list(), "1. e2e4   f7f6\n2. Qd1h5\n");
        assert_eq!(n.last_move().as_deref(), Some("2. Qd1h5"));
    }

    #[test]
    fn text_has_diagram_state_clock_and_moves() {
        let n = notice(&["e2e4", "f7f6", "Qd1h5"]);
        let text = n.text();
        assert!(text.contains(&diagram::board(&n.position, Charset::Ascii)));
        assert!(text.contains("Black to move, in check."));
        assert!(text.contains("Clock: White: 9 days left"));
        assert!(text.contains("Last move: 2. Qd1h5"));
    }

    #[test]
    fn message_ids_are_stable_and_thread() {
        let n = notice(&["e2e4", "f7f6"]);
        let a = n.build("Dynamo <dynamo@club.example>").expect("builds");
        let b = n.build("Dynamo <dynamo@club.example>").expect("builds");
        assert_eq!(a.message_id, "<dynamo.2024-alice-bob.2@club.example>");
        assert_eq!(a.message_id, b.message_id);
        let raw = String::from_utf8(a.raw).expect("ascii");
        let raw = raw.replace("\r\n ", " ");
        assert!(raw.contains("In-Reply-To: <dynamo.2024-alice-bob.1@club.example>"));
        assert!(raw.contains(
            "References: <dynamo.2024-alice-bob.0@club.example> <dynamo.2024-alice-bob.1@club.example>"
        ));
    }

    #[test]
    fn hostile_names_cannot_add_headers_or_recipients() {
        let mut n = notice(&["e2e4"]);
        n.white.name = "Eve\r\nBcc: mallory@evil.example\r\nX-Evil: 1".to_string();
        n.black.name = "Bob\", mallory@evil.example, \"x".to_string();
        let built = n.build("dynamo@club.example").expect("builds");
        assert_eq!(built.to.len(), 2);
        let raw = String::from_utf8(built.raw).expect("ascii");
        let headers = &raw[..raw.find("\r\n\r\n").expect("header end")];
        for line in headers.split("\r\n") {
            assert!(!line.starts_with("Bcc:"), "{line}");
            assert!(!line.starts_with("X-Evil:"), "{line}");
        }
    }

    #[test]
    fn bad_addresses_are_refused() {
        assert!(crate::game::Address::parse("alice@example.org").is_ok());
        for bad in [
            "alice",
            "alice@example.org\r\nBcc: x@y.z",
            "Alice <alice@example.org>",
            "a b@c.d",
        ] {
            assert!(crate::game::Address::parse(bad).is_err(), "{bad}");
        }
    }
}
